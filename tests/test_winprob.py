"""Win chances and the play-to-win 高手: laws of points to come, exact endgames, legal play."""

from __future__ import annotations

import fcntl
import itertools
import json
import math
import os
import random
import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import random_sheet
from tests.gameplay import random_game, risky_game, with_level
from yahtzee.cli import main
from yahtzee.codec import to_json
from yahtzee.game import Difficulty, First, Game, Mode, Roll, Score, Side, Turn, lobby_seats
from yahtzee.hints import hint_for
from yahtzee.players import EXPERT_EV, get_player
from yahtzee.players.expert import ExpertPlayer
from yahtzee.players.winmax import WinMaxPlayer
from yahtzee.rules import Box, Sheet
from yahtzee.server import create_app
from yahtzee.solver import Advisor, Table
from yahtzee.solver.outlook_store import load_outlook
from yahtzee.solver.tables import FULL_MASK, UPPER_NREACHABLE, UPPER_REACHABLE
from yahtzee.winprob import tables as tables_module
from yahtzee.winprob.advice import play_to_win_hint
from yahtzee.winprob.curve import played_turns, win_curve
from yahtzee.winprob.dist import KNOTS, SCALE, cdf_at
from yahtzee.winprob.estimate import Chances, WinModel, side_state
from yahtzee.winprob.kernel import after_value
from yahtzee.winprob.tables import (
    FILE_NAME,
    HEADER_SIZE,
    WinTables,
    find_win_tables,
    load_win_tables,
)
from yahtzee.winprob.words import percent, reason

YOU_SEAT, EXPERT_SEAT = lobby_seats(Mode.VS, Difficulty.EXPERT)

Roll5 = tuple[int, ...]


@pytest.fixture(scope="module")
def tables(win_tables: WinTables) -> WinTables:
    return win_tables


# Brute force over multisets of dice, independent of the solver's lattice ------------------


@cache
def _outcomes(m: int) -> tuple[tuple[Roll5, float], ...]:
    """Every multiset ``m`` rerolled dice can show, with its probability."""
    out = []
    for faces in itertools.combinations_with_replacement(range(1, 7), m):
        count = math.factorial(m)
        for f in set(faces):
            count //= math.factorial(faces.count(f))
        out.append((faces, count / 6**m))
    return tuple(out)


def _subkeeps(roll: Roll5) -> set[Roll5]:
    return {tuple(sorted(c)) for n in range(6) for c in itertools.combinations(roll, n)}


def _turn_law(value: Callable[[Roll5], int]) -> dict[float, float]:
    """The law of ``value(final roll)`` under the play maximising E[value] (a dict of value ->
    probability); ``value`` maps a sorted roll to a number."""
    f = value

    @cache
    def law(roll: Roll5, left: int) -> tuple[float, tuple[tuple[float, float], ...]]:
        # (expected value, law) of the best play holding `roll` with `left` rolls left
        best: tuple[float, dict[float, float]] = (f(roll), {f(roll): 1.0})
        if left:
            for keep in sorted(_subkeeps(roll)):
                if len(keep) == 5:
                    continue
                mean = 0.0
                dist: dict[float, float] = {}
                for extra, p in _outcomes(5 - len(keep)):
                    e, sub = law(tuple(sorted(keep + extra)), left - 1)
                    mean += p * e
                    for v, q in sub:
                        dist[v] = dist.get(v, 0.0) + p * q
                if mean > best[0] + 1e-12:
                    best = (mean, dist)
        return best[0], tuple(best[1].items())

    total: dict[float, float] = {}
    for roll, p in _outcomes(5):
        for v, q in law(roll, 2)[1]:
            total[v] = total.get(v, 0.0) + p * q
    return total


def _cells(tables: WinTables, rows: slice) -> tuple[np.ndarray, np.ndarray]:
    """(chance, middle point) of every stored cell of the laws of ``rows``."""
    chance = np.diff(np.asarray(tables.knots[rows], dtype=np.float64), axis=1) / SCALE
    j = np.arange(KNOTS)
    step = np.asarray(tables.step[rows])[:, None]
    middle = np.asarray(tables.lo[rows])[:, None] + j * step + 0.5 * (step - 1)
    return chance, middle


