"""The review's exact identity: final total = W(start) + Σ luck − Σ loss, on any game."""

from __future__ import annotations

import json
import random
import re
import unicodedata
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gameplay import PLAYER, random_game, risky_game
from yahtzee.cli import main
from yahtzee.codec import dumps
from yahtzee.errors import IllegalMoveError
from yahtzee.game import Game, Roll, Score, UseHint, positions_for
from yahtzee.report import review_json
from yahtzee.review import review_side
from yahtzee.rules import BOXES, Box, Sheet
from yahtzee.solver import NEW_GAME_VALUE, Advisor, Table
from yahtzee.winprob.tables import WinTables
from yahtzee.words import identity_zh, shortfall_zh, signed_zh


def optimal_game(advisor: Advisor, seed: int, game: Game | None = None) -> Game:
    """A single-player game in which every decision is the advisor's best (from ``game``, a
    game between turns, when given)."""
    rng = random.Random(seed)
    game = (game or Game.new()).apply(Roll(), rng)
    while not game.finished:
        dice = game.turn.dice
        assert dice is not None
        best = advisor.advise(game.acting.sheet, dice, game.turn.rolls_left).best
        if best.keep is not None and len(best.keep) < 5:
            game = game.apply(Roll(positions_for(best.keep, dice, game.turn.held)), rng)
        else:
            assert best.box is not None
            game = game.apply(Score(best.box))
            if not game.finished:
                game = game.apply(Roll(), rng)
    return game


@given(seed=st.integers(0, 2**32), vs=st.booleans())
@settings(max_examples=25, deadline=None)
def test_identity_holds_on_random_games(solver_table: Table, seed: int, vs: bool) -> None:
    game = random_game(seed, vs)
    advisor = Advisor(solver_table)
    for side in game.sides:
        review = review_side(side, advisor)
        assert review.start == pytest.approx(NEW_GAME_VALUE, abs=1e-6)
        assert review.final_total == side.sheet.total
        assert review.start + review.luck - review.loss == pytest.approx(side.sheet.total, abs=1e-6)
        assert all(d.loss >= 0 for d in review.decisions)
        assert review.decision_count == sum(len(r.rolls) for r in side.log)


def test_optimal_play_loses_nothing(solver_table: Table) -> None:
    advisor = Advisor(solver_table)
    game = optimal_game(advisor, 5)
    review = review_side(game.sides[PLAYER], advisor)
    assert review.loss == pytest.approx(0.0, abs=1e-9)
    assert review.optimal_count == review.decision_count
    assert review.luck == pytest.approx(game.sides[PLAYER].sheet.total - NEW_GAME_VALUE, abs=1e-6)
    assert review.mistakes() == []


def test_a_deliberate_mistake_is_found(solver_table: Table) -> None:
    advisor = Advisor(solver_table)
    rng = random.Random(3)
    game = Game.new().apply(Roll(), rng)
    dice = game.turn.dice
    assert dice is not None
    worst = advisor.advise(game.acting.sheet, dice, 0).options[-1]
    assert worst.box is not None
    game = game.apply(Score(worst.box))
    with pytest.raises(IllegalMoveError) as refused:
        review_side(game.sides[PLAYER], advisor)
    assert str(refused.value) == "a review needs a finished game: 1 of 13 boxes filled"
    review = review_side(optimal_game(advisor, 3, game).sides[PLAYER], advisor)
    (mistake,) = review.mistakes()
    best_stop = advisor.advise(Sheet(), dice, 2).best.ev
    assert mistake.loss == pytest.approx(best_stop - worst.ev, abs=1e-9)
    assert mistake.chosen.box is worst.box
    body = review_json(review)
    json.dumps(body)
    assert body["mistakes"] == [0]


