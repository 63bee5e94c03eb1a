"""The saved-game format: ``to_json`` / ``from_json`` for ``Game``, versioned.

A game saved in a browser, sent to the API or exported for review is exactly this JSON.
``from_json`` accepts exactly what ``to_json`` can produce, in two steps: the shape (types,
ranges, list lengths, no unknown or missing keys), declared once in ``yahtzee.saved_game``; then
``from_model`` replays each side's log through the rules and requires the sheets, totals, round,
turn order, hints and result to be what that replay gives. The API checks the shape at its door
and calls ``from_model`` itself. Every rejection is an ``InvalidGameError`` whose message names
the field (``sides[0].sheet.twos``) and quotes the bad value.

Two versions:

- **1**, 单人挑战 and 人机对战 as browsers have always stored them: ``who`` (player or computer)
  on each side, the computer's ``difficulty`` and the player's ``hints_left`` at the top. Its
  seats are 你 and 电脑 (``game.lobby_seats``).
- **2**, any seats: each side carries its seat's ``name``, ``player`` (``human`` or a level)
  and ``hints_left``, and a finished game's ``result`` each seat's ``places``.

``to_json`` writes version 1 for every game version 1 can hold (单人挑战 and 人机对战 on their
lobby seats), version 2 for the rest: the page keeps only version 1 in a browser until it reads
version 2 too (then ``to_json(game, version=2)`` becomes the default; compatibility to remove
with the page's ``GAME_VERSION`` check). Both versions load.

A game that rolls from a dice record carries ``record`` (its id, and the day when it is a daily
challenge); whether its dice are that record's needs the server's key, so that check is
``dice_record.DiceRecords.check``'s.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from typing import Any, Final

from yahtzee.errors import InvalidGameError, MalformedError, YahtzeeError
from yahtzee.errors import quote as _quote
from yahtzee.game import (
    HINTS_PER_GAME,
    ROUNDS,
    Difficulty,
    First,
    Game,
    Mode,
    PlayerKind,
    Record,
    Seat,
    Side,
    Turn,
    TurnRecord,
    check_name,
    check_seats,
    kept_is_submultiset,
    lobby_seats,
    play_order,
)
from yahtzee.rules import BOXES, POSSIBLE_POINTS, Box, Sheet, bonus_for, choices
from yahtzee.saved_game import (
    GameModelV1,
    GameModelV2,
    LoggedTurnModel,
    RecordModel,
    ResultModel,
    SavedGame,
    SeatResultModel,
    SeatSideModel,
    SideModel,
    TurnModel,
    check_shape,
)

VERSION: Final = 2
"""The newest version (``to_json`` still writes 1 for the games it can hold)."""

JsonObject = dict[str, Any]


# Writing ------------------------------------------------------------------------------------


def _sheet_json(sheet: Sheet) -> JsonObject:
    return {box.value: sheet.get(box) for box in BOXES}


def _totals_json(sheet: Sheet) -> JsonObject:
    return {
        "upper": sheet.upper_subtotal,
        "upper_bonus": sheet.upper_bonus,
        "lower": sheet.lower_total,
        "yahtzee_bonus": sheet.yahtzee_bonus,
        "total": sheet.total,
    }


def _record_json(record: TurnRecord) -> JsonObject:
    return {
        "rolls": [list(roll) for roll in record.rolls],
        "keeps": [list(keep) for keep in record.keeps],
        "hinted": list(record.hinted),
        "box": record.box.value,
        "points": record.points,
        "bonus": record.bonus,
    }


def fits_v1(game: Game) -> bool:
    """True for the games version 1 holds: 单人挑战 and 人机对战 on their lobby seats."""
    if game.mode is Mode.SINGLE:
        return game.seats == lobby_seats(Mode.SINGLE)
    if game.mode is Mode.VS:
        level = game.seats[1].level if len(game.seats) == 2 else None
        return level is not None and game.seats == lobby_seats(Mode.VS, level)
    return False


def to_json(game: Game, version: int | None = None) -> JsonObject:
    """The game as a JSON-ready dict: version 1 when it fits (``fits_v1``), else 2; ``version``
    asks for one (2 always fits; 1 raises ValueError for a game it cannot hold). ``record``
    only for a game with one."""
    if version is None:
        version = 1 if fits_v1(game) else 2
    if version == 1 and not fits_v1(game):
        raise ValueError(f"version 1 holds 单人挑战 and 人机对战 only, not this {game.mode} game")
    if version not in (1, 2):
        raise ValueError(f"no saved-game version {version}")
    result = game.result
    data: JsonObject = {"version": version, "mode": game.mode.value}
    if version == 1:
        level = game.seats[-1].level
        data["difficulty"] = level.value if level else None
    data |= {
        "first": game.first.value,
        "starter": game.starter,
        "round": game.round,
        "current": game.current,
    }
    if version == 1:
        data["hints_left"] = game.sides[0].hints_left
    data["finished"] = game.finished
    data["sides"] = [_side_json(side, version) for side in game.sides]
    data["turn"] = {
        "rolls": [list(roll) for roll in game.turn.rolls],
        "keeps": [list(keep) for keep in game.turn.keeps],
        "hinted": list(game.turn.hinted),
        "held": list(game.turn.held),
    }
    if result is None:
        data["result"] = None
    else:
        data["result"] = {"totals": list(result.totals), "winner": result.winner}
        if version == 2:
            data["result"]["places"] = list(result.places)
    if game.record is not None:
        daily = game.record.daily
        data["record"] = {"id": game.record.id, "daily": daily.isoformat() if daily else None}
    return data


def _side_json(side: Side, version: int) -> JsonObject:
    if version == 1:
        head: JsonObject = {"who": "player" if side.human else "computer"}
    else:
        head = {"name": side.name, "player": side.seat.player.value, "hints_left": side.hints_left}
    return head | {
        "sheet": _sheet_json(side.sheet),
        "totals": _totals_json(side.sheet),
        "log": [_record_json(r) for r in side.log],
    }


def dumps(game: Game) -> str:
    """The game as compact JSON text."""
    return json.dumps(to_json(game), separators=(",", ":"), ensure_ascii=False)


# Reading ------------------------------------------------------------------------------------


def from_json(data: object) -> Game:
    """Rebuild a game from ``to_json`` output; raise InvalidGameError naming the bad field."""
    try:
        return from_model(check_shape(data))
    except RecursionError as error:
        raise InvalidGameError("game: nested too deeply") from error


def loads(text: str | bytes) -> Game:
    """Parse JSON text and rebuild the game; raise InvalidGameError for anything unreadable."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidGameError(f"game: not valid JSON ({error})") from error
    return from_json(data)


