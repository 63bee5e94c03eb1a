"""What the API's handlers share: the dice records, the advisor, its outlook and the 胜率 model."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import UTC, date, datetime

from yahtzee.codec import from_model
from yahtzee.dice_key import dice_key
from yahtzee.dice_record import DiceRecords, china_date
from yahtzee.game import Difficulty, First, Game, Mode, Roll
from yahtzee.hints import hint_for
from yahtzee.players import EXPERT_EV, Player, get_player
from yahtzee.players.winmax import WinMaxPlayer
from yahtzee.saved_game import GameModel
from yahtzee.solver import Advisor, Table, load_table
from yahtzee.solver.outlook_store import Outlook, load_outlook
from yahtzee.winprob.estimate import WinModel
from yahtzee.winprob.tables import WinTables, find_win_tables, load_win_tables


class NotReadyError(Exception):
    """The solver table is still loading."""


Clock = Callable[[], datetime]
"""The time now, with its zone (tests set the day of the daily challenge with their own)."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class Engine:
    """The dice records, the advisor and the 胜率 model of one worker.

    The dice key lives here (``dice_key`` unless handed in): games roll from their records
    through ``records``, and ``game_of`` is the one door a saved game comes in by, its dice
    checked against its record.

    Tests hand in a table and get everything at once. A served worker loads the solver table at
    start-up; the win-probability tables may still be building in another process (``yahtzee
    serve`` starts ``yahtzee solve --win``), so until their file appears games against others
    run without them: no 胜率 bar, and 高手 plays the expected-score optimum.
    """

    def __init__(
        self,
        seed: int | None,
        table: Table | None,
        key: bytes | None = None,
        clock: Clock = utc_now,
    ) -> None:
        self.rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        self.records = DiceRecords(dice_key().secret if key is None else key, self.rng)
        self.clock = clock
        self.table: Table | None = None
        self.advisor: Advisor | None = None
        self.outlook: Outlook | None = None
        self._win: WinModel | None = None
        self._next_look = 0.0
        if table is not None:
            self.use(table)

    def load(self) -> None:
        if self.advisor is None:
            self.use(load_table(), wait_for_win_tables=False)

    def use(self, table: Table, *, wait_for_win_tables: bool = True) -> None:
        self.advisor = Advisor(table)
        # The reasons of hints and 练习 answers; built here when missing (under a minute).
        self.outlook = load_outlook(table)
        self._warm_up(table)
        if wait_for_win_tables:
            self._set_win(load_win_tables(table))
        else:
            self._look_for_win_tables(table)
        self.table = table  # set last: /healthz says ready only once requests will be quick

    def _warm_up(self, table: Table) -> None:
        """Run each compiled path once, so a worker's first player never waits for numba to
        load its kernels."""
        assert self.advisor is not None and self.outlook is not None
        hint_for(_WARM_UP_GAME, self.advisor, self.outlook)
        rng = random.Random(0)
        for level in Difficulty:
            player = get_player(EXPERT_EV if level is Difficulty.EXPERT else level, table, rng)
            player.step(_WARM_UP_GAME)

    def _set_win(self, tables: WinTables) -> None:
        model = WinModel(tables)
        model.chances(_WARM_UP_GAME)
        self._win = model

    def _look_for_win_tables(self, table: Table) -> None:
        self._next_look = time.monotonic() + 1.0
        found = find_win_tables(table)
        if found is not None:
            self._set_win(found)

    def win_model(self) -> WinModel | None:
        """The play-to-win model, or None while its tables are still being built elsewhere
        (looked for again at most once a second)."""
        if self._win is None and self.table is not None and time.monotonic() >= self._next_look:
            self._look_for_win_tables(self.table)
        return self._win

    def game_of(self, model: GameModel) -> Game:
        """The game of a checked save: its logs replayed (``codec.from_model``) and its dice
        checked against its record. Raises InvalidGameError (AlteredDiceError for dice that are
        not the record's)."""
        return self.records.check(from_model(model))

    def today(self) -> date:
        """The day of the daily challenge now (China time)."""
        return china_date(self.clock())

    def player(self, difficulty: Difficulty) -> Player:
        """The computer of ``difficulty``; 高手 plays to win once the 胜率 tables are loaded."""
        table = self.require_table()
        model = self.win_model()
        if difficulty is Difficulty.EXPERT:
            if model is None:
                return get_player(EXPERT_EV, table, self.rng)
            return WinMaxPlayer(table, model)
        return get_player(difficulty, table, self.rng)

    def require_table(self) -> Table:
        """The solver table; raise NotReadyError while it is loading."""
        if self.table is None:
            raise NotReadyError
        return self.table

    def require_advisor(self) -> Advisor:
        """The advisor; raise NotReadyError while the table is loading."""
        if self.advisor is None:
            raise NotReadyError
        return self.advisor

    def require_outlook(self) -> Outlook:
        """The advisor's outlook (the reasons' table); raise NotReadyError while it is loading."""
        if self.outlook is None:
            raise NotReadyError
        return self.outlook


_WARM_UP_GAME = Game.new(Mode.VS, Difficulty.EXPERT, First.COMPUTER).apply(Roll(), random.Random(0))
