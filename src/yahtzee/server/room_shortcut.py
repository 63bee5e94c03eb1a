"""A shortcut for ``POST /api/rooms/{code}/action``, the request every move of every room makes.

FastAPI's routing, dependency solving and exception wrapping cost about as much as the move
itself (every route is tried in turn, and each request builds a fresh dependency tree). This
middleware, the innermost of the app's own, does for this one route what FastAPI would: it reads
the body with the route's own model, the token with the route's own ``HTTPBearer``, and calls
the route's own function; an error it raises is answered by the app's own handler for it
(``server/errors.py``), and an unexpected one goes up to the app's last-resort handler, as from
the route. So the answer is the route's, byte for byte.

Whatever the shortcut does not take exactly as FastAPI would is left to FastAPI, untouched: a
body the model refuses (its 422 names the place in the body from the API's document), a
``Content-Type`` other than JSON, another method. Nothing has been done by then but reading the
body, which FastAPI reads again from here.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, Final

from pydantic import ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from yahtzee.server import rooms_routes
from yahtzee.server.middleware import replaying

PATH: Final = re.compile(r"/api/rooms/([^/]+)/action")
"""The route's path, with FastAPI's pattern for a path parameter (anything but a slash)."""
JSON_TYPES: Final = (b"application/json", b"application/json; charset=utf-8")
"""The ``Content-Type`` values taken here (what the page sends); FastAPI reads any other."""


class RoomActionShortcut:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = None
        if scope["type"] == "http" and scope["method"] == "POST":
            match = PATH.fullmatch(scope["path"])
        if match is None:
            await self.app(scope, receive, send)
            return
        body, first = await _read_body(receive)
        content_type = dict(scope["headers"]).get(b"content-type", b"").lower()
        request = None
        if body is not None and content_type in JSON_TYPES:
            with contextlib.suppress(ValidationError):  # FastAPI words its 422
                request = rooms_routes.RoomActionRequest.model_validate_json(body)
        if request is None:
            await self.app(scope, replaying(first, receive), send)
            return
        await _answer(scope, receive, send, match.group(1), request)


async def _answer(
    scope: Scope, receive: Receive, send: Send, code: str, body: rooms_routes.RoomActionRequest
) -> None:
    """The route's answer to a request whose body the route's model has read as ``body``."""
    request = Request(scope, receive)
    app: Any = scope["app"]
    try:
        credentials = await rooms_routes.bearer(request)
        rooms = await rooms_routes.get_rooms(request)
        response = await rooms_routes.room_action(code, body, request, rooms, credentials)
    except Exception as error:
        handler = _handler(app.exception_handlers, error)
        if handler is None:
            raise  # to the app's last-resort handler (a 500), as from the route
        response = await handler(request, error)
    await response(scope, receive, send)


def _handler(handlers: dict[Any, Any], error: Exception) -> Any:
    """The app's handler of ``error``, looked up as Starlette does (the closest class first);
    None for the last-resort one (``Exception``), which the app runs itself."""
    for kind in type(error).__mro__:
        if kind is Exception:
            return None
        if kind in handlers:
            return handlers[kind]
    return None


async def _read_body(receive: Receive) -> tuple[bytes | None, Message]:
    """The whole body (None when the client went away first), and the one message that stands
    for it when it is handed on."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None, message
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            body = b"".join(chunks)
            return body, {"type": "http.request", "body": body, "more_body": False}
