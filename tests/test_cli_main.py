"""What every command shares through ``cli.main``: output that cannot be written, unknown
options, ``--version`` and the defaults in ``--help``."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

import pytest

from tests.gameplay import random_game
from yahtzee import __version__
from yahtzee.cli import main
from yahtzee.codec import dumps
from yahtzee.solver import Table

QUERY = {"dice": [2, 3, 4, 5, 5], "rolls_left": 2, "scores": {}}


@contextmanager
def full_stdout() -> Iterator[TextIO]:
    """Standard output on a device that is always full: every write fails with ENOSPC. (Set in
    the test itself: capsys puts its own stdout back when the test starts.)"""
    saved = sys.stdout
    with open("/dev/full", "w", encoding="utf-8") as full:
        sys.stdout = full
        try:
            yield full
        finally:
            sys.stdout = saved


@pytest.mark.parametrize(
    "argv",
    [
        ["solve"],
        ["advise", "--dice", "2", "3", "4", "5", "5"],
        ["advise", "--batch", "{queries}"],
        ["simulate", "--player", "beginner", "--games", "5"],
        ["review", "{game}"],
    ],
    ids=["solve", "advise", "advise-batch", "simulate", "review"],
)
def test_output_that_cannot_be_written_is_one_line_and_status_1(
    solver_table: Table,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
) -> None:
    queries = tmp_path / "queries.jsonl"
    queries.write_text(json.dumps(QUERY) + "\n")
    game = tmp_path / "game.json"
    game.write_text(dumps(random_game(8, vs=False)), "utf-8")
    argv = [arg.format(queries=queries, game=game) for arg in argv]
    with full_stdout():
        assert main(argv) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line == f"yahtzee {argv[0]}: error: cannot write output: No space left on device"


def test_main_puts_standard_output_back(
    solver_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["advise", "--dice", "2", "3", "4", "5", "5", "--json"]) == 0
    assert sys.stdout is out and json.loads(out.getvalue())["best"]["box"] == "small_straight"


def test_an_unknown_option_names_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["advise", "--dice", "1", "2", "3", "4", "5", "--hold", "1"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "yahtzee advise: error: unrecognized arguments: --hold 1\n"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"yahtzee {__version__}\n"


def test_help_shows_the_defaults_that_exist(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one option per line, whatever the terminal
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "(default: 10000)" in text and "(default: 7)" in text
    assert "(default: expert)" in text
    assert "(default: None)" not in text and "(default: False)" not in text
