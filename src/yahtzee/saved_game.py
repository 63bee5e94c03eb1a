"""The saved game's shape (``yahtzee.codec`` versions 1 and 2), declared once as pydantic models.

Version 1 (``GameModelV1``) holds 单人挑战 and 人机对战 as every browser has stored them: a
player's side and a computer's (``who``), the computer's ``difficulty`` and the player's
``hints_left`` at the top. Version 2 (``GameModelV2``) holds any seats: each side carries its
seat's ``name`` and ``player`` and its own ``hints_left``, and a finished game's result the
seats' ``places``. ``GameModel`` is what the API and ``check_shape`` take: a save whose
``version`` is 2 is read as version 2, anything else as version 1 (whose ``version: expected 1``
names the problem of an unknown version). Where the versions share a key they share its bounds
(up to 4 sides), so a field's bounds are read from one place; the codec holds version 1 to its
two sides.

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

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainValidator, ValidationError
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
SeatIndex = Annotated[int, Field(ge=0, le=3)]
MAX_SIDES = 4

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
    """A side of version 1: the player's or the computer's."""

    who: Literal["player", "computer"]
    sheet: SheetModel
    totals: TotalsModel
    log: Annotated[list[LoggedTurnModel], Field(max_length=13)]


class SeatSideModel(_GamePart):
    """A side of version 2: its seat (name and player) and the hints it has left."""

    name: Annotated[str, Field(min_length=1, max_length=12)]
    player: Literal["human", "beginner", "normal", "expert"]
    hints_left: Annotated[int, Field(ge=0, le=3)]
    sheet: SheetModel
    totals: TotalsModel
    log: Annotated[list[LoggedTurnModel], Field(max_length=13)]


class TurnModel(_GamePart):
    rolls: Annotated[list[FiveDice], Field(max_length=3)]
    keeps: Annotated[list[Kept], Field(max_length=2)]
    hinted: Annotated[list[bool], Field(max_length=3)]
    held: Annotated[list[bool], Field(min_length=5, max_length=5)]


class ResultModel(_GamePart):
    totals: Annotated[list[Total], Field(min_length=1, max_length=MAX_SIDES)]
    winner: SeatIndex | None


class SeatResultModel(ResultModel):
    """A finished game's result in version 2: also each seat's place (1 is best)."""

    places: Annotated[
        list[Annotated[int, Field(ge=1, le=MAX_SIDES)]], Field(min_length=1, max_length=MAX_SIDES)
    ]


class RecordModel(_GamePart):
    """The dice record a game rolls from; ``daily`` the day (YYYY-MM-DD, China time) of the
    daily challenge it is, else null."""

    id: Annotated[str, Field(pattern=RECORD_PATTERN)]
    daily: Annotated[str, Field(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")] | None


class GameModelV1(_GamePart):
    """A saved game of version 1 (单人挑战 or 人机对战, ``yahtzee.codec``)."""

    version: Annotated[Literal[1], BeforeValidator(_exact_int)]
    mode: Literal["single", "vs"]
    difficulty: Literal["beginner", "normal", "expert"] | None
    first: Literal["me", "computer", "random"]
    starter: SeatIndex
    round: Annotated[int, Field(ge=1, le=13)]
    current: SeatIndex
    hints_left: Annotated[int, Field(ge=0, le=3)]
    finished: bool
    sides: Annotated[list[SideModel], Field(min_length=1, max_length=MAX_SIDES)]
    turn: TurnModel
    result: ResultModel | None
    record: Annotated[
        RecordModel | None,
        BeforeValidator(_not_null),
        Field(json_schema_extra=_object_only),
    ] = None


class GameModelV2(_GamePart):
    """A saved game of version 2: any seats (``yahtzee.codec``)."""

    version: Literal[2]
    mode: Literal["single", "vs", "table"]
    first: Literal["me", "computer", "random"]
    starter: SeatIndex
    round: Annotated[int, Field(ge=1, le=13)]
    current: SeatIndex
    finished: bool
    sides: Annotated[list[SeatSideModel], Field(min_length=1, max_length=MAX_SIDES)]
    turn: TurnModel
    result: SeatResultModel | None
    record: Annotated[RecordModel | None, BeforeValidator(_not_null)] = None


SavedGame = GameModelV1 | GameModelV2


def _by_version(data: object) -> SavedGame:
    # Dispatched by hand, not as a tagged union: pydantic would put the tag in each error's
    # place (game.1.sides…), and the codec names fields from the game itself.
    if isinstance(data, GameModelV1 | GameModelV2):
        return data
    if isinstance(data, dict) and type(data.get("version")) is int and data["version"] == 2:
        return GameModelV2.model_validate(data)
    return GameModelV1.model_validate(data)


GameModel = Annotated[
    SavedGame, PlainValidator(_by_version, json_schema_input_type=GameModelV1 | GameModelV2)
]
"""A saved game of either version, as requests carry it."""


def check_shape(data: object) -> SavedGame:
    """``data`` as a saved game of its version; raise InvalidGameError naming the first field
    out of shape."""
    try:
        return _by_version(data)
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
def _game_schemas() -> tuple[dict[str, Any], ...]:
    return GameModelV1.model_json_schema(), GameModelV2.model_json_schema()


def _field_schema(loc: Sequence[int | str]) -> dict[str, Any]:
    """The JSON schema of the field at ``loc``: where the declared bounds are read back (from
    version 1's models, else version 2's: a key both have has the same bounds in both)."""
    for root in _game_schemas():
        try:
            return _walk(root, loc)
        except KeyError:
            continue
    raise KeyError(loc)


def _walk(root: dict[str, Any], loc: Sequence[int | str]) -> dict[str, Any]:
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
