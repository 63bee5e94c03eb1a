"""练习: each theme's test, the 0.5–15 filter, reproducible rounds without repeats, grading, and
the two endpoints through the ASGI client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient

from yahtzee.cli import main
from yahtzee.commands.drill import reason_text
from yahtzee.errors import IllegalMoveError, MalformedError
from yahtzee.hints import why_text
from yahtzee.practice.draw import (
    MAX_GAP,
    MIN_GAP,
    ROUND_SIZE,
    draw_round,
    gap,
    is_real_decision,
    play_points,
)
from yahtzee.practice.grade import Answer, grade, position_of
from yahtzee.practice.themes import (
    MIXED,
    THEMES,
    Position,
    Theme,
    bonus_reachable,
    is_two_pairs,
    longest_run,
    meets,
    meets_without_advice,
    themes_of,
)
from yahtzee.practice.views import drill_json, position_view, round_view
from yahtzee.rules import BOXES, Box, Sheet
from yahtzee.server import create_app, schemas
from yahtzee.solver import Advice, Advisor, Option, Table
from yahtzee.solver.outlook_store import Outlook
from yahtzee.terms import page_terms
from yahtzee.words import ev_zh


@pytest.fixture(scope="module")
def advisor(solver_table: Table) -> Advisor:
    return Advisor(solver_table)


def at(scores: dict[str, int], dice: tuple[int, ...], rolls_left: int, bonus: int = 0) -> Position:
    return Position(Sheet.from_scores(scores, bonus), tuple(sorted(dice)), rolls_left)


def all_but(*open_boxes: Box, value: int = 0) -> dict[str, int]:
    """A sheet with every box filled (with ``value``, or the box's least) but ``open_boxes``."""
    scores = {}
    for box in BOXES:
        if box in open_boxes:
            continue
        scores[box.value] = 5 if box is Box.CHANCE else value
    return scores


# The parts of the tests ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "run"),
    [((1, 2, 3, 5, 5), 3), ((1, 2, 3, 4, 6), 4), ((2, 3, 4, 5, 6), 5), ((1, 1, 3, 5, 5), 1)],
)
def test_longest_run_counts_distinct_consecutive_faces(dice: tuple[int, ...], run: int) -> None:
    assert longest_run(dice) == run


def test_two_pairs_is_exactly_two_pairs_and_an_odd_die() -> None:
    assert is_two_pairs((2, 2, 5, 5, 6))
    assert not is_two_pairs((2, 2, 2, 5, 5))  # a full house
    assert not is_two_pairs((2, 2, 5, 6, 1))  # one pair
    assert not is_two_pairs((2, 2, 2, 2, 5))


def test_the_upper_bonus_is_reachable_only_with_five_of_each_open_face() -> None:
    assert bonus_reachable(Sheet())
    # 62 with only ones open: five 1s reach 67.
    assert bonus_reachable(
        Sheet.from_scores({"twos": 8, "threes": 9, "fours": 12, "fives": 15, "sixes": 18})
    )
    # Already 63: earned, not reachable any more.
    assert not bonus_reachable(
        Sheet.from_scores({"threes": 12, "fours": 12, "fives": 15, "sixes": 24})
    )
    # 39 with ones and twos open: at most 39 + 5 + 10 = 54.
    assert not bonus_reachable(
        Sheet.from_scores({"threes": 9, "fours": 12, "fives": 0, "sixes": 18})
    )


# Each theme's test on hand-made positions -------------------------------------------------------


def _box(box: Box, points: int, ev: float) -> Option:
    return Option(None, box, points, ev)


ADVICE_ZERO_SECOND = Advice(
    (_box(Box.ONES, 1, 200.0), _box(Box.YAHTZEE, 0, 199.0), _box(Box.CHANCE, 9, 190.0))
)
ADVICE_CHANCE_THIRD = Advice(
    (_box(Box.ONES, 1, 200.0), _box(Box.TWOS, 2, 199.0), _box(Box.CHANCE, 9, 190.0))
)
ADVICE_CHANCE_FIRST = Advice((_box(Box.CHANCE, 9, 200.0), _box(Box.TWOS, 2, 199.0)))
NO_ADVICE = Advice((Option((), None, None, 0.0),))


