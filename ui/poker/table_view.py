"""The poker table drawn with QPainter: seats round an oval, the board and the pots in the middle.

Seat 1 is at the dealer's left (bottom left of the screen) and the seats go clockwise to
the highest at the dealer's right, as GAMES.md numbers them. Everything scales with the
widget, and every text is shrunk to fit the place it is drawn in, so the same drawing
fits an 800x480 panel and a 1920x1080 one. A seat is a touch target at least a finger
wide (``seat_at``): tapping it selects it for the seat commands (``seat_clicked``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..card_widget import UNKNOWN, paint_card
from ..theme import FELT, GOLD, INK, MIN_TOUCH, MUTED, PANEL
from . import words
from .model import PotView, ScreenModel, SeatView

TABLE_FELT = QColor("#0b5d33")
RAIL = QColor("#3b2414")
DESIGN = (860.0, 600.0)
"""The drawing's own units: a seat box is 132 x 64 of them, a board card 62 x 86."""
MIN_TEXT_PX = 12
"""No drawn word is smaller; what the croupier acts on (stacks, pushes, bets, pots) is at least ``ACTED_PX``."""
ACTED_PX = 16
CARDS_ABOVE = 0.4
"""A seat's hole cards sit on its box's top right corner, this share of their height above it
(nine seats round an 800x480 table leave no room for cards wholly above the boxes)."""
MAX_POT_LINES = 2
"""More pots than this are summed on the felt in one line ("8 pots: 730"): the column lists each."""


@dataclass(frozen=True)
class Drawn:
    """One text as the last drawing painted it: where its glyphs are, its pixel size, acted on or not."""

    text: str
    rect: QRectF
    px: int
    acted: bool
SMALLEST_UNIT = 0.64
GLYPHS = 0.95
"""A text's pixel size is at most this share of its line's height (the glyphs, whatever the font's leading)."""
"""The least unit on an 800x480 panel: seat texts stay legible (about 9 px and up)."""


