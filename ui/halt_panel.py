"""A live halt: what happened (the banner says what to do now), and the supervisor's choices.

Shown while a round is halted (red); ``choices`` (the shell puts them in the footer) are
the session's offer for this halt kind (``engine/phases.py``); each opens the PIN dialog -
nothing here acts in one tap.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.view import Text, cause_text, device_text

from . import theme
from .format import money
from .i18n import say, translate
from .widgets import CURRENT, FitButton, FitLabel

CHOICES = ("clear_fault", "accept_mismatch", "verify_jackpot", "resume", "void")
"""Supervisor actions a halt may offer, in the order they are shown (the void last)."""


class HaltPanel(QFrame):
    def __init__(self, ask_supervisor: Callable[[str], None], key_card: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("haltPanel")
        theme.set_role(self, "halt")
        m = CURRENT[0]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        layout.setSpacing(m.margin)
        self.title = FitLabel("", 17, bold=True, role="halt-title")
        self.title.setObjectName("haltTitle")
        self.detail = FitLabel("", 12, role="halt-text")
        self.detail.setObjectName("haltDetail")
        layout.addWidget(self.title)
        layout.addWidget(self.detail)
        # The choices go in the footer, where the table's own commands are while it plays.
        self.choices = QWidget()
        row = QHBoxLayout(self.choices)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(m.gap)
        self.buttons: dict[str, FitButton] = {}
        self.key_button = FitButton("", 14, role="go", name="haltKeyCard")
        self.key_button.tapped.connect(key_card)
        row.addWidget(self.key_button)
        for action in CHOICES:
            button = FitButton("", 13, role="danger" if action == "void" else "supervisor", name=f"sup_{action}",
                               lines=2)
            button.tapped.connect(lambda a=action: ask_supervisor(a))
            self.buttons[action] = button
            row.addWidget(button)
        self.retranslate()

    def retranslate(self) -> None:
        self.key_button.setText(translate("screen", "Key the card"))
        for action, button in self.buttons.items():
            button.setText(say(Text(f"action:{action}")))  # the supervisor's colour: they press it

    def render_state(self, session: TableSession) -> None:
        rnd = session.round
        halt = rnd.halt if rnd is not None and not rnd.finished else None
        self.setVisible(halt is not None)
        self.choices.setVisible(halt is not None)
        if halt is None or rnd is None:
            return
        offer = session.offer()
        device = f" ({say(device_text(halt.device))})" if halt.device else ""
        self.title.setText("\u26a0 " + say(cause_text(halt.cause)) + device)
        if halt.kind == "jackpot_verify":
            seats = halt.detail.get("seats", [])
            amounts = halt.detail.get("amounts", [])
            self.detail.setText("  \u00b7  ".join(
                translate("screen", "Seat {seat}: {amount}").format(seat=s, amount=money(a))
                for s, a in zip(seats, amounts)))
        else:
            self.detail.setText(halt.text)
        self.key_button.setVisible("key_card" in offer.croupier)
        for action, button in self.buttons.items():
            button.setVisible(action in offer.supervisor)
