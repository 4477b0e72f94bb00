"""Argument types shared by the subcommands: bounded whole numbers and seconds.

argparse turns an ``ArgumentTypeError`` into the usual one-line usage error (exit 2), so
a value out of range never reaches code that would overflow on it (SQLite integers,
``deque(maxlen=...)``, Qt timers).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

SQLITE_MAX_INT = 2**63 - 1
MAX_PAR_ROUNDS = 10_000_000
"""Simulated rounds for a par sheet: about 40 minutes of work at most, never a runaway."""


def whole_number(minimum: int = 0, maximum: int = SQLITE_MAX_INT) -> Callable[[str], int]:
    """An argparse type: an ASCII whole number from ``minimum`` to ``maximum``."""

    def parse(text: str) -> int:
        stripped = text.strip()
        if not stripped.lstrip("-").isascii() or not stripped.lstrip("-").isdigit() or len(stripped) > 30:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}")
        value = int(stripped)
        if value < minimum:
            raise argparse.ArgumentTypeError(
                "must not be negative" if minimum == 0 else f"must be at least {minimum}")
        if value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}")
        return value

    return parse


def seconds(maximum: float) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds from 0 to ``maximum``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number of seconds: {text[:40]!r}") from None
        if not math.isfinite(value) or not 0 <= value <= maximum:
            raise argparse.ArgumentTypeError(f"must be a number of seconds from 0 to {maximum:g}, not {text[:40]!r}")
        return value

    return parse
