"""Which function folds each kind of journal event into the table's state.

One ``Folds`` per game, registered beside the events it folds (as the eventsourcing
library keeps an aggregate's ``apply`` beside its events): ``COMMON`` holds the folds of
the events every table journals (``table/folds.py``); a game derives its own with
``COMMON.extended()`` and registers its events' folds with ``@folds.on(EventClass)``, a
common event's extra fold (run after the common one) the same way, and a fold that must
see every event (poker's action clock) with ``@folds.every``. Live play, a command's
scratch state and recovery all fold through ``Folds.evolve``: one piece of code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .event_base import Event, EventError, decode

if TYPE_CHECKING:
    from .state import TableState

__all__ = ["FOLD_ERRORS", "Fold", "Folds", "RecordNotFolded"]

Fold = Callable[["TableState", Any, str], None]
"""``(state, event, at)``: changes ``state`` in place."""
F = TypeVar("F", bound=Callable[..., None])
Record = tuple[int, str, str, Mapping[str, Any]]
"""``(seq, at, kind, payload)``: a journal record as a rebuild folds it (``Journal.records``)."""
FOLD_ERRORS = (KeyError, IndexError, ValueError, TypeError, AttributeError, AssertionError)
"""What a fold raises on an event its table's story does not allow (a chain that verifies but
interleaves two writers, say): nothing decides there, so it is a broken journal, not a refusal."""


class RecordNotFolded(Exception):
    """A journal record ``Folds.rebuild`` could not fold: its ``seq`` and ``kind``, and ``cause``: an
    ``EventError`` when its payload is not an event of its kind, else what the fold raised."""

    def __init__(self, seq: int, kind: str, cause: Exception) -> None:
        super().__init__(f"journal record {seq} ({kind}): {cause!r}")
        self.seq, self.kind, self.cause = seq, kind, cause


class Folds:
    """Folds by event class, inheriting those of ``base`` (which run first)."""

    def __init__(self, base: Folds | None = None) -> None:
        self._base = base
        self._own: dict[type[Event], list[Fold]] = {}
        self._every: list[Fold] = []
        self._chains: dict[type[Event], tuple[Fold, ...]] = {}

    def extended(self) -> Folds:
        """A new set of folds that starts with every fold of this one."""
        return Folds(self)

    def on(self, *kinds: type[Event]) -> Callable[[F], F]:
        """Decorator: ``fn`` folds events of the given classes."""

        def register(fn: F) -> F:
            for kind in kinds:
                self._own.setdefault(kind, []).append(fn)
            self._chains.clear()
            return fn

        return register

    def every(self, fn: F) -> F:
        """Decorator: ``fn`` runs after the folds of every event (a clock that watches the turn)."""
        self._every.append(fn)
        self._chains.clear()
        return fn

    def chain(self, kind: type[Event]) -> tuple[Fold, ...]:
        """Every fold an event of class ``kind`` goes through, in order (cached)."""
        chain = self._chains.get(kind)
        if chain is None:
            chain = self._chains[kind] = (*self._for(kind), *self._all_every())
        return chain

    def kinds(self) -> set[type[Event]]:
        """The event classes something here folds (the doc test checks every kind is covered)."""
        own = set(self._own)
        return own | self._base.kinds() if self._base is not None else own

    def _for(self, kind: type[Event]) -> tuple[Fold, ...]:
        base = self._base._for(kind) if self._base is not None else ()
        return (*base, *self._own.get(kind, ()))

    def _all_every(self) -> tuple[Fold, ...]:
        base = self._base._all_every() if self._base is not None else ()
        return (*base, *self._every)

    def evolve(self, state: TableState, event: Event, at: str, seq: int = 0) -> TableState:
        """Fold one event into ``state`` (in place) and return it."""
        for fold in self._chains.get(type(event)) or self.chain(type(event)):
            fold(state, event, at)
        if seq:
            state.last_seq = seq
        return state

    def rebuild(self, state: TableState, records: Iterable[Record]) -> TableState:
        """Fold journal records ``(seq, at, kind, payload)`` in order (``Journal.records``): how a station
        rebuilds its table on a restart, each payload read as its typed event (upcast when older) and
        folded by ``evolve``. A record that cannot be is ``RecordNotFolded`` naming it."""
        evolve = self.evolve
        seq, kind = 0, ""
        try:
            for seq, at, kind, payload in records:
                evolve(state, decode(kind, payload), at, seq)
        except (EventError, *FOLD_ERRORS) as exc:
            raise RecordNotFolded(seq, kind, exc) from exc
        return state

    def replay(self, state: TableState, records: Iterable[Any]) -> TableState:
        """``rebuild`` from journal records as objects (``kind``, ``payload``, ``at``, ``seq``: ``JournalEvent``)."""
        return self.rebuild(state, ((r.seq, r.at, r.kind, r.payload) for r in records))
