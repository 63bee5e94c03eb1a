"""The saved game's shape (``yahtzee.codec`` version 1), declared once as pydantic models.

A game that rolls from a dice record carries ``record``; a game saved before records has no such
key, and still loads.

The models bound what may come in: types, ranges, list lengths, no unknown or missing keys, so
no deep nesting or huge lists get any further. ``check_shape`` applies them and words the first
problem the way the codec words the rest (``sides[0].sheet.twos: expected …, got …``); whether
the parts agree, by replaying the logs, is ``codec.from_model``'s job. The API's request models
hold ``GameModel``, so FastAPI checks the shape at the door and the OpenAPI document shows it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic_core import PydanticCustomError

from yahtzee.errors import InvalidGameError, clip, field_path, quote

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

RECORD_PATTERN = r"^[0-9a-f]{32}-[0-9a-f]{8}$"
"""A dice record id: 32 hex digits of seed, '-', 8 of key id (``yahtzee.dice_record``)."""


def _not_null(value: object) -> object:
    # An optional key that, when present, holds an object: left out, never null.
    if value is None:
        raise PydanticCustomError("model_type", "Input should be an object")
    return value


def _object_only(schema: dict[str, Any]) -> None:
    # The document's side of ``_not_null``: the key holds an object when present (the null the
    # type admits means "left out", and is refused if sent).
    schema.update(schema.pop("anyOf")[0])
    schema.pop("default", None)


def _exact_int(value: object) -> object:
    # A Literal of an int takes true and 1.0 as equal to 1, even in strict mode.
    if type(value) is not int:
        raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": "1"})
    return value


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


class RecordModel(_GamePart):
    """The dice record a game rolls from; ``daily`` the day (YYYY-MM-DD, China time) of the
    daily challenge it is, else null."""

    id: Annotated[str, Field(pattern=RECORD_PATTERN)]
    daily: Annotated[str, Field(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")] | None


class GameModel(_GamePart):
    """A saved game (``yahtzee.codec`` version 1)."""

    version: Annotated[Literal[1], BeforeValidator(_exact_int)]
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
    record: Annotated[
        RecordModel | None,
        BeforeValidator(_not_null),
        Field(json_schema_extra=_object_only),
    ] = None


def check_shape(data: object) -> GameModel:
    """``data`` as a ``GameModel``; raise InvalidGameError naming the first field out of shape."""
    try:
        return GameModel.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise InvalidGameError(shape_problem(first, first["loc"])) from error


_EXPECTED: Mapping[str, str] = {
    "model_type": "expected an object",
    "model_attributes_type": "expected an object",
    "dict_type": "expected an object",
    "int_type": "expected a whole number",
    "bool_type": "expected true or false",
    "list_type": "expected a list",
    "string_type": "expected a string",
    "string_pattern_mismatch": "expected a string of the form the server writes",
}


def key_problem(error: Mapping[str, Any], loc: Sequence[int | str], whole: str) -> str | None:
    """A key left out or not declared, ``loc`` its place (the key last), as ``path: missing
    key 'turn'`` or ``path: unknown key "cheat"``; None for any other error. ``whole`` names the
    object at the root (``game``; nothing for a request's body, whose keys go without a path)."""
    kind = error.get("type")
    if kind not in ("missing", "extra_forbidden") or not loc:
        return None
    where = field_path(loc[:-1], whole)
    problem = f"missing key {loc[-1]!r}" if kind == "missing" else f"unknown key {quote(loc[-1])}"
    return f"{where}: {problem}" if where else problem


def shape_problem(error: Mapping[str, Any], loc: Sequence[int | str]) -> str:
    """One of pydantic's errors about a saved game, ``loc`` its place within the game, as
    ``path: problem`` in the codec's words, quoting the input."""
    kind = str(error.get("type"))
    given = error.get("input")
    keys = key_problem(error, loc, "game")
    if keys is not None:
        return keys
    field = _field_schema(loc)
    if kind in ("too_short", "too_long") and isinstance(given, Sequence):
        low, high = field.get("minItems", 0), field["maxItems"]
        wanted = high if low == high else f"{low} to {high}"
        return f"{field_path(loc, 'game')}: expected {wanted} items, got {len(given)}"
    if kind in ("greater_than_equal", "less_than_equal"):
        low, high = field["minimum"], field["maximum"]
        expected = f"expected {low}" if low == high else f"expected {low} to {high}"
    elif kind == "literal_error":
        values = field["enum"] if "enum" in field else [field["const"]]
        one_of = "" if len(values) == 1 else "one of "
        expected = f"expected {one_of}{', '.join(str(v) for v in values)}"
    elif kind in _EXPECTED:
        expected = _EXPECTED[kind]
    else:
        # Pydantic's own words, in JSON's terms (null, not None); they may carry input: clipped.
        expected = clip(str(error.get("msg", "invalid")).replace("None", "null"), 200)
    return f"{field_path(loc, 'game')}: {expected}, got {quote(given)}"


@functools.cache
def _game_schema() -> dict[str, Any]:
    return GameModel.model_json_schema()


def _field_schema(loc: Sequence[int | str]) -> dict[str, Any]:
    """The JSON schema of the field at ``loc``: where the declared bounds are read back."""
    root = _game_schema()

    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        if "anyOf" in node:  # a field that may also be null
            node = next(n for n in node["anyOf"] if n.get("type") != "null")
        if "$ref" in node:
            node = root["$defs"][node["$ref"].rsplit("/", 1)[-1]]
        return node

    node = root
    for part in loc:
        node = resolve(node)
        node = node["items"] if isinstance(part, int) else node["properties"][part]
    return resolve(node)
