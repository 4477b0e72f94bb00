"""Settlement as the controller computed it: per seat and spot collect / push / pay.

Columns follow the controller's settlement order (highest seat first, i.e. the dealer's
right to left) and sit under their seats. Every number shown is read from
``round.settlement``; the only arithmetic here is the table total of the seats' nets.
A voided round shows each seat's returned stake instead.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.phases import SETTLEMENT
from dealer_station.engine.state import RoundState

from .columns import SeatColumns, clear_layout
from .format import money, net_words, spot_label
from .theme import set_role
from .worker import CommandWorker


class SettlementView(QFrame):
    def __init__(self, ctl: TableSession, worker: CommandWorker, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = ctl
        self.worker = worker
        self.setObjectName("settlementView")
        set_role(self, "panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.columns = SeatColumns(ctl.table.seats)
        layout.addWidget(self.columns)
        footer = QHBoxLayout()
        self.total = QLabel("")
        self.total.setObjectName("tableTotal")
        set_role(self.total, "title")
        footer.addWidget(self.total, 1)
        layout.addLayout(footer)
        self.amounts: dict[tuple[int, str], str] = {}  # (seat, spot or "total") -> text shown
        self.paid_buttons: dict[int, QPushButton] = {}
        self._key: Any = None

    def render_state(self, ctl: TableSession) -> None:
        rnd = ctl.round
        if rnd is None:
            return
        key = (rnd.round_id, rnd.phase, tuple(sorted((s, st.paid) for s, st in rnd.seats.items())))
        if key == self._key:
            return
        self._key = key
        for column in self.columns.columns.values():
            clear_layout(column)
        self.amounts.clear()
        self.paid_buttons.clear()
        if rnd.void is not None:
            self._render_void(rnd)
        elif rnd.settlement is not None:
            self._render_settlement(rnd)

    def _render_settlement(self, rnd: RoundState) -> None:
        settlement = rnd.settlement or {}
        total = Decimal(0)
        order = [entry["seat"] for entry in settlement.get("seats", [])]
        unpaid = [s for s in order if not rnd.seats[s].paid]
        for entry in settlement.get("seats", []):
            seat = entry["seat"]
            column = self.columns.columns[seat]
            box = QFrame()
            set_role(box, "seat")
            inner = QVBoxLayout(box)
            inner.setContentsMargins(4, 2, 4, 2)
            inner.setSpacing(0)
            head = QLabel(f"Seat {seat}: {entry.get('result', '')}")
            set_role(head, "title")
            inner.addWidget(head)
            category = QLabel(str(entry.get("category", "")).replace("_", " "))
            set_role(category, "muted")
            inner.addWidget(category)
            grid = QGridLayout()
            grid.setVerticalSpacing(0)
            for row, (spot, net) in enumerate(entry.get("bets", {}).items()):
                verb, amount = net_words(net)
                grid.addWidget(QLabel(spot_label(spot)), row, 0)
                text = f"{verb} {amount}".strip()
                value = QLabel(text)
                value.setObjectName(f"settle{seat}_{spot}")
                value.setAlignment(Qt.AlignmentFlag.AlignRight)
                grid.addWidget(value, row, 1)
                self.amounts[(seat, spot)] = net
            inner.addLayout(grid)
            verb, amount = net_words(entry["net"])
            seat_total = QLabel(f"Total: {verb} {amount}".strip())
            seat_total.setObjectName(f"settle{seat}_total")
            set_role(seat_total, "title")
            inner.addWidget(seat_total)
            self.amounts[(seat, "total")] = entry["net"]
            total += Decimal(str(entry["net"]))
            column.addWidget(box)
            paid = rnd.seats[seat].paid
            button = QPushButton("Paid \u2713" if paid else f"Paid seat {seat}")
            button.setObjectName(f"paid{seat}")
            set_role(button, "go")
            button.setEnabled(rnd.phase == SETTLEMENT and not paid)
            if unpaid and unpaid[0] == seat:
                button.setText(f"\u25b6 Paid seat {seat}")  # the next seat to settle
            button.clicked.connect(lambda _=False, s=seat: self.worker.submit("paid", self.ctl.mark_paid, s))
            column.addWidget(button)
            button.show()  # clickable at once, not on the next event-loop pass
            self.paid_buttons[seat] = button
            column.addStretch(1)
        verb, amount = net_words(total)
        breakage = settlement.get("breakage")
        extra = f"   breakage {money(breakage)}" if breakage not in (None, "0") else ""
        self.total.setText(f"Table total to players: {verb} {amount}".strip() + extra)
        self.amounts[(0, "table")] = str(total)

    def _render_void(self, rnd: RoundState) -> None:
        for seat, stake in sorted((rnd.void or {}).get("returned", {}).items(), key=lambda kv: int(kv[0])):
            seat = int(seat)
            label = QLabel(f"Seat {seat}\nreturn {money(stake)}")
            label.setObjectName(f"returned{seat}")
            set_role(label, "title")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.columns.columns[seat].addWidget(label)
            self.columns.columns[seat].addStretch(1)
            self.amounts[(seat, "returned")] = str(stake)
        void = rnd.void or {}
        reason = f" - {void['reason']}" if void.get("reason") else ""
        self.total.setText(f"ROUND VOID ({str(void.get('cause', '')).replace('_', ' ')}){reason}: "
                           f"every stake returned")