CHUNK = 1 << 15
"""Laws checked at a time: the whole table's cells as float64 are over half a gigabyte."""


def test_every_law_has_the_ev_tables_mean(solver_table: Table, tables: WinTables) -> None:
    means = np.empty(len(tables.step))
    for start in range(0, len(means), CHUNK):
        part = slice(start, start + CHUNK)
        chance, middle = _cells(tables, part)
        assert np.allclose(chance.sum(axis=1), 1.0, atol=1e-12)
        assert chance.min() >= 0.0
        means[part] = (chance * middle).sum(axis=1)
    masks, ys, ups = np.nonzero(np.asarray(tables.rows) >= 0)
    rows = tables.rows[masks, ys, ups]
    ev = np.where(masks == FULL_MASK, 0.0, solver_table.values[masks, ys, ups])
    # A cell's middle is at most (step - 1) / 2 from any point in it; a one-point step is exact.
    slack = (np.asarray(tables.step)[rows] - 1) / 2 + 0.05
    assert np.all(np.abs(means[rows] - ev) <= slack)
    exact = tables.step[rows] == 1
    assert exact.mean() > 0.1
    assert np.abs(means[rows][exact] - ev[exact]).max() < 2e-3


def test_new_game_law_has_the_published_spread(tables: WinTables) -> None:
    row = int(tables.rows[0, 0, 0])
    chance, middle = _cells(tables, slice(row, row + 1))
    mean = (chance * middle).sum()
    sd = math.sqrt((chance * middle**2).sum() - mean**2)
    # 254.59 ± 59.6 for a new game (T. Verhoeff's optimal-play distribution: sd 59.61)
    assert mean == pytest.approx(254.59, abs=0.01)
    assert sd == pytest.approx(59.6, abs=0.1)


def test_chance_only_laws_match_brute_force(tables: WinTables) -> None:
    law = _turn_law(sum)
    mask = FULL_MASK ^ (1 << Box.CHANCE.pos)
    pmf = tables.pmf1[Box.CHANCE.pos, 0, 0]
    for v, p in law.items():
        assert pmf[int(v)] == pytest.approx(p, abs=1e-12)
    row = tables.rows[mask, 0, 0]
    assert tables.step[row] == 1
    for x in range(5, 31):
        got = cdf_at(tables.knots, tables.lo, tables.step, row, x + 0.5)
        want = sum(p for v, p in law.items() if v <= x)
        assert got == pytest.approx(want, abs=1 / SCALE)


NEEDS = np.arange(0, 41)


def _target_play() -> tuple[np.ndarray, np.ndarray]:
    """(P(win) + ½ P(draw), P(draw)) of a last ``chance`` turn played to beat each of
    ``NEEDS`` (ties by more points), one array each."""

    @cache
    def value(roll: Roll5, left: int) -> np.ndarray:
        s = sum(roll)
        win = np.where(s > NEEDS, 1.0, 0.0)
        draw = np.where(s == NEEDS, 1.0, 0.0)
        best = np.stack([win + 0.5 * draw + 1e-9 * s, win + 0.5 * draw, draw])
        if left:
            for keep in sorted(_subkeeps(roll)):
                if len(keep) == 5:
                    continue
                acc = np.zeros_like(best)
                for extra, p in _outcomes(5 - len(keep)):
                    acc += p * value(tuple(sorted(keep + extra)), left - 1)
                best = np.where(acc[0] > best[0], acc, best)
        return best

    total = np.zeros((3, NEEDS.size))
    for roll, p in _outcomes(5):
        total += p * value(roll, 2)
    return total[1], total[2]


def _chance_only(total: int) -> tuple[int, int, int, int]:
    return total, FULL_MASK ^ (1 << Box.CHANCE.pos), 0, 0


def _value(tables: WinTables, me: tuple[int, ...], op: tuple[int, ...]) -> tuple[float, float]:
    t = tables
    u, d = after_value(*me, *op, t.laws)  # type: ignore[call-arg,arg-type]
    return float(u), float(d)


TARGET_PLAY = _target_play()


