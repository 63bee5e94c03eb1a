"""The outlook table's store: built from the solver table, cached beside it, checked, mapped.

The file is ``<cache dir>/outlook-forced-joker-v1.bin``: a 4 KiB header (a magic line, then JSON
with the format version, the rules, the array's shape and type, the SHA-256 of the data and of the
solver table it was built from, padded with spaces), then the raw float32 array
(``outlook.NUM_PARTS`` numbers for each of the 536,448 reachable states: 32 MB). Written
atomically (``store.write_atomically``) and memory-mapped read-only, like the solver's table.

A missing, stale (built from another solver table) or corrupt file is reported as a logging
warning naming the file and the fault, and rebuilt (well under a minute on two cores); one that
cannot be written is said so the same way and kept in memory for the rest of the process.
Processes sharing a cache folder take turns to build (a lock file beside it), so several server
workers starting at once build it once.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from yahtzee.rules import YAHTZEE_POINTS, Box, Sheet
from yahtzee.solver.outlook import NUM_PARTS, Int32Array, compute, decision_parts, state_rows
from yahtzee.solver.store import RULES_ID, Table, cache_dir, cannot_save, write_atomically
from yahtzee.solver.tables import FULL_MASK, UPPER_CAP, FloatArray, IntArray

log = logging.getLogger(__name__)

FORMAT_VERSION: Final = 1
FILE_NAME: Final = f"outlook-{RULES_ID}-v{FORMAT_VERSION}.bin"
MAGIC: Final = b"YAHTZEE-OUTLOOK\n"
HEADER_SIZE: Final = 4096
DTYPE: Final = np.dtype("<f4")

Float32Array = npt.NDArray[np.float32]


@dataclass(frozen=True, eq=False, slots=True)
class Outlook:
    """The outlook of every reachable between-turn state, with the solver table it comes from.

    parts : ndarray(float32, (536448, NUM_PARTS)), read-only: ``outlook``'s parts by state row.
    rows : ndarray(int32, (8192, 2, 64)): each state's row (-1 for states no game reaches).
    values : the solver table's ``W`` (8192, 2, 64).
    path : the file it was loaded from or written to, None for one only in memory.
    built : True when this call computed it rather than loading a cached one.
    """

    parts: Float32Array
    rows: Int32Array
    values: FloatArray
    path: Path | None = None
    built: bool = False

    def decision(
        self, sheet: Sheet, roll: int, rolls_left: int, options: Sequence[int]
    ) -> tuple[FloatArray, FloatArray]:
        """The parts and the final roll's law of each option of a decision (see
        ``outlook.decision_parts``); ``sheet`` is not full and was checked by the advisor."""
        state = (
            sheet.used_mask,
            int(sheet.get(Box.YAHTZEE) == YAHTZEE_POINTS),
            min(sheet.upper_subtotal, UPPER_CAP),
        )
        assert state[0] != FULL_MASK
        chosen: IntArray = np.array(options, dtype=np.int64)
        return decision_parts(self.values, self.parts, self.rows, state, roll, rolls_left, chosen)


class _BadFileError(Exception):
    """Why an outlook file was rejected (internal: always turned into a warning)."""


def outlook_path() -> Path:
    """Where the outlook lives: beside the solver's table."""
    return cache_dir() / FILE_NAME


def _digest(array: npt.NDArray[np.generic]) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).data).hexdigest()


def _shape(table: Table) -> tuple[int, int]:
    return (int(np.count_nonzero(~np.isnan(table.values))), NUM_PARTS)


def _write(parts: Float32Array, source: str, path: Path) -> None:
    meta = {
        "format": FORMAT_VERSION,
        "rules": RULES_ID,
        "shape": list(parts.shape),
        "dtype": DTYPE.str,
        "sha256": _digest(parts),
        "source_sha256": source,
    }
    head = (MAGIC + json.dumps(meta, sort_keys=True).encode() + b"\n").ljust(HEADER_SIZE, b" ")
    write_atomically(path, (head, parts.data))


