"""The game a room starts for its seats, and who plays a seat's turn on the server.

A room's game is a table of the seats model (``yahtzee.game``, ``Mode.TABLE``): the room's seats
in order, each with its name and player, a person or a computer of a level. The room owns the
dice: the game rolls from a new dice record whose id stays on the server until the game is over
(``views``).

The stand-in (普通) plays a person's turn while they are away; it acts for the seat without
changing it, so the game's seat stays the person's (their name, ``human``, their hints), and the
room's event says who chose each step.
"""

from __future__ import annotations

from typing import Final, Literal

from yahtzee.dice_record import DiceRecords
from yahtzee.errors import MalformedError
from yahtzee.game import Difficulty, First, Game, Mode, PlayerKind, Seat
from yahtzee.rooms.errors import NotStartedError
from yahtzee.rooms.room import Room

STAND_IN: Final = Difficulty.NORMAL
"""The computer that plays for a person away through their turn (普通)."""

Starter = Literal["host", "random"]


def seats_of(room: Room) -> tuple[Seat, ...]:
    """The game's seats: the room's, in order, with their names and players."""
    return tuple(Seat(seat.name, PlayerKind(seat.player)) for seat in room.seats)


def new_game(room: Room, records: DiceRecords, first: Starter) -> Game:
    """The table of ``room``'s seats on a new dice record, started by the host (seat 0, as
    ``Room.open`` makes it) or by a seat drawn at random; NotStartedError when the seats make
    no table."""
    order = First.ME if first == "host" else First.RANDOM
    try:
        return Game.seated(seats_of(room), order, records.fresh, records.new(), Mode.TABLE)
    except MalformedError as error:
        raise NotStartedError(f"these seats make no game: {error}") from error


def level_of(game: Game, seat: int) -> Difficulty:
    """The computer that plays ``seat``'s turn: its own level, or the stand-in's for a person."""
    return game.sides[seat].seat.level or STAND_IN
