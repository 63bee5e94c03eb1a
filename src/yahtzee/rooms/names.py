"""Seat names: 1 to 12 characters after trimming, no control characters, unique in a room."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from yahtzee.errors import quote
from yahtzee.game import NAME_LENGTH
from yahtzee.rooms.errors import BadNameError, NameTakenError

MAX_NAME: Final = NAME_LENGTH
ZWJ: Final = "\u200d"
"""The zero-width joiner inside emoji such as 👨‍👩‍👧: the one format character a name keeps."""
_REFUSED: Final = frozenset({"Cc", "Cs", "Zl", "Zp", "Cf"})
"""Control characters, lone surrogates, line and paragraph separators, and format characters
(direction overrides could make a name read as another's)."""


def clean_name(text: str) -> str:
    """``text`` trimmed, when it is a name; raise BadNameError naming what is wrong."""
    name = text.strip()
    if not name:
        raise BadNameError(f"a name needs 1 to {MAX_NAME} characters, got {quote(text)}")
    if len(name) > MAX_NAME:
        raise BadNameError(
            f"a name has at most {MAX_NAME} characters, got {len(name)}: {quote(name)}"
        )
    for char in name:
        if char != ZWJ and unicodedata.category(char) in _REFUSED:
            raise BadNameError(
                f"a name has no control characters, got U+{ord(char):04X} in {quote(name)}"
            )
    return name


def same_name(a: str, b: str) -> bool:
    """Names that would read alike in a room: equal once case and width are folded."""
    return _folded(a) == _folded(b)


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def check_free(name: str, taken: Iterable[str]) -> None:
    """Raise NameTakenError when a seat of the room already has ``name``."""
    for other in taken:
        if same_name(name, other):
            raise NameTakenError(f"the name {quote(name)} is taken in this room")


def free_name(base: str, taken: Iterable[str]) -> str:
    """``base``, or ``base`` with the first number that makes it unique (高手, 高手2, …)."""
    names = list(taken)
    candidate, number = base, 1
    while any(same_name(candidate, other) for other in names):
        number += 1
        candidate = f"{base}{number}"
    return candidate
