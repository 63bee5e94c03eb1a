"""The 胜率 at a table of 2 to 4: exact endgames, every seat's chances a law, the 高手 playing to
beat the best of the others, and the table's review."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import random_sheet
from tests.gameplay import random_table
from tests.test_winprob import TARGET_PLAY, _chance_only, _turn_law
from yahtzee.codec import to_json
from yahtzee.game import First, Game, PlayerKind, Score, Seat, Turn
from yahtzee.players import get_player
from yahtzee.players.winmax import WinMaxPlayer
from yahtzee.rules import Sheet
from yahtzee.server import create_app
from yahtzee.solver import Table
from yahtzee.solver.tables import FULL_MASK
from yahtzee.winprob.estimate import Chances, WinModel
from yahtzee.winprob.kernel import after_against
from yahtzee.winprob.tables import WinTables

HUMAN, NORMAL, EXPERT = PlayerKind.HUMAN, PlayerKind.NORMAL, PlayerKind.EXPERT


def _full(total: int) -> tuple[int, int, int, int]:
    return total, FULL_MASK, 0, 0


@pytest.mark.parametrize("gap", [-3, 0, 6, 17])
def test_the_last_turn_against_two_finished_seats_is_exact(win_tables: WinTables, gap: int) -> None:
    # Only my chance box is open; the two others have finished level, `gap` points ahead of me.
    u, d = after_against(_chance_only(200), [_full(200 + gap), _full(200 + gap)], win_tables.laws)
    if gap < 0:
        assert (u, d) == (1.0, 0.0)
        return
    share, draw = TARGET_PLAY
    win = share[gap] - draw[gap] / 2
    # A three-way tie gives a third; below them, the two others share the best.
    assert u == pytest.approx(win + draw[gap] / 3, abs=1e-9)
    assert d == pytest.approx(1.0 - win, abs=1e-9)


def test_the_last_turn_against_a_last_turn_and_a_finished_seat_is_exact(
    win_tables: WinTables,
) -> None:
    # B plays its last chance turn (EV-optimally) before me; C has finished on 163; I know the
    # best of them when I play mine, the last of the game.
    law = _turn_law(sum)
    share, draw = TARGET_PLAY
    for mine, b, c in ((150, 140, 163), (150, 150, 160), (155, 150, 171)):
        want = 0.0
        for v, p in law.items():
            best = max(b + int(v), c)
            others = (b + int(v) == best) + (c == best)
            need = best - mine
            if need < 0:
                want += p
            elif need < len(share):
                win = share[need] - draw[need] / 2
                want += p * (win + draw[need] / (others + 1))
        u, _ = after_against(_chance_only(mine), [_chance_only(b), _full(c)], win_tables.laws)
        assert u == pytest.approx(want, abs=1e-9)


def _table_game(rng: random.Random, count: int) -> Game:
    """A random position of a table of ``count``: the acting seat's sheet and the others' one
    box apart at most, dice showing."""
    filled = rng.randrange(13)
    kinds = [rng.choice([HUMAN, NORMAL, EXPERT]) for _ in range(count)]
    kinds[rng.randrange(count)] = HUMAN
    seats = [Seat(f"s{i}", kind) for i, kind in enumerate(kinds)]
    game = Game.seated(seats, First.ME)
    current = rng.randrange(count)
    sides = []
    for i, side in enumerate(game.sides):
        # Seats before the acting one have played this round.
        done = filled + (1 if i < current else 0)
        sides.append(replace(side, sheet=random_sheet(rng, min(done, 12))))
    dice = tuple(rng.randint(1, 6) for _ in range(5))
    used = 3 - rng.randrange(3)
    turn = Turn(rolls=(dice,) * used, keeps=((),) * (used - 1), hinted=(False,) * used)
    return replace(game, sides=tuple(sides), current=current, turn=turn)


def _a_law(chances: Chances, count: int) -> None:
    assert len(chances.win) == len(chances.share) == count
    assert sum(chances.win) + chances.draw == pytest.approx(1.0)
    assert sum(chances.share) == pytest.approx(1.0)
    assert min(chances.win) >= 0.0 and chances.draw >= 0.0
    for win, share in zip(chances.win, chances.share, strict=True):
        assert win - 1e-12 <= share <= win + chances.draw + 1e-12


@given(seed=st.integers(0, 2**32 - 1), count=st.integers(2, 4))
@settings(max_examples=40, deadline=None)
def test_every_seats_chances_are_a_law_and_the_expert_plays_legally(
    solver_table: Table, win_tables: WinTables, seed: int, count: int
) -> None:
    rng = random.Random(seed)
    game = _table_game(rng, count)
    model = WinModel(win_tables)
    _a_law(model.chances(game), count)
    player = WinMaxPlayer(solver_table, model)
    game.apply(player.step(game), rng)  # the checked path raises on anything illegal


def test_a_finished_table_is_certain() -> None:
    assert Chances.final((250, 250, 200)) == Chances((0.0, 0.0, 0.0), 1.0, (0.5, 0.5, 0.0))
    assert Chances.final((190, 250, 200)) == Chances((0.0, 1.0, 0.0), 0.0, (0.0, 1.0, 0.0))


def test_equal_seats_have_equal_chances(win_tables: WinTables) -> None:
    # Three people at the start of the game, the second about to roll: the two waiting are
    # alike, and everybody's share is near a third.
    game = Game.seated([Seat(n, HUMAN) for n in "ABC"], First.ME)
    game = replace(game, current=1, sides=(replace(game.sides[0], sheet=Sheet()), *game.sides[1:]))
    chances = WinModel(win_tables).chances(game)
    _a_law(chances, 3)
    assert chances.share[0] == pytest.approx(chances.share[2], abs=1e-9)
    for share in chances.share:
        assert share == pytest.approx(1 / 3, abs=0.02)


def test_a_shortfall_lowers_a_computers_chance(win_tables: WinTables) -> None:
    people = Game.seated([Seat("A", HUMAN), Seat("B", HUMAN), Seat("C", HUMAN)], First.ME)
    with_normal = Game.seated([Seat("A", HUMAN), Seat("B", HUMAN), Seat("C", NORMAL)], First.ME)
    model = WinModel(win_tables)
    assert model.chances(with_normal).share[2] < model.chances(people).share[2] - 0.05


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=55, table=solver_table)) as test_client:
        yield test_client


def test_a_table_shows_every_seats_chances(client: TestClient) -> None:
    seats = [{"name": n, "player": p} for n, p in (("小明", "human"), ("高手", "expert"),
                                                  ("普通", "normal"))]  # fmt: skip
    view = client.post("/api/new", json={"mode": "table", "seats": seats}).json()["view"]
    chances = view["chances"]
    assert len(chances["win"]) == len(chances["share"]) == 3
    assert sum(chances["win"]) + chances["draw"] == pytest.approx(1.0, abs=1e-3)
    assert sum(chances["share"]) == pytest.approx(1.0, abs=1e-3)
    vs = client.post("/api/new", json={"mode": "vs", "difficulty": "expert"}).json()["view"]
    assert len(vs["chances"]["win"]) == 2 and "win" not in vs  # as a table's: seat by seat


def test_every_person_at_a_table_gets_a_review_with_the_chart(
    client: TestClient, solver_table: Table
) -> None:
    game = random_table(12)
    while len(game.sides) < 3:
        game = random_table(len(game.sides) * 100 + 1)
    body = to_json(game)
    for seat, side in enumerate(game.sides):
        review: dict[str, Any] = client.post(
            "/api/review", json={"game": body, "seat": seat}
        ).json()
        summary = review["summary"]
        final = summary["start"] + summary["luck"] - summary["loss"] - summary["risk_loss"]
        assert final == pytest.approx(side.sheet.total, abs=1e-3)  # the exact identity
        points = review["win_curve"]["points"]
        assert {p["seat"] for p in points} == set(range(len(game.sides)))
        for p in points:
            assert "player" not in p  # 人机对战's compatibility fields only
            assert sum(p["chances"]["share"]) == pytest.approx(1.0, abs=1e-3)
        assert review["win_curve"]["final"]["share"] == [pytest.approx(x) for x in _shares(game)]


def _shares(game: Game) -> list[float]:
    totals = [side.sheet.total for side in game.sides]
    best = max(totals)
    return [(t == best) / totals.count(best) for t in totals]


def test_the_expert_at_a_table_plays_to_beat_the_best_of_the_others(
    solver_table: Table, win_tables: WinTables
) -> None:
    # Last turn, only chance open for the 高手. The EV optimum would take the sure 24 in chance;
    # 24 beats the second seat but not the best one, 30 points ahead: it must gamble.
    upper = [3, 6, 9, 12, 15, 18]
    base = [*upper, 20, 20, 25, 30, 40, 0]
    me = Sheet(tuple([*base, None]))
    behind = Sheet(tuple([*base, 10]))
    ahead = Sheet(tuple([*base, 29]))
    game = Game.seated([Seat("甲", HUMAN), Seat("乙", HUMAN), Seat("高手", EXPERT)], First.ME)
    sides = (replace(game.sides[0], sheet=behind), replace(game.sides[1], sheet=ahead),
             replace(game.sides[2], sheet=me))  # fmt: skip
    turn = Turn(rolls=((6, 6, 5, 4, 3),), keeps=(), hinted=(False,))
    game = replace(game, sides=sides, current=2, round=13, turn=turn)
    expert = get_player("expert", solver_table, random.Random(1))
    step = expert.step(game)
    assert not isinstance(step, Score)  # 24 now cannot win; it rolls on for 30
    ev = get_player("expert-ev", solver_table, random.Random(1)).step(game)
    assert step != ev
    assert np.isfinite(WinModel(win_tables).chances(game).share[2])


def test_against_one_seat_a_draw_counts_half_as_it_always_has(win_tables: WinTables) -> None:
    """Against one other seat A's share is summed cell by cell of A's stored law against the
    other's interpolated CDF: P(B < x) + ½ P(B = x), the pairwise formula of 人机对战."""
    from yahtzee.winprob.dist import SCALE, cdf_at
    from yahtzee.winprob.estimate import side_state

    t = win_tables
    rng = random.Random(4)
    for _ in range(20):
        filled = rng.randrange(11)
        a = side_state(random_sheet(rng, filled))
        b = side_state(random_sheet(rng, max(filled - rng.randrange(2), 0)))
        ra, rb = t.rows[a[1], a[2], a[3]], t.rows[b[1], b[2], b[3]]
        h = int(t.step[ra])
        want = 0.0
        for j in range(len(t.knots[ra]) - 1):
            m = (float(t.knots[ra, j + 1]) - float(t.knots[ra, j])) / SCALE
            x = a[0] + int(t.lo[ra]) + j * h + 0.5 * (h - 1)
            want += m * cdf_at(t.knots, t.lo, t.step, rb, x - b[0])
        u, _ = after_against(a, [b], t.laws)
        assert u == pytest.approx(want, abs=1e-12)
