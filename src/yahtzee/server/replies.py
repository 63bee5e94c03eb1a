"""The API's answers: the new game and the snapshot the page draws, encoded by orjson."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from yahtzee.codec import to_json
from yahtzee.game import Game, Mode
from yahtzee.plain import dumps
from yahtzee.server.engine import Engine
from yahtzee.snapshot import WinShares, view_of


class FastJSONResponse(Response):
    """JSON encoded by orjson (``yahtzee.plain``): FastAPI's generic encoder would walk every
    value again against the response model."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return dumps(content)


def json_response(body: Any) -> FastJSONResponse:
    """An API answer; the route's declared ``response_model`` still documents it in OpenAPI."""
    return FastJSONResponse(body)


def reply(game: Game, engine: Engine) -> dict[str, Any]:
    """The body every game-changing answer shares: ``{"game", "view"}``, with the 胜率 of each
    side in the view of a vs game once the engine has its model."""
    model = engine.win_model() if game.mode is Mode.VS else None
    win = None if model is None else WinShares(**model.chances(game).to_json())
    return {"game": to_json(game), "view": view_of(game, win)}
