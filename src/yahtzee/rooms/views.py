"""What the rooms' API answers and streams: frozen dataclasses (the response models of the OpenAPI
document), made from a room without its token hashes.

While the game runs, the view leaves out the dice record's id: with it and the server's key the
dice to come could be known, so it stays on the server until the game is over; then ``game``
(the saved-game JSON, record included) comes too, for each player's 复盘 and history.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal

from yahtzee.codec import to_json
from yahtzee.game import Game, Roll
from yahtzee.plain import dumps
from yahtzee.rooms.room import Event, EventType, Player, Room
from yahtzee.rules import Box
from yahtzee.snapshot import Snapshot


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    player: Player
    host: bool
    connected: bool
    """A person has the room open now (always false for a computer)."""
    stand_in: bool
    """The person is away and the 普通 computer plays their turns until they are back."""


@dataclass(frozen=True, slots=True)
class StepView:
    """A roll (the positions held) or a scoring (the box)."""

    type: Literal["roll", "score"]
    hold: tuple[int, ...] | None = None
    box: Box | None = None


@dataclass(frozen=True, slots=True)
class EventView:
    """The change that made this revision of the room."""

    type: EventType
    seat: int | None = None
    step: StepView | None = None
    by: Literal["person", "computer", "stand_in"] | None = None


@dataclass(frozen=True, slots=True)
class RoomView:
    """A room as every player sees it (``you`` only to a request that carries a seat's token)."""

    code: str
    version: int
    """Quote it in ``POST /api/rooms/{code}/action``: an action made on another is refused."""
    revision: int
    """Moves with every change, presence included: a client keeps the highest it has seen."""
    host: int
    seats: tuple[SeatView, ...]
    started: bool
    finished: bool
    expires_at: str
    """When the room goes if nothing happens in it before (UTC, ISO 8601)."""
    event: EventView | None = None
    view: Snapshot | None = None
    """The game's snapshot once started (without the dice record until it is over)."""
    game: dict[str, Any] | None = None
    """The saved-game JSON, once the game is over."""
    you: int | None = None
    """Your seat."""


@dataclass(frozen=True, slots=True)
class Created:
    code: str
    seat: int
    token: str
    """Keep it: ``Authorization: Bearer <token>`` acts for your seat (never put it in a URL)."""


@dataclass(frozen=True, slots=True)
class Joined:
    seat: int
    token: str


Viewer = Callable[[Game], Snapshot]
"""The game's snapshot, with whatever the server adds (the 胜率 of each seat)."""


def _step(step: Roll | Any | None) -> StepView | None:
    if step is None:
        return None
    if isinstance(step, Roll):
        return StepView("roll", hold=tuple(step.hold))
    return StepView("score", box=step.box)


def event_view(event: Event | None) -> EventView | None:
    if event is None:
        return None
    return EventView(event.type, event.seat, _step(event.step), event.by)


def iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def room_view(room: Room, ttl: float, viewer: Viewer) -> RoomView:
    game = room.game
    view = None
    if game is not None:
        view = viewer(game)
        if not game.finished:
            view = replace(view, record=None, daily=None)
    return RoomView(
        code=room.code,
        version=room.version,
        revision=room.revision,
        host=room.host,
        seats=tuple(
            SeatView(
                seat=index,
                name=seat.name,
                player=seat.player,
                host=index == room.host,
                connected=seat.connected,
                stand_in=seat.stand_in,
            )
            for index, seat in enumerate(room.seats)
        ),
        started=room.started,
        finished=room.finished,
        expires_at=iso(room.updated_at + ttl),
        event=event_view(room.event),
        view=view,
        game=to_json(game) if game is not None and game.finished else None,
    )


def render(view: RoomView) -> bytes:
    return dumps(view)
