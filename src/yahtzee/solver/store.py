"""The table store: the between-turn values, cached on disk, checked, and memory-mapped.

The file is ``<cache dir>/table-forced-joker-v1.bin``: a 4 KiB header (a magic line, then JSON with
the format version, rules, shape, dtype, the SHA-256 of the data and the value of a new game, padded
with spaces) followed by the raw float64 array. One file rather than an ``.npy`` plus a sidecar, so
that a single ``os.replace`` publishes header and data together: a concurrent reader sees the old
file or the new one, never half of either. The data is mapped read-only (``np.memmap``), so every
server worker shares one copy in the page cache.

The cache dir is ``$YAHTZEE_CACHE_DIR`` when set, else the platform's user cache dir for "yahtzee".
A missing, truncated or corrupt file is reported as a logging warning (one line on stderr when
logging is not configured) naming the file and the fault, and rebuilt; it is never used. A table
that cannot be written (a read-only or missing cache folder, a folder in the file's place) is
said so the same way and kept in memory for the rest of the process.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import tempfile
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import platformdirs

from yahtzee.errors import MalformedError, YahtzeeError
from yahtzee.rules import YAHTZEE_POINTS, Box, Sheet
from yahtzee.solver.dp import Progress, solve
from yahtzee.solver.kernel import TurnValues, turn_values
from yahtzee.solver.progress import StderrProgress
from yahtzee.solver.tables import FULL_MASK, NUM_MASKS, NUM_UPPER, UPPER_CAP, FloatArray

log = logging.getLogger(__name__)

RULES_ID: Final = "forced-joker"
FORMAT_VERSION: Final = 1
FILE_NAME: Final = f"table-{RULES_ID}-v{FORMAT_VERSION}.bin"
CACHE_ENV: Final = "YAHTZEE_CACHE_DIR"
SHAPE: Final = (NUM_MASKS, 2, NUM_UPPER)
DTYPE: Final = np.dtype("<f8")
HEADER_SIZE: Final = 4096
MAGIC: Final = b"YAHTZEE-SOLVER-TABLE\n"

NEW_GAME_VALUE: Final = 254.5877287
"""Expected final score of optimal solitaire play under forced-Joker rules (Verhoeff; Glenn)."""
NEW_GAME_TOLERANCE: Final = 1e-6


class TableError(YahtzeeError):
    """The solver table is missing or unusable and may not be built here."""

    code = "table_missing"
    zh = "策略表缺失，请先运行 yahtzee solve"


class _BadTableError(Exception):
    """Why a table file was rejected (internal: always turned into a warning or TableError)."""


@dataclass(frozen=True, eq=False, slots=True)
class Table:
    """The validated between-turn values ``W[mask, y, upper]``.

    values : ndarray(float64, shape (8192, 2, 64)), read-only (memory-mapped when loaded): the
        expected points still to come, indexed by the filled-box mask, 1 when ``yahtzee`` holds
        50, and the upper subtotal capped at 63. Unreachable entries are NaN.
    path : the file it was loaded from or written to, None for a table only in memory.
    built : True when this call computed the table rather than loading a cached one.
    """

    values: FloatArray
    path: Path | None = None
    built: bool = False

    @property
    def new_game_value(self) -> float:
        """Expected final total of a new game under optimal play (254.5877…)."""
        return float(self.values[0, 0, 0])

    def value(self, mask: int, upper: int, yahtzee50: bool) -> float:
        """``W`` of a state, unchecked (upper already capped at 63)."""
        return float(self.values[mask, int(yahtzee50), upper])

    def future(self, sheet: Sheet) -> float:
        """Expected points still to come from ``sheet`` between turns (0 for a full sheet).

        Raises MalformedError for a sheet no game can produce (e.g. 7 in ``ones``).
        """
        mask = sheet.used_mask
        if mask == FULL_MASK:
            return 0.0
        upper = min(sheet.upper_subtotal, UPPER_CAP)
        yahtzee50 = sheet.get(Box.YAHTZEE) == YAHTZEE_POINTS
        value = self.value(mask, upper, yahtzee50)
        if math.isnan(value):
            raise MalformedError(f"no game reaches this sheet: {sheet.scores()!r}")
        return value

    def turn_values(self, masks: object, uppers: object, yahtzee50: object) -> TurnValues:
        """The value lattice of one turn for each state; see ``kernel.turn_values``."""
        return turn_values(self.values, masks, uppers, yahtzee50)


def cache_dir() -> Path:
    """Where the table lives: ``$YAHTZEE_CACHE_DIR``, else the user cache dir for "yahtzee"."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("yahtzee"))


