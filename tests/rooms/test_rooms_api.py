"""好友房's HTTP contract through the ASGI test client, on both stores: codes, seats, tokens, the
host's rights, names, the miss limiter, and a whole game of two people played by its actions."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from yahtzee.rooms.codes import ALPHABET, LENGTH
from yahtzee.rooms.store import StoreUnavailableError


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, name: str = "小明") -> tuple[str, str]:
    response = client.post("/api/rooms", json={"name": name})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["code"], body["token"]


def join(client: TestClient, code: str, name: str) -> Any:
    return client.post(f"/api/rooms/{code}/join", json={"name": name})


def error_code(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def test_the_creator_is_the_host_in_seat_0(client: TestClient) -> None:
    response = client.post("/api/rooms", json={"name": " 小明 "})
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"code", "seat", "token"}
    assert body["seat"] == 0
    assert len(body["code"]) == LENGTH
    assert set(body["code"]) <= set(ALPHABET)
    assert not set(body["code"]) & set("0O1IL")
    room = client.get(f"/api/rooms/{body['code']}", headers=bearer(body["token"])).json()
    assert room["you"] == 0
    assert room["host"] == 0
    assert room["seats"] == [
        {
            "seat": 0,
            "name": "小明",
            "player": "human",
            "host": True,
            "connected": False,
            "stand_in": False,
        }
    ]
    assert room["started"] is False
    assert "view" not in room
    assert "you" not in client.get(f"/api/rooms/{body['code']}").json()


def test_joining_gives_the_next_seat_and_a_token_of_its_own(client: TestClient) -> None:
    code, host = create(client)
    response = join(client, code.lower(), "小红")  # typed by hand: case forgiven
    assert response.status_code == 200
    joined = response.json()
    assert joined["seat"] == 1
    assert joined["token"] != host
    room = client.get(f"/api/rooms/{code}", headers=bearer(joined["token"])).json()
    assert room["you"] == 1
    assert [seat["name"] for seat in room["seats"]] == ["小明", "小红"]
    assert room["version"] == 2


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [
        ("", 400, "bad_name"),
        ("   ", 400, "bad_name"),
        ("一二三四五六七八九十一二三", 400, "bad_name"),
        ("a\x00b", 400, "bad_name"),
        ("a\u202eb", 400, "bad_name"),
        ("小明", 409, "name_taken"),
        ("  小明 ", 409, "name_taken"),
        ("ＸＭ", 409, "name_taken"),  # full-width reads as XM
        (7, 422, "invalid_request"),
    ],
)
def test_names_are_checked(client: TestClient, name: Any, status: int, code: str) -> None:
    room, _ = create(client)
    assert join(client, room, "xm").status_code == 200
    response = join(client, room, name)
    assert response.status_code == status, response.text
    assert error_code(response) == code


def test_twelve_characters_and_an_emoji_family_are_names(client: TestClient) -> None:
    room, _ = create(client)
    assert join(client, room, "一二三四五六七八九十一二").status_code == 200
    assert join(client, room, "👨\u200d👩\u200d👧").status_code == 200


def test_a_full_or_started_room_takes_no_one(client: TestClient) -> None:
    code, host = create(client)
    for name in ("乙", "丙", "丁"):
        assert join(client, code, name).status_code == 200
    full = join(client, code, "戊")
    assert full.status_code == 409
    assert error_code(full) == "room_full"
    code, host = create(client)
    assert join(client, code, "乙").status_code == 200
    assert client.post(f"/api/rooms/{code}/start", headers=bearer(host)).status_code == 200
    started = join(client, code, "丙")
    assert started.status_code == 409
    assert error_code(started) == "room_started"


def test_an_unknown_code_is_404_and_too_many_misses_429(client: TestClient) -> None:
    code, _ = create(client)
    for text in ("ZZZZZZ", "O0I1L9", "toolongcode", "%20"):
        response = join(client, text, "小红")
        assert response.status_code == 404, text
        assert error_code(response) == "room_not_found"
    assert client.get("/api/rooms/ZZZZZY").status_code == 404  # the fifth miss (of 5)
    for response in (join(client, code, "小红"), client.get(f"/api/rooms/{code}")):
        assert response.status_code == 429  # even for a room that exists: no oracle
        assert error_code(response) == "too_many_misses"
        assert 1 <= int(response.headers["retry-after"]) <= 60


def test_only_the_host_adds_computers(client: TestClient) -> None:
    code, host = create(client)
    guest = join(client, code, "小红").json()["token"]
    path = f"/api/rooms/{code}/seats"
    assert error_code(client.post(path, json={"player": "expert"})) == "bad_token"
    assert client.post(path, json={"player": "expert"}, headers=bearer("x" * 22)).status_code == 403
    refused = client.post(path, json={"player": "expert"}, headers=bearer(guest))
    assert refused.status_code == 403
    assert error_code(refused) == "not_host"
    assert client.post(path, json={"player": "human"}, headers=bearer(host)).status_code == 422
    added = client.post(path, json={"player": "expert"}, headers=bearer(host))
    assert added.status_code == 200
    again = client.post(path, json={"player": "expert"}, headers=bearer(host)).json()
    assert [(s["name"], s["player"]) for s in again["seats"]] == [
        ("小明", "human"),
        ("小红", "human"),
        ("高手", "expert"),
        ("高手2", "expert"),
    ]
    assert again["event"] == {"type": "seat_added", "seat": 3}


def test_only_the_host_starts_and_not_alone(client: TestClient) -> None:
    code, host = create(client)
    alone = client.post(f"/api/rooms/{code}/start", headers=bearer(host))
    assert alone.status_code == 409
    assert error_code(alone) == "not_started"
    guest = join(client, code, "小红").json()["token"]
    assert client.post(f"/api/rooms/{code}/start", headers=bearer(guest)).status_code == 403
    started = client.post(f"/api/rooms/{code}/start", headers=bearer(host), json={})
    assert started.status_code == 200
    room = started.json()
    assert room["started"] is True
    assert room["view"]["current"] == 0
    assert "record" not in room["view"]  # the dice record stays on the server
    assert "game" not in room
    assert client.post(f"/api/rooms/{code}/start", headers=bearer(host)).status_code == 409


def act(client: TestClient, code: str, token: str | None, version: int, action: Any) -> Any:
    headers = bearer(token) if token else {}
    return client.post(
        f"/api/rooms/{code}/action",
        json={"version": version, "action": action},
        headers=headers,
    )


def two_people(client: TestClient) -> tuple[str, list[str], Any]:
    code, host = create(client)
    guest = join(client, code, "小红").json()["token"]
    room = client.post(f"/api/rooms/{code}/start", headers=bearer(host)).json()
    return code, [host, guest], room


def test_actions_act_for_the_token_seat_and_refuse_the_rest(client: TestClient) -> None:
    code, tokens, room = two_people(client)
    version = room["version"]
    roll = {"type": "roll"}
    assert act(client, code, None, version, roll).status_code == 403
    assert act(client, code, "nope", version, roll).status_code == 403
    not_yours = act(client, code, tokens[1], version, roll)
    assert not_yours.status_code == 409
    assert error_code(not_yours) == "not_your_turn"
    stale = act(client, code, tokens[0], version - 1, roll)
    assert stale.status_code == 409
    assert error_code(stale) == "stale_version"
    rolled = act(client, code, tokens[0], version, roll)
    assert rolled.status_code == 200
    after = rolled.json()
    assert after["you"] == 0
    assert after["version"] == version + 1
    assert after["view"]["rolls_used"] == 1
    assert after["event"] == {
        "type": "played",
        "seat": 0,
        "step": {"type": "roll", "hold": []},
        "by": "person",
    }
    doubled = act(client, code, tokens[0], version, roll)  # the same tap again
    assert doubled.status_code == 409
    assert error_code(doubled) == "stale_version"
    now = client.get(f"/api/rooms/{code}").json()
    assert now["version"] == version + 1
    assert now["view"]["dice"] == after["view"]["dice"]
    restart = act(client, code, tokens[0], now["version"], {"type": "restart_turn"})
    assert restart.status_code == 409
    assert act(client, code, tokens[0], now["version"], {"type": "fly"}).status_code == 422


def test_two_people_play_a_whole_game_to_its_record(client: TestClient) -> None:
    code, tokens, room = two_people(client)
    while not room["finished"]:
        seat = room["view"]["current"]
        token = tokens[seat]
        room = act(client, code, token, room["version"], {"type": "roll"}).json()
        boxes = room["view"]["sides"][seat]["boxes"]
        best = max((b for b in boxes if b["allowed"]), key=lambda b: b["preview"])
        response = act(client, code, token, room["version"], {"type": "score", "box": best["key"]})
        assert response.status_code == 200, response.text
        room = response.json()
    assert room["view"]["finished"] is True
    assert room["view"]["record"] == room["game"]["record"]["id"]  # shown once over
    assert len(room["game"]["sides"]) == 2
    review = client.post("/api/review", json={"game": room["game"]})
    assert review.status_code == 200  # the saved game is a game like any other


def test_a_stream_whose_store_fails_once_begun_just_ends(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its 200 is sent before the room is first read: it ends (the page reconnects), never a 500.
    code, host = create(client)
    rooms = client.app.state.rooms  # type: ignore[attr-defined]

    async def unavailable(code: str) -> None:
        raise StoreUnavailableError("Redis went away")

    monkeypatch.setattr(rooms.store, "get", unavailable)
    ended = client.get(f"/api/rooms/{code}/events", headers=bearer(host))
    assert ended.status_code == 200
    assert ended.content == b""