def from_model(model: SavedGame) -> Game:
    """Rebuild a game whose shape is already checked (``saved_game.check_shape``, or FastAPI's
    validation of a request) by replaying its logs; raise InvalidGameError naming the first
    stored part the replay does not give."""
    try:
        return _replay_game(model)
    except YahtzeeError:
        raise
    except (TypeError, ValueError, KeyError, IndexError) as error:
        # A guard: the checks should leave nothing for these, but a corrupt save must never
        # surface as a crash.
        raise InvalidGameError(f"game: unreadable ({type(error).__name__})") from error


def _fail(path: str, problem: str) -> InvalidGameError:
    return InvalidGameError(f"{path}: {problem}")


def _index(value: int, path: str, count: int) -> int:
    """``value`` as a side's index in a game of ``count`` sides (the shape allows four)."""
    if value >= count:
        expected = "expected 0" if count == 1 else f"expected 0 to {count - 1}"
        raise _fail(path, f"{expected}, got {value}")
    return value


Dice = tuple[int, ...]


def _turn_parts(
    turn: LoggedTurnModel | TurnModel, path: str
) -> tuple[tuple[Dice, ...], tuple[Dice, ...], tuple[bool, ...]]:
    """Rolls, keeps and hint flags of a logged or current turn, checked against each other."""
    rolls = tuple(tuple(roll) for roll in turn.rolls)
    keeps = tuple(tuple(keep) for keep in turn.keeps)
    hinted = tuple(turn.hinted)
    if len(keeps) != max(len(rolls) - 1, 0):
        raise _fail(f"{path}.keeps", f"{len(rolls)} rolls need {max(len(rolls) - 1, 0)} keeps")
    if len(hinted) != len(rolls):
        raise _fail(f"{path}.hinted", f"{len(rolls)} rolls need {len(rolls)} hint flags")
    for i, keep in enumerate(keeps):
        if list(keep) != sorted(keep):
            raise _fail(f"{path}.keeps[{i}]", f"kept dice are listed in order, got {list(keep)}")
        if not kept_is_submultiset(keep, rolls[i]) or not kept_is_submultiset(keep, rolls[i + 1]):
            raise _fail(
                f"{path}.keeps[{i}]",
                f"kept {list(keep)} does not fit rolls {list(rolls[i])} and {list(rolls[i + 1])}",
            )
    return rolls, keeps, hinted


