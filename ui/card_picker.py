"""Key a card on screen: 13 large rank keys and 4 large suit keys, then OK.

Used for a hand-dealt reveal and for a card the reader could not read. The position being
keyed is named in the title (and framed on the table behind); a card already in play this
round cannot be chosen; the reader's read, when there is one, is pre-selected.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QWidget

from dealer_station.cards import RANKS, card_str

from . import theme
from .card_widget import RED_SUITS, SUIT_SYMBOLS, CardWidget
from .i18n import translate
from .overlay import Overlay
from .widgets import CURRENT, FitButton

RANK_KEYS = tuple(reversed(RANKS))  # A K Q J T 9 ... 2, as a croupier reads them
SUIT_ORDER = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs


class CardPicker(Overlay):
    """``on_card(card)`` with the chosen card (0..51) when OK is pressed.

    ``continuous``: a card in two taps - its rank and its suit, the second sends it - and the picker stays open for the
    next position (``retarget``) until the round needs no more keying (hand-dealt reveals).
    """

    def __init__(self, parent: QWidget, title: str, on_card: Callable[[int], None],
                 in_play: Collection[int] = (), preselect: int | None = None, continuous: bool = False) -> None:
        super().__init__(parent, title, "cardPicker")
        self._on_card = on_card
        self._in_play = set(in_play)
        self.continuous = continuous
        self.sent: list[int] = []
        """Cards sent so far (continuous: each on its suit's tap)."""
        self.rank: int | None = None
        self.suit: int | None = None
        m = CURRENT[0]
        row = QHBoxLayout()
        row.setSpacing(m.gap * 2)
        ranks = QGridLayout()
        ranks.setSpacing(m.gap)
        self.rank_keys: dict[int, FitButton] = {}
        for i, letter in enumerate(RANK_KEYS):
            rank = RANKS.index(letter)
            button = FitButton("10" if letter == "T" else letter, 22, role="key", name=f"rank_{letter}", repeat=True)
            button.tapped.connect(lambda r=rank: self._choose(rank=r))
            ranks.addWidget(button, i // 7, i % 7)
            self.rank_keys[rank] = button
        suits = QGridLayout()
        suits.setSpacing(m.gap)
        self.suit_keys: dict[int, FitButton] = {}
        for i, suit in enumerate(SUIT_ORDER):
            role = "card-red" if suit in RED_SUITS else "card-black"
            button = FitButton(SUIT_SYMBOLS[suit], 26, role=role, name=f"suit_{'cdhs'[suit]}", repeat=True)
            button.tapped.connect(lambda s=suit: self._choose(suit=s))
            suits.addWidget(button, 2 + i // 4, i % 4)
            self.suit_keys[suit] = button
        left = QGridLayout()
        left.setSpacing(m.gap)
        left.addLayout(ranks, 0, 0)
        left.addLayout(suits, 1, 0)
        row.addLayout(left, 4)
        self.preview = CardWidget(m.px(56))
        self.preview.setObjectName("pickedCard")
        row.addWidget(self.preview)
        self.body.addLayout(row, 1)
        self.add_button(translate("screen", "Cancel"), "pickCancel", "", self.reject)
        self.ok = self.add_button(translate("screen", "OK"), "pickOk", "go", self._ok)
        self.ok.setVisible(not continuous)  # the suit's tap sends the card
        if preselect is not None and preselect not in self._in_play:
            self._choose(rank=preselect // 4, suit=preselect % 4)
        self._refresh()

    def retarget(self, title: str, in_play: Collection[int]) -> None:
        """The next position to key (continuous): its title, and the cards now face up out of reach."""
        self.title.setText(title)
        self._in_play = set(in_play) | set(self.sent)
        self._refresh()

    @property
    def card(self) -> int | None:
        return None if self.rank is None or self.suit is None else self.rank * 4 + self.suit

    def _choose(self, rank: int | None = None, suit: int | None = None) -> None:
        if rank is not None:
            self.rank = rank
        if suit is not None:
            self.suit = suit
        self._refresh()
        if self.continuous and self.card is not None and self.card not in self._in_play:  # rank and suit: sent
            card = self.card
            self.sent.append(card)
            self._in_play.add(card)
            self.rank = self.suit = None  # ready for the next position's rank
            self._refresh()
            self._on_card(card)

    def _refresh(self) -> None:
        for rank, button in self.rank_keys.items():
            theme.set_flag(button, "on", rank == self.rank)
        for suit, button in self.suit_keys.items():
            theme.set_flag(button, "on", suit == self.suit)
            button.setEnabled(self.rank is None or self.rank * 4 + suit not in self._in_play)
        card = self.card
        usable = card is not None and card not in self._in_play
        self.preview.set_card(card if usable else None, usable)
        self.ok.setEnabled(usable)
        self.ok.setText(translate("screen", "OK") + (f" - {card_str(card)}" if usable and card is not None else ""))

    def _ok(self) -> None:
        card = self.card
        if card is None or card in self._in_play:
            return
        self._on_card(card)
        self.accept()
