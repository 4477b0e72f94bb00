"""The poker table drawn with QPainter: seats round an oval, the board and the pots in the middle.

Seat 1 is at the dealer's left (bottom left of the screen) and the seats go clockwise to
the highest at the dealer's right, as GAMES.md numbers them. Everything scales with the
widget, so the same drawing fits an 800x480 panel and a 1920x1080 one. A seat is a touch
target: tapping it selects it for the seat commands (``seat_clicked``).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_station.cards import RANKS, rank_of, suit_of
from dealer_station.money import format_money

from .model import PotView, ScreenModel, SeatView
from .texts import phrase

FELT = QColor("#0b5d33")
RAIL = QColor("#3b2414")
PANEL = QColor("#102418")
INK = QColor("#ffffff")
MUTED = QColor("#c8d6cc")
GOLD = QColor("#ffd23f")
RED = QColor("#d7141a")
CARD_RED = QColor("#c8102e")
CARD_BLACK = QColor("#111111")
SUITS = {0: "\u2663", 1: "\u2666", 2: "\u2665", 3: "\u2660"}


def card_text(card: int) -> str:
    rank = RANKS[rank_of(card)]
    return ("10" if rank == "T" else rank) + SUITS[suit_of(card)]


class TableView(QWidget):
    """Draws a ``ScreenModel``; emits ``seat_clicked(seat)`` when a seat is tapped."""

    seat_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pokerTable")
        self.model: ScreenModel | None = None
        self.selected: int | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(440, 300)

    def sizeHint(self) -> QSize:
        return QSize(860, 600)

    def show_model(self, model: ScreenModel, selected: int | None) -> None:
        self.model, self.selected = model, selected
        self.update()

    # -- geometry -----------------------------------------------------------------

    def seat_centre(self, index: int, count: int) -> QPointF:
        """Seat ``index`` (0-based) of ``count``: clockwise from the dealer's left."""
        w, h = self.width(), self.height()
        angle = math.radians(118 + index * (304 / max(count - 1, 1)))
        return QPointF(w / 2 + math.cos(angle) * w * 0.41, h / 2 + math.sin(angle) * h * 0.39)

    def seat_rect(self, index: int, count: int) -> QRectF:
        """The seat's box: the touch target and where it is drawn."""
        unit = self.unit()
        centre = self.seat_centre(index, count)
        box_w, box_h = 132 * unit, 64 * unit
        return QRectF(centre.x() - box_w / 2, centre.y() - box_h / 2, box_w, box_h)

    def unit(self) -> float:
        return min(self.width() / 860, self.height() / 600)

    def seat_at(self, point: QPointF) -> int | None:
        if self.model is None:
            return None
        count = len(self.model.seats)
        return next((seat.seat for index, seat in enumerate(self.model.seats)
                     if self.seat_rect(index, count).contains(point)), None)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        seat = self.seat_at(event.position())
        if seat is not None:
            self.seat_clicked.emit(seat)

    # -- drawing --------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        unit = self.unit()
        painter.fillRect(self.rect(), QColor("#0b3d23"))
        oval = QRectF(w * 0.1, h * 0.12, w * 0.8, h * 0.74)
        painter.setPen(QPen(RAIL, 14 * unit))
        painter.setBrush(FELT)
        painter.drawEllipse(oval)
        model = self.model
        if model is None:
            return
        self._draw_centre(painter, model, unit)
        count = len(model.seats)
        for index, seat in enumerate(model.seats):
            self._draw_seat(painter, seat, self.seat_rect(index, count), unit)

    def _font(self, painter: QPainter, size: float, bold: bool = False, fit: tuple[str, float] | None = None) -> None:
        """Set a font of ``size`` px; with ``fit`` = (text, width), smaller until the text fits the width."""
        font = QFont(self.font())
        font.setBold(bold)
        pixels = max(9, round(size))
        font.setPixelSize(pixels)
        if fit is not None:
            text, width = fit
            while pixels > 9 and QFontMetricsF(font).horizontalAdvance(text) > width:
                pixels -= 1
                font.setPixelSize(pixels)
        painter.setFont(font)

    def _draw_card(self, painter: QPainter, rect: QRectF, card: int | None) -> None:
        radius = rect.width() * 0.12
        if card is None:
            painter.setPen(QPen(INK, 1.5))
            painter.setBrush(QColor("#1c3f9e"))
            painter.drawRoundedRect(rect, radius, radius)
            return
        painter.setPen(QPen(QColor("#000000"), 1.5))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(CARD_RED if suit_of(card) in (1, 2) else CARD_BLACK)
        text = card_text(card)
        self._font(painter, rect.height() * 0.36, bold=True, fit=(text, rect.width() * 0.88))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _draw_centre(self, painter: QPainter, model: ScreenModel, unit: float) -> None:
        w, h = self.width(), self.height()
        card_w, card_h = 62 * unit, 86 * unit
        left = w / 2 - (5 * card_w + 4 * 8 * unit) / 2
        top = h * 0.30
        for i in range(5):
            rect = QRectF(left + i * (card_w + 8 * unit), top, card_w, card_h)
            if i < len(model.board):
                self._draw_card(painter, rect, model.board[i])
            else:
                painter.setPen(QPen(QColor("#6f9c80"), 1.5, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(rect, 6 * unit, 6 * unit)
        y = top + card_h + 10 * unit
        line_h = 22 * unit
        area = QRectF(w * 0.2, y, w * 0.6, line_h)
        lines = [line for pot in model.pots for line in self._pot_lines(pot)]
        if model.bets_in_front:
            lines.append((phrase("bets_in_front", amount=format_money(model.bets_in_front)), MUTED))
        if model.returned is not None:
            seat, chips = model.returned
            lines.append((phrase("uncalled", amount=format_money(chips), seat=seat), INK))
        if model.rake_to_drop is not None:
            lines.append((phrase("rake_to_drop", amount=format_money(model.rake_to_drop)), GOLD))
        room = max(1, int((h * 0.84 - y) / line_h))
        for text, colour in lines[:room]:
            painter.setPen(colour)
            self._font(painter, 17 * unit, bold=colour is GOLD, fit=(text, area.width()))
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, text)
            area.translate(0, line_h)

    @staticmethod
    def _pot_lines(pot: PotView) -> list[tuple[str, QColor]]:
        """A pot and who is in it; once settled, a second line: what to push to whom, and its rake."""
        amount = format_money(pot.amount)
        name = phrase("main_pot", amount=amount) if pot.number == 0 else phrase("side_pot", number=pot.number, amount=amount)
        text = f"{name} - {phrase('eligible', seats=' '.join(str(s) for s in pot.eligible))}"
        if not pot.shares:
            return [(text, INK)]
        shares = ", ".join(phrase("share", seat=seat, amount=format_money(chips)) for seat, chips in pot.shares)
        push = phrase("push_to", shares=shares)
        if pot.rake:
            push += f" - {phrase('pot_rake', amount=format_money(pot.rake))}"
        return [(text, INK), (push, GOLD)]

    def _draw_seat(self, painter: QPainter, seat: SeatView, rect: QRectF, unit: float) -> None:
        centre = rect.center()
        border = GOLD if seat.to_act else (INK if seat.seat == self.selected else QColor("#2f6b47"))
        painter.setPen(QPen(border, (4 if seat.to_act or seat.seat == self.selected else 2) * unit))
        painter.setBrush(PANEL if seat.occupied else QColor(0, 0, 0, 60))
        painter.drawRoundedRect(rect, 8 * unit, 8 * unit)
        inner = rect.adjusted(6 * unit, 3 * unit, -6 * unit, -3 * unit)
        painter.setPen(MUTED)
        self._font(painter, 13 * unit)
        painter.drawText(inner, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft, phrase("seat", seat=seat.seat))
        if seat.to_act and self.model is not None and self.model.clock_seconds is not None:
            painter.setPen(RED if self.model.clock_seconds <= 10 else GOLD)
            self._font(painter, 14 * unit, bold=True)
            painter.drawText(inner, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight,
                             phrase("clock", seconds=self.model.clock_seconds))
        if not seat.occupied:
            painter.setPen(MUTED)
            self._font(painter, 14 * unit)
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, phrase("empty"))
            return
        painter.setPen(INK)
        self._font(painter, 21 * unit, bold=True)
        painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, format_money(seat.stack))
        if seat.status is not None:
            painter.setPen(RED if seat.status == "status_all_in" else MUTED)
            self._font(painter, 12 * unit, bold=seat.status == "status_all_in")
            painter.drawText(inner, Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignHCenter, phrase(seat.status))
        towards = QPointF(self.width() / 2 - centre.x(), self.height() / 2 - centre.y())
        length = math.hypot(towards.x(), towards.y()) or 1.0
        step = QPointF(towards.x() / length, towards.y() / length)
        self._draw_markers(painter, seat, rect, centre, step, unit)

    def _draw_markers(self, painter: QPainter, seat: SeatView, rect: QRectF, centre: QPointF, step: QPointF,
                      unit: float) -> None:
        """Cards above the box, the button and blind, the bet and the push towards the middle."""
        card_w, card_h = 30 * unit, 42 * unit
        for i, card in enumerate(seat.cards):
            self._draw_card(painter, QRectF(rect.left() + 4 * unit + i * (card_w + 3 * unit),
                                            rect.top() - card_h - 1 * unit, card_w, card_h), card)
        spot = QPointF(centre.x() + step.x() * 86 * unit, centre.y() + step.y() * 62 * unit)
        if seat.button:
            disc = QRectF(spot.x() - 44 * unit, spot.y() - 12 * unit, 24 * unit, 24 * unit)
            painter.setPen(QPen(QColor("#000000"), 1.5))
            painter.setBrush(INK)
            painter.drawEllipse(disc)
            painter.setPen(QColor("#000000"))
            self._font(painter, 13 * unit, bold=True)
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, phrase("button"))
        label = []
        if seat.blind is not None:
            label.append(phrase(seat.blind))
        if seat.bet:
            label.append(format_money(seat.bet))
        if seat.wins:
            label.append(phrase("wins", amount=format_money(seat.wins)))
        if label:
            box = QRectF(spot.x() - 16 * unit, spot.y() - 12 * unit, 74 * unit, 24 * unit)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(GOLD if seat.wins else QColor("#f2f2f2"))
            painter.drawRoundedRect(box, 12 * unit, 12 * unit)
            painter.setPen(QColor("#000000"))
            self._font(painter, 13 * unit, bold=True)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, " ".join(label))