@pytest.mark.parametrize("gap", [-31, -1, 0, 4, 12, 25])
def test_last_turn_against_a_known_total_is_exact(tables: WinTables, gap: int) -> None:
    # Only my chance box is open; the other side has finished `gap` points ahead of me.
    u, d = _value(tables, _chance_only(200), (200 + gap, FULL_MASK, 0, 0))
    if gap < 0:
        assert (u, d) == (1.0, 0.0)
        return
    want_u, want_d = TARGET_PLAY
    assert u == pytest.approx(want_u[gap], abs=1e-9)
    assert d == pytest.approx(want_d[gap], abs=1e-9)


def test_both_last_turns_are_exact(tables: WinTables) -> None:
    # Each side has only chance open; the other side plays its last turn first (EV-optimally),
    # then I play mine knowing what to beat.
    other = _turn_law(sum)
    for gap in (-8, 0, 5):
        want_u = want_d = 0.0
        for v, p in other.items():
            need = int(v) + gap
            want_u += p * (TARGET_PLAY[0][need] if need >= 0 else 1.0)
            want_d += p * (TARGET_PLAY[1][need] if need >= 0 else 0.0)
        u, d = _value(tables, _chance_only(150), _chance_only(150 + gap))
        assert u == pytest.approx(want_u, abs=1e-9)
        assert d == pytest.approx(want_d, abs=1e-9)


def test_finished_games_are_certain(tables: WinTables) -> None:
    assert _value(tables, (250, FULL_MASK, 0, 0), (249, FULL_MASK, 0, 0)) == (1.0, 0.0)
    assert _value(tables, (249, FULL_MASK, 0, 0), (249, FULL_MASK, 0, 0)) == (0.5, 1.0)
    assert _value(tables, (248, FULL_MASK, 0, 0), (249, FULL_MASK, 0, 0)) == (0.0, 0.0)


def test_one_box_tables_are_laws(tables: WinTables) -> None:
    for b in range(13):
        mask = FULL_MASK ^ (1 << b)
        for y in (0, 1) if b != Box.YAHTZEE.pos else (0,):
            for u in UPPER_REACHABLE[mask & 63, : UPPER_NREACHABLE[mask & 63]]:
                assert tables.pmf1[b, y, u].sum() == pytest.approx(1.0, abs=1e-12)
                win = tables.win1[b, y, u]
                utility = win + 0.5 * tables.draw1[b, y, u]
                assert np.all(np.diff(utility) <= 1e-12)  # a higher bar is never easier
                assert np.all(win + tables.draw1[b, y, u] <= 1 + 1e-12)


def _vs_game(rng: random.Random) -> Game:
    filled = rng.randrange(13)
    mine = random_sheet(rng, filled)
    theirs = random_sheet(rng, min(12, filled + rng.randrange(2)))
    dice = tuple(rng.randint(1, 6) for _ in range(5))
    if rng.random() < 0.2:
        dice = (dice[0],) * 5
    rolls_left = rng.randrange(3)
    used = 3 - rolls_left
    turn = Turn(rolls=(dice,) * used, keeps=((),) * (used - 1), hinted=(False,) * used)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.COMPUTER)
    sides = (replace(game.sides[0], sheet=theirs), replace(game.sides[1], sheet=mine))
    return replace(game, sides=sides, turn=turn, current=1)


@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=60, deadline=None)
def test_play_to_win_moves_are_legal(solver_table: Table, seed: int) -> None:
    rng = random.Random(seed)
    game = _vs_game(rng)
    player = get_player("expert", solver_table, rng)
    assert isinstance(player, WinMaxPlayer)
    action = player.step(game)
    game.apply(action, rng)  # the checked path raises on anything illegal
    chances = WinModel(load_win_tables(solver_table)).chances(game)
    mine, theirs = chances.win
    assert mine + chances.draw + theirs == pytest.approx(1.0)
    assert min(mine, chances.draw, theirs) >= 0.0


def test_kept_lattices_answer_as_fresh_ones(tables: WinTables) -> None:
    # One model answers many positions, each twice and interleaved, from the lattices it keeps.
    rng = random.Random(8)
    games = [_vs_game(rng) for _ in range(30)]
    shared = WinModel(tables)
    for game in games + games[::-1]:
        fresh = WinModel(tables)
        assert shared.decide(game) == fresh.decide(game)
        assert shared.chances(game) == fresh.chances(game)
    me, other = games[0].acting.sheet, games[0].sides[0].sheet
    assert shared.lattice(me, [other]) is shared.lattice(me, [other])
    assert shared.lattice(me, [other], (5, 0)) is not shared.lattice(me, [other])


