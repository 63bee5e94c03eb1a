"""Write ``tests/data/v1_saves.json``: version-1 saves as players' browsers hold them, each with
what happened next.

Run once, on the code that wrote version 1 only (before games had seats), so the corpus is what
real browsers stored: ``.venv/bin/python -m tests.data.make_v1_saves``. ``tests/test_v1_saves.py``
loads every save with today's code and requires the same snapshot and, replaying the same
actions on the same dice, the same game to the end.

Each case holds the save, the snapshot the page drew for it, the dice (``dice_seed``: the fresh
dice of a game without a record are ``random.Random(dice_seed)``'s; a game with one rolls from
its record under the tests' key), the actions played from it to the end (the player's chosen at
random, the computer's by its level, a resumed turn restarted now and then, as the page does),
and the final save and snapshot.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from tests.gameplay import TEST_KEY, make_records, random_game
from yahtzee.codec import from_json, to_json
from yahtzee.dice_record import DiceRecords
from yahtzee.game import (
    Action,
    Difficulty,
    First,
    Game,
    RandomSource,
    RestartTurn,
    Roll,
    Score,
    UseHint,
)
from yahtzee.players import EXPERT_EV, Player, get_player
from yahtzee.snapshot import snapshot
from yahtzee.solver import Table, load_table

OUT = Path(__file__).with_name("v1_saves.json")


def action_json(action: Action) -> dict[str, Any]:
    match action:
        case Roll(hold):
            return {"type": "roll", "hold": list(hold)}
        case Score(box):
            return {"type": "score", "box": box.value}
        case RestartTurn():
            return {"type": "restart_turn"}
        case UseHint():
            return {"type": "hint"}
    raise AssertionError(action)


def computer(game: Game, table: Table, rng: random.Random) -> Player:
    level = game.sides[1].seat.level
    assert level is not None
    return get_player(EXPERT_EV if level is Difficulty.EXPERT else level, table, rng)


def play_on(game: Game, dice: RandomSource, rng: random.Random, table: Table) -> list[Action]:
    """Actions from ``game`` to its end: a resumed turn restarted half the time, the player's
    moves at random (a hint now and then), the computer's by its level."""
    actions: list[Action] = []
    if game.turn.rolls and rng.random() < 0.5:
        actions.append(RestartTurn())
        game = game.apply(RestartTurn())
    while not game.finished:
        action: Action
        if game.current == 1:
            action = computer(game, table, rng).step(game)
        elif game.turn.dice is None:
            action = Roll()
        elif game.can_hint() and not game.hinted_now and rng.random() < 0.1:
            action = UseHint()
        elif game.can_roll() and rng.random() < 0.6:
            action = Roll(tuple(i for i in range(5) if rng.random() < 0.5))
        else:
            action = Score(rng.choice(sorted(game.allowed())))
        game = game.apply(action, dice)
        actions.append(action)
    return actions


def case(name: str, game: Game, dice_seed: int, table: Table) -> dict[str, Any]:
    save = to_json(game)
    loaded = from_json(json.loads(json.dumps(save)))
    assert loaded == game
    if game.record is not None:
        dice: RandomSource = DiceRecords(TEST_KEY, random.Random(dice_seed))
    else:
        dice = random.Random(dice_seed)
    actions = play_on(loaded, dice, random.Random(dice_seed + 1), table)
    end = loaded
    replay_dice: RandomSource = (
        DiceRecords(TEST_KEY, random.Random(dice_seed))
        if game.record is not None
        else random.Random(dice_seed)
    )
    for action in actions:
        end = end.apply(action, replay_dice)
    return {
        "name": name,
        "save": save,
        "view": snapshot(loaded),
        "dice_seed": dice_seed,
        "actions": [action_json(a) for a in actions],
        "final": to_json(end),
        "final_view": snapshot(end),
    }


def records_for(recorded: str, seed: int) -> DiceRecords | None:
    """The records a game of ``seed`` rolls from: none, a new record, or a daily challenge."""
    if recorded == "none":
        return None
    return make_records(seed) if recorded == "record" else _Daily(make_records(seed))


def length(seed: int, vs: bool, records: DiceRecords | None) -> int:
    """The number of actions of the whole game ``random_game`` plays from ``seed``."""
    for stop in range(1, 1000):
        if random_game(seed, vs, stop_after=stop, records=records).finished:
            return stop
    raise AssertionError("no end")


def found(seed: int, vs: bool, want: Callable[[Game], bool]) -> tuple[int, int, Game]:
    """The first save that ``want`` picks of the games from ``seed`` on: its seed, its number
    of actions and the game."""
    for tried in range(seed, seed + 100):
        for stop in range(1, 400):
            game = random_game(tried, vs, stop_after=stop)
            if game.finished:
                break
            if want(game):
                return tried, stop, game
    raise AssertionError("not found")


def main() -> None:
    table = load_table(progress=False)
    cases: list[dict[str, Any]] = []
    seed = 100
    for vs in (False, True):
        mode = "vs" if vs else "single"
        for recorded in ("none", "record", "daily"):
            end = length(seed, vs, records_for(recorded, seed))
            # At its start, after the first roll, a third in, two thirds, near the end, over.
            for stop in (0, 1, end // 3, 2 * end // 3, end - 2, end):
                game = random_game(seed, vs, stop_after=stop, records=records_for(recorded, seed))
                cases.append(case(f"{mode}-{recorded}-seed{seed}-after{stop}", game, seed, table))
            seed += 1
        # Mid-turn with the decision's hint already spent; in 人机对战 also the computer mid-turn.
        picks: list[tuple[str, Callable[[Game], bool]]] = [
            ("hinted", lambda g: g.hinted_now and not g.finished),
        ]
        if vs:
            picks += [
                ("computer-rolled", lambda g: g.current == 1 and len(g.turn.rolls) == 2),
                (
                    "expert-rolled",
                    lambda g: g.sides[1].seat.level is Difficulty.EXPERT and g.current == 1,
                ),
                ("me-first", lambda g: g.first is First.ME and g.round == 7 and g.current == 0),
            ]
        for label, want in picks:
            for _ in range(2):
                seed, stop, game = found(seed, vs, want)
                cases.append(case(f"{mode}-{label}-seed{seed}-after{stop}", game, seed, table))
                seed += 1
    OUT.write_text(json.dumps(cases, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{len(cases)} saves written to {OUT}")


class _Daily(DiceRecords):
    """The records of ``make_records``, whose new record is a day's daily challenge."""

    def __init__(self, records: DiceRecords) -> None:
        super().__init__(TEST_KEY, records.fresh)

    def new(self) -> Any:
        return self.daily(date(2024, 6, 7))


if __name__ == "__main__":
    main()
