"""Dialogs drawn over the whole window, sized to the panel (a touchscreen has no other place).

An ``Overlay`` covers its parent window exactly, so it fits any panel the window fits, and
is opened with ``open()`` (never a nested event loop): its result comes as ``accepted`` /
``rejected`` signals, so the table keeps rendering behind it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QDialog, QFrame, QHBoxLayout, QLayout, QVBoxLayout, QWidget

from . import theme
from .i18n import translate
from .widgets import CURRENT, FitButton, FitLabel


class Overlay(QDialog):
    """A modal page over the main window: title, body (``self.body``), bottom buttons (``self.buttons``)."""

    def __init__(self, parent: QWidget, title: str, name: str) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowFlag(Qt.WindowType.FramelessWindowHint, True)
        self.setModal(True)
        window = parent.window()
        self._window = window
        self._follow()
        window.installEventFilter(self)
        m = CURRENT[0]
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # the window's size, always
        frame = QFrame()
        theme.set_role(frame, "overlay")
        outer.addWidget(frame)
        self.layout_ = QVBoxLayout(frame)
        self.layout_.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin * 2)
        self.layout_.setSpacing(m.gap)
        self.title = FitLabel(title, 17, bold=True, role="title")
        self.title.setObjectName(f"{name}Title")
        self.layout_.addWidget(self.title)
        self.body = QVBoxLayout()
        self.body.setSpacing(m.gap)
        self.layout_.addLayout(self.body, 1)
        self.buttons = QHBoxLayout()
        self.buttons.setSpacing(m.gap)
        self.layout_.addLayout(self.buttons)

    def _follow(self) -> None:
        """Cover the window exactly, whatever size the panel gives it."""
        self.setGeometry(self._window.geometry())
        self.setFixedSize(self._window.size())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self._follow()
        return False

    def add_button(self, text: str, name: str, role: str = "", slot: object = None) -> FitButton:
        button = FitButton(text, 15, role=role, name=name)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        if slot is not None:
            button.tapped.connect(slot)
        self.buttons.addWidget(button)
        return button

    def add_close(self, text: str | None = None) -> FitButton:
        return self.add_button(text or translate("screen", "Close"), f"{self.objectName()}Close", "", self.reject)
