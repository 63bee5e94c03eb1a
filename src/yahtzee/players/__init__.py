"""The computer players: one interface, three strengths.

=========  ==========  ===============================================================
key        page name   strategy
=========  ==========  ===============================================================
beginner   入门        first-games habits: biggest number now, most frequent face
normal     普通        rules of thumb with a one-turn lookahead, and human slips
expert     高手        the optimal strategy (the solver's advisor); in 人机对战 it plays to win
=========  ==========  ===============================================================

``get_player(difficulty, table, rng)`` gives the ``Player`` the web game and the tests use
(``player.step(game) -> Roll | Score``); ``get_policy(difficulty, table)`` gives the batch
``Policy`` the simulator plays (``yahtzee.players.simulate``). Measured strengths are in
``docs/strength.md``.
"""

from __future__ import annotations

from yahtzee.errors import MalformedError
from yahtzee.game import Difficulty
from yahtzee.players.base import Decision, Keep, Player, Policy, PolicyPlayer, Uniform
from yahtzee.players.beginner import BeginnerPolicy, beginner_player
from yahtzee.players.expert import ExpertPlayer, ExpertPolicy
from yahtzee.players.normal import NormalPolicy, normal_player
from yahtzee.players.winmax import WinMaxPlayer
from yahtzee.solver import Table

LEVELS = tuple(Difficulty)
EXPERT_EV = "expert-ev"
"""``get_player`` key of the pure EV-optimal 高手 (``expert`` plays to win against an opponent)."""
"""Every strength, weakest first."""


def parse_difficulty(key: object) -> Difficulty:
    """The difficulty named ``key`` (``beginner``, ``normal``, ``expert``, or 入门/普通/高手);
    raise MalformedError for anything else."""
    for level in Difficulty:
        if key in (level, level.value, level.zh):
            return level
    raise MalformedError(f"unknown player: {key!r} (choose from beginner, normal, expert)")


def _table(difficulty: Difficulty, table: Table | None) -> Table:
    if table is None:
        raise MalformedError(f"the {difficulty.value} player needs the solver table")
    return table


def get_player(difficulty: Difficulty | str, table: Table | None, rng: Uniform) -> Player:
    """The computer player of ``difficulty``; ``table`` is needed by ``expert`` only, ``rng``
    draws the slips of ``normal``. Raises MalformedError for an unknown difficulty."""
    if difficulty == EXPERT_EV:
        return ExpertPlayer(_table(Difficulty.EXPERT, table))
    level = parse_difficulty(difficulty)
    if level is Difficulty.EXPERT:
        # Plays to win in 人机对战 (yahtzee.players.winmax); the EV optimum when alone.
        return WinMaxPlayer(_table(level, table))
    if level is Difficulty.NORMAL:
        return normal_player(rng)
    return beginner_player(rng)


def get_policy(difficulty: Difficulty | str, table: Table | None) -> Policy:
    """The batch policy of ``difficulty`` for the simulator (``table`` as for ``get_player``)."""
    level = parse_difficulty(difficulty)
    if level is Difficulty.EXPERT:
        return ExpertPolicy(_table(level, table))
    if level is Difficulty.NORMAL:
        return NormalPolicy()
    return BeginnerPolicy()


__all__ = [
    "LEVELS",
    "Decision",
    "Keep",
    "Player",
    "Policy",
    "PolicyPlayer",
    "Uniform",
    "get_player",
    "get_policy",
    "parse_difficulty",
]