def table_path() -> Path:
    """The table file for these rules and this format version."""
    return cache_dir() / FILE_NAME


def _digest(values: FloatArray) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).data).hexdigest()


def _header(values: FloatArray) -> bytes:
    meta = {
        "format": FORMAT_VERSION,
        "rules": RULES_ID,
        "shape": list(SHAPE),
        "dtype": DTYPE.str,
        "sha256": _digest(values),
        "new_game": float(values[0, 0, 0]),
    }
    text = MAGIC + json.dumps(meta, sort_keys=True).encode() + b"\n"
    return text.ljust(HEADER_SIZE, b" ")


def write_atomically(path: Path, chunks: Iterable[bytes | memoryview]) -> None:
    """Write ``chunks`` to ``path`` so that readers see the old file or the whole new one, never
    part of it: a temp file in the same folder, flushed to disk, then renamed over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private; the tables are no secret, and workers running as
        # other users must be able to map them.
        os.fchmod(fd, 0o644)
        with os.fdopen(fd, "wb") as out:
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_table(values: FloatArray, path: Path) -> None:
    """Write ``values`` with its header to ``path`` atomically."""
    data = np.ascontiguousarray(values, dtype=DTYPE)
    write_atomically(path, (_header(data), data.data))


def _expect(ok: bool, fault: str) -> None:
    if not ok:
        raise _BadTableError(fault)


_Identity = tuple[str, int, int, int]


def _read_table(path: Path) -> tuple[Table, _Identity]:
    """Map and check the table at ``path``; raise _BadTableError saying what is wrong.

    Returns the table and the identity (path, inode, size, mtime) of the very file it mapped:
    the header, the checks and the map all use one open file, so a concurrent replacement can
    never mix two files.
    """
    try:
        with path.open("rb") as f:
            st = os.fstat(f.fileno())
            head = f.read(HEADER_SIZE)
            meta = _check_header(head, st.st_size)
            # A plain ndarray view of the map: indexing and numba calls on np.memmap are slow.
            values: FloatArray = np.asarray(
                np.memmap(f, dtype=DTYPE, mode="r", offset=HEADER_SIZE, shape=SHAPE)
            )
    except FileNotFoundError:
        raise _BadTableError("missing") from None
    except OSError as error:
        raise _BadTableError(f"unreadable ({error.strerror})") from None
    _expect(_digest(values) == meta.get("sha256"), "checksum mismatch")
    new_game = float(values[0, 0, 0])
    _expect(
        abs(new_game - NEW_GAME_VALUE) <= NEW_GAME_TOLERANCE and meta.get("new_game") == new_game,
        f"new game worth {new_game!r}, expected {NEW_GAME_VALUE}",
    )
    return Table(values, path), (str(path), st.st_ino, st.st_size, st.st_mtime_ns)


def _check_header(head: bytes, size: int) -> dict[str, object]:
    expected = HEADER_SIZE + math.prod(SHAPE) * DTYPE.itemsize
    _expect(head.startswith(MAGIC), "not a solver table (bad magic)")
    try:
        meta = json.loads(head[len(MAGIC) :].decode())
    except (UnicodeDecodeError, ValueError):
        raise _BadTableError("unreadable header") from None
    _expect(isinstance(meta, dict), "unreadable header")
    checked: dict[str, object] = meta
    _expect(meta.get("format") == FORMAT_VERSION, f"format {meta.get('format')!r}")
    _expect(meta.get("rules") == RULES_ID, f"rules {meta.get('rules')!r}")
    _expect(meta.get("shape") == list(SHAPE), f"shape {meta.get('shape')!r}")
    _expect(meta.get("dtype") == DTYPE.str, f"dtype {meta.get('dtype')!r}")
    _expect(size == expected, f"truncated or padded: {size} bytes, expected {expected}")
    return checked


# Loaded tables by file identity, so repeated calls in one process neither re-hash nor re-map; a
# replaced or rewritten file has a new identity and is checked again.
_loaded: dict[_Identity, Table] = {}
# Tables built in this process that could not be written, by the path they were meant for.
_unsaved: dict[str, Table] = {}
_lock = threading.Lock()


def _identity(path: Path) -> _Identity | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (str(path), st.st_ino, st.st_size, st.st_mtime_ns)


def _progress(progress: Progress | bool) -> Progress | None:
    if progress is True:
        return StderrProgress()
    if progress is False:
        return None
    return progress


def cannot_save(what: str, path: Path, error: OSError) -> str:
    """The one-line warning for a cache file that could not be written (the reason, and that
    the work is lost): a cache is an optimisation, so callers go on with what they computed."""
    reason = error.strerror or str(error)
    if error.filename is not None and Path(error.filename) in path.parents:
        reason += f": {error.filename}"  # the folder is the problem: a file, or cannot be made
    return f"cannot save the {what} to {path}: {reason}; it will be computed again next time"


def _build(progress: Progress | bool, target: Path) -> tuple[Table, _Identity | None]:
    """The solved table, mapped from ``target``; only in memory (key None) when it cannot be
    written there, e.g. a read-only or missing cache folder, or a folder in the file's place."""
    values = solve(_progress(progress))
    try:
        write_table(values, target)
    except OSError as error:
        log.warning(cannot_save("solver table", target, error))
        values.flags.writeable = False
        return Table(values, None, built=True), None
    try:
        table, key = _read_table(target)
    except _BadTableError as fault:
        raise TableError(
            f"solver table {str(target)!r} is unusable right after writing: {fault}"
        ) from None
    return Table(table.values, target, built=True), key


