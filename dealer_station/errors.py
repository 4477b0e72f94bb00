"""Errors a user can cause. Each renders as one line naming what is wrong."""

from __future__ import annotations

MAX_ECHO = 200
"""At most this many characters of a field path reach the error line (problems: twice that).

Fields and problems often quote what the user typed; a 10 MB amount or key must not
become a 10 MB line.
"""

_ESCAPES = str.maketrans({"\n": "\\n", "\r": "\\r", "\t": " ", "\x00": "\\0"})


def one_line(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` on one line, cut in the middle to ``limit`` characters (head … tail).

    The tail is kept because it often says where the problem is ("(column 7)").
    """
    flat = text.translate(_ESCAPES)
    if len(flat) <= limit:
        return flat
    tail = limit // 4
    return f"{flat[: limit - tail - 1]}…{flat[-tail:]}"


class DealerStationError(Exception):
    """Base of every refusal the station reports to a person (never a traceback).

    ``field`` is capped to ``MAX_ECHO`` characters and ``problem`` to twice that, each on
    one line, so every error line stays short whatever input it quotes.
    """

    def __init__(self, problem: str, field: str | None = None) -> None:
        self.field = one_line(field) if field else field
        self.problem = one_line(str(problem), 2 * MAX_ECHO)
        super().__init__(f"{self.field}: {self.problem}" if self.field else self.problem)

    def at(self, prefix: str) -> DealerStationError:
        """Return the same error with ``prefix`` put in front of its field path."""
        field = f"{prefix}.{self.field}" if self.field else prefix
        return type(self)(self.problem, field)


class CardError(DealerStationError):
    """A malformed or impossible card (unknown notation, used twice, wrong count)."""


class RecordError(DealerStationError):
    """A round record that breaks the format or the rules of its game."""


class ConfigError(DealerStationError):
    """A table profile that does not validate."""


class RuleError(DealerStationError):
    """A command that the rules or the current phase do not allow."""
