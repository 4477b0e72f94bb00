"""What a panel opened from the croupier's screen needs of the screen behind it.

A panel (the Bank panel, and any like it) is a child of the main window but must not import it: the
window opens the panel, so the panel names only what it uses — the session it reads and commands, the
bridge that says the session changed, the worker it submits to and the supervisor's PIN dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from dealer_station.engine import TableSession

from .worker import StateBridge


class ScreenHost(Protocol):
    """The main window as a panel sees it."""

    session: TableSession
    bridge: StateBridge

    def submit(self, label: str, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the screen's worker (never on the GUI thread)."""

    def ask_supervisor(self, action: str, run: Callable[[str, str, str], Any] | None = None,
                       detail: str = "") -> None:
        """The PIN dialog for ``action``; on OK ``run(badge, pin, reason)`` runs on the worker."""

    def open_players(self) -> None:
        """The players menu: who sits where, card in (a keyed id) or out, pause, resume."""
