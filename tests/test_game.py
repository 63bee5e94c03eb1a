"""The game model: turns, order, hints, the log, and that illegal actions change nothing."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gameplay import random_game
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.game import (
    COMPUTER,
    PLAYER,
    ROUNDS,
    Difficulty,
    First,
    Game,
    Mode,
    RestartTurn,
    Result,
    Roll,
    Score,
    Side,
    UseHint,
)
from yahtzee.rules import BOXES, Box, Sheet


class FixedDice:
    """A stand-in generator that deals the given faces in order (the chance is injected)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


@given(seed=st.integers(0, 2**32), vs=st.booleans())
@settings(max_examples=60, deadline=None)
def test_random_games_end_after_13_turns_per_side(seed: int, vs: bool) -> None:
    game = random_game(seed, vs)
    assert game.finished
    assert game.round == ROUNDS
    for side in game.sides:
        assert side.sheet.is_full
        assert len(side.log) == ROUNDS
        assert sorted(r.box for r in side.log) == sorted(BOXES)
        sheet = side.sheet
        assert sheet.total == (
            sheet.upper_subtotal + sheet.upper_bonus + sheet.lower_total + sheet.yahtzee_bonus
        )
        assert sum(r.points for r in side.log) == sheet.upper_subtotal + sheet.lower_total
        assert sum(r.bonus for r in side.log) == sheet.yahtzee_bonus
    result = game.result
    assert result is not None
    assert result.totals == tuple(s.sheet.total for s in game.sides)


def test_same_seed_same_game() -> None:
    assert random_game(42, vs=True) == random_game(42, vs=True)
    assert random_game(42, vs=False) != random_game(43, vs=False)


def test_roll_keeps_held_dice_and_logs_the_turn() -> None:
    game = Game.new().apply(Roll(), FixedDice([1, 6, 6, 2, 6]))
    assert game.turn.dice == (1, 6, 6, 2, 6)
    game = game.apply(Roll((1, 2, 4)), FixedDice([6, 3]))
    assert game.turn.dice == (6, 6, 6, 3, 6)
    assert game.turn.held == (False, True, True, False, True)
    assert game.turn.keeps == ((6, 6, 6),)
    game = game.apply(Roll((0, 1, 2, 4)), FixedDice([6]))
    assert game.turn.dice == (6, 6, 6, 6, 6)
    assert not game.can_roll()
    game = game.apply(Score(Box.YAHTZEE))
    record = game.sides[PLAYER].log[0]
    assert record.rolls == ((1, 6, 6, 2, 6), (6, 6, 6, 3, 6), (6, 6, 6, 6, 6))
    assert record.keeps == ((6, 6, 6), (6, 6, 6, 6))
    assert (record.box, record.points, record.bonus) == (Box.YAHTZEE, 50, 0)
    assert game.round == 2
    assert game.turn.dice is None


def test_vs_order_and_rounds() -> None:
    rng = random.Random(3)
    game = Game.new(Mode.VS, Difficulty.NORMAL, First.COMPUTER)
    assert game.current == COMPUTER
    game = game.apply(Roll(), rng).apply(Score(Box.CHANCE))
    assert (game.current, game.round) == (PLAYER, 1)
    game = game.apply(Roll(), rng).apply(Score(Box.CHANCE))
    assert (game.current, game.round) == (COMPUTER, 2)


def test_random_first_is_settled_at_the_start() -> None:
    starters = {
        Game.new(Mode.VS, Difficulty.EXPERT, First.RANDOM, random.Random(s)).starter
        for s in range(20)
    }
    assert starters == {PLAYER, COMPUTER}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(mode=Mode.SINGLE, difficulty=Difficulty.EXPERT), "no difficulty"),
        (dict(mode=Mode.SINGLE, first=First.COMPUTER), "starts with the player"),
        (dict(mode=Mode.VS), "needs a difficulty"),
    ],
)
def test_new_game_settings_are_checked(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        Game.new(**kwargs)  # type: ignore[arg-type]


def test_hints() -> None:
    rng = random.Random(5)
    game = Game.new()
    with pytest.raises(IllegalMoveError, match="roll the dice"):
        game.apply(UseHint())
    game = game.apply(Roll(), rng).apply(UseHint())
    assert game.hints_left == 2
    assert game.apply(UseHint()) == game  # the same decision again is free
    for _ in range(2):
        game = game.apply(Roll((0,)), rng).apply(UseHint())
    assert game.hints_left == 0
    game = game.apply(Score(next(iter(game.allowed())))).apply(Roll(), rng)
    assert not game.can_hint()
    with pytest.raises(IllegalMoveError, match="no hints left"):
        game.apply(UseHint())


def test_no_hint_on_the_computers_turn() -> None:
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.COMPUTER).apply(Roll(), random.Random(1))
    with pytest.raises(IllegalMoveError, match="computer's turn"):
        game.apply(UseHint())