@pytest.mark.parametrize(
    ("theme", "position", "advice", "expected"),
    [
        (Theme.FULL_HOUSE_DRAW, at({}, (2, 2, 5, 5, 6), 1), NO_ADVICE, True),
        (Theme.FULL_HOUSE_DRAW, at({}, (2, 2, 5, 5, 6), 0), NO_ADVICE, False),  # no roll left
        (Theme.FULL_HOUSE_DRAW, at({"full_house": 25}, (2, 2, 5, 5, 6), 2), NO_ADVICE, False),
        (Theme.FULL_HOUSE_DRAW, at({}, (2, 2, 2, 5, 5), 2), NO_ADVICE, False),  # a full house
        (Theme.STRAIGHT_DRAW, at({}, (1, 2, 3, 5, 5), 2), NO_ADVICE, True),
        (Theme.STRAIGHT_DRAW, at({}, (1, 2, 3, 4, 6), 1), NO_ADVICE, True),
        (Theme.STRAIGHT_DRAW, at({}, (1, 2, 3, 4, 5), 1), NO_ADVICE, False),  # run of 5
        (Theme.STRAIGHT_DRAW, at({}, (1, 2, 4, 5, 5), 1), NO_ADVICE, False),  # run of 2
        (Theme.STRAIGHT_DRAW, at({"large_straight": 0}, (1, 2, 3, 5, 5), 1), NO_ADVICE, True),
        (
            Theme.STRAIGHT_DRAW,
            at({"small_straight": 30, "large_straight": 0}, (1, 2, 3, 5, 5), 1),
            NO_ADVICE,
            False,
        ),
        (Theme.STRAIGHT_DRAW, at({}, (1, 2, 3, 5, 5), 0), NO_ADVICE, False),
        (Theme.UPPER_BONUS, at({"sixes": 24}, (1, 1, 1, 2, 3), 0), NO_ADVICE, True),
        (
            Theme.UPPER_BONUS,
            at({"threes": 9, "fours": 12, "fives": 15, "sixes": 30}, (1, 1, 1, 2, 3), 2),
            NO_ADVICE,
            False,
        ),
        (Theme.SACRIFICE, at({}, (1, 3, 4, 4, 4), 0), ADVICE_ZERO_SECOND, True),
        (Theme.SACRIFICE, at({}, (1, 3, 4, 4, 4), 1), ADVICE_ZERO_SECOND, False),
        (Theme.SACRIFICE, at({}, (1, 3, 4, 4, 4), 0), ADVICE_CHANCE_THIRD, False),
        (Theme.CHANCE, at({}, (1, 3, 4, 4, 4), 0), ADVICE_CHANCE_FIRST, True),
        (Theme.CHANCE, at({}, (1, 3, 4, 4, 4), 0), ADVICE_CHANCE_THIRD, False),
        (Theme.CHANCE, at({}, (1, 3, 4, 4, 4), 1), ADVICE_CHANCE_FIRST, False),
        (
            Theme.ENDGAME,
            at(all_but(Box.ONES, Box.TWOS, Box.CHANCE), (1, 1, 2, 3, 4), 2),
            NO_ADVICE,
            True,
        ),
        (
            Theme.ENDGAME,
            at(all_but(Box.ONES, Box.TWOS, Box.THREES, Box.CHANCE), (1, 1, 2, 3, 4), 2),
            NO_ADVICE,
            False,
        ),
    ],
)
def test_each_theme_test(theme: Theme, position: Position, advice: Advice, expected: bool) -> None:
    assert meets(theme, position, advice) is expected


def test_the_vectorised_prefilter_is_the_test_without_ranking() -> None:
    points = play_points(11, 0, games=40)
    for theme in THEMES:
        mask = points.prefilter(theme)
        for i in range(0, len(points.rolls), 7):
            assert bool(mask[i]) == meets_without_advice(theme, points.position(i)), (theme, i)


# Rounds ----------------------------------------------------------------------------------------


def test_the_gap_filter(advisor: Advisor) -> None:
    def advice(*evs: float) -> Advice:
        return Advice(tuple(_box(BOXES[i], 0, ev) for i, ev in enumerate(evs)))

    assert is_real_decision(advice(200.0, 199.5))
    assert is_real_decision(advice(200.0, 185.0))
    assert not is_real_decision(advice(200.0, 199.6))
    assert not is_real_decision(advice(200.0, 184.9))
    assert not is_real_decision(advice(200.0))
    assert gap(advice(200.0)) is None


