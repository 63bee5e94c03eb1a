"""Saves of version 1, as players' browsers hold them, load and play on exactly as before.

``tests/data/v1_saves.json`` was written by ``tests/data/make_v1_saves.py`` with the code that
wrote version 1 only: single-player and 人机对战 games, with and without a dice record (a daily
challenge too), at their start, mid-turn (a hint spent, the computer mid-turn), between turns and
finished. Each case carries the snapshot the page drew then, the actions played from the save to
the end of the game on known dice, and the final save and snapshot.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.gameplay import TEST_KEY
from yahtzee.codec import from_json, to_json
from yahtzee.dice_record import DiceRecords
from yahtzee.game import Action, RandomSource, RestartTurn, Roll, Score, UseHint
from yahtzee.rules import Box
from yahtzee.server import create_app
from yahtzee.snapshot import snapshot
from yahtzee.solver import Table

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "v1_saves.json").read_text(encoding="utf-8")
)


def _ids(case: dict[str, Any]) -> str:
    return str(case["name"])


def holds(given: Any, expected: Any, path: str = "view") -> None:
    """Every key of ``expected`` is in ``given`` with the same value (``given`` may carry more
    keys: fields added since), all the way down."""
    if isinstance(expected, dict):
        assert isinstance(given, dict), f"{path}: {given!r}"
        for key, value in expected.items():
            assert key in given, f"{path}.{key} is gone"
            holds(given[key], value, f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(given, list) and len(given) == len(expected), f"{path}: {given!r}"
        for i, (mine, theirs) in enumerate(zip(given, expected, strict=True)):
            holds(mine, theirs, f"{path}[{i}]")
    else:
        assert given == expected and type(given) is type(expected), (
            f"{path}: {given!r}, was {expected!r}"
        )


def seated(given: dict[str, Any], expected: dict[str, Any]) -> None:
    """``given`` draws what ``expected`` (a version 1 snapshot) drew, its seats naming what the
    one-person fields said: the seat in turn (``acting``), the person's hints (``hints_left``),
    the computer's level (``difficulty``; its Chinese name is the page's), who plays each side
    (``who``, ``label``) and whether the person won (``result.player_won``)."""
    old = dict(expected)
    acting, hints, level = old.pop("acting"), old.pop("hints_left"), old.pop("difficulty")
    old.pop("difficulty_zh")
    old["sides"] = [
        {k: v for k, v in side.items() if k not in ("who", "label")} for side in old["sides"]
    ]
    if old["result"] is not None:
        player_won = old["result"].pop("player_won")
        assert player_won == (given["result"]["winner"] == 0)
    holds(given, old)
    seats = given["sides"]
    assert (seats[given["current"]]["player"] == "human") == (acting == "player")
    assert seats[0]["hints_left"] == hints
    for seat, side in zip(seats, expected["sides"], strict=True):
        assert seat["name"] == side["label"]
        assert seat["player"] == ("human" if side["who"] == "player" else level)


def action_of(data: dict[str, Any]) -> Action:
    match data["type"]:
        case "roll":
            return Roll(tuple(data["hold"]))
        case "score":
            return Score(Box(data["box"]))
        case "restart_turn":
            return RestartTurn()
        case "hint":
            return UseHint()
    raise AssertionError(data)


def dice_of(case: dict[str, Any]) -> RandomSource:
    seed = case["dice_seed"]
    if "record" in case["save"]:
        return DiceRecords(TEST_KEY, random.Random(seed))
    return random.Random(seed)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_a_v1_save_loads_and_plays_on_as_before(case: dict[str, Any]) -> None:
    game = from_json(case["save"])
    seated(snapshot(game), case["view"])
    assert to_json(game) == case["save"]  # written back as it came
    dice = dice_of(case)
    for action in case["actions"]:
        game = game.apply(action_of(action), dice)
    assert to_json(game) == case["final"]
    seated(snapshot(game), case["final_view"])


def test_the_corpus_covers_what_browsers_hold() -> None:
    saves = [case["save"] for case in CASES]
    assert {s["mode"] for s in saves} == {"single", "vs"}
    assert {s["difficulty"] for s in saves if s["mode"] == "vs"} == {"beginner", "normal", "expert"}
    assert {s["first"] for s in saves if s["mode"] == "vs"} == {"me", "computer", "random"}
    kinds = {("record" in s, bool(s.get("record", {}).get("daily"))) for s in saves}
    assert kinds == {(False, False), (True, False), (True, True)}
    assert any(s["turn"]["rolls"] and s["current"] == 0 for s in saves)  # the player mid-turn
    assert any(s["turn"]["rolls"] and s["current"] == 1 for s in saves)  # the computer mid-turn
    assert any(s["turn"]["hinted"] and s["turn"]["hinted"][-1] for s in saves)
    assert any(s["finished"] for s in saves)


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=7, table=solver_table)) as test_client:
        yield test_client


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_api_plays_on_from_a_v1_save(client: TestClient, case: dict[str, Any]) -> None:
    save = case["save"]
    if save["finished"]:
        sides = ["player", "computer"] if save["mode"] == "vs" else ["player"]
        for side in sides:
            reply = client.post("/api/review", json={"game": save, "side": side})
            assert reply.status_code == 200, reply.text
        return
    first = case["actions"][0]
    if save["current"] == 1 and first["type"] != "restart_turn":
        reply = client.post("/api/computer", json={"game": save})
    elif first["type"] == "hint":
        reply = client.post("/api/hint", json={"game": save})
    else:
        reply = client.post("/api/action", json={"game": save, "action": first})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["game"]["version"] == 1
    if save["current"] == 0 or first["type"] == "restart_turn":
        # The player's own move: the very game the model plays on from the save.
        after = from_json(save).apply(action_of(first), dice_of(case))
        if first["type"] != "roll" or "record" in save:
            assert body["game"] == to_json(after)
