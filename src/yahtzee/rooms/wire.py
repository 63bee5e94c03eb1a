"""What a write of a room sends to every process with a stream of it: the room's JSON as every
player sees it (``views.RoomView`` without ``you``), drawn once by the writer, and its revision.

A process that receives it only passes the bytes on: it neither reads the room back nor draws it
again, and nothing in the message is parsed but the revision in front. The message carries
nothing the players do not see (no token hashes, no dice record while the game runs), so only
what the streams need crosses between processes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Drawn:
    """A revision of a room as its players see it: ``body`` is the room's JSON without ``you``."""

    revision: int
    body: bytes

    def message(self) -> bytes:
        """The bytes a store carries to other processes: the revision, a space, the body."""
        return b"%d %s" % (self.revision, self.body)

    @classmethod
    def from_message(cls, data: bytes) -> Drawn:
        revision, _, body = data.partition(b" ")
        return cls(int(revision), body)

    def with_you(self, seat: int | None) -> bytes:
        """The room's JSON with ``you`` added (for a request or stream of that seat)."""
        if seat is None:
            return self.body
        return b'{"you":%d,%s' % (seat, self.body[1:])

    def event(self, seat: int) -> bytes:
        """The room as one Server-Sent Event for a stream of ``seat``."""
        return b"event: room\ndata: %s\nid: %d\n\n" % (self.with_you(seat), self.revision)
