"""Helpers for tests that play random legal games (not a test module itself)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from yahtzee.dice_record import DiceRecords
from yahtzee.game import (
    THE_COMPUTER,
    Difficulty,
    First,
    Game,
    Mode,
    PlayerKind,
    RandomSource,
    Roll,
    Score,
    Seat,
    UseHint,
)
from yahtzee.players import get_player
from yahtzee.rules import Box
from yahtzee.solver import Table

TEST_KEY = b"a dice key for the tests, 32 byte"
PLAYER, COMPUTER = 0, 1
"""The seats of 人机对战: the player's, then the computer's."""


def with_level(game: Game, level: Difficulty) -> Game:
    """A 人机对战 ``game`` whose computer is of ``level``."""
    seat = Seat(THE_COMPUTER, PlayerKind.computer(level))
    return replace(game, sides=(game.sides[0], replace(game.sides[1], seat=seat)))


def make_records(seed: int = 0, key: bytes = TEST_KEY) -> DiceRecords:
    """Dice records under ``key`` whose new seeds (and fresh dice) follow ``seed``."""
    return DiceRecords(key, random.Random(seed))


def random_game(
    seed: int, vs: bool, stop_after: int | None = None, records: DiceRecords | None = None
) -> Game:
    """Play a random legal game from ``seed``; stop after ``stop_after`` actions if given.

    The policy rolls 1–3 times holding random positions, sometimes asks for a hint, and scores a
    random allowed box, so games reach every corner of the rules (Jokers included, by chance).
    With ``records`` the game rolls from a new dice record of theirs (``make_records``).
    """
    rng = random.Random(seed)
    dice: RandomSource = rng
    record = None
    if records is not None:
        dice, record = records, records.new()
    if vs:
        level, first = rng.choice(list(Difficulty)), rng.choice(list(First))
        game = Game.new(Mode.VS, level, first, rng, record)
    else:
        game = Game.new(record=record)
    return play_randomly(game, rng, dice, stop_after)


NAMES = ("小明", "小红", "Ann", "阿 强", "Bob", "🎲 Zoë", "奶奶", "x" * 12)


def random_table(
    seed: int, stop_after: int | None = None, records: DiceRecords | None = None
) -> Game:
    """A random table (和朋友玩) of 2 to 4 seats, at least one a person, played at random from
    ``seed`` as ``random_game`` plays (every seat's moves, a computer's too)."""
    rng = random.Random(seed)
    dice: RandomSource = rng
    record = None
    if records is not None:
        dice, record = records, records.new()
    count = rng.randint(2, 4)
    players = [rng.choice(list(PlayerKind)) for _ in range(count)]
    players[rng.randrange(count)] = PlayerKind.HUMAN
    seats = [Seat(name, kind) for name, kind in zip(rng.sample(NAMES, count), players, strict=True)]
    first = rng.choice((First.ME, First.RANDOM))
    return play_randomly(Game.seated(seats, first, rng, record), rng, dice, stop_after)


def play_randomly(
    game: Game, rng: random.Random, dice: RandomSource, stop_after: int | None = None
) -> Game:
    """``game`` played on at random (``random_game``'s policy) to its end, or for
    ``stop_after`` actions."""
    actions = 0
    while not game.finished:
        if stop_after is not None and actions >= stop_after:
            break
        actions += 1
        if game.turn.dice is None:
            game = game.apply(Roll(), dice)
        elif game.can_hint() and rng.random() < 0.05:
            game = game.apply(UseHint())
        elif game.can_roll() and rng.random() < 0.6:
            hold = tuple(i for i in range(5) if rng.random() < 0.5)
            game = game.apply(Roll(hold), dice)
        else:
            box = rng.choice(sorted(game.allowed()))
            game = game.apply(Score(box))
    return game


def single_last_turn(seed: int, rolled: bool = True) -> Game:
    """A random single game in its 13th turn, one box left: after its first roll when
    ``rolled``, else before it."""
    for actions in range(1, 400):
        game = random_game(seed, vs=False, stop_after=actions)
        if game.round == 13 and (game.turn.dice is not None) is rolled:
            return game
    raise AssertionError("no last turn reached")


def vs_final_turn(starter: int) -> Game:
    """A random vs game at the start of its final turn: ``starter`` began the game, so the other
    side plays that turn."""
    for seed in range(200):
        for actions in range(60, 400):
            game = random_game(seed, vs=True, stop_after=actions)
            if game.round == 13 and game.current != game.starter:
                if game.starter == starter:
                    return game
                break
    raise AssertionError("no such game")


def risky_game(table: Table) -> Game:
    """A vs game both sides of which the play-to-win 高手 played; the computer's side gave
    expected points up for a better chance four times (deliberate risks, with the 胜率 tables of
    this version)."""
    rng = random.Random(33)
    game = Game.new(Mode.VS, Difficulty.EXPERT, First.ME, rng)
    players = [get_player(Difficulty.EXPERT, table, rng) for _ in range(2)]
    while not game.finished:
        game = game.apply(players[game.current].step(game), rng)
    return game


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (keys and list indices), the value itself first."""
    paths = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            paths += json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            paths += json_paths(item, (*prefix, i))
    return paths


# One roll for each lower box that it fills without a Yahtzee (for sheets the Joker tests need).
LOWER_FILLERS: list[tuple[list[int], Box]] = [
    ([2, 2, 2, 3, 4], Box.THREE_OF_A_KIND),
    ([2, 2, 2, 2, 4], Box.FOUR_OF_A_KIND),
    ([2, 2, 3, 3, 3], Box.FULL_HOUSE),
    ([1, 2, 3, 4, 6], Box.SMALL_STRAIGHT),
    ([1, 2, 3, 4, 5], Box.LARGE_STRAIGHT),
    ([1, 1, 3, 4, 6], Box.CHANCE),
]
