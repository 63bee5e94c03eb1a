"""Room codes: 6 characters from an alphabet without look-alikes, so a code read aloud or copied
by hand from one phone to another comes out right."""

from __future__ import annotations

import secrets
from typing import Final

ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Digits and capitals without 0/O, 1/I/L: 31 characters, so 31**6 (about 887 million) codes."""
LENGTH: Final = 6

_ALLOWED: Final = frozenset(ALPHABET)


def new_code() -> str:
    """A random code (the caller retries on the rare one already taken)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def parse_code(text: str) -> str | None:
    """``text`` as a code (spaces around and lower case forgiven), or None when it cannot be one."""
    code = text.strip().upper()
    if len(code) != LENGTH or not set(code) <= _ALLOWED:
        return None
    return code
