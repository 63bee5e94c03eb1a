"""Request and response bodies of the API, as explicit models (they make the OpenAPI document).

The game travels as the saved-game JSON of ``yahtzee.codec``. Its model, ``GameModel`` from
``yahtzee.saved_game``, bounds the shape at the door; a handler hands the checked model to
``codec.from_model``, which replays the logs and names the bad field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from yahtzee.rules import Box
from yahtzee.saved_game import RECORD_PATTERN, GameModel
from yahtzee.snapshot import Snapshot

# strict: true is not die 1 and "1" is not a position
Position = Annotated[StrictInt, Field(ge=0, le=4)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


GameJson = dict[str, Any]


RecordId = Annotated[str, Field(pattern=RECORD_PATTERN)]


class _NewGame(_Strict):
    record: RecordId | Literal["daily"] | None = Field(
        default=None,
        description=(
            "the dice record of an earlier game (its view's record), to play the same dice "
            'again; "daily" for today\'s daily challenge (China time); null for new dice'
        ),
    )


class NewSingleGame(_NewGame):
    """Lobby settings for 单人挑战; a record to replay, or today's daily challenge."""

    mode: Literal["single"]
    difficulty: None = None
    first: Literal["me"] = "me"


class NewVsGame(_NewGame):
    """Lobby settings for 人机对战: the computer's strength and who rolls first; a record to
    replay, or today's daily challenge."""

    mode: Literal["vs"]
    difficulty: Literal["beginner", "normal", "expert"]
    first: Literal["me", "computer", "random"] = "me"


NewGameRequest = Annotated[NewSingleGame | NewVsGame, Field(discriminator="mode")]


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
    game: GameModel
    action: Action


class GameRequest(_Strict):
    game: GameModel


class ReviewRequest(_Strict):
    game: GameModel
    side: Literal["player", "computer"] = "player"


class GameResponse(BaseModel):
    """The new game JSON and the snapshot the page draws."""

    game: GameJson
    view: Snapshot


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
    play_to_win: bool | None = None
