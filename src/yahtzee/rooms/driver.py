"""The server's own moves: computer seats at a real pace, and the 普通 computer standing in for a
person away through their turn.

A room that waits on the server has a ``due`` time, which the store indexes. Every process polls
for due rooms; for each it takes the room's lease (one holder at a time, lapsing after
``lease`` seconds), makes the one step due and writes it over the revision it read. So with any
number of workers or replicas exactly one makes each step, and when a replica dies holding a
lease, its rooms are due still and another takes them once the lease lapses.

Nothing waits on the server while no person in the room is connected: a room everyone has left
stands still until someone comes back (or it expires).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Protocol

from yahtzee.dice_record import DiceRecords
from yahtzee.errors import YahtzeeError
from yahtzee.game import Difficulty
from yahtzee.players import Player
from yahtzee.rooms.errors import RoomNotFoundError
from yahtzee.rooms.room import Room
from yahtzee.rooms.store import Leases, RoomStore, StoreUnavailableError
from yahtzee.rooms.table import level_of

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Pace:
    """The page's 真实 pace: a beat before a computer's first roll of a turn, 2–5 s before each
    of its other moves; and how long a person may be away through their turn."""

    lead_in: float = 1.0
    think: tuple[float, float] = (2.0, 5.0)
    stand_in_after: float = 60.0
    lease: float = 10.0
    poll: float = 0.1
    """How often each process looks for due rooms."""


def next_due(
    before: Room | None, after: Room, now: float, pace: Pace, rng: random.Random
) -> float | None:
    """When the server steps ``after`` next (None: it waits on a person, or on nobody)."""
    game = after.game
    if game is None or game.finished or not after.humans_connected():
        return None
    seat = after.seats[game.current]
    if seat.human and not seat.stand_in:
        if seat.connected:
            return None
        since = max(after.turn_since or now, seat.away_since or now)
        return since + pace.stand_in_after
    if before is not None and before.due is not None and before.version == after.version:
        return before.due  # presence changed, not the game: the move keeps its time
    if game.turn.dice is None:
        return now + pace.lead_in
    return now + rng.uniform(*pace.think)


class Players(Protocol):
    records: DiceRecords

    def player(self, difficulty: Difficulty) -> Player: ...


class DriverStore(RoomStore, Leases, Protocol):
    pass


Update = Callable[[str, Callable[[Room], Awaitable[Room | None]]], Awaitable[object]]
"""``RoomService.update``: a change of a room, written over the revision it was read at."""


class Driver:
    def __init__(
        self,
        store: DriverStore,
        update: Update,
        players: Players,
        pace: Pace,
        owner: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.update = update
        self.players = players
        self.pace = pace
        self.owner = owner
        self.clock = clock
        self.steps = 0

    async def run(self) -> None:
        while True:
            try:
                codes = await self.store.due(self.clock(), 100)
                await asyncio.gather(*(self.drive(code) for code in codes))
            except StoreUnavailableError as error:
                log.warning("rooms: looking for due rooms failed: %s", error)
            await asyncio.sleep(self.pace.poll)

    async def drive(self, code: str) -> None:
        """Make the step due in ``code``, unless another process holds its lease."""
        lease = f"drive:{code}"
        try:
            if not await self.store.take(lease, self.owner, self.pace.lease):
                return
            try:
                await self.update(code, self.step)
            finally:
                await self.store.give_back(lease, self.owner)
        except RoomNotFoundError:
            pass
        except (StoreUnavailableError, YahtzeeError) as error:
            log.warning("rooms: the step due in %s failed: %s", code, error)

    async def step(self, room: Room) -> Room | None:
        """``room`` after its due step; None when nothing is due (another process made it)."""
        now = self.clock()
        game = room.game
        if room.due is None or room.due > now or game is None or game.finished:
            return None
        seat = room.seats[game.current]
        if seat.human and not seat.stand_in:
            if seat.connected:  # back in time: nothing to do but forget the clock
                return replace(room, revision=room.revision + 1, due=None)
            return room.with_stand_in(game.current, True, now)
        action = self.players.player(level_of(game, game.current)).step(game)
        self.steps += 1
        played = game.apply(action, self.players.records)
        return room.played(played, action, "stand_in" if seat.human else "computer", now)
