"""快艇骰子: Yahtzee rules, the optimal solver, computer players and the web game."""

__version__ = "0.1.0"