@pytest.mark.parametrize("theme", [*THEMES, None])
def test_a_round_is_real_decisions_of_its_theme_without_repeats(
    advisor: Advisor, theme: Theme | None
) -> None:
    drills = draw_round(advisor, theme, seed=5)
    assert len(drills) == ROUND_SIZE
    assert len({d.position.key for d in drills}) == ROUND_SIZE
    for drill in drills:
        if theme is not None:
            assert drill.theme is theme
        position = drill.position
        advice = advisor.advise(position.sheet, position.dice, position.rolls_left)
        assert advice == drill.advice
        assert meets(drill.theme, position, advice)
        assert drill.theme in themes_of(position, advice)
        g = gap(advice)
        assert g is not None and MIN_GAP <= g <= MAX_GAP
    if theme is None:
        assert {d.theme for d in drills} == set(THEMES)


def test_a_round_is_reproducible_from_its_seed(advisor: Advisor) -> None:
    first = draw_round(advisor, None, seed=42)
    assert draw_round(advisor, None, seed=42) == first
    assert draw_round(advisor, None, seed=43) != first
    assert (
        draw_round(advisor, Theme.CHANCE, seed=42, count=3)
        == draw_round(advisor, Theme.CHANCE, seed=42)[:3]
    )


def test_round_bounds(advisor: Advisor) -> None:
    with pytest.raises(MalformedError, match="count must be"):
        draw_round(advisor, None, seed=1, count=0)
    with pytest.raises(MalformedError, match="seed must be"):
        draw_round(advisor, None, seed=-1)
    with pytest.raises(MalformedError, match="unknown theme: 'yahtzee'"):
        Theme.parse("yahtzee")
    assert Theme.parse(MIXED) is None


def test_views_and_json(advisor: Advisor) -> None:
    drill = draw_round(advisor, Theme.ENDGAME, seed=3, count=1)[0]
    view = position_view(drill.theme, drill.position)
    snap = view.view
    assert snap.rolls_left == drill.position.rolls_left
    assert snap.dice == drill.position.dice
    assert snap.round == drill.position.sheet.filled_count + 1
    assert snap.sides[snap.current].hints_left == 0 and not snap.can_hint
    assert {
        b.key.value: b.points for b in snap.sides[0].boxes if b.points is not None
    } == view.sheet
    line = drill_json(drill)
    assert set(line) == {"theme", "sheet", "yahtzee_bonus", "dice", "rolls_left", "options", "best"}
    assert line["best"] == line["options"][0]  # type: ignore[index]
    whole = round_view(3, None, (drill,))
    assert whole.theme == MIXED and whole.theme_zh == "混合"


def test_the_api_themes_are_the_themes() -> None:
    assert set(get_args(schemas.ThemeKey)) == {t.value for t in THEMES} | {MIXED}
    assert [t.key for t in page_terms().themes] == [*(t.value for t in THEMES), MIXED]


# Grading ---------------------------------------------------------------------------------------


def test_grading_the_best_and_the_runner_up(advisor: Advisor, outlook: Outlook) -> None:
    position = at({}, (1, 2, 3, 5, 5), 2)
    advice = advisor.advise(position.sheet, position.dice, position.rolls_left)
    best = grade(advisor, outlook, position, Answer.hold(advice.best.keep or ()))
    assert best.is_best and best.loss == 0.0
    assert best.chosen == best.best
    assert len(best.top) == 3
    assert best.why == why_text(advice, round(advice.best.ev, 4))
    second = advice.options[1]
    graded = grade(advisor, outlook, position, Answer.hold(list(reversed(second.keep or ()))))
    assert not graded.is_best
    assert graded.loss == round(round(advice.best.ev, 4) - round(second.ev, 4), 2)
    assert graded.chosen.keep == second.keep
    assert graded.top[0] == graded.best


@pytest.mark.parametrize(
    ("ev", "text"),
    [
        (202.25, "202.3"),  # halfway exactly: up, as JavaScript's toFixed (Python's format: 202.2)
        (202.75, "202.8"),
        (202.15, "202.2"),  # the double just above 202.15
        (202.149, "202.1"),
        (254.5877, "254.6"),
        (0.0, "0.0"),
    ],
)
def test_expected_totals_read_as_the_page_writes_them(ev: float, text: str) -> None:
    assert ev_zh(ev) == text


