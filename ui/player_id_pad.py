"""Key a player's id at a seat on screen (a card the reader cannot read, or a table with no reader).

The pad has the keys of a player id's alphabet only (``buy_in.PLAYER_ID``: letters, digits and ``. _ : / -``),
the field takes nothing else (a hardware keyboard's other keys are dropped), and OK is offered only for a whole
id: a hostile id never leaves the pad, so nothing is written for it. The session checks it again (``card_in``,
journaled ``source: keyed``). "Leave anonymous" closes the pad with nothing journaled: the seat plays anonymous.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QGridLayout, QLineEdit, QWidget

from dealer_station.buy_in import PLAYER_ID

from .i18n import translate
from .keys import BACK
from .overlay import Overlay
from .widgets import CURRENT, FitButton, FitLabel

ID_KEYS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL:", "ZXCVBNM-._")
"""The pad's rows (ten keys each, to fit the smallest panel): every character a player id may have - letters in
capitals, as the casino's cards print them - but ``/``, which sits beside the backspace."""
MAX_ID = 64
TYPED = QRegularExpression(r"[A-Za-z0-9._:/-]{0,64}")
"""What the field lets in at all (a whole id is checked by ``PLAYER_ID`` before OK is offered)."""


def id_problem(text: str) -> str | None:
    """Why ``text`` is not a player id yet, in the croupier's words (None: it is one)."""
    if PLAYER_ID.fullmatch(text):
        return None
    if not text:
        return translate("screen", "Key the id printed on the player's card")
    return translate("screen", "A player id starts with a letter or a digit")


class PlayerIdPad(Overlay):
    """``on_id(id)`` with the id keyed when OK is pressed (only for a whole id)."""

    def __init__(self, parent: QWidget, seat: int, on_id: Callable[[str], None]) -> None:
        super().__init__(parent, translate("screen", "Seat {seat}: key the player's id").format(seat=seat),
                         "playerIdPad")
        self._on_id = on_id
        self.field = QLineEdit()
        self.field.setObjectName("playerId")
        self.field.setMaxLength(MAX_ID)
        self.field.setValidator(QRegularExpressionValidator(TYPED, self.field))
        self.field.textChanged.connect(self._changed)
        self.body.addWidget(self.field)
        self.problem = FitLabel("", 13, role="muted")
        self.problem.setObjectName("playerIdProblem")
        self.body.addWidget(self.problem)
        grid = QGridLayout()
        grid.setSpacing(max(4, CURRENT[0].gap // 2))
        self.keys: dict[str, FitButton] = {}
        for row, keys in enumerate(ID_KEYS):
            for col, key in enumerate(keys):
                button = FitButton(key, 16, role="key", name=f"id_{key}", debounce=False)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.setMinimumWidth(0)
                button.tapped.connect(lambda k=key: self.field.insert(k))
                grid.addWidget(button, row, col)
                self.keys[key] = button
        self.body.addLayout(grid, 1)
        self.add_button("/", "id_/", slot=lambda: self.field.insert("/"))
        self.add_button(BACK, "id_back", slot=self.field.backspace)
        self.add_button(translate("screen", "Leave anonymous"), "idAnonymous", "", self.reject)
        self.ok = self.add_button(translate("screen", "Card in"), "idOk", "go", self._ok)
        self.field.setFocus()
        self._changed("")

    @property
    def text(self) -> str:
        return self.field.text()

    def _changed(self, _text: str) -> None:
        problem = id_problem(self.text)
        self.problem.setText(problem or "")
        self.ok.setEnabled(problem is None)

    def _ok(self) -> None:
        if id_problem(self.text) is not None:  # never sent: the session would refuse it, but nothing leaves here
            return
        self._on_id(self.text)
        self.accept()
