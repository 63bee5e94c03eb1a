"""The benchmarks and the CLI refuse a bad count or time as one usage line, before any work."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

import pytest

from yahtzee.commands._numbers import seconds, whole_number


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (whole_number(1), "0", "must be at least 1, got 0"),
        (whole_number(0), "-1", "must not be negative, got -1"),
        (whole_number(1, 100), "101", "must be at most 100, got 101"),
        (whole_number(0), "2.5", "expected a whole number, got '2.5'"),
        (seconds(zero=False), "0", "must be more than 0, got '0'"),
        (seconds(zero=True), "-0.5", "must not be negative, got '-0.5'"),
        (seconds(zero=True), "nan", "expected a finite number of seconds, got 'nan'"),
        (seconds(zero=False), "inf", "expected a finite number of seconds, got 'inf'"),
        (seconds(zero=False), "soon", "expected a number of seconds, got 'soon'"),
    ],
)
def test_refused(parse: Callable[[str], object], text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=f"^{message}$"):
        parse(text)


def test_accepted() -> None:
    assert whole_number(0)("0") == 0
    assert whole_number(1, 100)("100") == 100
    assert seconds(zero=True)("0") == 0.0
    assert seconds(zero=False)("0.25") == 0.25


@pytest.mark.parametrize(
    ("module", "args", "message"),
    [
        ("advise", ["--points", "0"], "--points: must be at least 1, got 0"),
        ("review", ["--games", "0"], "--games: must be at least 1, got 0"),
        ("simulate", ["--seed", "-3"], "--seed: must not be negative, got -3"),
        ("solve", ["--repeat", "0"], "--repeat: must be at least 1, got 0"),
        ("web", ["--games", "none"], "--games: expected a whole number, got 'none'"),
        ("load", ["--players", "0"], "--players: must be at least 1, got 0"),
        ("load", ["--seconds", "0"], "--seconds: must be more than 0, got '0'"),
        ("winprob", ["--games", "0"], "--games: must be at least 1, got 0"),
        ("winprob", ["--moves", "-1"], "--moves: must not be negative, got -1"),
    ],
)
def test_benchmark_refuses(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    module: str,
    args: list[str],
    message: str,
) -> None:
    benchmark = importlib.import_module(f"benchmarks.{module}")
    monkeypatch.setattr("sys.argv", [f"{module}.py", *args])
    with pytest.raises(SystemExit) as stop:
        benchmark.main()
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(f"argument {message}")