def test_whole_vs_game_and_solitaire(solver_table: Table) -> None:
    rng = random.Random(5)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME)
    me = get_player(EXPERT_EV, solver_table, rng)
    assert isinstance(me, ExpertPlayer)
    them = get_player("expert", solver_table, rng)
    while not game.finished:
        game = game.apply((me if game.current == 0 else them).step(game), rng)
    assert game.result is not None
    # Alone, the play-to-win 高手 is the EV optimum.
    solo = Game.new().apply(Roll(), rng)
    assert them.step(solo) == me.step(solo)


def test_far_behind_it_gambles(solver_table: Table) -> None:
    # Last turn, 40 behind, only chance and yahtzee open on the computer's sheet? One box: yahtzee.
    model = WinModel(load_win_tables(solver_table))
    boxes: list[int | None] = [3, 6, 9, 12, 15, 18, 20, 20, 25, 30, 40, None, 22]
    mine = Sheet(tuple(boxes))
    theirs = Sheet(tuple([3, 6, 9, 12, 15, 18, 30, 20, 25, 30, 40, 0, 28]))
    turn = Turn(rolls=((6, 6, 6, 2, 3),), keeps=(), hinted=(False,))
    game = replace(
        Game.new(Mode.VS, Difficulty.EXPERT, First.ME),
        sides=(Side(YOU_SEAT, theirs), Side(EXPERT_SEAT, mine)), turn=turn, current=1,
    )  # fmt: skip
    assert side_state(mine)[0] < side_state(theirs)[0]
    assert model.decide(game) == (6, 6, 6)


@pytest.mark.parametrize(
    ("chance", "words"),
    [
        (0.0, "胜算不大，冒险追分"),
        (0.349, "胜算不大，冒险追分"),
        (0.35, "胜负难料，按胜率取舍"),
        (0.48, "胜负难料，按胜率取舍"),
        (0.5, "胜负难料，按胜率取舍"),
        (0.649, "胜负难料，按胜率取舍"),
        (0.65, "胜算较大，求稳"),
        (1.0, "胜算较大，求稳"),
    ],
)
def test_hint_reason_follows_the_chance(chance: float, words: str) -> None:
    assert reason(chance) == words


@pytest.mark.parametrize(
    ("chance", "words", "compact"),
    [(0.0, "0%", "0%"), (0.003, "不到 1%", "<1%"), (0.006, "1%", "1%"), (0.5, "50%", "50%"),
     (0.994, "99%", "99%"), (0.997, "超过 99%", ">99%"), (1.0, "100%", "100%")],
)  # fmt: skip
def test_a_hint_never_calls_an_open_chance_0_or_100_percent(
    chance: float, words: str, compact: str
) -> None:
    assert percent(chance) == words
    assert percent(chance, compact=True) == compact  # the CLI's row of chances


