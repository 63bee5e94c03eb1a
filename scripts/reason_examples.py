"""Print reasons of ten positions with their exact figures, each checked by simulation.

Six positions are 练习's (one per theme, drawn as ``yahtzee drill`` draws them), four are hints
from a game the 普通 player plays. Where the theme has a tempting answer (two pairs kept for a full
house, the run kept for a straight), the reason 练习 gives for that answer is shown too. For each: the reason, the exact figures behind it (the outlook
table and the turn carried forward, ``coaching.outcomes``), and the same figures measured by
playing the two options out ``--games`` times with the advisor's best choice at every later
decision (no table of the outlook involved), with their standard errors.

    .venv/bin/python scripts/reason_examples.py [--games 400] [--seed 3]
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable

from yahtzee.coaching import Kind, Outcome, Reason, outcomes, reason_for
from yahtzee.game import Difficulty, Game, Roll, Score
from yahtzee.players import get_player
from yahtzee.practice.draw import draw_round
from yahtzee.practice.themes import THEMES, Theme
from yahtzee.rules import NUM_DICE, UPPER_BONUS_THRESHOLD, Box, Sheet, points, score
from yahtzee.solver import Advice, Advisor, Option, load_table
from yahtzee.solver.outlook_store import Outlook, load_outlook
from yahtzee.words import option_words

Position = tuple[str, Sheet, tuple[int, ...], int, tuple[int, ...] | None]
"""A label, the decision, and the tempting answer (a keep) when there is one."""
Measure = Callable[[Sheet, tuple[int, ...]], float]
"""What one played-out game shows: from the final sheet and this turn's final dice."""


