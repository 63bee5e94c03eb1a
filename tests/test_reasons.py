"""Reasons in words: the outlook table, the quantities behind a reason, the rule that picks one,
its sentence, and the API and command-line fields that carry it.

The quantities are held to ``tests.brute`` (every roll played out with the rules engine alone)
on positions one or two boxes from the end, and to hand-computed chances; the sentences of random
positions from simulated games to the exact values, within the rounding ``docs/coaching.md``
documents.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.brute import BONUS, BOX0, EV, PAT0, PATTERNS, YB, Brute, chase
from tests.conftest import random_sheet
from tests.gameplay import random_game
from yahtzee.coaching import Kind, Outcome, Reason, explain, outcomes, reason_for
from yahtzee.coaching.outcomes import PATTERN_BOXES, TOTAL_TOLERANCE, check_total
from yahtzee.coaching.reasons import TURN_MIN, terms
from yahtzee.coaching.words import chance_zh, pair, points_zh
from yahtzee.review import OPTIMAL_TOLERANCE
from yahtzee.rules import BOXES, UPPER_BONUS, Box, Sheet
from yahtzee.server import create_app
from yahtzee.solver import Advisor, Option, Table
from yahtzee.solver.outlook import BONUS_CHANCE, NUM_PARTS, YAHTZEE_BONUSES
from yahtzee.solver.outlook_store import Outlook
from yahtzee.solver.tables import ROLL_PROB, ROLLS, UPPER_CAP


@pytest.fixture(scope="module")
def advisor(solver_table: Table) -> Advisor:
    return Advisor(solver_table)


def sheet_with(open_boxes: list[Box], scores: dict[str, int] | None = None) -> Sheet:
    """Every box but ``open_boxes`` filled with 0 (chance with 5), then ``scores``."""
    filled = {b.value: 5 if b is Box.CHANCE else 0 for b in BOXES if b not in open_boxes}
    return Sheet.from_scores(filled | (scores or {}))


NEAR_BONUS = {"ones": 1, "twos": 4, "threes": 9, "fours": 16, "sixes": 18}
"""48 in the upper boxes but fives: three 5s reach 63."""


# The outlook table --------------------------------------------------------------------------


def test_the_outlook_splits_every_state_value(outlook: Outlook) -> None:
    """W(s) = the boxes' points to come + 35 × (bonus chance − earned) + Yahtzee bonus to come,
    for every reachable state (float32 rounding apart)."""
    w = outlook.values
    found = np.argwhere(outlook.rows >= 0)
    m, y, u = found.T
    parts = outlook.parts[outlook.rows[m, y, u]].astype(np.float64)
    rebuilt = (
        parts[:, : len(BOXES)].sum(axis=1)
        + UPPER_BONUS * (parts[:, BONUS_CHANCE] - (u >= UPPER_CAP))
        + parts[:, YAHTZEE_BONUSES]
    )
    assert parts.shape[1] == NUM_PARTS and len(found) == 536_448
    assert np.abs(rebuilt - w[m, y, u]).max() < 1e-3
    assert ((parts[:, BONUS_CHANCE] >= 0) & (parts[:, BONUS_CHANCE] <= 1 + 1e-6)).all()
    # A new game: the +35 about two games in three, 快艇's 50 about one in three.
    new = outlook.parts[outlook.rows[0, 0, 0]]
    assert new[BONUS_CHANCE] == pytest.approx(0.681, abs=1e-3)
    assert new[Box.YAHTZEE.pos] / 50 == pytest.approx(0.337, abs=1e-3)


def test_the_outlook_is_the_turn_carried_forward(
    outlook: Outlook, advisor: Advisor, rng: random.Random
) -> None:
    """A state's row is the mean, over the first roll, of what the advisor's best option then
    leads to (computed one decision at a time, by another path through the kernel)."""
    for filled in (3, 9, 12):
        sheet = random_sheet(rng, filled)
        expected = np.zeros(NUM_PARTS)
        for r, roll in enumerate(ROLLS):
            best = advisor.advise(sheet, roll, 2).best
            [outcome] = outcomes(outlook, sheet, roll, 2, [best])
            row = [*(b - (v or 0) for b, v in zip(outcome.boxes, sheet.boxes, strict=True))]
            row += [outcome.bonus, outcome.yahtzee_bonus - sheet.yahtzee_bonus]
            expected += ROLL_PROB[r] * np.array(row)
        mask = sheet.used_mask
        y = int(sheet.get(Box.YAHTZEE) == 50)
        u = min(sheet.upper_subtotal, UPPER_CAP)
        got = outlook.parts[outlook.rows[mask, y, u]]
        assert np.abs(got - expected).max() < 1e-4


# The quantities, against the brute-force evaluator --------------------------------------------


def _agree(outcome: Outcome, vec: np.ndarray, tolerance: float) -> None:
    assert outcome.option.ev == pytest.approx(vec[EV], abs=tolerance)
    assert np.allclose(outcome.boxes, vec[BOX0 : BOX0 + len(BOXES)], atol=tolerance)
    assert outcome.bonus == pytest.approx(vec[BONUS], abs=tolerance)
    assert outcome.yahtzee_bonus == pytest.approx(vec[YB], abs=tolerance)
    assert [outcome.turn[b] for b in PATTERNS] == pytest.approx(list(vec[PAT0:]), abs=tolerance)
    assert check_total(outcome) < TOTAL_TOLERANCE


POSITIONS_NEAR_THE_END = [
    # One box open: the last turn.
    (sheet_with([Box.LARGE_STRAIGHT]), (2, 3, 4, 5, 5), 1),
    (sheet_with([Box.YAHTZEE]), (6, 6, 6, 1, 2), 2),
    (sheet_with([Box.FIVES], NEAR_BONUS), (5, 5, 1, 2, 3), 2),
    (sheet_with([Box.FULL_HOUSE], {"yahtzee": 50}), (3, 3, 3, 3, 4), 1),
    (sheet_with([Box.CHANCE]), (1, 2, 6, 6, 6), 2),
    # Two boxes open.
    (sheet_with([Box.LARGE_STRAIGHT, Box.FULL_HOUSE]), (2, 3, 3, 4, 5), 2),
    (sheet_with([Box.YAHTZEE, Box.CHANCE]), (1, 2, 3, 4, 6), 0),
    (sheet_with([Box.FIVES, Box.FULL_HOUSE], NEAR_BONUS), (2, 2, 5, 5, 6), 2),
    (sheet_with([Box.FIVES, Box.CHANCE], NEAR_BONUS), (5, 5, 5, 1, 2), 0),
    (sheet_with([Box.SIXES, Box.FOUR_OF_A_KIND], {"yahtzee": 50}), (6, 6, 6, 6, 6), 1),
]


@pytest.mark.parametrize(("sheet", "dice", "rolls_left"), POSITIONS_NEAR_THE_END)
def test_outcomes_are_the_brute_force_ones(
    outlook: Outlook,
    advisor: Advisor,
    sheet: Sheet,
    dice: tuple[int, ...],
    rolls_left: int,
) -> None:
    brute = Brute()
    advice = advisor.advise(sheet, dice, rolls_left)
    options = advice.options[:6]
    for outcome, option in zip(
        outcomes(outlook, sheet, dice, rolls_left, options), options, strict=True
    ):
        if option.keep is None or len(option.keep) == 5:
            assert option.box is not None
            vec = brute.scored(sheet, dice, option.box)
            assert [outcome.chase[b] for b in PATTERNS] == list(vec[PAT0:])
        else:
            vec = brute.keep(sheet, option.keep, rolls_left)
            chased = [chase(option.keep, rolls_left, b) for b in PATTERNS]
            assert [outcome.chase[b] for b in PATTERNS] == pytest.approx(chased, abs=1e-12)
        _agree(outcome, vec, 1e-4)
    # The best option is the brute force's best too.
    assert advice.best.ev == pytest.approx(brute.roll(sheet, dice, rolls_left)[EV], abs=1e-6)


def test_a_practice_answer_scoring_with_rolls_left_is_that_box(
    outlook: Outlook, advisor: Advisor
) -> None:
    """Stopping to score a box that is not the best one counts that box, not the best."""
    sheet = sheet_with([Box.LARGE_STRAIGHT, Box.CHANCE])
    dice = (2, 3, 4, 5, 6)
    chance = Option(dice, Box.CHANCE, 20, advisor.box_options(sheet, dice)[1].ev)
    [outcome] = outcomes(outlook, sheet, dice, 2, [chance])
    _agree(outcome, Brute().scored(sheet, dice, Box.CHANCE), 1e-4)


# Hand-checkable chances -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("open_box", "dice", "rolls_left", "keep", "chance"),
    [
        # 2 3 4 5 needs a 1 or a 6: one roll, then two.
        (Box.LARGE_STRAIGHT, (2, 3, 4, 5, 5), 1, (2, 3, 4, 5), Fraction(1, 3)),
        (Box.LARGE_STRAIGHT, (2, 3, 4, 5, 5), 2, (2, 3, 4, 5), 1 - Fraction(2, 3) ** 2),
        # Two more 6s in two rolls, keeping every 6: both at once, one then one, none then both.
        (
            Box.YAHTZEE,
            (6, 6, 6, 1, 2),
            2,
            (6, 6, 6),
            Fraction(1, 36) + Fraction(10, 36) * Fraction(1, 6) + Fraction(25, 36) / 36,
        ),
        # A full house from two pairs: the fifth die matches either pair.
        (Box.FULL_HOUSE, (2, 2, 5, 5, 6), 1, (2, 2, 5, 5), Fraction(1, 3)),
    ],
)
def test_this_turns_chance_of_a_pattern_by_hand(
    outlook: Outlook,
    advisor: Advisor,
    open_box: Box,
    dice: tuple[int, ...],
    rolls_left: int,
    keep: tuple[int, ...],
    chance: Fraction,
) -> None:
    sheet = sheet_with([open_box])
    option = next(o for o in advisor.advise(sheet, dice, rolls_left).options if o.keep == keep)
    [outcome] = outcomes(outlook, sheet, dice, rolls_left, [option])
    # With that box alone open, playing on optimally is playing for it.
    assert outcome.turn[open_box] == pytest.approx(float(chance), abs=1e-12)
    assert outcome.chase[open_box] == pytest.approx(float(chance), abs=1e-12)
    points = {Box.LARGE_STRAIGHT: 40, Box.YAHTZEE: 50, Box.FULL_HOUSE: 25}[open_box]
    assert outcome.box(open_box) == pytest.approx(points * float(chance), abs=1e-6)


# The sentences of positions one can check by hand ---------------------------------------------


def test_sentences_of_hand_checkable_positions(outlook: Outlook, advisor: Advisor) -> None:
    brute = Brute()

    def reason(sheet: Sheet, dice: tuple[int, ...], rolls_left: int) -> Reason:
        return reason_for(outlook, sheet, dice, rolls_left, advisor.advise(sheet, dice, rolls_left))

    # 2 3 4 5 with a roll left, 大顺 and 机会 open: a 1 or a 6 (1/3), against two dice that make
    # 1 2 or 2 6 or 1 6... for 3 4 5: {1, 2} or {2, 6} or {6, 2}... = 4/36 (1/9).
    said = reason(sheet_with([Box.LARGE_STRAIGHT, Box.CHANCE]), (2, 3, 4, 5, 5), 1)
    assert said.text == "保留 2 3 4 5：这一回合成「大顺」的机会 33%，保留 3 4 5 只有 11%"
    assert (said.best, said.other) == pytest.approx((1 / 3, 1 / 9))
    # The sacrifice: 0 in 快艇 now, 机会 worth 23.3 later; 快艇 kept open worth 50 × 4.6 %.
    sheet = sheet_with([Box.YAHTZEE, Box.CHANCE])
    said = reason(sheet, (1, 2, 3, 4, 6), 0)
    chance_later = brute.scored(sheet, (1, 2, 3, 4, 6), Box.YAHTZEE)[BOX0 + Box.CHANCE.pos]
    yahtzee_later = brute.scored(sheet, (1, 2, 3, 4, 6), Box.CHANCE)[BOX0 + Box.YAHTZEE.pos]
    assert f"{chance_later:.1f}" == "23.3" and f"{yahtzee_later:.1f}" == "2.3"
    assert said.text == (
        "现在写 0 在「快艇」：「机会」留到后面平均能拿 23.3 分，现在登记只有 16 分；"
        "「快艇」留着平均也只能拿 2.3 分"
    )
    assert said.kind is Kind.KEPT_OPEN and said.aside == pytest.approx(yahtzee_later, abs=1e-5)
    # Three 5s reach 63 now; 机会 now leaves the +35 to the last turn's three 5s or more.
    sheet = sheet_with([Box.FIVES, Box.CHANCE], NEAR_BONUS)
    said = reason(sheet, (5, 5, 5, 1, 2), 0)
    later = brute.scored(sheet, (5, 5, 5, 1, 2), Box.CHANCE)[BONUS]
    assert said.text == f"登记「五点」：上区奖励的机会从 {round(100 * later)}% 升到 100%"
    assert said.text == "登记「五点」：上区奖励的机会从 35% 升到 100%"
    # The last box: nothing to choose.
    assert reason(sheet_with([Box.CHANCE]), (6, 6, 6, 1, 2), 0).text == "只有「机会」可以登记"


# The rule that picks the consequence, on outcomes made by hand --------------------------------


def outcome(option: Option, **values: object) -> Outcome:
    """An outcome with every box at 10 points unless ``boxes`` says otherwise."""
    boxes = dict.fromkeys(BOXES, 10.0) | values.get("boxes", {})  # type: ignore[operator]
    return Outcome(
        option=option,
        boxes=tuple(boxes[b] for b in BOXES),
        bonus=float(values.get("bonus", 0.5)),  # type: ignore[arg-type]
        yahtzee_bonus=float(values.get("yahtzee_bonus", 0.0)),  # type: ignore[arg-type]
        turn=dict.fromkeys(PATTERN_BOXES, 0.0) | values.get("turn", {}),  # type: ignore[operator]
        chase=dict.fromkeys(PATTERN_BOXES, 0.0) | values.get("turn", {}),  # type: ignore[operator]
    )


def keep(faces: tuple[int, ...], ev: float) -> Option:
    return Option(faces, None, None, ev)


def test_the_largest_gain_is_said_the_upper_bonus() -> None:
    best = outcome(keep((5, 5), 200.0), bonus=0.58, boxes={Box.FIVES: 12.0})
    other = outcome(keep((5, 5, 6), 200.0 - 0.17 * 35 - 1.0), bonus=0.41, boxes={Box.FIVES: 11.0})
    said = explain(best, other, Sheet())
    assert said.text == "保留 5 5：上区奖励的机会从 41% 升到 58%"
    assert said.kind is Kind.BONUS and (said.best, said.other) == (0.58, 0.41)
    assert terms(best, other)[0].kind is Kind.BONUS


def test_the_largest_gain_is_said_this_turns_straight() -> None:
    best = outcome(
        keep((3, 4, 5), 200.0),
        boxes={Box.LARGE_STRAIGHT: 20.4},
        turn={Box.LARGE_STRAIGHT: 0.31},
    )
    other = outcome(
        keep((5, 5), 195.0),
        boxes={Box.LARGE_STRAIGHT: 15.1},
        turn={Box.LARGE_STRAIGHT: 0.04},
    )
    assert (
        explain(best, other, Sheet()).text
        == "保留 3 4 5：这一回合成「大顺」的机会 31%，保留 5 5 只有 4%"
    )
    # A smaller difference this turn than TURN_MIN: the points the box is expected to end with.
    other = outcome(
        keep((5, 5), 195.0),
        boxes={Box.LARGE_STRAIGHT: 15.1},
        turn={Box.LARGE_STRAIGHT: 0.31 - TURN_MIN / 2},
    )
    said = explain(best, other, Sheet())
    assert said.text == "保留 3 4 5：「大顺」最后平均能拿 20.4 分，保留 5 5 只有 15.1 分"


def test_a_tempting_pattern_of_the_other_option_is_answered() -> None:
    """Two pairs: the full house this turn is likely, but the box gains little in the end."""
    best = outcome(keep((6, 6), 226.74), bonus=0.6678, boxes={Box.FULL_HOUSE: 18.0})
    other = outcome(
        keep((3, 3, 6, 6), 222.95),
        bonus=0.6294,
        boxes={Box.FULL_HOUSE: 18.6},
        turn={Box.FULL_HOUSE: 5 / 9},
    )
    said = explain(best, other, Sheet())
    assert said.text == (
        "保留 6 6：上区奖励的机会从 63% 升到 67%；"
        "保留 3 3 6 6 拼「葫芦」这一回合有 56% 的机会，但「葫芦」最后平均只多 0.6 分"
    )
    assert said.lure is Box.FULL_HOUSE and said.lure_turn == 5 / 9
    assert said.lure_points == pytest.approx(0.6)


def test_a_zero_written_says_what_the_box_kept_open_brings() -> None:
    best = outcome(Option(None, Box.YAHTZEE, 0, 200.0), boxes={Box.YAHTZEE: 0.0, Box.CHANCE: 22.5})
    other = outcome(Option(None, Box.CHANCE, 18, 196.7), boxes={Box.YAHTZEE: 1.2, Box.CHANCE: 18.0})
    said = explain(best, other, Sheet())
    assert said.text == (
        "现在写 0 在「快艇」：「机会」留到后面平均能拿 22.5 分，现在登记只有 18 分；"
        "「快艇」留着平均也只能拿 1.2 分"
    )
    assert said.aside == 1.2
    # Scoring now what later would bring less.
    best = outcome(Option(None, Box.THREE_OF_A_KIND, 24, 200.0), boxes={Box.THREE_OF_A_KIND: 24})
    other = outcome(
        Option(None, Box.CHANCE, 24, 195.0), boxes={Box.THREE_OF_A_KIND: 19.25, Box.CHANCE: 24}
    )
    said = explain(best, other, Sheet())
    assert said.text == "登记「三条」：「三条」现在就得 24 分，留到后面平均只能拿 19.2 分"


def test_ties_close_calls_and_single_options() -> None:
    best, other = outcome(keep((2, 2), 120.0)), outcome(keep((3, 3), 120.0))
    assert explain(best, other, Sheet()).text == "保留 2 2：和保留 3 3 一样好，期望总分相同"
    # The largest term reads the same even to 0.01: the gap instead.
    best = outcome(keep((2, 2), 120.004), boxes={Box.TWOS: 10.004})
    said = explain(best, other, Sheet())
    assert said.kind is Kind.CLOSE
    assert said.text == "保留 2 2：和保留 3 3 几乎一样，期望总分相差不到 0.01 分"


def test_figures_are_rounded_as_documented() -> None:
    assert [chance_zh(x) for x in (0, 0.004, 0.0041, 0.41, 0.9951, 0.99996, 1)] == [
        "0%", "0.4%", "0.4%", "41%", "99.5%", "99.996%", "100%"
    ]  # fmt: skip
    assert chance_zh(0.00001) == "0.001%"  # an open chance never reads 0
    assert [points_zh(x) for x in (16, 16.0, 2.3014, 0.04)] == ["16", "16", "2.3", "0.0"]
    assert pair(chance_zh, 0.412, 0.408) == ("41.2%", "40.8%")
    assert pair(chance_zh, 0.41201, 0.41199) is None
    assert pair(points_zh, 24.0, 23.96) == ("24", "23.96")


# Random positions from simulated games ---------------------------------------------------------

FIGURE = re.compile(r"(\d+(?:\.\d+)?)(%| 分)")
RULE_FIGURES = re.compile(r"（加 100 分）|（50 分）")


def figures(text: str) -> list[tuple[float, int, str]]:
    """The figures a sentence shows after its action: (value, decimals shown, unit), a chance
    as a fraction of 1; the rule's own numbers (「（50 分）」) left out."""
    said = RULE_FIGURES.sub("", text.split("：", 1)[1])
    found = []
    for number, unit in FIGURE.findall(said):
        decimals = len(number.split(".")[1]) if "." in number else 0
        value = float(number) / (100 if unit == "%" else 1)
        found.append((value, decimals, unit))
    return found


