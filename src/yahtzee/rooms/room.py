"""A room as a value: its seats, its host, its game once started, and the counters that order its
changes. Every change is a pure function from one room to the next; the store swaps them.

Two counters: ``version`` moves with every change a player acts on (a seat joined or added, the
start, each step of the game, a stand-in taking a seat over or handing it back) and is what
``POST …/action`` must quote; ``revision`` moves with every write, presence included, and orders
the messages of the room's stream. So a friend's phone dropping off does not make a tap stale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final, Literal

from yahtzee.errors import MalformedError
from yahtzee.game import MAX_SEATS, MIN_TABLE_SEATS, Game, Roll, Score
from yahtzee.rooms.errors import (
    NotHostError,
    NotStartedError,
    NotYourTurnError,
    RoomFullError,
    RoomStartedError,
    StaleVersionError,
)
from yahtzee.rooms.names import check_free, clean_name, free_name

Player = Literal["human", "beginner", "normal", "expert"]
ComputerLevel = Literal["beginner", "normal", "expert"]
PLAYERS: Final[tuple[Player, ...]] = ("human", "beginner", "normal", "expert")
LEVEL_NAMES: Final[dict[str, str]] = {"beginner": "入门", "normal": "普通", "expert": "高手"}
MIN_SEATS_TO_START: Final = MIN_TABLE_SEATS
"""A room's game is a table of the seats model: 2 to ``MAX_SEATS`` seats."""

EventType = Literal[
    "created",  # the host made the room
    "joined",  # a person took a seat
    "seat_added",  # the host added a computer
    "started",  # the game began
    "played",  # a seat rolled or scored (``step`` says which; ``by`` who chose it)
    "stand_in",  # a person away through their turn: the 普通 computer plays their seat
    "returned",  # that person is back and plays again
    "connected",  # a seat's person connected
    "disconnected",  # a seat's person went away
]


