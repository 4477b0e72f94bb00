"""Bet entry: chip buttons per seat, limits, the controller's refusal, and No more bets.

A chip press sends the seat's full new stake set to ``controller.set_bets``; the controller
checks limits and answers with a refusal we show as-is. After No more bets every stake
widget is disabled and drawn locked, so a press cannot change a stake by accident.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.phases import BETTING
from dealer_station.money import format_money

from .columns import SeatColumns
from .format import money
from .theme import set_role
from .worker import CommandWorker

ANTE_CHIPS = ("5", "25", "100")  # denominations on the croupier's float
TRIPS_CHIPS = ("1", "5", "25")
PAIRED = {"ante": "blind"}  # one press places Ante and Blind together (Blind always equals Ante)


def add_chip(ctl: TableSession, seat: int, spot: str, amount: str) -> None:
    """Runs on the command worker: read the seat's stakes now, add the chip, send them all."""
    rnd = ctl.round
    current = dict(rnd.seats[seat].bets) if rnd is not None and seat in rnd.seats else {}
    value = current.get(spot, Decimal(0)) + Decimal(amount)
    current[spot] = value
    if spot in PAIRED:
        current[PAIRED[spot]] = value
    ctl.set_bets(seat, {k: format_money(v) for k, v in current.items()})


class BetPanel(QFrame):
    def __init__(self, ctl: TableSession, worker: CommandWorker, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = ctl
        self.worker = worker
        self.setObjectName("betPanel")
        set_role(self, "panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.chips: list[QPushButton] = []
        columns = SeatColumns(ctl.table.seats)
        for seat, column in columns.columns.items():
            grid = QGridLayout()
            grid.setSpacing(3)
            for row, (spot, chips) in enumerate((("ante", ANTE_CHIPS), ("trips", TRIPS_CHIPS))):
                for col, amount in enumerate(chips):
                    button = self._chip(seat, spot, amount)
                    grid.addWidget(button, row, col)
            column.addLayout(grid)
            clear = QPushButton("Clear")
            clear.setObjectName(f"clear{seat}")
            clear.clicked.connect(lambda _=False, s=seat: self.worker.submit("bet", self.ctl.set_bets, s, {}))
            self.chips.append(clear)
            column.addWidget(clear)
        layout.addWidget(columns)

        bottom = QHBoxLayout()
        limits = ctl.table.limits
        cur = ctl.table.currency or ""
        text = "  \u00b7  ".join(f"{'Ante/Blind' if k == 'ante' else k.capitalize()} {money(v.min)}\u2013{money(v.max)} {cur}"
                                for k, v in limits.items())
        self.limits = QLabel(f"Limits: {text}   (top row Ante+Blind, bottom row Trips)")
        self.limits.setObjectName("limits")
        set_role(self.limits, "muted")
        bottom.addWidget(self.limits, 1)
        self.lock_label = QLabel("\u2716 BETS LOCKED")
        self.lock_label.setObjectName("lockLabel")
        set_role(self.lock_label, "title")
        self.lock_label.hide()
        bottom.addWidget(self.lock_label)
        self.no_more_bets = QPushButton("NO MORE BETS")
        self.no_more_bets.setObjectName("noMoreBets")
        set_role(self.no_more_bets, "big")
        self.no_more_bets.setMinimumWidth(320)
        self.no_more_bets.clicked.connect(lambda: self.worker.submit("no_more_bets", self.ctl.no_more_bets))
        bottom.addWidget(self.no_more_bets)
        layout.addLayout(bottom)
        self.refusal = QLabel("")
        self.refusal.setObjectName("betRefusal")
        self.refusal.setWordWrap(True)
        self.refusal.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_role(self.refusal, "refusal")
        self.refusal.hide()
        layout.addWidget(self.refusal)
        self.locked = False

    def _chip(self, seat: int, spot: str, amount: str) -> QPushButton:
        button = QPushButton(amount)
        button.setObjectName(f"chip{seat}_{spot}_{amount}")
        button.setAccessibleName(f"seat {seat} {spot} +{amount}")
        set_role(button, "chip")
        button.clicked.connect(lambda: self.worker.submit("bet", add_chip, self.ctl, seat, spot, amount))
        self.chips.append(button)
        return button

    def chip(self, seat: int, spot: str, amount: str) -> QPushButton:
        return self.findChild(QPushButton, f"chip{seat}_{spot}_{amount}")

    def render_state(self, ctl: TableSession) -> None:
        rnd = ctl.round
        open_for_bets = rnd is not None and rnd.phase == BETTING and rnd.halt is None
        self.locked = not open_for_bets
        for button in self.chips:
            button.setEnabled(open_for_bets)
        self.no_more_bets.setEnabled(open_for_bets and bool(rnd and rnd.seats))
        self.lock_label.setVisible(rnd is not None and not open_for_bets)
        set_role(self, "panel" if open_for_bets else "locked")
        if not open_for_bets:
            self.show_refusal("")

    def show_refusal(self, reason: str) -> None:
        self.refusal.setText(f"Refused: {reason}" if reason else "")
        self.refusal.setVisible(bool(reason))
