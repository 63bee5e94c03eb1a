"""The fast simulator: the rules of ``yahtzee.game``, reproducible, right statistics; the CLI."""

from __future__ import annotations

import json
import random
from collections import Counter

import numpy as np
import pytest

from tests.conftest import random_sheet
from yahtzee.cli import main
from yahtzee.game import Difficulty, Game, Roll, Score, positions_for
from yahtzee.players import LEVELS, get_policy
from yahtzee.players.batch import Sheets, allowed, box_points, roll_index, score
from yahtzee.players.simulate import (
    head_to_head,
    histogram_quantile,
    play,
    simulate,
)
from yahtzee.players.table import SeatOutcome, interval
from yahtzee.rules import BOXES, choices
from yahtzee.rules import score as rules_score
from yahtzee.solver import Table
from yahtzee.solver.tables import KEEPS, ROLLS
from yahtzee.winprob.tables import WinTables


class ScriptedDice:
    """Deals the given faces in order, standing in for the game's random generator."""

    def __init__(self) -> None:
        self.faces: list[int] = []

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def _roll_faces(roll: int, keep: tuple[int, ...] = ()) -> list[int]:
    """The faces roll ``roll`` adds to ``keep``."""
    return list((Counter(ROLLS[roll]) - Counter(keep)).elements())


@pytest.mark.parametrize("level", LEVELS)
def test_simulated_games_replay_through_the_checked_game(
    solver_table: Table, level: Difficulty
) -> None:
    n = 6
    sheets, trace = play(
        get_policy(level, solver_table),
        n,
        np.random.default_rng(3),
        np.random.default_rng(4),
        trace=True,
    )
    assert trace is not None
    for i in range(n):
        dice = ScriptedDice()
        game = Game.new()
        for turn in range(13):
            dice.faces = _roll_faces(int(trace.rolls[i, turn, 0]))
            game = game.apply(Roll(), dice)
            for stage in range(2):
                k = int(trace.keeps[i, turn, stage])
                if k < 0:
                    break
                assert game.turn.dice is not None
                hold = positions_for(KEEPS[k], game.turn.dice, game.turn.held)
                dice.faces = _roll_faces(int(trace.rolls[i, turn, stage + 1]), KEEPS[k])
                game = game.apply(Roll(hold), dice)
                assert game.turn.dice is not None
                assert roll_index(game.turn.dice) == trace.rolls[i, turn, stage + 1]
            game = game.apply(Score(BOXES[int(trace.boxes[i, turn])]))
        assert game.finished
        assert game.sides[0].sheet == sheets.sheet(i)
        assert game.sides[0].sheet.total == sheets.totals()[i]


def test_batch_rules_are_the_rules() -> None:
    """Allowed boxes, points and bonuses against ``rules``, Jokers included (five of a kind is
    dealt often)."""
    rng = random.Random(21)
    sheets = [random_sheet(rng, rng.randrange(13)) for _ in range(3000)]
    rolls = np.array(
        [rng.randrange(len(ROLLS)) if rng.random() < 0.7 else roll_index((rng.randint(1, 6),) * 5)
         for _ in sheets]
    )  # fmt: skip
    batch = Sheets.of(sheets)
    ok = allowed(batch.scores, rolls)
    pts = box_points(batch.scores, rolls)
    chosen = []
    for i, sheet in enumerate(sheets):
        expected = choices(sheet, ROLLS[rolls[i]])
        assert {BOXES[b]: int(pts[i, b]) for b in np.flatnonzero(ok[i])} == expected
        chosen.append(rng.choice(sorted(expected)))
    score(batch, rolls, np.array([box.pos for box in chosen]))
    for i, sheet in enumerate(sheets):
        assert batch.sheet(i) == rules_score(sheet, chosen[i], ROLLS[rolls[i]])
        assert batch.totals()[i] == batch.sheet(i).total


@pytest.mark.parametrize(
    ("level", "games", "low", "high"),
    [
        # Wide bands around the calibrated means (docs/strength.md); the benchmark does 10,000.
        (Difficulty.BEGINNER, 600, 170, 200),
        (Difficulty.NORMAL, 600, 205, 240),
        (Difficulty.EXPERT, 300, 240, 270),
    ],
)
def test_small_seeded_runs_land_near_their_targets(
    solver_table: Table, level: Difficulty, games: int, low: float, high: float
) -> None:
    summary = simulate(get_policy(level, solver_table), games, seed=1)
    assert summary.games == games
    assert low <= summary.mean <= high


def test_runs_are_reproducible_and_chunking_counts_every_game() -> None:
    policy = get_policy(Difficulty.NORMAL, None)
    one = simulate(policy, 50, seed=3, chunk=16)
    two = simulate(policy, 50, seed=3, chunk=16)
    assert one.games == 50
    assert (one.mean, one.std, one.box_means) == (two.mean, two.std, two.box_means)
    assert simulate(policy, 50, seed=4, chunk=16).mean != one.mean


def test_a_match_pairs_the_solitaire_games_of_each_side() -> None:
    beginner, normal = get_policy("beginner", None), get_policy("normal", None)
    match = head_to_head(normal, beginner, 40, seed=5, chunk=16)
    assert match.win + match.draw + match.loss == pytest.approx(1.0)
    assert match.first.mean == simulate(normal, 40, seed=5, chunk=16).mean
    assert match.second.games == 40


