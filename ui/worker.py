"""Runs every session command off the GUI thread, in submission order, group-committed.

Commands may talk to devices (``no_more_bets`` starts the deal through the shuffler), so
they never run on the GUI thread. A single worker keeps the croupier's presses in order.
Taps that queued up while a command was being journaled run together as one journal
transaction (``TableSession.together``: one fsync for the lot, each decided and refused on its
own), and each is answered once all are durable. Results and refusals come back as Qt
signals, which Qt queues onto the GUI thread.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import Any

import structlog
from PySide6.QtCore import QObject, Signal

from dealer_station.errors import DealerStationError

log = structlog.get_logger("ui.worker")

Job = tuple[str, Callable[..., Any], tuple[Any, ...], "Future[Any]"]
Outcome = tuple[bool, Any]
"""(answered, result) or (refused, the error)."""


class CommandWorker(QObject):
    """``submit(label, fn, *args)``; ``refused(label, error)`` / ``done(label, result)`` come back.

    ``error`` is the exception itself, so the screen can say a refusal in the croupier's
    words from its field and problem (``view.texts.refusal_of``). ``together``: the session's
    group commit (the window sets it); without it every job is its own transaction.
    """

    refused = Signal(str, object)
    done = Signal(str, object)

    def __init__(self, parent: QObject | None = None,
                 together: Callable[[], AbstractContextManager[None]] | None = None) -> None:
        super().__init__(parent)
        self.together = together
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ui-command")
        self._queue: deque[Job] = deque()
        self._queue_lock = threading.Lock()
        self._pending = 0
        self._closed = False
        self.groups: list[int] = []
        """How many jobs each run took together (the last few hundred): what group commit saved."""

    @property
    def busy(self) -> bool:
        return self._pending > 0

    def submit(self, label: str, fn: Callable[..., Any], *args: Any) -> Future[Any] | None:
        if self._closed:
            return None
        self._pending += 1
        future: Future[Any] = Future()
        with self._queue_lock:
            self._queue.append((label, fn, args, future))
        self._pool.submit(self._drain)
        return future

    def _drain(self) -> None:
        """Run everything queued now: one job alone, several as one group (one journal transaction)."""
        with self._queue_lock:
            jobs = list(self._queue)
            self._queue.clear()
        if not jobs:
            return  # an earlier run took them
        self.groups = [*self.groups[-499:], len(jobs)]
        together = self.together
        if len(jobs) == 1 or together is None:
            for job in jobs:
                self._answer(job, self._attempt(job))
            return
        outcomes: list[Outcome] = []
        try:
            with together():
                outcomes = [self._attempt(job) for job in jobs]
        except DealerStationError as exc:  # the group could not be journaled: none of it happened
            outcomes = [(False, exc)] * len(jobs)
        except Exception as exc:  # a bug must reach the croupier as text, not kill the worker
            log.exception("command_group_failed", commands=[job[0] for job in jobs])
            outcomes = [(False, DealerStationError(f"internal error: {exc}"))] * len(jobs)
        for job, outcome in zip(jobs, outcomes, strict=True):
            self._answer(job, outcome)

    def _attempt(self, job: Job) -> Outcome:
        label, fn, args, _future = job
        try:
            return True, fn(*args)
        except DealerStationError as exc:
            log.info("command_refused", command=label, reason=str(exc))
            return False, exc
        except Exception as exc:  # a bug must reach the croupier as text, not kill the worker
            log.exception("command_failed", command=label)
            return False, DealerStationError(f"internal error: {exc}")

    def _answer(self, job: Job, outcome: Outcome) -> None:
        label, _fn, _args, future = job
        answered, value = outcome
        self._pending -= 1
        if answered:
            self.done.emit(label, value)
            future.set_result(value)
        else:
            self.refused.emit(label, value)
            future.set_result(None)

    def shutdown(self, wait: bool = True) -> None:
        self._closed = True
        self._pool.shutdown(wait=wait, cancel_futures=True)


class StateBridge(QObject):
    """TableSession listener -> ``changed`` signal on the GUI thread.

    Listeners run on whatever thread changed the state (device pump, worker); the signal is
    emitted there and delivered queued, so views only ever read the state on the GUI thread.
    """

    changed = Signal()

    def __init__(self, session: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        session.add_listener(self._tell)

    def _tell(self, _session: Any) -> None:
        self.changed.emit()

    def detach(self) -> None:
        """Stop listening (the window closes: later changes must not reach deleted widgets)."""
        self._session.remove_listener(self._tell)
