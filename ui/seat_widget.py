"""One seat as the croupier sees it: stakes per spot, hole cards, decisions so far."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from dealer_station.engine.state import SeatState

from .card_widget import CardRow
from .format import action_label, money, spot_label
from .theme import set_flag, set_role


class SeatWidget(QFrame):
    """Renders a ``SeatState`` (or an empty seat)."""

    def __init__(self, seat: int, spots: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.spots = spots
        self.setObjectName(f"seat{seat}")
        set_role(self, "seat")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        title = QLabel(f"Seat {seat}")
        set_role(title, "title")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(0)
        self.stake_labels: dict[str, QLabel] = {}
        for row, spot in enumerate(spots):
            name = QLabel(spot_label(spot))
            set_role(name, "muted")
            value = QLabel("-")
            value.setObjectName(f"seat{seat}_{spot}")
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(name, row, 0)
            grid.addWidget(value, row, 1)
            self.stake_labels[spot] = value
        layout.addLayout(grid)
        self.hole = CardRow(2, width=50)
        layout.addWidget(self.hole, alignment=Qt.AlignmentFlag.AlignHCenter)
        self.actions = QLabel("")
        set_role(self.actions, "muted")
        self.actions.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.actions)

    def render_seat(self, state: SeatState | None, stakes: Mapping[str, Decimal], hole: Sequence[int | None],
                    active: bool) -> None:
        """``stakes`` and ``hole`` come from the controller (the Play amount is a game rule)."""
        for spot, label in self.stake_labels.items():
            label.setText(money(stakes[spot]) if spot in stakes else "-")
        self.hole.show_cards(hole, 2)
        self.actions.setText(" \u2192 ".join(action_label(a) for a in state.actions) if state else "")
        set_flag(self, "active", active)

    def stake_text(self, spot: str) -> str:
        return self.stake_labels[spot].text()
