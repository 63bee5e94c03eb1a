r"""The distribution tables behind the win probabilities, built from the solver's EV table.

Let ``X(s)`` be the points still to come from between-turn state ``s = (mask, y, upper)`` when a
side plays the EV-optimal strategy (the solver's, ``yahtzee.solver.dp``). The solver stores
``W(s) = E[X(s)]``. Here, by the same DP with the argmax choices fixed by ``W``:

.. math::

    M_2(s) = E[X(s)^2], \qquad M_3(s) = E[X(s)^3]

For the final roll ``r`` scored in the EV-best box with gain ``c`` (points, +100, +35) and next
state ``s'``: ``E[(c + X')^2] = c^2 + 2cW(s') + M_2(s')`` and
``E[(c + X')^3] = c^3 + 3c^2 W(s') + 3c M_2(s') + M_3(s')``. Keeps average over one more die,
rolls take the EV-best option, exactly as for ``W`` (``yahtzee.winprob.lattice``: channel 0 is the
expected points, channels 1 and 2 the moments). Full sheets have every moment 0.

For the last box (exactly one box open, the state indexed ``[box, y, upper]``) two exact tables:

- ``pmf1[b, y, u, g]``: P(the last turn gains ``g`` points) under the EV-optimal play;
- ``win1[b, y, u, n]``, ``draw1[b, y, u, n]``: playing the last turn to beat a known
  ``n`` = (opponent's final total − own total now), ``0 <= n <= 165``: the chance to gain more
  than ``n`` and to gain exactly ``n`` under the play maximising P(win) + ½ P(draw) (ties by more
  points). ``n < 0`` is a sure win, ``n > 165`` a sure loss.

All are stored together in ``<cache dir>/winprob-forced-joker-v1.bin`` (a 4 KiB JSON header
with the SHA-256 of the data and of the EV table they come from, then the raw arrays), written
atomically and memory-mapped read-only, like the solver's table. A missing, stale or corrupt file
is reported as a warning and rebuilt (about a minute on two cores).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

import numba
import numpy as np

from yahtzee.solver import Table
from yahtzee.solver.dp import layer_groups
from yahtzee.solver.scoring import NUM_GAINS, roll_options
from yahtzee.solver.store import cache_dir, write_atomically
from yahtzee.solver.tables import (
    NUM_MASKS,
    NUM_ROLLS,
    NUM_UPPER,
    UPPER_NREACHABLE,
    UPPER_REACHABLE,
    FloatArray,
    IntArray,
)
from yahtzee.winprob.lattice import FULL, turn

log = logging.getLogger(__name__)

FILE_NAME: Final = "winprob-forced-joker-v1.bin"
MAGIC: Final = b"YAHTZEE-WINPROB-TABLES\n"
HEADER_SIZE: Final = 4096
DTYPE: Final = np.dtype("<f8")
MOMENTS_SHAPE: Final = (2, NUM_MASKS, 2, NUM_UPPER)
LAST_SHAPE: Final = (13, 2, NUM_UPPER, NUM_GAINS)
TIE_POINTS: Final = 1e-9
"""Weight of one point in the last-box play-to-win utility: breaks exact ties by points only."""
_UPPER_BITS = 0x3F


@numba.njit(cache=True, parallel=True)
def _moment_groups(
    w: FloatArray,
    m: FloatArray,
    masks: IntArray,
    ys: IntArray,
    reachable: IntArray,
    nreachable: IntArray,
    nt: int,
) -> None:
    """Fill ``m[0]`` = M2 and ``m[1]`` = M3 for every reachable state of the groups."""
    n = masks.shape[0]
    for t in numba.prange(nt):
        v0 = np.empty((3, NUM_ROLLS, NUM_UPPER))
        lat1 = np.empty((3, 462, NUM_UPPER))
        lat2 = np.empty((3, 462, NUM_UPPER))
        best = np.empty((3, 462, NUM_UPPER))
        v2 = np.empty((3, NUM_ROLLS, NUM_UPPER))
        start = np.empty((3, NUM_UPPER))
        bx = np.empty(13, dtype=np.int64)
        gn = np.empty(13, dtype=np.int64)
        nus = np.empty(13, dtype=np.int64)
        nys = np.empty(13, dtype=np.int64)
        for g in range(t, n, nt):
            mask = masks[g]
            y = ys[g]
            nl = nreachable[mask & 0x3F]
            for i in range(nl):
                u = reachable[mask & 0x3F, i]
                for r in range(NUM_ROLLS):
                    cnt = roll_options(mask, y, u, r, bx, gn, nus, nys)
                    bv = -np.inf
                    for j in range(cnt):
                        nm = mask | (1 << bx[j])
                        c = float(gn[j])
                        if nm == FULL:
                            e1 = 0.0
                            e2 = 0.0
                            e3 = 0.0
                        else:
                            e1 = w[nm, nys[j], nus[j]]
                            e2 = m[0, nm, nys[j], nus[j]]
                            e3 = m[1, nm, nys[j], nus[j]]
                        val = c + e1
                        if val > bv:
                            bv = val
                            v0[0, r, i] = val
                            v0[1, r, i] = c * c + 2.0 * c * e1 + e2
                            v0[2, r, i] = c * c * c + 3.0 * c * c * e1 + 3.0 * c * e2 + e3
            turn(3, nl, v0, lat1, lat2, best, v2, start)
            for i in range(nl):
                u = reachable[mask & 0x3F, i]
                m[0, mask, y, u] = start[1, i]
                m[1, mask, y, u] = start[2, i]


@numba.njit(cache=True, parallel=True)
def _last_box(
    pmf: FloatArray,
    win: FloatArray,
    draw: FloatArray,
    reachable: IntArray,
    nreachable: IntArray,
    tie: float,
    nt: int,
) -> None:
    """Fill the one-box tables for every reachable ``[b, y, u]`` (see the module docstring)."""
    ng = pmf.shape[3]
    for t in numba.prange(nt):
        bx = np.empty(13, dtype=np.int64)
        gn = np.empty(13, dtype=np.int64)
        nus = np.empty(13, dtype=np.int64)
        nys = np.empty(13, dtype=np.int64)
        kp = 1 + ng
        pv0 = np.zeros((kp, NUM_ROLLS, 1))
        pl1 = np.empty((kp, 462, 1))
        pl2 = np.empty((kp, 462, 1))
        pbest = np.empty((kp, 462, 1))
        pv2 = np.empty((kp, NUM_ROLLS, 1))
        pstart = np.empty((kp, 1))
        wv0 = np.empty((3, NUM_ROLLS, ng))
        wl1 = np.empty((3, 462, ng))
        wl2 = np.empty((3, 462, ng))
        wbest = np.empty((3, 462, ng))
        wv2 = np.empty((3, NUM_ROLLS, ng))
        wstart = np.empty((3, ng))
        gains = np.empty(NUM_ROLLS, dtype=np.int64)
        for job in range(t, 26, nt):
            b = job // 2
            y = job % 2
            if b == 11 and y == 1:
                continue
            mask = FULL ^ (1 << b)
            for iu in range(nreachable[mask & 0x3F]):
                u = reachable[mask & 0x3F, iu]
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
                turn(kp, 1, pv0, pl1, pl2, pbest, pv2, pstart)
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
                turn(3, ng, wv0, wl1, wl2, wbest, wv2, wstart)
                for n in range(ng):
                    win[b, y, u, n] = wstart[1, n]
                    draw[b, y, u, n] = wstart[2, n]


def compute(w: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """``(moments, pmf1, win1, draw1)`` from the EV table ``w`` (8192, 2, 64).

    moments : ndarray(float64, (2, 8192, 2, 64)): M2 and M3; NaN where ``w`` is NaN.
    pmf1, win1, draw1 : ndarray(float64, (13, 2, 64, 166)); 0 for states no game reaches.
    """
    threads = numba.get_num_threads()
    m = np.full(MOMENTS_SHAPE, np.nan)
    full_ups = UPPER_REACHABLE[_UPPER_BITS, : UPPER_NREACHABLE[_UPPER_BITS]]
    m[:, FULL, :, full_ups] = 0.0
    wc = np.ascontiguousarray(w)
    for filled in range(12, -1, -1):
        masks, ys = layer_groups(filled)
        _moment_groups(wc, m, masks, ys, UPPER_REACHABLE, UPPER_NREACHABLE, threads)
    pmf = np.zeros(LAST_SHAPE)
    win = np.zeros(LAST_SHAPE)
    draw = np.zeros(LAST_SHAPE)
    _last_box(pmf, win, draw, UPPER_REACHABLE, UPPER_NREACHABLE, TIE_POINTS, threads)
    return m, pmf, win, draw


@dataclass(frozen=True, eq=False, slots=True)
class WinTables:
    """The EV table and the distribution tables, read-only (memory-mapped when loaded).

    w : ndarray(float64, (8192, 2, 64)), E[X] (the solver's table).
    moments : ndarray(float64, (2, 8192, 2, 64)), E[X²] and E[X³].
    pmf1, win1, draw1 : ndarray(float64, (13, 2, 64, 166)), the last-box tables.
    """

    w: FloatArray
    moments: FloatArray
    pmf1: FloatArray
    win1: FloatArray
    draw1: FloatArray
    path: Path | None = None
    built: bool = False


class _BadFileError(Exception):
    pass


def tables_path() -> Path:
    """Where the tables live: beside the solver's table."""
    return cache_dir() / FILE_NAME


def _table_digest(table: Table) -> str:
    return hashlib.sha256(np.ascontiguousarray(table.values).data).hexdigest()


def _sizes() -> list[tuple[int, ...]]:
    return [MOMENTS_SHAPE, LAST_SHAPE, LAST_SHAPE, LAST_SHAPE]


def _write(arrays: list[FloatArray], source: str, path: Path) -> None:
    digest = hashlib.sha256()
    for a in arrays:
        digest.update(np.ascontiguousarray(a, dtype=DTYPE).data)
    meta = {
        "format": 1,
        "shapes": [list(s) for s in _sizes()],
        "dtype": DTYPE.str,
        "sha256": digest.hexdigest(),
        "source_sha256": source,
    }
    head = (MAGIC + json.dumps(meta, sort_keys=True).encode() + b"\n").ljust(HEADER_SIZE, b" ")
    data = [np.ascontiguousarray(a, dtype=DTYPE).data for a in arrays]
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
    if not isinstance(meta, dict) or meta.get("shapes") != [list(s) for s in _sizes()]:
        raise _BadFileError("unexpected shapes")
    expected = HEADER_SIZE + sum(math.prod(s) for s in _sizes()) * DTYPE.itemsize
    if size != expected:
        raise _BadFileError(f"truncated or padded: {size} bytes, expected {expected}")
    if meta.get("source_sha256") != _table_digest(table):
        raise _BadFileError("built from another solver table")
    raw = np.asarray(np.memmap(path, dtype=DTYPE, mode="r", offset=HEADER_SIZE))
    if hashlib.sha256(raw.data).hexdigest() != meta.get("sha256"):
        raise _BadFileError("checksum mismatch")
    arrays = []
    at = 0
    for shape in _sizes():
        n = math.prod(shape)
        arrays.append(raw[at : at + n].reshape(shape))
        at += n
    return WinTables(table.values, arrays[0], arrays[1], arrays[2], arrays[3], path)


_loaded: dict[tuple[str, int, int, int, int], WinTables] = {}
_lock = threading.Lock()


def find_win_tables(table: Table, *, path: Path | None = None) -> WinTables | None:
    """The cached tables for ``table`` if a valid file is there now, else None (never builds).

    The server asks this while ``yahtzee solve --win`` builds the file in another process."""
    target = path if path is not None else tables_path()
    with _lock:
        try:
            st = target.stat()
        except OSError:
            return None
        key = (str(target), st.st_ino, st.st_size, st.st_mtime_ns, id(table.values))
        if key in _loaded:
            return _loaded[key]
        try:
            found = _read(target, table)
        except _BadFileError:
            return None
        _loaded[key] = found
        return found


def load_win_tables(table: Table, *, path: Path | None = None) -> WinTables:
    """The validated, memory-mapped tables for ``table``, built (and said so, as a warning)
    when missing, stale or bad."""
    target = path if path is not None else tables_path()
    with _lock:
        try:
            st = target.stat()
            key: tuple[str, int, int, int, int] | None = (
                str(target),
                st.st_ino,
                st.st_size,
                st.st_mtime_ns,
                id(table.values),
            )
        except OSError:
            key = None
        if key is not None and key in _loaded:
            return _loaded[key]
        try:
            found = _read(target, table)
        except _BadFileError as fault:
            log.warning(
                "win-probability tables %s: %s; building them (about a minute)", target, fault
            )
            started = time.perf_counter()
            arrays = list(compute(table.values))
            _write(arrays, _table_digest(table), target)
            found = _read(target, table)
            found = replace(found, built=True)
            log.warning("win-probability tables built in %.0f s", time.perf_counter() - started)
        st = target.stat()
        _loaded[(str(target), st.st_ino, st.st_size, st.st_mtime_ns, id(table.values))] = found
        return found
