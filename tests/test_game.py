"""The game model: seats, turns, order, hints, the log, and that illegal actions change nothing."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gameplay import COMPUTER, PLAYER, make_records, random_game
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.game import (
    HINTS_PER_GAME,
    ROUNDS,
    THE_COMPUTER,
    YOU,
    Difficulty,
    First,
    Game,
    Mode,
    PlayerKind,
    Record,
    RestartTurn,
    Result,
    Roll,
    Score,
    Seat,
    Side,
    Turn,
    UseHint,
    check_name,
    kept_is_submultiset,
    lobby_seats,
    places_of,
    play_order,
    positions_for,
    verb,
)
from yahtzee.rules import BOXES, Box, Sheet


class FixedDice:
    """A stand-in generator that deals the given faces in order (the chance is injected)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.asked: list[tuple[int, int]] = []
        """The range of each value dealt, as asked."""

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
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
        (
            dict(mode=Mode.SINGLE, difficulty=Difficulty.EXPERT),
            "a single-player game has no difficulty, got 'expert'",
        ),
        (
            dict(mode=Mode.SINGLE, first=First.COMPUTER),
            "a single-player game starts with the player, got 'computer'",
        ),
        (dict(mode=Mode.VS), "a game against the computer needs a difficulty"),
        (dict(mode=Mode.TABLE), "a table is made of its seats (Game.seated)"),
        (
            dict(mode=Mode.TABLE, difficulty=Difficulty.NORMAL),
            "a table is made of its seats (Game.seated)",
        ),
    ],
)
def test_new_game_settings_are_checked(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MalformedError) as refused:
        Game.new(**kwargs)  # type: ignore[arg-type]
    assert str(refused.value) == message


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
    for its 机会 (built directly: ``Game`` and ``Side`` are plain values). One side is 单人挑战,
    two are 人机对战, more a table of a person, a computer and people."""
    zeros = {box.value: 0 for box in BOXES if box is not Box.CHANCE}
    people = [
        Seat(YOU, PlayerKind.HUMAN),
        Seat(THE_COMPUTER, PlayerKind.computer(Difficulty.NORMAL)),
    ]
    people += [Seat(f"玩家{i}", PlayerKind.HUMAN) for i in range(3, len(chances) + 1)]
    sides = tuple(
        Side(seat, Sheet.from_scores({**zeros, "chance": c}))
        for seat, c in zip(people, chances, strict=False)
    )
    mode = (Mode.SINGLE, Mode.VS)[len(sides) - 1] if len(sides) <= 2 else Mode.TABLE
    return Game(mode, First.ME, PLAYER, sides, PLAYER, round=ROUNDS)


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
    open_sheet = Side(game.sides[1].seat, Sheet.from_scores({"chance": 10}))
    unfinished = replace(game, sides=(game.sides[0], open_sheet))
    assert not unfinished.finished and unfinished.result is None


def test_the_result_counts_every_bonus() -> None:
    # 63 in the upper section earns the +35, and a Yahtzee bonus counts in full.
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    lower = {box.value: 0 for box in BOXES[6:12]}
    with_bonus = Sheet.from_scores({**upper, **lower, "yahtzee": 50, "chance": 5}, 100)
    plain = Sheet.from_scores({**upper, **lower, "chance": 30})
    you, computer = _finished(5, 5).sides
    game = replace(
        _finished(5, 5), sides=(replace(you, sheet=plain), replace(computer, sheet=with_bonus))
    )
    assert game.result == Result((63 + 35 + 30, 63 + 35 + 50 + 5 + 100), COMPUTER)


# Held dice, kept faces, the order of play ---------------------------------------------------


@pytest.mark.parametrize(
    ("keep", "dice", "held", "positions"),
    [
        ((6, 6), (6, 1, 6, 2, 6), (False,) * 5, (0, 2)),  # leftmost
        ((6, 6), (6, 1, 6, 2, 6), (False, False, True, False, True), (2, 4)),  # held first
        ((6, 6), (6, 1, 6, 2, 6), (False, False, False, False, True), (0, 4)),
        ((1, 2, 6), (6, 1, 6, 2, 6), (False,) * 5, (0, 1, 3)),
        ((), (6, 1, 6, 2, 6), (True,) * 5, ()),
        ((1, 2, 6, 6, 6), (6, 1, 6, 2, 6), (False,) * 5, (0, 1, 2, 3, 4)),
    ],
)
def test_a_keep_is_held_moving_as_few_dice_as_it_can(
    keep: tuple[int, ...], dice: tuple[int, ...], held: tuple[bool, ...], positions: tuple[int, ...]
) -> None:
    assert positions_for(keep, dice, held) == positions


def test_a_keep_not_among_the_dice_is_refused() -> None:
    words = r"^keep \[6, 6, 6, 6\] is not among the dice \[6, 1, 6, 2, 6\]$"
    with pytest.raises(ValueError, match=words):
        positions_for((6, 6, 6, 6), (6, 1, 6, 2, 6), (False,) * 5)


@pytest.mark.parametrize(
    ("keep", "dice", "expected"),
    [
        ((), (1, 2, 3, 4, 5), True),
        ((2, 2), (2, 1, 2, 3, 4), True),
        ((2, 2), (2, 1, 3, 3, 4), False),
        ((6,), (1, 2, 3, 4, 5), False),
        ((1, 2, 3, 4, 5), (5, 4, 3, 2, 1), True),
    ],
)
def test_kept_faces_must_be_among_the_dice(
    keep: tuple[int, ...], dice: tuple[int, ...], expected: bool
) -> None:
    assert kept_is_submultiset(keep, dice) is expected


def test_the_order_of_play_starts_with_the_starter() -> None:
    assert play_order(0, 1) == (0,)
    assert play_order(1, 2) == (1, 0)
    assert play_order(2, 4) == (2, 3, 0, 1)


def test_levels_have_their_chinese_names() -> None:
    assert [(d.value, d.zh) for d in Difficulty] == [
        ("beginner", "入门"),
        ("normal", "普通"),
        ("expert", "高手"),
    ]


# What a refused action says -----------------------------------------------------------------


def test_refusals_say_what_cannot_be_done() -> None:
    rng = random.Random(0)
    game = Game.new()
    cases: list[tuple[Game, object, str]] = [
        (game, Score(Box.CHANCE), "roll at least once before scoring 'chance'"),
        (game, Roll((0,)), "the first roll throws all five dice; cannot hold [0]"),
        (game, UseHint(), "roll the dice before asking for a hint"),
    ]
    rolled = game.apply(Roll(), rng)
    cases += [
        (rolled, Roll((5,)), "a held position is 0 to 4, got 5 in [5]"),
        (rolled, Roll((-1,)), "a held position is 0 to 4, got -1 in [-1]"),
        (rolled, Roll((True,)), "a held position is 0 to 4, got True in [True]"),
        (rolled, Roll((1, 1)), "held positions repeat: [1, 1]"),
    ]
    last = rolled.apply(Roll(), rng).apply(Roll(), rng)
    cases.append((last, Roll(), "no rolls left this turn (3 used); score a box"))
    over = random_game(2, vs=False)
    cases.append((over, RestartTurn(), "the game is over; cannot restart the turn"))
    cases.append((over, UseHint(), "the game is over; cannot ask for a hint"))
    computer = Game.new(Mode.VS, Difficulty.NORMAL, First.COMPUTER).apply(Roll(), rng)
    cases.append((computer, UseHint(), "hints are not available during a computer's turn (电脑)"))
    spent = replace(rolled, sides=(replace(rolled.sides[PLAYER], hints_left=0),))
    cases.append((spent, UseHint(), "no hints left in this game"))
    recorded = Game.new(record=Record("r-1"))
    message = "a game with a dice record rolls from it: the generator has none"
    cases.append((recorded, Roll(), message))
    cases.append((game, "roll", "unknown action: 'roll'"))  # not an action at all
    for state, action, message in cases:
        with pytest.raises((IllegalMoveError, MalformedError)) as refused:
            state.apply(action, rng)  # type: ignore[arg-type]
        assert str(refused.value) == message
    with pytest.raises(MalformedError, match=r"^rolling needs a random generator$"):
        game.apply(Roll())
    assert verb(Roll()) == "roll" and verb(Score(Box.ONES)) == "score"


def test_fresh_dice_are_drawn_for_the_rolled_dice_only_in_position_order() -> None:
    dice = FixedDice([1, 2, 3, 4, 5, 6, 6])
    game = Game.new().apply(Roll(), dice)
    assert game.turn.dice == (1, 2, 3, 4, 5)
    game = game.apply(Roll((1, 3, 4)), dice)
    assert game.turn.dice == (6, 2, 6, 4, 5) and dice.faces == []
    assert game.turn.rolls_used == 2 and game.turn.rolls_left == 1
    assert game.turn.keeps == ((2, 4, 5),) and game.turn.hinted == (False, False)
    assert dice.asked == [(1, 6)] * 7  # each die drawn from 1 to 6


def test_hints_are_spent_once_per_decision_and_logged() -> None:
    dice = FixedDice([1, 2, 3, 4, 5, 1, 1])
    game = Game.new().apply(Roll(), dice)
    assert game.can_hint() and not game.hinted_now
    game = game.apply(UseHint())
    assert (game.hints_left, game.turn.hinted, game.hinted_now) == (2, (True,), True)
    game = game.apply(Roll((2, 3, 4)), dice)
    assert (game.turn.hinted, game.hinted_now) == ((True, False), False)
    game = replace(game, sides=(replace(game.sides[PLAYER], hints_left=0),))
    assert not game.can_hint()
    assert replace(game, turn=replace(game.turn, hinted=(True, True))).can_hint()  # seen again
    game = game.apply(Score(Box.CHANCE))
    assert game.sides[PLAYER].log[0].hinted == (True, False)


def test_a_hint_marks_the_decision_it_was_asked_at() -> None:
    dice = FixedDice([1, 2, 3, 4, 5] + [6] * 8)
    game = Game.new().apply(Roll(), dice).apply(Roll((0,)), dice)
    assert game.turn.hinted == (False, False)
    game = game.apply(UseHint())  # at the second decision, not the first
    assert (game.turn.hinted, game.hints_left) == ((False, True), HINTS_PER_GAME - 1)
    game = game.apply(Roll((0,)), dice).apply(UseHint())
    assert (game.turn.hinted, game.hints_left) == ((False, True, True), HINTS_PER_GAME - 2)
    game = game.apply(Score(Box.ONES))
    assert game.sides[PLAYER].log[0].hinted == (False, True, True)


def test_each_further_yahtzee_logs_its_own_bonus() -> None:
    dice = FixedDice([5] * 5 + [2] * 5 + [6] * 5)
    game = Game.new().apply(Roll(), dice).apply(Score(Box.YAHTZEE))
    game = game.apply(Roll(), dice).apply(Score(Box.TWOS))  # Joker: the twos are forced
    game = game.apply(Roll(), dice).apply(Score(Box.SIXES))
    side = game.sides[PLAYER]
    assert [(t.box, t.points, t.bonus) for t in side.log] == [
        (Box.YAHTZEE, 50, 0),
        (Box.TWOS, 10, 100),
        (Box.SIXES, 30, 100),
    ]
    assert side.sheet.yahtzee_bonus == 200 and side.sheet.total == 50 + 10 + 30 + 200


def test_a_recorded_game_rolls_its_slots_and_keeps_held_dice() -> None:
    class Slots:
        """A record source whose slot values tell where they were asked for."""

        def randint(self, a: int, b: int) -> int:
            raise AssertionError("a recorded game draws no fresh dice")

        def slots(self, record: str, side: int, turn: int, roll: int) -> tuple[int, ...]:
            assert record == "r-1"
            return (side + 1, turn % 6 + 1, roll + 1, 6, 5)

    source = Slots()
    game = Game.new(Mode.VS, Difficulty.NORMAL, First.COMPUTER, record=Record("r-1"))
    game = game.apply(Roll(), source)
    assert game.turn.dice == (2, 1, 1, 6, 5)  # side 1 (the computer), turn 0, roll 0
    game = game.apply(Roll((3,)), source)
    assert game.turn.dice == (2, 1, 2, 6, 5)  # roll 1; the 6 held
    game = game.apply(Score(Box.CHANCE)).apply(Roll(), source)
    assert game.turn.dice == (1, 1, 1, 6, 5)  # the player, turn 0
    game = game.apply(Score(Box.CHANCE)).apply(Roll(), source)
    assert game.turn.dice == (2, 2, 1, 6, 5)  # the computer's turn 1
    with pytest.raises(MalformedError, match="rolls from it: the generator has none"):
        game.apply(RestartTurn()).apply(Roll(), random.Random(0))


def test_each_turn_is_logged_and_play_passes_round_by_round() -> None:
    dice = FixedDice([5, 5, 5, 5, 5] * 3 + [2, 2, 2, 2, 2])
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME)
    game = game.apply(Roll(), dice).apply(Score(Box.YAHTZEE))
    assert (game.current, game.round) == (COMPUTER, 1)
    game = game.apply(Roll(), dice).apply(Score(Box.CHANCE))
    assert (game.current, game.round) == (PLAYER, 2)
    game = game.apply(Roll(), dice).apply(Score(Box.FIVES))  # Joker: the fives are forced
    logged = game.sides[PLAYER].log
    assert [(t.box, t.points, t.bonus) for t in logged] == [
        (Box.YAHTZEE, 50, 0),
        (Box.FIVES, 25, 100),
    ]
    assert logged[1].rolls == ((5, 5, 5, 5, 5),) and logged[1].final_dice == (5, 5, 5, 5, 5)
    assert game.sides[PLAYER].sheet.total == 50 + 25 + 100
    assert game.acting is game.sides[COMPUTER] and game.turn == Turn()
    assert game.allowed() == {}  # no dice yet
    game = game.apply(Roll(), dice)
    assert game.allowed()[Box.TWOS] == 10 and game.can_score()


# Seats: 1 to 4 of them, people and computers -----------------------------------------------

HUMAN, BEGINNER, NORMAL, EXPERT = list(PlayerKind)
FEW_PEOPLE = "a table needs at least one person, got "
TABLE_FIRST = "a table starts with its first seat ('me') or a random one ('random'), got 'computer'"
NOT_VS = "a game against the computer is a person and a computer, got "
NOT_ALONE = "a single-player game is one person, got "


def seats(*players: PlayerKind) -> list[Seat]:
    return [Seat(f"玩家{i + 1}", player) for i, player in enumerate(players)]


def one_turn(game: Game, dice: Any) -> Game:
    """One roll, then the first box allowed."""
    rolled = game.apply(Roll(), dice)
    return rolled.apply(Score(next(iter(rolled.allowed()))))


def test_seats_take_whole_turns_in_order_from_the_starter() -> None:
    game = Game.seated(seats(HUMAN, NORMAL, HUMAN), First.RANDOM, FixedDice([2]))
    assert game.starter == game.current == 2  # FixedDice dealt the starter: seat 2
    dice = FixedDice([1, 2, 3, 4, 6] * 3 * ROUNDS)
    order = []
    for _ in range(3 * ROUNDS):
        order.append((game.round, game.current))
        game = one_turn(game, dice)
    assert order[:4] == [(1, 2), (1, 0), (1, 1), (2, 2)]
    assert order[-1] == (ROUNDS, 1)
    assert game.finished and all(len(side.log) == ROUNDS for side in game.sides)


def test_a_random_start_may_fall_to_any_seat() -> None:
    starters = {
        Game.seated(seats(HUMAN, HUMAN, NORMAL, EXPERT), First.RANDOM, random.Random(s)).starter
        for s in range(40)
    }
    assert starters == {0, 1, 2, 3}


def test_each_person_has_hints_of_their_own() -> None:
    game = Game.seated(seats(HUMAN, EXPERT, HUMAN))
    assert [side.hints_left for side in game.sides] == [HINTS_PER_GAME, 0, HINTS_PER_GAME]
    rng = random.Random(3)
    game = game.apply(Roll(), rng).apply(UseHint())
    game = game.apply(Score(next(iter(game.allowed()))))
    assert [side.hints_left for side in game.sides] == [HINTS_PER_GAME - 1, 0, HINTS_PER_GAME]
    with pytest.raises(IllegalMoveError, match="computer's turn"):
        game.apply(Roll(), rng).apply(UseHint())
    game = one_turn(game, rng)
    game = game.apply(Roll(), rng).apply(UseHint())
    assert game.hints_left == HINTS_PER_GAME - 1
    assert [side.hints_left for side in game.sides] == [2, 0, 2]


@pytest.mark.parametrize(
    ("totals", "places"),
    [
        ((200, 250, 250, 100), (3, 1, 1, 4)),
        ((300, 250), (1, 2)),
        ((180, 180, 180), (1, 1, 1)),
        ((120,), (1,)),
        ((90, 100, 90), (2, 1, 2)),
    ],
)
def test_places_share_ties(totals: tuple[int, ...], places: tuple[int, ...]) -> None:
    assert places_of(totals) == places


@pytest.mark.parametrize(
    ("mode", "players", "first", "message"),
    [
        (Mode.TABLE, (), First.ME, "a table has 2 to 4 seats, got 0"),
        (Mode.TABLE, (HUMAN,), First.ME, "a table has 2 to 4 seats, got 1"),
        (Mode.TABLE, (HUMAN,) * 5, First.ME, "a table has 2 to 4 seats, got 5"),
        (Mode.TABLE, (NORMAL, EXPERT), First.ME, FEW_PEOPLE + "['normal', 'expert']"),
        (Mode.TABLE, (EXPERT,) * 4, First.RANDOM, FEW_PEOPLE + str(["expert"] * 4)),
        (Mode.TABLE, (HUMAN, EXPERT), First.COMPUTER, TABLE_FIRST),
        (Mode.TABLE, (EXPERT, HUMAN, HUMAN), First.COMPUTER, TABLE_FIRST),
        (Mode.VS, (HUMAN, HUMAN), First.ME, NOT_VS + "['human', 'human']"),
        (Mode.VS, (NORMAL, HUMAN), First.ME, NOT_VS + "['normal', 'human']"),
        (Mode.VS, (NORMAL, EXPERT), First.ME, NOT_VS + "['normal', 'expert']"),
        (Mode.VS, (HUMAN, NORMAL, NORMAL), First.ME, NOT_VS + "['human', 'normal', 'normal']"),
        (Mode.VS, (HUMAN,), First.ME, NOT_VS + "['human']"),
        (Mode.SINGLE, (EXPERT,), First.ME, NOT_ALONE + "['expert']"),
        (Mode.SINGLE, (HUMAN, HUMAN), First.ME, NOT_ALONE + "['human', 'human']"),
        (
            Mode.SINGLE,
            (HUMAN,),
            First.RANDOM,
            "a single-player game starts with the player, got 'random'",
        ),
    ],
)
def test_seats_that_do_not_fit_are_refused(
    mode: Mode, players: tuple[PlayerKind, ...], first: First, message: str
) -> None:
    with pytest.raises(MalformedError) as refused:
        Game.seated(seats(*players), first, mode=mode)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("mode", "players", "first", "starter"),
    [
        (Mode.SINGLE, (HUMAN,), First.ME, 0),
        (Mode.VS, (HUMAN, EXPERT), First.ME, 0),
        (Mode.VS, (HUMAN, BEGINNER), First.COMPUTER, 1),
        (Mode.TABLE, (HUMAN, HUMAN), First.ME, 0),
        (Mode.TABLE, (NORMAL, HUMAN, EXPERT), First.ME, 0),  # a computer may sit first
        (Mode.TABLE, (HUMAN, NORMAL, NORMAL, HUMAN), First.ME, 0),
        (Mode.TABLE, (EXPERT, EXPERT, EXPERT, HUMAN), First.ME, 0),
    ],
)
def test_seats_that_fit_start_a_fresh_game(
    mode: Mode, players: tuple[PlayerKind, ...], first: First, starter: int
) -> None:
    game = Game.seated(seats(*players), first, mode=mode)
    assert (game.mode, game.first, game.starter, game.current, game.round) == (
        mode,
        first,
        starter,
        starter,
        1,
    )
    assert game.seats == tuple(seats(*players))
    assert [side.hints_left for side in game.sides] == [
        HINTS_PER_GAME if player is HUMAN else 0 for player in players
    ]
    assert all(side.sheet == Sheet() and side.log == () for side in game.sides)
    assert game.turn == Turn() and not game.can_score() and game.can_roll()


@pytest.mark.parametrize("count", [2, 3, 4])
def test_a_random_first_seat_is_drawn_once_from_the_generator_given(count: int) -> None:
    for drawn in range(count):
        dice = FixedDice([drawn])
        game = Game.seated(seats(*(HUMAN,) * count), First.RANDOM, dice)
        assert (game.first, game.starter, game.current) == (First.RANDOM, drawn, drawn)
        assert dice.asked == [(0, count - 1)] and dice.faces == []
    for drawn in (PLAYER, COMPUTER):
        dice = FixedDice([drawn])
        game = Game.new(Mode.VS, Difficulty.NORMAL, First.RANDOM, dice)
        assert (game.mode, game.first, game.starter) == (Mode.VS, First.RANDOM, drawn)
        assert dice.asked == [(0, 1)] and dice.faces == []


def test_the_lobby_seats_you_alone_or_against_the_computer() -> None:
    assert lobby_seats(Mode.SINGLE) == (Seat(YOU, HUMAN),)
    for level in Difficulty:
        computer = Seat(THE_COMPUTER, PlayerKind.computer(level))
        assert lobby_seats(Mode.VS, level) == (Seat(YOU, HUMAN), computer)
        assert computer.level is level and not computer.human
    unfit: list[tuple[Mode, Difficulty | None]] = [
        (Mode.VS, None),
        (Mode.TABLE, None),
        (Mode.TABLE, Difficulty.NORMAL),
    ]
    for mode, unfit_level in unfit:
        with pytest.raises(MalformedError) as refused:
            lobby_seats(mode, unfit_level)
        assert str(refused.value) == f"{mode.value!r} games have no fixed seats"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "a seat's name needs a character besides spaces, got '   '"),
        ("", "a seat's name needs a character besides spaces, got ''"),
        (
            "一二三四五六七八九十百千万",
            "a seat's name has at most 12 characters, got 13: '一二三四五六七八九十百千万'",
        ),
        ("小\n明", "a seat's name has no control characters, got U+000A in '小\\n明'"),  # Cc
        ("a\ud800", "a seat's name has no control characters, got U+D800 in 'a\\ud800'"),  # Cs
        ("a\u2028b", "a seat's name has no control characters, got U+2028 in 'a\\u2028b'"),  # Zl
        ("a\u2029b", "a seat's name has no control characters, got U+2029 in 'a\\u2029b'"),  # Zp
        (7, "a seat's name is text, got 7"),
        (None, "a seat's name is text, got None"),
    ],
)
def test_bad_names_are_refused_naming_the_problem(name: object, message: str) -> None:
    with pytest.raises(MalformedError) as refused:
        check_name(name)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("name", "trimmed"),
    [
        ("小明", "小明"),
        (" \t小明\u3000", "小明"),
        ("Z", "Z"),
        ("阿 强", "阿 强"),
        ("a\u00a0b", "a\u00a0b"),  # a no-break space inside is a space, not a control
        ("🎲 Zoë", "🎲 Zoë"),
        ("一二三四五六七八九十百千", "一二三四五六七八九十百千"),  # 12, the most
        ("  " + "x" * 12 + "  ", "x" * 12),
    ],
)
def test_good_names_are_kept_trimmed(name: str, trimmed: str) -> None:
    assert check_name(name) == trimmed


def test_names_are_trimmed_and_unique() -> None:
    assert check_name("  小明\u3000") == "小明"
    assert check_name("x" * 12) == "x" * 12
    refusals = [
        ([Seat("Ann", HUMAN), Seat("ann", HUMAN)], "two seats are named 'Ann' and 'ann'"),
        (
            [Seat("小明", HUMAN), Seat("Bob", NORMAL), Seat("BOB", HUMAN)],
            "two seats are named 'Bob' and 'BOB'",
        ),
        ([Seat("Bob", HUMAN), Seat(" Ann", HUMAN)], "a seat's name is stored trimmed, got ' Ann'"),
        (
            [Seat("Bob", HUMAN), Seat("", HUMAN)],
            "a seat's name needs a character besides spaces, got ''",
        ),
    ]
    for table, message in refusals:
        with pytest.raises(MalformedError) as refused:
            Game.seated(table)
        assert str(refused.value) == message


def test_seats_beyond_two_roll_their_own_record_slots() -> None:
    records = make_records(4)
    record = records.new()
    game = Game.seated(seats(HUMAN, HUMAN, HUMAN, HUMAN), First.ME, records, record)
    for seat in range(4):
        assert game.current == seat
        game = game.apply(Roll(), records)
        assert game.turn.dice == records.slots(record.id, seat, 0, 0)
        game = game.apply(Score(Box.CHANCE))
    # Seats 0 and 1 roll what 人机对战's player and computer roll on the same record.
    vs = Game.new(Mode.VS, Difficulty.NORMAL, First.ME, records, record)
    vs = vs.apply(Roll(), records).apply(Score(Box.CHANCE)).apply(Roll(), records)
    assert vs.sides[0].log[0].rolls[0] == game.sides[0].log[0].rolls[0]
    assert vs.turn.dice == game.sides[1].log[0].rolls[0]
