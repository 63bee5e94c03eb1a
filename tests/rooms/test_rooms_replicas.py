"""Two replicas (two server processes) on one real Redis: every update crosses from one to the
other, and when one is killed (SIGKILL) mid-game its players reconnect to the other and play on
with nothing lost, while a computer seat keeps playing."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.rooms.support import (
    Stream,
    call,
    create,
    free_port,
    join,
    play_turn,
    start_replica,
    stop_replica,
)


@pytest.fixture
def replicas(redis_url: str, prefix: str) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    env = {**os.environ, "YAHTZEE_REDIS_URL": redis_url, "YAHTZEE_REDIS_PREFIX": prefix}
    started: list[tuple[str, subprocess.Popen[bytes]]] = []
    try:
        for _ in range(2):
            port = free_port()
            started.append((f"http://127.0.0.1:{port}", start_replica(port, env)))
        yield started
    finally:
        for _, process in started:
            stop_replica(process)


@pytest.mark.long
def test_every_update_crosses_between_replicas(
    replicas: list[tuple[str, subprocess.Popen[bytes]]],
) -> None:
    (a, _), (b, _) = replicas
    code, host = create(a)
    guest = join(b, code, "小红")
    on_a, on_b = Stream(a, code, host), Stream(b, code, guest)
    on_a.until(lambda r: len(r["seats"]) == 2 and r["seats"][1]["connected"])
    on_b.until(lambda r: r["seats"][0]["connected"])
    status, room = call(a, "POST", f"/api/rooms/{code}/start", None, host)
    assert status == 200
    replica = {0: a, 1: b}
    tokens = {0: host, 1: guest}
    for _ in range(6):  # three rounds, each seat acting through its own replica
        seat = room["view"]["current"]
        room = play_turn(replica[seat], code, tokens[seat], room)
        for stream in (on_a, on_b):
            seen = stream.until(lambda r, v=room["version"]: r["version"] >= v)
            assert seen["version"] == room["version"]
            assert seen["view"]["sides"] == room["view"]["sides"]
    on_a.close()
    on_b.close()


@pytest.mark.long
def test_a_replica_killed_mid_game_loses_nothing(
    replicas: list[tuple[str, subprocess.Popen[bytes]]],
) -> None:
    (a, doomed), (b, _) = replicas
    # A game of two people, one on each replica, and one of a person against the computer.
    people, host = create(a)
    guest = join(b, people, "小红")
    versus, solo = create(a, "小刚")
    assert call(a, "POST", f"/api/rooms/{versus}/seats", {"player": "expert"}, solo)[0] == 200
    streams = {"host": Stream(a, people, host), "guest": Stream(b, people, guest)}
    streams["solo"] = Stream(a, versus, solo)
    _, room = call(a, "POST", f"/api/rooms/{people}/start", None, host)
    _, duel = call(a, "POST", f"/api/rooms/{versus}/start", None, solo)
    tokens = {0: host, 1: guest}
    for _ in range(4):
        seat = room["view"]["current"]
        room = play_turn(a if seat == 0 else b, people, tokens[seat], room)
    duel = play_turn(a, versus, solo, duel)  # the computer's turn begins, driven by either
    streams["solo"].until(lambda r: r["event"]["type"] == "played" and r["event"]["seat"] == 1)
    before = {people: room, versus: call(b, "GET", f"/api/rooms/{versus}")[1]}

    doomed.send_signal(signal.SIGKILL)
    doomed.wait()
    streams["host"].close()
    streams["solo"].close()

    # Their phones reconnect to the other replica with the tokens they kept.
    back = Stream(b, people, host)
    now = back.next_room()
    assert now["you"] == 0
    assert now["version"] == before[people]["version"]
    assert now["view"]["sides"] == before[people]["view"]["sides"]
    room = now
    while not room["finished"]:
        seat = room["view"]["current"]
        room = play_turn(b, people, tokens[seat], room)
    assert streams["guest"].until(lambda r: r["finished"])["view"]["result"]

    solo_back = Stream(b, versus, solo)
    duel = solo_back.next_room()
    assert len(_log(duel)) >= len(_log(before[versus]))  # every turn before the kill is kept
    started = time.monotonic()
    while not duel["finished"]:
        assert time.monotonic() - started < 120
        duel = call(b, "GET", f"/api/rooms/{versus}")[1]
        if duel["view"]["current"] != 0 or duel["seats"][0]["stand_in"]:
            time.sleep(0.05)  # the computer's turn (or the stand-in's, handing back)
            continue
        for kind in ("roll", "score"):
            action = {"type": "roll"} if kind == "roll" else {"type": "score", "box": _best(duel)}
            status, after = call(
                b,
                "POST",
                f"/api/rooms/{versus}/action",
                {"version": duel["version"], "action": action},
                solo,
            )
            if status != 200:
                assert after["error"]["code"] == "stale_version"  # a stand-in step came first
                break
            duel = after
    assert duel["view"]["sides"][1]["total"] > 0  # the computer played every turn to the end
    for stream in (back, solo_back, streams["guest"]):
        stream.close()


def _best(room: Any) -> str:
    boxes = room["view"]["sides"][room["view"]["current"]]["boxes"]
    best: str = max((b for b in boxes if b["allowed"]), key=lambda b: b["preview"])["key"]
    return best


def _log(room: Any) -> list[Any]:
    """Every box filled so far, both seats."""
    return [
        box["points"]
        for side in room["view"]["sides"]
        for box in side["boxes"]
        if box["points"] is not None
    ]