def _replay_side(stored: SideModel | SeatSideModel, path: str, seat: Seat) -> Side:
    """Rebuild a seat's side from its log, requiring the stored sheet and totals to match (its
    hints are the caller's to check)."""
    boxes_stored = {box: getattr(stored.sheet, box.value) for box in BOXES}
    for box, value in boxes_stored.items():
        if value is not None and value not in POSSIBLE_POINTS[box]:
            raise _fail(
                f"{path}.sheet.{box.value}", f"{_quote(value)} is not a possible score for {box}"
            )
    sheet = Sheet()
    records = []
    for n, entry in enumerate(stored.log):
        rpath = f"{path}.log[{n}]"
        rolls, keeps, hinted = _turn_parts(entry, rpath)
        if not seat.human and any(hinted):
            raise _fail(f"{rpath}.hinted", "only a person can use hints")
        box = Box(entry.box)
        allowed = choices(sheet, rolls[-1])
        if box not in allowed:
            problem = "was already filled" if not sheet.is_open(box) else "was not allowed"
            raise _fail(f"{rpath}.box", f"{box.value!r} {problem} for {list(rolls[-1])}")
        if entry.points != allowed[box]:
            raise _fail(
                f"{rpath}.points",
                f"{list(rolls[-1])} scores {allowed[box]} in {box.value}, not {entry.points}",
            )
        if entry.bonus != bonus_for(sheet, rolls[-1]):
            raise _fail(f"{rpath}.bonus", f"a Yahtzee bonus of {entry.bonus} was not earned")
        boxes = list(sheet.boxes)
        boxes[box.pos] = entry.points
        sheet = Sheet(tuple(boxes), sheet.yahtzee_bonus + entry.bonus)
        records.append(TurnRecord(rolls, keeps, hinted, box, entry.points, entry.bonus))
    for box, value in boxes_stored.items():
        if value != sheet.get(box):
            raise _fail(
                f"{path}.sheet.{box.value}",
                f"holds {_quote(value)} but the log gives {_quote(sheet.get(box))}",
            )
    for key, expected in _totals_json(sheet).items():
        got = getattr(stored.totals, key)
        if got != expected:
            raise _fail(f"{path}.totals.{key}", f"is {got} but the boxes add up to {expected}")
    return Side(seat, sheet, tuple(records))


def _v1_seats(model: GameModelV1, first: First) -> tuple[Mode, tuple[Seat, ...]]:
    """The mode and seats of a version-1 save (你, and 电脑 of its difficulty in 人机对战)."""
    mode = Mode(model.mode)
    if mode is Mode.SINGLE:
        if model.difficulty is not None:
            raise _fail(
                "difficulty", f"a single-player game has none, got {_quote(model.difficulty)}"
            )
        if first is not First.ME:
            raise _fail(
                "first", f"a single-player game starts with the player, got {first.value!r}"
            )
        seats = lobby_seats(mode)
    elif model.difficulty is None:
        allowed = ", ".join(level.value for level in Difficulty)
        raise _fail("difficulty", f"expected one of {allowed}, got null")
    else:
        seats = lobby_seats(mode, Difficulty(model.difficulty))
    if len(model.sides) != len(seats):
        raise _fail("sides", f"expected {len(seats)} items, got {len(model.sides)}")
    for i, (stored, seat) in enumerate(zip(model.sides, seats, strict=True)):
        who = "player" if seat.human else "computer"
        if stored.who != who:
            raise _fail(f"sides[{i}].who", f"expected {who!r}, got {_quote(stored.who)}")
    return mode, seats


def _v2_seats(model: GameModelV2, first: First) -> tuple[Mode, tuple[Seat, ...]]:
    """The mode and seats of a version-2 save, checked as a new game's are (``check_seats``)."""
    mode = Mode(model.mode)
    for i, side in enumerate(model.sides):
        try:
            if check_name(side.name) != side.name:
                raise MalformedError(f"a seat's name is stored trimmed, got {_quote(side.name)}")
        except MalformedError as error:
            raise _fail(f"sides[{i}].name", str(error)) from None
    seats = tuple(Seat(side.name, PlayerKind(side.player)) for side in model.sides)
    # The seats first (with a start any mode allows), then who starts.
    for path, start in (
        ("sides", First.ME if mode is Mode.SINGLE else First.RANDOM),
        ("first", first),
    ):
        try:
            check_seats(mode, seats, start)
        except MalformedError as error:
            raise _fail(path, str(error)) from None
    return mode, seats