def test_restart_turn_discards_the_dice_only() -> None:
    rng = random.Random(9)
    game = Game.new().apply(Roll(), rng).apply(Score(Box.CHANCE)).apply(Roll(), rng)
    restarted = game.apply(RestartTurn())
    assert restarted.turn.dice is None
    assert restarted.sides == game.sides
    assert restarted.round == game.round


ILLEGAL = [
    ("score before rolling", lambda g, r: g.apply(Score(Box.CHANCE)), IllegalMoveError),
    ("hold on first roll", lambda g, r: g.apply(Roll((0,)), r), IllegalMoveError),
    ("position 5", lambda g, r: g.apply(Roll(), r).apply(Roll((5,)), r), MalformedError),
    ("repeated position", lambda g, r: g.apply(Roll(), r).apply(Roll((1, 1)), r), MalformedError),
    (
        "fourth roll",
        lambda g, r: g.apply(Roll(), r).apply(Roll(), r).apply(Roll(), r).apply(Roll(), r),
        IllegalMoveError,
    ),
    (
        "box filled twice",
        lambda g, r: (
            g.apply(Roll(), r).apply(Score(Box.CHANCE)).apply(Roll(), r).apply(Score(Box.CHANCE))
        ),
        IllegalMoveError,
    ),
]


@pytest.mark.parametrize(("name", "act", "error"), ILLEGAL, ids=[i[0] for i in ILLEGAL])
def test_illegal_actions_raise_their_class(name: str, act: object, error: type[Exception]) -> None:
    game = Game.new()
    with pytest.raises(error):
        act(game, random.Random(0))  # type: ignore[operator]
    assert game == Game.new()


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), vs=st.booleans())
@settings(max_examples=80, deadline=None)
def test_any_illegal_action_leaves_the_state_unchanged(seed: int, steps: int, vs: bool) -> None:
    game = random_game(seed, vs, stop_after=steps)
    before = game
    rng = random.Random(seed)
    for box in BOXES:
        if box not in game.allowed():
            with pytest.raises(IllegalMoveError):
                game.apply(Score(box))
    if not game.can_roll():
        with pytest.raises(IllegalMoveError):
            game.apply(Roll(), rng)
    if not game.can_hint():
        with pytest.raises(IllegalMoveError):
            game.apply(UseHint())
    assert game == before


def test_finished_game_refuses_everything() -> None:
    game = random_game(1, vs=False)
    for action in (Roll(), Score(Box.CHANCE), RestartTurn(), UseHint()):
        with pytest.raises(IllegalMoveError, match="game is over"):
            game.apply(action, random.Random(0))


def _finished(*chances: int) -> Game:
    """A finished game whose sides' totals are ``chances``: each side's sheet holds zeros but
    for its 机会 (built directly: ``Game`` and ``Side`` are plain values)."""
    zeros = {box.value: 0 for box in BOXES if box is not Box.CHANCE}
    sides = tuple(
        Side("player" if i == 0 else "computer", Sheet.from_scores({**zeros, "chance": c}))
        for i, c in enumerate(chances)
    )
    mode = Mode.SINGLE if len(sides) == 1 else Mode.VS
    level = None if len(sides) == 1 else Difficulty.NORMAL
    return Game(mode, level, First.ME, PLAYER, sides, PLAYER, round=ROUNDS)


@pytest.mark.parametrize(
    ("totals", "winner"),
    [
        ((24,), 0),
        ((24, 11), PLAYER),
        ((11, 24), COMPUTER),
        ((17, 17), None),
        ((10, 30, 20), 1),
        ((30, 10, 20), 0),
        ((10, 20, 30), 2),
        ((30, 30, 5), None),
        ((5, 30, 30), None),
        ((30, 5, 30), None),
    ],
)
def test_the_highest_total_wins_and_a_shared_one_draws(
    totals: tuple[int, ...], winner: int | None
) -> None:
    game = _finished(*totals)
    assert game.finished
    assert game.result == Result(totals, winner)


def test_no_result_before_every_side_is_full() -> None:
    game = _finished(20, 10)
    open_sheet = Side("computer", Sheet.from_scores({"chance": 10}))
    unfinished = replace(game, sides=(game.sides[0], open_sheet))
    assert not unfinished.finished and unfinished.result is None


def test_the_result_counts_every_bonus() -> None:
    # 63 in the upper section earns the +35, and a Yahtzee bonus counts in full.
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    lower = {box.value: 0 for box in BOXES[6:12]}
    with_bonus = Sheet.from_scores({**upper, **lower, "yahtzee": 50, "chance": 5}, 100)
    plain = Sheet.from_scores({**upper, **lower, "chance": 30})
    game = replace(_finished(5, 5), sides=(Side("player", plain), Side("computer", with_bonus)))
    assert game.result == Result((63 + 35 + 30, 63 + 35 + 50 + 5 + 100), COMPUTER)
