"""The cards in the middle of a banking table (dealer and board) and the seats around it.

Seats run as the dealer sees them: seat 1 ("first base", the dealer's left) at the left of
the screen (``view.table.seat_order``), so settlement - highest seat first - moves right
to left, as the dealer's hands do. Every card follows the session's view of what may be
seen; the card being keyed is framed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.games import BankingGame
from dealer_station.view.table import face_up, seat_order

from . import theme
from .card_widget import CardRow
from .format import hand_word
from .i18n import translate
from .seat_widget import SeatWidget
from .widgets import CURRENT, FitLabel


class CenterCards(QFrame):
    """Dealer's two cards and the five board cards, with the dealer's hand at showdown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("centerCards")
        theme.set_role(self, "panel")
        m = CURRENT[0]
        grid = QGridLayout(self)
        grid.setContentsMargins(m.margin, 1, m.margin, 1)
        grid.setHorizontalSpacing(m.margin * 2)
        grid.setVerticalSpacing(0)
        self.dealer_title = FitLabel("", 11, bold=True, role="title", minor=True)
        self.board_title = FitLabel("", 11, bold=True, role="title", minor=True)
        self.dealer = CardRow(2, width=m.card_width)
        self.board = CardRow(5, width=m.card_width)
        self.dealer_result = FitLabel("", 16, bold=True, role="result", acted=True)
        self.dealer_result.setObjectName("dealerResult")
        grid.addWidget(self.dealer_title, 0, 0)  # the dealer's hand replaces the board's title at showdown
        grid.addWidget(self.board_title, 0, 1)
        grid.addWidget(self.dealer_result, 0, 0, 1, 2)
        grid.addWidget(self.dealer, 1, 0)
        grid.addWidget(self.board, 1, 1)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 5)
        self.retranslate()

    def retranslate(self) -> None:
        self.dealer_title.setText(translate("screen", "Dealer"))
        self.board_title.setText(translate("screen", "Board"))

    def rescale(self) -> None:
        self.dealer.set_width(CURRENT[0].card_width)
        self.board.set_width(CURRENT[0].card_width)

    def render_state(self, snap: TableSnapshot) -> None:
        self.dealer.show_cards(snap.cards_on_table("dealer"), face_up(snap, "dealer"))
        self.board.show_cards(snap.cards_on_table("board"), face_up(snap, "board"))
        rnd = snap.round
        dealer = (rnd.settlement or {}).get("dealer") if rnd is not None else None
        if dealer:
            text = hand_word(str(dealer.get("category", "")))
            if "qualifies" in dealer:
                text += " \u00b7 " + (translate("screen", "qualifies") if dealer["qualifies"]
                                      else translate("screen", "does not qualify"))
            self.dealer_result.setText(translate("screen", "Dealer") + ": " + text)
        else:
            self.dealer_result.setText("")
        self.board_title.setVisible(not self.dealer_result.text())
        self.dealer_title.setVisible(not self.dealer_result.text())
        self.dealer_result.setVisible(bool(self.dealer_result.text()))


class SeatsRow(QWidget):
    """The seat tiles, left to right as the dealer sees the table."""

    tapped = Signal(int)

    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(CURRENT[0].margin)
        self.seats: dict[int, SeatWidget] = {}
        game = session.view().game
        assert isinstance(game, BankingGame), "the banking felt is a banking table's"
        for seat in seat_order(session.view().table.seats):
            tile = SeatWidget(seat, game.spots)
            tile.tapped.connect(self.tapped)
            self.seats[seat] = tile
            row.addWidget(tile, 1)
        self.setMinimumHeight(CURRENT[0].target)

    def screen_order(self) -> list[int]:
        """Seat numbers in the order they appear left to right (tests check the layout)."""
        return sorted(self.seats, key=lambda s: self.seats[s].mapTo(self, self.seats[s].rect().topLeft()).x())

    def highlight(self, target: tuple[str, int] | None) -> None:
        for seat, tile in self.seats.items():
            tile.hole.highlight(target[1] if target is not None and target[0] == f"seat{seat}" else None)


def keyed_position(center: CenterCards, target: tuple[str, int] | None) -> None:
    center.dealer.highlight(target[1] if target is not None and target[0] == "dealer" else None)
    center.board.highlight(target[1] if target is not None and target[0] == "board" else None)


__all__ = ["CenterCards", "SeatsRow", "keyed_position", "Qt"]
