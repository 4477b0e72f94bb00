"""Errors a user can cause. Each renders as one line naming what is wrong."""

from __future__ import annotations


class DealerStationError(Exception):
    """Base of every refusal the station reports to a person (never a traceback)."""

    def __init__(self, problem: str, field: str | None = None) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}" if field else problem)

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
