"""Device health at a glance: shuffler and reader link, last heartbeat, deck verified."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from dealer_station.controller import Controller

from .theme import GREEN, RED, set_role

DEVICES = ("shuffler", "reader")


def clock(iso: str | None) -> str:
    """``2026-05-01T12:03:04.123+00:00`` -> ``12:03:04`` (UTC, as journaled)."""
    if not iso or "T" not in iso:
        return "never"
    return iso.split("T", 1)[1][:8]


class DeviceStatus(QFrame):
    def __init__(self, ctl: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
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

    def render_state(self, ctl: Controller) -> None:
        state = ctl.state
        for name in DEVICES:
            dev = state.devices.get(name)
            if dev is None:
                configured = name == "shuffler" and ctl.shoe is not None or name == "reader" and ctl.has_reader
                text = _dot(False) + f" {name.capitalize()}: " + ("waiting" if configured else "none")
            else:
                status = f", {dev.status}" if dev.status else ""
                text = (_dot(dev.connected) + f" {name.capitalize()}: "
                        f"{'connected' if dev.connected else 'DISCONNECTED'}{status} \u00b7 {clock(dev.last_seen)}")
            self.lines[name].setText(text)
        self.lines["deck"].setText(_dot(state.deck_verified) + " Deck " +
                                   ("verified" if state.deck_verified else "not verified"))


def _dot(ok: bool) -> str:
    return f"<span style='color:{GREEN if ok else RED}'>\u25cf</span>"