class TableView(QWidget):
    """Draws a ``ScreenModel``; emits ``seat_clicked(seat)`` when a seat is tapped."""

    seat_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pokerTable")
        self.model: ScreenModel | None = None
        self.selected: int | None = None
        self.keyed: tuple[str, int] | None = None
        """The card being keyed (position, index): framed in gold."""
        self._clipped: list[str] = []
        self.drawn: list[Drawn] = []
        self.drawn_cards: dict[int, list[QRectF]] = {}
        """Where the last drawing put each seat's two cards (tests: nothing may cover them)."""
        self.button_disc: QRectF | None = None
        """Where the last drawing put the dealer button."""
        """Every text of the last drawing (the panel-size test measures size, overlap and contrast)."""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 150)

    def sizeHint(self) -> QSize:
        return QSize(860, 600)

    def show_model(self, model: ScreenModel, selected: int | None) -> None:
        self.model, self.selected = model, selected
        self.update()

    def highlight(self, target: tuple[str, int] | None) -> None:
        if target != self.keyed:
            self.keyed = target
            self.update()

    # -- geometry -----------------------------------------------------------------

    def unit(self) -> float:
        """Drawing units to pixels; a small panel keeps the seats a little larger than the rest."""
        fit = min(self.width() / DESIGN[0], self.height() / DESIGN[1])
        return max(fit, min(SMALLEST_UNIT, self.width() / 720, self.height() / 470))

    def box_size(self) -> tuple[float, float]:
        """A seat box's width and height: room for a stack at the acted-on size on the smallest panel."""
        unit = self.unit()
        return max(132 * unit, 96.0), max(64 * unit, 58.0)

    def seat_ring(self) -> QRectF:
        """The oval the seats' centres lie on: a seat's box and the cards above it stay inside the widget."""
        w, h, unit = self.width(), self.height(), self.unit()
        box_w, box_h = self.box_size()
        above, below, side = box_h / 2 + 42 * unit * CARDS_ABOVE + 2, box_h / 2 + 2, box_w / 2 + 2
        rx = min(w * 0.41, w / 2 - side)
        return QRectF(w / 2 - rx, above, 2 * rx, h - above - below)

    def seat_centre(self, index: int, count: int) -> QPointF:
        """Seat ``index`` (0-based) of ``count``: clockwise from the dealer's left."""
        ring = self.seat_ring()
        angle = math.radians(118 + index * (304 / max(count - 1, 1)))
        return QPointF(ring.center().x() + math.cos(angle) * ring.width() / 2,
                       ring.center().y() + math.sin(angle) * ring.height() / 2)

    def seat_rect(self, index: int, count: int) -> QRectF:
        """The seat's box, where it is drawn."""
        centre = self.seat_centre(index, count)
        box_w, box_h = self.box_size()
        return QRectF(centre.x() - box_w / 2, centre.y() - box_h / 2, box_w, box_h)

    def marker_spot(self, index: int, count: int) -> QPointF:
        """Where the seat's button, blind, bet and push are drawn: towards the middle of the table."""
        centre = self.seat_centre(index, count)
        unit = self.unit()
        towards = QPointF(self.width() / 2 - centre.x(), self.height() / 2 - centre.y())
        length = math.hypot(towards.x(), towards.y()) or 1.0
        return QPointF(centre.x() + towards.x() / length * 86 * unit, centre.y() + towards.y() / length * 62 * unit)

    def card_places(self, index: int, count: int) -> list[QRectF]:
        """Where seat ``index``'s two cards lie: above its box, at its right (the name keeps the left)."""
        box = self.seat_rect(index, count)
        unit = self.unit()
        card_w, card_h = 30 * unit, 42 * unit
        top = box.top() - card_h * CARDS_ABOVE
        return [QRectF(box.right() - 4 * unit - (2 - i) * (card_w + 3 * unit), top, card_w, card_h) for i in range(2)]

    def touch_rect(self, index: int, count: int) -> QRectF:
        """Where a tap selects the seat: its box, grown to at least a finger (``MIN_TOUCH``) each way."""
        box = self.seat_rect(index, count)
        grow_w = max(0.0, (MIN_TOUCH - box.width()) / 2)
        grow_h = max(0.0, (MIN_TOUCH - box.height()) / 2)
        return box.adjusted(-grow_w, -grow_h, grow_w, grow_h)

    def seat_at(self, point: QPointF) -> int | None:
        """The seat a tap at ``point`` means: the nearest seat whose touch area holds it."""
        if self.model is None:
            return None
        count = len(self.model.seats)
        hits = [(math.dist((point.x(), point.y()), (c.x(), c.y())), seat.seat)
                for index, seat in enumerate(self.model.seats)
                if self.touch_rect(index, count).contains(point)
                for c in (self.seat_centre(index, count),)]
        return min(hits)[1] if hits else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        seat = self.seat_at(event.position())
        if seat is not None:
            self.seat_clicked.emit(seat)

    # -- drawing --------------------------------------------------------------------

    def clipped_texts(self) -> list[str]:
        """Texts the last drawing could not fit in their place even at the smallest size (the
        layout test reads this: a drawn word is checked like a label's)."""
        self.grab()  # draw now, at the size the widget has
        return list(self._clipped)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._clipped = []
        self.drawn = []
        self.drawn_cards = {}
        self.button_disc = None
        painter = QPainter(self)
        try:
            self._paint(painter)
        finally:
            painter.end()  # a painter left active when drawing fails would bring the whole screen down

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        unit = self.unit()
        painter.fillRect(self.rect(), QColor(FELT))
        rail = 14 * unit
        ring = self.seat_ring()
        oval = ring.adjusted(ring.width() * 0.02, ring.height() * 0.1, -ring.width() * 0.02, -ring.height() * 0.1)
        painter.setPen(QPen(RAIL, rail))
        painter.setBrush(TABLE_FELT)
        painter.drawEllipse(oval)
        model = self.model
        if model is None:
            return
        self._draw_centre(painter, model, unit, oval)
        count = len(model.seats)
        for index, seat in enumerate(model.seats):
            self._draw_seat(painter, seat, self.seat_rect(index, count), unit, model)
            if seat.occupied:
                self._draw_markers(painter, seat, self.card_places(index, count), self.marker_spot(index, count),
                                   unit)

    def _text(self, painter: QPainter, rect: QRectF, flags: Qt.AlignmentFlag, text: str, px: float,
              bold: bool = False, colour: QColor | str = INK, acted: bool = False) -> None:
        """``text`` in ``rect``, its font shrunk from ``px`` until it fits, never below its least size
        (``ACTED_PX`` for what the croupier acts on): a word that cannot fit is listed as cut."""
        least = ACTED_PX if acted else MIN_TEXT_PX
        font = QFont(self.font())
        font.setBold(bold)
        size = max(least, min(round(px), round(rect.height() * GLYPHS)))
        font.setPixelSize(size)
        while size > least and QFontMetricsF(font).horizontalAdvance(text) > rect.width():
            size -= 1
            font.setPixelSize(size)
        metrics = QFontMetricsF(font)
        if metrics.horizontalAdvance(text) > rect.width() + 1:
            self._clipped.append(text)
        painter.setFont(font)
        painter.setPen(QColor(colour))
        painter.drawText(rect, flags, text)
        glyphs = metrics.boundingRect(rect, int(flags), text)
        self.drawn.append(Drawn(text, glyphs, size, acted))

    def _draw_centre(self, painter: QPainter, model: ScreenModel, unit: float, oval: QRectF) -> None:
        """The board (five places) and, under it, every pot and who is in it, the pushes and the rake."""
        w = self.width()
        card_w, card_h = 62 * unit, 86 * unit
        left = w / 2 - (5 * card_w + 4 * 8 * unit) / 2
        top = oval.top() + oval.height() * 0.2
        for i in range(5):
            rect = QRectF(left + i * (card_w + 8 * unit), top, card_w, card_h)
            keyed = self.keyed == ("board", i)
            if i < len(model.board):
                card = model.board[i]
                paint_card(painter, rect, UNKNOWN if card is None else card, card is not None, keyed, self.font())
            else:
                paint_card(painter, rect, None, False, keyed, self.font())
        # The pots and who is in each (what to push, and the rake, are the action column's and the seats').
        wide = QFont(self.font())
        wide.setPixelSize(ACTED_PX)
        room_w = w * 0.56

        def said(pot: PotView) -> str:  # who is in it when there is room; the column always says
            line = words.pot_line(pot)
            return line if QFontMetricsF(wide).horizontalAdvance(line) <= room_w else words.unbroken(words.pot_name(pot))

        lines: list[tuple[str, QColor | str]] = [(said(pot), INK) for pot in model.pots] \
            if len(model.pots) <= MAX_POT_LINES else [(words.pots_summary(model.pots), INK)]
        if model.bets_in_front:
            lines.append((words.in_front_line(model.bets_in_front), MUTED))
        if not lines:
            return
        below = top + card_h + 6 * unit
        left, right = w * 0.22, w * 0.78
        count = len(model.seats)
        spots = [self.marker_spot(i, count) for i in range(count)]
        marker = max(14 * unit, QFontMetricsF(wide).height() / 2 + 3)  # half a marker's height, its text at 16 px
        bottom = min(oval.bottom() - 4 * unit, below + len(lines) * QFontMetricsF(wide).height())
        for seat, p in zip(model.seats, spots):  # a seat's markers beside the lines: the lines keep clear
            marked = seat.occupied and (seat.button or seat.blind is not None or bool(seat.bet) or bool(seat.wins))
            if marked and below - marker < p.y() < bottom + marker:
                if p.x() < w / 2:
                    left = max(left, p.x() + 70 * unit)
                else:
                    right = min(right, p.x() - 56 * unit - marker)
        room = QRectF(left, below, right - left, bottom - below)
        room_w = room.width() - 2
        fits = QFontMetricsF(wide)
        summary = words.pots_summary(model.pots) if model.pots else ""
        lines = [(said(pot), INK) for pot in model.pots] if len(model.pots) <= MAX_POT_LINES else lines[:1]
        if any(fits.horizontalAdvance(text) > room_w for text, _ in lines if model.pots):
            lines = [(summary, INK)] if model.pots else []  # no room beside the markers: the column lists each
        in_front = words.in_front_line(model.bets_in_front) if model.bets_in_front else ""
        if in_front and fits.horizontalAdvance(in_front) <= room_w:  # the pills by the seats say it too
            lines.append((in_front, MUTED))
        if not lines:
            return
        line_h = max(QFontMetricsF(wide).height(), min(24 * unit, room.height() / len(lines)))
        for i, (text, colour) in enumerate(lines):
            self._text(painter, QRectF(room.left(), room.top() + i * line_h, room.width(), line_h),
                       Qt.AlignmentFlag.AlignCenter, text, 17 * unit, colour=colour, acted=True)

    def _draw_seat(self, painter: QPainter, seat: SeatView, rect: QRectF, unit: float, model: ScreenModel) -> None:
        chosen = seat.seat == self.selected
        asked = seat.to_act or seat.to_show  # the seat the table waits for: to act, or to show or muck
        border = QColor(GOLD) if asked else QColor(INK) if chosen else QColor("#2f6b47")
        painter.setPen(QPen(border, (4 if asked or chosen else 2) * unit))
        painter.setBrush(QColor(PANEL) if seat.occupied else QColor(0, 0, 0, 60))
        painter.drawRoundedRect(rect, 8 * unit, 8 * unit)
        inner = rect.adjusted(6 * unit, 3 * unit, -6 * unit, -3 * unit)
        third = inner.height() * 0.3  # name, stack (the larger middle row), status
        top_row = QRectF(inner.left(), inner.top(), inner.width(), third)
        clock = model.clock_seconds() if seat.to_act else None
        name_w = inner.width() * (0.5 if seat.cards else 1.0)
        self._text(painter, QRectF(top_row.left(), top_row.top(), name_w, third),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, words.seat_word(seat.seat),
                   14 * unit, colour=MUTED)
        if clock is not None:  # on the status row: the top right corner holds the cards
            self._text(painter, QRectF(inner.left(), inner.bottom() - third, inner.width(), third),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, words.clock_word(clock),
                       15 * unit, True, "#ff7b7f" if clock <= 10 else GOLD)
        middle = QRectF(inner.left(), inner.top() + third, inner.width(), inner.height() - 2 * third)
        if not seat.occupied:
            self._text(painter, middle, Qt.AlignmentFlag.AlignCenter, words.empty_word(), 14 * unit, colour=MUTED)
            return
        self._text(painter, middle, Qt.AlignmentFlag.AlignCenter, words.money(seat.stack), 21 * unit, True,
                   acted=True)
        if seat.status is not None:
            bottom = QRectF(inner.left(), inner.bottom() - third, inner.width(), third)
            alarm = seat.status == "all_in"
            self._text(painter, bottom, Qt.AlignmentFlag.AlignCenter, words.status_word(seat.status), 13 * unit,
                       alarm, "#ff7b7f" if alarm else MUTED)

    def _clear_place(self, disc: QRectF, spot: QPointF, unit: float, also: tuple[QRectF, ...] = ()) -> QRectF:
        """A marker (the button, a blind or bet pill) where it belongs, or - when that covers a seat or its cards
        (seat 1's lie there at 800x480) - the nearest place towards the middle of the table, then upwards, that
        covers none (nor ``also``)."""
        count = len(self.model.seats) if self.model is not None else 0
        taken = [r for i in range(count) for r in (self.seat_rect(i, count), *self.card_places(i, count))] + list(also)
        centre = QPointF(self.width() / 2, self.height() / 2)
        towards = QPointF(centre.x() - spot.x(), centre.y() - spot.y())
        length = math.hypot(towards.x(), towards.y()) or 1.0
        step = QPointF(towards.x() / length * 6 * unit, towards.y() / length * 6 * unit)
        candidates = [disc.translated(step.x() * k, step.y() * k) for k in range(12)] + \
            [disc.translated(0, -6 * unit * k) for k in range(1, 12)]
        return next((c for c in candidates if QRectF(self.rect()).contains(c)
                     and not any(c.intersects(t) for t in taken)), disc)

    def _draw_markers(self, painter: QPainter, seat: SeatView, places: list[QRectF], spot: QPointF,
                      unit: float) -> None:
        """Cards above the box, the button and the blind, the bet and the push towards the middle."""
        if seat.cards:
            self.drawn_cards[seat.seat] = places
        for i, card in enumerate(seat.cards):
            keyed = self.keyed == (f"seat{seat.seat}", i)
            paint_card(painter, places[i], UNKNOWN if card is None else card, card is not None, keyed, self.font())
        if seat.button:
            small = QFont(self.font())
            small.setBold(True)
            small.setPixelSize(MIN_TEXT_PX)
            across = max(24 * unit, QFontMetricsF(small).height() + 2)
            disc = self._clear_place(QRectF(spot.x() - 16 * unit - across, spot.y() - across / 2, across, across),
                                     spot, unit)

            self.button_disc = disc
            painter.setPen(QPen(QColor("#000000"), 1.5))
            painter.setBrush(QColor(INK))
            painter.drawEllipse(disc)
            self._text(painter, disc, Qt.AlignmentFlag.AlignCenter, words.marker_word("button"), 13 * unit, True,
                       "#000000")
        label = []
        if seat.blind is not None and seat.wins is None:
            label.append(words.marker_word(seat.blind))
        if seat.bet:
            label.append(words.money(seat.bet))
        if seat.wins:
            label.append(f"+{words.money(seat.wins)}")
        if label:
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(max(ACTED_PX, round(13 * unit)))
            wide = QFontMetricsF(font).horizontalAdvance(" ".join(label)) + 12 * unit  # as long as its words
            high = max(24 * unit, QFontMetricsF(font).height() + 2)
            box = self._clear_place(QRectF(spot.x() - 16 * unit, spot.y() - high / 2, max(40 * unit, wide), high),
                                    spot, unit, () if self.button_disc is None or not seat.button else (self.button_disc,))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(GOLD) if seat.wins else QColor("#f2f2f2"))
            painter.drawRoundedRect(box, 12 * unit, 12 * unit)
            self._text(painter, box.adjusted(4 * unit, 0, -4 * unit, 0), Qt.AlignmentFlag.AlignCenter,
                       " ".join(label), 13 * unit, True, "#000000", acted=True)
