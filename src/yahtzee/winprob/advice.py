"""Play-to-win advice against others: the hint, and what the review adds (risk marks, 胜率).

Against an opponent the hint follows the play-to-win choice (``WinModel.decide``). Where it gives
expected points up against the EV-optimal one the text says why, by the chance the 胜率 bar shows
the side (the words are ``winprob.words``'), and its reason in words is the chance to win it
brings against the EV-optimal choice's (``win_reason``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from yahtzee.coaching import words as coaching_words
from yahtzee.game import Difficulty, Game, positions_for
from yahtzee.hints import Hint
from yahtzee.report import ReviewReport, review_report, with_seats
from yahtzee.review import OPTIMAL_TOLERANCE, Review
from yahtzee.rules import NUM_DICE, Box, score
from yahtzee.solver import Advisor, Option
from yahtzee.solver.tables import KEEP_INDEX, ROLL_BASE, roll_index
from yahtzee.winprob.curve import PlayedTurn, curve_view, played_turns, win_curve
from yahtzee.winprob.estimate import (
    Chances,
    WinModel,
    others_of,
    seat_shift,
    shortfalls,
    side_state,
    valued,
)
from yahtzee.winprob.kernel import Laws, after_against, after_channels
from yahtzee.winprob.words import risk_hint_text
from yahtzee.words import hint_text, keep_words, score_words


def _same(
    hint: Hint, keep: tuple[int, ...] | Box, dice: tuple[int, ...], held: tuple[bool, ...]
) -> bool:
    if isinstance(keep, Box):
        return hint.box is keep and (hint.hold is None or len(hint.hold) == NUM_DICE)
    return hint.hold is not None and hint.hold == positions_for(keep, dice, held)


def play_to_win_hint(game: Game, hint: Hint, model: WinModel, advisor: Advisor) -> Hint:
    """``hint`` (the EV-optimal one) when the play-to-win choice agrees, else that choice."""
    dice = game.turn.dice
    if dice is None or not valued(game):
        return hint
    choice = model.decide(game)
    held = game.turn.held
    if _same(hint, choice, dice, held):
        return hint
    sheet = game.acting.sheet
    rolls_left = game.turn.rolls_left
    if isinstance(choice, Box):
        found = next(o for o in advisor.box_options(sheet, dice) if o.box is choice)
        hold = tuple(range(NUM_DICE)) if rolls_left else None
        words = score_words(choice, found.points)
        option = Option(tuple(sorted(dice)) if rolls_left else None, choice, found.points, found.ev)
    else:
        hold = positions_for(choice, dice, held)
        words = keep_words(choice)
        option = Option(choice, None, None, advisor.keep_value(sheet, choice, rolls_left))
    ev = option.ev
    box = choice if isinstance(choice, Box) else None
    ev_choice: tuple[int, ...] | Box
    if hint.box is not None:
        ev_choice = hint.box
    else:
        assert hint.hold is not None
        ev_choice = tuple(sorted(dice[i] for i in hint.hold))
    reason = win_reason(game, model, (choice, option), ev_choice, hint.ev - ev)
    if hint.ev - ev <= OPTIMAL_TOLERANCE:
        # Tied with the EV choice in expected total: nothing is given up, so no price to name.
        return Hint(hold, box, ev, hint_text(words, ev), reason)
    # The chance the 胜率 bar shows for the side asking (the same lattice, kept by the model).
    chances = model.chances(game)
    mine = chances.win[game.current]
    text = risk_hint_text(words, hint.ev - ev, mine, chances.draw)
    return Hint(hold, box, ev, text, reason)


def chance_after(game: Game, model: WinModel, choice: tuple[int, ...] | Box) -> tuple[float, float]:
    """The acting side's chances to win and to draw, as the 胜率 bar shows them, once it takes
    ``choice`` (dice to hold, or the box to score now): a keep valued by the side's play-to-win
    lattice, a box by the position after scoring it."""
    dice = game.turn.dice
    assert dice is not None
    me = game.acting.sheet
    others = [game.sides[i].sheet for i in others_of(game.current, len(game.sides))]
    short = shortfalls(game, game.current, me, others)
    if isinstance(choice, Box):
        states = [side_state(s, c) for s, c in zip(others, short[1:], strict=True)]
        after = side_state(score(me, choice, dice), short[0])
        column = after_channels(after, states, model.tables.laws)
    else:
        lattice = model.lattice(me, others, short)
        lat = lattice.lat2 if game.turn.rolls_left == 2 else lattice.lat1
        column = lat[:, KEEP_INDEX[choice], 0].tolist()
    chances = Chances.of_channels(column, game.current, len(game.sides))
    for seat, side in enumerate(game.sides):
        chances = chances.lifted(seat, seat_shift(side, seat == game.current))
    return chances.win[game.current], chances.draw


def win_reason(
    game: Game,
    model: WinModel,
    chosen: tuple[tuple[int, ...] | Box, Option],
    ev_choice: tuple[int, ...] | Box,
    cost: float,
) -> str:
    """Why the play-to-win choice (``chosen``: as ``WinModel.decide`` says it, and as an option)
    rather than the EV-optimal ``ev_choice``: the chance to win each brings (or to draw, when
    only that rises: a lost game played for the draw), and the expected points the choice gives
    up (``cost``)."""
    choice, option = chosen
    action = coaching_words.action_zh(option)
    price = None if cost <= OPTIMAL_TOLERANCE else coaching_words.points_zh(cost)
    mine = chance_after(game, model, choice)
    theirs = chance_after(game, model, ev_choice)
    for i, what in enumerate(("胜率", "打平的机会")):
        shown = coaching_words.pair(coaching_words.chance_zh, mine[i], theirs[i])
        if shown is not None and mine[i] > theirs[i]:
            return coaching_words.win_text(action, what, shown, price)
    return coaching_words.win_close_text(action, price)


def _after(turn: PlayedTurn, dice: tuple[int, ...], box: Box, laws: Laws) -> float:
    """The chance (U: its share, a shared best split evenly) of ``turn``'s seat once it scores
    ``box`` with ``dice``."""
    others = [side_state(s, c) for s, c in zip(turn.others, turn.short[1:], strict=True)]
    u, _ = after_against(side_state(score(turn.own, box, dice), turn.short[0]), others, laws)
    return u


def risks(
    turns: Sequence[PlayedTurn], side: int, model: WinModel, review: Review
) -> dict[int, float]:
    """``{decision: gain}`` for the decisions of ``review`` (``side``'s ``review_side``) that
    gave expected points up for the play-to-win option (the 高手's, and the hint's); ``gain``
    is the rise in the seat's chance of winning (a shared best split evenly) over the review's
    best option.
    ``turns`` is the game's ``played_turns``. Keeps, stopping early with the box scored then,
    and boxes after the third roll are graded; a roll with all five dice held is never the
    play-to-win option.

    The option is the 高手's by identity, not by its gain: the 高手 weighs a sliver of expected
    points too (``kernel.EV_TIE``), so now and then its choice gains no chance at all (a gain a
    hair below 0), and a player who followed it made no mistake."""
    # An option tied with the EV one gives nothing up (the review calls it optimal): no risk.
    lost = {(d.turn, d.roll): (i, d.best) for i, d in enumerate(review.decisions) if not d.optimal}
    found: dict[int, float] = {}
    laws = model.tables.laws
    for turn in turns:
        if turn.side != side:
            continue
        record, lattice = turn.record, turn.lattice
        for i, dice in enumerate(record.rolls):
            if (turn.number, i + 1) not in lost:
                continue
            index, best = lost[(turn.number, i + 1)]
            rolls_left = 2 - i
            last = i == len(record.rolls) - 1
            r = roll_index(dice)
            if not last and len(record.keeps[i]) == NUM_DICE:
                continue  # a roll spent on the same dice (the review grades it so)
            if last and int(lattice.best_box[r]) != record.box.pos:
                continue  # not the 高手's box (after stopping early too: a mistake)
            lat = lattice.lat2 if rolls_left == 2 else lattice.lat1
            if rolls_left > 0:
                chosen = ROLL_BASE + r if last else KEEP_INDEX[record.keeps[i]]
                if lattice.keep_for(r, rolls_left) != chosen:
                    continue
            # The side's chance after its option, and after the review's best one: a stop (or
            # a box) is valued by the box scored, a keep by the play-to-win lattice.
            mine = _after(turn, dice, record.box, laws) if last else float(lat[1, chosen, 0])
            if best.keep is None or len(best.keep) == NUM_DICE:
                assert best.box is not None
                gain = mine - _after(turn, dice, best.box, laws)
            else:
                gain = mine - float(lat[1, KEEP_INDEX[best.keep], 0])
            found[index] = gain
    return found


def vs_review(review: Review, game: Game, side: int, model: WinModel) -> ReviewReport:
    """The review of seat ``side`` of a game against others (``report.review_report``) with
    what playing to win adds: the decisions that gave expected points up for the play-to-win
    option, as deliberate risks rather than mistakes (each with its ``win_gain``), and the 胜率
    chart of the whole game, ``win_curve`` (``curve.curve_view``). ``review`` is ``side``'s
    ``review_side``."""
    turns = played_turns(game, model)
    # Only a person (who may follow the hint) and the 高手 play to win: a 入门 or 普通 computer
    # whose slip happens to match the 高手's choice made a mistake all the same.
    seat = game.sides[side].seat
    plays_to_win = seat.human or seat.level is Difficulty.EXPERT
    taken = risks(turns, side, model, review) if plays_to_win else {}
    curve = curve_view(win_curve(game, model, turns), game)
    return with_seats(review_report(replace(review, risks=taken), curve), game, side)
