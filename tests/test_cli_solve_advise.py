"""``yahtzee solve`` and ``yahtzee advise`` through ``cli.main``, plus one real subprocess."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np
import pytest

from yahtzee.cli import main
from yahtzee.solver import Progress, Table, store
from yahtzee.solver.outlook_store import Outlook
from yahtzee.solver.tables import FloatArray
from yahtzee.winprob import tables
from yahtzee.winprob.tables import WinTables

SCORES = "ones=3,sixes=18,yahtzee=50,chance=22"


@pytest.fixture(autouse=True)
def _table(solver_table: Table) -> Table:
    """Every command here finds the session's table in the session's cache dir."""
    return solver_table


def test_advise_prints_an_aligned_table_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--dice", "2", "3", "4", "5", "5", "--rolls-left", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "dice 2 3 4 5 5, 0 rolls left, sheet total 0"
    assert lines[2].startswith("*") and "小顺 small_straight" in lines[2] and " 30 " in lines[2]
    assert all(not line.startswith("*") for line in lines[3:])
    assert len(lines) == 2 + 13 + 1
    # Then why: 30 in 小顺 now, against 40 in 大顺 later being unlikely, or the like.
    assert lines[-1].startswith("reason: 登记「小顺」：")


def test_advise_json_keeps(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", "--dice", "5", "2", "4", "3", "5", "--rolls-left", "2", "--scores", SCORES]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["best"] == data["options"][0]
    assert data["best"]["keep"] == [2, 3, 4, 5]
    evs = [o["ev"] for o in data["options"]]
    assert evs == sorted(evs, reverse=True)
    [stop] = [o for o in data["options"] if len(o["keep"]) == 5]
    assert stop["keep"] == [2, 3, 4, 5, 5] and stop["box"] == "small_straight"
    assert stop["points"] == 30
    assert data["reason"].startswith("保留 2 3 4 5：")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--dice", "1", "2", "3", "4", "5", "6"], "expected 5 dice, got 6"),
        (["--dice", "1", "2", "3", "4", "7"], "a die shows 1 to 6, got 7"),
        (["--dice", "1", "2", "3", "4", "5", "--scores", "foo=3"], "unknown box: 'foo'"),
        (["--dice", "1", "2", "3", "4", "5", "--scores", "ones=7"], "7 is not a possible score"),
        (["--dice", "1", "2", "3", "4", "5", "--scores", "ones"], "box=points, got 'ones'"),
        (["--dice", "1", "2", "3", "4", "5", "--scores", "ones=x"], "whole number, got 'ones=x'"),
        (["--dice", "1", "2", "3", "4", "5", "--scores", "yahtzee_bonus=100"], "needs 50"),
        (
            ["--dice", "1", "1", "1", "1", "1", "--scores", "yahtzee=50,yahtzee_bonus=150"],
            "multiple of 100",
        ),
        (["--dice", "1", "2", "3", "4", "5", "--rolls-left", "3"], "0, 1 or 2, got 3"),
        (
            ["--dice", *"11111", "--scores", "yahtzee=50,yahtzee_bonus=1200"],
            "yahtzee_bonus 1200 is impossible here: each 100 needs a Yahtzee scored in a box"
            " besides yahtzee, and 0 filled boxes hold what five of a kind scores there"
            " (at most 0)",
        ),
        (
            ["--dice", *"11111", "--scores", "yahtzee=50,ones=5,yahtzee_bonus=100000000"],
            "yahtzee_bonus 100000000 is impossible here: each 100 needs a Yahtzee scored in a box"
            " besides yahtzee, and 1 filled box holds what five of a kind scores there"
            " (at most 100)",
        ),
        (
            # 3 in ones comes from no Yahtzee (a reviewer's case, accepted before).
            ["--dice", *"11111", "--scores", "yahtzee=50,ones=3,yahtzee_bonus=100"],
            "and 0 filled boxes hold what five of a kind scores there (at most 0)",
        ),
        (["--dice", *"11111", "--scores", "yahtzee_bonus=100,yahtzee_bonus=200"], "given twice"),
        (
            [
                "--dice",
                *"12345",
                "--scores",
                "ones=1,twos=2,threes=3,fours=4,fives=5,sixes=6,three_of_a_kind=0,"
                "four_of_a_kind=0,full_house=0,small_straight=0,large_straight=0,yahtzee=0,"
                "chance=20",
            ],
            "the sheet is full",
        ),
        ([], "give the dice"),
        (["--batch", "-", "--dice", *"12345"], "either --batch or --dice"),
        (["--batch", "/nonexistent/queries.jsonl"], "cannot read batch file"),
    ],
)
def test_advise_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["advise", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert message in line


def test_advise_bad_int_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["advise", "--dice", "1", "2", "3", "4", "x"])
    assert exit_info.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    assert "invalid int value: 'x'" in line


QUERIES = [
    {"dice": [2, 3, 4, 5, 5], "rolls_left": 2, "scores": {}},
    {
        "dice": [1, 1, 1, 1, 1],
        "rolls_left": 0,
        "scores": {"yahtzee": 50, "sixes": 30, "yahtzee_bonus": 100},
    },
    {"dice": [1, 2, 3, 4, 5], "rolls_left": 1},
    {"dice": [1, 2, 3, 4, 5], "rolls_left": 1, "scores": {}, "hold": [1]},
    {"dice": [1, 2, 3, 4, 5, 6], "rolls_left": 1, "scores": {}},
    {"dice": [1, 2, 3, 4, 5], "rolls_left": 1, "scores": {"ones": "3"}},
    [1, 2, 3],
]


def _check_batch_answers(out: str) -> None:
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(QUERIES) + 1
    assert answers[0]["best"]["keep"] == [2, 3, 4, 5]
    assert answers[0]["best"]["ev"] == pytest.approx(254.87542, abs=1e-5)
    assert answers[0]["reason"].startswith("保留 2 3 4 5：")
    assert answers[1]["reason"] == "只有「一点」可以登记"
    # Joker: ones open so the five 1s must go there; the +100 is earned either way.
    assert [o["box"] for o in answers[1]["options"]] == ["ones"]
    assert 'missing ["scores"]' in answers[2]["error"]
    assert 'unknown ["hold"]' in answers[3]["error"]
    assert "expected 5 dice" in answers[4]["error"]
    assert 'whole number, got {"ones": "3"}' in answers[5]["error"]
    assert "JSON object" in answers[6]["error"]
    assert answers[7]["error"] == 'line 9 is not JSON: "{not json"'


def _batch_text() -> str:
    # A blank line is skipped; the bad JSON on line 9 answers an error like any bad query.
    lines = [json.dumps(q) for q in QUERIES]
    return "\n".join([*lines, "", "{not json"]) + "\n"


def test_advise_batch_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    queries = tmp_path / "queries.jsonl"
    queries.write_text(_batch_text())
    assert main(["advise", "--batch", str(queries)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    _check_batch_answers(captured.out)


def test_advise_batch_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(_batch_text()))
    assert main(["advise", "--batch", "-"]) == 0
    _check_batch_answers(capsys.readouterr().out)


def test_solve_reports_a_cached_table_without_rebuilding(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve"]) == 0
    out = capsys.readouterr().out
    assert "new game: 254.5877287" in out and "already cached" in out


def test_solve_force_rebuilds_with_progress_lines(
    tmp_path: Path,
    solver_table: Table,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(tmp_path))
    calls: list[int] = []

    def solve(progress: Progress | None = None) -> FloatArray:
        calls.append(1)
        assert progress is not None
        progress(10, 20)
        progress(20, 20)
        return np.array(solver_table.values)

    monkeypatch.setattr(store, "solve", solve)
    assert main(["solve", "--force"]) == 0
    captured = capsys.readouterr()
    assert calls == [1] and (tmp_path / store.FILE_NAME).exists()
    assert "new game: 254.5877287" in captured.out and "solved in" in captured.out
    # stderr is not a terminal here, so progress comes as plain lines, not a redrawn bar.
    assert captured.err.splitlines()[-1].startswith("solving: 100% (20 of 20 states")
    assert "\r" not in captured.err


def test_advise_in_a_subprocess(solver_table: Table) -> None:
    assert solver_table.path is not None
    env = os.environ | {"YAHTZEE_CACHE_DIR": str(solver_table.path.parent)}
    argv = ["advise", "--dice", "1", "2", "6", "6", "6", "--rolls-left", "2", "--json"]
    result = subprocess.run(
        [sys.executable, "-m", "yahtzee", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    best = json.loads(result.stdout)["best"]
    assert best["keep"] == [6, 6, 6] and best["ev"] == pytest.approx(265.11336, abs=1e-5)
    bad = subprocess.run(
        [sys.executable, "-m", "yahtzee", "advise", "--dice", "1", "2", "3", "4", "7"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert (
        bad.stderr.strip() == "yahtzee advise: error: a die shows 1 to 6, got 7 in [1, 2, 3, 4, 7]"
    )
    # A reader that goes away (``yahtzee advise … | head -1``) ends it quietly: no traceback.
    with subprocess.Popen(
        [sys.executable, "-m", "yahtzee", *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as gone:
        assert gone.stdout is not None and gone.stderr is not None
        gone.stdout.close()
        err = gone.stderr.read()
        assert gone.wait(timeout=120) == 141
    assert err == b""


def test_solve_builds_a_missing_table(
    tmp_path: Path,
    fake_solve: list[int],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(tmp_path / "empty"))
    assert main(["solve"]) == 0
    assert "solved in" in capsys.readouterr().out
    assert (tmp_path / "empty" / store.FILE_NAME).exists()


def test_advise_table_names_the_empty_keep(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--dice", "1", "2", "3", "4", "6", "--rolls-left", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 + 32 + 1 and lines[-1].startswith("reason: ")
    assert sum(line[2:].startswith("(none)") for line in lines) == 1


def test_solve_that_cannot_save_reports_the_value_and_exits_1(
    blocked_cache: Path,
    fake_solve: list[int],
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    try:
        assert main(["solve"]) == 1
    finally:
        store.forget_loaded([blocked_cache / store.FILE_NAME])
    captured = capsys.readouterr()
    assert "new game: 254.5877287" in captured.out and "solved in" in captured.out
    assert captured.out.rstrip().endswith("s: not saved")
    assert f"cannot save the solver table to {blocked_cache / store.FILE_NAME}" in caplog.text


def test_advise_goes_on_when_the_cache_cannot_be_written(
    tmp_path: Path,
    fake_solve: list[int],
    outlook: Outlook,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / store.FILE_NAME
    path.mkdir()  # a folder where the table file should be
    # The outlook of the same table beside it, as a cache holds it: not built again here.
    assert outlook.path is not None
    shutil.copyfile(outlook.path, tmp_path / outlook.path.name)
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(tmp_path))
    try:
        assert main(["advise", "--dice", "2", "3", "4", "5", "5", "--json"]) == 0
    finally:
        store.forget_loaded([path])
    captured = capsys.readouterr()
    assert json.loads(captured.out)["best"]["box"] == "small_straight"
    assert f"cannot save the solver table to {path}: Is a directory;" in caplog.text


def test_solve_win_that_cannot_save_goes_on_in_memory(
    tmp_path: Path,
    solver_table: Table,
    win_tables: WinTables,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    assert solver_table.path is not None
    shutil.copyfile(solver_table.path, tmp_path / store.FILE_NAME)
    (tmp_path / tables.FILE_NAME).mkdir()  # a folder where the 胜率 tables should be
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(tmp_path))
    w = win_tables
    built = [w.pmf1, w.win1, w.draw1, w.lo, w.step, w.rows, w.knots]
    monkeypatch.setattr(tables, "_build", lambda table: [np.array(a) for a in built])
    assert main(["solve", "--win"]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1].startswith("win-probability tables built in")
    assert captured.out.rstrip().endswith("s: not saved")
    [line] = [r.getMessage() for r in caplog.records if "cannot save" in r.getMessage()]
    assert line == (
        f"cannot save the win-probability tables to {tmp_path / tables.FILE_NAME}: "
        "Is a directory; it will be computed again next time"
    )


def test_advise_new_sheet_and_one_roll_left(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", "--dice", *"11111", "--rolls-left", "1"]
    assert main([*argv, "--scores", "none"]) == 0
    first = capsys.readouterr().out
    assert first.splitlines()[0] == "dice 1 1 1 1 1, 1 roll left, sheet total 0"
    assert main(argv) == 0
    assert capsys.readouterr().out == first


def test_advise_bonus_at_the_limit_is_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    scores = "yahtzee=50,ones=5,twos=10,yahtzee_bonus=200"
    assert main(["advise", "--dice", *"33333", "--scores", scores]) == 0
    assert "sheet total 265" in capsys.readouterr().out


def _batch(tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The answers of ``advise --batch`` to a file of ``data``, after checking it ran."""
    path = tmp_path / "queries.jsonl"
    path.write_bytes(data)
    assert main(["advise", "--batch", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return [json.dumps(json.loads(line)["error"]) if "error" in line else "ok"
            for line in captured.out.splitlines()]  # fmt: skip


GOOD = json.dumps({"dice": [1, 2, 3, 4, 5], "rolls_left": 0, "scores": {}}).encode()


def test_batch_too_deep_a_line_is_one_error_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = b"[" * 100_000
    nested = b'{"dice": ' + b"[" * 990 + b"]" * 990 + b', "rolls_left": 0, "scores": {}}'
    answers = _batch(tmp_path, b"\n".join([deep, nested, GOOD]) + b"\n", capsys)
    assert answers[0] == '"line 1 nests too deeply"'
    # Deep, but within what json reads: an error line either way, depending on the stack.
    assert answers[1].startswith(('"line 2 nests too deeply"', '"expected 5 dice, got 1: [[[['))
    assert answers[2] == "ok"


def test_batch_lines_that_are_not_utf8_are_errors_and_a_bom_is_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = b"\xef\xbb\xbf" + GOOD + b"\n\xff\xfe{}\n" + GOOD + b"\n"
    answers = _batch(tmp_path, data, capsys)
    assert answers == ["ok", '"line 2 is not UTF-8 text: byte 0xff at position 0"', "ok"]


def test_batch_from_stdin_bytes_like_a_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + GOOD + b"\n\xff\n"), "utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["advise", "--batch", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "options" in json.loads(lines[0])
    assert json.loads(lines[1]) == {"error": "line 2 is not UTF-8 text: byte 0xff at position 0"}


def test_batch_errors_quote_json_and_at_most_a_few_hundred_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    queries = [
        {"dice": [1] * 1_000_000, "rolls_left": 0, "scores": {}},
        {"dice": [1, 1, 1, 1, True], "rolls_left": 0, "scores": {}},
        {"dice": [1, 1, 1, 1, 1], "rolls_left": None, "scores": {}},
        {"dice": [1, 1, 1, 1, 1], "rolls_left": 0, "scores": {"foo": 1}},
        {
            "dice": [1, 1, 1, 1, 1],
            "rolls_left": 0,
            "scores": {"yahtzee": 50, "yahtzee_bonus": 1200},
        },
        {"dice": [1, 1, 1, 1, 1], "rolls_left": 0, "scores": {}, "x" * 10_000: 1},
    ]
    data = "\n".join(json.dumps(q) for q in queries) + "\n" + "x" * 100_000 + "\n"
    answers = [json.loads(a) for a in _batch(tmp_path, data.encode(), capsys)]
    assert answers[0].startswith("expected 5 dice, got 1000000: [1, 1, 1")
    assert answers[1] == "a die shows 1 to 6, got true in [1, 1, 1, 1, true]"
    assert answers[2] == "rolls left must be 0, 1 or 2, got null"
    assert answers[3] == 'unknown box: "foo"'
    assert answers[4].startswith("yahtzee_bonus 1200 is impossible here")
    assert answers[5].startswith('a query has exactly dice, rolls_left, scores: unknown ["xxx')
    assert answers[6].startswith('line 7 is not JSON: "xxx')
    assert all(len(a) < 500 for a in answers)
    assert answers[0].endswith("…") and answers[6].endswith("…")


def test_solve_stopped_by_sigterm_leaves_no_half_written_table(
    tmp_path: Path, fake_solve: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `serve` stops its background build with SIGTERM; before, the process died on the spot
    # and the temporary file (up to 162 MB for the 胜率 tables) stayed in the cache folder.
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(tmp_path))
    write = store.write_atomically

    def interrupted(path: Path, chunks: Iterable[bytes | memoryview]) -> None:
        def stop_midway() -> Iterator[bytes | memoryview]:
            for number, chunk in enumerate(chunks):
                if number == 1:
                    os.kill(os.getpid(), signal.SIGTERM)
                yield chunk

        write(path, stop_midway())

    monkeypatch.setattr(store, "write_atomically", interrupted)
    with pytest.raises(SystemExit) as stopped:
        main(["solve"])
    assert stopped.value.code == 128 + signal.SIGTERM
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
