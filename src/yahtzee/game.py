"""The game model: an immutable state for 1 to 4 seats, its actions and the checked ``apply``.

A ``Game`` is a value: ``apply(game, action, rng)`` returns a new game or raises, leaving the old
one untouched. Chance is explicit: the only randomness is the injected ``rng`` used by ``Roll``,
so a game replays exactly from its seed and its actions.

A game is a list of seats, each with a name and a player: a person (``human``) or a computer of
a level. 单人挑战 is one person; 人机对战 a person and a computer; 和朋友玩 (``table``) 2 to 4
seats with at least one person. Seats take whole turns in order from the starter; ``round``
(1–13) advances once every seat has played it. Each seat keeps its own sheet, its own hints (a
person's three) and a log of every turn: what each roll showed, what was kept before the next
roll, whether a hint was used at each decision, and the box scored. The review and the
computers' visible turns are built on it.

A game may roll from a dice record (``Record``): its dice are then fixed in advance, slot by slot,
by a ``RecordSource`` handed in as the generator (``yahtzee.dice_record`` holds the key that makes
one; this module never sees it). A die rolled at (side, turn, roll, position) takes that slot's
value whatever else is held, and a held die keeps its value; the side is the seat's index. A game
without a record draws fresh dice from any ``RandomSource``.

``apply`` is the checked path the API uses. ``Game.unchecked_roll`` skips the checks for callers
that generate only legal rolls (simulators).
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from typing import Final, Protocol, runtime_checkable

from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.rules import (
    BOXES,
    MAX_ROLLS,
    NUM_DICE,
    Box,
    Sheet,
    choices,
    score,
)

HINTS_PER_GAME: Final = 3
"""Hints each person has in a game (a computer has none)."""
ROUNDS: Final = len(BOXES)
MAX_SEATS: Final = 4
MIN_TABLE_SEATS: Final = 2
NAME_LENGTH: Final = 12
"""The most characters a seat's name has (after trimming)."""
YOU: Final = "你"
THE_COMPUTER: Final = "电脑"
"""The names of the seats of 单人挑战 and 人机对战, as the page labels their columns."""


class Mode(StrEnum):
    """The lobby's choice: 单人挑战, 人机对战, or 和朋友玩 (a table of 2 to 4 seats)."""

    SINGLE = "single"
    VS = "vs"
    TABLE = "table"


class Difficulty(StrEnum):
    BEGINNER = "beginner"
    NORMAL = "normal"
    EXPERT = "expert"

    @property
    def zh(self) -> str:
        return {"beginner": "入门", "normal": "普通", "expert": "高手"}[self.value]


class PlayerKind(StrEnum):
    """Who plays a seat: a person, or a computer of a level (the values are the levels')."""

    HUMAN = "human"
    BEGINNER = "beginner"
    NORMAL = "normal"
    EXPERT = "expert"

    @property
    def level(self) -> Difficulty | None:
        """The computer's level; None for a person."""
        return None if self is PlayerKind.HUMAN else Difficulty(self.value)

    @classmethod
    def computer(cls, level: Difficulty) -> PlayerKind:
        return cls(level.value)


class First(StrEnum):
    """Who rolls first, as chosen in the lobby; ``RANDOM`` is settled once when the game starts.

    ``ME`` is the first seat; ``COMPUTER`` (人机对战 only) the computer's seat."""

    ME = "me"
    COMPUTER = "computer"
    RANDOM = "random"


CONTROLS: Final = "\x00-\x1f\x7f-\x9f\u2028\u2029"
"""The characters a name may not hold, as a regular expression's class: the control characters
and the line and paragraph separators."""
NAME_PATTERN: Final = (
    f"^\\s*[^\\s{CONTROLS}](?:[^{CONTROLS}]{{0,{NAME_LENGTH - 2}}}[^\\s{CONTROLS}])?\\s*$"
)
"""What ``check_name`` accepts, as a regular expression (for the API's schema)."""


