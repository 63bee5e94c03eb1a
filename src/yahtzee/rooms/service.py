"""The rooms' operations, as the HTTP routes call them: each reads a room, makes the change (a pure
function of ``room.Room``) and writes it over the revision it read, again from the start when
another write came first. Every lookup of a code goes through the miss limiter.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from yahtzee.errors import IllegalMoveError, quote
from yahtzee.game import Game, RestartTurn, Roll, Score
from yahtzee.rooms.codes import new_code, parse_code
from yahtzee.rooms.driver import Driver, Pace, Players, next_due
from yahtzee.rooms.errors import BusyRoomError, RoomNotFoundError, SeatTokenError
from yahtzee.rooms.expiry import ROOM_TTL, watch_expiry
from yahtzee.rooms.feed import Hub
from yahtzee.rooms.limiter import MissLimit, MissLimiter
from yahtzee.rooms.limiter import key as limiter_key
from yahtzee.rooms.presence import Presence, PresenceTimes
from yahtzee.rooms.room import Room
from yahtzee.rooms.store import Store, StoreUnavailableError
from yahtzee.rooms.table import Starter, new_game
from yahtzee.rooms.tasks import stop
from yahtzee.rooms.tokens import new_token, seat_of, token_hash
from yahtzee.rooms.views import Created, Joined, Viewer, render, room_view
from yahtzee.rooms.wire import Drawn

log = logging.getLogger(__name__)

WRITE_TRIES = 8
"""Attempts of one change against other writers of the same room before giving up (409)."""


@dataclass(frozen=True, slots=True)
class RoomSettings:
    ttl: float = ROOM_TTL
    limit: MissLimit = field(default_factory=MissLimit)
    presence: PresenceTimes = field(default_factory=PresenceTimes)
    pace: Pace = field(default_factory=Pace)


Change = Callable[[Room], Awaitable[Room | None]]


@dataclass(frozen=True, slots=True)
class Answer:
    """A room as a request leaves it, drawn as its players see it, and the seat the request
    acts for (``you`` in the answer; None for a look without a token)."""

    room: Room
    drawn: Drawn
    seat: int | None = None

    def to(self, seat: int) -> Answer:
        return replace(self, seat=seat)

    def body(self) -> bytes:
        """The answer's JSON: the room with ``you``."""
        return self.drawn.with_you(self.seat)


