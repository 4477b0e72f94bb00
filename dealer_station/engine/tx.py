"""One command's or one device burst's unit of work: ``Tx``, the engine's ``table.transaction.Transaction``.

A ``Tx`` folds every event it is given into a scratch copy of the table's state at once (so
the next rule sees it), checks each phase change against the game's declared phase graph,
and collects the device requests the events ask for. Nothing reaches the journal, the live
state or a device until the kernel commits it (``engine/kernel.py``). The flows only ever see
the ``Transaction`` protocol; this is the one class behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

from ..config import TableConfig
from ..errors import RuleError
from ..table import events as ev
from ..table.fold import Folds
from ..table.phases import CLOSED, PhaseGraph
from ..table.state import RoundState, TableState

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Effect:
    """A device request to carry out once its transaction is journaled."""

    device: str
    what: str  # "deck" | "packet" | "reset"


@dataclass(frozen=True, slots=True)
class Rules:
    """What a transaction decides by: the table in force, the game's folds and the family's phase graph.

    The session swaps the whole value at once when the table runs under other terms (a round
    finishing by the terms it was opened under), so a transaction never sees half of each.
    """

    table: TableConfig
    folds: Folds
    graph: PhaseGraph
    service: Callable[[type], object | None]

    def check_transition(self, source: str, target: str) -> None:
        if not self.graph.allows(source, target):  # a rule bug: never journal it
            raise RuntimeError(f"no transition {source} -> {target} in the phase graph")


class Tx:
    """One unit of work: events evolve a scratch copy of the state; all or nothing."""

    __slots__ = ("_rules", "at", "effects", "items", "state", "trial")

    def __init__(self, state: TableState, rules: Rules, at: str | None = None) -> None:
        self._rules = rules
        self.state = state.clone()
        self.items: list[tuple[ev.Event, str, str | None]] = []
        self.effects: list[Effect] = []
        self.at = at or now_text()
        """When the events are decided, folded and journaled (one time for the whole transaction)."""
        self.trial = False
        """A trial run before a supervisor's PIN is checked (``Kernel.scratch``): thrown away, so a rule asks
        no outside service for what cannot be taken back (a slip number)."""

    @property
    def table(self) -> TableConfig:
        return self._rules.table

    @property
    def round(self) -> RoundState:
        """The round in progress (a rule only asks when one is)."""
        rnd = self.state.round
        if rnd is None:
            raise RuleError("no round in progress (open betting first)")
        return rnd

    def emit(self, event: ev.Event, actor: str) -> None:
        """Add ``event`` to the transaction and apply it to the scratch state."""
        rnd = self.state.round
        named = getattr(event, "round_id", None)
        if isinstance(named, str):  # an event about a named round (opening it, correcting it)
            round_id: str | None = named
        elif event.table_level or rnd is None or rnd.finished:
            round_id = None
        else:
            round_id = rnd.round_id
        before = rnd.phase if rnd is not None else CLOSED
        if isinstance(event, ev.PhaseChanged):
            self._rules.check_transition(before, event.phase)
        self._rules.folds.evolve(self.state, event, self.at)
        after = self.state.round.phase if self.state.round is not None else CLOSED
        if after != before:  # every phase change, whichever event made it (opening, settling, voiding)
            self._rules.check_transition(before, after)
        self.items.append((event, actor, round_id))

    def effect(self, device: str, what: str) -> None:
        self.effects.append(Effect(device, what))

    def service(self, kind: type[T]) -> T | None:
        found = self._rules.service(kind)
        return found if isinstance(found, kind) else None


def now_text() -> str:
    """The journal's time format: UTC, milliseconds, ``Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
