"""The computer players: legal moves only, the expert is the advisor, the others like people."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import random_sheet
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.game import Difficulty, First, Game, Mode, Roll, Score, Turn
from yahtzee.players import LEVELS, Player, get_player, get_policy, parse_difficulty
from yahtzee.players.base import PolicyPlayer
from yahtzee.players.batch import ROLL_BASE, Sheets, roll_index
from yahtzee.players.beginner import BeginnerPolicy
from yahtzee.players.expert import ExpertPlayer, ExpertPolicy
from yahtzee.players.normal import NormalPolicy, Style, _softmax_pick
from yahtzee.rules import BOXES, Box, Sheet
from yahtzee.solver import Advisor, Table
from yahtzee.solver.tables import KEEPS

Dice = tuple[int, int, int, int, int]


def game_at(
    sheet: Sheet, dice: Dice, rolls_left: int, held: tuple[bool, ...] = (False,) * 5
) -> Game:
    """A solitaire game whose turn shows ``dice`` with ``rolls_left`` rolls left on ``sheet``."""
    game = Game.new()
    used = 3 - rolls_left
    turn = Turn(rolls=(dice,) * used, keeps=((),) * (used - 1), hinted=(False,) * used, held=held)
    side = replace(game.sides[0], sheet=sheet)
    return replace(game, sides=(side,), turn=turn, round=sheet.filled_count + 1)


def random_state(rng: random.Random) -> tuple[Sheet, Dice, int]:
    """A sheet with 0-12 boxes filled, dice (five of a kind one time in five, for the Joker) and
    the rolls left."""
    sheet = random_sheet(rng, rng.randrange(13))
    if rng.random() < 0.2:
        dice: Dice = (rng.randint(1, 6),) * 5
    else:
        dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6),
                rng.randint(1, 6))  # fmt: skip
    return sheet, dice, rng.randrange(3)


def make_player(level: Difficulty, table: Table, seed: int) -> Player:
    return get_player(level, table, random.Random(seed))


@given(seed=st.integers(0, 2**32 - 1), level=st.sampled_from(LEVELS))
@settings(max_examples=150, deadline=None)
def test_every_step_is_legal(solver_table: Table, seed: int, level: Difficulty) -> None:
    rng = random.Random(seed)
    sheet, dice, rolls_left = random_state(rng)
    game = game_at(sheet, dice, rolls_left, tuple(rng.random() < 0.5 for _ in range(5)))
    action = make_player(level, solver_table, seed).step(game)
    after = game.apply(action, rng)  # the checked path raises on anything illegal
    if isinstance(action, Roll):
        assert rolls_left > 0
        assert after.turn.rolls_used == game.turn.rolls_used + 1
    else:
        assert after.sides[0].sheet.filled_count == sheet.filled_count + 1


@pytest.mark.parametrize("first", [First.ME, First.COMPUTER])
@pytest.mark.parametrize(("mine", "theirs"), [("expert", "normal"), ("normal", "beginner")])
def test_whole_vs_games_through_the_checked_path(
    solver_table: Table, mine: str, theirs: str, first: First
) -> None:
    rng = random.Random(f"{mine}-{theirs}-{first}")
    game = Game.new(Mode.VS, Difficulty(theirs), first)
    players = (make_player(Difficulty(mine), solver_table, 1),
               make_player(Difficulty(theirs), solver_table, 2))  # fmt: skip
    while not game.finished:
        game = game.apply(players[game.current].step(game), rng)
    assert game.result is not None
    assert all(side.sheet.is_full and len(side.log) == 13 for side in game.sides)


def test_a_turn_starts_with_a_roll_and_a_finished_game_has_no_step(solver_table: Table) -> None:
    for level in LEVELS:
        player = make_player(level, solver_table, 0)
        assert player.step(Game.new()) == Roll()
        full = Sheet(tuple(0 for _ in BOXES))
        with pytest.raises(IllegalMoveError):
            player.step(replace(Game.new(), sides=(replace(Game.new().sides[0], sheet=full),)))


def test_holds_move_as_few_dice_as_possible() -> None:
    """The computer holds the dice it already held before others showing the same faces."""
    player = beginner()  # holds 1 2 3 4 here, to roll for the large straight
    sheet = Sheet.from_scores({"small_straight": 30, "chance": 20})
    dice = (1, 2, 3, 4, 4)
    assert player.step(game_at(sheet, dice, 2)) == Roll((0, 1, 2, 3))
    held = (False, False, False, False, True)
    assert player.step(game_at(sheet, dice, 2, held)) == Roll((0, 1, 2, 4))


def test_difficulty_names() -> None:
    assert parse_difficulty("高手") is Difficulty.EXPERT
    assert parse_difficulty("normal") is Difficulty.NORMAL
    with pytest.raises(MalformedError, match="unknown player"):
        parse_difficulty("grandmaster")
    with pytest.raises(MalformedError, match="table"):
        get_player("expert", None, random.Random(0))


# 高手 --------------------------------------------------------------------------------------


def _expected(advisor: Advisor, sheet: Sheet, dice: Dice, rolls_left: int) -> tuple[int, ...] | Box:
    best = advisor.advise(sheet, dice, rolls_left).best
    if best.keep is not None and len(best.keep) < 5:
        return best.keep
    assert best.box is not None
    return best.box


def test_expert_plays_the_advisors_best_option(solver_table: Table) -> None:
    rng = random.Random(11)
    advisor = Advisor(solver_table)
    expert = ExpertPlayer(solver_table)
    for _ in range(200):
        sheet, dice, rolls_left = random_state(rng)
        expected = _expected(advisor, sheet, dice, rolls_left)
        assert expert.decide(sheet, dice, rolls_left) == expected
        action = expert.step(game_at(sheet, dice, rolls_left))
        if isinstance(expected, Box):
            assert action == Score(expected)
        else:
            assert isinstance(action, Roll)
            assert tuple(sorted(dice[i] for i in action.hold)) == expected


def _late_states(rng: random.Random, count: int) -> list[tuple[Sheet, Dice, int]]:
    """States with one to three boxes open, where equal-valued options are common."""
    states: list[tuple[Sheet, Dice, int]] = []
    while len(states) < count:
        sheet, dice, rolls_left = random_state(rng)
        sheet = random_sheet(rng, rng.choice((10, 11, 12)))
        states.append((sheet, dice, rolls_left))
    return states


def test_expert_policy_chooses_exactly_as_the_advisor(solver_table: Table) -> None:
    """The simulator's batch expert against the advisor, ties included, in one batch."""
    rng = random.Random(12)
    states = [random_state(rng) for _ in range(1500)] + _late_states(rng, 1500)
    advisor = Advisor(solver_table)
    policy = ExpertPolicy(solver_table)
    policy.start_turn(Sheets.of([sheet for sheet, _, _ in states]))
    rolls = np.array([roll_index(dice) for _, dice, _ in states])
    u = np.zeros(len(states))
    every = np.arange(len(states))
    boxes = policy.boxes(every, rolls, u)
    for rolls_left in (1, 2):
        keeps = policy.keeps(every, rolls, rolls_left, u)
        for i, (sheet, dice, _) in enumerate(states):
            expected = _expected(advisor, sheet, dice, rolls_left)
            got = BOXES[boxes[i]] if keeps[i] >= ROLL_BASE else KEEPS[keeps[i]]
            assert got == expected, (sheet, dice, rolls_left)
    for i, (sheet, dice, _) in enumerate(states):
        assert BOXES[boxes[i]] == _expected(advisor, sheet, dice, 0), (sheet, dice)