def _hints(
    model: SavedGame, sides: Sequence[Side], current: int, hinted_now: Sequence[bool]
) -> tuple[Side, ...]:
    """``sides`` with the hints each has left: a person's at most those its logs (and the turn
    in progress, when it is its turn) have not used; a computer's none."""
    out = []
    for i, side in enumerate(sides):
        used = sum(sum(r.hinted) for r in side.log) + (sum(hinted_now) if i == current else 0)
        if isinstance(model, GameModelV1):
            path = "hints_left"
            left = model.hints_left if side.human else 0
        else:
            path = f"sides[{i}].hints_left"
            left = model.sides[i].hints_left
            if not side.human and left:
                raise _fail(path, f"a computer has no hints, got {left}")
        if side.human and left > HINTS_PER_GAME - used:
            raise _fail(path, f"{left} left but {used} were used")
        out.append(Side(side.seat, side.sheet, side.log, left))
    return tuple(out)


def _replay_game(model: SavedGame) -> Game:
    first = First(model.first)
    if isinstance(model, GameModelV1):
        mode, seats = _v1_seats(model, first)
    else:
        mode, seats = _v2_seats(model, first)
    count = len(seats)
    starter = _index(model.starter, "starter", count)
    if (first is First.ME and starter != 0) or (first is First.COMPUTER and seats[starter].human):
        raise _fail("starter", f"{starter} does not match first={first.value!r}")
    round_ = model.round
    current = _index(model.current, "current", count)
    stored: Sequence[SideModel | SeatSideModel] = model.sides
    replayed = [
        _replay_side(side, f"sides[{i}]", seat)
        for i, (side, seat) in enumerate(zip(stored, seats, strict=True))
    ]

    rolls, keeps, hinted = _turn_parts(model.turn, "turn")
    held = tuple(model.turn.held)
    if len(rolls) <= 1 and any(held):
        raise _fail("turn.held", "no die can be held before the second roll")
    if len(rolls) > 1 and sorted(d for d, h in zip(rolls[-1], held, strict=True) if h) != list(
        keeps[-1]
    ):
        raise _fail("turn.held", f"held dice do not match the last keep {list(keeps[-1])}")
    turn = Turn(rolls, keeps, hinted, held)

    filled = [side.sheet.filled_count for side in replayed]
    all_full = all(n == ROUNDS for n in filled)
    if model.finished != all_full:
        raise _fail("finished", f"is {str(model.finished).lower()} but {filled} boxes are filled")
    order = play_order(starter, count)
    if all_full:
        if rolls:
            raise _fail("turn.rolls", "a finished game has no turn in progress")
    else:
        position = order.index(current)
        for k, side_index in enumerate(order):
            want = round_ if k < position else round_ - 1
            if filled[side_index] != want:
                raise _fail(
                    f"sides[{side_index}].sheet",
                    f"{filled[side_index]} boxes filled, but round {round_} with side {current} "
                    f"to play needs {want}",
                )
    if not seats[current].human and any(hinted):
        raise _fail("turn.hinted", "hints are not available during a computer's turn")
    sides = _hints(model, replayed, current, hinted)

    record = None if model.record is None else _record(model.record)
    game = Game(mode, first, starter, sides, current, round_, turn, record)
    if all_full:
        _check_finished(game, model.result)
    elif model.result is not None:
        raise _fail(
            "result", f"an unfinished game has no result, got {_quote(model.result.model_dump())}"
        )
    return game


def _record(stored: RecordModel) -> Record:
    if stored.daily is None:
        return Record(stored.id)
    try:
        return Record(stored.id, date.fromisoformat(stored.daily))
    except ValueError:
        raise _fail("record.daily", f"expected a date, got {_quote(stored.daily)}") from None


def _check_finished(game: Game, stored: ResultModel | None) -> None:
    result = game.result
    assert result is not None
    last = play_order(game.starter, len(game.sides))[-1]
    if game.round != ROUNDS or game.current != last:
        raise _fail("round", f"a finished game ends in round {ROUNDS} with side {last}")
    if stored is None:
        raise _fail("result", "expected an object, got null")
    count = len(game.sides)
    if len(stored.totals) != count:
        raise _fail("result.totals", f"expected {count} items, got {len(stored.totals)}")
    for i, value in enumerate(stored.totals):
        if value != result.totals[i]:
            raise _fail(
                f"result.totals[{i}]", f"is {value} but the sheet totals {result.totals[i]}"
            )
    winner = None if stored.winner is None else _index(stored.winner, "result.winner", count)
    if winner != result.winner:
        raise _fail("result.winner", f"is {_quote(winner)} but the totals give {result.winner}")
    if isinstance(stored, SeatResultModel) and list(stored.places) != list(result.places):
        raise _fail(
            "result.places", f"is {list(stored.places)} but the totals give {list(result.places)}"
        )
