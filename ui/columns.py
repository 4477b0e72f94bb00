"""Per-seat columns lined up under the table's seats (seat 1 at the right)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from .table_view import seat_order


class SeatColumns(QWidget):
    """One empty ``QVBoxLayout`` column per seat, in the same screen order as the seats."""

    def __init__(self, seats: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        self.columns: dict[int, QVBoxLayout] = {}
        for seat in seat_order(seats):
            holder = QWidget()
            holder.setObjectName(f"column{seat}")
            column = QVBoxLayout(holder)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(4)
            self.columns[seat] = column
            row.addWidget(holder, 1)


def clear_layout(layout: QVBoxLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:
            widget.hide()  # deleteLater alone leaves it painted until the event loop runs
            widget.deleteLater()
