"""Why the best option beats another, in one sentence with its size, from the exact solver.

The two options' outcomes (``coaching.outcomes``) split each one's expected final total into the
points each box is expected to end with, 35 times the chance of the upper bonus, and the
expected Yahtzee bonus. The gap between the two totals is the sum of the differences of these
terms, so each term says how many of the points the best option gains come from where.

The rule (``docs/coaching.md``):

1. One option only: say so. A tie (the gap within ``OPTIMAL_TOLERANCE``): say they are as good.
2. Else take the term that gains the most points for the best option, and say it in the
   quantity a player knows best:

   - the upper bonus: its chance, before and after (「上区奖励的机会从 41% 升到 58%」);
   - a box when both options score now: the points it gets now against what it is expected to
     bring kept open (「「机会」留到后面平均能拿 22.5 分，现在登记只有 18 分」, and after a 0
     written elsewhere, what that box would have brought);
   - a box with a pattern (三条 … 快艇) when the best option rolls again and this turn's chance
     of making it, playing for it (``Outcome.chase``), differs by ``TURN_MIN`` or more: that
     chance for each (「这一回合成「大顺」的机会 31%，保留 5 5 只有 4%」);
   - the 快艇 box otherwise: the chance to score its 50 in the game;
   - the Yahtzee bonus: this turn's chance of another 快艇, or the points expected;
   - any other box: the points it is expected to end with for each.

3. If the two figures read the same even with one more decimal, say the options are nearly as
   good, with the gap.
4. When what the other option gains most is a pattern it chases this turn (a full house from two
   pairs, a straight from a run), add its chance and how few points that box gains in the end,
   so the sentence also says why the tempting option loses (「；保留 3 3 6 6 拼「葫芦」这一回合有
   56% 的机会，但「葫芦」最后平均只多 2.1 分」).

Every figure a reason shows is kept beside its sentence (``Reason.best``, ``other``, ``aside``,
``lure_turn``, ``lure_points``) so that the tests can hold each to the exact value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from yahtzee.coaching import words
from yahtzee.coaching.outcomes import PATTERN_BOXES, Outcome, outcomes
from yahtzee.review import OPTIMAL_TOLERANCE
from yahtzee.rules import BOXES, NUM_DICE, UPPER_BONUS, YAHTZEE_POINTS, Box, Sheet
from yahtzee.solver import Advice, Option
from yahtzee.solver.outlook_store import Outlook

TURN_MIN: Final = 0.05
"""How much this turn's chance of a pattern must differ to be what a reason says."""


class Kind(StrEnum):
    """What a reason speaks of."""

    ONLY = "only"
    TIE = "tie"
    CLOSE = "close"
    BONUS = "bonus"
    TURN = "turn"
    YAHTZEE = "yahtzee"
    YAHTZEE_BONUS = "yahtzee_bonus"
    SCORED_NOW = "scored_now"
    KEPT_OPEN = "kept_open"
    BOX = "box"


@dataclass(frozen=True, slots=True)
class Reason:
    """One sentence, what it speaks of, and the exact figures it shows.

    ``best`` and ``other``: the quantity for the best option and for the one compared (a chance
    from 0 to 1, or points), as the sentence shows them rounded; ``aside``: after a 0 written in
    a box, the points that box was expected to bring kept open; ``box``: the box the reason
    names (the pattern, the box scored or kept open).

    ``lure``: the pattern the other option chases this turn, when that is what it gains most
    (``lure_turn``: its chance this turn; ``lure_points``: the points the box is expected to end
    with more than after the best option)."""

    text: str
    kind: Kind
    box: Box | None = None
    best: float | None = None
    other: float | None = None
    aside: float | None = None
    lure: Box | None = None
    lure_turn: float | None = None
    lure_points: float | None = None


@dataclass(frozen=True, slots=True)
class Term:
    """The expected points the best option gains over the other in one place: a box (``box``),
    the upper bonus (``Kind.BONUS``) or the Yahtzee bonus (``Kind.YAHTZEE_BONUS``)."""

    kind: Kind
    box: Box | None
    points: float


def terms(best: Outcome, other: Outcome) -> tuple[Term, ...]:
    """Every term of the gap between the two outcomes, largest gain first (sheet order, then
    the bonuses, on a tie); they add up to the gap in expected total."""
    found = [Term(Kind.BOX, box, best.box(box) - other.box(box)) for box in BOXES]
    found.append(Term(Kind.BONUS, None, UPPER_BONUS * (best.bonus - other.bonus)))
    found.append(Term(Kind.YAHTZEE_BONUS, None, best.yahtzee_bonus - other.yahtzee_bonus))
    return tuple(sorted(found, key=lambda t: -t.points))


def _rerolls(option: Option) -> bool:
    return option.keep is not None and len(option.keep) < NUM_DICE


def _scores_now(option: Option) -> bool:
    return not _rerolls(option)


@dataclass(frozen=True, slots=True)
class _Say:
    """A reason before its figures are rounded: what it compares, and its sentence for them."""

    kind: Kind
    box: Box | None
    best: float
    other: float
    fmt: words.Format
    text: Callable[[tuple[str, str]], str]
    aside: float | None = None

    def reason(self) -> Reason | None:
        """The sentence, or None when the two figures read the same (``words.pair``)."""
        shown = words.pair(self.fmt, self.best, self.other)
        if shown is None:
            return None
        return Reason(self.text(shown), self.kind, self.box, self.best, self.other, self.aside)


