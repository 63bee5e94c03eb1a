"""Seats: a table of 2 to 4 (和朋友玩) in saves (version 2) and through the API (the seats model
itself: tests/test_game.py)."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gameplay import json_paths, make_records, random_game, random_table
from yahtzee.codec import from_json, to_json
from yahtzee.errors import InvalidGameError
from yahtzee.game import (
    HINTS_PER_GAME,
    First,
    Game,
    PlayerKind,
    Roll,
    Score,
    Seat,
    places_of,
)
from yahtzee.rules import BOXES, Box
from yahtzee.server import create_app
from yahtzee.snapshot import view_of
from yahtzee.solver import Table

HUMAN, EXPERT = PlayerKind.HUMAN, PlayerKind.EXPERT


# Saves ---------------------------------------------------------------------------------------


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 250), recorded=st.booleans())
@settings(max_examples=80, deadline=None)
def test_every_table_round_trips_as_version_2(seed: int, steps: int, recorded: bool) -> None:
    game = random_table(seed, stop_after=steps, records=make_records(seed) if recorded else None)
    data = to_json(game)
    assert data["version"] == 2
    assert from_json(data) == game
    assert to_json(from_json(copy.deepcopy(data))) == data


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), vs=st.booleans())
@settings(max_examples=40, deadline=None)
def test_single_and_vs_games_write_version_1_and_load_from_2(
    seed: int, steps: int, vs: bool
) -> None:
    game = random_game(seed, vs, stop_after=steps)
    assert to_json(game)["version"] == 1
    newer = to_json(game, version=2)
    assert newer["version"] == 2 and newer["sides"][0]["name"] == "你"
    assert from_json(newer) == game


def test_a_table_cannot_be_written_as_version_1() -> None:
    with pytest.raises(ValueError, match="version 1 holds"):
        to_json(random_table(1), version=1)


def _table_save(seed: int = 5, stop: int | None = 60) -> dict[str, Any]:
    for s in range(seed, seed + 50):
        game = random_table(s, stop_after=stop)
        if len(game.sides) >= 3 and any(not side.human for side in game.sides):
            return to_json(game)
    raise AssertionError("no such table")


def _set(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def _computer(data: dict[str, Any]) -> int:
    return next(i for i, side in enumerate(data["sides"]) if side["player"] != "human")


def _human(data: dict[str, Any]) -> int:
    return next(i for i, side in enumerate(data["sides"]) if side["player"] == "human")


CORRUPTIONS: list[tuple[str, Any, str]] = [
    ("name untrimmed", lambda d: _set(d, ["sides", 0, "name"], " 小明"), r"sides\[0\]\.name"),
    ("name with a tab", lambda d: _set(d, ["sides", 1, "name"], "a\tb"), r"U\+0009"),
    (
        "names the same",
        lambda d: _set(d, ["sides", 1, "name"], d["sides"][0]["name"]),
        "two seats are named",
    ),
    ("name too long", lambda d: _set(d, ["sides", 0, "name"], "x" * 13), r"sides\[0\]\.name"),
    (
        "a computer with hints",
        lambda d: _set(d, ["sides", _computer(d), "hints_left"], 1),
        "a computer has no hints",
    ),
    (
        "hints back",
        lambda d: _set(d, ["sides", _human(d), "hints_left"], 4),
        r"hints_left: expected 0 to 3, got 4",
    ),
    ("a robot", lambda d: _set(d, ["sides", 0, "player"], "robot"), r"sides\[0\]\.player"),
    (
        "no person",
        lambda d: _set(
            d, ["sides"], [{**s, "player": "normal", "hints_left": 0} for s in d["sides"]]
        ),
        "at least one person",
    ),
    ("computer first", lambda d: _set(d, ["first"], "computer"), r"^first: "),
    ("no such seat", lambda d: _set(d, ["current"], len(d["sides"])), "current: expected 0 to"),
    ("a v1 key", lambda d: _set(d, ["difficulty"], "normal"), 'unknown key "difficulty"'),
    ("who in v2", lambda d: _set(d, ["sides", 0, "who"], "player"), 'unknown key "who"'),
    ("five seats", lambda d: _set(d, ["sides"], d["sides"] * 2), r"sides: expected 1 to 4 items"),
]


@pytest.mark.parametrize(
    ("name", "mutate", "message"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS]
)
def test_corrupt_tables_are_rejected_naming_the_field(name: str, mutate: Any, message: str) -> None:
    data = _table_save()
    from_json(data)
    with pytest.raises(InvalidGameError, match=message):
        from_json(mutate(data))


def test_a_finished_table_states_its_places() -> None:
    data = to_json(random_table(9))
    assert data["finished"] and sorted(data["result"]["places"])[0] == 1
    lie = list(reversed(data["result"]["places"]))
    if lie != data["result"]["places"]:
        with pytest.raises(InvalidGameError, match=r"result\.places: is"):
            from_json(_set(data, ["result", "places"], lie))


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 20),
    st.text(max_size=14),
    st.lists(st.integers(0, 7), max_size=5),
)


@given(seed=st.integers(0, 2**32), data=st.data())
@settings(max_examples=200, deadline=None)
def test_mutated_tables_are_rejected_or_still_consistent(seed: int, data: Any) -> None:
    original = to_json(random_table(seed, stop_after=seed % 200))
    path = data.draw(st.sampled_from(json_paths(original)[1:]))
    mutated = copy.deepcopy(original)
    parent = mutated
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JUNK)
    try:
        game = from_json(mutated)
    except InvalidGameError as error:
        assert str(error)
        return
    assert to_json(game) == mutated


# The snapshot -------------------------------------------------------------------------------


def test_the_snapshot_names_every_seat() -> None:
    game = Game.seated([Seat("小明", HUMAN), Seat("高手", EXPERT), Seat("小红", HUMAN)], First.ME)
    rng = random.Random(2)
    for _ in range(2):  # 小明 and the 高手 play; 小红 is in turn
        game = game.apply(Roll(), rng).apply(Score(Box.CHANCE))
    view = view_of(game).to_json()
    assert [(s["name"], s["player"]) for s in view["sides"]] == [
        ("小明", "human"), ("高手", "expert"), ("小红", "human")
    ]  # fmt: skip
    assert view["current"] == 2 and view["sides"][2]["acting"]
    assert view["mode"] == "table"
    assert [s["hints_left"] for s in view["sides"]] == [HINTS_PER_GAME, 0, HINTS_PER_GAME]
    assert "place" not in view["sides"][0]
    # No field of the two-sided page is left: the seats say it all.
    assert not {"acting", "hints_left", "difficulty", "difficulty_zh", "win"} & set(view)
    assert not {"who", "label"} & set(view["sides"][0])


def test_a_finished_table_ranks_its_seats_in_the_snapshot() -> None:
    game = random_table(21)
    view = view_of(game).to_json()
    result = view["result"]
    totals = [side.sheet.total for side in game.sides]
    assert result["totals"] == totals
    assert result["places"] == list(places_of(totals))
    assert result["names"] == [side.name for side in game.sides]
    assert [s["place"] for s in view["sides"]] == result["places"]
    assert result["draw"] == (result["winner"] is None)


# The API --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=321, table=solver_table)) as test_client:
        yield test_client


def post(client: TestClient, path: str, body: Any, status: int = 200) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()


TABLE = [
    {"name": "小明", "player": "human"},
    {"name": "  小红 ", "player": "human"},
    {"name": "普通电脑", "player": "normal"},
    {"name": "高手", "player": "expert"},
]


def test_a_new_table_through_the_api(client: TestClient) -> None:
    body = post(client, "/api/new", {"mode": "table", "seats": TABLE, "first": "me"})
    view = body["view"]
    assert [(s["name"], s["player"]) for s in view["sides"]] == [
        ("小明", "human"), ("小红", "human"), ("普通电脑", "normal"), ("高手", "expert")
    ]  # fmt: skip
    assert view["current"] == 0 and view["mode"] == "table"
    assert body["game"]["version"] == 2 and body["game"]["record"]["id"] == view["record"]
    starters = {
        post(client, "/api/new", {"mode": "table", "seats": TABLE, "first": "random"})["view"][
            "current"
        ]
        for _ in range(30)
    }
    assert starters == {0, 1, 2, 3}


UNKNOWN_RECORD = "0" * 32 + "-ffffffff"
"""A record of another server's key: refused (409) when a request is otherwise sound."""