def check_name(name: object) -> str:
    """A seat's name trimmed: 1 to ``NAME_LENGTH`` characters, no control characters nor line
    breaks (``CONTROLS``). Raises MalformedError naming the problem and quoting the name."""
    if not isinstance(name, str):
        raise MalformedError(f"a seat's name is text, got {name!r}")
    trimmed = name.strip()
    if not trimmed:
        raise MalformedError(f"a seat's name needs a character besides spaces, got {name!r}")
    if len(trimmed) > NAME_LENGTH:
        raise MalformedError(
            f"a seat's name has at most {NAME_LENGTH} characters, got {len(trimmed)}: {trimmed!r}"
        )
    for char in trimmed:
        # Cs: a lone surrogate, which JSON's \ud800 can carry and no text can print.
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            raise MalformedError(
                f"a seat's name has no control characters, got U+{ord(char):04X} in {trimmed!r}"
            )
    return trimmed


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: its name and who plays it."""

    name: str
    player: PlayerKind

    @property
    def human(self) -> bool:
        return self.player is PlayerKind.HUMAN

    @property
    def level(self) -> Difficulty | None:
        return self.player.level


def lobby_seats(mode: Mode, difficulty: Difficulty | None = None) -> tuple[Seat, ...]:
    """The seats of 单人挑战 (你) or of 人机对战 (你 and the 电脑 of ``difficulty``)."""
    if mode is Mode.SINGLE:
        return (Seat(YOU, PlayerKind.HUMAN),)
    if mode is Mode.VS and difficulty is not None:
        return (Seat(YOU, PlayerKind.HUMAN), Seat(THE_COMPUTER, PlayerKind.computer(difficulty)))
    raise MalformedError(f"{mode.value!r} games have no fixed seats")


def check_seats(mode: Mode, seats: Sequence[Seat], first: First) -> None:
    """Raise MalformedError unless ``seats`` (names trimmed) and ``first`` fit ``mode``: one
    person alone; a person then a computer in 人机对战; 2 to 4 seats with at least one person at
    a table, whose first roll is the first seat's or a random seat's. Names are unique."""
    count = len(seats)
    kinds = [seat.player.value for seat in seats]
    if mode is Mode.SINGLE:
        if kinds != ["human"]:
            raise MalformedError(f"a single-player game is one person, got {kinds}")
        if first is not First.ME:
            raise MalformedError(
                f"a single-player game starts with the player, got {first.value!r}"
            )
    elif mode is Mode.VS:
        if count != 2 or not seats[0].human or seats[1].human:
            raise MalformedError(
                f"a game against the computer is a person and a computer, got {kinds}"
            )
    else:
        if not MIN_TABLE_SEATS <= count <= MAX_SEATS:
            raise MalformedError(f"a table has {MIN_TABLE_SEATS} to {MAX_SEATS} seats, got {count}")
        if not any(seat.human for seat in seats):
            raise MalformedError(f"a table needs at least one person, got {kinds}")
        if first is First.COMPUTER:
            raise MalformedError(
                "a table starts with its first seat ('me') or a random one ('random'), "
                "got 'computer'"
            )
    seen: dict[str, str] = {}
    for seat in seats:
        if check_name(seat.name) != seat.name:
            raise MalformedError(f"a seat's name is stored trimmed, got {seat.name!r}")
        key = seat.name.casefold()
        if key in seen:
            raise MalformedError(f"two seats are named {seen[key]!r} and {seat.name!r}")
        seen[key] = seat.name


class RandomSource(Protocol):
    """What ``apply`` needs from a random generator (``random.Random`` fits)."""

    def randint(self, a: int, b: int) -> int: ...


@runtime_checkable
class RecordSource(Protocol):
    """A ``RandomSource`` that also knows the dice of recorded games (``yahtzee.dice_record``)."""

    def randint(self, a: int, b: int) -> int: ...

    def slots(self, record: str, side: int, turn: int, roll: int) -> tuple[int, ...]:
        """The five values the dice of record ``record`` take when rolled at roll ``roll``
        (0–2) of turn ``turn`` (0–12) of side ``side``, by position."""
        ...


@dataclass(frozen=True, slots=True)
class Record:
    """The dice record a game rolls from: ``id`` names it (the dice follow from it and the
    server's key), ``daily`` is the day of the daily challenge when the record is that day's."""

    id: str
    daily: date | None = None


def _sorted(dice: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(dice))


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One finished turn of one side, as logged.

    ``rolls[i]`` is what roll i+1 showed (dice in position order); ``keeps[i]`` the dice held
    (sorted) before roll i+2; ``hinted[i]`` whether a hint was used at the decision after roll i+1.
    """

    rolls: tuple[tuple[int, ...], ...]
    keeps: tuple[tuple[int, ...], ...]
    hinted: tuple[bool, ...]
    box: Box
    points: int
    bonus: int

    @property
    def final_dice(self) -> tuple[int, ...]:
        return self.rolls[-1]


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn in progress: the rolls so far, keeps between them, and the dice held now.

    Before the first roll ``rolls`` is empty. ``held`` marks, by position, the dice held for the
    last roll (they stay held until the player releases them on the page).
    """

    rolls: tuple[tuple[int, ...], ...] = ()
    keeps: tuple[tuple[int, ...], ...] = ()
    hinted: tuple[bool, ...] = ()
    held: tuple[bool, ...] = (False,) * NUM_DICE

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The dice showing now, or None before the first roll."""
        return self.rolls[-1] if self.rolls else None

    @property
    def rolls_used(self) -> int:
        return len(self.rolls)

    @property
    def rolls_left(self) -> int:
        return MAX_ROLLS - len(self.rolls)


@dataclass(frozen=True, slots=True)
class Side:
    """One seat's part of the game: the seat, its sheet, its log of finished turns and the hints
    it has left (a person starts with ``HINTS_PER_GAME``, a computer with none)."""

    seat: Seat
    sheet: Sheet = field(default_factory=Sheet)
    log: tuple[TurnRecord, ...] = ()
    hints_left: int = 0

    @classmethod
    def fresh(cls, seat: Seat) -> Side:
        """The seat at the start of a game."""
        return cls(seat, hints_left=HINTS_PER_GAME if seat.human else 0)

    @property
    def name(self) -> str:
        return self.seat.name

    @property
    def human(self) -> bool:
        return self.seat.human


def places_of(totals: Sequence[int]) -> tuple[int, ...]:
    """Each total's place: 1 plus the number of totals above it, so tied totals share a place
    and the next place is skipped (1, 1, 3)."""
    return tuple(1 + sum(other > mine for other in totals) for mine in totals)


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game: each seat's total and place, and the winning seat (None
    when the best total is shared, or for a single seat never)."""

    totals: tuple[int, ...]
    winner: int | None

    @property
    def places(self) -> tuple[int, ...]:
        return places_of(self.totals)


# Actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice not held. ``hold`` lists positions (0–4) to keep; empty on the first roll."""

    hold: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Score:
    """Score the current dice in ``box``, ending the turn."""

    box: Box