def build_table(*, progress: Progress | bool = True, path: Path | None = None) -> Table:
    """Solve the DP, write it atomically to ``path`` (default ``table_path()``), and return it
    mapped from the file. ``progress``: True for a report on stderr, False for none, or a
    callback ``(done, total)``. When the file cannot be written this says so as a warning and
    returns the table in memory, with ``path`` None."""
    target = path if path is not None else table_path()
    table, key = _build(progress, target)
    with _lock:
        _remember(target, table, key)
    return table


def _remember(target: Path, table: Table, key: _Identity | None) -> None:
    """Keep a table just built for the next load in this process (call with the lock held)."""
    if key is None:
        _unsaved[str(target)] = Table(table.values)
    else:
        _unsaved.pop(str(target), None)
        _loaded[key] = Table(table.values, table.path)


def load_table(
    *, build_if_missing: bool = True, progress: Progress | bool = True, path: Path | None = None
) -> Table:
    """Return the validated, memory-mapped table, building it first when it is missing or bad.

    A bad file is reported as a warning naming it and the fault. With ``build_if_missing``
    False, raises TableError instead of building. ``progress`` as for ``build_table``.
    """
    target = path if path is not None else table_path()
    with _lock:
        key = _identity(target)
        if key is not None and key in _loaded:
            return _loaded[key]
        try:
            table, key = _read_table(target)
        except _BadTableError as fault:
            # Built earlier in this process but not saved: solving again would only repeat
            # the same seconds and the same failed write.
            unsaved = _unsaved.get(str(target))
            if unsaved is not None:
                return unsaved
            if not build_if_missing:
                raise TableError(
                    f"solver table {str(target)!r} is unusable ({fault}); "
                    "run `yahtzee solve` to build it"
                ) from None
            if str(fault) == "missing":
                log.warning("solver table %s is missing; building it (a few seconds)", target)
            else:
                log.warning("solver table %s is bad (%s); rebuilding it", target, fault)
            started = time.perf_counter()
            table, built_key = _build(progress, target)
            log.info("solver table built in %.1f s", time.perf_counter() - started)
            _remember(target, table, built_key)
            return table
        _loaded[key] = Table(table.values, table.path)
        return table


def forget_loaded(paths: Iterable[Path] = ()) -> None:
    """Drop in-process cached tables (all, or those of ``paths``) so the next load re-checks."""
    with _lock:
        names = {str(p) for p in paths}
        for key in list(_loaded):
            if not names or key[0] in names:
                del _loaded[key]
        for name in list(_unsaved):
            if not names or name in names:
                del _unsaved[name]