# 普通 and 入门 ----------------------------------------------------------------------------------

STEADY = Style(keep_temperature=0.0, box_temperature=0.0)
"""普通 without its slips, to test the rules of thumb themselves."""


def steady_normal() -> PolicyPlayer:
    return PolicyPlayer("normal", lambda: NormalPolicy(STEADY), random.Random(0))


def beginner() -> PolicyPlayer:
    return PolicyPlayer("beginner", BeginnerPolicy, random.Random(0))


def test_beginner_takes_the_biggest_number_and_keeps_the_most_frequent_face() -> None:
    player = beginner()
    # 16 in chance is "good enough": stop on the first roll.
    assert player.decide(Sheet(), (2, 2, 5, 6, 1), 2) is Box.CHANCE
    # Nothing worth 15: hold the most frequent face, a pair of ones as eagerly as any.
    assert player.decide(Sheet(), (1, 1, 2, 3, 5), 2) == (1, 1)
    # All different and no run of four (and chance, worth 17, used): the highest die.
    assert player.decide(Sheet.from_scores({"chance": 20}), (1, 2, 3, 5, 6), 1) == (6,)
    # Four in a row with the large straight open (and the small one filled): roll for it.
    small_done = Sheet.from_scores({"small_straight": 30, "chance": 20})
    assert player.decide(small_done, (1, 2, 3, 4, 4), 2) == (1, 2, 3, 4)
    # Three sixes: 23 in three_of_a_kind beats 18 in sixes; the bonus is not on its mind.
    assert player.decide(Sheet(), (6, 6, 6, 2, 3), 0) is Box.THREE_OF_A_KIND
    # Nothing scores: the 0 goes into the first open box from the top.
    no_ones = Sheet.from_scores({"ones": 2, "chance": 20, "three_of_a_kind": 20})
    assert player.decide(no_ones, (2, 3, 3, 5, 6), 0) is Box.THREES