def shown_right(shown: tuple[float, int, str], exact: float) -> bool:
    """``shown`` is ``exact`` rounded as documented: a chance to its decimals of a percent,
    0 % and 100 % only within 1e-6; points to their decimals, whole ones only when exact."""
    value, decimals, unit = shown
    exact = float(exact)
    if unit == "%":
        if value in (0.0, 1.0):
            return abs(exact - value) <= 1e-6
        return abs(value - exact) <= 0.5 * 10.0 ** -(decimals + 2) + 1e-9
    if decimals == 0:
        return abs(value - exact) <= 1e-6
    return abs(value - exact) <= 0.5 * 10.0**-decimals + 1e-9


def check_reason(reason: Reason, sheet: Sheet, pair_: tuple[Outcome, Outcome] | None) -> None:
    """``reason`` is one sentence whose figures are the exact values of the two outcomes (the
    best option's and the one compared), rounded as documented."""
    text = reason.text
    assert text and "\n" not in text and text.count("：") <= 1
    if pair_ is None:
        assert reason.kind is Kind.ONLY
        return
    best, other = pair_
    gap = best.option.ev - other.option.ev
    assert sum(t.points for t in terms(best, other)) == pytest.approx(gap, abs=2e-3)
    if reason.kind is Kind.TIE:
        assert gap <= OPTIMAL_TOLERANCE
        return
    shown = figures(text)
    if reason.lure is not None:
        # 「；{other} 拼「{lure}」这一回合有 {chance} 的机会，但「{lure}」最后平均只多 {points} 分」
        lure, lure_turn, lure_points = reason.lure, reason.lure_turn, reason.lure_points
        assert lure_turn is not None and lure_points is not None
        assert lure_turn == other.chase[lure]
        assert lure_points == pytest.approx(other.box(lure) - best.box(lure), abs=1e-9)
        assert lure_turn - best.chase[lure] >= TURN_MIN and lure is not reason.box
        assert shown_right(shown[-2], lure_turn) and shown_right(shown[-1], lure_points)
        shown = shown[:-2]
    if reason.kind is Kind.CLOSE:
        assert gap < 0.01 if "不到" in text else abs(shown[0][0] - gap) <= 0.005
        return
    box = reason.box
    match reason.kind:
        case Kind.BONUS:
            values = (best.bonus, other.bonus)
        case Kind.YAHTZEE:
            values = (best.box(Box.YAHTZEE) / 50, other.box(Box.YAHTZEE) / 50)
        case Kind.TURN:
            assert box is not None
            values = (best.chase[box], other.chase[box])
            assert values[0] - values[1] >= TURN_MIN
        case Kind.YAHTZEE_BONUS:
            had = sheet.yahtzee_bonus
            values = (best.yahtzee_bonus - had, other.yahtzee_bonus - had)
        case _:
            assert box is not None
            values = (best.box(box), other.box(box))
    assert (reason.best, reason.other) == values
    # The best option gains what the sentence names.
    assert values[0] > values[1]
    if reason.kind in (Kind.BONUS, Kind.YAHTZEE):
        shown = shown[::-1]  # 「从 {other} 升到 {best}」
    assert shown_right(shown[0], values[0])
    if len(shown) == 1:
        assert text.endswith("没有这个机会") and values[1] <= 1e-6
    else:
        assert shown_right(shown[1], values[1])
    if reason.aside is not None:
        assert reason.kind is Kind.KEPT_OPEN and shown_right(shown[2], reason.aside)
        zeroed = best.option.box
        assert zeroed is not None and reason.aside == other.box(zeroed)


