"""The phase banner: the controller's one line on what happens next; red when halted."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_station.engine import TableSession

from .theme import set_role


class PhaseBanner(QLabel):
    """Shows ``controller.banner()``; a halt or void switches to the fault/void colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("phaseBanner")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_role(self, "banner")

    def render_state(self, ctl: TableSession) -> None:
        rnd = ctl.round
        text = ctl.banner()
        if rnd is not None and rnd.halt is not None:
            device = f" [{rnd.halt.device}]" if rnd.halt.device else ""
            text = f"\u26a0 STOPPED - {rnd.halt.cause.replace('_', ' ').upper()}{device}: {text}"
            set_role(self, "fault")
        elif rnd is not None and rnd.phase == "void":
            text = f"\u26a0 {text}"
            set_role(self, "fault")
        else:
            set_role(self, "banner")
        if self.text() != text:
            self.setText(text)

    @property
    def is_fault(self) -> bool:
        return self.property("role") in ("fault", "void")