@dataclass(frozen=True, slots=True)
class Event:
    """What made a revision of the room: its type, the seat it concerns, and for ``played`` the
    step and who chose it (the person, the seat's computer, or the stand-in)."""

    type: EventType
    seat: int | None = None
    step: Roll | Score | None = None
    by: Literal["person", "computer", "stand_in"] | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a person (with the hash of their token) or a computer."""

    name: str
    player: Player
    token_hash: str | None = None
    connected: bool = False
    away_since: float | None = None
    """When the person was last seen going away (None while connected)."""
    stand_in: bool = False
    """The person is away and the 普通 computer plays their turns until they are back."""

    @property
    def human(self) -> bool:
        return self.player == "human"


@dataclass(frozen=True, slots=True)
class Room:
    code: str
    seats: tuple[Seat, ...]
    created_at: float
    updated_at: float
    """The last change: the room expires an hour after it."""
    version: int = 1
    revision: int = 1
    host: int = 0
    game: Game | None = None
    turn_since: float | None = None
    """When the seat in turn began its turn (a stand-in's clock starts here at the earliest)."""
    due: float | None = None
    """When the server steps the game next (a computer's move, or a stand-in's clock running
    out); None when nothing waits on the server."""
    event: Event | None = None

    # Facts ---------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.finished

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def token_hashes(self) -> list[str | None]:
        return [seat.token_hash for seat in self.seats]

    def humans_connected(self) -> bool:
        return any(seat.human and seat.connected for seat in self.seats)

    # Changes -------------------------------------------------------------------------------

    @classmethod
    def open(cls, code: str, name: str, token_hash: str, now: float) -> Room:
        """A new room with its host in seat 0."""
        seat = Seat(clean_name(name), "human", token_hash)
        return cls(code, (seat,), now, now, event=Event("created", 0))

    def changed(self, now: float, event: Event | None, *, acted: bool = True) -> Room:
        """This room one write later; ``acted`` moves ``version`` too."""
        return replace(
            self,
            version=self.version + 1 if acted else self.version,
            revision=self.revision + 1,
            updated_at=now,
            event=event,
        )

    def join(self, name: str, token_hash: str, now: float) -> Room:
        """A person takes the next seat. Raises RoomStartedError, RoomFullError, NameTakenError
        (and MalformedError for a name that is none)."""
        name = clean_name(name)
        self._check_open()
        check_free(name, self.names())
        seats = (*self.seats, Seat(name, "human", token_hash))
        return replace(self, seats=seats).changed(now, Event("joined", len(self.seats)))

    def add_computer(self, by: int, level: str, name: str | None, now: float) -> Room:
        """The host adds a computer seat, named after its level unless named."""
        if level not in LEVEL_NAMES:
            raise MalformedError(f"a computer seat is beginner, normal or expert, got {level!r}")
        self._check_host(by, "add a computer")
        self._check_open()
        if name is None:
            name = free_name(LEVEL_NAMES[level], self.names())
        else:
            name = clean_name(name)
            check_free(name, self.names())
        seats = (*self.seats, Seat(name, level, None))  # type: ignore[arg-type]
        return replace(self, seats=seats).changed(now, Event("seat_added", len(self.seats)))

    def start(self, by: int, build: Callable[[Room], Game], now: float) -> Room:
        """The host starts the game ``build`` makes of these seats (once the host, the room
        and its seats are checked)."""
        self._check_host(by, "start the game")
        if self.started:
            raise RoomStartedError("the game of this room has started already")
        if len(self.seats) < MIN_SEATS_TO_START:
            raise NotStartedError(
                f"a room game needs at least {MIN_SEATS_TO_START} seats, "
                f"this room has {len(self.seats)}"
            )
        started = replace(self, game=build(self), turn_since=now)
        return started.changed(now, Event("started"))

    def check_turn(self, seat: int, version: int) -> Game:
        """The game, when ``seat`` may act on the room at ``version``; raise otherwise."""
        if version != self.version:
            raise StaleVersionError(
                f"version {version} is not the room's current one ({self.version}); "
                "nothing was changed"
            )
        game = self.game
        if game is None:
            raise NotStartedError("the game of this room has not started")
        if not game.finished and game.current != seat:
            raise NotYourTurnError(
                f"it is {self.seats[game.current].name}'s turn (seat {game.current}), "
                f"not seat {seat}'s"
            )
        return game

    def played(
        self,
        game: Game,
        step: Roll | Score,
        by: Literal["person", "computer", "stand_in"],
        now: float,
    ) -> Room:
        """The room after ``step`` made ``game`` (the seat that moved is the one in turn)."""
        assert self.game is not None
        seat = self.game.current
        turn_since = now if game.current != seat or game.finished else self.turn_since
        room = replace(self, game=game, turn_since=turn_since)
        seats = list(room.seats)
        if by == "person" and seats[seat].stand_in:
            seats[seat] = replace(seats[seat], stand_in=False)
            room = replace(room, seats=tuple(seats))
        return room.changed(now, Event("played", seat, step, by))

    def with_stand_in(self, seat: int, on: bool, now: float) -> Room:
        """A stand-in takes ``seat`` over (``on``) or hands it back to its person."""
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], stand_in=on)
        event = Event("stand_in" if on else "returned", seat)
        return replace(self, seats=tuple(seats)).changed(now, event)

    def with_presence(self, present: frozenset[int], now: float) -> Room | None:
        """The room with these seats connected (a seat back from away leaves its stand-in);
        None when nothing changes."""
        seats = list(self.seats)
        event: Event | None = None
        acted = False
        for index, seat in enumerate(self.seats):
            if not seat.human:
                continue
            here = index in present
            if here == seat.connected:
                continue
            if here:
                seats[index] = replace(seat, connected=True, away_since=None, stand_in=False)
                acted = acted or seat.stand_in
                event = Event("returned" if seat.stand_in else "connected", index)
            else:
                seats[index] = replace(seat, connected=False, away_since=now)
                event = Event("disconnected", index)
        if event is None:
            return None
        return replace(self, seats=tuple(seats)).changed(now, event, acted=acted)

    def with_due(self, due: float | None) -> Room:
        return replace(self, due=due)

    def _check_open(self) -> None:
        if self.started:
            raise RoomStartedError("the game of this room has started; no one can join now")
        if len(self.seats) >= MAX_SEATS:
            raise RoomFullError(f"the room is full ({MAX_SEATS} seats)")

    def _check_host(self, seat: int, what: str) -> None:
        if seat != self.host:
            raise NotHostError(f"only the host (seat {self.host}) may {what}; you are seat {seat}")
