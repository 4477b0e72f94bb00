"""Key an amount of money on screen: a large field, a keypad with a decimal point, and an OK
that says what it will do with the amount ("Raise to 25", "Seat player - 120").

The amount goes to the session as text; the session parses it (``dealer_station.money``)
and refuses what the rules refuse, in the refusal line. Nothing is sent before OK.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from .i18n import translate
from .keys import AMOUNT_KEYS, Keypad
from .overlay import Overlay
from .widgets import CURRENT

MAX_CHARACTERS = 12


class AmountPad(Overlay):
    """``on_amount(text)`` with the keyed amount when OK is pressed; ``ok_text(text)`` labels OK."""

    def __init__(self, parent: QWidget, title: str, ok_text: Callable[[str], str],
                 on_amount: Callable[[str], None], start: str = "") -> None:
        super().__init__(parent, title, "amountPad")
        self._ok_text = ok_text
        self._on_amount = on_amount
        m = CURRENT[0]
        row = QHBoxLayout()
        row.setSpacing(m.gap * 2)
        left = QVBoxLayout()
        left.setSpacing(m.gap)
        self.field = QLineEdit(start)
        self.field.setObjectName("amount")
        self.field.setMaxLength(MAX_CHARACTERS)
        self.field.textChanged.connect(self._changed)
        left.addWidget(self.field)
        left.addStretch(1)
        row.addLayout(left, 2)
        self.keypad = Keypad(lambda: self.field, keys=AMOUNT_KEYS)
        row.addWidget(self.keypad, 3)
        self.body.addLayout(row, 1)
        self.add_button(translate("screen", "Cancel"), "amountCancel", "", self.reject)
        self.add_button(translate("screen", "Clear"), "amountClear", "", self.field.clear)
        self.ok = self.add_button("", "amountOk", "go", self._ok)
        self.field.setFocus()
        self.field.selectAll()  # the first key replaces the amount offered
        self._changed(start)

    @property
    def text(self) -> str:
        return self.field.text().strip()

    def _changed(self, _text: str) -> None:
        self.ok.setEnabled(bool(self.text) and self.text != ".")
        self.ok.setText(self._ok_text(self.text or "-"))

    def _ok(self) -> None:
        if not self.ok.isEnabled():
            return
        self._on_amount(self.text)
        self.accept()
