"""Dice records: a game's dice fixed in advance by its record id and the server's key.

A record id is ``<seed>-<key id>``: 32 hex digits of seed (random for a new game; for the daily
challenge of day D, the first 32 hex digits of HMAC-SHA256(key, "daily:D")), then the first 8
hex digits of HMAC-SHA256(key, "dice key id"), which name the key the record was made under.
The value of the die at position i (0–4) of roll r (0–2) of turn t (0–12) of seat s (0–3: in
人机对战 the player's seat is 0 and the computer's 1) is::

    digest = HMAC-SHA256(key, "dice:<seed>:<s>:<t>:<r>")
    die    = 1 + (the i-th byte of digest below 252) mod 6

(252 = 42 × 6, so every face is equally likely; the rare digest with fewer than five such
bytes is followed by HMAC-SHA256(key, "dice:<seed>:<s>:<t>:<r>:1"), and so on.)

The page holds record ids, never the key, so it cannot foresee a die. ``DiceRecords`` is all
that uses the key: it makes records, it is the ``RecordSource`` games roll from, and ``check``
requires a saved game's dice to be its record's: the one place a save's dice are checked.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Final, Protocol

from yahtzee.errors import AlteredDiceError, MalformedError, RecordUnavailableError
from yahtzee.errors import quote as _quote
from yahtzee.game import Game, Record
from yahtzee.rules import NUM_DICE
from yahtzee.saved_game import RECORD_PATTERN

CHINA: Final = timezone(timedelta(hours=8), "CST")
"""China Standard Time (UTC+8, no summer time): the daily challenge's calendar."""

_RECORD = re.compile(RECORD_PATTERN)
_ACCEPTED: Final = 252  # the largest multiple of 6 up to 256

Dice = tuple[int, ...]


class Bits(Protocol):
    """Where new record seeds come from (``random.Random`` and ``random.SystemRandom`` fit)."""

    def getrandbits(self, k: int, /) -> int: ...

    def randint(self, a: int, b: int) -> int: ...


def china_date(now: datetime) -> date:
    """The calendar day in China at the aware instant ``now``: the daily challenge's day."""
    if now.tzinfo is None:
        raise ValueError(f"a time with its zone is needed, got {now.isoformat()!r}")
    return now.astimezone(CHINA).date()


def day_ends(day: date) -> datetime:
    """The instant (UTC) the daily challenge of ``day`` gives way to the next one."""
    start = datetime(day.year, day.month, day.day, tzinfo=CHINA) + timedelta(days=1)
    return start.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class Daily:
    """A day's daily challenge (``GET /api/daily``)."""

    date: str
    """The day, YYYY-MM-DD, China time (UTC+8)."""
    record: str
    """Its dice record id (``POST /api/new`` with ``record: "daily"`` plays it)."""
    ends_at: str
    """When the next day's challenge replaces it (UTC, ISO 8601)."""


