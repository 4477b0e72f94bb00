"""Runs every session command off the GUI thread, one at a time, in submission order.

Commands may talk to devices (``no_more_bets`` starts the deal through the shuffler), so
they never run on the GUI thread. A single worker keeps the croupier's presses in order.
Results and refusals come back as Qt signals, which Qt queues onto the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import structlog
from PySide6.QtCore import QObject, Signal

from dealer_station.errors import DealerStationError

log = structlog.get_logger("ui.worker")


class CommandWorker(QObject):
    """``submit(label, fn, *args)``; ``refused(label, error)`` / ``done(label, result)`` come back.

    ``error`` is the exception itself, so the screen can say a refusal in the croupier's
    words from its field and problem (``view.texts.refusal_of``).
    """

    refused = Signal(str, object)
    done = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ui-command")
        self._pending = 0
        self._closed = False

    @property
    def busy(self) -> bool:
        return self._pending > 0

    def submit(self, label: str, fn: Callable[..., Any], *args: Any) -> Future[Any] | None:
        if self._closed:
            return None
        self._pending += 1
        return self._pool.submit(self._run, label, fn, args)

    def _run(self, label: str, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        try:
            result = fn(*args)
        except DealerStationError as exc:
            log.info("command_refused", command=label, reason=str(exc))
            self._finish()
            self.refused.emit(label, exc)
            return None
        except Exception as exc:  # a bug must reach the croupier as text, not kill the worker
            log.exception("command_failed", command=label)
            self._finish()
            self.refused.emit(label, DealerStationError(f"internal error: {exc}"))
            return None
        self._finish()
        self.done.emit(label, result)
        return result

    def _finish(self) -> None:
        self._pending -= 1

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