def test_a_roll_with_all_five_held_is_no_stop(
    solver_table: Table, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The page no longer allows it, but a game may hold one (older games, the API): a roll made
    # with every die held spent a roll on the same dice. It is not the advisor's keep of all five
    # (stop and score its box): it costs what one roll fewer costs here, the roll that showed the
    # same dice again was no luck, and the review says what was done.
    advisor = Advisor(solver_table)
    rng = random.Random(4)
    game = Game.new().apply(Roll(), rng)
    dice = game.turn.dice
    assert dice is not None
    game = game.apply(Roll((0, 1, 2, 3, 4)), rng)
    assert game.turn.dice == dice and game.turn.rolls_left == 1
    game = optimal_game(advisor, 4, game)
    body = review_json(review_side(game.sides[PLAYER], advisor))
    decisions = body["decisions"]
    assert isinstance(decisions, list)
    idle, after = decisions[0], decisions[1]
    assert idle["kind"] == "keep" and idle["chosen"]["reroll"] is True
    assert idle["chosen"]["keep"] == sorted(dice) and "box" not in idle["chosen"]
    fewer = advisor.advise(Sheet(), dice, 2).best.ev - advisor.advise(Sheet(), dice, 1).best.ev
    assert idle["loss"] == pytest.approx(fewer, abs=1e-3) and after["luck"] == 0
    assert not any(d["chosen"].get("reroll") for d in decisions[1:])
    path = tmp_path / "game.json"
    path.write_text(dumps(game), "utf-8")
    assert main(["review", str(path), "--top", "99"]) == 0
    assert "五颗全留，空掷一次 (idle roll)" in capsys.readouterr().out


def display_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def test_review_command(
    solver_table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps(random_game(8, vs=True)), "utf-8")
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    assert "开局期望 254.6" in out
    # The mistakes' table: its columns line up in a terminal, where a Chinese character takes
    # two columns (the best choice starts where its heading does).
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.lstrip().startswith("回合"))
    assert lines[head].split() == ["回合", "掷", "骰子", "你的选择", "最佳选择", "失误"]
    rows = [line for line in lines[head + 1 :] if line.strip()]
    assert rows
    column = display_width(lines[head].split("最佳选择")[0])
    for row in rows:
        assert row.count("  ") >= 5, row
        best = re.split(r"  +", row.strip())[-2]
        assert display_width(row[: row.rindex(best)]) == column, row
    assert main(["review", str(path), "--side", "computer", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["summary"]["decisions"] > 13
    path.write_text("{broken", "utf-8")
    assert main(["review", str(path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        main(["review", str(path), "--top", "-1"])
    assert exit_info.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line == "yahtzee review: error: argument --top: must not be negative, got -1"


def test_review_command_shows_the_chances_of_a_vs_game(
    win_tables: WinTables, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = random_game(8, vs=True)
    path = tmp_path / "game.json"
    path.write_text(dumps(game), "utf-8")
    assert main(["review", str(path)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("胜率"))
    result = game.result
    assert result is not None
    end = "平" if result.winner is None else "胜" if result.winner == PLAYER else "负"
    assert line.endswith(f"→ {end}")
    assert len(line.split("：")[1].split(" → ")[0].split()) == 13  # before each of my turns
    # The computer's review reads the computer's chances and its own result.
    assert main(["review", str(path), "--side", "computer"]) == 0
    out = capsys.readouterr().out.splitlines()
    line = next(x for x in out if x.startswith("胜率"))
    assert line.startswith("胜率（电脑，每回合电脑出手前）：")
    end = "平" if result.winner is None else "负" if result.winner == PLAYER else "胜"
    assert line.endswith(f"→ {end}")
    assert not any("你的选择" in x for x in out)
    assert main(["review", str(path), "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert len(body["win_curve"]["points"]) == sum(
        1 + len(t.rolls) for s in game.sides for t in s.log
    )


def test_review_command_counts_risks_apart_from_mistakes(
    solver_table: Table, win_tables: WinTables, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps(risky_game(solver_table)), "utf-8")
    assert main(["review", str(path), "--side", "computer", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    summary, risks = body["summary"], body["risks"]
    assert risks and summary["risks"] == len(risks)
    assert main(["review", str(path), "--side", "computer", "--top", "99"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == summary["text"] and f"− 求胜取舍 {summary['risk_loss']:.1f} ＝" in out[0]
    assert f"求胜取舍 {len(risks)} 次，共 {summary['risk_loss']:.1f} 分：" in "\n".join(out)
    # Its only losses were risks, so it made no mistake.
    assert body["mistakes"] == [] and summary["loss"] == 0
    assert out[-1] == f"没有失误：不是最优的 {len(risks)} 步都是求胜取舍。"


def test_a_tiny_risk_reads_in_hundredths() -> None:
    # Risks are taken one by one and may cost 0.03 points: 「求胜取舍 0.0」 read as none taken.
    text = identity_zh(254.5877, 1.4423, 0.0, 256, 0.03)
    assert text.startswith("开局期望 254.6 ＋ 运气 +1.4 − 失误 0.0 − 求胜取舍 0.03 ＝ 256（")
    text = identity_zh(254.5877, 1.4123, 0.0, 256)
    assert text == "开局期望 254.6 ＋ 运气 +1.4 − 失误 0.0 ＝ 256"


@pytest.mark.parametrize(
    ("luck", "text"), [(-32.44, "−32.4"), (3.16, "+3.2"), (-0.04, "±0.0"), (0.0, "±0.0")]
)
def test_luck_is_signed_as_the_page_signs_it(luck: float, text: str) -> None:
    # A real minus sign, and no sign for what rounds to nothing (words.js `signed`).
    assert signed_zh(luck) == text
    total = round(254.5877 + luck)
    assert f"＋ 运气 {text} − 失误 0.0" in identity_zh(254.5877, luck, 0.0, total)


# (luck, mistakes, risks, total) of exact identities: 254.5877 + luck − mistakes − risks = total.
ROUNDED_TERMS = [
    (-16.1477, 28.14, 0.3, 210, "0.1"),  # 254.6 − 16.1 − 28.1 − 0.3 = 210.1 (a learner's review)
    (-24.6577, 32.87, 0.06, 197, "0.1"),  # the risk reads 0.1: 196.9
    (1.4423, 0.0, 0.03, 256, "0.03"),  # a risk in hundredths: 255.97
    (-89.8877, 29.94, 8.76, 126, ""),  # 254.6 − 89.9 − 29.9 − 8.8 = 126.0
    (11.4123, 30.0, 0.0, 236, ""),
    (-30.5377, 24.05, 0.0, 200, ""),  # 24.05 reads 24.1, and luck −30.5 makes up for it
]


@pytest.mark.parametrize(("luck", "loss", "risk", "total", "gap"), ROUNDED_TERMS)
def test_the_identity_says_when_its_rounded_terms_miss_the_total(
    luck: float, loss: float, risk: float, total: int, gap: str
) -> None:
    assert abs(254.5877 + luck - loss - risk - total) < 1e-9
    text = identity_zh(254.5877, luck, loss, total, risk)
    shown = re.findall(r"[+−±]?\d+\.\d+", text.split("＝")[0])
    terms = [Decimal(figure.replace("−", "-").lstrip("±")) for figure in shown]
    added = terms[0] + terms[1] - sum(terms[2:], Decimal(0))
    if gap:
        assert text.endswith(f"（各项已四舍五入，相加与总分差 {gap}）")
        assert abs(added - total) == Decimal(gap)
    else:
        assert added == total and text.endswith(f"＝ {total}")


@pytest.mark.parametrize(
    ("points", "said"),
    [(1.94, "少 1.9 分"), (0.05, "少 0.1 分"), (0.049, "少 0.05 分"), (0.006, "少 0.01 分"),
     (0.0049, "少不到 0.01 分"), (0.0001, "少不到 0.01 分")],
)  # fmt: skip
def test_a_shortfall_never_reads_zero(points: float, said: str) -> None:
    # A play-to-win hint read 「期望总分少 0.00 分」 for a risk that gave up 0.003 points.
    assert shortfall_zh(points) == said


class FixedDice:
    """A generator that deals the given faces in order (the chance is injected)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


# Twelve one-roll turns that fill every box but 机会, 快艇 with 0: the upper section makes 63
# (+35), so the sheet holds T = 218 before the last turn, and no bonus or Joker is left to
# play for. What the last turn is worth can then be worked out by hand: with one box left, the
# sum of the dice, each die on its own. A die about to be rolled once more is worth 3.5; with
# two rolls to come, keep 4 or more after the first: (4 + 5 + 6) / 6 + 3.5 / 2 = 4.25; with
# three, keep 5 or 6: 11/6 + 4/6 · 4.25 = 14/3. A die held now may still be rolled later: held
# with two rolls left, a 3 is worth max(3, 3.5).
FIRST_TWELVE = [
    ((1, 1, 1, 2, 3), Box.ONES),
    ((2, 2, 2, 1, 3), Box.TWOS),
    ((3, 3, 3, 1, 2), Box.THREES),
    ((4, 4, 4, 1, 2), Box.FOURS),
    ((5, 5, 5, 1, 2), Box.FIVES),
    ((6, 6, 6, 1, 2), Box.SIXES),
    ((2, 2, 2, 3, 4), Box.THREE_OF_A_KIND),
    ((2, 2, 2, 2, 4), Box.FOUR_OF_A_KIND),
    ((2, 2, 3, 3, 3), Box.FULL_HOUSE),
    ((1, 2, 3, 4, 6), Box.SMALL_STRAIGHT),
    ((1, 2, 3, 4, 5), Box.LARGE_STRAIGHT),
    ((1, 2, 3, 4, 6), Box.YAHTZEE),
]
T = 63 + 35 + 13 + 12 + 25 + 30 + 40 + 0
ONE_LEFT, TWO_LEFT, THREE_LEFT = 3.5, 4.25, 14 / 3
EXACT = 1e-6


def chance_last(*, stop_early: bool) -> Game:
    """The twelve turns above (a hint asked at the first), then the last: [1, 2, 3, 5, 6], keep
    3 5 6 (best: 5 6); [4, 1, 3, 5, 6] with a hint, then keep 3 4 5 6 (best: 4 5 6) and roll a
    6, or (``stop_early``) score 19 in 机会 at once."""
    game = Game.new()
    for i, (dice, box) in enumerate(FIRST_TWELVE):
        game = game.apply(Roll(), FixedDice(*dice))
        if i == 0:
            game = game.apply(UseHint())
        game = game.apply(Score(box))
    assert game.sides[PLAYER].sheet.total == T
    game = game.apply(Roll(), FixedDice(1, 2, 3, 5, 6))
    game = game.apply(Roll((2, 3, 4)), FixedDice(4, 1)).apply(UseHint())
    if not stop_early:
        game = game.apply(Roll((0, 2, 3, 4)), FixedDice(6))
    return game.apply(Score(Box.CHANCE))


def test_each_decision_is_recorded_where_it_was_made(solver_table: Table) -> None:
    review = review_side(chance_last(stop_early=False).sides[PLAYER], Advisor(solver_table))
    decisions = review.decisions
    assert [d.turn for d in decisions] == [*range(1, 13), 13, 13, 13]
    assert [d.roll for d in decisions] == [1] * 12 + [1, 2, 3]
    assert [d.rolls_left for d in decisions] == [2] * 12 + [2, 1, 0]
    assert [d.kind for d in decisions] == ["score"] * 12 + ["keep", "keep", "score"]
    assert [d.hinted for d in decisions] == [True] + [False] * 11 + [False, True, False]
    assert [d.dice for d in decisions] == [dice for dice, _ in FIRST_TWELVE] + [
        (1, 2, 3, 5, 6),
        (4, 1, 3, 5, 6),
        (4, 6, 3, 5, 6),
    ]
    assert [d.chosen.box for d in decisions[:12]] == [box for _, box in FIRST_TWELVE]
    assert [d.chosen.keep for d in decisions[12:]] == [(3, 5, 6), (3, 4, 5, 6), None]
    assert decisions[0].open_boxes == BOXES and decisions[0].upper_subtotal == 0
    assert decisions[6].upper_subtotal == 63 and decisions[6].sheet.upper_bonus == 35
    assert decisions[12].open_boxes == (Box.CHANCE,) and decisions[12].sheet.total == T


def test_the_best_choice_and_its_loss_are_the_hand_worked_ones(solver_table: Table) -> None:
    review = review_side(chance_last(stop_early=False).sides[PLAYER], Advisor(solver_table))
    first, second, last = review.decisions[12:]
    # First roll 1 2 3 5 6, two rolls left: keep what beats 4.25, the 5 and the 6.
    assert first.w_before == pytest.approx(T + 5 * THREE_LEFT, abs=EXACT)
    assert first.best.keep == (5, 6)
    assert first.best.ev == pytest.approx(T + 11 + 3 * TWO_LEFT, abs=EXACT)  # 241.75
    assert first.luck == pytest.approx(11 + 3 * TWO_LEFT - 5 * THREE_LEFT, abs=EXACT)
    # Holding the 3 too: it will be rolled again next time, worth 3.5 then, not 4.25 now.
    assert first.chosen.ev == pytest.approx(T + 11 + ONE_LEFT + 2 * TWO_LEFT, abs=EXACT)
    assert first.loss == pytest.approx(0.75, abs=EXACT)
    # Then 4 1 3 5 6 with one roll left: keep what beats 3.5, the 4, 5 and 6.
    assert second.w_before == pytest.approx(first.chosen.ev, abs=EXACT)
    assert second.best.keep == (4, 5, 6)
    assert second.best.ev == pytest.approx(T + 15 + 2 * ONE_LEFT, abs=EXACT)
    assert second.luck == pytest.approx(-1.0, abs=EXACT)
    assert second.loss == pytest.approx(0.5, abs=EXACT)  # the 3 held for good this time
    # Last, 4 6 3 5 6 go in 机会: nothing to choose, no loss.
    assert (last.best.box, last.chosen.box, last.loss) == (Box.CHANCE, Box.CHANCE, 0)
    assert last.luck == pytest.approx(24 - (18 + ONE_LEFT), abs=EXACT)
    assert last.w_after == review.final_total == T + 24
    # The two mistakes of the last turn, costliest first; every mistake in that order.
    mistakes = review.mistakes()
    assert [m.loss for m in mistakes] == sorted((m.loss for m in mistakes), reverse=True)
    assert [(m.turn, m.roll) for m in mistakes if m.turn == 13] == [(13, 1), (13, 2)]
    assert review.average_loss == pytest.approx(review.loss / 15, abs=1e-12)


def test_scoring_with_rolls_left_is_weighed_against_rolling_on(solver_table: Table) -> None:
    review = review_side(chance_last(stop_early=True).sides[PLAYER], Advisor(solver_table))
    stop = review.decisions[-1]
    assert (stop.turn, stop.roll, stop.rolls_left, stop.kind) == (13, 2, 1, "score")
    assert stop.chosen.box is Box.CHANCE and stop.chosen.ev == pytest.approx(T + 19, abs=1e-6)
    assert stop.best.keep == (4, 5, 6)
    assert stop.loss == pytest.approx(15 + 2 * ONE_LEFT - 19, abs=1e-6)  # 3 points
    assert review.final_total == T + 19
    # What was weighed: the one box left, and every reroll passed up (4 1 3 5 6 are five
    # different faces: 31 ways to keep fewer than five), each once; keeping all five to stop
    # is the box itself, not listed again.
    options = stop.advice.options
    assert [o.box for o in options if o.keep is None] == [Box.CHANCE]
    keeps = [o.keep for o in options if o.keep is not None]
    assert len(keeps) == len(set(keeps)) == 2**5 - 1
    assert all(len(keep) < 5 for keep in keeps) and len(options) == 32
    assert [o.ev for o in options] == sorted((o.ev for o in options), reverse=True)


def test_a_log_that_does_not_fit_its_dice_is_refused(solver_table: Table) -> None:
    side = chance_last(stop_early=False).sides[PLAYER]
    last = side.log[-1]  # rolled 1 2 3 5 6 first: no three sixes to keep
    forged = replace(side, log=(*side.log[:-1], replace(last, keeps=((6, 6, 6), last.keeps[1]))))
    message = "the log's choice keep=(6, 6, 6) box=None is not among the options"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        review_side(forged, Advisor(solver_table))


def test_deliberate_risks_are_not_mistakes(solver_table: Table) -> None:
    review = review_side(chance_last(stop_early=False).sides[PLAYER], Advisor(solver_table))
    risky = replace(review, risks={12: 0.3})  # the keep of 3 5 6, taken to win
    assert risky.risk_loss == pytest.approx(0.75, abs=1e-6)
    assert risky.mistake_loss == pytest.approx(review.loss - 0.75, abs=1e-6)
    assert risky.average_loss == pytest.approx((review.loss - 0.75) / 15, abs=1e-9)
    assert review.decisions[12] not in risky.mistakes()
    assert review.decisions[12] in review.mistakes()
    assert risky.optimal_count == review.optimal_count
    empty = replace(review, decisions=(), loss=0.0)
    assert empty.average_loss == 0.0 and empty.decision_count == 0


def test_a_yahtzee_bonus_counts_in_the_review(solver_table: Table) -> None:
    advisor = Advisor(solver_table)
    game = Game.new().apply(Roll(), FixedDice(3, 3, 3, 3, 3)).apply(Score(Box.YAHTZEE))
    game = game.apply(Roll(), FixedDice(4, 4, 4, 4, 4)).apply(Score(Box.FOURS))  # Joker, +100
    game = optimal_game(advisor, 6, game)
    side = game.sides[PLAYER]
    assert side.sheet.yahtzee_bonus >= 100
    review = review_side(side, advisor)
    assert review.final_total == side.sheet.total
    assert review.decisions[-1].w_after == pytest.approx(side.sheet.total, abs=1e-6)
    assert review.start + review.luck - review.loss == pytest.approx(side.sheet.total, abs=1e-6)
