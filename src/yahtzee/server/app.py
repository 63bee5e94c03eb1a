"""The FastAPI app: the page, and a stateless JSON API over the game model.

Every request carries the game it acts on (the saved-game JSON) and gets back the new game and
the snapshot the page draws, so any worker on any machine can answer any request. Dice are
rolled here, with a generator that tests can seed.
"""

from __future__ import annotations

import gc
import hashlib
import random
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

from yahtzee.codec import from_json, to_json
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.game import (
    COMPUTER,
    PLAYER,
    Difficulty,
    First,
    Game,
    Mode,
    RestartTurn,
    Roll,
    Score,
    UseHint,
    verb,
)
from yahtzee.hints import hint_for
from yahtzee.players import EXPERT_EV, Player, get_player
from yahtzee.players.winmax import WinMaxPlayer
from yahtzee.review import review_json, review_side
from yahtzee.server import schemas
from yahtzee.server.errors import error_response, install_error_handlers
from yahtzee.server.middleware import (
    BodyLimitMiddleware,
    HeadersMiddleware,
    ServerTimingMiddleware,
)
from yahtzee.snapshot import snapshot
from yahtzee.solver import Advisor, Table, load_table
from yahtzee.winprob.advice import play_to_win_hint, vs_review
from yahtzee.winprob.estimate import WinModel
from yahtzee.winprob.tables import WinTables, find_win_tables, load_win_tables

STATIC_DIR = Path(str(resources.files("yahtzee.server") / "static"))
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorResponse} for status in (400, 409, 413, 422)
}


_VERSION = re.compile(r"[0-9a-f]{12}")


def asset_version(root: Path = STATIC_DIR) -> str:
    """A short hash of every static file, so asset URLs change whenever an asset does."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


class AssetFiles(StaticFiles):
    """Unversioned ``/static/…`` paths, and assets asked for under another release's version.

    During a rolling upgrade a page from one release asks replicas of the other for its
    ``/static/<version>/…`` URLs. Answering with this release's file (revalidated on every use,
    never cached for good) keeps the page loading instead of a blank page from a 404."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        head, _, rest = path.partition("/")
        if rest and _VERSION.fullmatch(head):
            path = rest
        return await super().get_response(path, scope)


class ImmutableStaticFiles(StaticFiles):
    """Assets under a versioned URL never change, so browsers may keep them for a year."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["cache-control"] = "public, max-age=31536000, immutable"
        return response


class Engine:
    """What the handlers share: the dice generator, the advisor and the 胜率 model.

    Tests hand in a table and get everything at once. A served worker loads the solver table at
    start-up; the win-probability tables may still be building in another process (``yahtzee
    serve`` starts ``yahtzee solve --win``), so until their file appears 人机对战 runs without
    them: no 胜率 bar, and 高手 plays the expected-score optimum.
    """

    def __init__(self, seed: int | None, table: Table | None) -> None:
        self.rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        self.table: Table | None = None
        self.advisor: Advisor | None = None
        self._win: WinModel | None = None
        self._next_look = 0.0
        if table is not None:
            self.use(table)

    def load(self) -> None:
        if self.advisor is None:
            self.use(load_table(), wait_for_win_tables=False)

    def use(self, table: Table, *, wait_for_win_tables: bool = True) -> None:
        self.advisor = Advisor(table)
        self._warm_up(table)
        if wait_for_win_tables:
            self._set_win(load_win_tables(table))
        else:
            self._look_for_win_tables(table)
        self.table = table  # set last: /healthz says ready only once requests will be quick

    def _warm_up(self, table: Table) -> None:
        """Run each compiled path once, so a worker's first player never waits for numba to
        load its kernels."""
        assert self.advisor is not None
        hint_for(_WARM_UP_GAME, self.advisor)
        rng = random.Random(0)
        for level in Difficulty:
            player = get_player(EXPERT_EV if level is Difficulty.EXPERT else level, table, rng)
            player.step(_WARM_UP_GAME)

    def _set_win(self, tables: WinTables) -> None:
        model = WinModel(tables)
        model.chances(_WARM_UP_GAME)
        self._win = model

    def _look_for_win_tables(self, table: Table) -> None:
        self._next_look = time.monotonic() + 1.0
        found = find_win_tables(table)
        if found is not None:
            self._set_win(found)

    def win_model(self) -> WinModel | None:
        """The play-to-win model, or None while its tables are still being built elsewhere
        (looked for again at most once a second)."""
        if self._win is None and self.table is not None and time.monotonic() >= self._next_look:
            self._look_for_win_tables(self.table)
        return self._win

    def player(self, difficulty: Difficulty) -> Player:
        """The computer of ``difficulty``; 高手 plays to win once the 胜率 tables are loaded."""
        table = self.require_table()
        model = self.win_model()
        if difficulty is Difficulty.EXPERT:
            if model is None:
                return get_player(EXPERT_EV, table, self.rng)
            return WinMaxPlayer(table, model)
        return get_player(difficulty, table, self.rng)

    def require_table(self) -> Table:
        if self.table is None:
            raise NotReadyError
        return self.table

    def require_advisor(self) -> Advisor:
        if self.advisor is None:
            raise NotReadyError
        return self.advisor


_WARM_UP_GAME = Game.new(Mode.VS, Difficulty.EXPERT, First.COMPUTER).apply(Roll(), random.Random(0))


class NotReadyError(Exception):
    """The solver table is still loading."""


class FastJSONResponse(Response):
    """JSON encoded by orjson. The handlers build plain JSON already, and FastAPI's generic
    encoder (walking every value against the response model) cost more than the game logic."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def json_response(body: dict[str, Any]) -> FastJSONResponse:
    """An API answer; the declared ``response_model`` still documents it in OpenAPI."""
    return FastJSONResponse(body)


