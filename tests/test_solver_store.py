"""The table store: naming, atomic writes, memory mapping, and bad files detected and rebuilt."""

from __future__ import annotations

import io
import logging
import mmap
import os
import stat
from pathlib import Path

import numpy as np
import pytest

from yahtzee.solver import (
    StderrProgress,
    Table,
    TableError,
    build_table,
    load_table,
    store,
    table_path,
)


@pytest.fixture
def cached(tmp_path: Path, solver_table: Table) -> Path:
    """A valid table file in a private folder."""
    path = tmp_path / store.FILE_NAME
    store.write_table(np.asarray(solver_table.values), path)
    return path


def load(path: Path) -> Table:
    store.forget_loaded([path])
    return load_table(path=path, progress=False)


def test_cache_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(tmp_path))
    assert table_path() == tmp_path / "table-forced-joker-v1.bin"
    monkeypatch.delenv("YAHTZEE_CACHE_DIR")
    assert table_path().name == "table-forced-joker-v1.bin"
    assert "yahtzee" in str(table_path().parent)


def test_valid_file_is_mapped_read_only_and_not_rebuilt(
    cached: Path, fake_solve: list[int]
) -> None:
    table = load(cached)
    assert not table.built and fake_solve == []
    assert table.path == cached
    assert not table.values.flags.writeable
    base: object = table.values
    while isinstance(base, np.ndarray):
        base = base.base
    assert isinstance(base, mmap.mmap)
    assert table.new_game_value == pytest.approx(254.5877287, abs=1e-6)
    assert load_table(path=cached, progress=False) is load_table(path=cached, progress=False)


def flip(path: Path, offset: int) -> None:
    with path.open("r+b") as f:
        f.seek(offset)
        byte = f.read(1)
        f.seek(offset)
        f.write(bytes([byte[0] ^ 0xFF]))


def truncate(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 2)


@pytest.mark.parametrize(
    ("damage", "fault"),
    [
        (truncate, "truncated"),
        (lambda p: flip(p, store.HEADER_SIZE + 8 * 1000), "checksum mismatch"),
        (lambda p: flip(p, os.path.getsize(p) - 1), "checksum mismatch"),
        (lambda p: flip(p, 0), "bad magic"),
        (lambda p: flip(p, len(store.MAGIC) + 2), "unreadable header"),
        (lambda p: p.write_bytes(b""), "bad magic"),
    ],
    ids=["truncated", "flipped-early", "flipped-last", "magic", "header", "empty"],
)
def test_damaged_file_is_reported_and_rebuilt_once(
    cached: Path,
    fake_solve: list[int],
    caplog: pytest.LogCaptureFixture,
    damage: object,
    fault: str,
) -> None:
    assert callable(damage)
    damage(cached)
    with caplog.at_level(logging.WARNING, logger="yahtzee.solver.store"):
        table = load(cached)
    assert table.built and fake_solve == [1]
    [record] = caplog.records
    assert str(cached) in record.getMessage() and fault in record.getMessage()
    assert np.array_equal(table.values, np.asarray(load(cached).values), equal_nan=True)
    again = load(cached)
    assert not again.built and fake_solve == [1]


