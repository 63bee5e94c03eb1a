"""Negative mode over every operation of the API's own OpenAPI document: bodies with one fault
each (a wrong type, a key another operation uses, a missing key, an oversized value, a body that
is not JSON or not sent as JSON). Never a 5xx; every 4xx is documented for the operation, has the
documented error shape, and its message names what was wrong. One-megabyte bodies go through a
real uvicorn server on loopback, where a refused body used to reach the client as a reset."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.gameplay import random_game
from tests.openapi_faults import Document, Fault, Operation, Request
from yahtzee.cli import build_parser
from yahtzee.codec import to_json
from yahtzee.commands import serve
from yahtzee.server import create_app
from yahtzee.solver import Table

# The operations are read at collection time, before any fixture runs: the app is built then
# without a table, and the client fixture below hands it the session's table.
APP = create_app(seed=11)


def _games() -> st.SearchStrategy[dict[str, Any]]:
    """Saved games of every stage, from a new game to a finished one, single and vs."""
    return st.builds(
        lambda seed, vs, steps: to_json(random_game(seed, vs, stop_after=steps)),
        st.integers(0, 10_000),
        st.booleans(),
        st.integers(0, 200),
    )


def _positions() -> st.SearchStrategy[dict[str, Any]]:
    """练习 positions: a sheet some game reached, any dice, any rolls left."""

    def position(seed: int, steps: int, dice: list[int], rolls_left: int) -> dict[str, Any]:
        sheet = random_game(seed, False, stop_after=steps).sides[0].sheet
        return {
            "sheet": sheet.scores(),
            "yahtzee_bonus": sheet.yahtzee_bonus,
            "dice": dice,
            "rolls_left": rolls_left,
        }

    dice = st.lists(st.integers(1, 6), min_size=5, max_size=5)
    return st.builds(position, st.integers(0, 10_000), st.integers(0, 60), dice, st.integers(0, 2))


DOCUMENT = Document(
    APP.openapi(), overrides={"GameModel": _games(), "PracticePosition": _positions()}
)
OPERATIONS = DOCUMENT.operations()
ERROR_SCHEMA = {"$ref": "#/components/schemas/ErrorResponse"}
REFUSED = (400, 413, 422)
"""What a body that does not fit its schema gets: never a 409 (that is for a valid request the
rules refuse now), never a 2xx."""


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    APP.state.engine.use(solver_table)
    with TestClient(APP, raise_server_exceptions=False) as test_client:
        yield test_client


def _components(path: tuple[str | int, ...]) -> list[str]:
    """How a message writes each step of a place: a key as itself, an index as ``[i]``. A
    saved game's places are written from the game (``sides[0].sheet.twos``), not the body."""
    if len(path) > 1 and path[0] == "game":
        path = path[1:]
    return [f"[{step}]" if isinstance(step, int) else step for step in path]


def _names(message: str, fault: Fault) -> bool:
    """Whether ``message`` names what ``fault`` broke."""
    if fault.key is not None:
        return fault.key in message or json.dumps(fault.key, ensure_ascii=False)[1:-1] in message
    if fault.kind == "content_type":
        return "application/json" in message
    if fault.kind == "not_json":
        return any(words in message for words in ("JSON", "UTF-8", "no body"))
    if fault.names and fault.names in message:
        return True
    if not fault.path:
        return "object" in message  # the body itself: an object is expected
    pattern = ".*".join(re.escape(step) for step in _components(fault.path))
    return re.search(pattern, message) is not None


def check_answer(operation: Operation, request: Request, status: int, body: bytes) -> None:
    """What every answer to a faulty request must be; the messages of refused faults must name
    the fault."""
    context = f"{operation} {request.fault} → {status} {body[:300]!r}"
    assert status < 500, context
    if status >= 400:
        assert status in operation.statuses, f"undocumented status: {context}"
        answer = json.loads(body)
        assert DOCUMENT.conforms(answer, ERROR_SCHEMA), context
        assert set(answer) == {"error"} and answer["error"]["code"], context
        if not request.conforms:
            assert _names(answer["error"]["message"], request.fault), context
    if not request.conforms:
        assert status in REFUSED, f"a body that breaks the schema was taken: {context}"
    if request.fault.kind == "content_type":
        assert status == 422, context


def _send(client: TestClient, operation: Operation, request: Request) -> tuple[int, bytes]:
    response = client.request(
        operation.method,
        operation.path,
        content=request.content,
        headers=request.headers,
        params=request.query,
    )
    return response.status_code, response.content


@pytest.mark.parametrize("operation", OPERATIONS, ids=str)
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_every_operation_refuses_faulty_bodies_cleanly(
    client: TestClient, operation: Operation, data: st.DataObject
) -> None:
    request = data.draw(DOCUMENT.faulty(operation), label="request")
    status, body = _send(client, operation, request)
    check_answer(operation, request, status, body)


BODIED = [op for op in OPERATIONS if op.body is not None]


