"""The saved-game format: ``to_json`` / ``from_json`` for ``Game``, versioned (``"version": 1``).

A game saved in a browser, sent to the API or exported for review is exactly this JSON.
``from_json`` accepts exactly what ``to_json`` can produce: it checks every field's type and
range, rejects unknown and missing keys, then replays each side's log through the rules and
requires the sheets, totals, round, turn order, hints and result to be what that replay gives.
Every rejection is an ``InvalidGameError`` whose message names the field (``sides[0].sheet.twos``)
and quotes the bad value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final, TypeVar, cast

from yahtzee.errors import InvalidGameError, YahtzeeError
from yahtzee.errors import quote as _quote
from yahtzee.game import (
    HINTS_PER_GAME,
    PLAYER,
    ROUNDS,
    Difficulty,
    First,
    Game,
    Mode,
    Side,
    Turn,
    TurnRecord,
    kept_is_submultiset,
    play_order,
)
from yahtzee.rules import (
    BOXES,
    MAX_ROLLS,
    NUM_DICE,
    POSSIBLE_POINTS,
    Box,
    Sheet,
    bonus_for,
    choices,
)

VERSION: Final = 1

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


def to_json(game: Game) -> JsonObject:
    """The game as a JSON-ready dict (version 1)."""
    result = game.result
    return {
        "version": VERSION,
        "mode": game.mode.value,
        "difficulty": game.difficulty.value if game.difficulty else None,
        "first": game.first.value,
        "starter": game.starter,
        "round": game.round,
        "current": game.current,
        "hints_left": game.hints_left,
        "finished": game.finished,
        "sides": [
            {
                "who": side.who,
                "sheet": _sheet_json(side.sheet),
                "totals": _totals_json(side.sheet),
                "log": [_record_json(r) for r in side.log],
            }
            for side in game.sides
        ],
        "turn": {
            "rolls": [list(roll) for roll in game.turn.rolls],
            "keeps": [list(keep) for keep in game.turn.keeps],
            "hinted": list(game.turn.hinted),
            "held": list(game.turn.held),
        },
        "result": (
            None if result is None else {"totals": list(result.totals), "winner": result.winner}
        ),
    }


def dumps(game: Game) -> str:
    """The game as compact JSON text."""
    return json.dumps(to_json(game), separators=(",", ":"), ensure_ascii=False)


# Reading: field checks ----------------------------------------------------------------------


def _fail(path: str, problem: str) -> InvalidGameError:
    return InvalidGameError(f"{path}: {problem}")


def _object(value: object, path: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, got {_quote(value)}")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise _fail(path, f"unknown key {_quote(unknown[0])}")
    missing = [k for k in keys if k not in value]
    if missing:
        raise _fail(path, f"missing key {missing[0]!r}")
    return value


def _int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise _fail(path, f"expected a whole number, got {_quote(value)}")
    if not low <= value <= high:
        expected = f"expected {low}" if low == high else f"expected {low} to {high}"
        raise _fail(path, f"{expected}, got {_quote(value)}")
    return value


def _bool(value: object, path: str) -> bool:
    if type(value) is not bool:
        raise _fail(path, f"expected true or false, got {_quote(value)}")
    return value


def _list(value: object, path: str, max_len: int, min_len: int = 0) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, got {_quote(value)}")
    if not min_len <= len(value) <= max_len:
        wanted = max_len if min_len == max_len else f"{min_len} to {max_len}"
        raise _fail(path, f"expected {wanted} items, got {len(value)}")
    return value


_E = TypeVar("_E", Mode, Difficulty, First, Box)


def _choice(value: object, path: str, enum: type[_E]) -> _E:
    if isinstance(value, str):
        member = _BY_VALUE[enum].get(value)
        if member is not None:
            return cast(_E, member)
    allowed = ", ".join(m.value for m in enum)
    raise _fail(path, f"expected one of {allowed}, got {_quote(value)}")


_BY_VALUE: Final[dict[type[StrEnum], dict[str, StrEnum]]] = {
    enum: {member.value: member for member in enum} for enum in (Mode, Difficulty, First, Box)
}


def _dice(value: object, path: str, count: int | None = None) -> tuple[int, ...]:
    # The common case, checked in one pass; anything odd goes the slow way for its message.
    if (
        type(value) is list
        and (len(value) == count if count is not None else len(value) <= NUM_DICE)
        and all(type(die) is int and 1 <= die <= 6 for die in value)
    ):
        return tuple(value)
    items = _list(value, path, NUM_DICE if count is None else count, 0 if count is None else count)
    return tuple(_int(die, f"{path}[{i}]", 1, 6) for i, die in enumerate(items))


# Reading: the game --------------------------------------------------------------------------


def _turn_parts(
    raw: Mapping[str, Any], path: str
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[bool, ...]]:
    """Rolls, keeps and hint flags of a logged or current turn, checked against each other."""
    rolls = tuple(
        _dice(roll, f"{path}.rolls[{i}]", NUM_DICE)
        for i, roll in enumerate(_list(raw["rolls"], f"{path}.rolls", MAX_ROLLS))
    )
    keeps_raw = _list(raw["keeps"], f"{path}.keeps", MAX_ROLLS - 1)
    keeps = tuple(_dice(keep, f"{path}.keeps[{i}]") for i, keep in enumerate(keeps_raw))
    hinted = tuple(
        _bool(flag, f"{path}.hinted[{i}]")
        for i, flag in enumerate(_list(raw["hinted"], f"{path}.hinted", MAX_ROLLS))
    )
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


def _replay_side(raw: Mapping[str, Any], path: str, who: str) -> Side:
    """Rebuild a side from its log, requiring the stored sheet and totals to match."""
    sheet_raw = _object(raw["sheet"], f"{path}.sheet", tuple(b.value for b in BOXES))
    for box in BOXES:
        value = sheet_raw[box.value]
        if value is not None and (type(value) is not int or value not in POSSIBLE_POINTS[box]):
            raise _fail(
                f"{path}.sheet.{box.value}", f"{_quote(value)} is not a possible score for {box}"
            )
    log_raw = _list(raw["log"], f"{path}.log", ROUNDS)
    sheet = Sheet()
    records = []
    for n, entry in enumerate(log_raw):
        rpath = f"{path}.log[{n}]"
        rec = _object(entry, rpath, ("rolls", "keeps", "hinted", "box", "points", "bonus"))
        rolls, keeps, hinted = _turn_parts(rec, rpath)
        if not rolls:
            raise _fail(f"{rpath}.rolls", "a scored turn has at least one roll")
        if who != "player" and any(hinted):
            raise _fail(f"{rpath}.hinted", "only the player can use hints")
        box = _choice(rec["box"], f"{rpath}.box", Box)
        allowed = choices(sheet, rolls[-1])
        if box not in allowed:
            problem = "was already filled" if not sheet.is_open(box) else "was not allowed"
            raise _fail(f"{rpath}.box", f"{box.value!r} {problem} for {list(rolls[-1])}")
        points = _int(rec["points"], f"{rpath}.points", 0, 50)
        if points != allowed[box]:
            raise _fail(
                f"{rpath}.points",
                f"{list(rolls[-1])} scores {allowed[box]} in {box.value}, not {points}",
            )
        bonus = _int(rec["bonus"], f"{rpath}.bonus", 0, 100)
        if bonus != bonus_for(sheet, rolls[-1]):
            raise _fail(f"{rpath}.bonus", f"a Yahtzee bonus of {bonus} was not earned")
        boxes = list(sheet.boxes)
        boxes[box.pos] = points
        sheet = Sheet(tuple(boxes), sheet.yahtzee_bonus + bonus)
        records.append(TurnRecord(rolls, keeps, hinted, box, points, bonus))
    for box in BOXES:
        if sheet_raw[box.value] != sheet.get(box):
            raise _fail(
                f"{path}.sheet.{box.value}",
                f"holds {_quote(sheet_raw[box.value])} but the log gives {_quote(sheet.get(box))}",
            )
    totals = _object(
        raw["totals"], f"{path}.totals", ("upper", "upper_bonus", "lower", "yahtzee_bonus", "total")
    )
    expected = _totals_json(sheet)
    for key, value in expected.items():
        got = _int(totals[key], f"{path}.totals.{key}", 0, 2000)
        if got != value:
            raise _fail(f"{path}.totals.{key}", f"is {got} but the boxes add up to {value}")
    return Side("player" if who == "player" else "computer", sheet, tuple(records))


_TOP_KEYS: Final = (
    "version",
    "mode",
    "difficulty",
    "first",
    "starter",
    "round",
    "current",
    "hints_left",
    "finished",
    "sides",
    "turn",
    "result",
)


def from_json(data: object) -> Game:
    """Rebuild a game from ``to_json`` output; raise InvalidGameError naming the bad field."""
    try:
        return _from_json(data)
    except YahtzeeError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, RecursionError) as error:
        # A guard: the checks above should leave nothing for these, but a corrupt save must
        # never surface as a crash.
        raise InvalidGameError(f"game: unreadable ({type(error).__name__})") from error


def loads(text: str | bytes) -> Game:
    """Parse JSON text and rebuild the game; raise InvalidGameError for anything unreadable."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidGameError(f"game: not valid JSON ({error})") from error
    return from_json(data)


