"""A room as the stores keep it: one JSON document (orjson) that only this server writes.

The game is kept compactly, as what makes it: each seat's name, player, hints left and log of
finished turns, the turn in progress, and who is in turn. Reading it back builds the game from
those parts directly (a seat's sheet is the boxes its log scored): it is not replayed through the
rules as a saved game from outside is (``yahtzee.codec``), because the server checked every step
as it was played and wrote the result itself. A finished game leaves the room as the saved-game
JSON of ``codec.to_json``, and whatever a client sends back comes in through ``codec`` again.

A document this release cannot read (another ``FORMAT``, from an older or newer release) is a
room gone: ``load`` logs it and gives None, so its players get a plain 404, never a 500. Rooms
live an hour at most, so an upgrade that changes the format ends only the rooms in play.

Layout of ``game`` (lists where a game has many of them)::

    {"mode", "first", "starter", "current", "round", "record": [id, day or null] | null,
     "sides": [[name, player, hints_left, [[rolls, keeps, hinted, box, points, bonus], …]], …],
     "turn": [rolls, keeps, hinted, held]}

with ``box`` the box's position on the sheet (0 ones … 12 chance).
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any, Final

import orjson

from yahtzee.game import (
    First,
    Game,
    Mode,
    PlayerKind,
    Record,
    Roll,
    Score,
    Seat,
    Side,
    Turn,
    TurnRecord,
)
from yahtzee.rooms.room import Event, Room
from yahtzee.rooms.room import Seat as RoomSeat
from yahtzee.rules import BOXES, Box, Sheet

log = logging.getLogger(__name__)

FORMAT: Final = 2


class StoredRoomError(ValueError):
    """A stored document this release cannot read."""


# Writing ------------------------------------------------------------------------------------


def _step_json(step: Roll | Score | None) -> dict[str, Any] | None:
    if isinstance(step, Roll):
        return {"type": "roll", "hold": step.hold}
    if isinstance(step, Score):
        return {"type": "score", "box": step.box.value}
    return None


def _game_json(game: Game) -> dict[str, Any]:
    record = game.record
    turn = game.turn
    return {
        "mode": game.mode.value,
        "first": game.first.value,
        "starter": game.starter,
        "current": game.current,
        "round": game.round,
        "record": None
        if record is None
        else [record.id, None if record.daily is None else record.daily.isoformat()],
        "sides": [
            [
                side.name,
                side.seat.player.value,
                side.hints_left,
                [(t.rolls, t.keeps, t.hinted, t.box.pos, t.points, t.bonus) for t in side.log],
            ]
            for side in game.sides
        ],
        "turn": (turn.rolls, turn.keeps, turn.hinted, turn.held),
    }


def encode(room: Room) -> bytes:
    data = {
        "format": FORMAT,
        "code": room.code,
        "seats": [
            [
                seat.name,
                seat.player,
                seat.token_hash,
                seat.connected,
                seat.away_since,
                seat.stand_in,
            ]
            for seat in room.seats
        ],
        "created_at": room.created_at,
        "updated_at": room.updated_at,
        "version": room.version,
        "revision": room.revision,
        "host": room.host,
        "game": None if room.game is None else _game_json(room.game),
        "turn_since": room.turn_since,
        "due": room.due,
        "event": None
        if room.event is None
        else [room.event.type, room.event.seat, _step_json(room.event.step), room.event.by],
    }
    return orjson.dumps(data)


# Reading ------------------------------------------------------------------------------------


def _step(data: dict[str, Any] | None) -> Roll | Score | None:
    if data is None:
        return None
    if data["type"] == "roll":
        return Roll(tuple(data["hold"]))
    return Score(Box(data["box"]))


def _dice(rolls: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(roll) for roll in rolls)


def _side(data: list[Any]) -> Side:
    name, player, hints_left, entries = data
    boxes: list[int | None] = [None] * len(BOXES)
    bonus = 0
    turns = []
    for rolls, keeps, hinted, box, points, extra in entries:
        turns.append(
            TurnRecord(_dice(rolls), _dice(keeps), tuple(hinted), BOXES[box], points, extra)
        )
        boxes[box] = points
        bonus += extra
    seat = Seat(name, PlayerKind(player))
    return Side(seat, Sheet(tuple(boxes), bonus), tuple(turns), hints_left)


def _game(data: dict[str, Any]) -> Game:
    record = data["record"]
    if record is not None:
        day = record[1]
        record = Record(record[0], None if day is None else date.fromisoformat(day))
    rolls, keeps, hinted, held = data["turn"]
    return Game(
        mode=Mode(data["mode"]),
        first=First(data["first"]),
        starter=data["starter"],
        sides=tuple(_side(side) for side in data["sides"]),
        current=data["current"],
        round=data["round"],
        turn=Turn(_dice(rolls), _dice(keeps), tuple(hinted), tuple(held)),
        record=record,
    )


def decode(raw: bytes | str) -> Room:
    """The room of a stored document; StoredRoomError when this release cannot read it."""
    try:
        data = orjson.loads(raw)
        if data.get("format") != FORMAT:
            raise StoredRoomError(f"a stored room of format {data.get('format')!r}, not {FORMAT}")
        event = data["event"]
        return Room(
            code=data["code"],
            seats=tuple(RoomSeat(*seat) for seat in data["seats"]),
            created_at=data["created_at"],
            updated_at=data["updated_at"],
            version=data["version"],
            revision=data["revision"],
            host=data["host"],
            game=None if data["game"] is None else _game(data["game"]),
            turn_since=data["turn_since"],
            due=data["due"],
            event=None if event is None else Event(event[0], event[1], _step(event[2]), event[3]),
        )
    except StoredRoomError:
        raise
    except (orjson.JSONDecodeError, AttributeError, KeyError, IndexError, TypeError) as error:
        raise StoredRoomError(f"an unreadable stored room ({type(error).__name__})") from error
    except ValueError as error:
        raise StoredRoomError(f"an unreadable stored room ({error})") from error


def load(raw: bytes | str | None) -> Room | None:
    """The room of a stored document, or None when there is none or it cannot be read (logged:
    its players are told the room is gone)."""
    if raw is None:
        return None
    try:
        return decode(raw)
    except StoredRoomError as error:
        log.warning("rooms: a stored room is unreadable and counts as gone: %s", error)
        return None