@pytest.mark.parametrize(
    ("their_chance", "dice", "text"),
    [
        # 22 in chance wins for sure (255 against 254); the EV hint would reroll the 2, for
        # 23.5 on average.
        (
            21,
            (6, 5, 5, 4, 2),
            "登记「机会」得 22 分（胜算较大，求稳：期望总分少 1.5 分，现在胜率 100%）",
        ),
        # Needing 27 or more, the 4 goes back too: the EV hint keeps 4 6 6.
        (
            26,
            (6, 6, 4, 3, 1),
            "保留 6 6，重掷其余 3 颗（胜算不大，冒险追分：期望总分少 0.5 分，现在胜率 9%",
        ),
        # 233 against 262: a win needs 30 (1 in 216, keeping 6 6); keeping 5 6 6, a draw at 29
        # (1 in 36) is worth more, and the hint says that it plays for the draw.
        (
            29,
            (6, 6, 5, 4, 3),
            "保留 5 6 6，重掷其余 2 颗（胜算不大，冒险追分："
            "期望总分少 0.5 分，现在胜率 0%，平局 3%）",
        ),
    ],
)
def test_vs_hint_says_why_it_leaves_the_ev_choice(
    solver_table: Table, their_chance: int, dice: tuple[int, ...], text: str
) -> None:
    # The player's last turn, only chance open; the computer has finished.
    upper = [3, 6, 9, 12, 15, 18]
    mine = Sheet(tuple([*upper, 20, 20, 25, 30, 40, 0, None]))
    theirs = Sheet(tuple([*upper, 20, 20, 25, 30, 40, 0, their_chance]))
    turn = Turn(rolls=(dice, dice), keeps=((),), hinted=(False, False))
    game = replace(
        Game.new(Mode.VS, Difficulty.EXPERT, First.COMPUTER),
        sides=(Side(YOU_SEAT, mine), Side(EXPERT_SEAT, theirs)), turn=turn, current=0,
    )  # fmt: skip
    advisor = Advisor(solver_table)
    ev_hint = hint_for(game, advisor, load_outlook(solver_table))
    hint = play_to_win_hint(game, ev_hint, WinModel(load_win_tables(solver_table)), advisor)
    assert hint != ev_hint
    assert hint.text.startswith(text), hint.text
    # Why, in the chance it brings against the EV choice's: 「保留 6 6：胜率从 8% 升到 9%，…」.
    said = re.fullmatch(
        r"(.+)：(胜率|打平的机会)从 (.+)% 升到 (.+)%，虽然期望总分少 (.+) 分", hint.reason
    )
    assert said is not None, hint.reason
    assert float(said[3]) < float(said[4]) and float(said[5]) > 0


def test_a_hint_tied_with_the_ev_one_gives_no_reason(solver_table: Table) -> None:
    """Where the play-to-win choice has exactly the EV choice's expected total (the 高手 keeps
    3 3 where the EV advice keeps 2 2, found in a 普通 against 高手 game), nothing is given up:
    the hint shows that choice as a plain one, with no 「冒险追分」 or 「求稳」."""
    rng = random.Random(5)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME, rng)
    players = (get_player("normal", None, rng), get_player("expert", solver_table, rng))
    while not (game.current == 1 and len(game.sides[1].log) == 11 and game.turn.dice):
        game = game.apply(players[game.current].step(game), rng)
    assert sorted(game.turn.dice or ()) == [2, 2, 3, 3, 4]
    advisor = Advisor(solver_table)
    ev_hint = hint_for(game, advisor, load_outlook(solver_table))
    hint = play_to_win_hint(game, ev_hint, WinModel(load_win_tables(solver_table)), advisor)
    assert ev_hint.text.startswith("保留 2 2，")
    assert hint.ev == ev_hint.ev
    assert hint.text == f"保留 3 3，重掷其余 3 颗（期望总分 {hint.ev:.1f}）"
    assert hint.reason == "保留 3 3：胜率几乎一样（期望总分不变），按求胜的算法略好"


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=99, table=solver_table)) as test_client:
        yield test_client


def test_vs_replies_carry_the_chances(client: TestClient) -> None:
    body = client.post("/api/new", json={"mode": "vs", "difficulty": "expert", "first": "me"})
    assert body.status_code == 200
    for _ in range(8):
        view = body.json()["view"]
        chances = view["chances"]
        assert sum(chances["win"]) + chances["draw"] == pytest.approx(1.0, abs=1e-3)
        game = body.json()["game"]
        if view["current"] == 0 and view["can_roll"]:
            body = client.post("/api/action", json={"game": game, "action": {"type": "roll"}})
        elif view["current"] == 0:
            box = next(b["key"] for b in view["sides"][0]["boxes"] if b["allowed"])
            action = {"type": "score", "box": box}
            body = client.post("/api/action", json={"game": game, "action": action})
        else:
            body = client.post("/api/computer", json={"game": game})
        assert body.status_code == 200
    single = client.post("/api/new", json={"mode": "single"}).json()
    assert "win" not in single["view"]


