"""One seat as the croupier sees it: its stakes per spot, its cards, and what it did or gets.

A tile is a target: tapping it chooses the seat for chips (betting) or for the payout
shown (settlement). Hole cards are drawn face down until the session's view says they
may be seen (``view.table.face_up``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QFrame, QGridLayout, QVBoxLayout, QWidget

from .card_widget import CardRow
from .format import money
from .theme import set_flag, set_role
from .widgets import CURRENT, FitLabel


class SeatWidget(QFrame):
    """A seat tile; ``spots``: every spot of the game, in display order."""

    tapped = Signal(int)

    def __init__(self, seat: int, spots: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.spots = tuple(spots)
        self.setObjectName(f"seat{seat}")
        set_role(self, "seat")
        m = CURRENT[0]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(m.margin, 2, m.margin, 2)
        layout.setSpacing(1)
        self.title = FitLabel("", 14, bold=True, role="title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.title)
        self.hole = CardRow(2, width=m.card_width)
        layout.addWidget(self.hole, alignment=Qt.AlignmentFlag.AlignHCenter)
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(0)
        self.stake_labels: dict[str, FitLabel] = {}
        for i, spot in enumerate(self.spots):
            value = FitLabel("", 13, role="stake", minor=True)  # the stakes placed, for reference: settlement says what to do
            value.setObjectName(f"seat{seat}_{spot}")
            grid.addWidget(value, i, 0)
            self.stake_labels[spot] = value
        layout.addLayout(grid)
        layout.addStretch(1)
        self.result = FitLabel("", 16, bold=True, role="result", acted=True)
        self.result.setObjectName(f"seat{seat}_result")
        self.result.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.result)
        self._stakes: dict[str, str] = {}
        self._drawn: tuple[object, ...] | None = None
        """What the tile was last drawn from (``render_seat`` skips a tile that shows it already)."""

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.tapped.emit(self.seat)
        super().mousePressEvent(event)

    def render_seat(self, title: str, words: Mapping[str, str], stakes: Mapping[str, Decimal],
                    hole: Sequence[int | None], face_up: int, result: str, result_role: str,
                    active: bool, done: bool, show_stakes: bool = True, marks: Mapping[str, tuple[str, str]] | None = None,
                    alert: bool = False, chips: Mapping[str, str] | None = None) -> None:
        """Everything shown comes from the session (stakes, cards, what may be seen); ``chips``: per spot, the
        chips that make its stake (a big panel); ``marks``: a sign
        before a spot's stake and the role it is drawn in (a bet sensor's: keyed as its antenna is down,
        an unknown chip);
        ``alert``: the seat is held (its title drawn in red). A tile whose inputs and size are as at its last render
        is left as it is: a card read redraws the seats it changed, not seven."""
        drawn = (title, tuple(words.items()), tuple(stakes.items()), tuple(hole), face_up, result, result_role, active,
                 done, show_stakes, tuple((marks or {}).items()), alert, tuple((chips or {}).items()), self.width(),
                 self.height(), QApplication.font().key())
        if drawn == self._drawn:
            return
        self._drawn = drawn
        self.title.setText(title)
        set_role(self.title, "alert" if alert else "title")
        self._stakes = {spot: money(v) for spot, v in stakes.items()}
        marks = marks or {}
        for spot, label in self.stake_labels.items():
            sign, role = marks.get(spot, ("", "stake"))
            made = (chips or {}).get(spot)  # a big panel: the chips that make it, by denomination
            said = f"{sign} {words[spot]} {self._stakes[spot]}".lstrip() if spot in stakes else ""
            label.setText(f"{said} \u00b7 {made}" if said and made and made != self._stakes[spot] else said)
            label.wrap_if_long(2)
            set_role(label, role)
            # At settlement the tile says what the seat gets; its spots are in the settlement panel.
            label.setVisible(spot in stakes and show_stakes)
        self.hole.show_cards(hole, face_up)
        self.hole.setVisible(bool(hole))  # no cards before the deal: room for the bet tray
        self.result.setText(result)
        self.result.wrap_if_long(2)  # a narrow tile: two lines rather than a cut word
        self.result.setVisible(bool(result))
        set_role(self.result, result_role)
        set_flag(self, "active", active)
        set_flag(self, "done", done)

    def stake_text(self, spot: str) -> str:
        """The amount shown on ``spot`` ("-" when none): tests read the screen with it."""
        return self._stakes.get(spot, "-")

    def rescale(self) -> None:
        self._drawn = None  # a new scale: drawn again whole at the next render
        self.hole.set_width(CURRENT[0].card_width)
