"""Whole-number command-line arguments, checked by argparse so a bad value is one clear line."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def whole_number(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``least`` to ``most`` (no upper end if None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < least:
            limit = "must not be negative" if least == 0 else f"must be at least {least}"
            raise argparse.ArgumentTypeError(f"{limit}, got {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:,}, got {value:,}")
        return value

    return parse


def seconds(*, zero: bool) -> Callable[[str], float]:
    """An argparse ``type``: a finite time in seconds, above 0 (or from 0 when ``zero``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a number of seconds, got {text!r}"
            ) from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"expected a finite number of seconds, got {text!r}")
        if value < 0 or (value == 0 and not zero):
            limit = "must not be negative" if zero else "must be more than 0"
            raise argparse.ArgumentTypeError(f"{limit}, got {text!r}")
        return value

    return parse
