"""Request and response bodies of the API, as explicit models (they make the OpenAPI document).

The game travels as the saved-game JSON of ``yahtzee.codec``. Its model here bounds the shape
(types, ranges, list lengths, no unknown keys, so no deep nesting or huge lists get past the
door); ``codec.from_json`` then checks that the parts agree (replaying the logs) and names the
bad field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from yahtzee.rules import Box
from yahtzee.snapshot import Snapshot

BoxName = Literal[
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
]
Die = Annotated[int, Field(ge=1, le=6)]
FiveDice = Annotated[list[Die], Field(min_length=5, max_length=5)]
Kept = Annotated[list[Die], Field(max_length=5)]
BoxPoints = Annotated[int, Field(ge=0, le=50)] | None
Total = Annotated[int, Field(ge=0, le=2000)]
# strict: true is not die 1 and "1" is not a position
Position = Annotated[StrictInt, Field(ge=0, le=4)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _GamePart(BaseModel):
    # strict: a saved game is exactly what the server wrote; "3" is not 3 and true is not 1
    model_config = ConfigDict(extra="forbid", strict=True)


class SheetModel(_GamePart):
    ones: BoxPoints
    twos: BoxPoints
    threes: BoxPoints
    fours: BoxPoints
    fives: BoxPoints
    sixes: BoxPoints
    three_of_a_kind: BoxPoints
    four_of_a_kind: BoxPoints
    full_house: BoxPoints
    small_straight: BoxPoints
    large_straight: BoxPoints
    yahtzee: BoxPoints
    chance: BoxPoints


class TotalsModel(_GamePart):
    upper: Total
    upper_bonus: Total
    lower: Total
    yahtzee_bonus: Total
    total: Total


class LoggedTurnModel(_GamePart):
    rolls: Annotated[list[FiveDice], Field(min_length=1, max_length=3)]
    keeps: Annotated[list[Kept], Field(max_length=2)]
    hinted: Annotated[list[bool], Field(max_length=3)]
    box: BoxName
    points: Annotated[int, Field(ge=0, le=50)]
    bonus: Annotated[int, Field(ge=0, le=100)]


class SideModel(_GamePart):
    who: Literal["player", "computer"]
    sheet: SheetModel
    totals: TotalsModel
    log: Annotated[list[LoggedTurnModel], Field(max_length=13)]


class TurnModel(_GamePart):
    rolls: Annotated[list[FiveDice], Field(max_length=3)]
    keeps: Annotated[list[Kept], Field(max_length=2)]
    hinted: Annotated[list[bool], Field(max_length=3)]
    held: Annotated[list[bool], Field(min_length=5, max_length=5)]


class ResultModel(_GamePart):
    totals: Annotated[list[Total], Field(min_length=1, max_length=2)]
    winner: Annotated[int, Field(ge=0, le=1)] | None


class GameModel(_GamePart):
    """A saved game (``yahtzee.codec`` version 1)."""

    version: Literal[1]
    mode: Literal["single", "vs"]
    difficulty: Literal["beginner", "normal", "expert"] | None
    first: Literal["me", "computer", "random"]
    starter: Annotated[int, Field(ge=0, le=1)]
    round: Annotated[int, Field(ge=1, le=13)]
    current: Annotated[int, Field(ge=0, le=1)]
    hints_left: Annotated[int, Field(ge=0, le=3)]
    finished: bool
    sides: Annotated[list[SideModel], Field(min_length=1, max_length=2)]
    turn: TurnModel
    result: ResultModel | None


GameJson = dict[str, Any]


class NewSingleGame(_Strict):
    """Lobby settings for 单人挑战."""

    mode: Literal["single"]
    difficulty: None = None
    first: Literal["me"] = "me"


class NewVsGame(_Strict):
    """Lobby settings for 人机对战: the computer's strength and who rolls first."""

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
