"""Playing cards drawn with QPainter: big rank and suit, red/black, or a patterned back.

Drawing (rather than images) keeps cards sharp at any scale and needs no asset files.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_station.cards import RANKS, rank_of, suit_of

from .theme import CARD_BLACK, CARD_RED

SUIT_SYMBOLS = {0: "\u2663", 1: "\u2666", 2: "\u2665", 3: "\u2660"}  # c d h s
RED_SUITS = {1, 2}
UNKNOWN = -1  # a card on the table the station has not seen yet (hand deal): drawn face down


def rank_text(card: int) -> str:
    rank = RANKS[rank_of(card)]
    return "10" if rank == "T" else rank


class CardWidget(QWidget):
    """One card slot: empty (outline), face down (back) or face up."""

    def __init__(self, width: int = 56, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._card: int | None = None
        self._face_up = False
        self._base = width
        self.highlighted = False
        """The card the croupier is keying now: drawn with a thick gold frame."""
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFixedSize(self.sizeHint())

    def sizeHint(self) -> QSize:
        return QSize(self._base, round(self._base * 1.4))

    def set_width(self, width: int) -> None:
        if width != self._base:
            self._base = width
            self.setFixedSize(self.sizeHint())

    def set_highlight(self, on: bool) -> None:
        if on != self.highlighted:
            self.highlighted = on
            self.update()

    def set_card(self, card: int | None, face_up: bool) -> None:
        if (card, face_up) == (self._card, self._face_up):
            return
        self._card, self._face_up = card, face_up
        self.setToolTip("")
        self.setAccessibleName(self.describe())
        self.update()

    def describe(self) -> str:
        """What the card shows (for tests and screen readers)."""
        if self._card is None:
            return "empty"
        if not self._face_up:
            return "face down"
        return f"{rank_text(self._card)}{'cdhs'[suit_of(self._card)]}"

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_card(painter, QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5), self._card, self._face_up,
                   self.highlighted, self.font())


def paint_card(painter: QPainter, rect: QRectF, card: int | None, face_up: bool, highlighted: bool,
               font: QFont) -> None:
    """One card in ``rect``: an empty place (None), its back, or its rank and suit; ``highlighted``:
    the card being keyed, framed in gold (the poker table draws its cards with this too)."""
    radius = rect.width() * 0.1
    line = max(1.0, min(2.0, rect.width() / 25))
    if highlighted:
        painter.setPen(QPen(QColor("#ffd23f"), max(3.0, rect.width() / 11)))
        painter.setBrush(QColor("#3d3200"))
        painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), radius, radius)
        if card is None or not face_up:
            return
    if card is None:
        painter.setPen(QPen(QColor("#6f9c80"), line, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, radius, radius)
        return
    if not face_up:
        painter.setPen(QPen(QColor("#ffffff"), line))
        painter.setBrush(QColor("#1c3f9e"))
        painter.drawRoundedRect(rect, radius, radius)
        inset = max(2.0, rect.width() / 11)
        inner = rect.adjusted(inset, inset, -inset, -inset)
        painter.setBrush(Qt.BrushStyle.DiagCrossPattern)
        painter.setPen(QPen(QColor("#8fb0ff"), 1))
        painter.drawRoundedRect(inner, radius / 2, radius / 2)
        return
    painter.setPen(QPen(QColor("#000000"), line))
    painter.setBrush(QColor("#ffffff"))
    painter.drawRoundedRect(rect, radius, radius)
    suit = suit_of(card)
    painter.setPen(CARD_RED if suit in RED_SUITS else CARD_BLACK)
    face = QFont(font)
    face.setBold(True)
    face.setPixelSize(max(6, round(rect.height() * 0.36)))
    painter.setFont(face)
    top = QRectF(rect.left(), rect.top() + rect.height() * 0.04, rect.width(), rect.height() * 0.46)
    painter.drawText(top, Qt.AlignmentFlag.AlignCenter, rank_text(card))
    face.setPixelSize(max(6, round(rect.height() * 0.42)))
    painter.setFont(face)
    bottom = QRectF(rect.left(), rect.top() + rect.height() * 0.46, rect.width(), rect.height() * 0.5)
    painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, SUIT_SYMBOLS[suit])


class CardRow(QWidget):
    """A fixed number of card slots in a row (dealer 2, board 5, a seat's 2)."""

    def __init__(self, slots: int, width: int = 56, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtWidgets import QHBoxLayout

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        self.cards = [CardWidget(width) for _ in range(slots)]
        for card in self.cards:
            layout.addWidget(card)
        layout.addStretch(1)

    def show_cards(self, cards: Sequence[int | None], face_up_count: int) -> None:
        """``cards`` as dealt (None: on the table, not yet known); the first ``face_up_count`` face up."""
        for i, widget in enumerate(self.cards):
            if i >= len(cards):
                widget.set_card(None, False)  # an empty place
            else:
                card = cards[i]
                widget.set_card(UNKNOWN if card is None else card, card is not None and i < face_up_count)

    def describe(self) -> list[str]:
        return [c.describe() for c in self.cards]

    def set_width(self, width: int) -> None:
        for card in self.cards:
            card.set_width(width)

    def highlight(self, index: int | None) -> None:
        """Frame the card at ``index`` (the one being keyed), or none."""
        for i, card in enumerate(self.cards):
            card.set_highlight(i == index)
