"""Request and response bodies of the API, as explicit models (they make the OpenAPI document).

The game itself travels as the saved-game JSON of ``yahtzee.codec``; its schema here is an open
object because ``codec.from_json`` checks every field of it and names the bad one.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from yahtzee.rules import Box

GameJson = dict[str, Any]
Position = Annotated[int, Field(ge=0, le=4)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGameRequest(_Strict):
    """Lobby settings for a new game."""

    mode: Literal["single", "vs"] = "single"
    difficulty: Literal["beginner", "normal", "expert"] | None = None
    first: Literal["me", "computer", "random"] = "me"


class RollAction(_Strict):
    type: Literal["roll"]
    hold: list[Position] = Field(default_factory=list, max_length=5)


class ScoreAction(_Strict):
    type: Literal["score"]
    box: Box


class RestartTurnAction(_Strict):
    type: Literal["restart_turn"]


Action = Annotated[RollAction | ScoreAction | RestartTurnAction, Field(discriminator="type")]


class ActionRequest(_Strict):
    game: GameJson
    action: Action


class GameRequest(_Strict):
    game: GameJson


class ReviewRequest(_Strict):
    game: GameJson
    side: Literal["player", "computer"] = "player"


class GameResponse(BaseModel):
    """The new game JSON and the snapshot the page draws."""

    game: GameJson
    view: dict[str, Any]


class Hint(BaseModel):
    """What the optimal strategy suggests at this decision."""

    hold: list[int] | None = Field(description="positions to hold; null after the third roll")
    box: Box | None = Field(description="the box to score now, when scoring is best")
    ev: float = Field(description="expected final total of the suggestion")
    text: str = Field(description="the suggestion in a few Chinese words")


class HintResponse(GameResponse):
    hint: Hint


class RollStep(BaseModel):
    type: Literal["roll"]
    hold: list[int]


class ScoreStep(BaseModel):
    type: Literal["score"]
    box: Box


class ComputerResponse(GameResponse):
    """One step of the computer's turn: what it did, and the game after it."""

    step: RollStep | ScoreStep


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorResponse(BaseModel):
    error: ErrorDetail


class Health(BaseModel):
    ready: bool
    new_game_value: float | None = None