def test_vs_review_marks_risks_and_charts_the_chances(
    client: TestClient, solver_table: Table
) -> None:
    rng = random.Random(3)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME)
    players = (get_player(EXPERT_EV, solver_table, rng), get_player("expert", solver_table, rng))
    while not game.finished:
        game = game.apply(players[game.current].step(game), rng)
    body = client.post("/api/review", json={"game": to_json(game), "side": "computer"})
    assert body.status_code == 200
    decisions = body.json()["decisions"]
    risks = [i for i, d in enumerate(decisions) if d["risk"]]
    assert risks and body.json()["risks"] == risks
    # A deliberate risk gave expected points up for a better chance, and is no mistake: the
    # identity counts it apart, 开局期望 ＋ 运气 − 失误 − 求胜取舍 ＝ 总分.
    assert all("win_gain" in d and not d["optimal"] for d in decisions if d["risk"])
    assert not set(risks) & set(body.json()["mistakes"])
    summary = body.json()["summary"]
    assert summary["risks"] == len(risks)
    assert summary["risk_loss"] == pytest.approx(sum(decisions[i]["loss"] for i in risks), abs=1e-3)
    mistakes = [d["loss"] for d in decisions if not d["risk"]]
    assert summary["loss"] == pytest.approx(sum(mistakes), abs=1e-3)
    assert summary["average_loss"] == pytest.approx(sum(mistakes) / len(decisions), abs=1e-4)
    final = summary["start"] + summary["luck"] - summary["loss"] - summary["risk_loss"]
    assert final == pytest.approx(summary["final_total"], abs=1e-3)
    assert f"− 求胜取舍 {summary['risk_loss']:.1f} ＝" in summary["text"]

    # The 胜率 chart: one point per decision of both sides, ending at the result.
    curve = body.json()["win_curve"]
    points = curve["points"]
    assert len(points) == sum(1 + len(t.rolls) for side in game.sides for t in side.log)
    assert {p["side"] for p in points} == {"player", "computer"}
    for p in points:
        assert p["player"] + p["draw"] + p["computer"] == pytest.approx(1.0, abs=1e-3)
    assert points[0]["round"] == 1 and points[0]["roll"] == 0 and points[0]["side"] == "player"
    assert 0.4 < points[0]["player"] < 0.6
    result = game.result
    assert result is not None
    assert curve["end"]["draw"] == (result.winner is None)
    assert curve["end"]["player"] == (result.winner == 0)
    player = client.post("/api/review", json={"game": to_json(game), "side": "player"}).json()
    assert player["win_curve"] == curve


def test_only_the_player_and_the_expert_take_risks(client: TestClient, solver_table: Table) -> None:
    """A 入门 or 普通 computer does not play to win: its slip that happens to match the 高手's
    choice is a mistake, not a 求胜取舍 (11 such in 30 games before)."""
    game = risky_game(solver_table)

    def review(level: Difficulty) -> dict[str, Any]:
        played = with_level(game, level)
        body = client.post("/api/review", json={"game": to_json(played), "side": "computer"})
        assert body.status_code == 200
        answer: dict[str, Any] = body.json()
        return answer

    expert = review(Difficulty.EXPERT)
    assert expert["risks"]
    for level in (Difficulty.NORMAL, Difficulty.BEGINNER):
        other = review(level)
        assert other["risks"] == [] and other["summary"]["risks"] == 0
        assert set(expert["risks"]) <= set(other["mistakes"])
        assert other["summary"]["loss"] == pytest.approx(
            expert["summary"]["loss"] + expert["summary"]["risk_loss"], abs=1e-3
        )


def test_a_choice_tied_with_the_ev_one_is_no_risk(client: TestClient, solver_table: Table) -> None:
    """Found in a 普通 against 高手 game: at 12·1 the 高手 kept 3 3 for a sliver more chance
    where the EV choice keeps 2 2, at exactly the same expected total. Nothing was given up,
    so the review marks no risk (it once said 「期望分会少一点，胜率 +0.0%」)."""
    rng = random.Random(5)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME, rng)
    players = (get_player("normal", None, rng), get_player("expert", solver_table, rng))
    while not game.finished:
        game = game.apply(players[game.current].step(game), rng)
    body = client.post("/api/review", json={"game": to_json(game), "side": "computer"}).json()
    tied = next(d for d in body["decisions"] if (d["turn"], d["roll"]) == (12, 1))
    assert tied["chosen"]["keep"] == [3, 3] and tied["best"]["keep"] == [2, 2]
    assert tied["chosen"]["ev"] == tied["best"]["ev"] and tied["optimal"]
    assert not tied["risk"] and "win_gain" not in tied
    assert body["risks"] == [] and body["summary"]["risk_loss"] == 0


