"""The HTTP/1.1 protocol ``yahtzee serve`` runs: uvicorn's httptools parser, with the request head
bounded.

httptools (llhttp, in C) costs a fraction of h11's pure Python per request and per event sent,
but uvicorn takes a head of any size with it, joining its pieces as they come (``url +=``, and
httptools the same for each header): the cost grows with the head's size times the number of
pieces it arrives in, so one huge header could hold a worker's CPU for minutes. Here a head that
is not complete after ``MAX_HEAD_BYTES`` bytes, or after ``MAX_HEAD_PIECES`` reads, is answered
400 at once and the connection closed, which bounds that cost to milliseconds.
"""

from __future__ import annotations

import asyncio
from typing import Final

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD_BYTES: Final = 64 * 1024
"""Request line and headers together."""
MAX_HEAD_PIECES: Final = 256
"""Reads one head may take: a phone's head comes in one or a few; a head sent a byte at a
time is refused long before its pieces cost anything."""


class BoundedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, refusing a request head over the bounds above."""

    _head_bytes = 0
    _head_pieces = 0
    _in_head = True

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_head()

    def _start_head(self) -> None:
        self._in_head = True
        self._head_bytes = 0
        self._head_pieces = 0

    def on_headers_complete(self) -> None:
        self._in_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._start_head()  # what comes next on this connection is another request's head

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            # Counted before parsing, read by read: a read that ends the head may carry part
            # of the body too, so only a head still open after it is judged.
            self._head_bytes += len(data)
            self._head_pieces += 1
        super().data_received(data)
        too_big = self._head_bytes > MAX_HEAD_BYTES or self._head_pieces > MAX_HEAD_PIECES
        if self._in_head and too_big and not self.transport.is_closing():
            self.send_400_response("Request head too large or sent in too many pieces.")
