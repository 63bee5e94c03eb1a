"""好友房's HTTP contract (``docs/rooms.md``): thin handlers over ``yahtzee.rooms.service``.

A request acts for the seat whose token it carries as ``Authorization: Bearer <token>``; tokens
never travel in a URL. Live updates come as Server-Sent Events from ``GET …/events`` (read with
``fetch``, which can send the header, not ``EventSource``, which cannot). The router brings its
own lifespan: it opens the store the environment names and starts the room tasks of the worker.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.responses import Response, StreamingResponse

from yahtzee.rooms.room import Room
from yahtzee.rooms.service import Answer, RoomService, RoomSettings
from yahtzee.rooms.store import StoreUnavailableError, open_store
from yahtzee.rooms.views import Created, Joined, RoomView
from yahtzee.rooms.wire import Drawn
from yahtzee.server import schemas
from yahtzee.server.engine import Engine
from yahtzee.server.replies import FastJSONResponse, snapshot_of
from yahtzee.snapshot import Snapshot

log = logging.getLogger(__name__)


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: RoomSettings = getattr(app.state, "room_settings", None) or RoomSettings()
    store = getattr(app.state, "room_store", None) or open_store(settings.ttl)
    engine: Engine = app.state.engine
    service = RoomService(store, engine, _viewer(engine), settings)
    await service.open()
    app.state.rooms = service
    try:
        yield
    finally:
        await service.close()


def _viewer(engine: Engine) -> Any:
    def view(game: Any) -> Snapshot:
        return snapshot_of(game, engine)

    return view


router = APIRouter(lifespan=_lifespan, tags=["好友房"])

# The token is the request's to send or not: a missing one is answered like a wrong one (403),
# so the document lists no-auth as an alternative (a checker then expects no 401).
TOKEN: dict[str, Any] = {"security": [{"HTTPBearer": []}, {}]}

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorResponse} for status in (400, 403, 404, 409, 422, 429, 503)
}


async def get_rooms(request: Request) -> RoomService:
    """The app's rooms (async: FastAPI runs a plain ``def`` dependency in a thread, a hop and
    a wake-up of another thread on every request)."""
    rooms: RoomService = request.app.state.rooms
    return rooms


RoomsDep = Annotated[RoomService, Depends(get_rooms)]
bearer = HTTPBearer(auto_error=False, description="the seat token from create or join")
BearerDep = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return None if credentials is None else credentials.credentials


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _room_response(answer: Answer) -> Response:
    """The room's JSON as its streams get it (drawn once per revision), with ``you``."""
    return Response(answer.body(), media_type="application/json")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Name = Annotated[StrictStr, Field(max_length=64, description="1 to 12 characters after trimming")]


class NameRequest(_Strict):
    name: Name


class ComputerSeatRequest(_Strict):
    player: Literal["beginner", "normal", "expert"]
    name: Name | None = Field(default=None, description="named after its level when left out")


class StartRequest(_Strict):
    first: Literal["host", "random"] = Field(
        default="host", description="who rolls first: the host, or a seat drawn at random"
    )


class RoomActionRequest(_Strict):
    version: Annotated[StrictInt, Field(ge=0, le=2**31)]
    action: schemas.Action


@router.post("/api/rooms", status_code=201, response_model=Created, responses=ERRORS)
async def create_room(body: NameRequest, rooms: RoomsDep) -> Any:
    """A new room with you as its host in seat 0."""
    created = await rooms.create(body.name)
    return FastJSONResponse(created, status_code=201)


@router.post("/api/rooms/{code}/join", response_model=Joined, responses=ERRORS)
async def join_room(code: str, body: NameRequest, request: Request, rooms: RoomsDep) -> Any:
    """Take the next seat: 404 for no such room, 409 when it is full or started."""
    return FastJSONResponse(await rooms.join(code, body.name, _address(request)))


@router.post(
    "/api/rooms/{code}/seats", response_model=RoomView, responses=ERRORS, openapi_extra=TOKEN
)
async def add_seat(
    code: str, body: ComputerSeatRequest, request: Request, rooms: RoomsDep, credentials: BearerDep
) -> Any:
    """The host adds a computer seat."""
    answer = await rooms.add_computer(
        code, _token(credentials), body.player, body.name, _address(request)
    )
    return _room_response(answer)


