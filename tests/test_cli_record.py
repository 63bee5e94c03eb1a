"""``yahtzee replay`` and ``yahtzee daily``: a computer on a game's or a day's dice record."""

from __future__ import annotations

import json
import random
from datetime import date
from pathlib import Path

import pytest

from tests.gameplay import TEST_KEY, make_records, random_game
from yahtzee.cli import main
from yahtzee.codec import dumps, to_json
from yahtzee.dice_key import KEY_ENV
from yahtzee.dice_record import DiceRecords
from yahtzee.players import EXPERT_EV, get_player
from yahtzee.rules import BOXES
from yahtzee.same_dice import replay
from yahtzee.solver import Table

KEY_TEXT = TEST_KEY.decode()


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, KEY_TEXT)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_replay_plays_the_expert_on_the_games_record(
    solver_table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = make_records(4)
    game = random_game(4, vs=True, records=records)
    path = tmp_path / "game.json"
    path.write_text(dumps(game), "utf-8")
    out = run_json(capsys, "replay", str(path), "--json")
    assert game.record is not None
    expert = replay(game.record, get_player(EXPERT_EV, solver_table, random.Random(0)), records)
    assert out["total"] == expert.sides[0].sheet.total
    assert out["sheet"] == to_json(expert)["sides"][0]["sheet"]
    assert out["game_total"] == game.sides[0].sheet.total
    assert (out["player"], out["record"]) == ("expert", game.record.id)
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert f"总分 {out['total']}" in text and "这局你的总分" in text
    normal = run_json(capsys, "replay", str(path), "--player", "normal", "--json")
    assert normal == run_json(capsys, "replay", str(path), "--player", "normal", "--json")


def test_replay_names_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(dumps(random_game(4, vs=False)), "utf-8")  # saved before records
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"yahtzee replay: error: {str(path)!r} has no dice record (saved before records)"
    )
    saved = to_json(random_game(4, vs=False, records=make_records(4)))
    saved["sides"][0]["log"][0]["rolls"][0] = [9, 9, 9, 9, 9]
    path.write_text(json.dumps(saved), "utf-8")
    assert main(["replay", str(path)]) == 2
    assert "expected 1 to 6, got 9" in capsys.readouterr().err
    foreign = random_game(4, vs=False, records=make_records(4, key=b"somebody else's dice key"))
    path.write_text(dumps(foreign), "utf-8")
    assert main(["replay", str(path)]) == 2
    assert "made under another dice key" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["replay", str(path), "--player", "grandmaster"])
    assert "unknown player: 'grandmaster'" in capsys.readouterr().err


def test_daily_is_the_same_for_one_key_and_date_only(
    solver_table: Table, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    day = run_json(capsys, "daily", "--date", "2026-03-09", "--json")
    assert day["record"] == DiceRecords(TEST_KEY).daily(date(2026, 3, 9)).id
    assert day["date"] == day["daily"] == "2026-03-09"
    sheet = day["sheet"]
    assert isinstance(day["total"], int) and isinstance(sheet, dict)
    assert list(sheet) == [box.value for box in BOXES]
    assert run_json(capsys, "daily", "--date", "2026-03-09", "--json") == day
    other_day = run_json(capsys, "daily", "--date", "2026-03-10", "--json")
    assert other_day["record"] != day["record"]
    monkeypatch.setenv(KEY_ENV, "another deployment's key")
    other_key = run_json(capsys, "daily", "--date", "2026-03-09", "--json")
    assert other_key["record"] != day["record"] and other_key["dice"] != day["dice"]
    with pytest.raises(SystemExit):
        main(["daily", "--date", "9 March"])
    [line] = capsys.readouterr().err.splitlines()
    assert line.endswith("argument --date: expected a date as YYYY-MM-DD, got '9 March'")