def _reply(game: Game, engine: Engine | None = None) -> dict[str, Any]:
    view = snapshot(game)
    model = engine.win_model() if engine is not None and game.mode is Mode.VS else None
    if model is not None:
        # 胜率: each side's chance from here (yahtzee.winprob), shown as a bar in vs games.
        chances = model.chances(game)
        view["win"] = chances.to_json()
    return {"game": to_json(game), "view": view}


def create_app(*, seed: int | None = None, table: Table | None = None) -> FastAPI:
    """Build the app. ``seed`` makes the dice reproducible (tests); ``table`` skips loading the
    solver table at start-up (tests pass the one they built)."""
    engine = Engine(seed, table)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine.load()
        # What start-up built lives as long as the worker: keep it out of the collector's full
        # passes, which would otherwise stall a request (a 复盘 review) for 100+ ms now and then.
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

    @app.exception_handler(NotReadyError)
    async def not_ready(request: object, error: Exception) -> Any:
        return error_response(503, "not_ready", "服务器正在准备中，请稍候再试")

    # HEAD too: some load balancers' health checks ask that way (one route, so a 405 for
    # another method names both). Not in the API schema, which would list it twice under
    # one operation id; the README describes it.
    @app.api_route(
        "/healthz",
        methods=["GET", "HEAD"],
        response_model=schemas.Health,
        include_in_schema=False,
    )
    async def healthz() -> Any:
        if engine.table is None:
            return error_response(503, "not_ready", "服务器正在准备中")
        # Ready to serve either way; play_to_win tells an operator whether 人机对战 has its 胜率
        # tables yet (false while another process still builds them, or when they cannot be).
        return {
            "ready": True,
            "new_game_value": engine.table.new_game_value,
            "play_to_win": engine.win_model() is not None,
        }

    @app.post("/api/new", response_model=schemas.GameResponse, responses=ERROR_RESPONSES)
    async def new_game(request: schemas.NewGameRequest) -> Any:
        game = Game.new(
            Mode(request.mode),
            Difficulty(request.difficulty) if request.difficulty else None,
            First(request.first),
            engine.rng,
        )
        return json_response(_reply(game, engine))

    @app.post("/api/action", response_model=schemas.GameResponse, responses=ERROR_RESPONSES)
    async def action(request: schemas.ActionRequest) -> Any:
        game = from_json(request.game.model_dump())
        act = request.action
        action: Roll | Score | RestartTurn
        if isinstance(act, schemas.RollAction):
            action = Roll(tuple(act.hold))
        elif isinstance(act, schemas.ScoreAction):
            action = Score(act.box)
        else:
            action = RestartTurn()
        # The computer's dice and boxes are the server's to choose (POST /api/computer); a
        # client may only start the turn afresh, which is how a resumed game goes on.
        if not game.finished and game.current == COMPUTER and not isinstance(action, RestartTurn):
            raise IllegalMoveError(
                f"it is the computer's turn; the player cannot {verb(action)} now"
            )
        return json_response(_reply(game.apply(action, engine.rng), engine))

    @app.post("/api/hint", response_model=schemas.HintResponse, responses=ERROR_RESPONSES)
    async def hint(request: schemas.GameRequest) -> Any:
        game = from_json(request.game.model_dump()).apply(UseHint())
        advice = hint_for(game, engine.require_advisor())
        model = engine.win_model() if game.mode is Mode.VS else None
        if model is not None:
            advice = play_to_win_hint(game, advice, model, engine.require_advisor())
        body = _reply(game, engine)
        body["hint"] = {
            "hold": None if advice.hold is None else list(advice.hold),
            "box": advice.box.value if advice.box else None,
            "ev": round(advice.ev, 4),
            "text": advice.text,
        }
        return json_response(body)

    @app.post("/api/computer", response_model=schemas.ComputerResponse, responses=ERROR_RESPONSES)
    async def computer(request: schemas.GameRequest) -> Any:
        game = from_json(request.game.model_dump())
        if game.finished:
            raise IllegalMoveError("the game is over")
        if game.difficulty is None:
            raise IllegalMoveError("a single-player game has no computer to move")
        if game.current != COMPUTER:
            raise IllegalMoveError("it is not the computer's turn")
        action = engine.player(game.difficulty).step(game)
        game = game.apply(action, engine.rng)
        body = _reply(game, engine)
        if isinstance(action, Roll):
            body["step"] = {"type": "roll", "hold": list(action.hold)}
        else:
            body["step"] = {"type": "score", "box": action.box.value}
        return json_response(body)

    @app.post("/api/review", responses=ERROR_RESPONSES)
    async def review(request: schemas.ReviewRequest) -> Any:
        game = from_json(request.game.model_dump())
        index = PLAYER if request.side == "player" else COMPUTER
        if index >= len(game.sides):
            raise MalformedError("a single-player game has no computer side to review")
        advisor = engine.require_advisor()
        review = review_side(game.sides[index], advisor)
        model = engine.win_model() if game.mode is Mode.VS else None
        if model is None:
            return json_response(review_json(review))
        # Deliberate risks (play-to-win choices, not mistakes) and the 胜率 chart.
        return json_response(vs_review(review, game, index, model))

    version = asset_version()
    versioned = ImmutableStaticFiles(directory=STATIC_DIR, check_dir=False)
    app.mount(f"/static/{version}", versioned, name="assets")
    app.mount("/static", AssetFiles(directory=STATIC_DIR, check_dir=False), name="static")
    index_path = STATIC_DIR / "index.html"

    # HEAD too: uptime monitors and some load balancers check the page that way.
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> HTMLResponse:
        # The page names its assets as /static/…; pointing them at the versioned copy lets
        # browsers cache them for good while a new release is picked up on the next load.
        if not index_path.is_file():
            return HTMLResponse("<h1>快艇骰子</h1><p>页面文件缺失。</p>", status_code=503)
        html = index_path.read_text("utf-8").replace('"/static/', f'"/static/{version}/')
        return HTMLResponse(html, headers={"Cache-Control": "no-cache"})

    # A game's JSON shrinks about five times (a reply of 7 KB to 1.4 KB, a review of 38 KB to
    # 9 KB): each click of a phone player costs less, and no proxy in front is needed for it.
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    # Added last = outermost: the size limit answers before anything else runs.
    app.add_middleware(ServerTimingMiddleware)
    app.add_middleware(HeadersMiddleware)
    app.add_middleware(BodyLimitMiddleware)
    return app