class RoomService:
    """The rooms of one process: its store, its hub of streams, presence and the limiter."""

    def __init__(
        self,
        store: Store,
        players: Players,
        viewer: Viewer,
        settings: RoomSettings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.players = players
        self.viewer = viewer
        self.settings = settings or RoomSettings()
        self.clock = clock
        self.owner = uuid.uuid4().hex
        self.hub = Hub(store, self.draw)
        self.limiter = MissLimiter(store, self.settings.limit)
        self.presence = Presence(store, self.settings.presence, self.refresh_presence, clock)
        self.driver = Driver(store, self.update, players, self.settings.pace, self.owner, clock)
        self._rng = random.Random()
        self._tasks: list[asyncio.Task[None]] = []

    # Life ----------------------------------------------------------------------------------

    async def open(self) -> None:
        await self.store.start()
        self._tasks = [
            asyncio.create_task(self.presence.run(), name="rooms-presence"),
            asyncio.create_task(watch_expiry(self.store, self.hub), name="rooms-expiry"),
            asyncio.create_task(self.driver.run(), name="rooms-driver"),
        ]

    async def close(self) -> None:
        for task in self._tasks:
            await stop(task)
        self._tasks = []
        await self.store.close()

    # Reading -------------------------------------------------------------------------------

    def draw(self, room: Room) -> Drawn:
        """``room`` as its players see it: done once per write, by the process that writes."""
        return Drawn(room.revision, render(room_view(room, self.settings.ttl, self.viewer)))

    async def find(self, text: str, address: str) -> Room:
        """The room of code ``text``; a miss counts against ``address`` (429 after too many).
        The address's count and the room come in one round trip to the store."""
        code = parse_code(text)
        count, room = await self.store.lookup(code, limiter_key(address))
        self.limiter.refuse(count)
        if room is None:
            await self.limiter.missed(address)
            raise RoomNotFoundError(f"no room has the code {quote(text)}")
        return room

    @staticmethod
    def seat(room: Room, token: str | None) -> int:
        """The seat ``token`` is for; raise SeatTokenError when none."""
        if token is None:
            raise SeatTokenError("send your seat's token as 'Authorization: Bearer <token>'")
        seat = seat_of(token, room.token_hashes())
        if seat is None:
            raise SeatTokenError(f"the token is no seat's in room {room.code}")
        return seat

    async def look(self, text: str, token: str | None, address: str) -> Answer:
        """The room now, for the token's seat (``you``) when a token is sent."""
        room = await self.find(text, address)
        seat = None if token is None else self.seat(room, token)
        return Answer(room, self.hub.drawn(room), seat)

    # Writing -------------------------------------------------------------------------------

    async def update(self, code: str, change: Change, room: Room | None = None) -> Answer:
        """Apply ``change`` to the stored room (``room`` when just read) and write it over what
        was read, retrying on a fresh read when another write came first; the room as written,
        drawn (or as it was, when ``change`` gives None)."""
        for _ in range(WRITE_TRIES):
            if room is None:
                room = await self.store.get(code)
            if room is None:
                raise RoomNotFoundError(f"room {code} is gone (an hour without activity)")
            new = await change(room)
            if new is None:
                return Answer(room, self.hub.drawn(room))
            new = new.with_due(next_due(room, new, self.clock(), self.settings.pace, self._rng))
            drawn = self.draw(new)
            if await self.store.swap(new, room.revision, drawn):
                self.hub.deliver(code, drawn)  # this process's streams hear it at once
                return Answer(new, drawn)
            room = None
        raise BusyRoomError(f"room {code} kept changing under {WRITE_TRIES} tries of this change")

    async def create(self, name: str) -> Created:
        token = new_token()
        for _ in range(WRITE_TRIES):
            room = Room.open(new_code(), name, token_hash(token), self.clock())
            if await self.store.insert(room, self.draw(room)):
                return Created(room.code, 0, token)
        raise BusyRoomError("no free room code was found; try again")

    async def join(self, text: str, name: str, address: str) -> Joined:
        room = await self.find(text, address)
        token = new_token()

        async def change(room: Room) -> Room:
            return room.join(name, token_hash(token), self.clock())

        joined = await self.update(room.code, change, room)
        return Joined(len(joined.room.seats) - 1, token)

    async def add_computer(
        self, text: str, token: str | None, level: str, name: str | None, address: str
    ) -> Answer:
        room = await self.find(text, address)
        by = self.seat(room, token)

        async def change(room: Room) -> Room:
            return room.add_computer(by, level, name, self.clock())

        return (await self.update(room.code, change, room)).to(by)

    async def refresh_presence(self, code: str) -> None:
        """Write the room's ``connected`` flags as the presence records say."""

        async def change(room: Room) -> Room | None:
            now = self.clock()
            return room.with_presence(await self.store.present(code, now), now)

        try:
            await self.update(code, change)
        except RoomNotFoundError:
            pass
        except (StoreUnavailableError, BusyRoomError) as error:
            log.warning("rooms: presence of %s not written: %s", code, error)

    async def start_game(
        self, text: str, token: str | None, first: Starter, address: str
    ) -> Answer:
        room = await self.find(text, address)
        by = self.seat(room, token)

        def build(seated: Room) -> Game:
            return new_game(seated, self.players.records, first)

        async def change(room: Room) -> Room:
            return room.start(by, build, self.clock())

        return (await self.update(room.code, change, room)).to(by)

    async def act(
        self,
        text: str,
        token: str | None,
        version: int,
        action: Roll | Score | RestartTurn,
        address: str,
    ) -> Answer:
        """``action`` for the token's seat, on the room at ``version``: one read of the room
        (with the address's count) and one write."""
        room = await self.find(text, address)
        seat = self.seat(room, token)
        if isinstance(action, RestartTurn):
            # With the record's dice known from the first try, a turn begun again could be
            # played with hindsight: in a room the server keeps the turn, so it goes on.
            raise IllegalMoveError("a room's turn goes on where it is; it cannot be restarted")

        async def change(room: Room) -> Room:
            game = room.check_turn(seat, version)
            played = game.apply(action, self.players.records)
            return room.played(played, action, "person", self.clock())

        return (await self.update(room.code, change, room)).to(seat)