def _say(term: Term, best: Outcome, other: Outcome, sheet: Sheet) -> _Say:
    """What ``term`` says of ``best`` against ``other``."""
    action = words.action_zh(best.option)
    name = words.other_zh(other.option)
    chance, points = words.chance_zh, words.points_zh
    if term.kind is Kind.BONUS:
        return _Say(
            Kind.BONUS, None, best.bonus, other.bonus, chance,
            lambda s: words.bonus_text(action, s),
        )  # fmt: skip
    if term.kind is Kind.YAHTZEE_BONUS:
        tb, to = best.chase[Box.YAHTZEE], other.chase[Box.YAHTZEE]
        if _rerolls(best.option) and tb - to >= TURN_MIN:
            return _Say(
                Kind.TURN, Box.YAHTZEE, tb, to, chance,
                lambda s: words.turn_text(action, Box.YAHTZEE, name, s, True),
            )  # fmt: skip
        had = sheet.yahtzee_bonus
        return _Say(
            Kind.YAHTZEE_BONUS, None, best.yahtzee_bonus - had, other.yahtzee_bonus - had,
            points, lambda s: words.yahtzee_bonus_text(action, name, s),
        )  # fmt: skip
    box = term.box
    assert box is not None
    b, o = best.box(box), other.box(box)
    if _scores_now(best.option) and box is best.option.box:
        later = _scores_now(other.option)
        return _Say(
            Kind.SCORED_NOW, box, b, o, points,
            lambda s: words.scored_now_text(action, box, name, s, later),
        )  # fmt: skip
    if _scores_now(other.option) and box is other.option.box:
        zeroed = best.option.box if _scores_now(best.option) and best.option.points == 0 else None
        if zeroed is None:
            return _Say(
                Kind.KEPT_OPEN, box, b, o, points,
                lambda s: words.kept_open_text(action, box, s, None),
            )  # fmt: skip
        aside = other.box(zeroed)
        return _Say(
            Kind.KEPT_OPEN, box, b, o, points,
            lambda s: words.kept_open_text(action, box, s, (zeroed, points(aside))),
            aside,
        )  # fmt: skip
    if _rerolls(best.option) and box in PATTERN_BOXES:
        tb, to = best.chase[box], other.chase[box]
        if tb - to >= TURN_MIN:
            return _Say(
                Kind.TURN, box, tb, to, chance,
                lambda s: words.turn_text(action, box, name, s, False),
            )  # fmt: skip
    if box is Box.YAHTZEE:
        return _Say(
            Kind.YAHTZEE, box, b / YAHTZEE_POINTS, o / YAHTZEE_POINTS, chance,
            lambda s: words.yahtzee_text(action, s),
        )  # fmt: skip
    return _Say(Kind.BOX, box, b, o, points, lambda s: words.box_text(action, box, name, s))


def explain(best: Outcome, other: Outcome, sheet: Sheet) -> Reason:
    """Why ``best`` beats ``other`` (the module docstring's rule)."""
    action = words.action_zh(best.option)
    name = words.other_zh(other.option)
    gap = best.option.ev - other.option.ev
    if gap <= OPTIMAL_TOLERANCE:
        return Reason(words.tie_text(action, name), Kind.TIE)
    ranked = terms(best, other)
    found = _say(ranked[0], best, other, sheet).reason()
    if found is None:
        return Reason(words.close_text(action, name, gap), Kind.CLOSE, best=gap)
    return _with_lure(found, ranked[-1], best, other)


def _with_lure(reason: Reason, worst: Term, best: Outcome, other: Outcome) -> Reason:
    """``reason`` and, when what the other option gains most is a pattern it chases this turn
    (its chance higher by ``TURN_MIN`` or more), that chance and how little the box gains in
    the end: 「；保留 3 3 6 6 拼「葫芦」这一回合有 56% 的机会，但「葫芦」最后平均只多 2.1 分」."""
    box = worst.box
    if box is None or box not in PATTERN_BOXES or not _rerolls(other.option):
        return reason
    if box is reason.box or other.chase[box] - best.chase[box] < TURN_MIN:
        return reason
    chance, more = other.chase[box], -worst.points
    shown = words.points_zh(more)
    if float(shown) == 0:
        return reason
    clause = words.lure_text(words.other_zh(other.option), box, words.chance_zh(chance), shown)
    return replace(reason, text=reason.text + clause, lure=box, lure_turn=chance, lure_points=more)


def reason_for(
    outlook: Outlook,
    sheet: Sheet,
    dice: Sequence[int],
    rolls_left: int,
    advice: Advice,
    other: Option | None = None,
) -> Reason:
    """Why ``advice``'s best option beats ``other`` at the decision ``dice`` on ``sheet`` with
    ``rolls_left`` rolls left (checked by the advisor already); the runner-up when ``other`` is
    None or the best option itself."""
    best = advice.best
    if other is None or other == best:
        if len(advice.options) < 2:
            assert best.box is not None
            return Reason(words.only_text(best.box), Kind.ONLY, best.box)
        other = advice.options[1]
    pair = outcomes(outlook, sheet, dice, rolls_left, (best, other))
    return explain(pair[0], pair[1], sheet)


__all__ = ["TURN_MIN", "Kind", "Reason", "Term", "explain", "reason_for", "terms"]
