"""The poker settlement, full width: each shown hand named with its cards and what the seat is
pushed, and beside it every pot with where it goes and the rake (issue 19).

The felt cannot hold nine hands and eight pots legibly on an 800x480 panel, so once a hand
is settled this board takes the table's place until Pots pushed: every line at the
croupier's reading size, amounts after a colon and an arrow, never a hyphen that reads as
a minus. Everything comes from the screen model (``model.py``); words from ``words.py``.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QFrame, QHBoxLayout, QVBoxLayout, QWidget

from .. import theme
from ..card_widget import CardRow
from ..correct_card import card_face
from ..widgets import CURRENT, FitLabel
from . import words
from .model import ScreenModel

MAX_LINES = 10


class ShowdownBoard(QFrame):
    """``show_model(model)``; ``hands`` and ``pots`` are the lines shown (tests read them)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("showdownBoard")
        theme.set_role(self, "panel")
        m = CURRENT[0]
        outer = QHBoxLayout(self)
        outer.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        outer.setSpacing(m.gap * 2)
        left = QVBoxLayout()
        left.setSpacing(0)
        self.board = CardRow(5, width=m.card_width)
        """The board's five cards: shown beside the banner (the panel's header), where nine hands and
        eight pots leave them room at 800x480 whatever the language's line height."""
        self.board.setObjectName("showdownCards")
        self.hand_lines = [FitLabel("", 16, bold=True, acted=True) for _ in range(MAX_LINES)]
        for i, label in enumerate(self.hand_lines):
            label.setObjectName(f"shown{i}")
            left.addWidget(label)
        left.addStretch(1)
        right = QVBoxLayout()
        right.setSpacing(0)
        self.pot_lines = [FitLabel("", 16, bold=True, acted=True) for _ in range(MAX_LINES)]
        for i, label in enumerate(self.pot_lines):
            label.setObjectName(f"potPush{i}")
            right.addWidget(label)
        right.addStretch(1)
        outer.addLayout(left, 1)
        outer.addLayout(right, 1)
        self.hands: list[str] = []
        self.pots: list[str] = []
        self.winners: list[str] = []
        """The lines of the hands that win chips: drawn marked (gold), the rest plain."""

    def _too_long(self, text: str, label: FitLabel) -> bool:
        font = QFont(QApplication.font())
        font.setBold(True)
        font.setPixelSize(CURRENT[0].font(16))
        holder = self.parentWidget()  # the panel's width, also before this page is first shown
        width = max(self.width(), holder.width() if holder is not None else 0)
        column = (width - CURRENT[0].margin * 4 - CURRENT[0].gap * 2) / 2
        if label.width() > 150:  # laid out already: its own width
            column = label.contentsRect().width()
        return QFontMetrics(font).horizontalAdvance(text) > column - 12

    def rescale(self) -> None:
        self.board.set_width(CURRENT[0].card_width)

    def show_model(self, model: ScreenModel) -> None:
        self.board.show_cards(list(model.board), len(model.board))
        self.hands = [words.shown_line(seat.seat, " ".join(card_face(c) for c in seat.cards if c is not None),
                                       words.hand_name(seat.hand), seat.wins)
                      for seat in model.seats if seat.hand is not None]
        self.hands += [words.seat_heading(seat.seat, words.status_word("mucked")) + (
            f" \u00b7 +{words.money(seat.wins)}" if seat.wins else "")
            for seat in model.seats if seat.in_hand and seat.hand is None and seat.status != "folded"]
        pots = [(words.pot_push_line(pot), "pay") for pot in model.pots]
        if model.returned is not None:
            pots.append((words.uncalled_line(*model.returned), "pay"))
        if model.rake_to_drop is not None:
            pots.append((words.rake_line(model.rake_to_drop), "title"))
        self.pots = [text for text, _ in pots]
        winners = [bool(seat.wins) for seat in model.seats if seat.hand is not None] + \
            [bool(seat.wins) for seat in model.seats if seat.in_hand and seat.hand is None and seat.status != "folded"]
        self.winners = [text for text, won in zip(self.hands, winners) if won]
        hand_roles = [(text, "jackpot" if won else "strip") for text, won in zip(self.hands, winners)]  # marked
        for labels, lines in ((self.hand_lines, hand_roles), (self.pot_lines, pots)):
            for i, label in enumerate(labels):
                text, role = lines[i] if i < len(lines) else ("", "strip")
                label.set_lines(2 if self._too_long(text, label) else 1)  # a long line wraps, never shrinks
                label.setText(text)
                label.setVisible(bool(text))
                theme.set_role(label, role)
