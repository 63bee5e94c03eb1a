"""The computer players: one interface, three strengths.

=========  ==========  ===============================================================
key        page name   strategy
=========  ==========  ===============================================================
beginner   入门        first-games habits: biggest number now, most frequent face
normal     普通        rules of thumb with a one-turn lookahead, and human slips
expert     高手        the optimal strategy (the solver's advisor); against others it plays to win
=========  ==========  ===============================================================

``get_player(difficulty, table, rng)`` gives the ``Player`` the web game and the tests use
(``player.step(game) -> Roll | Score``); ``get_policy(difficulty, table)`` gives the batch
``Policy`` the simulator plays (``yahtzee.players.simulate``). Measured strengths are in
``docs/strength.md``.
"""

from __future__ import annotations

from yahtzee.game import Difficulty
from yahtzee.players.base import Decision, Keep, Player, Policy, PolicyPlayer, Uniform
from yahtzee.players.beginner import beginner_player
from yahtzee.players.expert import ExpertPlayer
from yahtzee.players.levels import LEVELS, get_policy, needs_table, parse_difficulty
from yahtzee.players.normal import normal_player
from yahtzee.players.winmax import WinMaxPlayer
from yahtzee.solver import Table

EXPERT_EV = "expert-ev"
"""``get_player`` key of the pure EV-optimal 高手 (``expert`` plays to win against an opponent)."""


def get_player(difficulty: Difficulty | str, table: Table | None, rng: Uniform) -> Player:
    """The computer player of ``difficulty``; ``table`` is needed by ``expert`` only, ``rng``
    draws the slips of ``normal``. Raises MalformedError for an unknown difficulty."""
    if difficulty == EXPERT_EV:
        return ExpertPlayer(needs_table(Difficulty.EXPERT, table))
    level = parse_difficulty(difficulty)
    if level is Difficulty.EXPERT:
        # Plays to win against others (yahtzee.players.winmax); the EV optimum when alone.
        return WinMaxPlayer(needs_table(level, table))
    if level is Difficulty.NORMAL:
        return normal_player(rng)
    return beginner_player(rng)


__all__ = [
    "EXPERT_EV",
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