@router.post(
    "/api/rooms/{code}/start", response_model=RoomView, responses=ERRORS, openapi_extra=TOKEN
)
async def start_room(
    code: str,
    request: Request,
    rooms: RoomsDep,
    credentials: BearerDep,
    body: StartRequest | None = None,
) -> Any:
    """The host starts the game (a body is optional)."""
    first = "host" if body is None else body.first
    answer = await rooms.start_game(code, _token(credentials), first, _address(request))
    return _room_response(answer)


@router.post(
    "/api/rooms/{code}/action", response_model=RoomView, responses=ERRORS, openapi_extra=TOKEN
)
async def room_action(
    code: str,
    body: RoomActionRequest,
    request: Request,
    rooms: RoomsDep,
    credentials: BearerDep,
) -> Any:
    """The same actions as ``/api/action`` (``restart_turn`` excepted), for the token's seat, on
    the room at ``version``: 409 when it is another seat's turn or the room has moved on."""
    action = body.action.to_game()
    answer = await rooms.act(code, _token(credentials), body.version, action, _address(request))
    return _room_response(answer)


@router.get("/api/rooms/{code}", response_model=RoomView, responses=ERRORS, openapi_extra=TOKEN)
async def get_room(code: str, request: Request, rooms: RoomsDep, credentials: BearerDep) -> Any:
    """The room now; ``you`` is your seat when the request carries your token."""
    return _room_response(await rooms.look(code, _token(credentials), _address(request)))


async def seated(
    code: str, request: Request, rooms: RoomsDep, credentials: BearerDep
) -> tuple[Room, int]:
    """The room and the seat of the request's token (checked before a stream starts, so a
    refusal is a plain JSON error)."""
    room = await rooms.find(code, _address(request))
    return room, rooms.seat(room, _token(credentials))


SeatedDep = Annotated[tuple[Room, int], Depends(seated)]

STREAM_IDLE = 15.0
"""Seconds between keep-alive comments on a quiet stream (proxies close idle connections)."""


@router.get(
    "/api/rooms/{code}/events",
    response_class=Response,
    openapi_extra=TOKEN,
    responses={
        **{
            status: {
                "description": "refused before the stream starts",
                "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}
                },
            }
            for status in ERRORS
        },
        200: {
            "description": (
                "Server-Sent Events: first `event: room` with the room now, then one for each "
                "change (`data` is a RoomView, with `you`; `id` its revision); "
                "`event: gone` when the room expires. Comments (`: ping`) keep it open."
            ),
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
    },
)
async def room_events(seated: SeatedDep, rooms: RoomsDep) -> Response:
    """The room's live updates for the token's seat; being connected here is what shows the
    seat as connected to the others."""
    room, seat = seated
    return StreamingResponse(
        _events(rooms, room.code, seat), media_type="text/event-stream", headers=STREAM_HEADERS
    )


STREAM_HEADERS: dict[str, str] = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
"""No cache, and no buffering by an nginx in front: each event goes out as it is written."""
PING: bytes = b": ping\n\n"
GONE: bytes = b"event: gone\ndata: {}\n\n"


async def _events(rooms: RoomService, code: str, seat: int) -> AsyncIterator[bytes]:
    """The stream's events as bytes: each revision is the room's JSON drawn once per process
    (``wire.Drawn``), so sending it to a stream costs only adding ``you``.

    The stream has begun (200) before the store is first asked here: when it cannot be reached,
    the stream ends, and the client's reconnect gets the 503."""
    try:
        async with rooms.hub.subscribe(code) as sub:
            conn = await rooms.presence.arrive(code, seat)
            try:
                room = await rooms.store.get(code)
                news: Drawn | bool | None = None if room is None else rooms.hub.drawn(room)
                while news is not None:
                    if isinstance(news, Drawn):
                        sub.mark(news.revision)
                        yield news.event(seat)
                    else:
                        yield PING
                    news = await sub.next(STREAM_IDLE)
                yield GONE
            finally:
                rooms.presence.leave(conn)
    except StoreUnavailableError as error:
        log.warning("rooms: the stream of %s seat %d ended: %s", code, seat, error)