@pytest.mark.parametrize(
    ("seats", "first", "status", "words"),
    [
        (TABLE[:1], "me", 422, "seats"),
        (TABLE + TABLE[:1], "me", 422, "seats"),
        ([TABLE[2], TABLE[3]], "me", 400, "at least one person"),
        ([TABLE[0], {"name": " 小明 ", "player": "human"}], "me", 400, "two seats are named"),
        ([TABLE[0], {"name": "   ", "player": "human"}], "me", 400, "seats[1].name"),
        ([TABLE[0], {"name": "x" * 13, "player": "human"}], "me", 400, "at most 12 characters"),
        ([TABLE[0], {"name": "a\u0007", "player": "human"}], "me", 400, "U+0007"),
        ([TABLE[0], {"name": "Bob", "player": "robot"}], "me", 422, "seats[1].player"),
        ([TABLE[0], {"name": 5, "player": "human"}], "me", 422, "seats[1].name"),
        ([TABLE[0], {"name": "Bob"}], "me", 422, "seats[1]: missing key 'player'"),
        (TABLE, "computer", 422, "first"),
    ],
)
@pytest.mark.parametrize("record", [None, UNKNOWN_RECORD])
def test_a_table_that_does_not_fit_is_refused_naming_why(
    client: TestClient, seats: list[Any], first: str, status: int, words: str, record: str | None
) -> None:
    # The table is refused as such even on a record the server cannot roll (checked after).
    request = {"mode": "table", "seats": seats, "first": first, "record": record}
    body = post(client, "/api/new", request, status)
    assert words in body["error"]["message"]


