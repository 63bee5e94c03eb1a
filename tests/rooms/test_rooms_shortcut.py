"""The shortcut for a room's move (``server.room_shortcut``) answers exactly as the route does:
each request is sent to an app with the shortcut and to one without it, on one store, and the
two answers compared, status, headers and body; and the shortcut is what answers the moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.middleware import Middleware

from tests.rooms.conftest import StoreMaker, room_app
from yahtzee.rooms.service import RoomService
from yahtzee.rooms.store import StoreUnavailableError
from yahtzee.server import room_shortcut
from yahtzee.server.room_shortcut import RoomActionShortcut
from yahtzee.solver import Table


def is_shortcut(middleware: Middleware) -> bool:
    kind: object = middleware.cls
    return kind is RoomActionShortcut


def shortcut_in(app: FastAPI) -> bool:
    return any(is_shortcut(middleware) for middleware in app.user_middleware)


def without_shortcut(app: FastAPI) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if not is_shortcut(m)]
    assert not shortcut_in(app)
    return app


@pytest.fixture
def clients(solver_table: Table, make_store: StoreMaker) -> Iterator[tuple[TestClient, TestClient]]:
    """A client of an app with the shortcut and one of an app without it, on the same rooms."""
    short = room_app(solver_table, make_store())
    plain = without_shortcut(room_app(solver_table, make_store()))
    assert shortcut_in(short)
    with (
        TestClient(short, raise_server_exceptions=False) as a,
        TestClient(plain, raise_server_exceptions=False) as b,
    ):
        yield a, b


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def started(client: TestClient) -> tuple[str, list[str], dict[str, Any]]:
    host = client.post("/api/rooms", json={"name": "小明"}).json()
    code = host["code"]
    guest = client.post(f"/api/rooms/{code}/join", json={"name": "小红"}).json()
    room = client.post(f"/api/rooms/{code}/start", headers=bearer(host["token"])).json()
    return code, [host["token"], guest["token"]], room


def answer(response: Any) -> tuple[int, list[tuple[str, str]], bytes]:
    headers = sorted((k, v) for k, v in response.headers.items() if k != "server-timing")
    return response.status_code, headers, response.content


def both(
    clients: tuple[TestClient, TestClient], path: str, *, method: str = "POST", **kwargs: Any
) -> Any:
    """Send the request to both apps; their answers must be the same. The shortcut's is returned."""
    short, plain = (client.request(method, path, **kwargs) for client in clients)
    assert answer(short) == answer(plain), (short.text, plain.text)
    return short


def test_every_refusal_is_the_routes(clients: tuple[TestClient, TestClient]) -> None:
    code, tokens, room = started(clients[0])
    path = f"/api/rooms/{code}/action"
    version = room["version"]
    roll = {"version": version, "action": {"type": "roll"}}
    refusals: list[tuple[int, dict[str, Any]]] = [
        (403, {"json": roll}),  # no token
        (403, {"json": roll, "headers": bearer("x" * 22)}),
        (403, {"json": roll, "headers": {"Authorization": f"Basic {tokens[0]}"}}),
        (409, {"json": roll, "headers": bearer(tokens[1])}),  # not that seat's turn
        (409, {"json": {**roll, "version": version - 1}, "headers": bearer(tokens[0])}),
        (
            409,
            {
                "json": {"version": version, "action": {"type": "restart_turn"}},
                "headers": bearer(tokens[0]),
            },
        ),
        (422, {"json": {"version": version, "action": {"type": "fly"}}}),
        (422, {"json": {**roll, "extra": 1}, "headers": bearer(tokens[0])}),
        (422, {"json": {**roll, "version": str(version)}, "headers": bearer(tokens[0])}),
        (422, {"json": {**roll, "version": True}, "headers": bearer(tokens[0])}),
        (422, {"content": b'{"version": 1, "action": {"type": "roll"', "headers": bearer("x")}),
        (422, {"content": b"", "headers": {"Content-Type": "application/json"}}),
        (422, {"content": b"NaN", "headers": {"Content-Type": "application/json"}}),
        (
            422,
            {
                "content": b'{"version": 1, "action": {"type": "roll"}}',
                "headers": {"Content-Type": "text/plain", **bearer(tokens[0])},
            },
        ),
    ]
    for status, request in refusals:
        assert both(clients, path, **request).status_code == status, request
    assert both(clients, path, method="GET").status_code == 405
    assert both(clients, path + "/", json=roll).status_code == 404
    unknown = both(clients, "/api/rooms/ZZZZZZ/action", json=roll, headers=bearer(tokens[0]))
    assert unknown.status_code == 404
    # Nothing above moved the room: the move is still the host's to make.
    rolled = clients[0].post(path, json=roll, headers=bearer(tokens[0]))
    assert rolled.status_code == 200