def _from_json(data: object) -> Game:
    raw = _object(data, "game", _TOP_KEYS)
    version = raw["version"]
    if type(version) is not int or version != VERSION:
        raise _fail("version", f"expected {VERSION}, got {_quote(version)}")
    mode = _choice(raw["mode"], "mode", Mode)
    first = _choice(raw["first"], "first", First)
    count = 1 if mode is Mode.SINGLE else 2
    if mode is Mode.SINGLE:
        if raw["difficulty"] is not None:
            raise _fail(
                "difficulty", f"a single-player game has none, got {_quote(raw['difficulty'])}"
            )
        difficulty = None
        if first is not First.ME:
            raise _fail(
                "first", f"a single-player game starts with the player, got {first.value!r}"
            )
    else:
        difficulty = _choice(raw["difficulty"], "difficulty", Difficulty)
    starter = _int(raw["starter"], "starter", 0, count - 1)
    if (first is First.ME and starter != PLAYER) or (first is First.COMPUTER and starter == PLAYER):
        raise _fail("starter", f"{starter} does not match first={first.value!r}")
    round_ = _int(raw["round"], "round", 1, ROUNDS)
    current = _int(raw["current"], "current", 0, count - 1)
    hints_left = _int(raw["hints_left"], "hints_left", 0, HINTS_PER_GAME)
    finished = _bool(raw["finished"], "finished")

    sides_raw = _list(raw["sides"], "sides", count, count)
    sides = []
    for i, side_raw in enumerate(sides_raw):
        path = f"sides[{i}]"
        side_obj = _object(side_raw, path, ("who", "sheet", "totals", "log"))
        who = "player" if i == PLAYER else "computer"
        if side_obj["who"] != who:
            raise _fail(f"{path}.who", f"expected {who!r}, got {_quote(side_obj['who'])}")
        sides.append(_replay_side(side_obj, path, who))

    turn_raw = _object(raw["turn"], "turn", ("rolls", "keeps", "hinted", "held"))
    rolls, keeps, hinted = _turn_parts(turn_raw, "turn")
    held = tuple(
        _bool(flag, f"turn.held[{i}]")
        for i, flag in enumerate(_list(turn_raw["held"], "turn.held", NUM_DICE, NUM_DICE))
    )
    if len(rolls) <= 1 and any(held):
        raise _fail("turn.held", "no die can be held before the second roll")
    if len(rolls) > 1 and sorted(d for d, h in zip(rolls[-1], held, strict=True) if h) != list(
        keeps[-1]
    ):
        raise _fail("turn.held", f"held dice do not match the last keep {list(keeps[-1])}")
    turn = Turn(rolls, keeps, hinted, held)

    filled = [side.sheet.filled_count for side in sides]
    all_full = all(n == ROUNDS for n in filled)
    if finished != all_full:
        raise _fail("finished", f"is {str(finished).lower()} but {filled} boxes are filled")
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
    if current != PLAYER and any(hinted):
        raise _fail("turn.hinted", "hints are not available during the computer's turn")
    hints_used = sum(sum(r.hinted) for r in sides[PLAYER].log) + sum(hinted)
    if hints_left > HINTS_PER_GAME - hints_used:
        raise _fail("hints_left", f"{hints_left} left but {hints_used} were used")

    game = Game(mode, difficulty, first, starter, tuple(sides), current, round_, hints_left, turn)
    if all_full:
        _check_finished(game, raw)
    elif raw["result"] is not None:
        raise _fail("result", f"an unfinished game has no result, got {_quote(raw['result'])}")
    return game


def _check_finished(game: Game, raw: Mapping[str, Any]) -> None:
    result = game.result
    assert result is not None
    last = play_order(game.starter, len(game.sides))[-1]
    if game.round != ROUNDS or game.current != last:
        raise _fail("round", f"a finished game ends in round {ROUNDS} with side {last}")
    stored = _object(raw["result"], "result", ("totals", "winner"))
    totals = _list(stored["totals"], "result.totals", len(game.sides), len(game.sides))
    for i, value in enumerate(totals):
        if _int(value, f"result.totals[{i}]", 0, 2000) != result.totals[i]:
            raise _fail(
                f"result.totals[{i}]", f"is {value} but the sheet totals {result.totals[i]}"
            )
    winner = stored["winner"]
    if winner is not None:
        winner = _int(winner, "result.winner", 0, len(game.sides) - 1)
    if winner != result.winner:
        raise _fail("result.winner", f"is {_quote(winner)} but the totals give {result.winner}")