@pytest.mark.parametrize("operation", BODIED, ids=str)
@settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_operation_refuses_the_fields_of_the_others_by_name(
    client: TestClient, operation: Operation, data: st.DataObject
) -> None:
    # Every name at the root of any body, sent where it is not declared, beside a body that
    # otherwise fits: the mapper once took an unknown "game" key for a broken saved game.
    assert operation.body is not None
    valid = data.draw(DOCUMENT.values(operation.body), label="valid")
    declared = DOCUMENT.branch_for(operation.body, valid).get("properties", {})
    for key in DOCUMENT.top_level_names():
        if key in declared:
            continue
        values: tuple[object, ...] = (1, None, {"version": 1})
        for value in values:
            body = {**valid, key: value}
            request = Request(
                json.dumps(body).encode(),
                {"content-type": "application/json"},
                Fault("unknown_key", (), key),
                conforms=DOCUMENT.conforms(body, operation.body),
            )
            status, answer = _send(client, operation, request)
            check_answer(operation, request, status, answer)


def test_every_game_a_request_declares_is_a_saved_game() -> None:
    # The error mapper words any error inside a body's "game" as a corrupt save's.
    games = [
        schema["properties"]["game"]
        for schema in DOCUMENT.request_schemas()
        if "game" in schema.get("properties", {})
    ]
    assert games and all(g == {"$ref": "#/components/schemas/GameModel"} for g in games)


# A megabyte through a real server ---------------------------------------------------------------

MEGABYTE = 1 << 20


@pytest.fixture(scope="module")
def served(solver_table: Table) -> Iterator[int]:
    """The port of the app served by uvicorn on loopback, with ``yahtzee serve``'s settings."""
    options = serve.server_options(build_parser().parse_args(["serve"]))
    del options["workers"]
    options["port"] = 0  # any free port
    options["log_config"] = None  # the logging of the rest of the test session stays as it is
    server = uvicorn.Server(uvicorn.Config(create_app(seed=5, table=solver_table), **options))
    thread = threading.Thread(target=server.run)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.01)
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        thread.join()


def _exchange(port: int, head: bytes, body: list[bytes], pause: float = 0.0) -> bytes:
    """Send ``head``, then after ``pause`` seconds each chunk of ``body``, and read the answer
    until the server closes the connection. A reset raises (BrokenPipeError while sending,
    ConnectionResetError while reading): that is the failure these tests look for."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as client:
        client.sendall(head)
        time.sleep(pause)
        for chunk in body:
            client.sendall(chunk)
        answer = b""
        while data := client.recv(65536):
            answer += data
    return answer


def _head(operation: Operation, framing: str, *extra: str) -> bytes:
    length = f"content-length: {MEGABYTE}" if framing == "length" else "transfer-encoding: chunked"
    lines = [f"{operation.method.upper()} {operation.path} HTTP/1.1", "host: x", length, *extra]
    lines.append("content-type: application/json")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _megabyte(framing: str) -> list[bytes]:
    """A megabyte of JSON (a game of 1 MB of text), whole or as chunks of 16 KB."""
    text = json.dumps({"game": "x" * (MEGABYTE - 12)}).encode()
    assert len(text) == MEGABYTE
    if framing == "length":
        return [text]
    chunks = [text[i : i + 16384] for i in range(0, len(text), 16384)]
    return [b"%x\r\n%s\r\n" % (len(c), c) for c in chunks] + [b"0\r\n\r\n"]


def _is_too_large(answer: bytes) -> None:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().lower().split("\r\n")
    assert lines[0] == "http/1.1 413 request entity too large", answer[:300]
    assert "connection: close" in lines
    error = json.loads(body)
    assert DOCUMENT.conforms(error, ERROR_SCHEMA) and error["error"]["code"] == "too_large"


@pytest.mark.parametrize("operation", OPERATIONS, ids=str)
@pytest.mark.parametrize(("framing", "pause"), [("length", 0.0), ("length", 0.2), ("chunked", 0.2)])
def test_a_megabyte_gets_a_413_and_a_clean_close(
    served: int, operation: Operation, framing: str, pause: float
) -> None:
    # With the pause the server has long made up its mind when the body starts to come: it
    # used to answer and close at once, and the body then met a reset (a broken pipe).
    answer = _exchange(served, _head(operation, framing), _megabyte(framing), pause)
    _is_too_large(answer)


def test_a_client_waiting_to_continue_is_refused_before_it_sends(served: int) -> None:
    head = _head(OPERATIONS[1], "length", "expect: 100-continue")
    answer = _exchange(served, head, [])
    assert not answer.startswith(b"HTTP/1.1 100")
    _is_too_large(answer)


def test_a_body_too_big_to_read_is_refused_at_once(served: int) -> None:
    # 64 MB announced: not read, the answer comes before any of it is sent.
    head = _head(OPERATIONS[1], "length").replace(
        f"content-length: {MEGABYTE}".encode(), f"content-length: {64 * MEGABYTE}".encode()
    )
    _is_too_large(_exchange(served, head, []))
