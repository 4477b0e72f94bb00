"""What a big panel adds beside the table (issue 39 item 11): the limits and the next step together, and the
round's history strip - for the croupier and for a supervisor standing behind.

Shown only on panels of ``theme.BIG`` and more, where the screen is not the 800x480 layout blown up: the
table takes three quarters of the width at a smaller scale and this column the rest. Every word comes from the
read side (``view/history.py``, ``view/banner.py``) in the screen's language.
"""

from __future__ import annotations

from datetime import datetime

from PySide6.QtWidgets import QFrame, QVBoxLayout, QWidget

from dealer_station.view.history import Step
from dealer_station.view.texts import Text

from . import theme
from .i18n import say
from .widgets import CURRENT, FitLabel

HISTORY_LINES = 12


def step_line(step: Step) -> str:
    """"14:02:13  Seat 3: Play 4x": the step's local time and what happened."""
    try:
        when = datetime.fromisoformat(step.at.replace("Z", "+00:00")).astimezone().strftime("%H:%M:%S")
    except ValueError:
        when = ""
    return f"{when}  {say(step.text)}".strip()


class SidePanel(QFrame):
    """``show(limits, next_step, steps)``: the limits sign's lines, the banner's words, the round's last steps."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidePanel")
        theme.set_role(self, "panel")
        m = CURRENT[0]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        layout.setSpacing(2)
        self.limits_title = FitLabel("", 12, bold=True, role="title")
        self.limits = FitLabel("", 13, bold=True, role="sign", lines=2)
        self.limits.setObjectName("sideLimits")
        self.next_title = FitLabel("", 12, bold=True, role="title")
        self.next_step = FitLabel("", 14, bold=True, lines=3)
        self.next_step.setObjectName("sideNext")
        self.history_title = FitLabel("", 12, bold=True, role="title")
        self.history = [FitLabel("", 12, minor=True) for _ in range(HISTORY_LINES)]
        for i, line in enumerate(self.history):
            line.setObjectName(f"history{i}")
        for widget in (self.limits_title, self.limits, self.next_title, self.next_step, self.history_title,
                       *self.history):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.lines: list[str] = []
        """The history lines shown, oldest first (tests)."""

    def show_state(self, limits: str, next_step: str, steps: list[Step]) -> None:
        self.limits_title.setText(say(Text("limits:title")))
        self.next_title.setText(say(Text("next:title")))
        self.history_title.setText(say(Text("history:title")))
        self.limits.setText(limits)
        self.next_step.setText(next_step)
        self.lines = [step_line(step) for step in steps][-HISTORY_LINES:]
        for label, text in zip(self.history, [*self.lines, *[""] * (HISTORY_LINES - len(self.lines))]):
            label.setText(text)
            label.setVisible(bool(text))
