"""Property-based fuzzing of the API from its own OpenAPI document (schemathesis), plus
hypothesis mutations of valid games sent to every endpoint: no 5xx, every 4xx carries the JSON
error body, every answer matches its schema."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.gameplay import json_paths, random_game
from yahtzee.codec import to_json
from yahtzee.server import create_app
from yahtzee.solver import Table

# Schemathesis reads the operations at collection time, before any fixture runs; the app is
# built then without a table, and the fixture below hands it the session's table before use.
APP = create_app(seed=7)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


@pytest.fixture(autouse=True)
def _app_has_table(solver_table: Table) -> None:
    APP.state.engine.use(solver_table)


@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_every_endpoint_survives_generated_requests(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"}
        assert body["error"]["code"]
        assert body["error"]["message"]
    # A schema can say what shape a saved game has, not whether its log replays; a generated
    # game that fits the shape is rightly refused, so only /api/new must accept all valid data
    # (a practice position's sheet may fit the shape and be refused too, and the practice
    # endpoints take whole numbers strictly: 7.0 is not a count).
    # A table's rules across its seats (names unique, one person at least) are beyond a schema.
    accepted = case.path == "/api/new" and not _breaks_a_rule_across_seats(case.body)
    excluded = [] if accepted else [positive_data_acceptance]
    case.validate_response(response, excluded_checks=excluded)


def _breaks_a_rule_across_seats(body: Any) -> bool:
    """A new table whose names repeat (trimmed, in any case) or that has no person."""
    if not isinstance(body, dict) or body.get("mode") != "table":
        return False
    given = body.get("seats")
    seats = [s for s in given if isinstance(s, dict)] if isinstance(given, list) else []
    names = [str(s.get("name", "")).strip().casefold() for s in seats]
    return len(set(names)) < len(names) or all(s.get("player") != "human" for s in seats)


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Any:
    with TestClient(create_app(seed=3, table=solver_table)) as test_client:
        yield test_client


HUGE = st.sampled_from(
    [10**30, -(10**30), 1e308, "x" * 200_000, [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]
)
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8), HUGE
)


def mutate(data: Any, document: Any) -> Any:
    """A copy of ``document`` with one field (drawn from ``data``) deleted or set to junk."""
    path = data.draw(st.sampled_from(json_paths(document)[1:]))
    mutated = copy.deepcopy(document)
    parent = mutated
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JUNK)
    return mutated


@given(seed=st.integers(0, 10_000), data=st.data())
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_mutated_games_are_rejected_cleanly(client: TestClient, seed: int, data: Any) -> None:
    game = to_json(random_game(seed, vs=seed % 2 == 1, stop_after=seed % 80))
    mutated = mutate(data, game)
    endpoint, extra = data.draw(
        st.sampled_from(
            [
                ("/api/action", {"action": {"type": "restart_turn"}}),
                ("/api/hint", {}),
                ("/api/computer", {}),
                ("/api/review", {}),
            ]
        )
    )
    response = client.post(endpoint, content=json.dumps({"game": mutated, **extra}))
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.json()["error"]["message"]


def test_an_old_state_replayed_is_still_a_valid_game(client: TestClient) -> None:
    # The server keeps nothing: an earlier state sent again is simply that game again.
    game = client.post("/api/new", json={"mode": "single"}).json()["game"]
    rolled = client.post("/api/action", json={"game": game, "action": {"type": "roll"}}).json()
    again = client.post("/api/action", json={"game": game, "action": {"type": "roll"}})
    assert again.status_code == 200
    assert again.json()["view"]["rolls_used"] == rolled["view"]["rolls_used"] == 1


def test_oversized_and_deep_bodies(client: TestClient) -> None:
    big = client.post("/api/action", content=b"{" + b" " * 70_000 + b"}")
    assert big.status_code == 413
    assert big.json()["error"]["code"] == "too_large"
    deep = "[" * 20_000 + "]" * 20_000
    response = client.post("/api/action", content=f'{{"game": {deep}}}')
    assert response.status_code in (400, 413, 422)
    assert response.json()["error"]["message"]


PRACTICE_GRADE = {
    "position": {
        "sheet": {"ones": 3, "chance": 22},
        "yahtzee_bonus": 0,
        "dice": [2, 2, 5, 5, 6],
        "rolls_left": 1,
    },
    "answer": {"type": "keep", "keep": [2, 2, 5, 5]},
}
PRACTICE_ROUND = {"theme": "full_house_draw", "seed": 12, "count": 3}


@given(data=st.data())
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_mutated_practice_requests_are_rejected_cleanly(client: TestClient, data: Any) -> None:
    endpoint, valid = data.draw(
        st.sampled_from(
            [
                ("/api/practice/grade", PRACTICE_GRADE),
                ("/api/practice/round", PRACTICE_ROUND),
            ]
        )
    )
    mutated = mutate(data, valid)
    response = client.post(endpoint, content=json.dumps(mutated))
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.json()["error"]["message"]
