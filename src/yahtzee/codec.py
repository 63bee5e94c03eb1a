"""The saved-game format: ``to_json`` / ``from_json`` for ``Game``, versioned (``"version": 1``).

A game saved in a browser, sent to the API or exported for review is exactly this JSON.
``from_json`` accepts exactly what ``to_json`` can produce, in two steps: the shape (types,
ranges, list lengths, no unknown or missing keys), declared once in ``yahtzee.saved_game``; then
``from_model`` replays each side's log through the rules and requires the sheets, totals, round,
turn order, hints and result to be what that replay gives. The API checks the shape at its door
and calls ``from_model`` itself. Every rejection is an ``InvalidGameError`` whose message names
the field (``sides[0].sheet.twos``) and quotes the bad value.

A game that rolls from a dice record carries ``record`` (its id, and the day when it is a daily
challenge); whether its dice are that record's needs the server's key, so that check is
``dice_record.DiceRecords.check``'s.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any, Final

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
    Record,
    Side,
    Turn,
    TurnRecord,
    kept_is_submultiset,
    play_order,
)
from yahtzee.rules import BOXES, POSSIBLE_POINTS, Box, Sheet, bonus_for, choices
from yahtzee.saved_game import (
    GameModel,
    LoggedTurnModel,
    RecordModel,
    ResultModel,
    SideModel,
    TurnModel,
    check_shape,
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
    """The game as a JSON-ready dict (version 1; ``record`` only for a game with one)."""
    result = game.result
    data: JsonObject = {
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
    if game.record is not None:
        daily = game.record.daily
        data["record"] = {"id": game.record.id, "daily": daily.isoformat() if daily else None}
    return data


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


def from_model(model: GameModel) -> Game:
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
    """``value`` as a side's index in a game of ``count`` sides (the shape allows two)."""
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


def _replay_side(stored: SideModel, path: str, who: str) -> Side:
    """Rebuild a side from its log, requiring the stored sheet and totals to match."""
    if stored.who != who:
        raise _fail(f"{path}.who", f"expected {who!r}, got {_quote(stored.who)}")
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
        if who != "player" and any(hinted):
            raise _fail(f"{rpath}.hinted", "only the player can use hints")
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
    return Side("player" if who == "player" else "computer", sheet, tuple(records))


def _replay_game(model: GameModel) -> Game:
    mode = Mode(model.mode)
    first = First(model.first)
    count = 1 if mode is Mode.SINGLE else 2
    difficulty: Difficulty | None = None
    if mode is Mode.SINGLE:
        if model.difficulty is not None:
            raise _fail(
                "difficulty", f"a single-player game has none, got {_quote(model.difficulty)}"
            )
        if first is not First.ME:
            raise _fail(
                "first", f"a single-player game starts with the player, got {first.value!r}"
            )
    elif model.difficulty is None:
        allowed = ", ".join(level.value for level in Difficulty)
        raise _fail("difficulty", f"expected one of {allowed}, got null")
    else:
        difficulty = Difficulty(model.difficulty)
    starter = _index(model.starter, "starter", count)
    if (first is First.ME and starter != PLAYER) or (first is First.COMPUTER and starter == PLAYER):
        raise _fail("starter", f"{starter} does not match first={first.value!r}")
    round_ = model.round
    current = _index(model.current, "current", count)
    hints_left = model.hints_left

    if len(model.sides) != count:
        raise _fail("sides", f"expected {count} items, got {len(model.sides)}")
    sides = [
        _replay_side(side, f"sides[{i}]", "player" if i == PLAYER else "computer")
        for i, side in enumerate(model.sides)
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

    filled = [side.sheet.filled_count for side in sides]
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
    if current != PLAYER and any(hinted):
        raise _fail("turn.hinted", "hints are not available during the computer's turn")
    hints_used = sum(sum(r.hinted) for r in sides[PLAYER].log) + sum(hinted)
    if hints_left > HINTS_PER_GAME - hints_used:
        raise _fail("hints_left", f"{hints_left} left but {hints_used} were used")

    record = None if model.record is None else _record(model.record)
    game = Game(
        mode, difficulty, first, starter, tuple(sides), current, round_, hints_left, turn, record
    )
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
