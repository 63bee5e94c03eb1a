"""Reading a game JSON file named on the command line (``-`` for standard input)."""

from __future__ import annotations

import sys
from pathlib import Path

from yahtzee.errors import InvalidGameError
from yahtzee.game import Game


def read_game(name: str) -> Game:
    """The game in file ``name`` (or stdin for ``-``); InvalidGameError names what is wrong."""
    from yahtzee.codec import loads

    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidGameError(f"cannot read {name!r}: {error}") from error
    return loads(text)
