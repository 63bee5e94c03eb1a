"""Progress reports while the table is built: a bar on a terminal, plain lines anywhere else."""

from __future__ import annotations

import sys
import time
from typing import TextIO

_BAR_WIDTH = 30
_LINE_STEP = 10  # percent between plain lines, so logs stay short


class StderrProgress:
    """A ``Progress`` callback writing to ``stream`` (stderr by default).

    On a terminal it redraws one bar in place; otherwise (a log file, a pipe, CI) it writes a line
    every 10 %, since carriage returns would garble those.
    """

    def __init__(self, stream: TextIO | None = None, label: str = "solving") -> None:
        self._stream = stream if stream is not None else sys.stderr
        self._label = label
        self._tty = self._stream.isatty()
        self._start = time.perf_counter()
        self._next_line = 0

    def __call__(self, done: int, total: int) -> None:
        percent = 100 * done // total if total else 100
        elapsed = time.perf_counter() - self._start
        if self._tty:
            filled = _BAR_WIDTH * percent // 100
            bar = "#" * filled + "." * (_BAR_WIDTH - filled)
            end = "\n" if done >= total else ""
            self._stream.write(f"\r{self._label} [{bar}] {percent:3d}% {elapsed:5.1f} s{end}")
        elif percent >= self._next_line or done >= total:
            self._stream.write(
                f"{self._label}: {percent}% ({done:,} of {total:,} states, {elapsed:.1f} s)\n"
            )
            self._next_line = (percent // _LINE_STEP + 1) * _LINE_STEP
        self._stream.flush()