def _reviewed(client: TestClient, game: Game, side: str, turn: int, roll: int) -> tuple[bool, bool]:
    """Whether the decision at ``turn``·``roll`` of ``side`` is a risk, and whether a mistake."""
    body = client.post("/api/review", json={"game": to_json(game), "side": side}).json()
    index = next(
        i for i, d in enumerate(body["decisions"]) if (d["turn"], d["roll"]) == (turn, roll)
    )
    return body["decisions"][index]["risk"], index in body["mistakes"]


def test_a_bad_box_after_stopping_as_the_expert_would_is_a_mistake(client: TestClient) -> None:
    # Found by an audit: with 2 2 2 4 4 at its first roll the player stopped, as the 高手 would,
    # then scored 「五点」 0 where the 高手 scores 葫芦 25; the review called all 21.2 points
    # of it a 求胜取舍.
    game = random_game(80, vs=True)
    assert _reviewed(client, game, "player", 2, 1) == (False, True)


def test_a_roll_with_all_five_held_is_never_a_risk(client: TestClient, solver_table: Table) -> None:
    # Where the 高手 stops, the player rolled with all five held instead: the stop was read as
    # the play-to-win option taken (an audit built such games; the page no longer allows it).
    rng = random.Random(1)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME, rng)
    players = [get_player("expert", solver_table, rng) for _ in range(2)]
    advisor, idle = Advisor(solver_table), []
    while not game.finished:
        action = players[game.current].step(game)
        dice, left = game.turn.dice, game.turn.rolls_left
        if game.current == 0 and isinstance(action, Score) and dice and left:
            best = advisor.advise(game.acting.sheet, dice, left).best
            if best.keep is not None and len(best.keep) < 5:
                idle.append((game.round, 3 - left))
                action = Roll((0, 1, 2, 3, 4))
        game = game.apply(action, rng)
    assert idle
    for turn, roll in idle:
        assert _reviewed(client, game, "player", turn, roll) == (False, True)


def test_following_the_expert_is_never_a_mistake(client: TestClient, solver_table: Table) -> None:
    # The 高手 weighs a sliver of expected points too (EV_TIE): at 8·2 (2 5 4 1 6) it keeps 4,
    # which gives up 0.66 points and, by a hair (0.0001), chance too. A player who made that
    # choice followed the 高手: a risk, not a mistake.
    rng = random.Random(158)
    game = Game.new(Mode.VS, Difficulty.EXPERT, rng.choice(list(First)), rng)
    players = [get_player("expert", solver_table, rng) for _ in range(2)]
    while not game.finished:
        game = game.apply(players[game.current].step(game), rng)
    assert _reviewed(client, game, "player", 8, 2) == (True, False)


@pytest.mark.parametrize("seed", [5, 8])  # against 高手 (its chances lifted), 入门
def test_curve_is_what_the_bar_showed(tables: WinTables, seed: int) -> None:
    """Every point of the review's 胜率 curve equals the chances the game showed at that
    decision (``WinModel.chances``), replaying a random vs game action by action."""
    model = WinModel(tables)
    game = random_game(seed, vs=True)
    curve = win_curve(game, model, played_turns(game, model))
    shown: dict[tuple[int, int, int], Chances] = {}
    for k in itertools.count():
        g = random_game(seed, vs=True, stop_after=k)
        if g.finished:
            break
        shown[(g.round, g.current, g.turn.rolls_used)] = model.chances(g)
    assert len(curve.points) == len(shown)
    for p in curve.points:
        want = shown[(p.round, p.seat, p.roll)]
        assert p.chances.win[0] == pytest.approx(want.win[0], abs=1e-12)
        assert p.chances.draw == pytest.approx(want.draw, abs=1e-12)
    assert curve.end == model.chances(game)
    assert curve.end in (
        Chances((1.0, 0.0), 0.0, (1.0, 0.0)),
        Chances((0.0, 0.0), 1.0, (0.5, 0.5)),
        Chances((0.0, 1.0), 0.0, (0.0, 1.0)),
    )