def reroll(kept: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    return tuple(sorted(kept + tuple(rng.randint(1, 6) for _ in range(NUM_DICE - len(kept)))))


def finish_turn(
    advisor: Advisor, sheet: Sheet, dice: tuple[int, ...], rolls_left: int, rng: random.Random
) -> tuple[Box, tuple[int, ...]]:
    """Play the turn on by the advisor's best choices; the box it scores and the final dice."""
    while True:
        best = advisor.advise(sheet, dice, rolls_left).best
        if best.keep is None or len(best.keep) == NUM_DICE:
            assert best.box is not None
            return best.box, dice
        dice = reroll(best.keep, rng)
        rolls_left -= 1


def play_out(
    advisor: Advisor, sheet: Sheet, dice: tuple[int, ...], rolls_left: int, option: Option,
    rng: random.Random,
) -> tuple[Sheet, tuple[int, ...]]:  # fmt: skip
    """Take ``option``, then play the rest of the game by the advisor's best choices; return the
    final sheet and this turn's final dice."""
    if option.keep is not None and len(option.keep) < NUM_DICE:
        box, final = finish_turn(advisor, sheet, reroll(option.keep, rng), rolls_left - 1, rng)
    else:
        assert option.box is not None
        box, final = option.box, dice
    sheet = score(sheet, box, final)
    while not sheet.is_full:
        box, dice = finish_turn(advisor, sheet, reroll((), rng), 2, rng)
        sheet = score(sheet, box, dice)
    return sheet, final


def measure_of(reason: Reason) -> Measure | None:
    """What the reason's figures count in one game, or None for a reason without figures."""
    box = reason.box
    match reason.kind:
        case Kind.BONUS:
            return lambda s, d: float(s.upper_subtotal >= UPPER_BONUS_THRESHOLD)
        case Kind.YAHTZEE:
            return lambda s, d: float(s.get(Box.YAHTZEE) == 50)
        case Kind.TURN:
            assert box is not None
            return lambda s, d: float(points(box, d) > 0)
        case Kind.BOX | Kind.SCORED_NOW | Kind.KEPT_OPEN:
            assert box is not None
            return lambda s, d: float(s.get(box) or 0)
        case Kind.YAHTZEE_BONUS:
            return lambda s, d: float(s.yahtzee_bonus)
    return None


def longest_run_keep(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The longest run of distinct consecutive faces among ``dice`` (2 3 4 4 6 → 2 3 4)."""
    faces = sorted(set(dice))
    runs: list[list[int]] = []
    for face in faces:
        if runs and runs[-1][-1] == face - 1:
            runs[-1].append(face)
        else:
            runs.append([face])
    return tuple(max(runs, key=len))


def positions(advisor: Advisor, seed: int) -> list[Position]:
    """One position per theme of 练习, then four hints of a 普通 player's game."""
    found: list[Position] = []
    for theme in THEMES:
        [drill] = draw_round(advisor, theme, seed, 1)
        p = drill.position
        tempting = None
        if theme is Theme.FULL_HOUSE_DRAW:
            tempting = tuple(f for f in p.dice if p.dice.count(f) == 2)
        elif theme is Theme.STRAIGHT_DRAW:
            tempting = longest_run_keep(p.dice)
        found.append((f"练习 {theme.value} ({theme.zh})", p.sheet, p.dice, p.rolls_left, tempting))
    rng = random.Random(seed)
    player = get_player(Difficulty.NORMAL, None, rng)
    game = Game.new()
    wanted = {(2, 1), (5, 2), (9, 1), (12, 3)}  # (round, roll showing)
    while not game.finished and len(found) < len(THEMES) + len(wanted):
        if game.turn.dice is None:
            game = game.apply(Roll(), rng)
        else:
            roll = 3 - game.turn.rolls_left
            if (game.round, roll) in wanted:
                label = f"提示 round {game.round}, roll {roll}"
                dice = game.turn.dice
                found.append((label, game.acting.sheet, dice, game.turn.rolls_left, None))
            action = player.step(game)
            game = game.apply(action, rng) if isinstance(action, Roll) else game.apply(action)
            assert isinstance(action, Roll | Score)
    return found


def show(
    advisor: Advisor, outlook: Outlook, position: Position, games: int, rng: random.Random
) -> None:
    label, sheet, dice, rolls_left, tempting = position
    advice: Advice = advisor.advise(sheet, dice, rolls_left)
    reason = reason_for(outlook, sheet, dice, rolls_left, advice)
    print(f"## {label}")
    filled = " ".join(f"{k}={v}" for k, v in sheet.scores().items()) or "(empty)"
    print(f"sheet: {filled}; dice {' '.join(map(str, dice))}, {rolls_left} rolls left")
    runner = advice.options[1] if len(advice.options) > 1 else None
    print(
        f"best {option_words(advice.best)} (ev {advice.best.ev:.4f})"
        + ("" if runner is None else f", runner-up {option_words(runner)} (ev {runner.ev:.4f})")
    )
    print(f"reason: {reason.text}")
    measure = measure_of(reason)
    if runner is None or measure is None:
        print(f"  kind {reason.kind.value}: no figure to measure\n")
        return
    pair: tuple[Outcome, ...] = outcomes(outlook, sheet, dice, rolls_left, (advice.best, runner))
    assert pair[0].option == advice.best
    gap = advice.best.ev - runner.ev
    print(f"  kind {reason.kind.value}, box {reason.box.zh if reason.box else '-'}; "
          f"ev gap {gap:.4f}")  # fmt: skip
    exact = {"best": reason.best, "runner-up": reason.other}
    if reason.kind is Kind.YAHTZEE_BONUS:
        exact = {k: v + sheet.yahtzee_bonus for k, v in exact.items() if v is not None}
    for (name, value), option in zip(exact.items(), (advice.best, runner), strict=True):
        seen = [measure(*play_out(advisor, sheet, dice, rolls_left, option, rng))
                for _ in range(games)]  # fmt: skip
        mean = sum(seen) / games
        sd = math.sqrt(sum((x - mean) ** 2 for x in seen) / max(games - 1, 1))
        print(
            f"  {name:>9}: exact {value:.6f}; simulated {mean:.4f} "
            f"± {sd / math.sqrt(games):.4f} ({games} games)"
        )
    if reason.aside is not None:
        print(f"  aside (the zeroed box kept open): exact {reason.aside:.6f}")
    if tempting is not None and tempting != advice.best.keep:
        answer = next(o for o in advice.options if o.keep == tempting)
        graded = reason_for(outlook, sheet, dice, rolls_left, advice, answer)
        print(f"  练习 answer {option_words(answer)} (ev {answer.ev:.4f}): {graded.text}")
        print(f"    exact: best {graded.best}, answer {graded.other}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    table = load_table()
    advisor, outlook = Advisor(table), load_outlook(table)
    rng = random.Random(args.seed)
    for position in positions(advisor, args.seed):
        show(advisor, outlook, position, args.games, rng)


if __name__ == "__main__":
    main()
