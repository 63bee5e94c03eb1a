"""The JSON API: thin handlers that turn request models into domain calls and answers.

Every request carries the game it acts on (the saved-game JSON) and gets back the new game and
the snapshot the page draws, so any worker on any machine can answer any request. A saved game
comes in through ``Engine.game_of``, which checks its dice against its dice record; games roll
from their records through ``Engine.records``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from yahtzee.dice_record import Daily
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.game import (
    Difficulty,
    First,
    Game,
    Mode,
    PlayerKind,
    Record,
    RestartTurn,
    Roll,
    Seat,
    UseHint,
    check_name,
    check_seats,
    verb,
)
from yahtzee.hints import hint_for
from yahtzee.players import EXPERT_EV, get_player
from yahtzee.practice.draw import MAX_SEED, draw_round
from yahtzee.practice.grade import Answer, grade, position_of
from yahtzee.practice.themes import Theme
from yahtzee.practice.views import ExploreView, GradeView, RoundView, explore_view, round_view
from yahtzee.report import ReviewReport, review_report, with_seats
from yahtzee.review import review_side
from yahtzee.same_dice import SameDice, same_dice
from yahtzee.server import schemas
from yahtzee.server.engine import Engine
from yahtzee.server.errors import error_response
from yahtzee.server.replies import json_response, reply
from yahtzee.terms import PageTerms, terms_json
from yahtzee.winprob.advice import play_to_win_hint, vs_review
from yahtzee.winprob.estimate import valued

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": schemas.ErrorResponse} for status in (400, 409, 413, 422)
}


async def get_engine(request: Request) -> Engine:
    """The app's engine (``create_app`` puts it on ``app.state``; async, so FastAPI does not
    run it in a thread)."""
    engine: Engine = request.app.state.engine
    return engine


EngineDep = Annotated[Engine, Depends(get_engine)]

router = APIRouter()


# HEAD too: some load balancers' health checks ask that way (one route, so a 405 for another
# method names both). Not in the API schema, which would list it twice under one operation id.
@router.api_route(
    "/healthz",
    methods=["GET", "HEAD"],
    response_model=schemas.Health,
    include_in_schema=False,
)
async def healthz(engine: EngineDep) -> Any:
    if engine.table is None:
        return error_response(503, "not_ready", "服务器正在准备中")
    # play_to_win tells an operator whether 人机对战 has its 胜率 tables yet.
    return {
        "ready": True,
        "new_game_value": engine.table.new_game_value,
        "play_to_win": engine.win_model() is not None,
    }


@router.get("/api/terms", response_model=PageTerms)
async def terms() -> Any:
    """Names and limits the page needs before it has a game (also written into the page)."""
    return Response(terms_json(), media_type="application/json")


def _record_of(request: schemas.NewGameRequest, engine: Engine) -> Record:
    """The record a new game rolls from: a new one, today's daily challenge, or the one named."""
    if request.record is None:
        return engine.records.new()
    if request.record == "daily":
        return engine.records.daily(engine.today())
    return engine.records.parse(request.record)


def _table_seats(request: schemas.NewTableGame) -> list[Seat]:
    """The table's seats, each name checked and the whole against 和朋友玩's rules."""
    seats = []
    for i, seat in enumerate(request.seats):
        try:
            name = check_name(seat.name)
        except MalformedError as error:
            raise MalformedError(f"seats[{i}].name: {error}") from None
        seats.append(Seat(name, PlayerKind(seat.player)))
    check_seats(Mode.TABLE, seats, First(request.first))
    return seats


@router.post("/api/new", response_model=schemas.GameResponse, responses=ERROR_RESPONSES)
async def new_game(request: schemas.NewGameRequest, engine: EngineDep) -> Any:
    """A new game on a new dice record, on the record of an earlier game, or on today's daily
    challenge (``record: "daily"``): 单人挑战, 人机对战, or a table of 2 to 4 seats."""
    # The seats are checked before the record is looked up: a malformed table is named as
    # malformed even when its record is unknown too.
    if isinstance(request, schemas.NewTableGame):
        seats = _table_seats(request)
        record = _record_of(request, engine)
        game = Game.seated(seats, First(request.first), engine.records, record)
    else:
        game = Game.new(
            Mode(request.mode),
            Difficulty(request.difficulty) if request.difficulty else None,
            First(request.first),
            engine.records,
            _record_of(request, engine),
        )
    return json_response(reply(game, engine))


@router.get("/api/daily", response_model=Daily)
async def daily(engine: EngineDep) -> Any:
    """Today's daily challenge (China time): the day and its record."""
    return json_response(engine.records.daily_view(engine.today()))


@router.post("/api/action", response_model=schemas.GameResponse, responses=ERROR_RESPONSES)
async def action(request: schemas.ActionRequest, engine: EngineDep) -> Any:
    game = engine.game_of(request.game)
    action = request.action.to_game()
    # A computer's dice and boxes are the server's to choose (POST /api/computer); a client
    # may only start its turn afresh, which is how a resumed game goes on.
    acting = game.acting
    if not game.finished and not acting.human and not isinstance(action, RestartTurn):
        raise IllegalMoveError(
            f"it is the computer's turn ({acting.name}); the player cannot {verb(action)} now"
        )
    return json_response(reply(game.apply(action, engine.records), engine))


@router.post("/api/view", response_model=schemas.GameResponse, responses=ERROR_RESPONSES)
async def view(request: schemas.GameRequest, engine: EngineDep) -> Any:
    """A saved game as it stands, checked, with its snapshot: how the page resumes a game with
    the turn in progress exactly as it stood (the dice shown, the holds, the rolls used).
    Restarting the turn instead would show the rolls to come, since the dice come from the
    game's record (docs/rules.md, Saving and resuming)."""
    return json_response(reply(engine.game_of(request.game), engine))


