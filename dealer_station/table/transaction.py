"""What a game's hooks are given while a command or device report is being decided.

The engine's ``Tx`` implements it: every ``emit`` is folded into a scratch copy of the
table's state at once (so the next rule sees it), every phase change it causes is checked
against the game's declared phase graph, and nothing reaches the journal, the live state
or a device until the whole transaction commits.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from ..config import TableConfig
from .event_base import Event
from .state import RoundState, TableState

S = TypeVar("S")


class Transaction(Protocol):
    """One command's unit of work, as the rules see it."""

    state: TableState
    """The scratch state: the table as it will be if the transaction commits."""
    at: str
    """When the transaction's events are journaled (UTC, the journal's format)."""
    trial: bool
    """A trial before a supervisor's PIN is checked: it is thrown away, so ask no outside service for
    what cannot be taken back (the floor's slip numbers)."""

    @property
    def table(self) -> TableConfig:
        """The table's configuration in force."""
        ...

    @property
    def round(self) -> RoundState:
        """The round in progress (a ``RuleError`` when none is)."""
        ...

    def emit(self, event: Event, actor: str) -> None:
        """Add ``event`` and fold it into ``state`` (a phase change it causes must be in the graph)."""
        ...

    def effect(self, device: str, what: str) -> None:
        """Ask ``device`` to do ``what`` once the transaction is durable."""
        ...

    def service(self, kind: type[S]) -> S | None:
        """The table's service of ``kind`` the station gave the session (THB: its link to the
        progressive controller, ``jackpot.PoolLink``), or None when it has none."""
        ...
