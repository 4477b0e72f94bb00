"""Device health at a glance: shuffler and reader link, last heartbeat, deck verified."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from dealer_station.engine import TableSession

from .theme import GREEN, RED, set_role

DEVICES = ("shuffler", "reader")


def clock(iso: str | None) -> str:
    """``2026-05-01T12:03:04.123+00:00`` -> ``12:03:04`` (UTC, as journaled)."""
    if not iso or "T" not in iso:
        return "never"
    return iso.split("T", 1)[1][:8]


def heard(seconds_ago: float) -> str:
    return f"heard {seconds_ago:.1f} s ago" if seconds_ago < 60 else f"heard {seconds_ago / 60:.0f} min ago"


class DeviceStatus(QFrame):
    """Links, last heartbeat, deck. ``last_heard(device)`` (wall-clock seconds) comes from
    the drivers; heartbeats are not journaled, so the panel refreshes itself every second."""

    def __init__(self, ctl: TableSession, parent: QWidget | None = None,
                 last_heard: Callable[[str], float | None] | None = None) -> None:
        super().__init__(parent)
        self._ctl = ctl
        self._last_heard = last_heard
        self.setObjectName("deviceStatus")
        set_role(self, "panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(2)
        title = QLabel("Devices")
        set_role(title, "title")
        layout.addWidget(title)
        self.lines: dict[str, QLabel] = {}
        for name in (*DEVICES, "deck"):
            label = QLabel("")
            label.setObjectName(f"device_{name}")
            label.setTextFormat(label.textFormat().RichText)
            layout.addWidget(label)
            self.lines[name] = label
        if last_heard is not None:
            self._tick = QTimer(self)
            self._tick.timeout.connect(lambda: self.render_state(self._ctl))
            self._tick.start(1000)

    def render_state(self, ctl: TableSession) -> None:
        state = ctl.state
        for name in DEVICES:
            dev = state.devices.get(name)
            if dev is None:
                configured = name == "shuffler" and ctl.shoe is not None or name == "reader" and ctl.has_reader
                text = _dot(False) + f" {name.capitalize()}: " + ("waiting" if configured else "none")
            else:
                status = f", {dev.status}" if dev.status else ""
                when = self._last_heard(name) if self._last_heard is not None else None
                seen = heard(max(0.0, time.time() - when)) if when is not None else clock(dev.last_seen)
                text = (_dot(dev.connected) + f" {name.capitalize()}: "
                        f"{'connected' if dev.connected else 'DISCONNECTED'}{status} \u00b7 {seen}")
            self.lines[name].setText(text)
        self.lines["deck"].setText(_dot(state.deck_verified) + " Deck " +
                                   ("verified" if state.deck_verified else "not verified"))


def _dot(ok: bool) -> str:
    return f"<span style='color:{GREEN if ok else RED}'>\u25cf</span>"
