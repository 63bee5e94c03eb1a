"""Seat tokens: 128 random bits a player's browser keeps; the room keeps only their SHA-256.

A request acts for the seat whose token it carries (``Authorization: Bearer <token>``), found by
comparing hashes in constant time, every seat compared, so timing tells nothing of a near miss.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Final

TOKEN_BYTES: Final = 16
"""128 bits; ``secrets.token_urlsafe`` writes them as 22 URL-safe characters."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The hex SHA-256 of ``token``: what a room keeps of it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_of(token: str, hashes: Sequence[str | None]) -> int | None:
    """The index of the hash ``token`` matches (None: no seat; computer seats hold None)."""
    wanted = token_hash(token).encode()
    found = None
    for index, stored in enumerate(hashes):
        # Every seat is compared, a computer's against a value no hash equals.
        if hmac.compare_digest(wanted, (stored or "-").encode()) and stored is not None:
            found = index
    return found
