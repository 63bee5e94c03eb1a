"""Seat names in a room: ``game.check_name``'s rule (1 to 12 characters after trimming, no
control characters), no format characters but the zero-width joiner, unique in a room."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from yahtzee.errors import MalformedError, quote
from yahtzee.game import check_name
from yahtzee.rooms.errors import BadNameError, NameTakenError

ZWJ: Final = "\u200d"
"""The zero-width joiner inside emoji such as 👨‍👩‍👧: the one format character a name keeps."""


def clean_name(text: str) -> str:
    """``text`` trimmed, when it can name a seat in a room; raise BadNameError naming what is
    wrong. Beyond the rule of every seat's name (``game.check_name``), a room's refuses format
    characters: on another phone, a direction override could make a name read as another's."""
    try:
        name = check_name(text)
    except MalformedError as error:
        raise BadNameError(str(error)) from None
    for char in name:
        if char != ZWJ and unicodedata.category(char) == "Cf":
            raise BadNameError(
                f"a seat's name in a room has no format characters, got U+{ord(char):04X}"
                f" in {quote(name)}"
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
