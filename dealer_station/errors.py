"""Errors a user can cause. Each renders as one line naming what is wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

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

    A refusal a croupier meets at the table also carries a message ``key`` and its
    ``values`` (amounts as text, spots by name), set where it is raised: the screen says it
    in the croupier's language from those, never by reading the English ``problem``.

    ``exit_status`` is what the command line exits with: 2 (bad input, nothing done) unless a
    subclass says otherwise (a journal whose chain is broken: 1, as ``journal verify`` says BROKEN).
    """

    exit_status: ClassVar[int] = 2

    def __init__(self, problem: str, field: str | None = None, *, key: str | None = None,
                 values: Mapping[str, str] | None = None) -> None:
        self.field = one_line(field) if field else field
        self.problem = one_line(str(problem), 2 * MAX_ECHO)
        self.key = key
        self.values: dict[str, str] = {k: one_line(str(v)) for k, v in (values or {}).items()}
        super().__init__(f"{self.field}: {self.problem}" if self.field else self.problem)

    def at(self, prefix: str) -> DealerStationError:
        """Return the same error with ``prefix`` put in front of its field path."""
        return self.located(f"{prefix}.{self.field}" if self.field else prefix)

    def located(self, field: str | None, **values: str) -> DealerStationError:
        """The same refusal (problem, key, values) at ``field``, with more ``values``."""
        return type(self)(self.problem, field, key=self.key, values={**self.values, **values})


class CardError(DealerStationError):
    """A malformed or impossible card (unknown notation, used twice, wrong count)."""


class RecordError(DealerStationError):
    """A round record that breaks the format or the rules of its game."""


class ConfigError(DealerStationError):
    """A table profile that does not validate."""


class RuleError(DealerStationError):
    """A command that the rules or the current phase do not allow."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, carrying one line that says what was kept ("interrupted after 61 rounds; journal ..."): the
    command line prints it and exits 130, as for any Ctrl-C."""