def test_normal_rules_of_thumb() -> None:
    player = steady_normal()
    # Four in a row: hold them and roll for the large straight.
    assert player.decide(Sheet(), (1, 2, 3, 4, 6), 2) == (1, 2, 3, 4)
    # After the last roll the small straight is banked.
    assert player.decide(Sheet(), (1, 2, 3, 4, 6), 0) is Box.SMALL_STRAIGHT
    # Three sixes go up top, on the way to the +35.
    assert player.decide(Sheet(), (6, 6, 6, 2, 3), 0) is Box.SIXES
    # A bust late on: a 0 in ones costs least (not large_straight, not yahtzee).
    late = Sheet.from_scores(
        {"twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "full_house": 25,
         "three_of_a_kind": 20, "four_of_a_kind": 0, "small_straight": 30, "chance": 22}
    )  # fmt: skip
    assert player.decide(late, (2, 3, 3, 5, 6), 0) is Box.ONES
    # chance is the dump for a high sum that fits nowhere else.
    dump = Sheet.from_scores(
        {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18,
         "three_of_a_kind": 20, "four_of_a_kind": 0, "full_house": 25, "small_straight": 30,
         "large_straight": 40, "yahtzee": 0}
    )  # fmt: skip
    assert player.decide(dump, (1, 2, 4, 4, 6), 0) is Box.CHANCE


def test_normal_slips_mix_up_close_options_only() -> None:
    values = np.array([10.0, 9.8, -30.0, 8.0, 9.9])
    picks = [_softmax_pick(values, 5, 1.5, u) for u in np.linspace(0.0, 0.999, 400)]
    shares = {j: picks.count(j) / len(picks) for j in set(picks)}
    assert set(shares) == {0, 1, 4}  # the three best; the others never
    assert shares[0] > shares[4] > shares[1] > 0.2
    assert _softmax_pick(values, 5, 0.0, 0.99) == 0
    # Equal values: the later option (more dice held, for keeps) first.
    assert _softmax_pick(np.array([1.0, 1.0]), 2, 0.0, 0.5) == 1


@pytest.mark.parametrize("level", [Difficulty.NORMAL, Difficulty.BEGINNER])
def test_heuristic_players_replay_from_their_seed(level: Difficulty) -> None:
    def play(seed: int) -> list[Roll | Score]:
        player = get_player(level, None, random.Random(seed))
        rng = random.Random(99)
        game, actions = Game.new(), []
        while not game.finished:
            actions.append(player.step(game))
            game = game.apply(actions[-1], rng)
        return actions

    assert play(5) == play(5)


def test_policy_player_is_the_batch_policy_for_one_game(solver_table: Table) -> None:
    """A batch of many games decides each one as a batch of one (the web game's path)."""
    rng = random.Random(13)
    states = [random_state(rng) for _ in range(150)]
    rolls = np.array([roll_index(dice) for _, dice, _ in states])
    u = np.array([rng.random() for _ in states])
    every = np.arange(len(states))
    for level in LEVELS:
        policy = get_policy(level, solver_table)
        policy.start_turn(Sheets.of([sheet for sheet, _, _ in states]))
        keeps = {n: policy.keeps(every, rolls, n, u) for n in (1, 2)}
        boxes = policy.boxes(every, rolls, u)
        for i, (sheet, _, rolls_left) in enumerate(states):
            single = get_policy(level, solver_table)
            single.start_turn(Sheets.of([sheet]))
            one, roll = np.zeros(1, dtype=np.int64), rolls[i : i + 1]
            assert single.boxes(one, roll, u[i : i + 1])[0] == boxes[i]
            if rolls_left:
                assert single.keeps(one, roll, rolls_left, u[i : i + 1])[0] == keeps[rolls_left][i]
