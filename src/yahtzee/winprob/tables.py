r"""The distribution tables behind the win probabilities, built from the solver's EV table.

Let ``X(s)`` be the points still to come from between-turn state ``s = (mask, y, upper)`` when a
side plays the EV-optimal strategy (the solver's, ``yahtzee.solver.dp``). Its whole law, for every
reachable state, comes from ``yahtzee.winprob.dist`` (stored as a CDF at 129 knots per state:
``knots``, ``lo``, ``step``, indexed by ``rows[mask, y, upper]``).

For the last box (exactly one box open, the state indexed ``[box, y, upper]``) two exact tables:

- ``pmf1[b, y, u, g]``: P(the last turn gains ``g`` points) under the EV-optimal play;
- ``win1[b, y, u, n]``, ``draw1[b, y, u, n]``: playing the last turn to beat a known
  ``n`` = (opponent's final total − own total now), ``0 <= n <= 165``: the chance to gain more
  than ``n`` and to gain exactly ``n`` under the play maximising P(win) + ½ P(draw) (ties by more
  points). ``n < 0`` is a sure win, ``n > 165`` a sure loss.

All are stored together in ``<cache dir>/winprob-forced-joker-v2.bin`` (a 4 KiB JSON header
with each array's shape and type, the SHA-256 of the data and of the EV table they come from,
then the raw arrays), written atomically and memory-mapped read-only, like the solver's table.
A missing, stale or corrupt file is reported as a warning and rebuilt (about a minute on two
cores; 162 MB); when the file cannot be written, that is a warning too and the tables built stay
in memory for the caller.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import math
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numba
import numpy as np
import numpy.typing as npt

from yahtzee.rules import NUM_BOXES, YAHTZEE_INDEX
from yahtzee.solver import Table
from yahtzee.solver.compiled import on_threads
from yahtzee.solver.scoring import NUM_GAINS, roll_options
from yahtzee.solver.store import cache_dir, cannot_save, write_atomically
from yahtzee.solver.tables import (
    FULL_MASK,
    NUM_MASKS,
    NUM_ROLLS,
    NUM_UPPER,
    UPPER_MASK,
    UPPER_NREACHABLE,
    UPPER_REACHABLE,
    FloatArray,
    IntArray,
)
from yahtzee.winprob import dist
from yahtzee.winprob.dist import KNOTS, U16Array, state_rows
from yahtzee.winprob.lattice import ONE, ONE_LANE, THREE, buffers, turn

if TYPE_CHECKING:
    from yahtzee.winprob.kernel import Laws

log = logging.getLogger(__name__)

FILE_NAME: Final = "winprob-forced-joker-v2.bin"
OLD_FILES: Final = "winprob-forced-joker-v*.bin"
MAGIC: Final = b"YAHTZEE-WINPROB-TABLES\n"
HEADER_SIZE: Final = 4096
DTYPE: Final = np.dtype("<f8")
LAST_SHAPE: Final = (NUM_BOXES, 2, NUM_UPPER, NUM_GAINS)
TIE_POINTS: Final = 1e-9
"""Weight of one point in the last-box play-to-win utility: breaks exact ties by points only."""
_JOBS: Final = 2 * NUM_BOXES
"""The last-box tables' jobs: one per (last box, yahtzee50)."""


