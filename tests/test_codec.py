"""The saved-game JSON: exact round trips, and every corruption rejected with a named field."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gameplay import json_paths, random_game
from yahtzee.codec import dumps, from_json, loads, to_json
from yahtzee.errors import InvalidGameError
from yahtzee.game import Game


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), vs=st.booleans())
@settings(max_examples=100, deadline=None)
def test_every_state_round_trips(seed: int, steps: int, vs: bool) -> None:
    game = random_game(seed, vs, stop_after=steps)
    assert from_json(to_json(game)) == game
    assert loads(dumps(game)) == game
    assert to_json(from_json(json.loads(dumps(game)))) == to_json(game)


def finished_single() -> dict[str, Any]:
    return to_json(random_game(7, vs=False))


def midgame_vs() -> dict[str, Any]:
    return to_json(random_game(11, vs=True, stop_after=40))


def set_path(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def first_box(data: dict[str, Any], side: int = 0) -> tuple[int, str, int]:
    """Index, key and points of the first logged turn of ``side``."""
    record = data["sides"][side]["log"][0]
    return 0, record["box"], record["points"]


Mutation = Callable[[dict[str, Any]], dict[str, Any]]


def _die_seven(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["sides", 0, "log", 0, "rolls", 0, 0], 7)


def _impossible_full_house(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["sides", 0, "sheet", "full_house"], 26)


def _seven_in_twos(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["sides", 0, "sheet", "twos"], 7)


def _changed_score(d: dict[str, Any]) -> dict[str, Any]:
    _, box, points = first_box(d)
    other = 0 if points else 5 if box == "chance" else 0
    if other == points:
        other = 25 if box == "full_house" else 30 if box == "small_straight" else 1
    return set_path(d, ["sides", 0, "sheet", box], other)


def _more_rounds(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["round"], d["round"] + 2)


def _bad_total(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["sides", 0, "totals", "total"], d["sides"][0]["totals"]["total"] + 1)


def _finished_with_open_box(d: dict[str, Any]) -> dict[str, Any]:
    changed = set_path(d, ["sides", 0, "log"], d["sides"][0]["log"][:-1])
    return changed


def _hints_four(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["hints_left"], 4)


def _unknown_key(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["cheat"], True)


def _wrong_type(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["round"], "3")


def _bool_as_int(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["current"], False)


def _old_version(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["version"], 0)


def _version_true(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["version"], True)


def _drop_key(d: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(d)
    del changed["turn"]
    return changed


def _one_side(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["sides"], d["sides"][:1])


def _result_lies(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["result", "totals", 0], d["result"]["totals"][0] + 10)


def _bonus_not_earned(d: dict[str, Any]) -> dict[str, Any]:
    return set_path(d, ["sides", 0, "log", 0, "bonus"], 100)


CASES: list[tuple[str, Callable[[], dict[str, Any]], Mutation, str]] = [
    (
        "die 7",
        finished_single,
        _die_seven,
        r"sides\[0\]\.log\[0\]\.rolls\[0\]\[0\]: expected 1 to 6",
    ),
    ("26 in full_house", finished_single, _impossible_full_house, r"sheet\.full_house: 26 is not"),
    ("7 in twos", finished_single, _seven_in_twos, r"sheet\.twos: 7 is not a possible"),
    ("score edited", finished_single, _changed_score, r"sides\[0\]\.sheet\.\w+: holds"),
    ("more rounds than boxes", midgame_vs, _more_rounds, r"boxes filled, but round"),
    ("totals wrong", finished_single, _bad_total, r"totals\.total: is \d+ but the boxes add up"),
    ("finished with open box", finished_single, _finished_with_open_box, r"holds \d+ but the log"),
    ("hints 4", midgame_vs, _hints_four, r"hints_left: expected 0 to 3, got 4"),
    ("unknown key", midgame_vs, _unknown_key, r"game: unknown key \"cheat\""),
    ("wrong type", midgame_vs, _wrong_type, r"round: expected a whole number, got \"3\""),
    ("bool for int", midgame_vs, _bool_as_int, r"current: expected a whole number, got false"),
    ("old version", midgame_vs, _old_version, r"version: expected 1, got 0"),
    ("true for version 1", midgame_vs, _version_true, r"version: expected 1, got true"),
    ("dropped key", midgame_vs, _drop_key, r"game: missing key 'turn'"),
    ("result lies", finished_single, _result_lies, r"result\.totals\[0\]"),
    ("one side of two", midgame_vs, _one_side, r"sides: expected 2 items, got 1$"),
    ("bonus not earned", finished_single, _bonus_not_earned, r"log\[0\]\.bonus"),
]


@pytest.mark.parametrize(("name", "make", "mutate", "message"), CASES, ids=[c[0] for c in CASES])
def test_corruptions_are_rejected_naming_the_field(
    name: str, make: Callable[[], dict[str, Any]], mutate: Mutation, message: str
) -> None:
    data = make()
    from_json(data)  # the unmutated save is fine
    with pytest.raises(InvalidGameError, match=message):
        from_json(mutate(data))


def test_finished_flag_must_match() -> None:
    data = set_path(finished_single(), ["finished"], False)
    with pytest.raises(InvalidGameError, match=r"finished: is false but \[13\] boxes"):
        from_json(data)


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", "null", "1e999", '"game"', "[" * 100_000 + "]" * 100_000, '{"version": 1}'],
)
def test_unreadable_text_is_rejected(text: str) -> None:
    with pytest.raises(InvalidGameError):
        loads(text)


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.lists(st.integers(0, 7), max_size=7),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


@given(seed=st.integers(0, 2**32), vs=st.booleans(), data=st.data())
@settings(max_examples=300, deadline=None)
def test_mutated_json_is_rejected_or_still_consistent(seed: int, vs: bool, data: Any) -> None:
    original = to_json(random_game(seed, vs, stop_after=seed % 90))
    paths = json_paths(original)[1:]
    path = data.draw(st.sampled_from(paths))
    action = data.draw(st.sampled_from(["replace", "delete"]))
    mutated = copy.deepcopy(original)
    parent = mutated
    for key in path[:-1]:
        parent = parent[key]
    if action == "delete":
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JUNK)
    try:
        game = from_json(mutated)
    except InvalidGameError as error:
        assert str(error)  # a message, never a crash
        return
    # Accepted only if it is itself a consistent game that writes back exactly.
    assert isinstance(game, Game)
    assert to_json(game) == mutated
