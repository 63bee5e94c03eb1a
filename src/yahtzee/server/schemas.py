"""Request and response bodies of the API, as explicit models (they make the OpenAPI document).

The game travels as the saved-game JSON of ``yahtzee.codec``. Its model, ``GameModel`` from
``yahtzee.saved_game``, bounds the shape at the door; a handler hands the checked model to
``codec.from_model``, which replays the logs and names the bad field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt
from pydantic_core import PydanticCustomError

from yahtzee.errors import quote
from yahtzee.game import MAX_SEATS, NAME_PATTERN, RestartTurn, Roll, Score
from yahtzee.practice.draw import MAX_COUNT, MAX_SEED, ROUND_SIZE
from yahtzee.rules import BOXES, MAX_TOTAL, Box
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


class SeatRequest(_Strict):
    """A seat at the table: its name (1 to 12 characters once trimmed, no control characters,
    unlike the others' names) and who plays it."""

    # The pattern documents the rule; ``game.check_name`` applies it, in words.
    name: str = Field(max_length=200, json_schema_extra={"pattern": NAME_PATTERN})
    player: Literal["human", "beginner", "normal", "expert"]


class NewTableGame(_NewGame):
    """和朋友玩: 2 to 4 seats, at least one of them a person, and who rolls first (``me``: the
    first seat); a record to replay, or today's daily challenge."""

    mode: Literal["table"]
    seats: list[SeatRequest] = Field(min_length=2, max_length=MAX_SEATS)
    first: Literal["me", "random"] = "me"


NewGameRequest = Annotated[NewSingleGame | NewVsGame | NewTableGame, Field(discriminator="mode")]


class RollAction(_Strict):
    type: Literal["roll"]
    hold: list[Position] = Field(default_factory=list, max_length=5)

    def to_game(self) -> Roll:
        """The game's action this body asks for."""
        return Roll(tuple(self.hold))


class ScoreAction(_Strict):
    type: Literal["score"]
    box: Box

    def to_game(self) -> Score:
        return Score(self.box)


class RestartTurnAction(_Strict):
    type: Literal["restart_turn"]

    def to_game(self) -> RestartTurn:
        return RestartTurn()


Action = Annotated[RollAction | ScoreAction | RestartTurnAction, Field(discriminator="type")]


class ActionRequest(_Strict):
    game: GameModel
    action: Action


class GameRequest(_Strict):
    game: GameModel


class ReviewRequest(_Strict):
    """The seat to review: ``seat`` by its index, or (as older pages ask) ``side``: ``player``
    the first person, ``computer`` the first computer. Neither: the first person."""

    game: GameModel
    seat: Annotated[StrictInt, Field(ge=0, le=MAX_SEATS - 1)] | None = None
    side: Literal["player", "computer"] | None = None


class SameDiceRequest(_Strict):
    """A finished game, and the person's seat to compare (the first person's by default)."""

    game: GameModel
    seat: Annotated[StrictInt, Field(ge=0, le=MAX_SEATS - 1)] | None = None


# 练习 ---------------------------------------------------------------------------------------

ThemeKey = Literal[
    "full_house_draw", "straight_draw", "upper_bonus", "sacrifice", "chance", "endgame", "mixed"
]
"""A theme of ``yahtzee.practice.themes`` or 混合 (the tests hold the two lists together)."""
Die = Annotated[StrictInt, Field(ge=1, le=6)]


class PracticeRoundRequest(_Strict):
    """A round to draw: its theme, its seed (the server picks one when null) and its size."""

    theme: ThemeKey = "mixed"
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] | None = None
    count: Annotated[StrictInt, Field(ge=1, le=MAX_COUNT)] = ROUND_SIZE


def _no_box_past_thirteen(sheet: object) -> object:
    # A sheet of more keys than there are boxes holds one that names no box: that key is the
    # fault to name (quoted as JSON, as every refused body is), not the count. Smaller sheets are
    # the domain's to check.
    if isinstance(sheet, dict) and len(sheet) > len(BOXES):
        unknown = next(key for key in sheet if key not in BOXES)
        raise PydanticCustomError("unknown_box", "unknown box: {box}", {"box": quote(unknown)})
    return sheet


class PracticePosition(_Strict):
    """A decision: the filled boxes with their points, the Yahtzee bonus, the dice and the rolls
    left (the sheet is checked by ``Sheet.from_scores`` and the advisor, which name a bad box)."""

    sheet: Annotated[dict[str, StrictInt], BeforeValidator(_no_box_past_thirteen)] = Field(
        max_length=len(BOXES)
    )
    yahtzee_bonus: Annotated[StrictInt, Field(ge=0, le=MAX_TOTAL)] = 0
    dice: list[Die] = Field(min_length=5, max_length=5)
    rolls_left: Annotated[StrictInt, Field(ge=0, le=2)]


class KeepAnswer(_Strict):
    """Hold these dice (faces) and roll the rest again."""

    type: Literal["keep"]
    keep: list[Die] = Field(max_length=5)


class BoxAnswer(_Strict):
    """Score the dice in this box now."""

    type: Literal["score"]
    box: Box


PracticeAnswer = Annotated[KeepAnswer | BoxAnswer, Field(discriminator="type")]


class PracticeExploreRequest(_Strict):
    position: PracticePosition


class PracticeGradeRequest(_Strict):
    position: PracticePosition
    answer: PracticeAnswer


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
    reason: str = Field(
        description=(
            "why, in one Chinese sentence: what the suggestion gains over the runner-up, with "
            "its size (a chance or expected points), computed from the optimal strategy; in "
            "人机对战, when playing to win differs from the best expected score, the 胜率 it gains"
        )
    )


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