@numba.njit(cache=True, nogil=True)
def _last_box(
    pmf: FloatArray,
    win: FloatArray,
    draw: FloatArray,
    reachable: IntArray,
    nreachable: IntArray,
    tie: float,
    t: int,
    nt: int,
) -> None:
    """Fill the one-box tables for every reachable ``[b, y, u]`` (see the module docstring) of
    the jobs ``(b, y)`` numbered ``t, t + nt, …`` (one thread's share, ``compiled.on_threads``)."""
    ng = pmf.shape[3]
    bx = np.empty(NUM_BOXES, dtype=np.int64)
    gn = np.empty(NUM_BOXES, dtype=np.int64)
    nus = np.empty(NUM_BOXES, dtype=np.int64)
    nys = np.empty(NUM_BOXES, dtype=np.int64)
    kp = 1 + ng
    pv0, pl1, pl2, pbest, pv2, pstart = buffers(kp, ONE)
    wv0, wl1, wl2, wbest, wv2, wstart = buffers(THREE, ng)
    gains = np.empty(NUM_ROLLS, dtype=np.int64)
    for job in range(t, _JOBS, nt):
        b = job // 2
        y = job % 2
        if b == YAHTZEE_INDEX and y == 1:
            continue
        mask = FULL_MASK ^ (1 << b)
        for iu in range(nreachable[mask & UPPER_MASK]):
            u = reachable[mask & UPPER_MASK, iu]
            for r in range(NUM_ROLLS):
                roll_options(mask, y, u, r, bx, gn, nus, nys)
                gains[r] = gn[0]
            # EV play: channel 0 the points, channel 1 + g the indicator of gaining g.
            for ch in range(kp):
                for r in range(NUM_ROLLS):
                    pv0[ch, r, 0] = 0.0
            for r in range(NUM_ROLLS):
                pv0[0, r, 0] = gains[r]
                pv0[1 + gains[r], r, 0] = 1.0
            turn(kp, ONE_LANE, pv0, pl1, pl2, pbest, pv2, pstart)
            for g in range(ng):
                pmf[b, y, u, g] = pstart[1 + g, 0]
            # Play to beat n: channel 0 utility (+ points to break ties), 1 win, 2 draw.
            for r in range(NUM_ROLLS):
                c = gains[r]
                for n in range(ng):
                    wv = 1.0 if c > n else 0.0
                    dv = 1.0 if c == n else 0.0
                    wv0[0, r, n] = wv + 0.5 * dv + tie * c
                    wv0[1, r, n] = wv
                    wv0[2, r, n] = dv
            turn(THREE, ng, wv0, wl1, wl2, wbest, wv2, wstart)
            for n in range(ng):
                win[b, y, u, n] = wstart[1, n]
                draw[b, y, u, n] = wstart[2, n]


