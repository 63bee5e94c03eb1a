"""ASGI middleware: request size limit and the response headers every answer carries.

The size limit runs before anything parses the body, so a megabyte of JSON costs a read, never
a parse. A refused body is still read to its end (up to ``MAX_DRAINED_BYTES``) before the 413:
a server that closes a connection with unread bytes in it makes the kernel send a reset, which
reaches a client still sending as a broken pipe, and can take the 413 it was about to read.

The headers forbid inline scripts and other origins (the page needs neither), and keep the API
out of every cache while versioned assets stay cached.
"""

from __future__ import annotations

import json
import time
from typing import Final

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES: Final = 64 * 1024
MAX_DRAINED_BYTES: Final = 4 * 1024 * 1024
"""The most of a refused body read (and thrown away) so that the client can be answered: past
it the connection is cut, and the client may see a reset instead of the 413."""

CSP: Final = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "media-src 'self'",
        "connect-src 'self'",
        "font-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        # The page builds its DOM from nodes, never from HTML strings: any string sent to an
        # HTML sink (innerHTML and the like) is refused outright.
        "require-trusted-types-for 'script'",
        # The one policy: the service worker's URL (main.js).
        "trusted-types service-worker",
    ]
)

SECURITY_HEADERS: Final = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def _too_large_body() -> bytes:
    error = {"code": "too_large", "message": f"请求太大（上限 {MAX_BODY_BYTES // 1024} KB）"}
    return json.dumps({"error": error}, ensure_ascii=False).encode()


class BodyLimitMiddleware:
    """Refuse request bodies over ``limit`` bytes with 413, by header or while streaming."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        if b"content-length" in headers:
            try:
                declared = int(headers[b"content-length"])
            except ValueError:
                declared = self.limit + 1
            if declared > self.limit:
                # A client that waits for "100 Continue" has sent nothing yet: answer at once.
                # Otherwise the body is on its way; read it if it is not too big to.
                waiting = headers.get(b"expect", b"").lower() == b"100-continue"
                if not waiting and declared <= MAX_DRAINED_BYTES:
                    await _drain(receive, 0)
                await self._refuse(send)
                return
        # Read the whole body here, before the app: a body sent in chunks (no Content-Length)
        # is counted as it comes, and the app, which would turn any error while reading into
        # its own 400, only ever sees a body within the limit.
        chunks: list[bytes] = []
        received = 0
        first: Message = {"type": "http.request", "body": b"", "more_body": False}
        while True:
            message = await receive()
            if message["type"] != "http.request":
                first = message  # the client went away: the app hears it
                break
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.limit:
                if message.get("more_body", False):
                    await _drain(receive, received)
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                first = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
                break
        await self.app(scope, replaying(first, receive), send)

    async def _refuse(self, send: Send) -> None:
        body = _too_large_body()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"cache-control", b"no-store"),
                    (b"connection", b"close"),
                    *SECURITY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def replaying(first: Message, receive: Receive) -> Receive:
    """``receive`` with ``first`` given back first (a body already read before the app)."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return first

    return replay


async def _drain(receive: Receive, received: int) -> None:
    """Read the rest of a refused body and throw it away, until it ends, the client goes away
    or ``MAX_DRAINED_BYTES`` have come in all told."""
    while received <= MAX_DRAINED_BYTES:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            return
        received += len(message.get("body", b""))


class HeadersMiddleware:
    """Add the security headers to every response, and ``no-store`` to the API's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = scope["path"].startswith("/api/") or scope["path"] == "/healthz"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = message.get("headers", [])
                headers = [h for h in raw if h[0] != b"cache-control"]
                existing = [h for h in raw if h[0] == b"cache-control"]
                headers.extend(SECURITY_HEADERS)
                if is_api:
                    headers.append((b"cache-control", b"no-store"))
                else:
                    headers.extend(existing or [(b"cache-control", b"no-cache")])
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class ServerTimingMiddleware:
    """Report the app's own time per request in a ``Server-Timing`` header (``app;dur=ms``),
    so benchmarks and browser dev tools can tell server time from network time."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()

        async def send_with_timing(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                headers = [
                    *message.get("headers", []),
                    (b"server-timing", f"app;dur={ms:.3f}".encode()),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_timing)


class ApiGZipMiddleware(GZipMiddleware):
    """Gzip the API's replies (game JSON compresses well). The page and its files are gzipped
    once per release (asset_store.py) and pass untouched, whatever the client accepts."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            await super().__call__(scope, receive, send)
        else:
            await self.app(scope, receive, send)
