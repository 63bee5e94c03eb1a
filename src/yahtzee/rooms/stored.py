"""A room as the stores keep it: one JSON document (orjson), its game in the saved-game format
of ``yahtzee.codec``. Only this server writes it, but it is read back through the same checks as
any saved game, so a document from an older release that no longer fits fails loudly here."""

from __future__ import annotations

from typing import Any

import orjson

from yahtzee.codec import from_json, to_json
from yahtzee.game import Roll, Score
from yahtzee.rooms.room import Event, Room, Seat
from yahtzee.rules import Box

FORMAT = 1


def _step_json(step: Roll | Score | None) -> dict[str, Any] | None:
    if isinstance(step, Roll):
        return {"type": "roll", "hold": list(step.hold)}
    if isinstance(step, Score):
        return {"type": "score", "box": step.box.value}
    return None


def _step(data: dict[str, Any] | None) -> Roll | Score | None:
    if data is None:
        return None
    if data["type"] == "roll":
        return Roll(tuple(data["hold"]))
    return Score(Box(data["box"]))


def event_json(event: Event | None) -> dict[str, Any] | None:
    if event is None:
        return None
    return {"type": event.type, "seat": event.seat, "step": _step_json(event.step), "by": event.by}


def encode(room: Room) -> bytes:
    data = {
        "format": FORMAT,
        "code": room.code,
        "seats": [
            {
                "name": seat.name,
                "player": seat.player,
                "token_hash": seat.token_hash,
                "connected": seat.connected,
                "away_since": seat.away_since,
                "stand_in": seat.stand_in,
            }
            for seat in room.seats
        ],
        "created_at": room.created_at,
        "updated_at": room.updated_at,
        "version": room.version,
        "revision": room.revision,
        "host": room.host,
        "game": None if room.game is None else to_json(room.game),
        "turn_since": room.turn_since,
        "due": room.due,
        "event": event_json(room.event),
    }
    return orjson.dumps(data)


def decode(raw: bytes | str) -> Room:
    data = orjson.loads(raw)
    if data.get("format") != FORMAT:
        raise ValueError(f"a stored room of format {data.get('format')!r}, not {FORMAT}")
    event = data["event"]
    return Room(
        code=data["code"],
        seats=tuple(Seat(**seat) for seat in data["seats"]),
        created_at=data["created_at"],
        updated_at=data["updated_at"],
        version=data["version"],
        revision=data["revision"],
        host=data["host"],
        game=None if data["game"] is None else from_json(data["game"]),
        turn_since=data["turn_since"],
        due=data["due"],
        event=None
        if event is None
        else Event(event["type"], event["seat"], _step(event["step"]), event["by"]),
    )
