"""Fuzzing every room endpoint: schemathesis from the OpenAPI document, and hypothesis mutations
of valid requests (real codes and tokens, junk in every field). No answer is a 5xx; every error
carries the API's JSON error body."""

from __future__ import annotations

import copy
import json
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.gameplay import json_paths
from tests.rooms.conftest import room_app
from tests.rooms.support import FAST, call, serving
from yahtzee.rooms.limiter import MissLimit
from yahtzee.rooms.redis_store import RedisStore
from yahtzee.rooms.sqlite_store import SqliteStore
from yahtzee.server import create_app
from yahtzee.solver import Table


@pytest.fixture(scope="module")
def live(solver_table: Table, redis_url: str) -> Iterator[str]:
    """A served app on Redis, its rooms running (the store is shared by every request)."""
    store = RedisStore(redis_url, 3600.0, prefix=f"fuzz-{uuid.uuid4().hex[:8]}:")
    # Generated codes miss by the thousand: the limiter's own test is in test_rooms_api.
    settings = replace(FAST, limit=MissLimit(misses=10**9))
    with serving(room_app(solver_table, store, settings)) as base:
        yield base


@pytest.fixture(scope="module")
def room(live: str) -> dict[str, Any]:
    """A started room of two people, and a waiting one with its host."""
    created = call(live, "POST", "/api/rooms", {"name": "小明"})[1]
    guest = call(live, "POST", f"/api/rooms/{created['code']}/join", {"name": "小红"})[1]
    started = call(live, "POST", f"/api/rooms/{created['code']}/start", None, created["token"])
    waiting = call(live, "POST", "/api/rooms", {"name": "小刚"})[1]
    return {"started": created, "guest": guest, "room": started[1], "waiting": waiting}


# The document is read at collection time, before any fixture runs; the calls go to the live
# server of the fixture below.
schema = schemathesis.openapi.from_dict(create_app(seed=7).openapi()).include(
    path_regex=r"^/api/rooms"
)


def check_error(status: int, body: Any) -> None:
    assert status < 500, body
    if status >= 400:
        assert set(body) == {"error"}
        assert body["error"]["code"]
        assert body["error"]["message"]


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_every_room_endpoint_survives_generated_requests(case: Any, live: str) -> None:
    response = case.call(base_url=live)
    check_error(response.status_code, response.json())


# Lone surrogates are valid in JSON text but not in UTF-8: an error quoting one writes its escape.
HUGE = st.sampled_from(
    [10**30, -1, 1e308, "x" * 5000, "\ud800", "a\udfffb", [[[[[[1]]]]]], {"a": {}}]
)
JUNK = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20), HUGE)


def mutate(data: Any, document: Any) -> Any:
    paths = json_paths(document)[1:]
    if not paths:
        return data.draw(JUNK)
    path = data.draw(st.sampled_from(paths))
    mutated = copy.deepcopy(document)
    parent = mutated
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JUNK)
    return mutated


@given(data=st.data())
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_mutated_room_requests_are_refused_cleanly(
    live: str, room: dict[str, Any], data: Any
) -> None:
    code = room["started"]["code"]
    version = room["room"]["version"]
    requests = [
        ("POST", "/api/rooms", {"name": "阿强"}),
        ("POST", f"/api/rooms/{room['waiting']['code']}/join", {"name": "阿珍"}),
        ("POST", f"/api/rooms/{code}/seats", {"player": "expert", "name": "电脑"}),
        ("POST", f"/api/rooms/{code}/start", {"first": "random"}),
        ("POST", f"/api/rooms/{code}/action", {"version": version, "action": {"type": "roll"}}),
        (
            "POST",
            f"/api/rooms/{code}/action",
            {"version": version, "action": {"type": "score", "box": "chance"}},
        ),
    ]
    method, path, body = data.draw(st.sampled_from(requests))
    token = data.draw(
        st.sampled_from(
            [room["started"]["token"], room["guest"]["token"], "", "x" * 300, "é", None]
        )
    )
    if data.draw(st.booleans()):
        path = path.replace(code, data.draw(st.sampled_from(["%00", "ab", code.lower(), "%C3%A9"])))
    content = json.dumps(mutate(data, body)).encode()
    check_error(*call(live, method, path, token=token, raw=content))


def test_the_room_page_is_the_game_page(solver_table: Table, tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "rooms.sqlite3", 3600.0)
    with TestClient(room_app(solver_table, store)) as client:
        page = client.get("/r/ABCDEF")
        assert page.status_code == 200
        assert page.text == client.get("/").text  # the page opens the room from its address
