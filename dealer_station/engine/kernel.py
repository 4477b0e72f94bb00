"""The commit path every change of a table takes: lock; decide; journal; fold; publish; then devices.

A rule decides on a scratch copy of the state (``Tx``) and refuses before anything is
written; the kernel then appends every event it emitted to the journal in one SQLite
transaction (durable before it returns), folds them into the live state with the same
``evolve`` recovery uses, publishes what the table looks like now (the read side's snapshot,
``engine/snapshot.py``) and tells the listeners, and only then carries out the device
requests the events asked for (effects). A device call that fails after its request was
journaled does not raise to the caller: it becomes the fault path (``on_effect_failed``).
So a change either fails before anything is journaled or succeeds.

One kernel per table, one writer per journal; thread-safe (the screen's worker, the device
pump and tests may call at once).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

import structlog

from ..errors import RuleError
from ..journal import Draft, Journal, JournalError, JournalEvent
from ..money import exact_money
from ..table import events as ev
from ..table.state import TableState
from .tx import Effect, Rules, Tx

T = TypeVar("T")
S = TypeVar("S")

Listener = Callable[[Any], None]


class Kernel(Generic[S]):
    """One table's journal-first commit path (see the module docstring)."""

    def __init__(self, journal: Journal, state: TableState, rules: Rules, *, log: Any,
                 publish: Callable[[Kernel[S], tuple[JournalEvent, ...]], S], carry_out: Callable[[Effect], None],
                 effect_failed: Callable[[Tx, Effect, str], None]) -> None:
        self.journal = journal
        self.state = state
        self.rules = rules
        self.unavailable: str | None = None
        """Set when the journal cannot be written: nothing may be played until it can."""
        self.lock = threading.RLock()
        self._changed = threading.Condition(self.lock)
        self._listeners: list[Listener] = []
        self._log = log
        self._publish = publish
        self._depth = 0
        """Commits in progress on this thread's stack: a device effect's reports commit inside the command's."""
        self._held: list[JournalEvent] = []
        """Records of inner commits not published yet: a burst is published once, whole."""
        self._pending: list[Tx] | None = None
        """Inside ``burst()``: the transactions decided so far, journaled together when it ends."""
        self._burst_at: str | None = None
        self._stale = False
        """Inside ``burst()``: something changed that readers have not been told of yet."""
        self._carry_out = carry_out
        self._effect_failed = effect_failed
        self.snapshot: S = publish(self, ())
        """What the table looks like as of the last commit (replaced whole, never changed)."""

    # ----------------------------------------------------------------- the commit path

    def transact(self, decide: Callable[[Tx], T]) -> T:
        """Run ``decide`` on a scratch state and commit what it emitted, all or nothing."""
        with self.lock:
            if self.unavailable:
                raise RuleError(self.unavailable)
            tx = self.begin()
            with exact_money():  # every amount a rule computes is exact, or refused
                result = decide(tx)
            self.commit(tx)
            return result

    def begin(self) -> Tx:
        """A transaction on the state as it is now, stamped with the journal's time (lock held by the caller)."""
        return Tx(self.state, self.rules, self._burst_at or self.journal.now())

    @contextmanager
    def burst(self) -> Iterator[None]:
        """Device reports (or commands, ``TableSession.together``) that arrived together: every transaction decided
        inside is journaled in ONE journal transaction when the burst ends (one fsync instead of one each), then
        adopted, published and acted on as one commit is. Each still decides on its own transaction, on the state
        the ones before it left, so one that is refused costs nothing of the others. Nothing is acted on (no device
        effect, no listener) before the whole burst is durable. An exception that leaves the block (a refusal the
        caller let through, Ctrl-C) ends the burst too: what was decided before it is journaled, so the live state
        never stays ahead of the journal."""
        with self.lock:
            if self._pending is not None:  # already inside one: it is the same burst
                yield
                return
            base = self.state
            self._pending, self._burst_at = [], self.journal.now()
            try:
                yield
            finally:
                pending, self._pending, self._burst_at = self._pending, None, None
                self._end_burst(base, pending)

    def _end_burst(self, base: TableState, pending: list[Tx]) -> None:
        """Journal, adopt, publish and act on a burst's transactions (``burst``)."""
        stale, self._stale = self._stale, False
        txs = [tx for tx in pending if tx.items]
        if not txs:
            for tx in pending:
                self.commit(tx)  # effects only
            if stale:
                self.changed()
            return
        drafts = [Draft(e.kind, e.payload(), actor, rid) for tx in txs for e, actor, rid in tx.items]
        try:
            written = self.journal.append_many(drafts, at=txs[0].at)
        except JournalError as exc:
            self.state = base  # nothing of the burst happened
            self.fail(exc)
            raise
        self._depth += 1
        try:
            txs[-1].state.last_seq = written[-1].seq
            self.state = txs[-1].state
            events = [e for tx in txs for e, _actor, _rid in tx.items]
            for event, record in zip(events, written, strict=True):
                self._log_event(event, record.round_id)
            self._held.extend(written)
            for tx in pending:
                self._run_effects(tx.effects)
        finally:
            self._depth -= 1
        if self._depth == 0 and (self._held or stale):
            held, self._held = tuple(self._held), []
            self.changed(held)

    @property
    def in_burst(self) -> bool:
        """Inside ``burst()``: the live state is ahead of the published snapshot until the burst is durable."""
        return self._pending is not None

    def scratch(self, decide: Callable[[Tx], object]) -> None:
        """Run ``decide`` on a scratch state and throw it away: a rule's refusals, before anyone is asked
        for a PIN (nothing is journaled, no device is asked)."""
        with self.lock, exact_money():
            tx = self.begin()
            tx.trial = True
            decide(tx)

    def commit(self, tx: Tx) -> None:
        """Journal every event of ``tx`` in one transaction, then adopt its state, publish, notify and act.

        The transaction's scratch state already holds every event folded at the time the journal
        stamps them with (``Tx.at``): it *is* the state a replay of the file rebuilds, so it becomes
        the live state whole. The state before it is never changed again, which is what lets a
        snapshot hold it without a copy.
        """
        with self.lock:
            if self._pending is not None:  # inside a burst: journaled with the rest when it ends
                self._pending.append(tx)
                self.state = tx.state
                return
            self._depth += 1
            try:
                if tx.items:
                    drafts = [Draft(e.kind, e.payload(), actor, round_id) for e, actor, round_id in tx.items]
                    try:
                        written = self.journal.append_many(drafts, at=tx.at)
                    except JournalError as exc:
                        self.fail(exc)
                        raise
                    tx.state.last_seq = written[-1].seq
                    self.state = tx.state
                    for (event, _actor, _rid), record in zip(tx.items, written, strict=True):
                        self._log_event(event, record.round_id)
                    self._held.extend(written)
                self._run_effects(tx.effects)
            finally:
                self._depth -= 1
            if self._depth == 0 and self._held:
                # A command and what its device effects made the devices report (a shoe's packet, card by
                # card) are one burst: readers are told once, when it is whole, with every record it wrote.
                held, self._held = tuple(self._held), []
                self.changed(held)

    def changed(self, records: tuple[JournalEvent, ...] = ()) -> None:
        """The table changed (a commit and the ``records`` it wrote, or a device's view that is not journaled):
        publish and tell."""
        if self._pending is not None and not records:
            self._stale = True  # told when the burst is durable
            return
        self.snapshot = self._publish(self, records)
        self._changed.notify_all()
        for listener in list(self._listeners):
            try:
                listener(self.snapshot)
            except Exception:  # a broken view must never stop the table
                self._log.exception("listener_failed")

    def fail(self, exc: JournalError) -> None:
        """The journal cannot be written: the table stops (fails closed) and says why."""
        self.unavailable = self.unavailable or f"journal cannot be written ({exc}): call a supervisor"
        self._log.error("journal_write_failed", error=str(exc))
        self.changed()

    def _run_effects(self, effects: list[Effect]) -> None:
        for effect in effects:
            try:
                self._carry_out(effect)
            except Exception as exc:
                problem = str(exc) or type(exc).__name__
                self._log.warning("device_request_failed", device=effect.device, request=effect.what,
                                  error=problem, round_id=self.round_id())
                failed = effect
                self.transact(lambda tx: self._effect_failed(tx, failed, problem))  # noqa: B023
                return

    # ----------------------------------------------------------------- listeners and waiting

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def wait_for(self, predicate: Callable[[TableState], bool], timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self.state), timeout)

    @contextmanager
    def held_still(self) -> Iterator[bool]:
        """Hold the state still without ever waiting (False: a change is being applied right now)."""
        got = self.lock.acquire(blocking=False)
        try:
            yield got
        finally:
            if got:
                self.lock.release()

    # ----------------------------------------------------------------- the operational log

    def round_id(self) -> str | None:
        rnd = self.state.round
        return rnd.round_id if rnd is not None and not rnd.finished else None

    def _log_event(self, event: ev.Event, round_id: str | None) -> None:
        """The operational log's lines for the events a pit wants to see (JSON, with ids)."""
        if isinstance(event, ev.RoundOpened):
            self._log.info("round_opened", round_id=event.round_id)
        elif isinstance(event, ev.RoundPaid):
            self._log.info("round_paid", round_id=round_id)
        elif isinstance(event, ev.RoundVoided):
            self._log.warning("round_voided", round_id=round_id, cause=event.cause, by=event.by,
                              reason=event.reason or None)
        elif isinstance(event, ev.Settled):
            self._log.info("round_settled", round_id=round_id, breakage=event.settlement.get("breakage"))
        elif isinstance(event, ev.Halted):
            self._log.warning("round_halted", round_id=round_id, halt=event.halt, cause=event.cause,
                              device=event.device)


def bind_log(table_id: str) -> Any:
    return structlog.get_logger("dealer_station.session").bind(table_id=table_id)
