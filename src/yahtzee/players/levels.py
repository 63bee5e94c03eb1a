"""The strengths by name, and each one's batch policy for the simulator.

Apart from the package so that ``winmax`` (which the package imports for ``get_player``) can
play against any level's policy without importing the package back.
"""

from __future__ import annotations

from yahtzee.errors import MalformedError
from yahtzee.game import Difficulty
from yahtzee.players.base import Policy
from yahtzee.players.beginner import BeginnerPolicy
from yahtzee.players.expert import ExpertPolicy
from yahtzee.players.normal import NormalPolicy
from yahtzee.solver import Table

LEVELS = tuple(Difficulty)
"""Every strength, weakest first."""


def parse_difficulty(key: object) -> Difficulty:
    """The difficulty named ``key`` (``beginner``, ``normal``, ``expert``, or 入门/普通/高手);
    raise MalformedError for anything else."""
    for level in Difficulty:
        if key in (level, level.value, level.zh):
            return level
    raise MalformedError(f"unknown player: {key!r} (choose from beginner, normal, expert)")


def needs_table(difficulty: Difficulty, table: Table | None) -> Table:
    """``table``; raise MalformedError when it is missing (the 高手 plays from it)."""
    if table is None:
        raise MalformedError(f"the {difficulty.value} player needs the solver table")
    return table


def get_policy(difficulty: Difficulty | str, table: Table | None) -> Policy:
    """The batch policy of ``difficulty`` for the simulator (``table`` is needed by ``expert``
    only). Raises MalformedError for an unknown difficulty or a missing table."""
    level = parse_difficulty(difficulty)
    if level is Difficulty.EXPERT:
        return ExpertPolicy(needs_table(level, table))
    if level is Difficulty.NORMAL:
        return NormalPolicy()
    return BeginnerPolicy()


__all__ = ["LEVELS", "get_policy", "needs_table", "parse_difficulty"]
