"""Supervisor PIN dialog with an on-screen numeric keypad (no physical keyboard at a table)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from .theme import set_role


class PinDialog(QDialog):
    """Collects badge, PIN and reason; ``values()`` after ``exec()`` returned Accepted."""

    def __init__(self, action: str, reason: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pinDialog")
        self.setWindowTitle(f"Supervisor: {action}")
        self.setModal(True)
        layout = QVBoxLayout(self)
        title = QLabel(f"Supervisor {action}: badge and PIN")
        set_role(title, "title")
        layout.addWidget(title)
        self.badge = QLineEdit()
        self.badge.setObjectName("badge")
        self.badge.setPlaceholderText("badge")
        self.pin = QLineEdit()
        self.pin.setObjectName("pin")
        self.pin.setPlaceholderText("PIN")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.reason = QLineEdit(reason)
        self.reason.setObjectName("reason")
        self.reason.setPlaceholderText("reason")
        for field in (self.badge, self.pin, self.reason):
            layout.addWidget(field)
        self.target = self.badge
        self.badge.installEventFilter(self)
        self.pin.installEventFilter(self)
        hint = QLabel("Keypad types into the badge, then the PIN (tap a field to choose)")
        set_role(hint, "muted")
        layout.addWidget(hint)
        pad = QGridLayout()
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "\u232b", "0", "Next"]
        for i, key in enumerate(keys):
            button = QPushButton(key)
            button.setObjectName(f"key_{'back' if key == chr(0x232b) else key}")
            button.setMinimumSize(72, 60)
            button.clicked.connect(lambda _=False, k=key: self._press(k))
            pad.addWidget(button, i // 3, i % 3)
        layout.addLayout(pad)
        buttons = QHBoxLayout()
        cancel = QPushButton("Cancel")
        cancel.setObjectName("pinCancel")
        cancel.clicked.connect(self.reject)
        ok = QPushButton("OK")
        ok.setObjectName("pinOk")
        set_role(ok, "go")
        ok.clicked.connect(self.accept)
        buttons.addWidget(cancel)
        buttons.addWidget(ok)
        layout.addLayout(buttons)

    def eventFilter(self, watched, event) -> bool:
        from PySide6.QtCore import QEvent

        if event.type() in (QEvent.Type.FocusIn, QEvent.Type.MouseButtonPress) and watched in (self.badge, self.pin):
            self.target = watched
        return False

    def _press(self, key: str) -> None:
        if key == "Next":
            self.target = self.pin if self.target is self.badge else self.badge
        elif key == "\u232b":
            self.target.setText(self.target.text()[:-1])
        else:
            self.target.setText(self.target.text() + key)

    def values(self) -> tuple[str, str, str]:
        return self.badge.text().strip(), self.pin.text(), self.reason.text().strip()