def test_too_many_misses_are_the_routes_429(clients: tuple[TestClient, TestClient]) -> None:
    code, tokens, room = started(clients[0])
    roll = {"version": room["version"], "action": {"type": "roll"}}
    while clients[0].get("/api/rooms/ZZZZZZ").status_code == 404:
        pass
    path = f"/api/rooms/{code}/action"
    limited, plain = (c.post(path, json=roll, headers=bearer(tokens[0])) for c in clients)
    assert limited.status_code == 429
    # The two answers are a moment apart, and the wait they name counts down: it may have
    # crossed a second between them. Everything else is the same.
    waits = [int(reply.headers["retry-after"]) for reply in (limited, plain)]
    assert 0 <= waits[0] - waits[1] <= 1, waits
    assert answer(limited) == waited(answer(plain), waits[1], waits[0])


def waited(
    reply: tuple[int, list[tuple[str, str]], bytes], wait: int, instead: int
) -> tuple[int, list[tuple[str, str]], bytes]:
    """A 429's answer with its wait of ``wait`` seconds written as ``instead``."""
    status, headers, body = reply
    late = [(k, str(instead) if k == "retry-after" else v) for k, v in headers]
    return status, late, body.replace(f"in {wait} s".encode(), f"in {instead} s".encode())


def test_a_move_is_answered_by_the_shortcut_with_the_room(
    clients: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    taken: list[str] = []
    route = room_shortcut._answer

    async def spy(*args: Any) -> None:
        taken.append(args[3])
        await route(*args)

    monkeypatch.setattr(room_shortcut, "_answer", spy)
    short, plain = clients
    code, tokens, room = started(short)
    path = f"/api/rooms/{code}/action"
    moved = short.post(
        path,
        json={"version": room["version"], "action": {"type": "roll"}},
        headers=bearer(tokens[0]),
    )
    assert moved.status_code == 200 and taken == [code]
    assert moved.content == short.get(f"/api/rooms/{code}", headers=bearer(tokens[0])).content
    # The same move one step on, by the route: the same headers, the body apart.
    room = moved.json()
    best = max(
        (b for b in room["view"]["sides"][0]["boxes"] if b["allowed"]), key=lambda b: b["preview"]
    )
    scored = plain.post(
        path,
        json={"version": room["version"], "action": {"type": "score", "box": best["key"]}},
        headers=bearer(tokens[0]),
    )
    assert scored.status_code == 200 and taken == [code]
    assert [k for k, _ in answer(moved)[1]] == [k for k, _ in answer(scored)[1]]
    assert moved.headers["content-type"] == scored.headers["content-type"] == "application/json"
    assert moved.headers["content-encoding"] == "gzip"  # the test client takes gzip, as browsers


@pytest.mark.parametrize("error", [StoreUnavailableError("down"), RuntimeError("bug")])
def test_a_failing_store_or_a_bug_is_answered_as_from_the_route(
    clients: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    code, tokens, room = started(clients[0])

    async def failing(*args: Any) -> None:
        raise error

    monkeypatch.setattr(RoomService, "act", failing)
    roll = {"version": room["version"], "action": {"type": "roll"}}
    refused = both(clients, f"/api/rooms/{code}/action", json=roll, headers=bearer(tokens[0]))
    assert refused.status_code == (503 if isinstance(error, StoreUnavailableError) else 500)