def test_the_why_quotes_the_total_the_page_shows(advisor: Advisor, outlook: Outlook) -> None:
    """The words quote the best total as sent, rounded as the page rounds it (``ev_zh`` is
    words.js evText). Sent to 2 decimals, a total such as 184.4502 went as 184.45, which the
    page showed as 184.4 beside words that said 184.5: such positions are among these."""
    apart = 0
    for seed in range(40):
        for drill in draw_round(advisor, None, seed=seed):
            best = drill.advice.best
            answer = Answer(box=best.box) if best.keep is None else Answer.hold(best.keep)
            graded = grade(advisor, outlook, drill.position, answer)
            assert abs(graded.best.ev - best.ev) <= 0.00005
            assert f"期望总分 {ev_zh(graded.best.ev)}" in graded.why, graded.why
            apart += ev_zh(round(best.ev, 2)) != ev_zh(best.ev)
    assert apart, "no total that 2 decimals round apart"


def test_scoring_with_rolls_left_is_stopping_there(advisor: Advisor, outlook: Outlook) -> None:
    position = at({}, (2, 3, 4, 5, 6), 2)  # a large straight: stopping to score it is best
    graded = grade(advisor, outlook, position, Answer(box=Box.LARGE_STRAIGHT))
    assert graded.is_best and graded.chosen.text == "直接登记「大顺」"
    worse = grade(advisor, outlook, position, Answer(box=Box.CHANCE))
    assert not worse.is_best and worse.loss > 5
    assert worse.chosen.keep == (2, 3, 4, 5, 6) and worse.chosen.box is Box.CHANCE
    assert grade(advisor, outlook, position, Answer.hold([2, 3, 4, 5, 6])).is_best


def test_a_box_answer_with_no_roll_left(advisor: Advisor, outlook: Outlook) -> None:
    position = at({"chance": 20}, (1, 1, 1, 6, 6), 0)
    graded = grade(advisor, outlook, position, Answer(box=Box.FULL_HOUSE))
    assert graded.chosen.points == 25 and graded.chosen.keep is None
    assert graded.chosen.text == "登记「葫芦」"


def test_answers_the_rules_do_not_allow(advisor: Advisor, outlook: Outlook) -> None:
    with pytest.raises(IllegalMoveError, match="no roll is left"):
        grade(advisor, outlook, at({}, (1, 2, 3, 4, 4), 0), Answer.hold([4]))
    with pytest.raises(IllegalMoveError, match=r"keep \[6\] is not among the dice"):
        grade(advisor, outlook, at({}, (1, 2, 3, 4, 4), 1), Answer.hold([6]))
    with pytest.raises(IllegalMoveError, match="already filled"):
        grade(advisor, outlook, at({"chance": 20}, (1, 2, 3, 4, 4), 1), Answer(box=Box.CHANCE))
    forced = at({"yahtzee": 50}, (4, 4, 4, 4, 4), 0)
    with pytest.raises(IllegalMoveError, match="Joker"):
        grade(advisor, outlook, forced, Answer(box=Box.CHANCE))  # fours open: it is forced
    with pytest.raises(MalformedError, match="a keep is a list of 0 to 5 dice"):
        Answer.hold([1, 2, 3, 4, 5, 6])


def test_positions_a_request_may_describe() -> None:
    assert position_of({"ones": 3}, 0, [5, 1, 3, 2, 4], 1).dice == (1, 2, 3, 4, 5)
    with pytest.raises(MalformedError, match="unknown box: 'sevens'"):
        position_of({"sevens": 7}, 0, [1, 2, 3, 4, 5], 1)
    with pytest.raises(MalformedError, match="7 is not a possible score for ones"):
        position_of({"ones": 7}, 0, [1, 2, 3, 4, 5], 1)
    with pytest.raises(MalformedError, match="rolls left must be 0, 1 or 2"):
        position_of({}, 0, [1, 2, 3, 4, 5], 3)
    with pytest.raises(MalformedError, match="needs 50 in yahtzee"):
        position_of({}, 100, [1, 2, 3, 4, 5], 1)


# The API ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=99, table=solver_table)) as test_client:
        yield test_client


def post(client: TestClient, path: str, body: Any, status: int = 200) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()


