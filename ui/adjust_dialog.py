"""A supervisor's correction of a settled round: per seat an amount to pay (+) or collect (-).

The seats of the round are buttons; the one chosen takes the keypad's amount and its
direction (Pay / Collect). Next asks for the badge, the PIN and a reason from the
pick-list (``PinDialog``, action ``adjust``); the session journals exactly the amounts
shown here as ``round_adjusted``. Amounts are exact decimal text, parsed by
``dealer_station.money`` as the session parses them; nothing is sent before the PIN.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from dealer_station.errors import DealerStationError
from dealer_station.money import format_money, parse_money

from . import theme
from .format import net_words
from .i18n import translate
from .keys import AMOUNT_KEYS, Keypad
from .overlay import Overlay
from .widgets import CURRENT, FitButton

SEAT_COLUMNS = 5


def adjustment_words(adjustments: dict[int, Decimal]) -> str:
    """"Seat 2: pay 25 · Seat 3: collect 10": what the supervisor confirms with the PIN."""
    parts = []
    for seat, amount in sorted(adjustments.items()):
        verb, value = net_words(amount)
        parts.append(translate("screen", "Seat {seat}: {amount}").format(seat=seat, amount=f"{verb} {value}"))
    return "  \u00b7  ".join(parts)


class AdjustDialog(Overlay):
    """``on_done(adjustments)`` (seat -> signed amount) when Next is pressed."""

    def __init__(self, parent: QWidget, round_number: int, seats: Sequence[int],
                 on_done: Callable[[dict[int, Decimal]], None]) -> None:
        title = translate("screen", "Correct round {number}: pay (+) or collect (-) per seat").format(
            number=round_number)
        super().__init__(parent, title, "adjustDialog")
        self._on_done = on_done
        self.typed: dict[int, str] = {}
        self.collecting: dict[int, bool] = {}
        self.seat = seats[0]
        m = CURRENT[0]
        row = QHBoxLayout()
        row.setSpacing(m.gap * 2)
        left = QVBoxLayout()
        left.setSpacing(m.gap)
        grid = QGridLayout()
        grid.setSpacing(m.gap)
        self.seat_buttons: dict[int, FitButton] = {}
        for i, seat in enumerate(seats):
            button = FitButton("", 13, role="list", name=f"adjustSeat{seat}", lines=2)
            button.tapped.connect(lambda s=seat: self.choose(s))
            grid.addWidget(button, i // SEAT_COLUMNS, i % SEAT_COLUMNS)
            self.seat_buttons[seat] = button
        left.addLayout(grid)
        direction = QHBoxLayout()
        direction.setSpacing(m.gap)
        self.field = QLineEdit()
        self.field.setObjectName("adjustAmount")
        self.field.setMaxLength(12)
        self.field.textChanged.connect(self._typed)
        self.pay = FitButton(translate("screen", "Pay +"), 14, role="key", name="adjustPay", lines=2)
        self.pay.tapped.connect(lambda: self._direction(False))
        self.collect = FitButton(translate("screen", "Collect -"), 14, role="key", name="adjustCollect", lines=2)
        self.collect.tapped.connect(lambda: self._direction(True))
        direction.addWidget(self.field, 2)
        direction.addWidget(self.pay, 1)
        direction.addWidget(self.collect, 1)
        left.addLayout(direction)
        left.addStretch(1)
        row.addLayout(left, 3)
        self.keypad = Keypad(lambda: self.field, keys=AMOUNT_KEYS)
        row.addWidget(self.keypad, 2)
        self.body.addLayout(row, 1)
        self.add_button(translate("screen", "Cancel"), "adjustCancel", "", self.reject)
        self.ok = self.add_button(translate("screen", "Next: badge and PIN"), "adjustNext", "go", self._next)
        self.choose(self.seat)

    def choose(self, seat: int) -> None:
        """The seat the keypad types for now."""
        self.seat = seat
        self.field.setText(self.typed.get(seat, ""))
        self.field.setFocus()
        self._refresh()

    def _typed(self, text: str) -> None:
        self.typed[self.seat] = text.strip()
        self._refresh()

    def _direction(self, collect: bool) -> None:
        self.collecting[self.seat] = collect
        self._refresh()

    def adjustments(self) -> dict[int, Decimal] | None:
        """Seat -> amount (+ pay, - collect) for every seat given one; None while one is not an amount."""
        out: dict[int, Decimal] = {}
        for seat, text in self.typed.items():
            if not text:
                continue
            try:
                amount = parse_money(text, f"adjustments.{seat}")
            except DealerStationError:
                return None
            if amount:
                out[seat] = -amount if self.collecting.get(seat, False) else amount
        return out

    def _refresh(self) -> None:
        for seat, button in self.seat_buttons.items():
            text = self.typed.get(seat, "")
            sign = "-" if self.collecting.get(seat, False) else "+"
            button.setText(translate("screen", "Seat {seat}").format(seat=seat) + (f"\n{sign}{text}" if text else ""))
            theme.set_flag(button, "on", seat == self.seat)
        collect = self.collecting.get(self.seat, False)
        theme.set_flag(self.pay, "on", not collect)
        theme.set_flag(self.collect, "on", collect)
        given = self.adjustments()
        self.ok.setEnabled(bool(given))

    def _next(self) -> None:
        given = self.adjustments()
        if given:
            self.accept()
            self._on_done(given)


def adjustment_args(adjustments: dict[int, Decimal]) -> dict[int, str]:
    """The amounts as the session's ``adjust`` takes them (exact decimal text)."""
    return {seat: format_money(amount) for seat, amount in adjustments.items()}
