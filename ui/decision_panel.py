"""Per seat, a button for each decision the controller says is legal now - nothing else."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QPushButton, QVBoxLayout, QWidget

from dealer_station.engine import TableSession

from .columns import SeatColumns, clear_layout
from .format import action_label
from .theme import set_role
from .worker import CommandWorker


class DecisionPanel(QFrame):
    def __init__(self, ctl: TableSession, worker: CommandWorker, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = ctl
        self.worker = worker
        self.setObjectName("decisionPanel")
        set_role(self, "panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.columns = SeatColumns(ctl.table.seats)
        layout.addWidget(self.columns)
        layout.addStretch(1)
        self._shown: dict[int, list[str]] = {seat: [] for seat in self.columns.columns}

    def render_state(self, ctl: TableSession) -> None:
        for seat, column in self.columns.columns.items():
            legal = ctl.legal_actions(seat)
            if legal == self._shown[seat]:
                continue
            clear_layout(column)
            for action in legal:
                button = QPushButton(action_label(action))
                button.setObjectName(f"decide{seat}_{action}")
                set_role(button, "action")
                button.clicked.connect(
                    lambda _=False, s=seat, a=action: self.worker.submit("decide", self.ctl.decide, s, a))
                column.addWidget(button)
                button.show()  # Qt shows layout children lazily; make them clickable at once
            column.addStretch(1)
            self._shown[seat] = list(legal)

    def buttons(self, seat: int) -> list[QPushButton]:
        """The decision buttons shown for ``seat`` now (tests)."""
        layout = self.columns.columns[seat]
        found = [layout.itemAt(i).widget() for i in range(layout.count())]
        return [w for w in found if isinstance(w, QPushButton)]
