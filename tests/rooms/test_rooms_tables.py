"""Rooms of 3 and 4 seats on a real server (uvicorn in a thread, on both stores): people and
computers in any order played to the end, each seat's name and player in the game, the places
of the result, each person's 复盘 of the saved game, and the stand-in at a table of three."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from tests.rooms.support import Stream, call, create, join, play_turn, serving


@pytest.fixture
def base(app: FastAPI) -> Iterator[str]:
    with serving(app) as url:
        yield url


Connect = Callable[[str, str], Stream]


@pytest.fixture
def connect(base: str) -> Iterator[Connect]:
    """Opens a seat's stream, closed after the test (before its server stops) even when the
    test fails half-way."""
    opened: list[Stream] = []

    def open_one(code: str, token: str) -> Stream:
        opened.append(Stream(base, code, token))
        return opened[-1]

    yield open_one
    for stream in opened:
        stream.close()


def seat_up(base: str, seats: list[tuple[str, str]]) -> tuple[str, dict[int, str]]:
    """A room of ``seats`` (name, player) in order, the first the host (a person): its code
    and each person's token by seat."""
    host_name, _ = seats[0]
    code, host = create(base, host_name)
    tokens = {0: host}
    for index, (name, player) in enumerate(seats[1:], start=1):
        if player == "human":
            tokens[index] = join(base, code, name)
        else:
            path = f"/api/rooms/{code}/seats"
            status, room = call(base, "POST", path, {"player": player, "name": name}, host)
            assert status == 200, room
            assert room["seats"][index]["name"] == name
    return code, tokens


def open_streams(connect: Connect, code: str, tokens: dict[int, str]) -> dict[int, Stream]:
    """Every person's stream, once the host's shows them all connected."""
    streams = {seat: connect(code, token) for seat, token in tokens.items()}
    streams[0].until(lambda r: all(r["seats"][seat]["connected"] for seat in tokens))
    return streams


def play_to_the_end(base: str, code: str, tokens: dict[int, str], watch: Stream, room: Any) -> Any:
    """From ``room`` (the newest known), each person plays their turns (a roll and the best
    score) when ``watch`` shows them in turn; the computers play theirs on the server. The
    finished room."""
    while not room["finished"]:
        current = room["view"]["current"]
        if current in tokens:
            room = play_turn(base, code, tokens[current], room)
        else:
            seen = room["revision"]
            room = watch.until(lambda r, seen=seen: r["revision"] > seen)
    return room


def check_finished(base: str, room: Any, seats: list[tuple[str, str]]) -> None:
    view = room["view"]
    assert [(side["name"], side["player"]) for side in view["sides"]] == seats
    totals = [side["total"] for side in view["sides"]]
    assert view["result"]["places"] == [1 + sum(o > t for o in totals) for t in totals]
    assert [side["place"] for side in view["sides"]] == view["result"]["places"]
    saved = room["game"]
    assert saved["mode"] == "table"
    assert [(side["name"], side["player"]) for side in saved["sides"]] == seats
    for index, (_, player) in enumerate(seats):
        assert len(saved["sides"][index]["log"]) == 13
        if player == "human":  # each person's 复盘, as for any other game
            status, review = call(base, "POST", "/api/review", {"game": saved, "seat": index})
            assert status == 200, review


