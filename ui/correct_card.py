"""A supervisor's correction of a card keyed wrong, before the settlement: which card.

Every card the croupier keyed by hand (only those: a card the shoe dealt or the reader read
is what it is; the engine's ``correctable_cards``) is a button named by its place ("board · 2",
"seat 3 · 1"); a card the croupier's screen shows face down stays face down here too
(game protection: the PIN comes after). The chosen place then goes to the card picker
for the right card, and the badge, PIN and reason confirm "board card 2: 7♦ becomes 8♦"
(``MainWindow.correct_card``); the session journals it, reason included, as ``card_corrected``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QGridLayout, QWidget

from dealer_station import cards
from dealer_station.view.texts import position_text

from .i18n import say, translate
from .overlay import Overlay
from .widgets import CURRENT, FitButton

COLUMNS = 6
FACE_DOWN = "\u25ae"


@dataclass(frozen=True)
class Placed:
    """A card on the table: where it is, and whether the croupier's screen shows it."""

    position: str
    index: int
    card: int
    face_up: bool


def table_order(position: str) -> tuple[int, int]:
    """The board first, then the dealer, the seats from seat 1, the burn cards last."""
    if position.startswith("seat") and position[4:].isdigit():
        return 2, int(position[4:])
    return {"board": (0, 0), "dealer": (1, 0)}.get(position, (3, 0))


def card_face(card: int) -> str:
    """"10♥", "A♠": a card as the screen writes it (``cards.card_face``)."""
    return cards.card_face(card)


def place_words(position: str, index: int) -> str:
    """"board card 2", "seat 3 card 1"."""
    return translate("screen", "{position} card {number}").format(position=say(position_text(position)),
                                                                   number=index + 1)


class CardChoice(Overlay):
    """``on_pick(placed)`` with the card the supervisor taps."""

    def __init__(self, parent: QWidget, cards: Sequence[Placed], on_pick: Callable[[Placed], None]) -> None:
        super().__init__(parent, translate("screen", "Correct a card: tap the card keyed wrong"), "cardChoice")
        self._on_pick = on_pick
        grid = QGridLayout()
        grid.setSpacing(CURRENT[0].gap)
        self.places: dict[tuple[str, int], FitButton] = {}
        for i, placed in enumerate(cards):
            where = f"{say(position_text(placed.position))} \u00b7 {placed.index + 1}"
            face = card_face(placed.card) if placed.face_up else FACE_DOWN
            button = FitButton(f"{where}\n{face}", 14, role="list", name=f"fix_{placed.position}_{placed.index}",
                               lines=2)
            button.tapped.connect(lambda p=placed: self._pick(p))
            grid.addWidget(button, i // COLUMNS, i % COLUMNS)
            self.places[(placed.position, placed.index)] = button
        self.body.addLayout(grid)
        self.body.addStretch(1)
        self.add_close(translate("screen", "Cancel"))

    def _pick(self, placed: Placed) -> None:
        self.accept()
        self._on_pick(placed)
