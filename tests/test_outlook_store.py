"""The outlook table's store: built when missing or bad, checked on load, kept in memory when it
cannot be written. The build itself is replaced by a copy of the session's outlook (the real one
takes half a minute; ``test_reasons`` checks what it computes)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from yahtzee.solver import Table
from yahtzee.solver import outlook_store as store
from yahtzee.solver.outlook import NUM_PARTS
from yahtzee.solver.outlook_store import FILE_NAME, HEADER_SIZE, Outlook, load_outlook
from yahtzee.solver.tables import FloatArray


@pytest.fixture
def builds(outlook: Outlook, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Replace the computation by a copy of the session outlook; the list counts the builds."""
    calls: list[int] = []

    def compute(values: FloatArray) -> FloatArray:
        calls.append(1)
        return np.array(outlook.parts, dtype=np.float64)

    monkeypatch.setattr(store, "compute", compute)
    store.forget_loaded()
    yield calls
    store.forget_loaded()


def test_a_missing_outlook_is_built_saved_and_then_loaded(
    solver_table: Table, outlook: Outlook, builds: list[int], tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    path = tmp_path / FILE_NAME
    with caplog.at_level(logging.WARNING):
        built = load_outlook(solver_table, path=path)
    assert builds == [1] and built.built and built.path == path
    assert f"outlook table {path}: missing; building it" in caplog.text
    assert path.stat().st_size == HEADER_SIZE + built.parts.size * 4
    assert built.parts.shape == (536_448, NUM_PARTS) and not built.parts.flags.writeable
    assert np.array_equal(built.parts, outlook.parts)
    store.forget_loaded()
    again = load_outlook(solver_table, path=path)
    assert builds == [1] and not again.built and np.array_equal(again.parts, outlook.parts)
    assert load_outlook(solver_table, path=path) is again  # kept: not hashed again


def other_source(raw: bytes) -> bytes:
    """The file with the first digit of the solver table's checksum changed."""
    at = raw.index(b'"source_sha256": "') + len(b'"source_sha256": "')
    digit = b"1" if raw[at : at + 1] == b"0" else b"0"
    return raw[:at] + digit + raw[at + 1 :]


@pytest.mark.parametrize(
    ("damage", "fault"),
    [
        (lambda raw: raw[:-4], "truncated or padded"),
        (lambda raw: raw[:HEADER_SIZE] + bytes([raw[HEADER_SIZE] ^ 1]) + raw[HEADER_SIZE + 1 :],
         "checksum mismatch"),
        (lambda raw: raw.replace(b'"format": 1', b'"format": 7'), "format 7, expected 1"),
        (lambda raw: b"NOT AN OUTLOOK" + raw[14:], "not an outlook table (bad magic)"),
        (other_source, "built from another solver table"),
    ],
)  # fmt: skip
def test_a_bad_file_is_said_and_rebuilt(
    solver_table: Table, builds: list[int], tmp_path: Path, caplog: pytest.LogCaptureFixture,
    damage: object, fault: str,
) -> None:  # fmt: skip
    path = tmp_path / FILE_NAME
    load_outlook(solver_table, path=path)
    assert callable(damage)
    path.write_bytes(damage(path.read_bytes()))
    store.forget_loaded()
    with caplog.at_level(logging.WARNING):
        rebuilt = load_outlook(solver_table, path=path)
    assert builds == [1, 1] and rebuilt.built
    assert f"outlook table {path}: {fault}" in caplog.text
    store.forget_loaded()
    assert not load_outlook(solver_table, path=path).built


def test_an_outlook_that_cannot_be_saved_stays_in_memory(
    solver_table: Table, builds: list[int], blocked_cache: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    with caplog.at_level(logging.WARNING):
        found = load_outlook(solver_table)
    assert found.path is None and found.built and not found.parts.flags.writeable
    assert f"cannot save the outlook table to {blocked_cache / FILE_NAME}" in caplog.text
    # Not built again for the rest of the process.
    assert load_outlook(solver_table) is found and builds == [1]
