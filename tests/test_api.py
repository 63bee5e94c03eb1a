"""The HTTP API through the ASGI test client: every endpoint and every error class."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from yahtzee.codec import from_json, to_json
from yahtzee.errors import InvalidGameError
from yahtzee.rules import choices
from yahtzee.server import create_app
from yahtzee.server.assets import STATIC_DIR
from yahtzee.solver import Advisor, Table


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=1234, table=solver_table)) as test_client:
        yield test_client


def post(client: TestClient, path: str, body: Any, status: int = 200) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    return response.json()


def new_single(client: TestClient) -> dict[str, Any]:
    return post(client, "/api/new", {"mode": "single"})  # type: ignore[no-any-return]


def act(client: TestClient, game: dict[str, Any], action: dict[str, Any], status: int = 200) -> Any:
    return post(client, "/api/action", {"game": game, "action": action}, status)


def test_new_game_single_and_vs(client: TestClient) -> None:
    body = new_single(client)
    assert body["view"]["phase"] == "roll"
    assert body["view"]["round"] == 1
    assert from_json(body["game"]).mode.value == "single"
    vs = post(client, "/api/new", {"mode": "vs", "difficulty": "normal", "first": "computer"})
    view = vs["view"]
    assert view["sides"][view["current"]]["player"] == "normal"  # the computer's turn
    assert [(s["name"], s["player"]) for s in view["sides"]] == [
        ("你", "human"),
        ("电脑", "normal"),
    ]


def test_a_whole_game_through_the_api(client: TestClient) -> None:
    game = new_single(client)["game"]
    for _ in range(13):
        body = act(client, game, {"type": "roll"})
        body = act(client, body["game"], {"type": "roll", "hold": [0, 1]})
        state = from_json(body["game"])
        assert state.turn.dice is not None
        allowed = choices(state.acting.sheet, state.turn.dice)
        previews = {r["key"]: r["preview"] for r in body["view"]["sides"][0]["boxes"]}
        assert {k: v for k, v in previews.items() if v is not None} == {
            b.value: p for b, p in allowed.items()
        }
        box = max(allowed, key=lambda b: allowed[b])
        game = act(client, body["game"], {"type": "score", "box": box.value})["game"]
    view = act(client, game, {"type": "restart_turn"}, status=409)
    assert view["error"]["code"] == "illegal_move"
    final = from_json(game)
    assert final.finished
    assert final.result is not None


def test_restart_turn_keeps_boxes(client: TestClient) -> None:
    game = act(client, new_single(client)["game"], {"type": "roll"})["game"]
    game = act(client, game, {"type": "score", "box": "chance"})["game"]
    game = act(client, game, {"type": "roll"})["game"]
    body = act(client, game, {"type": "restart_turn"})
    assert body["view"]["phase"] == "roll"
    assert body["view"]["sides"][0]["boxes"][12]["points"] is not None


def test_hint_spends_one_and_matches_the_advisor(client: TestClient, solver_table: Table) -> None:
    game = act(client, new_single(client)["game"], {"type": "roll"})["game"]
    body = post(client, "/api/hint", {"game": game})
    assert body["view"]["sides"][0]["hints_left"] == 2
    state = from_json(game)
    assert state.turn.dice is not None
    best = Advisor(solver_table).advise(state.acting.sheet, state.turn.dice, 2).best
    hint = body["hint"]
    assert hint["ev"] == pytest.approx(best.ev, abs=1e-3)
    assert best.keep is not None
    assert sorted(state.turn.dice[i] for i in hint["hold"]) == list(best.keep)
    assert hint["text"]
    again = post(client, "/api/hint", {"game": body["game"]})
    assert again["view"]["sides"][0]["hints_left"] == 2  # same decision: free


def test_hint_after_the_last_roll_marks_a_box(client: TestClient) -> None:
    game = new_single(client)["game"]
    for _ in range(3):
        game = act(client, game, {"type": "roll", "hold": []})["game"]
    body = post(client, "/api/hint", {"game": game})
    assert body["hint"]["hold"] is None
    assert body["hint"]["box"] in {r["key"] for r in body["view"]["sides"][0]["boxes"]}


def test_no_hints_left(client: TestClient) -> None:
    game = act(client, new_single(client)["game"], {"type": "roll"})["game"]
    holds: list[list[int] | None] = [[0], [1], None]
    for hold in holds:
        game = post(client, "/api/hint", {"game": game})["game"]
        if hold is not None:
            game = act(client, game, {"type": "roll", "hold": hold})["game"]
    game = act(client, game, {"type": "score", "box": "chance"})["game"]
    game = act(client, game, {"type": "roll"})["game"]
    body = post(client, "/api/hint", {"game": game}, status=409)
    assert "没有" in body["error"]["message"] or "no hints" in body["error"]["message"]


def test_hint_before_rolling_is_refused(client: TestClient) -> None:
    body = post(client, "/api/hint", {"game": new_single(client)["game"]}, status=409)
    assert body["error"]["code"] == "illegal_move"


BAD_REQUESTS = [
    ("/api/new", {"mode": "triple"}, 422, "invalid_request"),
    ("/api/new", {"mode": "single", "extra": 1}, 422, "invalid_request"),
    ("/api/new", {"mode": "single", "difficulty": "expert"}, 422, "invalid_request"),
    ("/api/new", {"mode": "vs"}, 422, "invalid_request"),
    ("/api/new", {"mode": "vs", "difficulty": "expert", "first": "them"}, 422, "invalid_request"),
    ("/api/action", {"game": {}, "action": {"type": "roll"}}, 400, "invalid_game"),
    ("/api/action", {"game": [], "action": {"type": "roll"}}, 400, "invalid_game"),
    ("/api/action", {"action": {"type": "roll"}}, 422, "invalid_request"),
    ("/api/hint", {"game": {"version": 2}}, 400, "invalid_game"),
]


@pytest.mark.parametrize(("path", "body", "status", "code"), BAD_REQUESTS)
def test_bad_requests_get_a_json_error(
    client: TestClient, path: str, body: Any, status: int, code: str
) -> None:
    error = post(client, path, body, status)["error"]
    assert error["code"] == code
    assert error["message"]


@pytest.mark.parametrize(
    ("action", "status", "code"),
    [
        ({"type": "roll", "hold": [0]}, 409, "illegal_move"),
        ({"type": "score", "box": "chance"}, 409, "illegal_move"),
        ({"type": "score", "box": "sevens"}, 422, "invalid_request"),
        ({"type": "roll", "hold": [5]}, 422, "invalid_request"),
        ({"type": "roll", "hold": "01"}, 422, "invalid_request"),
        ({"type": "roll", "hold": [True]}, 422, "invalid_request"),
        ({"type": "roll", "hold": ["1"]}, 422, "invalid_request"),
        ({"type": "roll", "hold": [1.0]}, 422, "invalid_request"),
        ({"type": "jump"}, 422, "invalid_request"),
    ],
)
def test_illegal_and_malformed_actions(
    client: TestClient, action: dict[str, Any], status: int, code: str
) -> None:
    error = act(client, new_single(client)["game"], action, status)["error"]
    assert error["code"] == code


def test_tampered_game_names_the_field(client: TestClient) -> None:
    game = act(client, new_single(client)["game"], {"type": "roll"})["game"]
    game = act(client, game, {"type": "score", "box": "chance"})["game"]
    game["sides"][0]["sheet"]["chance"] = 31
    error = act(client, game, {"type": "roll"}, 400)["error"]
    assert error["code"] == "invalid_game"
    assert "sides[0].sheet.chance" in error["message"]
    assert "对局数据" in error["message"]


def test_a_game_of_the_wrong_shape_is_named_as_the_codec_names_it(client: TestClient) -> None:
    game = new_single(client)["game"]
    game["sides"][0]["sheet"]["chance"] = "x"
    error = act(client, game, {"type": "roll"}, 400)["error"]
    assert error["code"] == "invalid_game"
    assert "sides[0].sheet.chance: " in error["message"]
    assert error["message"].endswith(', got "x"')
    error = act(client, new_single(client)["game"], {"type": "roll", "hold": [9]}, 422)["error"]
    assert error["message"].startswith("请求内容不正确：action.hold[0]: ")
    assert error["message"].endswith("got 9")


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (["sides", 0, "sheet", "chance"], "x"),
        (["sides", 0, "sheet", "twos"], 7),
        (["turn", "held"], [False] * 4),
        (["mode"], "triple"),
        (["cheat"], True),
    ],
)
def test_the_api_and_the_codec_word_a_bad_game_alike(
    client: TestClient, path: list[Any], value: Any
) -> None:
    # One validation path: the shape checked at the door and the replay both speak as the codec.
    game = new_single(client)["game"]
    target = game
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(InvalidGameError) as caught:
        from_json(game)
    error = act(client, game, {"type": "roll"}, 400)["error"]
    assert error["message"] == f"{InvalidGameError.zh}：{caught.value}"


def test_not_json_and_wrong_method(client: TestClient) -> None:
    response = client.post(
        "/api/action", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "invalid_request"
    response = client.get("/api/action")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"
    assert client.get("/nowhere").json()["error"]["code"] == "not_found"
    response = client.post("/api/new/", json={"mode": "single"}, follow_redirects=False)
    assert response.status_code == 404
    assert client.head("/healthz").status_code == 200
    wrong = client.post("/healthz")
    assert wrong.status_code == 405 and set(wrong.headers["allow"].split(", ")) == {"GET", "HEAD"}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"{not json", "不是有效的 JSON：Expecting property name enclosed in double quotes at"),
        (b'{"game": "\xff"}', "the body is not UTF-8 (invalid start byte at byte 10)"),
        (b"[" * 30_000 + b"]" * 30_000, "the JSON is nested too deeply"),
        (
            b'{"game": ' + b"1" * 5000 + b"}",
            "Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits",
        ),
    ],
    ids=["not-json", "not-utf8", "too-deep", "huge-number"],
)
def test_unreadable_bodies_say_why(client: TestClient, body: bytes, words: str) -> None:
    headers = {"content-type": "application/json"}
    response = client.post("/api/action", content=body, headers=headers)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "invalid_request" and words in error["message"]
    assert "sys." not in error["message"]


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        (
            "/api/new",
            {"mode": "m" * 60_000},
            "mode: expected one of 'single', 'vs', 'table', got \"mmm",
        ),
        ("/api/new", {"mode": "single", "k" * 60_000: 1}, "kkk"),
        ("/api/action", {"action": {"type": "t" * 30_000}}, "ttt"),
    ],
    ids=["tag", "unknown-key", "action-type"],
)
def test_long_bad_input_comes_back_clipped(
    client: TestClient, path: str, body: dict[str, Any], words: str
) -> None:
    # Pydantic's own words and a field's name may hold the input: clipped like a quote.
    if path == "/api/action":
        body = {"game": new_single(client)["game"], **body}
    response = client.post(path, json=body)
    assert 400 <= response.status_code < 500
    message = response.json()["error"]["message"]
    assert words in message and "…" in message and len(message) < 600


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/new", '{"mode": "\\ud800"}'),
        ("/api/new", '{"\\ud800": 1}'),
        ("/api/hint", '{"\\ud800": 1}'),
        ("/api/practice/grade", '{"\\udfff": 1}'),
    ],
    ids=["tag", "key", "hint-key", "grade-key"],
)
def test_a_lone_surrogate_is_quoted_as_its_escape(client: TestClient, path: str, body: str) -> None:
    # Valid JSON text, but no UTF-8 can hold it: the message quoting it must still encode.
    response = client.post(
        path, content=body.encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    message = response.json()["error"]["message"]
    assert "\\ud" in message and "\ud800" not in message and "\udfff" not in message


def test_a_request_without_a_body_says_so(client: TestClient) -> None:
    response = client.post("/api/new", headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json()["error"]["message"] == "请求内容不正确：the request has no body"


def test_a_chunked_body_over_the_limit_is_refused(client: TestClient) -> None:
    chunks = iter([b"[" + b"1," * 20_000] * 2)  # no Content-Length: sent in chunks
    response = client.post("/api/action", content=chunks)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    # Within the limit, a chunked body is read as usual.
    game = new_single(client)["game"]
    body = json.dumps({"game": game, "action": {"type": "roll"}}).encode()
    headers = {"content-type": "application/json"}
    response = client.post("/api/action", content=iter([body[:100], body[100:]]), headers=headers)
    assert response.status_code == 200
    # Without the JSON content type the body is not read as JSON, and the answer says so.
    response = client.post("/api/action", content=body, headers={"content-type": "text/plain"})
    assert response.status_code == 422
    assert "application/json" in response.json()["error"]["message"]


def test_health_and_openapi(client: TestClient, solver_table: Table) -> None:
    health = client.get("/healthz").json()
    assert health["ready"] is True
    assert health["new_game_value"] == pytest.approx(254.5877287, abs=1e-6)
    assert health["play_to_win"] is True
    spec = client.get("/api/openapi.json").json()
    assert {"/api/new", "/api/action", "/api/hint"} <= set(spec["paths"])


def test_the_page_answers_head_and_replies_are_compressed(client: TestClient) -> None:
    page = client.head("/")
    assert page.status_code == 200 and page.content == b""
    assert page.headers["content-type"].startswith("text/html")
    raw = client.post(
        "/api/new",
        json={"mode": "vs", "difficulty": "expert"},
        headers={"accept-encoding": "identity"},
    )
    packed = client.post(
        "/api/new", json={"mode": "vs", "difficulty": "expert"}, headers={"accept-encoding": "gzip"}
    )
    assert packed.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in raw.headers
    # httpx unpacks it: the same game as the uncompressed reply, in fewer bytes on the wire.
    assert packed.json()["view"].keys() == raw.json()["view"].keys()
    assert int(packed.headers["content-length"]) < len(packed.content) / 3
    small = client.post("/api/action", content=b"{", headers={"accept-encoding": "gzip"})
    assert small.status_code == 422 and "content-encoding" not in small.headers


def test_seeded_dice_are_reproducible(solver_table: Table) -> None:
    games = []
    for _ in range(2):
        with TestClient(create_app(seed=99, table=solver_table)) as c:
            game = post(c, "/api/new", {"mode": "single"})["game"]
            games.append(act(c, game, {"type": "roll"})["game"])
    assert games[0] == games[1]
    assert to_json(from_json(games[0])) == games[0]


def play_computer_turn(
    client: TestClient, game: dict[str, Any]
) -> tuple[dict[str, Any], list[Any]]:
    steps = []
    while True:
        body = post(client, "/api/computer", {"game": game})
        steps.append(body["step"])
        game = body["game"]
        if body["step"]["type"] == "score":
            return game, steps


@pytest.mark.parametrize("difficulty", ["beginner", "normal", "expert"])
def test_computer_turns_are_legal(client: TestClient, difficulty: str) -> None:
    body = post(client, "/api/new", {"mode": "vs", "difficulty": difficulty, "first": "computer"})
    game = body["game"]
    for _ in range(3):
        game, steps = play_computer_turn(client, game)
        assert steps[0] == {"type": "roll", "hold": []}
        assert 2 <= len(steps) <= 4
        state = from_json(game)
        assert state.current == 0
        assert post(client, "/api/computer", {"game": game}, 409)["error"]["code"] == "illegal_move"
        game = act(client, game, {"type": "roll"})["game"]
        box = next(b.value for b in from_json(game).acting.sheet.open_boxes())
        game = act(client, game, {"type": "score", "box": box})["game"]


def test_expert_steps_follow_the_advisor(client: TestClient, solver_table: Table) -> None:
    advisor = Advisor(solver_table)
    game = post(client, "/api/new", {"mode": "vs", "difficulty": "expert", "first": "computer"})[
        "game"
    ]
    game = post(client, "/api/computer", {"game": game})["game"]
    for _ in range(3):
        state = from_json(game)
        if state.current != 1:
            break
        dice = state.turn.dice
        assert dice is not None
        best = advisor.advise(state.acting.sheet, dice, state.turn.rolls_left).best
        body = post(client, "/api/computer", {"game": game})
        step = body["step"]
        if step["type"] == "roll":
            assert best.keep is not None
            assert sorted(dice[i] for i in step["hold"]) == list(best.keep)
        else:
            assert best.box is not None
            assert step["box"] == best.box.value
        game = body["game"]


def test_the_player_cannot_act_for_the_computer(client: TestClient) -> None:
    new = {"mode": "vs", "difficulty": "expert", "first": "computer"}
    game = post(client, "/api/new", new)["game"]
    for action, verb in (({"type": "roll"}, "roll"), ({"type": "score", "box": "chance"}, "score")):
        error = act(client, game, action, 409)["error"]
        assert error["code"] == "illegal_move" and f"cannot {verb}" in error["message"]
    # Starting the computer's turn afresh is how a resumed game goes on: allowed.
    step = post(client, "/api/computer", {"game": game})["game"]
    assert act(client, step, {"type": "restart_turn"})["game"] == game


def test_a_finished_game_names_the_action_refused(client: TestClient) -> None:
    game = new_single(client)["game"]
    for _ in range(13):
        game = act(client, game, {"type": "roll"})["game"]
        open_box = next(k for k, v in game["sides"][0]["sheet"].items() if v is None)
        game = act(client, game, {"type": "score", "box": open_box})["game"]
    error = act(client, game, {"type": "roll"}, 409)["error"]
    assert error["message"].endswith("the game is over; cannot roll")


def test_computer_step_in_single_mode_is_refused(client: TestClient) -> None:
    body = post(client, "/api/computer", {"game": new_single(client)["game"]}, 409)
    assert body["error"]["code"] == "illegal_move"
    assert body["error"]["message"].endswith("a single-player game has no computer to move")


def test_review_endpoint(client: TestClient) -> None:
    game = new_single(client)["game"]
    for _ in range(13):
        game = act(client, game, {"type": "roll"})["game"]
        box = next(b.value for b in from_json(game).acting.sheet.open_boxes())
        game = act(client, game, {"type": "score", "box": box})["game"]
    review = post(client, "/api/review", {"game": game})
    summary = review["summary"]
    assert summary["final_total"] == from_json(game).sides[0].sheet.total
    assert summary["start"] + summary["luck"] - summary["loss"] == pytest.approx(
        summary["final_total"], abs=1e-3
    )
    assert summary["decisions"] == 13
    error = post(client, "/api/review", {"game": game, "side": "computer"}, 400)["error"]
    assert error["code"] == "malformed"
    # Only a finished game has a review: its identity ends at the final total.
    unfinished = new_single(client)["game"]
    error = post(client, "/api/review", {"game": unfinished}, 409)["error"]
    assert "a review needs a finished game: 0 of 13 boxes filled" in error["message"]


def test_vs_games_play_while_the_win_tables_are_still_building(
    solver_table: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A served worker starts without the 胜率 tables when `yahtzee solve --win` is still
    # building them in another process: 人机对战 plays on without the bar, 高手 on expected score.
    from yahtzee.solver.outlook_store import load_outlook
    from yahtzee.solver.store import CACHE_ENV
    from yahtzee.winprob.tables import FILE_NAME, load_win_tables

    built = load_win_tables(solver_table).path
    assert built is not None
    # The outlook is there already, as `yahtzee solve --win --outlook` writes it first.
    outlook_path = load_outlook(solver_table).path
    assert outlook_path is not None
    shutil.copyfile(outlook_path, tmp_path / outlook_path.name)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    app = create_app(seed=5)
    engine = app.state.engine
    engine.use(solver_table, wait_for_win_tables=False)
    assert engine.win_model() is None
    with TestClient(app) as c:
        assert c.get("/healthz").json()["play_to_win"] is False
        lobby = {"mode": "vs", "difficulty": "expert", "first": "computer"}
        body = post(c, "/api/new", lobby)
        assert "chances" not in body["view"]
        game, steps = play_computer_turn(c, body["game"])
        assert steps[-1]["type"] == "score"
        shutil.copyfile(built, tmp_path / FILE_NAME)
        engine._next_look = 0.0  # don't wait for the once-a-second look
        body = act(c, game, {"type": "roll"})
        chances = body["view"]["chances"]
        assert sum(chances["win"]) + chances["draw"] == pytest.approx(1.0, abs=1e-3)
        assert c.get("/healthz").json()["play_to_win"] is True


def test_assets_are_cached_for_good_and_compressed_ones_carry_a_weak_etag(
    client: TestClient,
) -> None:
    page = client.get("/").text
    path = re.search(r'"(/static/[^/"]+/js/main\.js)"', page)
    assert path is not None, page
    plain = client.get(path.group(1), headers={"accept-encoding": "identity"})
    packed = client.get(path.group(1), headers={"accept-encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert packed.headers["cache-control"] == "public, max-age=31536000, immutable"
    # Other bytes than the file the tag names: the compressed reply cannot claim a strong tag.
    assert packed.headers["content-encoding"] == "gzip"
    assert not plain.headers["etag"].startswith("W/")
    assert packed.headers["etag"] == "W/" + plain.headers["etag"]
    assert packed.content == plain.content
    # Either tag, as a browser sends it back, still saves the download.
    for tag in (plain.headers["etag"], packed.headers["etag"]):
        again = client.get(path.group(1), headers={"if-none-match": tag, "accept-encoding": "gzip"})
        assert again.status_code == 304 and again.content == b""


def test_the_page_is_made_once_and_revalidated_by_its_tag(client: TestClient) -> None:
    first = client.get("/", headers={"accept-encoding": "gzip"})
    assert (
        first.headers["content-encoding"] == "gzip" and first.headers["cache-control"] == "no-cache"
    )
    assert first.headers["content-type"] == "text/html; charset=utf-8"
    again = client.get("/", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    # A room's link is the same page; HEAD answers with the headers alone.
    assert client.get("/r/ABCDEF").content == first.content
    head = client.head("/")
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) > 0


@pytest.mark.parametrize("coding", ["identity", "gzip;q=0", "br", "*;q=0", ""])
def test_an_asset_goes_out_as_it_is_to_a_client_that_takes_no_gzip(
    client: TestClient, coding: str
) -> None:
    answer = client.get("/static/js/main.js", headers={"accept-encoding": coding})
    assert answer.status_code == 200 and "content-encoding" not in answer.headers
    assert answer.content == (STATIC_DIR / "js" / "main.js").read_bytes()
    assert answer.headers["content-type"].startswith("text/javascript")


def test_assets_answer_only_get_and_head(client: TestClient) -> None:
    refused = client.post("/static/js/main.js", content=b"{}")
    assert refused.status_code == 405 and refused.headers["allow"] == "GET, HEAD"
    head = client.head("/static/css/main.css")
    assert head.status_code == 200 and head.content == b""
    missing = client.get("/static/js/none.js")
    assert missing.status_code == 404 and missing.json()["error"]["code"]


def test_assets_asked_for_under_another_release_are_served_fresh(client: TestClient) -> None:
    # A rolling upgrade: the page of one release asks a replica of another for its assets.
    current = re.search(r'"/static/([0-9a-f]{12})/js/main\.js"', client.get("/").text)
    assert current is not None
    other = "0123456789ab" if current.group(1) != "0123456789ab" else "ba9876543210"
    ours = client.get(f"/static/{current.group(1)}/js/main.js")
    theirs = client.get(f"/static/{other}/js/main.js")
    assert theirs.status_code == 200 and theirs.content == ours.content
    # Not cached for good: it may be the other release's file once that replica is gone.
    assert theirs.headers["cache-control"] == "no-cache"
    assert client.get(f"/static/{other}/js/nothing.js").status_code == 404
    assert client.get(f"/static/{other}/../app.py").status_code == 404
    assert client.get("/static/js/main.js").content == ours.content


def test_a_server_error_answers_in_json_and_is_logged_once(
    solver_table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from yahtzee.server import replies

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(replies, "view_of", broken)
    with TestClient(create_app(table=solver_table), raise_server_exceptions=False) as c:
        response = c.post("/api/new", json={"mode": "single"})
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "internal"
    # One line naming the request; the traceback is the server's to print, once.
    [record] = [r for r in caplog.records if r.name.startswith("yahtzee")]
    assert record.getMessage() == "unexpected error on POST /api/new: RuntimeError('a bug')"
    assert record.exc_info is None


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for response in (client.get("/"), client.get("/healthz"), client.post("/api/new", json={})):
        policy = dict(
            part.strip().split(" ", 1)
            for part in response.headers["content-security-policy"].split(";")
        )
        # Only the site itself, no inline code, no HTML strings into the DOM, no framing.
        assert policy["default-src"] == policy["script-src"] == policy["img-src"] == "'self'"
        assert policy["require-trusted-types-for"] == "'script'"
        assert policy["frame-ancestors"] == "'none'"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"