@dataclass(frozen=True, slots=True)
class RestartTurn:
    """Start the current turn again from its first roll (used when a saved game is resumed)."""


@dataclass(frozen=True, slots=True)
class UseHint:
    """Spend one of the game's hints at the current decision (the advice itself is the
    solver's; this records that it was asked for)."""


Action = Roll | Score | RestartTurn | UseHint

_VERBS: dict[type, str] = {
    Roll: "roll",
    Score: "score",
    RestartTurn: "restart the turn",
    UseHint: "ask for a hint",
}


def verb(action: Action) -> str:
    """How an error message names ``action`` (the player sees these through the API)."""
    return _VERBS[type(action)]


@dataclass(frozen=True, slots=True)
class Game:
    """A whole game between turns or mid-turn. Build one with ``Game.new`` (单人挑战, 人机对战)
    or ``Game.seated`` (any seats)."""

    mode: Mode
    first: First
    starter: int
    sides: tuple[Side, ...]
    current: int
    round: int = 1
    turn: Turn = field(default_factory=Turn)
    record: Record | None = None
    """The dice record it rolls from; None for fresh dice (games saved before records)."""

    @classmethod
    def new(
        cls,
        mode: Mode = Mode.SINGLE,
        difficulty: Difficulty | None = None,
        first: First = First.ME,
        rng: RandomSource | None = None,
        record: Record | None = None,
    ) -> Game:
        """A fresh 单人挑战 or 人机对战 from lobby settings (``lobby_seats``), rolling from
        ``record`` when given; ``First.RANDOM`` is settled here with ``rng``.

        Raises MalformedError when the settings do not fit the mode.
        """
        if mode is Mode.SINGLE and difficulty is not None:
            raise MalformedError(
                f"a single-player game has no difficulty, got {difficulty.value!r}"
            )
        if mode is Mode.VS and difficulty is None:
            raise MalformedError("a game against the computer needs a difficulty")
        if mode is Mode.TABLE:
            raise MalformedError("a table is made of its seats (Game.seated)")
        return cls.seated(lobby_seats(mode, difficulty), first, rng, record, mode)

    @classmethod
    def seated(
        cls,
        seats: Sequence[Seat],
        first: First = First.ME,
        rng: RandomSource | None = None,
        record: Record | None = None,
        mode: Mode = Mode.TABLE,
    ) -> Game:
        """A fresh game of ``seats`` (``check_seats``), rolling from ``record`` when given; the
        first seat starts (``ME``), the computer's (``COMPUTER``, 人机对战), or one drawn with
        ``rng`` (``RANDOM``). Raises MalformedError when the seats do not fit the mode."""
        check_seats(mode, seats, first)
        if first is First.RANDOM:
            starter = (rng or random.Random()).randint(0, len(seats) - 1)
        elif first is First.COMPUTER:
            starter = next(i for i, seat in enumerate(seats) if not seat.human)
        else:
            starter = 0
        sides = tuple(Side.fresh(seat) for seat in seats)
        return cls(mode, first, starter, sides, starter, record=record)

    # Derived facts ------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(side.seat for side in self.sides)

    @property
    def finished(self) -> bool:
        return all(side.sheet.is_full for side in self.sides)

    @property
    def acting(self) -> Side:
        """The side whose turn it is."""
        return self.sides[self.current]

    @property
    def hints_left(self) -> int:
        """The hints of the person in turn, or of the next person to play while a computer is
        (0 when no seat is a person): in 单人挑战 and 人机对战, always the player's."""
        order = play_order(self.current, len(self.sides))
        return next((self.sides[i].hints_left for i in order if self.sides[i].human), 0)

    @property
    def result(self) -> Result | None:
        """Totals and winner once every box is filled, else None."""
        if not self.finished:
            return None
        totals = tuple(side.sheet.total for side in self.sides)
        best = max(totals)
        leaders = [i for i, total in enumerate(totals) if total == best]
        winner = leaders[0] if len(leaders) == 1 else None
        return Result(totals, winner)

    def allowed(self) -> dict[Box, int]:
        """Boxes the acting side may score now with their points (empty before the first roll)."""
        dice = self.turn.dice
        if dice is None or self.finished:
            return {}
        return choices(self.acting.sheet, dice)

    def can_roll(self) -> bool:
        return not self.finished and self.turn.rolls_left > 0

    def can_score(self) -> bool:
        return not self.finished and self.turn.dice is not None

    def can_hint(self) -> bool:
        """Hints are for a person's own turn, once dice are showing, while some are left."""
        return (
            not self.finished
            and self.acting.human
            and self.turn.dice is not None
            and (self.acting.hints_left > 0 or self.hinted_now)
        )

    @property
    def hinted_now(self) -> bool:
        """True when a hint was already spent on the decision in front of the player."""
        return bool(self.turn.hinted) and self.turn.hinted[-1]

    # Checked path -------------------------------------------------------------------------

    def apply(self, action: Action, rng: RandomSource | None = None) -> Game:
        """Return the game after ``action``; raise IllegalMoveError when not allowed now.

        ``rng`` is needed only by ``Roll``; a game with a record needs a ``RecordSource``.
        """
        if self.finished:
            raise IllegalMoveError(f"the game is over; cannot {verb(action)}")
        match action:
            case Roll(hold):
                return self._checked_roll(hold, rng)
            case Score(box):
                if self.turn.dice is None:
                    raise IllegalMoveError(f"roll at least once before scoring {box.value!r}")
                new_sheet = score(self.acting.sheet, box, self.turn.dice)
                return self._after_score(box, new_sheet)
            case RestartTurn():
                return replace(self, turn=Turn())
            case UseHint():
                if not self.can_hint():
                    raise IllegalMoveError(self._why_no_hint())
                if self.hinted_now:
                    return self  # showing the same hint again costs nothing
                hinted = (*self.turn.hinted[:-1], True)
                side = replace(self.acting, hints_left=self.acting.hints_left - 1)
                return replace(
                    self, sides=self._with_acting(side), turn=replace(self.turn, hinted=hinted)
                )
        raise MalformedError(f"unknown action: {action!r}")

    def _with_acting(self, side: Side) -> tuple[Side, ...]:
        sides = list(self.sides)
        sides[self.current] = side
        return tuple(sides)

    def _why_no_hint(self) -> str:
        if not self.acting.human:
            return f"hints are not available during a computer's turn ({self.acting.name})"
        if self.turn.dice is None:
            return "roll the dice before asking for a hint"
        return "no hints left in this game"

    def _checked_roll(self, hold: Sequence[int], rng: RandomSource | None) -> Game:
        if rng is None:
            raise MalformedError("rolling needs a random generator")
        if self.record is not None and not isinstance(rng, RecordSource):
            raise MalformedError("a game with a dice record rolls from it: the generator has none")
        positions = tuple(hold)
        for pos in positions:
            if type(pos) is not int or not 0 <= pos < NUM_DICE:
                raise MalformedError(f"a held position is 0 to 4, got {pos!r} in {list(hold)!r}")
        if len(set(positions)) != len(positions):
            raise MalformedError(f"held positions repeat: {list(hold)!r}")
        if self.turn.rolls_left <= 0:
            raise IllegalMoveError(f"no rolls left this turn ({MAX_ROLLS} used); score a box")
        if self.turn.dice is None and positions:
            raise IllegalMoveError(
                f"the first roll throws all five dice; cannot hold {list(hold)!r}"
            )
        return self.unchecked_roll(positions, rng)

    # Unchecked fast path ------------------------------------------------------------------

    def unchecked_roll(self, hold: Sequence[int], rng: RandomSource) -> Game:
        """Roll without checks: the caller guarantees a legal roll and valid positions (and a
        ``RecordSource`` for a game with a record)."""
        turn = self.turn
        held = tuple(i in hold for i in range(NUM_DICE))
        previous = turn.dice
        if self.record is not None:
            assert isinstance(rng, RecordSource)
            side, number = self.current, len(self.acting.log)
            slots = rng.slots(self.record.id, side, number, len(turn.rolls))
        else:
            slots = None  # fresh dice, drawn only for the dice rolled, in position order
        if previous is None:
            dice = slots or tuple(rng.randint(1, 6) for _ in range(NUM_DICE))
            keeps: tuple[tuple[int, ...], ...] = ()
        else:
            dice = tuple(
                previous[i] if held[i] else slots[i] if slots else rng.randint(1, 6)
                for i in range(NUM_DICE)
            )
            keeps = (*turn.keeps, _sorted([previous[i] for i in range(NUM_DICE) if held[i]]))
        new_turn = Turn(
            rolls=(*turn.rolls, dice), keeps=keeps, hinted=(*turn.hinted, False), held=held
        )
        return replace(self, turn=new_turn)

    def _after_score(self, box: Box, new_sheet: Sheet) -> Game:
        side = self.acting
        record = TurnRecord(
            rolls=self.turn.rolls,
            keeps=self.turn.keeps,
            hinted=self.turn.hinted,
            box=box,
            points=new_sheet.get(box) or 0,
            bonus=new_sheet.yahtzee_bonus - side.sheet.yahtzee_bonus,
        )
        sides = self._with_acting(replace(side, sheet=new_sheet, log=(*side.log, record)))
        game = replace(self, sides=sides, turn=Turn())
        if game.finished:
            return game
        nxt = (self.current + 1) % len(self.sides)
        new_round = self.round + 1 if nxt == self.starter else self.round
        return replace(game, current=nxt, round=new_round)


def play_order(starter: int, count: int) -> tuple[int, ...]:
    """Seats in the order they play each round."""
    return tuple((starter + k) % count for k in range(count))


def kept_is_submultiset(keep: Sequence[int], dice: Sequence[int]) -> bool:
    """True when every die of ``keep`` can be found among ``dice`` (as multisets)."""
    rest = list(dice)
    for die in keep:
        if die not in rest:
            return False
        rest.remove(die)
    return True


def positions_for(
    keep: Sequence[int], dice: Sequence[int], held: Sequence[bool]
) -> tuple[int, ...]:
    """Positions of ``dice`` showing the multiset ``keep``, held ones first, then leftmost, so a
    hint or the computer moves as few dice as it can. Raises ValueError if ``keep`` is not there."""
    order = sorted(range(NUM_DICE), key=lambda i: (not held[i], i))
    wanted = list(keep)
    chosen = []
    for i in order:
        if dice[i] in wanted:
            wanted.remove(dice[i])
            chosen.append(i)
    if wanted:
        raise ValueError(f"keep {list(keep)!r} is not among the dice {list(dice)!r}")
    return tuple(sorted(chosen))
