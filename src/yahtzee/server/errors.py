"""The one place that maps errors to HTTP: every error answer carries ``{"error": {"code",
"message"}}``, whether a domain error, a bad request or a worker still loading its table.

Messages are for players (Chinese), with the precise English detail after a colon so a
developer can tell what was wrong. Nothing here ever returns a stack trace.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from yahtzee.errors import (
    IllegalMoveError,
    InvalidGameError,
    MalformedError,
    RecordUnavailableError,
    YahtzeeError,
    clip,
    field_path,
    quote,
)
from yahtzee.rooms.errors import NotHostError, RoomNotFoundError, SeatTokenError, TooManyMissesError
from yahtzee.rooms.store import StoreUnavailableError
from yahtzee.saved_game import key_problem, shape_problem
from yahtzee.server.engine import NotReadyError

log = logging.getLogger(__name__)

MESSAGE_LIMIT: Final = 200
"""Characters of a validation message or a field's name that come back (both may hold input)."""

STATUS: Final[dict[type[YahtzeeError], int]] = {
    InvalidGameError: 400,
    MalformedError: 400,
    IllegalMoveError: 409,
    RecordUnavailableError: 409,
    SeatTokenError: 403,
    NotHostError: 403,
    RoomNotFoundError: 404,
    TooManyMissesError: 429,
}

HTTP_MESSAGES: Final[dict[int, tuple[str, str]]] = {
    404: ("not_found", "没有这个页面"),
    405: ("method_not_allowed", "不支持这种请求方式"),
    413: ("too_large", "请求太大"),
    503: ("not_ready", "服务器正在准备中，请稍候再试"),
}


def error_response(
    status: int, code: str, message: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """A JSON error body with the API's shape. A message quoting the input may hold a lone
    surrogate (valid in JSON text, not in UTF-8): it is written as its escape, ``\\ud800``."""
    readable = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse(
        {"error": {"code": code, "message": readable}},
        status_code=status,
        headers={**(headers or {}), "Cache-Control": "no-store"},
    )


def _status_for(error: YahtzeeError) -> int:
    for cls in type(error).__mro__:
        if cls in STATUS:
            return STATUS[cls]
    return 400


async def _domain_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, YahtzeeError)
    headers = getattr(error, "headers", None)  # Retry-After of a 429
    return error_response(_status_for(error), error.code, f"{error.zh}：{error}", headers)


def _within_the_game(kind: object, loc: Sequence[int | str]) -> bool:
    """Whether a request's error at ``loc`` is its saved game's own: anywhere inside the body's
    ``game``, or the game itself of the wrong type. A ``game`` key left out, or sent to an
    operation that declares none, is the request's. (Every ``game`` a request declares is a
    saved game: the fuzz tests check the document for it.)"""
    if not loc or loc[0] != "game":
        return False
    return len(loc) > 1 or kind not in ("missing", "extra_forbidden")


async def _validation_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    first = error.errors()[0] if error.errors() else {}
    kind = first.get("type")
    if kind == "json_invalid":
        position = first.get("loc", ("body", "?"))[-1]
        reason = first.get("ctx", {}).get("error", "invalid")
        return error_response(
            422, "invalid_request", f"请求内容不是有效的 JSON：{reason} at character {position}"
        )
    loc = list(first.get("loc", ()))
    if loc[:1] == ["body"]:
        loc = loc[1:]
    if not loc and isinstance(first.get("input"), bytes):
        # FastAPI reads the body as JSON only when it is declared so; otherwise it is raw bytes.
        return error_response(
            422, "invalid_request", "请求内容不正确：send the body as JSON (application/json)"
        )
    if not loc and kind == "missing":
        return error_response(422, "invalid_request", "请求内容不正确：the request has no body")
    # A saved game that does not even have the right shape is a corrupt save, and the page
    # treats it like one whatever check caught it: named and worded as the codec does.
    if _within_the_game(kind, loc):
        problem = shape_problem(first, loc[1:])
        return error_response(400, InvalidGameError.code, f"{InvalidGameError.zh}：{problem}")
    keys = key_problem(first, loc, "")
    if keys is not None:
        return error_response(
            422, "invalid_request", f"请求内容不正确：{clip(keys, MESSAGE_LIMIT)}"
        )
    # In JSON's words (null, not None), and quoting what was sent, as the domain errors do. Some
    # of pydantic's messages and a field's name carry the input too: clipped like a quote.
    message = clip(str(first.get("msg", "invalid")).replace("None", "null"), MESSAGE_LIMIT)
    if "input" in first:
        message = f"{message}, got {quote(first['input'])}"
    where = clip(field_path(loc), MESSAGE_LIMIT)
    detail = f"{where}: {message}" if where else message
    return error_response(422, "invalid_request", f"请求内容不正确：{detail}")


def _unreadable_body(cause: BaseException | None) -> str | None:
    """Why FastAPI could not read a JSON body, when it gave up with a bare 400."""
    if isinstance(cause, UnicodeDecodeError):
        return f"the body is not UTF-8 ({cause.reason} at byte {cause.start})"
    if isinstance(cause, RecursionError):
        return "the JSON is nested too deeply"
    if isinstance(cause, ValueError):
        # Python's words for an integer of thousands of digits advise a setting of its own.
        return str(cause).split("; use sys.set_int_max_str_digits()")[0]
    return None


async def _http_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, StarletteHTTPException)
    why = _unreadable_body(error.__cause__)
    if error.status_code == 400 and why is not None:
        return error_response(422, "invalid_request", f"请求内容无法读取：{why}")
    code, message = HTTP_MESSAGES.get(error.status_code, ("http_error", "请求无法完成"))
    return error_response(error.status_code, code, message, error.headers)


async def _not_ready(request: Request, error: Exception) -> JSONResponse:
    code, message = HTTP_MESSAGES[503]
    return error_response(503, code, message)


async def _store_unavailable(request: Request, error: Exception) -> JSONResponse:
    log.warning("rooms store unavailable on %s %s: %s", request.method, request.url.path, error)
    return error_response(
        503, "store_unavailable", "房间服务暂时连不上，请稍候再试", {"Retry-After": "1"}
    )


async def _unexpected(request: Request, error: Exception) -> JSONResponse:
    # One line of context; the traceback follows once, from the server, as Starlette raises
    # the error again after this answer.
    log.error("unexpected error on %s %s: %r", request.method, request.url.path, error)
    return error_response(
        500, "internal", "服务器出了点问题，请重试；你的对局保存在浏览器里，不会丢失"
    )


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers above on ``app``."""
    app.add_exception_handler(YahtzeeError, _domain_error)
    app.add_exception_handler(NotReadyError, _not_ready)
    app.add_exception_handler(StoreUnavailableError, _store_unavailable)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