def test_wrong_new_game_value_is_rejected_even_with_a_matching_checksum(
    cached: Path, fake_solve: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    values = np.array(load(cached).values)
    values[0, 0, 0] = 254.5896  # the free-choice Joker's value: a table for other rules
    store.write_table(values, cached)
    with caplog.at_level(logging.WARNING, logger="yahtzee.solver.store"):
        assert load(cached).built
    assert "new game worth 254.5896" in caplog.text


def test_other_format_version_is_rejected(
    cached: Path, fake_solve: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    data = cached.read_bytes().replace(b'"format": 1', b'"format": 9', 1)
    cached.write_bytes(data)
    with caplog.at_level(logging.WARNING, logger="yahtzee.solver.store"):
        assert load(cached).built
    assert "format 9" in caplog.text


def test_missing_file_is_built_and_said_so(
    tmp_path: Path, fake_solve: list[int], caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "sub" / store.FILE_NAME
    with caplog.at_level(logging.WARNING, logger="yahtzee.solver.store"):
        table = load(path)
    assert table.built and path.exists()
    assert f"solver table {path} is missing; building it" in caplog.text


def test_missing_file_without_building_raises(tmp_path: Path, fake_solve: list[int]) -> None:
    path = tmp_path / store.FILE_NAME
    with pytest.raises(TableError, match=r"table-forced-joker-v1\.bin.*missing.*yahtzee solve"):
        load_table(path=path, build_if_missing=False)
    assert fake_solve == [] and not path.exists()


def test_write_is_atomic_and_leaves_no_temp_files(
    cached: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = cached.read_bytes()
    assert stat.S_IMODE(cached.stat().st_mode) == 0o644

    def fail(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        store.write_table(np.zeros(store.SHAPE), cached)
    assert cached.read_bytes() == before
    assert [p.name for p in cached.parent.iterdir()] == [cached.name]


def _read_only(path: Path, chunks: object) -> None:
    raise OSError(30, "Read-only file system", str(path.parent / ".tmp"))


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        (lambda tmp: _file(tmp / "cache") / store.FILE_NAME, "File exists: "),
        (lambda tmp: _folder(tmp / store.FILE_NAME), "Is a directory"),
        (lambda tmp: tmp / store.FILE_NAME, "Read-only file system"),
    ],
    ids=["folder-is-a-file", "table-is-a-folder", "read-only"],
)
def test_a_table_that_cannot_be_saved_is_said_so_and_kept_in_memory(
    tmp_path: Path,
    fake_solve: list[int],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    where: object,
    reason: str,
) -> None:
    assert callable(where)
    path: Path = where(tmp_path)
    if reason.startswith("Read-only"):
        # Root writes to a folder without write permission, so the error is made up here.
        monkeypatch.setattr(store, "write_atomically", _read_only)
    with caplog.at_level(logging.WARNING, logger="yahtzee.solver.store"):
        table = load(path)
    assert table.built and table.path is None and fake_solve == [1]
    assert not table.values.flags.writeable
    assert table.new_game_value == pytest.approx(254.5877287, abs=1e-6)
    [_, warning] = caplog.records
    assert warning.getMessage() == (
        f"cannot save the solver table to {path}: {reason}"
        + (str(tmp_path / "cache") if reason == "File exists: " else "")
        + "; it will be computed again next time"
    )
    # The rest of the process uses the table it has, rather than solving again.
    again = load_table(path=path, progress=False)
    assert again.values is table.values and not again.built and fake_solve == [1]
    assert build_table(progress=False, path=path).path is None and len(fake_solve) == 2
    store.forget_loaded([path])


def _file(path: Path) -> Path:
    path.write_text("not a folder")
    return path


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


@pytest.mark.slow
def test_real_build_is_deterministic_and_reports_progress(
    tmp_path: Path, solver_table: Table
) -> None:
    seen: list[tuple[int, int]] = []
    path = tmp_path / store.FILE_NAME
    table = build_table(progress=lambda done, total: seen.append((done, total)), path=path)
    assert table.built and table.path == path
    assert seen[-1] == (536_320, 536_320)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    # Byte for byte: every thread computes a state in the same order, so workers that rebuild
    # concurrently publish identical files.
    assert np.array_equal(table.values, solver_table.values, equal_nan=True)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_bar_on_a_terminal_and_lines_elsewhere() -> None:
    terminal = _Terminal()
    bar = StderrProgress(terminal)
    for done in (0, 50, 100):
        bar(done, 100)
    assert terminal.getvalue().count("\r") == 3
    assert "[###############...............]  50%" in terminal.getvalue()
    assert terminal.getvalue().endswith("s\n")
    log = io.StringIO()
    lines = StderrProgress(log)
    for done in range(0, 101, 5):
        lines(done, 100)
    assert "\r" not in log.getvalue()
    assert len(log.getvalue().splitlines()) == 11  # every 10 %, not every call
