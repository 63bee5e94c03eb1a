"""Shared fixtures and the suite's order. The solver table is built (or copied) once per session
into a private cache dir.

Order: ``--order reverse`` runs the tests last to first, ``--order random`` shuffles them with
``--order-seed`` (a new one each run unless given; the header prints it, so a failing order can be
replayed). Every test must pass in each order, alone, and on any pytest-xdist worker: the
shuffle is the same in every worker, as xdist requires. Hypothesis draws its examples from each
test's own fixed seed and keeps no example database, so neither the order nor an earlier run
(a ``.hypothesis`` folder) changes what a property test sees.

The dice key is the tests' own (``tests.gameplay.TEST_KEY``): seeded apps roll alike in every run.

Every test session points ``YAHTZEE_CACHE_DIR`` at a temporary folder before any test runs, so no
test reads or writes the developer's real cache by accident. When the real cache already holds a
valid table it is copied in (milliseconds); otherwise the first test that needs the table builds it
there (a few seconds, plus numba's one-off compile on a fresh checkout).
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings

from tests.gameplay import TEST_KEY
from yahtzee.dice_key import KEY_ENV
from yahtzee.rules import BOXES, POSSIBLE_POINTS, Box, Sheet
from yahtzee.solver import Progress, Table, TableError, load_table, store
from yahtzee.solver.outlook_store import FILE_NAME as OUTLOOK_FILE_NAME
from yahtzee.solver.outlook_store import Outlook, load_outlook
from yahtzee.solver.store import CACHE_ENV, FILE_NAME, table_path
from yahtzee.solver.tables import FloatArray
from yahtzee.winprob.tables import FILE_NAME as WIN_FILE_NAME
from yahtzee.winprob.tables import WinTables, load_win_tables

ORDERS = ("normal", "reverse", "random")

# Repeatable property tests: each test's examples come from its own fixed seed, and no failing
# example is replayed from an earlier run. `--hypothesis-profile explore` searches afresh.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", database=None)
settings.load_profile("repeatable")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("order", "the order the tests run in")
    group.addoption(
        "--order",
        choices=ORDERS,
        default="normal",
        help="run the tests as collected (the long ones first), last to first, or shuffled"
        " (default: normal)",
    )
    group.addoption(
        "--order-seed",
        type=int,
        default=None,
        help="the seed of --order random (default: a new one, printed in the header)",
    )
    parser.getgroup("browser", "the browser tests").addoption(
        "--latency",
        type=int,
        default=0,
        metavar="MS",
        help="delay every request of the browser tests' kept tabs by MS milliseconds, as a slow"
        " network does: a test that does not wait for what it reads races the server (default: 0)",
    )


def pytest_configure(config: pytest.Config) -> None:
    # One seed for the whole run: xdist's workers take the controller's (pytest_configure_node),
    # so they all collect the tests in the same order.
    worker: dict[str, object] | None = getattr(config, "workerinput", None)
    if worker is not None:
        config.option.order_seed = worker["order_seed"]
    elif config.option.order_seed is None:
        config.option.order_seed = random.SystemRandom().randrange(10**6)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """xdist: hand a worker the run's order seed."""
    node.workerinput["order_seed"] = node.config.option.order_seed  # type: ignore[attr-defined]


def pytest_report_header(config: pytest.Config) -> str:
    order: str = config.option.order
    if order == "random":
        return f"order: random, --order-seed {config.option.order_seed}"
    return f"order: {order}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.option.order == "normal":
        # The tests marked long go first: each worker of a session takes its next test when it is
        # free, so with the long ones last, one worker played on alone at the end while the other
        # sat idle (longest first is the classic remedy). sort is stable: the rest stay in order.
        items.sort(key=lambda item: item.get_closest_marker("long") is None)
    elif config.option.order == "reverse":
        items.reverse()
    elif config.option.order == "random":
        random.Random(config.option.order_seed).shuffle(items)


def _valid_real_table() -> Path | None:
    try:
        return load_table(build_if_missing=False, progress=False).path
    except TableError:
        return None


@pytest.fixture(scope="session", autouse=True)
def _session_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point the cache at a session folder, seeded with the real table when that one is valid."""
    folder = tmp_path_factory.mktemp("yahtzee-cache")
    real = _valid_real_table()
    if real is not None:
        shutil.copyfile(real, folder / FILE_NAME)
        # The win-probability tables (yahtzee.winprob) beside it; checked against it on load.
        # The outlook of the reasons in words too (``solver.outlook_store``), checked the same way.
        for name in (WIN_FILE_NAME, OUTLOOK_FILE_NAME):
            if (real.parent / name).is_file():
                shutil.copyfile(real.parent / name, folder / name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_ENV, str(folder))
        # One dice key for every session, so a seeded app rolls the same dice in every run.
        patch.setenv(KEY_ENV, TEST_KEY.decode())
        assert table_path() == folder / FILE_NAME
        yield folder
    assert os.environ.get(CACHE_ENV) != str(folder)


@pytest.fixture(scope="session")
def solver_table(_session_cache_dir: Path) -> Table:
    """The validated, memory-mapped table of the session's cache dir (built there if needed)."""
    return load_table(progress=False)


@pytest.fixture(scope="session")
def outlook(solver_table: Table) -> Outlook:
    """The outlook table of the session's cache dir (built there if needed: under a minute)."""
    return load_outlook(solver_table)


@pytest.fixture(scope="session")
def win_tables(solver_table: Table) -> WinTables:
    """The 胜率 tables of the session's cache dir (built there if needed: about a minute and a
    half on a fresh checkout, numba's compile included)."""
    return load_win_tables(solver_table)


@pytest.fixture
def fake_solve(solver_table: Table, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Replace the DP by a copy of the session table; the list counts the builds."""
    calls: list[int] = []

    def solve(progress: Progress | None = None) -> FloatArray:
        calls.append(1)
        if progress is not None:
            progress(1, 1)
        return np.array(solver_table.values)

    monkeypatch.setattr(store, "solve", solve)
    return calls


@pytest.fixture
def blocked_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder that cannot be created (a file stands in its place), set as the cache."""
    (tmp_path / "cache").write_text("a file where the cache folder should be")
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def random_sheet(rng: random.Random, filled: int, *, yahtzee: int | None = -1) -> Sheet:
    """A sheet with ``filled`` boxes filled with possible points, often near the upper bonus.

    ``yahtzee``: -1 lets chance decide the ``yahtzee`` box; None keeps it open; 0 or 50 fills it.
    """
    boxes = [box for box in BOXES if box is not Box.YAHTZEE]
    want_yahtzee = rng.random() < filled / len(BOXES) if yahtzee == -1 else yahtzee is not None
    chosen = rng.sample(boxes, filled - 1 if want_yahtzee else filled)
    scores: dict[str, int] = {}
    generous = rng.random() < 0.5  # about half the sheets aim at the +35, to reach 50-70
    for box in chosen:
        values = sorted(POSSIBLE_POINTS[box])
        if box.is_upper and generous:
            values = [box.face * n for n in (3, 4, 5)]
        scores[box.value] = rng.choice(values)
    bonus = 0
    if want_yahtzee:
        scores[Box.YAHTZEE.value] = rng.choice((0, 50)) if yahtzee == -1 else int(yahtzee or 0)
        if scores[Box.YAHTZEE.value] == 50:
            bonus = 100 * rng.choice((0, 0, 1, 2))
    return Sheet.from_scores(scores, bonus)


@pytest.fixture
def rng() -> random.Random:
    """A generator seeded the same way in every test, so failures replay."""
    return random.Random(20240607)
