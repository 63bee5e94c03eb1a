"""Live rooms on a real server (uvicorn in a thread, on both stores): the event stream, presence,
computer seats playing on their own, the stand-in for a person away through their turn, and a
reload that finds the seat again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from tests.rooms.support import Stream, call, create, join, play_turn, serving


@pytest.fixture
def base(app: FastAPI) -> Iterator[str]:
    with serving(app) as url:
        yield url


def test_a_stream_starts_with_the_room_and_carries_every_change(base: str) -> None:
    code, host = create(base)
    refused = Stream(base, code, "wrong")
    assert refused.status == 403
    refused.close()
    mine = Stream(base, code, host)
    assert mine.status == 200
    first = mine.next_room()
    assert first["you"] == 0
    assert first["seats"][0]["connected"]  # the stream counts as being here from its start
    guest = join(base, code, "小红")
    theirs = Stream(base, code, guest)
    assert theirs.next_room()["you"] == 1
    both = mine.until(lambda room: len(room["seats"]) == 2 and room["seats"][1]["connected"])
    assert both["event"] == {"type": "connected", "seat": 1}
    status, room = call(base, "POST", f"/api/rooms/{code}/start", None, host)
    assert status == 200
    sent = time.monotonic()
    room = play_turn(base, code, host, room)
    seen = theirs.until(lambda r: r["revision"] >= room["revision"])
    assert time.monotonic() - sent < 1.0 + 1.0  # the roll and the score, each well within 1 s
    assert seen["view"]["current"] == 1
    assert seen["event"]["type"] == "played"
    assert seen["event"]["by"] == "person"
    theirs.close()  # the guest's phone drops off: the host sees it after the grace time
    gone = mine.until(lambda r: not r["seats"][1]["connected"])
    assert gone["event"] == {"type": "disconnected", "seat": 1}
    assert gone["version"] == seen["version"]  # presence does not make a tap stale
    back = Stream(base, code, guest)  # a reload: the same token finds the seat and the game
    now = back.next_room()
    assert now["you"] == 1
    assert now["view"]["current"] == 1
    assert now["version"] == seen["version"]
    mine.close()
    back.close()


def test_a_computer_seat_plays_its_turns_on_the_server(base: str) -> None:
    code, host = create(base)
    status, _ = call(base, "POST", f"/api/rooms/{code}/seats", {"player": "expert"}, host)
    assert status == 200
    stream = Stream(base, code, host)
    stream.until(lambda r: r["seats"][0]["connected"])
    status, room = call(base, "POST", f"/api/rooms/{code}/start", {"first": "host"}, host)
    assert status == 200
    for _ in range(2):
        room = play_turn(base, code, host, room)
        assert room["view"]["current"] == 1
        steps: list[Any] = []
        while not steps or steps[-1]["step"]["type"] != "score":
            room = stream.next_room()
            if room["event"]["type"] == "played" and room["event"]["seat"] == 1:
                steps.append(room["event"])
        assert room["view"]["current"] == 0
        assert all(step["by"] == "computer" for step in steps)
    stream.close()


def test_a_person_away_through_their_turn_is_stood_in_for_until_back(base: str) -> None:
    code, host = create(base)
    guest = join(base, code, "小红")
    stream = Stream(base, code, host)
    stream.until(lambda r: r["seats"][0]["connected"])
    status, room = call(base, "POST", f"/api/rooms/{code}/start", None, host)
    assert status == 200
    room = play_turn(base, code, host, room)  # the guest's turn, and the guest is not here
    waited = time.monotonic()
    stood = stream.until(lambda r: r["seats"][1]["stand_in"])
    assert stood["event"] == {"type": "stand_in", "seat": 1}
    assert time.monotonic() - waited >= 0.5  # the settings' 1 s clock (60 s when served)
    played = stream.until(lambda r: r["event"]["type"] == "played")
    assert played["event"]["seat"] == 1
    assert played["event"]["by"] == "stand_in"
    here = Stream(base, code, guest)  # the guest comes back
    back = stream.until(lambda r: not r["seats"][1]["stand_in"])
    assert back["seats"][1]["connected"]
    assert back["event"]["type"] in ("returned", "played")
    latest = here.until(lambda r: r["revision"] >= back["revision"])
    if latest["view"]["current"] == 1:  # still their turn: the person plays it on
        status, _ = call(
            base,
            "POST",
            f"/api/rooms/{code}/action",
            {"version": latest["version"], "action": {"type": "roll", "hold": []}},
            guest,
        )
        assert status in (200, 409)  # 409: their third roll was already used by the stand-in
    stream.close()
    here.close()
