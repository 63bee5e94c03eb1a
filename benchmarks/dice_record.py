"""The cost of rolling from the dice record: server time per roll, and the bytes a save adds.

Times, over many rolls of random recorded games (``tests.gameplay.random_game``): the record's
slots alone (one HMAC-SHA256), a roll through ``Game.apply`` from the record beside one from a
plain generator, the check of a whole saved game against its record (which every request that
carries a game pays), and ``POST /api/action`` rolls through the app in-process, for recorded
games and the same games saved without a record. Then the bytes ``record`` adds to the compact
saved JSON. Prints figures only. Run: ``.venv/bin/python -m benchmarks.dice_record``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from functools import partial

from fastapi.testclient import TestClient
from tests.gameplay import TEST_KEY, make_records, random_game

from yahtzee.codec import dumps, from_json, to_json
from yahtzee.commands._numbers import whole_number
from yahtzee.game import Game, Roll
from yahtzee.server.app import create_app
from yahtzee.solver import load_table


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def micros(run: Callable[[], object]) -> float:
    started = time.perf_counter_ns()
    run()
    return (time.perf_counter_ns() - started) / 1e3


def row(label: str, values: list[float], unit: str) -> str:
    values = sorted(values)
    return (
        f"{label:>34} {statistics.median(values):9.1f} {percentile(values, 0.95):9.1f}"
        f" {percentile(values, 0.99):9.1f} {values[-1]:9.1f}  {unit}"
    )


def rollable(game: Game) -> bool:
    return not game.finished and game.current == 0 and game.turn.rolls_left > 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole_number(1), default=200)
    parser.add_argument("--seed", type=whole_number(0), default=1)
    args = parser.parse_args()

    records = make_records(args.seed)
    rng = random.Random(args.seed)
    seeds = [rng.randrange(2**32) for _ in range(args.games)]
    # Games at every stage, vs and single, each stopped where the player may roll.
    games = []
    for i, seed in enumerate(seeds):
        game = random_game(seed, vs=i % 2 == 0, stop_after=seed % 110, records=records)
        if rollable(game):
            games.append(game)
    finished = [random_game(seed, vs=i % 2 == 0, records=records) for i, seed in enumerate(seeds)]

    slots, record_roll, plain_roll, check = [], [], [], []
    fresh = random.Random(args.seed)
    for game in games:
        assert game.record is not None
        at = (game.record.id, 0, len(game.acting.log), game.turn.rolls_used)
        roll = Roll((0, 2) if game.turn.dice is not None else ())
        slots.append(micros(partial(records.slots, *at)))
        record_roll.append(micros(partial(game.apply, roll, records)))
        plain_roll.append(micros(partial(replace(game, record=None).apply, roll, fresh)))
    for game in finished:
        check.append(micros(partial(records.check, from_json(to_json(game)))))

    http: dict[str, list[float]] = {"recorded": [], "without record": []}
    with TestClient(create_app(table=load_table(), dice_key=TEST_KEY)) as client:
        bodies: list[tuple[str, dict[str, object]]] = []
        for game in games:
            saved = to_json(game)
            action = {"type": "roll", "hold": [0, 2] if game.turn.dice is not None else []}
            bodies.append(("recorded", {"game": saved, "action": action}))
            old = {k: v for k, v in saved.items() if k != "record"}
            bodies.append(("without record", {"game": old, "action": action}))
        for _, body in bodies[:20]:
            client.post("/api/action", json=body).raise_for_status()
        for kind, body in bodies:
            post = partial(client.post, "/api/action", json=body)
            http[kind].append(micros(post) / 1e3)

    print(f"{len(games)} games where the player may roll, {len(finished)} finished games")
    print(f"{'':>34} {'median':>9} {'p95':>9} {'p99':>9} {'max':>9}")
    print(row("record slots (one HMAC)", slots, "µs"))
    print(row("Game.apply(Roll) from the record", record_roll, "µs"))
    print(row("Game.apply(Roll) fresh dice", plain_roll, "µs"))
    print(row("check a finished game's dice", check, "µs"))
    for kind, values in http.items():
        print(row(f"POST /api/action roll, {kind}", values, "ms"))

    added = [len(dumps(game)) - len(dumps(replace(game, record=None))) for game in finished]
    daily = Game.new(record=records.daily(date(2026, 3, 9)))
    daily_added = len(dumps(daily)) - len(dumps(Game.new()))
    sizes = [len(dumps(game)) for game in finished]
    print(
        f"a saved game's record adds {min(added)} bytes ({daily_added} for a daily challenge) "
        f"to its compact JSON of {min(sizes)}–{max(sizes)} bytes when finished "
        f"({100 * max(added) / min(sizes):.1f} % at most)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
