"""The table: dealer's hand, the five community cards and the seats, as the dealer faces them.

Seat 1 is at the dealer's left, which is the right of the screen, so seats run right to left.
Board and dealer cards stay face down until the controller counts them as revealed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from dealer_station.engine import TableSession

from .card_widget import CardRow
from .seat_widget import SeatWidget
from .theme import set_role


def seat_order(seats: int) -> list[int]:
    """Left-to-right screen order of seat numbers (seat 1 at the right)."""
    return list(range(seats, 0, -1))


class TableView(QWidget):
    def __init__(self, ctl: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)

        top = QHBoxLayout()
        self.dealer = CardRow(2, width=60)
        self.board = CardRow(5, width=60)
        self.dealer_result = QLabel("")
        self.dealer_result.setObjectName("dealerResult")
        set_role(self.dealer_result, "title")
        for title, row in (("Dealer", self.dealer), ("Board", self.board)):
            box = QFrame()
            set_role(box, "panel")
            inner = QVBoxLayout(box)
            inner.setContentsMargins(8, 4, 8, 4)
            label = QLabel(title)
            set_role(label, "title")
            inner.addWidget(label)
            inner.addWidget(row)
            if row is self.dealer:
                inner.addWidget(self.dealer_result)
            top.addWidget(box)
        self.top = top
        layout.addLayout(top)

        seats_row = QHBoxLayout()
        seats_row.setSpacing(6)
        self.seats: dict[int, SeatWidget] = {}
        for seat in seat_order(ctl.table.seats):
            widget = SeatWidget(seat, tuple(ctl.game.spots))
            self.seats[seat] = widget
            seats_row.addWidget(widget, 1)
        layout.addLayout(seats_row)

    def render_state(self, ctl: TableSession) -> None:
        rnd = ctl.round
        revealed = rnd.revealed if rnd else {}
        self.dealer.show_cards(ctl.cards_on_table("dealer"), revealed.get("dealer", 0))
        self.board.show_cards(ctl.cards_on_table("board"), revealed.get("board", 0))
        dealer = (rnd.settlement or {}).get("dealer") if rnd else None
        if dealer:
            verdict = "qualifies" if dealer.get("qualifies") else "does not qualify"
            self.dealer_result.setText(f"{dealer.get('category', '').replace('_', ' ')} - {verdict}")
        else:
            self.dealer_result.setText("")
        waiting = ctl.seats_to_act() if rnd and rnd.halt is None else []
        for seat, widget in self.seats.items():
            state = rnd.seats.get(seat) if rnd else None
            widget.render_seat(state, ctl.seat_stakes(seat), ctl.cards_on_table(f"seat{seat}"),
                               active=bool(waiting) and waiting[0] == seat)

    def screen_order(self) -> list[int]:
        """Seat numbers in the order they appear left to right (tests check the layout)."""
        return sorted(self.seats, key=lambda s: self.seats[s].mapTo(self, self.seats[s].rect().topLeft()).x())


