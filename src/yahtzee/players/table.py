"""Tables of computers: 2 to 4 seats played side by side, the play-to-win 高手 among them.

``play_table(table, seats, games, seed)`` plays ``games`` games of the seats named by ``seats``
(``beginner``, ``normal``, ``expert`` for the EV optimum, ``expert-win`` for the play-to-win
高手) and tells each seat's mean total, its chance of the best total alone, its share with a
shared best split evenly among the seats sharing it, and how often it took each place (tied
totals share a place). Game ``g`` starts with seat ``g mod n``, so every seat starts as often;
the seats then take whole turns in order, as at the web table.

Policies (``Policy``) never look at the other seats, so their turns could be played in any
order; a play-to-win seat sees every other seat's sheet as it stands at its turn, valued as the
web game values it (a 入门 or 普通 computer with its measured shortfall), and plays its turn
through ``kernel.play_turns`` for all its games at once. Randomness: ``seed`` makes a
``numpy.random.SeedSequence`` with one child per seat, split into its dice and its choices.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from yahtzee.game import MAX_SEATS, ROUNDS, Difficulty
from yahtzee.players.base import Policy
from yahtzee.players.batch import Sheets, score
from yahtzee.players.levels import get_policy, parse_difficulty
from yahtzee.players.simulate import CHUNK, play_turn
from yahtzee.solver import Table
from yahtzee.solver.tables import UPPER_CAP, IntArray
from yahtzee.winprob.calibration import shortfall
from yahtzee.winprob.kernel import play_turns
from yahtzee.winprob.tables import WinTables, load_win_tables

EXPERT_WIN: Final = "expert-win"
"""The play-to-win 高手's key (``yahtzee.players.winmax``); ``expert`` is the EV optimum."""

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One seat of a run: its key, mean total, chance of the best total alone, share of the
    best (a shared best split evenly), and the share of games at each place (1 first)."""

    player: str
    mean: float
    win: float
    share: float
    places: tuple[float, ...]
    share_sd: float
    """The standard deviation of one game's share (its standard error is this over √games)."""


@dataclass(frozen=True, slots=True)
class TableOutcome:
    """A run of tables: each seat's outcome, and how often the best total was shared."""

    games: int
    seed: int
    seats: tuple[SeatOutcome, ...]
    draw: float
    seconds: float


def _states(sheets: Sheets, rows: IntArray, short: int | IntArray = 0) -> IntArray:
    """(total less ``short``, mask, yahtzee50, capped upper) of each row, int64 (n, 4)."""
    out = np.empty((rows.size, 4), dtype=np.int64)
    out[:, 0] = sheets.totals()[rows] - short
    out[:, 1] = sheets.mask[rows]
    out[:, 2] = sheets.yahtzee50[rows]
    out[:, 3] = np.minimum(sheets.upper[rows], UPPER_CAP)
    return out


def _part(sheets: Sheets, rows: IntArray) -> Sheets:
    return Sheets(sheets.scores[rows], sheets.bonus[rows])


def _put(sheets: Sheets, rows: IntArray, part: Sheets) -> None:
    sheets.scores[rows] = part.scores
    sheets.bonus[rows] = part.bonus


def _shortfalls(level: Difficulty | None, sheets: Sheets, rows: IntArray) -> IntArray:
    """Each row's expected shortfall of a seat of ``level`` (0 for the 高手)."""
    if level in (None, Difficulty.EXPERT):
        return np.zeros(rows.size, dtype=np.int64)
    return np.array([shortfall(level, sheets.sheet(int(row))) for row in rows], dtype=np.int64)


def _win_turn(
    tables: WinTables,
    seat: int,
    sheets: list[Sheets],
    levels: Sequence[Difficulty | None],
    rows: IntArray,
    dice: np.random.Generator,
) -> None:
    """Play seat ``seat``'s turn to win in games ``rows``, against the others as they stand."""
    n = rows.size
    others = [k for k in range(len(sheets)) if k != seat]
    states = np.empty((n, len(others), 4), dtype=np.int64)
    for j, k in enumerate(others):
        states[:, j] = _states(sheets[k], rows, _shortfalls(levels[k], sheets[k], rows))
    faces = dice.integers(0, 6, size=(n, 3, 5))
    out_rolls = np.empty((n, 3), dtype=np.int64)
    out_keeps = np.empty((n, 2), dtype=np.int64)
    out_box = np.empty(n, dtype=np.int64)
    pred = np.empty((n, 2))
    play_turns(
        _states(sheets[seat], rows), states, faces, tables.w, tables.laws,
        out_rolls, out_keeps, out_box, pred,
    )  # fmt: skip
    last = np.where(out_rolls[:, 2] >= 0, out_rolls[:, 2],
                    np.where(out_rolls[:, 1] >= 0, out_rolls[:, 1], out_rolls[:, 0]))  # fmt: skip
    part = _part(sheets[seat], rows)
    score(part, last, out_box)
    _put(sheets[seat], rows, part)


