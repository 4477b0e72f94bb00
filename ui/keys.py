"""On-screen keys: a numeric keypad (badge, PIN, round number) and a full keyboard (a reason).

There is no physical keyboard at a table. Keys never take the focus, so they type into
the field that has it (its cursor shows where the text goes).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLineEdit, QWidget

from .i18n import translate
from .overlay import Overlay
from .widgets import CURRENT, FitButton

BACK = "\u232b"
PIN_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", BACK, "0", "next")
"""Badge, PIN and numbers: Next moves to the next field."""
AMOUNT_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "0", BACK)
"""Amounts of money: a decimal point, no Next."""
KEY_NAMES = {BACK: "back", ".": "point"}


class Keypad(QWidget):
    """``keys`` (0-9, backspace and Next by default); types into ``target()``; ``on_next`` when Next is pressed."""

    def __init__(self, target: Callable[[], QLineEdit | None], on_next: Callable[[], None] | None = None,
                 parent: QWidget | None = None, keys: tuple[str, ...] = PIN_KEYS) -> None:
        super().__init__(parent)
        self._target = target
        self._on_next = on_next
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(CURRENT[0].gap)
        self.keys: dict[str, FitButton] = {}
        self.lowercase = True  # not ``lower``: that is QWidget.lower()
        for i, key in enumerate(keys):
            text = translate("screen", "Next") if key == "next" else key
            button = FitButton(text, 20, role="key", name=f"key_{KEY_NAMES.get(key, key)}", debounce=False)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.tapped.connect(lambda k=key: self.press(k))
            grid.addWidget(button, i // 3, i % 3)
            self.keys[key] = button

    def press(self, key: str) -> None:
        field = self._target()
        if key == "next":
            if self._on_next is not None:
                self._on_next()
            return
        if field is None:
            return
        if key == BACK:
            field.backspace()
        else:
            field.insert(key)


LETTERS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM,./")


class KeyboardDialog(Overlay):
    """Type a line of text on screen (a reason the pick-list does not have)."""

    def __init__(self, parent: QWidget, title: str, on_done: Callable[[str], None]) -> None:
        super().__init__(parent, title, "keyboard")
        self._on_done = on_done
        self.field = QLineEdit()
        self.field.setObjectName("keyboardText")
        self.field.setMaxLength(200)
        self.body.addWidget(self.field)
        grid = QGridLayout()
        grid.setSpacing(max(4, CURRENT[0].gap // 2))
        self.keys: dict[str, FitButton] = {}
        self.lowercase = True  # typed letters go in lower case (not ``self.lower``: that is QWidget.lower())
        for row, letters in enumerate(LETTERS):
            for col, letter in enumerate(letters):
                button = FitButton(letter, 16, role="key", name=f"kb_{letter}", debounce=False)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.setMinimumWidth(0)
                button.tapped.connect(lambda ch=letter: self.field.insert(ch.lower() if self.lowercase else ch))
                grid.addWidget(button, row, col)
                self.keys[letter] = button
        self.body.addLayout(grid)
        self.add_button(translate("screen", "Space"), "kb_space", slot=lambda: self.field.insert(" "))
        self.add_button(BACK, "kb_back", slot=self.field.backspace)
        self.add_button(translate("screen", "Cancel"), "kb_cancel", slot=self.reject)
        self.ok = self.add_button(translate("screen", "OK"), "kb_ok", "go", self._done)
        self.field.setFocus()

    def _done(self) -> None:
        text = self.field.text().strip()
        if text:
            self._on_done(text)
            self.accept()