@router.post("/api/hint", response_model=schemas.HintResponse, responses=ERROR_RESPONSES)
async def hint(request: schemas.GameRequest, engine: EngineDep) -> Any:
    game = engine.game_of(request.game).apply(UseHint())
    advice = hint_for(game, engine.require_advisor(), engine.require_outlook())
    model = engine.win_model() if valued(game) else None
    if model is not None:
        advice = play_to_win_hint(game, advice, model, engine.require_advisor())
    body = reply(game, engine)
    body["hint"] = {
        "hold": None if advice.hold is None else list(advice.hold),
        "box": advice.box.value if advice.box else None,
        "ev": round(advice.ev, 4),
        "text": advice.text,
        "reason": advice.reason,
    }
    return json_response(body)


@router.post("/api/computer", response_model=schemas.ComputerResponse, responses=ERROR_RESPONSES)
async def computer(request: schemas.GameRequest, engine: EngineDep) -> Any:
    game = engine.game_of(request.game)
    if game.finished:
        raise IllegalMoveError("the game is over")
    if all(side.human for side in game.sides):
        if len(game.sides) == 1:
            raise IllegalMoveError("a single-player game has no computer to move")
        raise IllegalMoveError("every seat of this game is a person: no computer to move")
    level = game.acting.seat.level
    if level is None:
        raise IllegalMoveError(f"it is not a computer's turn ({game.acting.name} is a person)")
    action = engine.player(level).step(game)
    game = game.apply(action, engine.records)
    body = reply(game, engine)
    if isinstance(action, Roll):
        body["step"] = {"type": "roll", "hold": list(action.hold)}
    else:
        body["step"] = {"type": "score", "box": action.box.value}
    return json_response(body)


@router.post("/api/review", response_model=ReviewReport, responses=ERROR_RESPONSES)
async def review(request: schemas.ReviewRequest, engine: EngineDep) -> Any:
    game = engine.game_of(request.game)
    index = _seat_to_review(game, request)
    advisor = engine.require_advisor()
    graded = review_side(game.sides[index], advisor)
    model = engine.win_model() if valued(game) else None
    if model is None:
        return json_response(with_seats(review_report(graded), game, index))
    # Deliberate risks (play-to-win choices, not mistakes) and the 胜率 chart.
    return json_response(vs_review(graded, game, index, model))


def _seat_to_review(game: Game, request: schemas.ReviewRequest) -> int:
    """The seat a review request names: by index, or by the side older pages name."""
    if request.seat is not None:
        if request.side is not None:
            raise MalformedError("name the seat to review by seat or by side, not both")
        if request.seat >= len(game.sides):
            raise MalformedError(
                f"seat: this game has seats 0 to {len(game.sides) - 1}, got {request.seat}"
            )
        return request.seat
    human = (request.side or "player") == "player"
    found = next((i for i, side in enumerate(game.sides) if side.human == human), None)
    if found is None:
        if len(game.sides) == 1:
            raise MalformedError("a single-player game has no computer side to review")
        raise MalformedError(f"this game has no {request.side} side to review")
    return found


@router.post("/api/same-dice", response_model=SameDice, responses=ERROR_RESPONSES)
async def same_dice_route(request: schemas.SameDiceRequest, engine: EngineDep) -> Any:
    """高手同骰: the expected-score 高手 on the dice record of a finished game, box by box beside
    a person's seat (``seat``, by default the first person's)."""
    game = engine.game_of(request.game)
    expert = get_player(EXPERT_EV, engine.require_table(), engine.rng)
    return json_response(
        same_dice(game, expert, engine.records, Difficulty.EXPERT.zh, request.seat)
    )


@router.post("/api/practice/round", response_model=RoundView, responses=ERROR_RESPONSES)
async def practice_round(request: schemas.PracticeRoundRequest, engine: EngineDep) -> Any:
    """练习: a round of positions of a theme (or 混合), drawn from its seed."""
    theme = Theme.parse(request.theme)
    seed = engine.rng.randint(0, MAX_SEED) if request.seed is None else request.seed
    drills = draw_round(engine.require_advisor(), theme, seed, request.count)
    return json_response(round_view(seed, theme, drills))


@router.post("/api/practice/grade", response_model=GradeView, responses=ERROR_RESPONSES)
async def practice_grade(request: schemas.PracticeGradeRequest, engine: EngineDep) -> Any:
    """练习: an answer to a position graded against the optimal strategy."""
    given = request.position
    position = position_of(given.sheet, given.yahtzee_bonus, given.dice, given.rolls_left)
    answer = request.answer
    if isinstance(answer, schemas.KeepAnswer):
        choice = Answer.hold(answer.keep)
    else:
        choice = Answer(box=answer.box)
    return json_response(
        grade(engine.require_advisor(), engine.require_outlook(), position, choice)
    )


@router.post("/api/practice/explore", response_model=ExploreView, responses=ERROR_RESPONSES)
async def practice_explore(request: schemas.PracticeExploreRequest, engine: EngineDep) -> Any:
    """研究: every option at any position with its expected total, as ``yahtzee advise``."""
    given = request.position
    position = position_of(given.sheet, given.yahtzee_bonus, given.dice, given.rolls_left)
    advice = engine.require_advisor().advise(position.sheet, position.dice, position.rolls_left)
    return json_response(explore_view(position, advice))