def test_the_round_endpoint(client: TestClient) -> None:
    body = post(client, "/api/practice/round", {"theme": "chance", "seed": 8})
    assert body["seed"] == 8 and body["theme"] == "chance" and body["theme_zh"] == "机会"
    assert len(body["positions"]) == ROUND_SIZE
    first = body["positions"][0]
    assert set(first) == {
        "theme",
        "theme_zh",
        "sheet",
        "yahtzee_bonus",
        "dice",
        "rolls_left",
        "view",
    }
    assert first["view"]["rolls_left"] == first["rolls_left"] == 0
    assert post(client, "/api/practice/round", {"theme": "chance", "seed": 8}) == body
    drawn = post(client, "/api/practice/round", {})
    assert drawn["theme"] == "mixed" and 0 <= drawn["seed"] <= 2**32 - 1
    assert post(client, "/api/practice/round", {"seed": drawn["seed"]}) == drawn
    assert len(post(client, "/api/practice/round", {"count": 2, "seed": 1})["positions"]) == 2


def test_the_grade_endpoint(client: TestClient) -> None:
    position = post(client, "/api/practice/round", {"theme": "straight_draw", "seed": 4})[
        "positions"
    ][0]
    given = {k: position[k] for k in ("sheet", "yahtzee_bonus", "dice", "rolls_left")}
    body = post(
        client, "/api/practice/grade", {"position": given, "answer": {"type": "keep", "keep": []}}
    )
    assert set(body) == {"chosen", "best", "loss", "is_best", "top", "why", "reason"}
    assert body["chosen"]["keep"] == [] and body["chosen"]["text"] == "全部重掷"
    assert len(body["top"]) == 3 and body["top"][0] == body["best"]
    best = body["best"]
    # Why the best beats this answer, opening with the best (tests/test_reasons.py has the rest).
    assert body["reason"].startswith(best["text"] + "：")
    again = post(
        client,
        "/api/practice/grade",
        {"position": given, "answer": {"type": "keep", "keep": best["keep"]}},
    )
    assert again["is_best"] and again["loss"] == 0


def test_each_option_says_which_of_the_dice_shown_it_holds(client: TestClient) -> None:
    # The page marks the best keep's dice from these positions; it never matches faces itself.
    dice = [2, 2, 5, 5, 6]
    given = {"sheet": {}, "yahtzee_bonus": 0, "dice": dice, "rolls_left": 1}
    graded = post(
        client,
        "/api/practice/grade",
        {"position": given, "answer": {"type": "keep", "keep": [6, 5]}},
    )
    assert graded["chosen"]["keep"] == [5, 6] and graded["chosen"]["hold"] == [2, 4]
    explored = post(client, "/api/practice/explore", {"position": given})
    for option in [*explored["options"], *graded["top"], graded["best"]]:
        if option["keep"] is None:
            assert option["hold"] is None
        else:
            assert [dice[i] for i in option["hold"]] == option["keep"]
            assert option["hold"] == sorted(option["hold"])
    score = post(
        client,
        "/api/practice/grade",
        {"position": given, "answer": {"type": "score", "box": "twos"}},
    )
    assert score["chosen"]["box"] == "twos" and score["chosen"]["hold"] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("path", "body", "status", "words"),
    [
        ("/api/practice/round", {"theme": "yahtzee"}, 422, "theme"),
        ("/api/practice/round", {"seed": -1}, 422, "seed"),
        ("/api/practice/round", {"seed": "7"}, 422, 'got "7"'),
        ("/api/practice/round", {"count": 0}, 422, "count"),
        ("/api/practice/round", {"count": 10**6}, 422, "count"),
        ("/api/practice/round", {"colour": "red"}, 422, "colour"),
        (
            "/api/practice/grade",
            {"position": {"sheet": {}, "dice": [1, 2, 3, 4, 5], "rolls_left": 1}},
            422,
            "answer",
        ),
        (
            "/api/practice/grade",
            {
                "position": {"sheet": {"sevens": 1}, "dice": [1, 2, 3, 4, 5], "rolls_left": 1},
                "answer": {"type": "score", "box": "chance"},
            },
            400,
            "unknown box: 'sevens'",
        ),
        (
            # More keys than boxes: the one that names no box is named, not the count.
            "/api/practice/grade",
            {
                "position": {
                    "sheet": {**{box.value: 0 for box in BOXES}, "cheat": 1},
                    "dice": [1, 2, 3, 4, 5],
                    "rolls_left": 1,
                },
                "answer": {"type": "score", "box": "chance"},
            },
            422,
            'unknown box: "cheat"',
        ),
        (
            "/api/practice/grade",
            {
                "position": {"sheet": {}, "dice": [1, 2, 3, 4, 9], "rolls_left": 1},
                "answer": {"type": "score", "box": "chance"},
            },
            422,
            "dice[4]",
        ),
        (
            "/api/practice/grade",
            {
                "position": {"sheet": {}, "dice": [1, 2, 3, 4, 5], "rolls_left": 0},
                "answer": {"type": "keep", "keep": [1]},
            },
            409,
            "no roll is left",
        ),
        (
            "/api/practice/grade",
            {
                "position": {"sheet": {}, "dice": [1, 2, 3, 4, 5], "rolls_left": 2},
                "answer": {"type": "keep", "keep": [6, 6]},
            },
            409,
            "not among the dice",
        ),
        (
            "/api/practice/grade",
            {
                "position": {"sheet": {"chance": 9}, "dice": [1, 2, 3, 4, 5], "rolls_left": 0},
                "answer": {"type": "score", "box": "chance"},
            },
            409,
            "already filled",
        ),
        (
            "/api/practice/grade",
            {
                "position": {
                    "sheet": {b.value: 0 for b in BOXES if b is not Box.CHANCE} | {"chance": 9},
                    "dice": [1, 2, 3, 4, 5],
                    "rolls_left": 0,
                },
                "answer": {"type": "score", "box": "ones"},
            },
            409,
            "the sheet is full",
        ),
    ],
)
def test_bad_practice_requests_are_named(
    client: TestClient, path: str, body: Any, status: int, words: str
) -> None:
    error = post(client, path, body, status)["error"]
    assert words in error["message"], error


