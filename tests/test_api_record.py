"""The dice record through the HTTP API: new games on a record, replays, the daily challenge,
altered saves refused, old saves played on, and 高手同骰."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.gameplay import TEST_KEY, make_records
from yahtzee.codec import from_json, to_json
from yahtzee.game import Game, Record, Roll
from yahtzee.players import EXPERT_EV, get_player
from yahtzee.rules import BOXES
from yahtzee.same_dice import replay
from yahtzee.server import create_app
from yahtzee.solver import Table

NOW = [datetime(2026, 3, 9, 15, 59, 0, tzinfo=UTC)]  # 23:59 in Beijing; tests move it


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    app = create_app(seed=42, table=solver_table, dice_key=TEST_KEY, clock=lambda: NOW[0])
    with TestClient(app) as test_client:
        yield test_client


def post(client: TestClient, path: str, body: Any, status: int = 200) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()


def act(client: TestClient, game: Any, action: dict[str, Any], status: int = 200) -> Any:
    return post(client, "/api/action", {"game": game, "action": action}, status)


def play_out(client: TestClient, game: Any) -> Any:
    """Finish a game through the API: the player rolls once and scores the best box now."""
    while not game["finished"]:
        state = from_json(game)
        if state.current == 1:
            game = post(client, "/api/computer", {"game": game})["game"]
        elif state.turn.dice is None:
            game = act(client, game, {"type": "roll"})["game"]
        else:
            allowed = state.allowed()
            box = max(allowed, key=lambda b: allowed[b])
            game = act(client, game, {"type": "score", "box": box.value})["game"]
    return game


def test_a_new_game_has_a_record_and_the_view_names_it(client: TestClient) -> None:
    body = post(client, "/api/new", {"mode": "single"})
    record = body["game"]["record"]
    assert record["daily"] is None
    assert body["view"]["record"] == record["id"]
    assert "daily" not in body["view"]
    other = post(client, "/api/new", {"mode": "single"})["game"]["record"]["id"]
    assert other != record["id"]


def test_the_same_save_sent_twice_rolls_the_same_dice(client: TestClient) -> None:
    game = act(client, post(client, "/api/new", {"mode": "single"})["game"], {"type": "roll"})
    twice = [act(client, game["game"], {"type": "roll", "hold": [2]}) for _ in range(2)]
    assert twice[0] == twice[1]


def test_resuming_shows_the_same_first_roll(client: TestClient) -> None:
    game = post(client, "/api/new", {"mode": "single"})["game"]
    first = act(client, game, {"type": "roll"})
    second = act(client, first["game"], {"type": "roll", "hold": [0]})
    again = act(client, second["game"], {"type": "restart_turn"})
    assert act(client, again["game"], {"type": "roll"}) == first


def test_a_saved_turn_is_shown_as_it_stood(client: TestClient) -> None:
    # How the page resumes a save: the dice shown, the holds and the rolls used come back, and
    # the next roll is the record's next one, not a repeat of a roll already seen.
    game = post(client, "/api/new", {"mode": "single"})["game"]
    first = act(client, game, {"type": "roll"})
    second = act(client, first["game"], {"type": "roll", "hold": [0, 3]})
    shown = post(client, "/api/view", {"game": second["game"]})
    assert shown == second
    assert shown["view"]["held"] == [True, False, False, True, False]
    assert shown["view"]["rolls_left"] == 1
    third = act(client, shown["game"], {"type": "roll", "hold": [0]})
    assert third == act(client, second["game"], {"type": "roll", "hold": [0]})


def test_the_view_of_a_game_in_the_computers_turn_lets_it_go_on(client: TestClient) -> None:
    new = {"mode": "vs", "difficulty": "normal", "first": "computer"}
    game = post(client, "/api/new", new)["game"]
    step = post(client, "/api/computer", {"game": game})
    shown = post(client, "/api/view", {"game": step["game"]})
    assert shown["game"] == step["game"]
    assert shown["view"]["sides"][shown["view"]["current"]]["player"] == "normal"
    assert post(client, "/api/computer", {"game": shown["game"]})["game"]


def test_the_view_of_a_table_shows_its_turn_as_it_stood(client: TestClient) -> None:
    # A table's save (version 2) resumes as 单人挑战's does: the seat in turn, its holds, its rolls.
    seats = [{"name": "小明", "player": "human"}, {"name": "小红", "player": "human"}]
    game = post(client, "/api/new", {"mode": "table", "seats": seats, "first": "me"})["game"]
    first = act(client, game, {"type": "roll"})
    scored = act(client, first["game"], {"type": "score", "box": "chance"})
    rolled = act(client, scored["game"], {"type": "roll"})
    held = act(client, rolled["game"], {"type": "roll", "hold": [1, 2]})
    shown = post(client, "/api/view", {"game": held["game"]})
    assert shown == held and shown["game"]["version"] == 2
    assert shown["view"]["current"] == 1 and shown["view"]["sides"][1]["name"] == "小红"
    assert shown["view"]["held"] == [False, True, True, False, False]
    assert shown["view"]["rolls_left"] == 1


def test_the_view_refuses_altered_dice_and_a_broken_save(client: TestClient) -> None:
    game = act(client, post(client, "/api/new", {"mode": "single"})["game"], {"type": "roll"})
    altered = game["game"]
    altered["turn"]["rolls"][0] = (
        [6, 6, 6, 6, 6] if altered["turn"]["rolls"][0] != [6] * 5 else [1, 1, 1, 1, 1]
    )
    error = post(client, "/api/view", {"game": altered}, 400)["error"]
    assert error["code"] == "altered_dice"
    broken = game["game"] | {"round": "two"}
    assert post(client, "/api/view", {"game": broken}, 400)["error"]["code"] == "invalid_game"


def test_a_game_on_the_same_record_rolls_the_same_dice(client: TestClient) -> None:
    earlier = post(client, "/api/new", {"mode": "vs", "difficulty": "normal"})["game"]
    record = earlier["record"]["id"]
    first = act(client, earlier, {"type": "roll"})["view"]["dice"]
    again = post(client, "/api/new", {"mode": "single", "record": record})
    assert again["view"]["record"] == record
    assert act(client, again["game"], {"type": "roll"})["view"]["dice"] == first


def test_altered_dice_are_refused_with_a_clear_400(client: TestClient) -> None:
    game = act(client, post(client, "/api/new", {"mode": "single"})["game"], {"type": "roll"})
    altered = game["game"]
    altered["turn"]["rolls"][0] = (
        [6, 6, 6, 6, 6] if altered["turn"]["rolls"][0] != [6] * 5 else [1, 1, 1, 1, 1]
    )
    for path, body in [
        ("/api/action", {"game": altered, "action": {"type": "score", "box": "yahtzee"}}),
        ("/api/hint", {"game": altered}),
        ("/api/review", {"game": altered}),
        ("/api/same-dice", {"game": altered}),
    ]:
        error = post(client, path, body, 400)["error"]
        assert error["code"] == "altered_dice"
        zh, detail = error["message"].split("：", 1)
        assert zh == "这局的存档被改动过，骰子与记录不符，无法继续"
        assert detail.startswith("turn.rolls[0]: ")
        assert detail.endswith("are not the dice of the game's record")


def test_a_record_from_another_key_is_unavailable(client: TestClient) -> None:
    foreign = make_records(key=b"another deployment's dice key").new().id
    error = post(client, "/api/new", {"mode": "single", "record": foreign}, 409)["error"]
    assert error["code"] == "record_unavailable"
    assert "another dice key" in error["message"]
    error = post(client, "/api/new", {"mode": "single", "record": "nope"}, 422)["error"]
    assert error["code"] == "invalid_request"


def test_a_game_under_a_changed_key_plays_on_with_fresh_dice(
    client: TestClient, solver_table: Table
) -> None:
    app = create_app(seed=3, table=solver_table, dice_key=b"the key before it was changed")
    with TestClient(app) as old_server:
        game = post(old_server, "/api/new", {"mode": "single"})["game"]
        game = act(old_server, act(old_server, game, {"type": "roll"})["game"], {
            "type": "score", "box": "chance"})["game"]  # fmt: skip
        game = act(old_server, game, {"type": "roll"})["game"]
    body = act(client, game, {"type": "restart_turn"})
    assert "record" not in body["game"] and "record" not in body["view"]
    assert body["game"]["sides"] == game["sides"]  # nothing lost
    assert act(client, body["game"], {"type": "roll"})["view"]["dice"]


def test_a_save_from_before_records_still_plays(client: TestClient) -> None:
    game = post(client, "/api/new", {"mode": "vs", "difficulty": "beginner"})["game"]
    del game["record"]  # a version-1 save as the page kept it before records
    game = act(client, game, {"type": "roll"})["game"]
    assert "record" not in game
    finished = play_out(client, game)
    assert from_json(finished).result is not None
    error = post(client, "/api/same-dice", {"game": finished}, 409)["error"]
    assert error["code"] == "record_unavailable"
    assert error["message"] == (
        "这局没有可用的骰子记录：this game has no dice record "
        "(saved before records, or under another dice key)"
    )


def test_the_daily_challenge_is_one_record_a_day_china_time(client: TestClient) -> None:
    NOW[0] = datetime(2026, 3, 9, 15, 59, 59, tzinfo=UTC)
    daily = client.get("/api/daily").json()
    assert daily["date"] == "2026-03-09" and daily["ends_at"] == "2026-03-09T16:00:00Z"
    body = post(client, "/api/new", {"mode": "single", "record": "daily"})
    assert body["game"]["record"] == {"id": daily["record"], "daily": "2026-03-09"}
    assert (body["view"]["record"], body["view"]["daily"]) == (daily["record"], "2026-03-09")
    # Played twice, the same dice (the page counts the first attempt).
    again = post(client, "/api/new", {"mode": "single", "record": "daily"})
    roll = {"type": "roll"}
    assert (
        act(client, body["game"], roll)["view"]["dice"]
        == (act(client, again["game"], roll)["view"]["dice"])
    )
    NOW[0] = datetime(2026, 3, 9, 16, 0, tzinfo=UTC)  # midnight in Beijing
    tomorrow = client.get("/api/daily").json()
    assert tomorrow["date"] == "2026-03-10" and tomorrow["record"] != daily["record"]
    # A day's game goes on after midnight: its record is still that day's.
    act(client, body["game"], roll)


def test_a_daily_flag_put_on_another_game_is_refused(client: TestClient) -> None:
    game = post(client, "/api/new", {"mode": "single"})["game"]
    game["record"]["daily"] = "2026-03-09"
    error = act(client, game, {"type": "roll"}, 400)["error"]
    assert error["code"] == "altered_dice" and "not the daily challenge" in error["message"]


@pytest.mark.parametrize("mode", ["single", "vs"])
def test_the_expert_on_the_same_dice(client: TestClient, solver_table: Table, mode: str) -> None:
    start = {"mode": mode} if mode == "single" else {"mode": mode, "difficulty": "normal"}
    game = play_out(client, post(client, "/api/new", start)["game"])
    body = post(client, "/api/same-dice", {"game": game})
    mine = from_json(game).sides[0]
    record = Record(game["record"]["id"])
    expert = replay(record, get_player(EXPERT_EV, solver_table, random.Random(0)), make_records())
    theirs = expert.sides[0]
    assert body["record"] == record.id and body["daily"] is None
    assert (body["computer"], body["computer_zh"]) == ("expert", "高手")
    assert [b["key"] for b in body["boxes"]] == [box.value for box in BOXES]
    for row in body["boxes"]:
        assert row["difference"] == row["player"] - row["computer"]
    assert body["player_totals"]["total"] == mine.sheet.total
    assert body["computer_totals"]["total"] == theirs.sheet.total
    assert body["difference"] == mine.sheet.total - theirs.sheet.total
    assert sum(r["difference"] for r in body["boxes"]) == body["difference"] - (
        mine.sheet.upper_bonus - theirs.sheet.upper_bonus
        + mine.sheet.yahtzee_bonus - theirs.sheet.yahtzee_bonus
    )  # fmt: skip
    assert body["text"].startswith(f"高手同骰 {theirs.sheet.total} 分，你 {mine.sheet.total} 分")
    # The expert's first roll is the player's first roll: the same dice.
    assert theirs.log[0].rolls[0] == mine.log[0].rolls[0]


def test_same_dice_waits_for_the_end(client: TestClient) -> None:
    game = act(client, post(client, "/api/new", {"mode": "single"})["game"], {"type": "roll"})
    error = post(client, "/api/same-dice", {"game": game["game"]}, 409)["error"]
    assert error["code"] == "illegal_move"


def test_a_replay_is_the_game_that_player_plays_on_the_record(
    client: TestClient, solver_table: Table
) -> None:
    """The expert's 高手同骰 game equals the expert playing, through the API, a new game on the
    same record step by step."""
    body = post(client, "/api/new", {"mode": "single"})
    game, record = body["game"], Record(body["game"]["record"]["id"])
    expert = get_player(EXPERT_EV, solver_table, random.Random(0))
    while not game["finished"]:
        step = expert.step(from_json(game))
        action: dict[str, Any] = (
            {"type": "roll", "hold": list(step.hold)}
            if isinstance(step, Roll)
            else {"type": "score", "box": step.box.value}
        )
        game = act(client, game, action)["game"]
    played = from_json(game)
    replayed = replay(record, expert, make_records())
    assert to_json(replayed) == to_json(played)
    assert isinstance(played, Game)
