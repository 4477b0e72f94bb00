"""The supervisor's badge, PIN and reason, on screen, for one named action.

Badge and PIN are typed on the keypad into the field that has the cursor (badge first;
Next moves the cursor to the PIN). The reason is picked from the action's list or typed
on the on-screen keyboard ("Other"); nothing is pre-filled, so the journal says what the
supervisor chose. OK stays off until all three are given (every action in ``REASONS``; one
that is not asks only badge and PIN). ``detail``
says what the PIN confirms ("board card 2: 7♦ becomes 8♦"). Nothing here says how many
attempts are left: a refusal reads only "badge or PIN not accepted" (no badge enumeration,
``dealer_station.supervisor``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from dealer_station.view.texts import ENGLISH, REASONS, Text

from . import theme
from .i18n import say, translate
from .keys import KeyboardDialog, Keypad
from .overlay import Overlay
from .widgets import CURRENT, FitButton, FitLabel

Answer = Callable[[str, str, str], None]
"""(badge, PIN, reason): the reason in English, as journaled."""


class PinDialog(Overlay):
    """Badge, PIN and reason for ``action`` (a key of ``REASONS``); ``on_answer`` when OK is pressed."""

    def __init__(self, parent: QWidget, action: str, on_answer: Answer, detail: str = "") -> None:
        what = Text(f"action:{action}") if f"action:{action}" in ENGLISH else None
        title = translate("screen", "Supervisor") + ": " + (say(what) if what else action.replace("_", " "))
        super().__init__(parent, title, "pinDialog")
        self.action = action
        self._on_answer = on_answer
        self.asks_reason = action in REASONS
        self.reason_text = ""
        self.detail = FitLabel(detail, 14, bold=True, lines=2)
        self.detail.setObjectName("pinDetail")
        self.detail.setVisible(bool(detail))
        self.body.addWidget(self.detail)
        m = CURRENT[0]
        row = QHBoxLayout()
        row.setSpacing(m.gap * 2)
        left = QVBoxLayout()
        left.setSpacing(m.gap)
        fields = QGridLayout()
        fields.setSpacing(m.gap)
        self.badge = QLineEdit()
        self.badge.setObjectName("badge")
        self.badge.setMaxLength(32)
        self.pin = QLineEdit()
        self.pin.setObjectName("pin")
        self.pin.setMaxLength(12)
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.badge_label = FitLabel(translate("screen", "Badge"), 14, bold=True)
        self.pin_label = FitLabel(translate("screen", "PIN"), 14, bold=True)
        for r, (name, field) in enumerate(((self.badge_label, self.badge), (self.pin_label, self.pin))):
            name.setObjectName(f"{field.objectName()}Label")
            name.setBuddy(field)
            fields.addWidget(name, r, 0)
            fields.addWidget(field, r, 1)
            field.textChanged.connect(self._update_ok)
            field.installEventFilter(self)
        fields.setColumnStretch(1, 1)
        left.addLayout(fields)
        self.reason_label = FitLabel(translate("screen", "Reason: pick one"), 14, bold=True, role="title")
        self.reason_label.setObjectName("reasonLabel")
        left.addWidget(self.reason_label)
        reasons = QGridLayout()
        reasons.setSpacing(m.gap)
        self.reason_buttons: dict[str, FitButton] = {}
        keys = [*REASONS[action], "other"] if self.asks_reason else []
        self.reason_label.setVisible(self.asks_reason)
        for i, key in enumerate(keys):
            text = translate("screen", "Other...") if key == "other" else say(Text(key))
            button = FitButton(text, 12, role="list", name=f"reason_{key.split(':')[-1]}", lines=2)
            button.tapped.connect(lambda k=key: self._pick(k))
            columns = 1 if len(keys) <= 2 else 2  # a long reason never squeezes "Other..." out
            reasons.addWidget(button, i // columns, i % columns)
            self.reason_buttons[key] = button
        for column in range(2):
            reasons.setColumnStretch(column, 1)
        left.addLayout(reasons)
        left.addStretch(1)
        row.addLayout(left, 3)
        self.keypad = Keypad(self._focused, self._next)
        row.addWidget(self.keypad, 2)
        self.body.addLayout(row, 1)
        self.add_button(translate("screen", "Cancel"), "pinCancel", "", self.reject)
        self.ok = self.add_button(translate("screen", "OK"), "pinOk", "go", self._ok)
        self.ok.setEnabled(False)
        self._current: QLineEdit = self.badge
        self.badge.setFocus()

    # -- typing ------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FocusIn, QEvent.Type.MouseButtonPress) and watched in (self.badge, self.pin):
            self._current = watched
        return super().eventFilter(watched, event)

    def _focused(self) -> QLineEdit:
        return self._current

    def _next(self) -> None:
        """Next: from the badge to the PIN, the cursor goes with it."""
        self._current = self.pin if self._current is self.badge else self.badge
        self._current.setFocus()

    @property
    def target(self) -> QLineEdit:
        """The field the keypad types into now."""
        return self._current

    # -- reason ------------------------------------------------------------------

    def _pick(self, key: str) -> None:
        if key == "other":
            KeyboardDialog(self, translate("screen", "Reason"), self._typed).open()
            return
        self._set_reason(ENGLISH[key], key)

    def _typed(self, text: str) -> None:
        self._set_reason(text, "other")

    def _set_reason(self, english: str, key: str) -> None:
        self.reason_text = english
        for k, button in self.reason_buttons.items():
            theme.set_flag(button, "on", k == key)
        shown = english if key == "other" else say(Text(key))
        self.reason_label.setText(translate("screen", "Reason") + ": " + shown)
        self._update_ok()

    # -- answer ------------------------------------------------------------------

    def _update_ok(self) -> None:
        self.ok.setEnabled(bool(self.badge.text().strip() and self.pin.text()
                                and (self.reason_text or not self.asks_reason)))

    def values(self) -> tuple[str, str, str]:
        return self.badge.text().strip(), self.pin.text(), self.reason_text

    def _ok(self) -> None:
        if not self.ok.isEnabled():
            return
        self._on_answer(*self.values())
        self.accept()
