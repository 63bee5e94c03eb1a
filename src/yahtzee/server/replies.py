"""The API's answers: the new game and the snapshot the page draws, encoded by orjson."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from yahtzee.codec import to_json
from yahtzee.game import Game
from yahtzee.plain import dumps
from yahtzee.server.engine import Engine
from yahtzee.snapshot import Snapshot, view_of
from yahtzee.winprob.estimate import valued


class FastJSONResponse(Response):
    """JSON encoded by orjson (``yahtzee.plain``): FastAPI's generic encoder would walk every
    value again against the response model."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)


def json_response(body: Any) -> FastJSONResponse:
    """An API answer; the route's declared ``response_model`` still documents it in OpenAPI."""
    return FastJSONResponse(body)


def snapshot_of(game: Game, engine: Engine) -> Snapshot:
    """The snapshot the page draws of ``game``, with the 胜率 of each seat in a game of two seats
    or more once the engine has its model."""
    model = engine.win_model() if valued(game) else None
    chances = None if model is None else model.chances(game).to_view()
    return view_of(game, chances)


def reply(game: Game, engine: Engine) -> dict[str, Any]:
    """The body every game-changing answer shares: ``{"game", "view"}``."""
    return {"game": to_json(game), "view": snapshot_of(game, engine)}