def parse_seats(keys: Sequence[str]) -> tuple[str, ...]:
    """The seat keys, checked: 2 to 4 of ``beginner``, ``normal``, ``expert``, ``expert-win``.
    Raises MalformedError naming a bad one."""
    from yahtzee.errors import MalformedError

    if not 2 <= len(keys) <= MAX_SEATS:
        raise MalformedError(f"a table has 2 to {MAX_SEATS} seats, got {len(keys)}: {list(keys)}")
    for key in keys:
        if key != EXPERT_WIN:
            parse_difficulty(key)
    return tuple(keys)


def play_table(
    table: Table,
    seats: Sequence[str],
    games: int,
    seed: int,
    chunk: int = CHUNK,
    progress: Progress | None = None,
) -> TableOutcome:
    """``games`` tables of ``seats`` (``parse_seats``) from ``seed``."""
    keys = parse_seats(seats)
    count = len(keys)
    levels = [None if k == EXPERT_WIN else parse_difficulty(k) for k in keys]
    policies: list[Policy | None] = [
        None if level is None else get_policy(level, table) for level in levels
    ]
    tables = load_win_tables(table) if EXPERT_WIN in keys else None
    streams = [
        (np.random.default_rng(d), np.random.default_rng(c))
        for d, c in (child.spawn(2) for child in np.random.SeedSequence(seed).spawn(count))
    ]
    sums = np.zeros(count)
    alone = np.zeros(count)
    shares = np.zeros(count)
    squares = np.zeros(count)
    places = np.zeros((count, count))
    drawn = 0
    started = time.perf_counter()
    done = 0
    while done < games:
        n = min(chunk, games - done)
        sheets = [Sheets.empty(n) for _ in range(count)]
        starter = (np.arange(done, done + n) % count).astype(np.int64)
        for _ in range(ROUNDS):
            for position in range(count):
                for seat in range(count):
                    rows = np.flatnonzero((starter + position) % count == seat)
                    if rows.size == 0:
                        continue
                    dice, choices = streams[seat]
                    policy = policies[seat]
                    if policy is None:
                        assert tables is not None
                        _win_turn(tables, seat, sheets, levels, rows, dice)
                    else:
                        part = _part(sheets[seat], rows)
                        play_turn(policy, part, dice, choices)
                        _put(sheets[seat], rows, part)
        totals = np.stack([s.totals() for s in sheets])  # (count, n)
        best = totals.max(axis=0)
        top = totals == best
        tied = top.sum(axis=0)
        share = top / tied
        sums += totals.sum(axis=1)
        alone += (top & (tied == 1)).sum(axis=1)
        shares += share.sum(axis=1)
        squares += (share**2).sum(axis=1)
        drawn += int((tied > 1).sum())
        for seat in range(count):
            # Tied totals share a place (game.places_of).
            place = (totals > totals[seat]).sum(axis=0)
            places[seat] += np.bincount(place, minlength=count)
        done += n
        if progress is not None:
            progress(done, games)
    seconds = time.perf_counter() - started
    outcomes = []
    for seat in range(count):
        mean_share = shares[seat] / games
        variance = max(squares[seat] / games - mean_share**2, 0.0)
        outcomes.append(
            SeatOutcome(
                player=keys[seat],
                mean=float(sums[seat] / games),
                win=float(alone[seat] / games),
                share=float(mean_share),
                places=tuple(float(x) for x in places[seat] / games),
                share_sd=float(np.sqrt(variance)),
            )
        )
    return TableOutcome(games, seed, tuple(outcomes), drawn / games, seconds)


def interval(outcome: SeatOutcome, games: int, z: float = 1.96) -> tuple[float, float]:
    """The share's 95 % confidence interval (normal approximation over the games), kept within
    0 to 1: over a few games the approximation overshoots a share near either end."""
    half = z * outcome.share_sd / games**0.5
    return max(outcome.share - half, 0.0), min(outcome.share + half, 1.0)


__all__ = ["EXPERT_WIN", "SeatOutcome", "TableOutcome", "interval", "parse_seats", "play_table"]
