"""The dice key: the secret that, with a game's record id, fixes its dice (``dice_record``).

``$YAHTZEE_DICE_KEY`` sets it, for a deployment of many replicas that must agree. Without it the
key is made once and kept in ``<cache dir>/dice-key`` (the cache folder of the solver table):
the default for one machine. Where that file cannot be written the key is made for this process
only, with a warning; a server started again then has a new key, and games in progress go on
with fresh dice (``DiceRecords.check``).
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from yahtzee.errors import YahtzeeError
from yahtzee.solver.store import cache_dir

log = logging.getLogger(__name__)

KEY_ENV: Final = "YAHTZEE_DICE_KEY"
FILE_NAME: Final = "dice-key"
MIN_LENGTH: Final = 16
"""Characters a key set by hand needs at least (``openssl rand -hex 32`` gives 64)."""

_MADE = re.compile(r"[0-9a-f]{64}")


class DiceKeyError(YahtzeeError):
    """``$YAHTZEE_DICE_KEY`` is set but unusable."""

    code = "dice_key"
    zh = "骰子密钥不可用"


@dataclass(frozen=True, slots=True)
class DiceKey:
    """The key's text, and where it came from: the environment, the cache file, or (when that
    cannot be written) made for this process only."""

    text: str
    source: Literal["env", "file", "memory"]
    path: Path | None = None

    @property
    def secret(self) -> bytes:
        return self.text.encode("utf-8")


_lock = threading.Lock()
_made_here: dict[str, str] = {}
"""Keys made in this process that could not be saved, by the file they were meant for."""


def key_path() -> Path:
    """The file that keeps the key made on this machine."""
    return cache_dir() / FILE_NAME


def dice_key() -> DiceKey:
    """The dice key: ``$YAHTZEE_DICE_KEY``, else the cache file's, made there first when missing.

    Raises DiceKeyError when the variable is set shorter than 16 characters.
    """
    text = os.environ.get(KEY_ENV)
    if text is not None:
        if len(text) < MIN_LENGTH:
            raise DiceKeyError(
                f"{KEY_ENV} has {len(text)} characters; use at least {MIN_LENGTH} random ones "
                "(for example the output of `openssl rand -hex 32`)"
            )
        return DiceKey(text, "env")
    path = key_path()
    with _lock:
        if str(path) in _made_here:
            return DiceKey(_made_here[str(path)], "memory")
        return _read_or_make(path)


def _read(path: Path) -> str | None:
    """The key kept at ``path``; None when there is none. A file that does not hold one is
    reported and set aside (the games made under it go on with fresh dice); OSError when it
    cannot be."""
    try:
        text = path.read_text("ascii").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        text = f"unreadable ({error})"
    if _MADE.fullmatch(text):
        return text
    log.warning("dice key file %s does not hold a key; making a new one", path)
    path.replace(path.with_name(f"{FILE_NAME}.bad"))
    return None


def _read_or_make(path: Path) -> DiceKey:
    for _ in range(3):
        text = secrets.token_hex(32)
        try:
            found = _read(path)
            if found is not None:
                return DiceKey(found, "file", path)
            _publish(path, text)
        except FileExistsError:
            continue  # another worker made it first: use theirs
        except OSError as error:
            log.warning(
                "cannot keep the dice key in %s: %s; this run has its own key, and games in "
                "progress will go on with fresh dice after a restart (set %s to keep one)",
                path,
                error.strerror or error,
                KEY_ENV,
            )
            _made_here[str(path)] = text
            return DiceKey(text, "memory")
        return DiceKey(text, "file", path)
    raise DiceKeyError(f"the dice key file {path} keeps changing")


def _publish(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` only if no file is there: the whole file appears at once
    (a private temp file, hard-linked into place), so two workers never get two keys.
    Raises FileExistsError when ``path`` already exists."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{FILE_NAME}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:  # mkstemp's file is private: 0600
            out.write(text + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.link(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