def test_cli_play_to_win_head_to_head(
    solver_table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--player", "expert-win", "--vs", "expert", "--games", "20", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 20 and out["player"] == "expert-win"
    assert out["win"] + out["draw"] + out["loss"] == pytest.approx(1.0)
    assert main([*argv[:4], "normal", "--games", "2"]) == 2


def test_a_damaged_file_is_never_used(
    solver_table: Table, win_tables: WinTables, tmp_path: Path
) -> None:
    assert win_tables.path is not None
    good = win_tables.path
    target = tmp_path / FILE_NAME

    def flip(f: BinaryIO) -> None:
        f.seek(HEADER_SIZE + 10)
        byte = f.read(1)[0]
        f.seek(HEADER_SIZE + 10)
        f.write(bytes([byte ^ 1]))

    def cut(f: BinaryIO) -> None:
        f.truncate(good.stat().st_size - 2)

    def other_header(f: BinaryIO) -> None:
        f.write(b"{}")

    # Each damage made in a copy of the 162 MB file, not in a Python copy of its bytes.
    damaged = {"a flipped byte": flip, "cut short": cut, "another header": other_header}

    def put(damage: Callable[[BinaryIO], None] | None) -> None:
        # As the builders do: a new file renamed into place.
        shutil.copyfile(good, tmp_path / "new")
        if damage is not None:
            with (tmp_path / "new").open("r+b") as f:
                damage(f)
        os.replace(tmp_path / "new", target)

    for what, damage in damaged.items():
        put(damage)
        assert find_win_tables(solver_table, path=target) is None, what
    put(None)
    assert find_win_tables(solver_table, path=target) is not None


def test_a_bad_file_is_checked_and_reported_once(
    solver_table: Table,
    win_tables: WinTables,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # A server without good tables looks once a second; a bad file in a read-only cache was
    # hashed again (162 MB) at every look, slowing 人机对战 requests to 140-380 ms for good.
    assert win_tables.path is not None
    target = tmp_path / FILE_NAME
    good = win_tables.path.read_bytes()
    target.write_bytes(
        good[:HEADER_SIZE] + bytes([good[HEADER_SIZE] ^ 1]) + good[HEADER_SIZE + 1 :]
    )
    reads: list[Path] = []
    read = tables_module._read

    def counted(path: Path, table: Table) -> WinTables:
        reads.append(path)
        return read(path, table)

    monkeypatch.setattr(tables_module, "_read", counted)
    for _ in range(3):
        assert find_win_tables(solver_table, path=target) is None
    assert reads == [target]
    [record] = caplog.records
    assert record.getMessage() == f"win-probability tables {target}: checksum mismatch; not used"


def test_loading_drops_the_files_of_older_formats(
    solver_table: Table, win_tables: WinTables, tmp_path: Path
) -> None:
    assert win_tables.path is not None
    old = tmp_path / "winprob-forced-joker-v1.bin"
    old.write_bytes(b"an older format")
    unrelated = tmp_path / "table-forced-joker-v1.bin"
    unrelated.write_bytes(b"the solver's table")
    target = tmp_path / FILE_NAME
    target.write_bytes(win_tables.path.read_bytes())
    loaded = load_win_tables(solver_table, path=target)
    assert not loaded.built
    assert not old.exists()
    assert unrelated.exists() and target.exists()


def test_a_build_under_way_elsewhere_is_waited_for_not_repeated(
    solver_table: Table,
    win_tables: WinTables,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Servers sharing one cold cache each built the same file: a minute of the cores and
    # up to 1 GB each. Now the second waits for the first and uses its file.
    assert win_tables.path is not None
    target = tmp_path / FILE_NAME
    other = os.open(tmp_path / f".{FILE_NAME}.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(other, fcntl.LOCK_EX)  # another process is building

    def build(table: Table) -> list[Any]:
        raise AssertionError("built the tables again")

    monkeypatch.setattr(tables_module, "_build", build)
    loaded: list[WinTables] = []
    waiter = threading.Thread(
        target=lambda: loaded.append(load_win_tables(solver_table, path=target))
    )
    waiter.start()
    for _ in range(1000):
        if any("another process is building" in r.getMessage() for r in caplog.records):
            break
        time.sleep(0.01)
    shutil.copyfile(win_tables.path, tmp_path / "new")
    os.replace(tmp_path / "new", target)
    os.close(other)  # the other build is done
    waiter.join(timeout=30)
    [found] = loaded
    assert found.path == target and not found.built
