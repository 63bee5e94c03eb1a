"""Coaching in words: why the best option beats another, from the exact solver.

``reason_for(outlook, sheet, dice, rolls_left, advice)`` gives a ``Reason``: one Chinese sentence
naming the consequence that separates the best option from the runner-up (or from an option a
player chose), with its size. ``docs/coaching.md`` describes how it is chosen.
"""

from __future__ import annotations

from yahtzee.coaching.outcomes import Outcome, outcomes
from yahtzee.coaching.reasons import Kind, Reason, explain, reason_for

__all__ = ["Kind", "Outcome", "Reason", "explain", "outcomes", "reason_for"]