class DiceRecords:
    """Dice records under one key, and the dice source the server rolls with.

    ``fresh`` draws the dice of games without a record (saved before records, or under a key
    since replaced) and the new record seeds; ``random.SystemRandom()`` unless given.
    """

    def __init__(self, key: bytes, fresh: Bits | None = None) -> None:
        if not key:
            raise ValueError("the dice key is empty")
        self._mac = hmac.new(key, digestmod=hashlib.sha256)
        self.key_id: Final = self._digest(b"dice key id").hex()[:8]
        self.fresh: Bits = fresh if fresh is not None else random.SystemRandom()

    def _digest(self, message: bytes) -> bytes:
        mac = self._mac.copy()
        mac.update(message)
        return mac.digest()

    # Records ------------------------------------------------------------------------------

    def new(self) -> Record:
        """A new game's record: a fresh seed under this key."""
        return Record(f"{self.fresh.getrandbits(128):032x}-{self.key_id}")

    def daily(self, day: date) -> Record:
        """The daily challenge's record of ``day``: the same for every game under this key."""
        seed = self._digest(f"daily:{day.isoformat()}".encode()).hex()[:32]
        return Record(f"{seed}-{self.key_id}", daily=day)

    def daily_view(self, day: date) -> Daily:
        """The daily challenge of ``day``, as the page is told of it."""
        ends = day_ends(day).isoformat().replace("+00:00", "Z")
        return Daily(day.isoformat(), self.daily(day).id, ends)

    def parse(self, record_id: str) -> Record:
        """``record_id`` (as a game or a request carries it) as a record to roll from; raise
        MalformedError when it is not one, RecordUnavailableError when another key made it."""
        if not _RECORD.match(record_id):
            raise MalformedError(
                f"a record is 32 hex digits, '-' and 8 more, got {_quote(record_id)}"
            )
        if not record_id.endswith(self.key_id):
            raise RecordUnavailableError(
                f"record {record_id!r} was made under another dice key; its dice are gone"
            )
        return Record(record_id)

    # The RecordSource games roll from ------------------------------------------------------

    def randint(self, a: int, b: int) -> int:
        """A fresh number, for games without a record."""
        return self.fresh.randint(a, b)

    def slots(self, record: str, side: int, turn: int, roll: int) -> Dice:
        """The five values the dice of ``record`` take when rolled at this roll of seat
        ``side``, by position."""
        seed = record.split("-", 1)[0]
        message = f"dice:{seed}:{side}:{turn}:{roll}"
        found: list[int] = []
        block = 0
        while len(found) < NUM_DICE:
            text = message if block == 0 else f"{message}:{block}"
            found += (b % 6 + 1 for b in self._digest(text.encode()) if b < _ACCEPTED)
            block += 1
        return tuple(found[:NUM_DICE])

    # Checking a saved game -------------------------------------------------------------------

    def check(self, game: Game) -> Game:
        """``game`` when every die it shows is its record's (or it has no record).

        A record made under another key (the key was changed) cannot be checked: the game goes
        on without it, with fresh dice, as a game saved before records does. Raises
        AlteredDiceError naming the first roll that is not the record's.
        """
        record = game.record
        if record is None:
            return game
        if not record.id.endswith(self.key_id):
            return replace(game, record=None)
        if record.daily is not None and record.id != self.daily(record.daily).id:
            raise AlteredDiceError(
                f"record: {record.id!r} is not the daily challenge of {record.daily.isoformat()}"
            )
        for s, side in enumerate(game.sides):
            for t, entry in enumerate(side.log):
                self._check_turn(record.id, s, t, entry.rolls, entry.keeps, None)
        if game.turn.rolls:
            turn = game.turn
            number = len(game.acting.log)
            self._check_turn(record.id, game.current, number, turn.rolls, turn.keeps, turn.held)
        return game

    def _check_turn(
        self,
        record: str,
        side: int,
        turn: int,
        rolls: Sequence[Dice],
        keeps: Sequence[Dice],
        held: Sequence[bool] | None,
    ) -> None:
        """Each roll of a turn against the record; ``held`` the positions held for the last
        roll of a turn in progress (a logged turn keeps only the multiset held)."""
        path = f"sides[{side}].log[{turn}]" if held is None else "turn"
        for r, dice in enumerate(rolls):
            slots = self.slots(record, side, turn, r)
            if r == 0:
                fits = tuple(dice) == slots
            elif held is not None and r == len(rolls) - 1:
                previous = rolls[r - 1]
                fits = all(
                    dice[i] == (previous[i] if held[i] else slots[i]) for i in range(NUM_DICE)
                )
            else:
                fits = _fits(dice, rolls[r - 1], slots, keeps[r - 1])
            if not fits:
                raise AlteredDiceError(
                    f"{path}.rolls[{r}]: {list(dice)} are not the dice of the game's record"
                )


def _fits(dice: Dice, previous: Dice, slots: Dice, keep: Dice) -> bool:
    """True when some choice of held positions, showing the multiset ``keep``, turns
    ``previous`` into ``dice`` with every other die taking its slot's value."""
    forced: list[int] = []  # held for sure: the die kept its value, which is not its slot's
    free: list[int] = []  # the die kept its value, which is also its slot's: either way
    for die, before, slot in zip(dice, previous, slots, strict=True):
        if die == before:
            (free if die == slot else forced).append(die)
        elif die != slot:
            return False
    rest = list(keep)
    for die in forced:
        if die not in rest:
            return False
        rest.remove(die)
    for die in rest:
        if die not in free:
            return False
        free.remove(die)
    return True


__all__ = ["CHINA", "RECORD_PATTERN", "Daily", "DiceRecords", "china_date", "day_ends"]
