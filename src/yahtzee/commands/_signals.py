"""SIGTERM as a normal exit, so ``finally`` blocks and cleanups run.

Python's default for SIGTERM ends the process on the spot: a half-written table stays in the
cache folder as a temporary file, and ``serve`` leaves its 胜率 builder running on its own
(uvicorn, after a graceful shutdown, raises the signal again with the handler it found).
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType


def _exit(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def sigterm_exits() -> Iterator[None]:
    """Within the block, SIGTERM raises ``SystemExit(143)``; the old handler comes back after."""
    before = signal.signal(signal.SIGTERM, _exit)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