def test_summary_statistics() -> None:
    rng = np.random.default_rng(0)
    totals = rng.integers(100, 400, size=1001)
    hist = np.bincount(totals, minlength=1576)
    for q in (0.0, 0.25, 0.5, 0.75, 1.0):
        assert histogram_quantile(hist, q) == pytest.approx(np.percentile(totals, 100 * q))
    summary = simulate(get_policy("beginner", None), 30, seed=2)
    assert sum(summary.box_means.values()) <= summary.mean
    assert 0 <= summary.p_upper_bonus <= 1 and 0 <= summary.p_yahtzee <= 1


# The command line ------------------------------------------------------------------------------


def test_cli_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--player", "beginner", "--games", "30", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar when stderr is not a terminal
    expected = ["入门", "30 games", "mean", "std", "quartiles", "P(upper bonus)", "P(Yahtzee 50)"]
    expected += ["mean Yahtzee bonus", "full_house", "games per second"]
    for words in expected:
        assert words in out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--player", "normal", "--games", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 20 and out["player"] == "normal"
    for key in ("mean", "std", "p_upper_bonus", "p_yahtzee", "quartiles", "box_means"):
        assert key in out


def test_cli_head_to_head_json(solver_table: Table, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--player", "expert", "--vs", "beginner", "--games", "20", "--json"]
    assert main([*argv, "--seed", "9"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["vs"] == "beginner" and out["opponent"]["games"] == 20
    assert out["win"] + out["draw"] + out["loss"] == pytest.approx(1.0)
    assert main(["simulate", "--player", "expert", "--vs", "beginner", "--games", "20"]) == 0
    assert "expert against beginner: win" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "grandmaster"], "unknown player"),
        (["--vs", "nobody"], "unknown player"),
        (["--games", "0"], "at least 1"),
        (["--games", "-5"], "at least 1"),
        (["--games", "many"], "whole number"),
        (["--games", "10000001"], "--games: must be at most 10,000,000, got 10,000,001"),
        (["--player", "x"], "(choose from beginner, normal, expert, expert-win)"),
        (["--seed", "x"], "whole number"),
    ],
)
def test_cli_bad_arguments(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "expert-win"], "expert-win plays only against expert: add --vs expert"),
        (
            ["--player", "normal", "--vs", "expert-win"],
            "expert-win plays only against expert, not normal",
        ),
        (
            ["--player", "expert-win", "--vs", "beginner"],
            "expert-win plays only against expert, not beginner",
        ),
        (
            ["--player", "expert-win", "--vs", "expert-win"],
            "expert-win plays only against expert, not expert-win",
        ),
    ],
)
def test_cli_expert_win_plays_only_expert(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["simulate", *args, "--games", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"yahtzee simulate: error: {message}\n"


def test_cli_expert_win_either_way_round_is_one_match(
    win_tables: WinTables, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--games", "6", "--seed", "5", "--json"]
    assert main([*argv, "--player", "expert-win", "--vs", "expert"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*argv, "--player", "expert", "--vs", "expert-win"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert (second["player"], second["vs"]) == ("expert", "expert-win")
    assert (second["win"], second["draw"], second["loss"]) == (
        first["loss"],
        first["draw"],
        first["win"],
    )
    assert (second["mean"], second["opponent_mean"]) == (first["opponent_mean"], first["mean"])


def test_cli_table_reports_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--table", "expert,normal,beginner", "--games", "30", "--seed", "4"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["table"] == ["expert", "normal", "beginner"] and out["games"] == 30
    seats = out["seats"]
    assert [s["player"] for s in seats] == ["expert", "normal", "beginner"]
    assert sum(s["share"] for s in seats) == pytest.approx(1.0)
    assert sum(s["win"] for s in seats) + out["draw"] == pytest.approx(1.0)
    for seat in seats:
        assert sum(seat["places"]) == pytest.approx(1.0)
        low, high = seat["share_interval"]
        assert low <= seat["share"] <= high
    # The same seed, the same games; the EV optimum outscores 普通, which outscores 入门.
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out
    assert seats[0]["mean"] > seats[1]["mean"] > seats[2]["mean"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    for words in ("a table of 3", "seat 0 expert: mean", "win share", "places 1:", "shared in"):
        assert words in text


def test_cli_table_with_the_play_to_win_expert(
    win_tables: WinTables, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--table", "expert-win,expert,normal,beginner", "--games", "8", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert [s["player"] for s in out["seats"]] == ["expert-win", "expert", "normal", "beginner"]
    assert sum(s["share"] for s in out["seats"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("expert", "a table has 2 to 4 seats, got 1"),
        ("expert,normal,normal,beginner,expert", "a table has 2 to 4 seats, got 5"),
        ("expert,robot", "unknown player: 'robot'"),
    ],
)
def test_cli_table_bad_arguments(
    capsys: pytest.CaptureFixture[str], table: str, message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--table", table])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    ("share", "sd", "games", "expected"),
    [
        (0.1, 0.3, 30, (0.0, 0.1 + 1.96 * 0.3 / 30**0.5)),
        (0.95, 0.2, 10, (0.95 - 1.96 * 0.2 / 10**0.5, 1.0)),
        (0.5, 0.5, 10_000, (0.5 - 0.0098, 0.5 + 0.0098)),
    ],
)
def test_a_share_interval_stays_within_0_and_1(
    share: float, sd: float, games: int, expected: tuple[float, float]
) -> None:
    outcome = SeatOutcome("expert", 250.0, share, share, (share, 1 - share), sd)
    assert interval(outcome, games) == pytest.approx(expected)
