"""The optimal strategy: a DP over between-turn states, its cached table, and the advisor.

Typical use::

    from yahtzee.solver import Advisor, load_table

    table = load_table()  # validated, memory-mapped; built first if missing
    advice = Advisor(table).advise(sheet, dice, rolls_left)
    advice.best

``Table.turn_values`` is the batch kernel (a whole turn's value lattice for many states at once)
for simulators; ``best_keeps`` picks each state's best keep from it.
"""

from __future__ import annotations

from yahtzee.solver.advisor import Advice, Advisor, Option
from yahtzee.solver.dp import Progress, solve
from yahtzee.solver.kernel import TurnValues, best_keeps, turn_values
from yahtzee.solver.progress import StderrProgress
from yahtzee.solver.store import (
    NEW_GAME_VALUE,
    Table,
    TableError,
    build_table,
    cache_dir,
    load_table,
    table_path,
)

__all__ = [
    "NEW_GAME_VALUE",
    "Advice",
    "Advisor",
    "Option",
    "Progress",
    "StderrProgress",
    "Table",
    "TableError",
    "TurnValues",
    "best_keeps",
    "build_table",
    "cache_dir",
    "load_table",
    "solve",
    "table_path",
    "turn_values",
]