def _read(path: Path, table: Table, source: str) -> Outlook:
    """Map and check the file at ``path``; raise _BadFileError saying what is wrong."""
    shape = _shape(table)
    try:
        with path.open("rb") as f:
            size = os.fstat(f.fileno()).st_size
            head = f.read(HEADER_SIZE)
            if not head.startswith(MAGIC):
                raise _BadFileError("not an outlook table (bad magic)")
            try:
                meta = json.loads(head[len(MAGIC) :].decode())
            except (UnicodeDecodeError, ValueError):
                raise _BadFileError("unreadable header") from None
            if not isinstance(meta, dict):
                raise _BadFileError("unreadable header")
            for key, want in (
                ("format", FORMAT_VERSION),
                ("rules", RULES_ID),
                ("shape", list(shape)),
                ("dtype", DTYPE.str),
            ):
                if meta.get(key) != want:
                    raise _BadFileError(f"{key} {meta.get(key)!r}, expected {want!r}")
            expected = HEADER_SIZE + shape[0] * shape[1] * DTYPE.itemsize
            if size != expected:
                raise _BadFileError(f"truncated or padded: {size} bytes, expected {expected}")
            if meta.get("source_sha256") != source:
                raise _BadFileError("built from another solver table")
            parts: Float32Array = np.asarray(
                np.memmap(f, dtype=DTYPE, mode="r", offset=HEADER_SIZE, shape=shape)
            )
    except FileNotFoundError:
        raise _BadFileError("missing") from None
    except OSError as error:
        raise _BadFileError(f"unreadable ({error.strerror})") from None
    if _digest(parts) != meta.get("sha256"):
        raise _BadFileError("checksum mismatch")
    return Outlook(parts, state_rows(table.values), table.values, path)


_Key = tuple[str, int, int, int, int]
"""A file's identity (path, inode, size, modification time) and the solver table it serves."""
_loaded: dict[_Key, Outlook] = {}
_unsaved: dict[tuple[str, int], Outlook] = {}
_lock = threading.Lock()


def _key(path: Path, table: Table) -> _Key | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (str(path), st.st_ino, st.st_size, st.st_mtime_ns, id(table.values))


def build_outlook(table: Table, path: Path) -> Outlook:
    """Compute the outlook of ``table`` and write it to ``path``; kept in memory only (``path``
    None) when it cannot be written, which is said as a warning."""
    started = time.perf_counter()
    parts = np.ascontiguousarray(compute(table.values), dtype=DTYPE)
    log.info("outlook table computed in %.1f s", time.perf_counter() - started)
    source = _digest(table.values)
    try:
        _write(parts, source, path)
    except OSError as error:
        log.warning(cannot_save("outlook table", path, error))
        parts.flags.writeable = False
        return Outlook(parts, state_rows(table.values), table.values, None, built=True)
    try:
        found = _read(path, table, source)
    except _BadFileError as fault:
        # Replaced or damaged between the write and the read: what was computed still serves.
        log.warning("outlook table %s is unusable right after writing: %s", path, fault)
        parts.flags.writeable = False
        return Outlook(parts, state_rows(table.values), table.values, None, built=True)
    return Outlook(found.parts, found.rows, found.values, path, built=True)


def load_outlook(table: Table, *, path: Path | None = None) -> Outlook:
    """The validated, memory-mapped outlook of ``table``, built first (and said so, as a
    warning) when the file is missing, stale or bad."""
    target = path if path is not None else outlook_path()
    with _lock:
        key = _key(target, table)
        if key is not None and key in _loaded:
            return _loaded[key]
        unsaved = _unsaved.get((str(target), id(table.values)))
        if unsaved is not None:
            return unsaved
        source = _digest(table.values)
        try:
            found = _read(target, table, source)
        except _BadFileError:
            with _build_lock(target):
                try:  # built by another process while this one waited
                    found = _read(target, table, source)
                except _BadFileError as fault:
                    log.warning("outlook table %s: %s; building it", target, fault)
                    found = build_outlook(table, target)
            if found.path is None:
                _unsaved[(str(target), id(table.values))] = found
                return found
        key = _key(target, table)
        if key is not None:
            _loaded[key] = found
        return found


@contextlib.contextmanager
def _build_lock(target: Path) -> Iterator[None]:
    """Hold the lock on building ``target``, shared by every process using its folder (the lock
    goes with the process, so a build that dies never blocks the next)."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target.parent / f".{target.name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield  # a folder without room for a lock file cannot take the table either
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def forget_loaded() -> None:
    """Drop the outlooks this process keeps, so the next load checks its file again."""
    with _lock:
        _loaded.clear()
        _unsaved.clear()


__all__ = ["FILE_NAME", "Outlook", "build_outlook", "forget_loaded", "load_outlook", "outlook_path"]
