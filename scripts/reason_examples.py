"""Print reasons of ten positions with their exact figures, each checked by playing out.

Six positions are 练习's (one per theme, drawn as ``yahtzee drill`` draws them), four are hints
from a game the 普通 player plays. Where the theme has a tempting answer (two pairs kept for a
full house, the run kept for a straight), the reason 练习 gives for that answer is shown too.
For each reason: its exact figures (the outlook table and the turn carried forward,
``coaching.outcomes``), and the same figures measured by playing each option out ``--games``
times with the advisor's best choice at every later decision (no outlook involved), with their
standard errors; a chance of making a pattern by enumerating every roll instead.

    .venv/bin/python scripts/reason_examples.py [--games 400] [--seed 3]
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
from collections.abc import Callable
from functools import cache

from yahtzee.coaching import Kind, Reason, reason_for
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


Played = tuple[Sheet, tuple[int, ...]]
"""A game played out: the final sheet and the final dice of the turn in question."""


@cache
def chase(keep: tuple[int, ...], rolls_left: int, pattern: Box) -> float:
    """The chance of making ``pattern`` holding ``keep`` and rolling the rest, each later roll
    kept for the pattern alone: every outcome enumerated."""
    count = NUM_DICE - len(keep)
    total = 0.0
    for faces in itertools.product(range(1, 7), repeat=count):
        roll = tuple(sorted(keep + faces))
        made = float(points(pattern, roll) > 0)
        if rolls_left > 1 and not made:
            subs = {
                tuple(sorted(c)) for n in range(NUM_DICE) for c in itertools.combinations(roll, n)
            }
            made = max(chase(k, rolls_left - 1, pattern) for k in subs)
        total += made / 6**count
    return total


def chased(option: Option, dice: tuple[int, ...], rolls_left: int, pattern: Box) -> float:
    if option.keep is None or len(option.keep) == NUM_DICE:
        return float(points(pattern, dice) > 0)
    return chase(option.keep, rolls_left, pattern)


def mean(values: list[float]) -> str:
    average = sum(values) / len(values)
    sd = math.sqrt(sum((x - average) ** 2 for x in values) / max(len(values) - 1, 1))
    return f"{average:.4f} ± {sd / math.sqrt(len(values)):.4f}"


def check(
    reason: Reason, position: Position, options: tuple[Option, Option], played: list[list[Played]]
) -> None:
    """Print each figure of ``reason`` exactly and as ``played`` out (or enumerated)."""
    _, sheet, dice, rolls_left, _ = position
    box = reason.box
    per_game: dict[Kind, Callable[[Played], float]] = {
        Kind.BONUS: lambda g: float(g[0].upper_subtotal >= UPPER_BONUS_THRESHOLD),
        Kind.YAHTZEE: lambda g: float(g[0].get(Box.YAHTZEE) == 50),
        Kind.YAHTZEE_BONUS: lambda g: float(g[0].yahtzee_bonus - sheet.yahtzee_bonus),
    }
    for kind in (Kind.BOX, Kind.SCORED_NOW, Kind.KEPT_OPEN):
        per_game[kind] = lambda g: float(g[0].get(box) or 0)  # type: ignore[arg-type]
    exact = (reason.best, reason.other)
    for name, value, option, games in zip(("best", "other"), exact, options, played, strict=True):
        if value is None:
            continue
        if reason.kind is Kind.TURN:
            assert box is not None
            check_value = f"enumerated {chased(option, dice, rolls_left, box):.6f}"
        elif reason.kind in per_game:
            check_value = f"played out {mean([per_game[reason.kind](g) for g in games])}"
        else:
            check_value = "(the gap in expected total)"
        print(f"    {name:>5}: exact {value:.6f}; {check_value}")
    if reason.aside is not None:
        zeroed = options[0].box
        assert zeroed is not None
        seen = mean([float(g[0].get(zeroed) or 0) for g in played[1]])
        print(f"    aside: exact {reason.aside:.6f}; played out {seen}")
    if reason.lure is not None:
        lure = reason.lure
        assert reason.lure_turn is not None and reason.lure_points is not None
        enumerated = chased(options[1], dice, rolls_left, lure)
        print(
            f"    lure {lure.zh} chance: exact {reason.lure_turn:.6f}; enumerated {enumerated:.6f}"
        )
        more = [
            float((o[0].get(lure) or 0) - (b[0].get(lure) or 0))
            for b, o in zip(played[0], played[1], strict=True)
        ]
        print(f"    lure {lure.zh} points: exact {reason.lure_points:.6f}; played out {mean(more)}")


def longest_run_keep(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The longest run of distinct consecutive faces among ``dice`` (2 3 4 4 6 → 2 3 4)."""
    faces = sorted(set(dice))
    runs: list[list[int]] = []
    for face in faces:
        if runs and runs[-1][-1] == face - 1:
            runs[-1].append(face)
        else:
            runs.append([face])
    longest = max(len(run) for run in runs)
    return tuple(next(run for run in runs if len(run) == longest))


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
    print(f"## {label}")
    filled = " ".join(f"{k}={v}" for k, v in sheet.scores().items()) or "(empty)"
    print(f"sheet: {filled}; dice {' '.join(map(str, dice))}, {rolls_left} rolls left")
    compared = [advice.options[1]] if len(advice.options) > 1 else []
    if tempting is not None and tempting != advice.best.keep:
        compared.append(next(o for o in advice.options if o.keep == tempting))
    print(f"best {option_words(advice.best)} (ev {advice.best.ev:.4f})")

    def play(option: Option) -> list[Played]:
        return [play_out(advisor, sheet, dice, rolls_left, option, rng) for _ in range(games)]

    mine = play(advice.best)
    for n, other in enumerate(compared):
        reason = reason_for(outlook, sheet, dice, rolls_left, advice, other)
        what = "runner-up" if n == 0 else "练习 answer"
        print(
            f"{what} {option_words(other)} (ev {other.ev:.4f}, gap {advice.best.ev - other.ev:.4f})"
        )
        print(f"  reason: {reason.text}")
        print(f"  kind {reason.kind.value}; figures ({games} games played out per option):")
        check(reason, position, (advice.best, other), [mine, play(other)])
    if not compared:
        print(f"  reason: {reason_for(outlook, sheet, dice, rolls_left, advice).text}")
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
