"""The app factory: wires the engine, the API routes, the page, error handlers and middleware.

Dice are rolled on the server, from each game's dice record; tests can seed the records and set
the key and the clock.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from yahtzee.server.asset_store import MIN_PACKED
from yahtzee.server.assets import mount_assets
from yahtzee.server.engine import Clock, Engine, utc_now
from yahtzee.server.errors import install_error_handlers
from yahtzee.server.middleware import (
    ApiGZipMiddleware,
    BodyLimitMiddleware,
    HeadersMiddleware,
    ServerTimingMiddleware,
)
from yahtzee.server.room_shortcut import RoomActionShortcut
from yahtzee.server.rooms_routes import router as rooms_router
from yahtzee.server.routes import router
from yahtzee.solver import Table


def create_app(
    *,
    seed: int | None = None,
    table: Table | None = None,
    dice_key: bytes | None = None,
    clock: Clock = utc_now,
) -> FastAPI:
    """Build the app. ``seed`` makes new records and old games' dice reproducible (tests);
    ``table`` skips loading the solver table at start-up (tests pass the one they built);
    ``dice_key`` replaces ``$YAHTZEE_DICE_KEY`` or the cached key; ``clock`` sets the time the
    daily challenge goes by."""
    engine = Engine(seed, table, dice_key, clock)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine.load()
        # What start-up built lives as long as the worker: frozen, the collector's full passes
        # skip it instead of stalling a request to walk it.
        gc.collect()
        gc.freeze()
        yield

    app = FastAPI(
        title="快艇骰子 API",
        version="1",
        lifespan=lifespan,
        docs_url=None,  # Swagger UI loads scripts from other sites; the document is enough
        redoc_url=None,
        openapi_url="/api/openapi.json",
        # /api/new/ is not an address of ours: a 404, not a redirect a POST may not follow
        redirect_slashes=False,
    )
    app.state.engine = engine
    install_error_handlers(app)
    app.include_router(router)
    app.include_router(rooms_router)
    mount_assets(app)

    # Innermost of ours: answers a room's move as its route would, without FastAPI's routing.
    app.add_middleware(RoomActionShortcut)
    # Replies are gzipped here; no proxy in front is needed for it.
    app.add_middleware(ApiGZipMiddleware, minimum_size=MIN_PACKED, compresslevel=6)
    # Added last = outermost: the size limit answers before anything else runs.
    app.add_middleware(ServerTimingMiddleware)
    app.add_middleware(HeadersMiddleware)
    app.add_middleware(BodyLimitMiddleware)
    return app