# The command line ------------------------------------------------------------------------------


def test_drill_lists_the_themes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["drill", "--themes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "full_house_draw\t两对拼葫芦" and lines[-1] == "mixed\t混合"


def test_drill_json_is_the_round_of_its_seed(
    solver_table: Table, outlook: Outlook, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["drill", "--theme", "endgame", "--count", "3", "--seed", "9", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    drills = draw_round(Advisor(solver_table), Theme.ENDGAME, 9, 3)
    reasons = [reason_text(outlook, d) for d in drills]
    assert [line.pop("reason") for line in lines] == reasons
    assert lines == [json.loads(json.dumps(drill_json(d))) for d in drills]
    assert main(["drill", "--count", "1", "--seed", "9"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("seed 9, theme mixed\n#1 ")
    assert text.splitlines()[-1].startswith("  reason: ")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["drill", "--theme", "yahtzee"], "unknown theme: 'yahtzee'"),
        (["drill", "--count", "0"], "must be at least 1"),
        (["drill", "--seed", "-3"], "must not be negative"),
    ],
)
def test_drill_bad_arguments(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


def test_the_explore_endpoint_ranks_every_option(client: TestClient, solver_table: Table) -> None:
    sheet = {"ones": 3, "chance": 22}
    given: dict[str, Any] = {"sheet": sheet, "yahtzee_bonus": 0, "dice": [2, 3, 4, 5, 5]}
    body = post(client, "/api/practice/explore", {"position": {**given, "rolls_left": 2}})
    advice = Advisor(solver_table).advise(Sheet.from_scores(sheet), (2, 3, 4, 5, 5), 2)
    assert len(body["options"]) == len(advice.options)
    assert [o["ev"] for o in body["options"]] == [round(o.ev, 4) for o in advice.options]
    assert body["options"][0]["text"] == "保留 2 3 4 5"
    assert body["view"]["rolls_left"] == 2 and body["view"]["dice"] == [2, 3, 4, 5, 5]
    boxes = post(client, "/api/practice/explore", {"position": {**given, "rolls_left": 0}})
    assert all(o["text"].startswith("登记「") for o in boxes["options"])
    # An impossible sheet gets the refusal ``yahtzee advise`` gives.
    bad = {**given, "sheet": {"ones": 7}, "rolls_left": 1}
    error = post(client, "/api/practice/explore", {"position": bad}, 400)["error"]
    assert error["message"].endswith("7 is not a possible score for ones")