def compute(w: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """``(pmf1, win1, draw1)`` from the EV table ``w`` (8192, 2, 64), each
    ndarray(float64, (13, 2, 64, 166)); 0 for states no game reaches."""
    pmf = np.zeros(LAST_SHAPE)
    win = np.zeros(LAST_SHAPE)
    draw = np.zeros(LAST_SHAPE)
    on_threads(
        _last_box, pmf, win, draw, UPPER_REACHABLE, UPPER_NREACHABLE, TIE_POINTS, items=_JOBS
    )
    return pmf, win, draw


@dataclass(frozen=True, eq=False, slots=True)
class WinTables:
    """The EV table and the distribution tables, read-only (memory-mapped when loaded).

    w : ndarray(float64, (8192, 2, 64)), E[X] (the solver's table).
    pmf1, win1, draw1 : ndarray(float64, (13, 2, 64, 166)), the last-box tables.
    knots, lo, step, rows : the law of X for every state (``yahtzee.winprob.dist``):
    uint16 (536448, 129), int64 (536448,) twice, int64 (8192, 2, 64).
    """

    w: FloatArray
    pmf1: FloatArray
    win1: FloatArray
    draw1: FloatArray
    knots: U16Array
    lo: IntArray
    step: IntArray
    rows: IntArray
    path: Path | None = None
    built: bool = False

    @property
    def laws(self) -> Laws:
        """The arrays ``kernel.after_value`` reads, in its order."""
        return (
            self.pmf1, self.win1, self.draw1, self.knots, self.lo, self.step, self.rows,
        )  # fmt: skip


class _BadFileError(Exception):
    pass


def tables_path() -> Path:
    """Where the tables live: beside the solver's table."""
    return cache_dir() / FILE_NAME


def _table_digest(table: Table) -> str:
    return hashlib.sha256(np.ascontiguousarray(table.values).data).hexdigest()


@cache
def _layout() -> tuple[tuple[tuple[int, ...], str], ...]:
    """Shape and type of each stored array, in file order: pmf1, win1, draw1, lo, step, rows,
    knots (wider types first, so every array starts aligned)."""
    starts = state_rows()[1]
    n = int(starts[14])
    f8, i8 = DTYPE.str, np.dtype("<i8").str
    return (
        (LAST_SHAPE, f8),
        (LAST_SHAPE, f8),
        (LAST_SHAPE, f8),
        ((n,), i8),
        ((n,), i8),
        ((NUM_MASKS, 2, NUM_UPPER), i8),
        ((n, KNOTS + 1), np.dtype("<u2").str),
    )


def _sizes(layout: tuple[tuple[tuple[int, ...], str], ...]) -> list[int]:
    """The size in bytes of each array of ``layout``."""
    return [math.prod(shape) * np.dtype(dtype).itemsize for shape, dtype in layout]


def file_size() -> int:
    """The size in bytes of a tables file (header included)."""
    return HEADER_SIZE + sum(_sizes(_layout()))


def _write(arrays: list[npt.NDArray[Any]], source: str, path: Path) -> None:
    data = [
        np.ascontiguousarray(a, dtype=np.dtype(dtype)).data
        for a, (_, dtype) in zip(arrays, _layout(), strict=True)
    ]
    digest = hashlib.sha256()
    for chunk in data:
        digest.update(chunk)
    meta = {
        "format": 2,
        "arrays": [[list(shape), dtype] for shape, dtype in _layout()],
        "sha256": digest.hexdigest(),
        "source_sha256": source,
    }
    head = (MAGIC + json.dumps(meta, sort_keys=True).encode() + b"\n").ljust(HEADER_SIZE, b" ")
    write_atomically(path, [head, *data])


def _read(path: Path, table: Table) -> WinTables:
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            head = f.read(HEADER_SIZE)
    except FileNotFoundError:
        raise _BadFileError("missing") from None
    except OSError as error:
        raise _BadFileError(f"unreadable ({error.strerror})") from None
    if not head.startswith(MAGIC):
        raise _BadFileError("bad magic")
    try:
        meta = json.loads(head[len(MAGIC) :].decode())
    except (UnicodeDecodeError, ValueError):
        raise _BadFileError("unreadable header") from None
    layout = _layout()
    if not isinstance(meta, dict) or meta.get("arrays") != [[list(s), t] for s, t in layout]:
        raise _BadFileError("unexpected arrays")
    nbytes = _sizes(layout)
    expected = HEADER_SIZE + sum(nbytes)
    if size != expected:
        raise _BadFileError(f"truncated or padded: {size} bytes, expected {expected}")
    if meta.get("source_sha256") != _table_digest(table):
        raise _BadFileError("built from another solver table")
    raw = np.asarray(np.memmap(path, dtype=np.uint8, mode="r", offset=HEADER_SIZE))
    if hashlib.sha256(raw.data).hexdigest() != meta.get("sha256"):
        raise _BadFileError("checksum mismatch")
    arrays: list[npt.NDArray[Any]] = []
    at = 0
    for (shape, dtype), n in zip(layout, nbytes, strict=True):
        arrays.append(raw[at : at + n].view(np.dtype(dtype)).reshape(shape))
        at += n
    pmf1, win1, draw1, lo, step, rows, knots = arrays
    return WinTables(table.values, pmf1, win1, draw1, knots, lo, step, rows, path)


def _build(table: Table) -> list[npt.NDArray[Any]]:
    pmf1, win1, draw1 = compute(table.values)
    knots, lo, step, rows = dist.compute(table.values)
    return [pmf1, win1, draw1, lo, step, rows, knots]


_FileKey = tuple[str, int, int, int, int]
"""A file's identity (path, inode, size, modification time) and the EV table it serves."""
_loaded: dict[_FileKey, WinTables] = {}
_rejected: set[_FileKey] = set()
"""Files found bad, by identity: each is checked (162 MB hashed) and reported once, not at every
look while a server waits for good tables."""
_lock = threading.Lock()


def _file_key(target: Path, st: os.stat_result, table: Table) -> _FileKey:
    return (str(target), st.st_ino, st.st_size, st.st_mtime_ns, id(table.values))


def find_win_tables(table: Table, *, path: Path | None = None) -> WinTables | None:
    """The cached tables for ``table`` if a valid file is there now, else None (never builds).

    The server asks this while ``yahtzee solve --win`` builds the file in another process."""
    target = path if path is not None else tables_path()
    with _lock:
        try:
            st = target.stat()
        except OSError:
            return None
        key = _file_key(target, st, table)
        if key in _loaded:
            return _loaded[key]
        if key in _rejected:
            return None
        try:
            found = _read(target, table)
        except _BadFileError as error:
            _rejected.add(key)
            log.warning("win-probability tables %s: %s; not used", target, error)
            return None
        _loaded[key] = found
        return found


def load_win_tables(table: Table, *, path: Path | None = None) -> WinTables:
    """The validated, memory-mapped tables for ``table``, built (and said so, as a warning)
    when missing, stale or bad."""
    target = path if path is not None else tables_path()
    with _lock:
        key: _FileKey | None
        try:
            key = _file_key(target, target.stat(), table)
        except OSError:
            key = None
        if key is not None and key in _loaded:
            return _loaded[key]
        try:
            found = _read(target, table)
        except _BadFileError:
            with _build_lock(target):
                try:  # built by another process while this one waited
                    found = _read(target, table)
                except _BadFileError as fault:
                    log.warning(
                        "win-probability tables %s: %s; building them (about a minute)",
                        target,
                        fault,
                    )
                    found = _build_and_save(table, target)
                    if found.path is None:
                        return found
        _loaded[_file_key(target, target.stat(), table)] = found
        _drop_old_versions(target)
        return found


def _build_and_save(table: Table, target: Path) -> WinTables:
    """Build the tables into ``target``; kept in memory only (no path) when it cannot be
    written."""
    started = time.perf_counter()
    arrays = _build(table)
    try:
        _write(arrays, _table_digest(table), target)
    except OSError as error:
        log.warning(cannot_save("win-probability tables", target, error))
        return _in_memory(table, arrays)
    found = replace(_read(target, table), built=True)
    log.warning("win-probability tables built in %.0f s", time.perf_counter() - started)
    return found


@contextlib.contextmanager
def _build_lock(target: Path) -> Iterator[None]:
    """Hold the lock on building ``target``, shared by every process using its folder.

    Servers sharing one cache each start a build when the file is missing: without the lock,
    each would take a minute of the cores and up to 1 GB for the same file. The lock goes with the
    process, so a build that dies never blocks the next."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target.parent / f".{target.name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield  # a folder without room for a lock file cannot take the tables either
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.warning(
                "win-probability tables %s: another process is building them; waiting", target
            )
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def _in_memory(table: Table, arrays: list[npt.NDArray[Any]]) -> WinTables:
    """The tables of ``_build``, in the types a file would give them, read-only, no path."""
    typed = [
        np.ascontiguousarray(a, dtype=np.dtype(dtype))
        for a, (_, dtype) in zip(arrays, _layout(), strict=True)
    ]
    for a in typed:
        a.flags.writeable = False
    pmf1, win1, draw1, lo, step, rows, knots = typed
    return WinTables(table.values, pmf1, win1, draw1, knots, lo, step, rows, None, built=True)


def _drop_old_versions(target: Path) -> None:
    """Delete the files of earlier formats beside ``target``: nothing reads them any more, and
    one is 23 MB. (A process still mapping one keeps its pages until it exits.)"""
    for old in target.parent.glob(OLD_FILES):
        if old.name != target.name:
            try:
                old.unlink()
            except OSError as error:
                log.warning("could not remove the old tables %s: %s", old, error.strerror)
