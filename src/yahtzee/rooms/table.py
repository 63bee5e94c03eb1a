"""The game a room starts for its seats, and who plays a seat's turn on the server.

The room owns the dice: the game rolls from a new dice record whose id stays on the server
until the game is over (``views``). The room, not the game, knows which seat is a person:
the game's sides are the room's seats in order, and ``room.Seat.player`` says who plays each.

The game model holds two sides (``yahtzee.game``): a room plays with two seats, side 0 and
side 1 of a ``Mode.VS`` game whose ``difficulty`` is the stand-in's level. When the model holds
a list of seats, this module is where a room's seats become the game's.
"""

from __future__ import annotations

from typing import Final, Literal

from yahtzee.dice_record import DiceRecords
from yahtzee.game import Difficulty, First, Game, Mode
from yahtzee.rooms.errors import NotStartedError
from yahtzee.rooms.room import Room

STAND_IN: Final = Difficulty.NORMAL
"""The computer that plays for a person away through their turn (普通)."""
TABLE_SEATS: Final = 2
"""How many seats a room's game can hold with the game model's two sides."""


def new_game(room: Room, records: DiceRecords, first: Literal["host", "random"]) -> Game:
    """The game of ``room``'s seats on a new dice record; raise NotStartedError when the seats
    do not make a game."""
    if len(room.seats) != TABLE_SEATS:
        raise NotStartedError(
            f"a room game is played by {TABLE_SEATS} seats, this room has {len(room.seats)}"
        )
    order = First.ME if first == "host" else First.RANDOM
    return Game.new(Mode.VS, STAND_IN, order, records.fresh, records.new())


def level_of(room: Room, seat: int) -> Difficulty:
    """The computer that plays ``seat``: its own level, or the stand-in's for a person."""
    player = room.seats[seat].player
    return STAND_IN if player == "human" else Difficulty(player)