def _play_table(client: TestClient, body: Any, rng: random.Random) -> Any:
    """Play a table through the API to its end: the people at random (a hint now and then), the
    computers step by step."""
    game = body["game"]
    view = body["view"]
    while not view["finished"]:
        side = view["sides"][view["current"]]
        if side["player"] != "human":
            post(client, "/api/action", {"game": game, "action": {"type": "roll"}}, 409)
            body = post(client, "/api/computer", {"game": game})
        else:
            if view["dice"] is not None:
                post(client, "/api/computer", {"game": game}, 409)
            if view["dice"] is None:
                action: dict[str, Any] = {"type": "roll"}
            elif view["can_hint"] and not view["hinted_now"] and rng.random() < 0.3:
                hinted = post(client, "/api/hint", {"game": game})
                assert hinted["view"]["sides"][view["current"]]["hints_left"] == (
                    side["hints_left"] - 1
                )
                game, view = hinted["game"], hinted["view"]
                continue
            elif view["can_roll"] and rng.random() < 0.5:
                action = {"type": "roll", "hold": [i for i in range(5) if rng.random() < 0.5]}
            else:
                box = rng.choice([b["key"] for b in side["boxes"] if b["allowed"]])
                action = {"type": "score", "box": box}
            body = post(client, "/api/action", {"game": game, "action": action})
        game, view = body["game"], body["view"]
    return body


def test_a_whole_table_through_the_api(client: TestClient) -> None:
    body = post(client, "/api/new", {"mode": "table", "seats": TABLE, "first": "random"})
    body = _play_table(client, body, random.Random(8))
    view, game = body["view"], body["game"]
    totals = [s["total"] for s in view["sides"]]
    assert view["result"]["totals"] == totals
    assert view["result"]["places"] == list(places_of(totals))
    assert game["result"]["places"] == view["result"]["places"]
    for seat in range(4):
        review = post(client, "/api/review", {"game": game, "seat": seat})
        assert review["summary"]["final_total"] == totals[seat]
        assert review["seat"] == seat
        assert [s["name"] for s in review["seats"]] == ["小明", "小红", "普通电脑", "高手"]
        assert [s["place"] for s in review["seats"]] == view["result"]["places"]
    # As older pages ask: the first person, the first computer.
    assert post(client, "/api/review", {"game": game, "side": "computer"})["seat"] == 2
    assert post(client, "/api/review", {"game": game})["seat"] == 0
    error = post(client, "/api/review", {"game": game, "seat": 1, "side": "player"}, 400)
    assert "not both" in error["error"]["message"]
    same = post(client, "/api/same-dice", {"game": game, "seat": 1})
    assert same["seat"] == 1 and same["name"] == "小红" and same["text"].find("小红") > 0


def test_reviewing_a_seat_the_game_lacks_is_refused(client: TestClient) -> None:
    game = to_json(random_game(3, vs=True))
    error = post(client, "/api/review", {"game": game, "seat": 2}, 400)["error"]
    assert "seats 0 to 1, got 2" in error["message"]
    single = to_json(random_game(3, vs=False))
    error = post(client, "/api/review", {"game": single, "side": "computer"}, 400)["error"]
    assert "no computer side" in error["message"]


def test_a_table_of_people_has_no_computer_to_move(client: TestClient) -> None:
    body = post(
        client,
        "/api/new",
        {"mode": "table", "seats": [TABLE[0], TABLE[1]], "first": "me"},
    )
    error = post(client, "/api/computer", {"game": body["game"]}, 409)["error"]
    assert "no computer to move" in error["message"]


def test_the_page_terms_bound_the_table() -> None:
    from yahtzee.terms import page_terms

    terms = page_terms()
    assert (terms.seats.min, terms.seats.max, terms.seats.name_length) == (2, 4, 12)
    # The page says what is wrong with a name before sending it: these characters are refused.
    controls = re.compile(f"[{terms.seats.controls}]")
    assert all(controls.search(c) for c in ("\n", "\x07", "\x85", "\u2028"))
    assert not controls.search("小明 Ann\u3000")
    assert [t.key for t in terms.players] == ["human", "beginner", "normal", "expert"]
    assert ("table", "和朋友玩") in [(t.key, t.name) for t in terms.modes]
    assert [b.value for b in BOXES][:1] == ["ones"]


def test_the_api_document_states_the_seats(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()["components"]["schemas"]
    table = spec["NewTableGame"]
    assert table["properties"]["seats"]["minItems"] == 2
    assert table["properties"]["seats"]["maxItems"] == 4
    seat = spec["SeatRequest"]["properties"]
    assert seat["name"]["pattern"].startswith("^") and set(seat["player"]["enum"]) == {
        "human", "beginner", "normal", "expert"
    }  # fmt: skip
    assert {"name", "player", "hints_left"} <= set(spec["SideView"]["required"])
    assert {"places", "names"} <= set(spec["ResultView"]["required"])
    assert "seat" in spec["ReviewRequest"]["properties"]
    assert "side" in spec["ReviewRequest"]["properties"]  # as older pages ask
    assert {"GameModelV1", "GameModelV2"} <= set(spec)