@pytest.mark.long
def test_a_computer_between_two_people_plays_its_turns_in_order(
    base: str, connect: Connect
) -> None:
    seats = [("小明", "human"), ("高手", "expert"), ("小红", "human")]
    code, tokens = seat_up(base, seats)
    streams = open_streams(connect, code, tokens)
    status, room = call(base, "POST", f"/api/rooms/{code}/start", {"first": "host"}, tokens[0])
    assert status == 200
    assert room["view"]["current"] == 0
    assert [(s["name"], s["player"]) for s in room["view"]["sides"]] == seats
    order: list[int] = []
    watch = streams[0]
    while len(order) < 6:  # two rounds: the seats take whole turns in their order
        current = room["view"]["current"]
        if not order or order[-1] != current:
            order.append(current)
        if current in tokens:
            room = play_turn(base, code, tokens[current], room)
        else:
            seen = room["revision"]
            room = watch.until(
                lambda r, seen=seen, current=current: (
                    r["revision"] > seen and r["view"]["current"] != current
                )
            )
            assert room["event"] == {
                "type": "played",
                "seat": 1,
                "step": {"type": "score", "box": room["event"]["step"]["box"]},
                "by": "computer",
            }
    assert order == [0, 1, 2, 0, 1, 2]
    finished = play_to_the_end(base, code, tokens, watch, room)
    check_finished(base, finished, seats)
    theirs = streams[2].until(lambda r: r["finished"])  # every phone sees the end
    assert theirs["view"]["result"] == finished["view"]["result"]


@pytest.mark.long
def test_four_seats_of_people_and_computers_play_to_the_end(base: str, connect: Connect) -> None:
    seats = [("甲", "human"), ("入门", "beginner"), ("乙", "human"), ("丙", "human")]
    code, tokens = seat_up(base, seats)
    full = call(base, "POST", f"/api/rooms/{code}/join", {"name": "丁"})
    assert full[0] == 409
    assert full[1]["error"]["code"] == "room_full"
    streams = open_streams(connect, code, tokens)
    status, room = call(base, "POST", f"/api/rooms/{code}/start", {"first": "random"}, tokens[0])
    assert status == 200
    assert len(room["view"]["sides"]) == 4
    assert 0 <= room["view"]["current"] < 4
    finished = play_to_the_end(base, code, tokens, streams[0], room)
    check_finished(base, finished, seats)


@pytest.mark.long
def test_three_computers_and_their_host(base: str, connect: Connect) -> None:
    seats = [("小明", "human"), ("高手", "expert"), ("普通", "normal"), ("入门", "beginner")]
    code, tokens = seat_up(base, seats)
    streams = open_streams(connect, code, tokens)
    status, room = call(base, "POST", f"/api/rooms/{code}/start", None, tokens[0])
    assert status == 200
    finished = play_to_the_end(base, code, tokens, streams[0], room)
    check_finished(base, finished, seats)


def test_the_stand_in_plays_for_a_person_away_at_a_table_of_three(
    base: str, connect: Connect
) -> None:
    seats = [("小明", "human"), ("小红", "human"), ("小刚", "human")]
    code, tokens = seat_up(base, seats)
    here = open_streams(connect, code, {0: tokens[0], 1: tokens[1]})  # 小刚 never comes
    status, room = call(base, "POST", f"/api/rooms/{code}/start", None, tokens[0])
    assert status == 200
    room = play_turn(base, code, tokens[0], room)
    room = play_turn(base, code, tokens[1], room)
    assert room["view"]["current"] == 2
    waited = time.monotonic()
    watch = here[1]
    stood = watch.until(lambda r: r["seats"][2]["stand_in"])
    assert stood["event"] == {"type": "stand_in", "seat": 2}
    assert time.monotonic() - waited >= 0.5  # the settings' 1 s clock (60 s when served)
    steps: list[Any] = []
    while not steps or steps[-1]["step"]["type"] != "score":
        room = watch.next_room()
        if room["event"]["type"] == "played":
            steps.append(room["event"])
    assert all(step["seat"] == 2 and step["by"] == "stand_in" for step in steps)
    assert room["view"]["current"] == 0  # the table goes on in its order
    side = room["view"]["sides"][2]
    assert (side["name"], side["player"], side["hints_left"]) == ("小刚", "human", 3)
    assert room["seats"][2]["stand_in"]  # until 小刚 comes back
    back = connect(code, tokens[2])
    returned = watch.until(lambda r: not r["seats"][2]["stand_in"])
    assert returned["seats"][2]["connected"]
    assert returned["event"] == {"type": "returned", "seat": 2}
    mine = back.until(lambda r: r["revision"] >= returned["revision"])
    assert mine["you"] == 2
    assert mine["view"]["sides"][2]["name"] == "小刚"