@given(seed=st.integers(0, 10**6), actions=st.integers(1, 120))
@settings(max_examples=60, deadline=None)
def test_reasons_of_random_positions_show_the_exact_values(
    outlook: Outlook, advisor: Advisor, seed: int, actions: int
) -> None:
    game = random_game(seed, vs=False, stop_after=actions)
    dice = game.turn.dice
    if dice is None or game.finished:
        return
    sheet, rolls_left = game.acting.sheet, game.turn.rolls_left
    advice = advisor.advise(sheet, dice, rolls_left)
    best = advice.best
    # The hint's reason (against the runner-up), then a random answer's (against it).
    for answer in (None, random.Random(seed).choice(advice.options)):
        reason = reason_for(outlook, sheet, dice, rolls_left, advice, answer)
        compared = answer if answer is not None and answer != best else None
        if compared is None and len(advice.options) > 1:
            compared = advice.options[1]
        found = None
        if compared is not None:
            made = outcomes(outlook, sheet, dice, rolls_left, (best, compared))
            found = (made[0], made[1])
        check_reason(reason, sheet, found)


# The API and the command line -------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=5, table=solver_table)) as test_client:
        yield test_client


def test_a_hint_carries_its_reason(client: TestClient) -> None:
    body = client.post("/api/new", json={"mode": "single"}).json()
    body = client.post(
        "/api/action", json={"game": body["game"], "action": {"type": "roll"}}
    ).json()
    hint = client.post("/api/hint", json={"game": body["game"]}).json()["hint"]
    reason, text = hint["reason"], hint["text"]
    assert reason and "\n" not in reason
    # It opens with what the hint says to do.
    action = reason.split("：")[0]
    if hint["box"] is None:
        assert text.startswith(action + "，") or text.startswith(action + "（")
    else:
        box = next(b for b in BOXES if b.value == hint["box"])
        assert f"「{box.zh}」" in action and f"「{box.zh}」" in text


def test_the_api_document_types_the_reasons(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    schemas = spec["components"]["schemas"]
    assert "reason" in schemas["Hint"]["required"]
    assert "reason" in schemas["GradeView"]["required"]


def test_a_graded_answer_says_why_the_best_beats_it(client: TestClient) -> None:
    position = {
        "sheet": {b.value: 0 for b in BOXES if b not in (Box.YAHTZEE, Box.CHANCE)},
        "dice": [1, 2, 3, 4, 6],
        "rolls_left": 0,
    }
    answer = {"type": "score", "box": "chance"}
    body = client.post("/api/practice/grade", json={"position": position, "answer": answer}).json()
    assert not body["is_best"]
    assert body["reason"] == (
        "现在写 0 在「快艇」：「机会」留到后面平均能拿 23.3 分，现在登记只有 16 分；"
        "「快艇」留着平均也只能拿 2.3 分"
    )
    answer = {"type": "score", "box": "yahtzee"}
    body = client.post("/api/practice/grade", json={"position": position, "answer": answer}).json()
    assert body["is_best"] and body["reason"].startswith("现在写 0 在「快艇」：")
