"""The poker dealer's window: banner, the table, and the action panel - for a poker table profile.

It takes the same arguments as the banking ``MainWindow`` so ``run_station`` can pick it
by the game's family. Commands go to the ``CommandWorker`` (off the GUI thread); the
session's listener re-renders through ``StateBridge``; a timer keeps the action clock's
countdown moving. Sizes follow the window's height, so it fits 800x480 as well as
1280x800 and larger.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import structlog
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QInputDialog, QLabel, QLineEdit, QMainWindow, QVBoxLayout, QWidget

from dealer_station.engine import TableSession

from ..worker import CommandWorker, StateBridge
from . import model as screen
from .actions import ActionPanel
from .style import scale_for, stylesheet
from .table_view import TableView
from .texts import ENGLISH, phrase, say

log = structlog.get_logger("ui.poker")

WINDOW_SIZE = (1280, 800)
RETRY_MS = 30
CLOCK_MS = 500


class PokerWindow(QMainWindow):
    def __init__(self, ctl: TableSession, *, worker: CommandWorker | None = None, journal: Any = None,
                 screenshot_dir: Path | None = None,
                 pin_dialog: Callable[[str, str], tuple[str, str, str] | None] | None = None,
                 last_heard: Callable[[str], float | None] | None = None) -> None:
        super().__init__()
        self.ctl = ctl
        self.worker = worker or CommandWorker(self)
        self.journal = journal if journal is not None else ctl.journal
        self.screenshot_dir = screenshot_dir
        self.ask_pin = pin_dialog or self._ask_pin
        self.shots: list[Path] = []
        self.selected: int | None = None
        self.model: screen.ScreenModel | None = None
        self._render_pending = False
        self._last_phase_key: tuple[Any, ...] | None = None
        self.setWindowTitle(f"Dealer Station - poker table {ctl.table.table_id}")

        root = QWidget()
        root.setObjectName("pokerRoot")
        column = QVBoxLayout(root)
        column.setContentsMargins(6, 6, 6, 6)
        column.setSpacing(4)
        self.banner = QLabel("")
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)
        column.addWidget(self.banner)
        self.title = QLabel("")
        self.title.setObjectName("title")
        column.addWidget(self.title)
        body = QHBoxLayout()
        body.setSpacing(6)
        self.table = TableView()
        self.table.seat_clicked.connect(self._select)
        body.addWidget(self.table, 1)
        self.panel = ActionPanel(self._submit)
        self.panel.key_card_wanted.connect(self._key_card)
        self.panel.void_wanted.connect(self._void)
        body.addWidget(self.panel)
        column.addLayout(body, 1)
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.hide()
        column.addWidget(self.message)
        self.setCentralWidget(root)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        self.fit_to(min(WINDOW_SIZE[0], screen.width()) if screen else WINDOW_SIZE[0],
                    min(WINDOW_SIZE[1], screen.height()) if screen else WINDOW_SIZE[1])

        self.worker.refused.connect(self._refused)
        self.worker.done.connect(self._done)
        self.bridge = StateBridge(ctl, self)
        self.bridge.changed.connect(self.schedule_render)
        self.clock = QTimer(self)
        self.clock.timeout.connect(self._tick)
        self.clock.start(CLOCK_MS)
        self.render_now()

    # -- commands -----------------------------------------------------------------------

    def _submit(self, label: str, command: str, *args: Any) -> None:
        self.worker.submit(label, self.ctl.execute, command, *args)

    def _select(self, seat: int) -> None:
        self.selected = seat
        self.render_now()

    def _key_card(self) -> None:
        text, ok = QInputDialog.getText(self, phrase("key_card"), phrase("key_card_prompt"))
        if ok and text.strip():
            self.worker.submit("key_card", self.ctl.key_card, text.strip())

    def _ask_pin(self, action: str, reason: str) -> tuple[str, str, str] | None:
        badge, ok = QInputDialog.getText(self, action, phrase("badge_prompt"))
        if not ok:
            return None
        pin, ok = QInputDialog.getText(self, action, phrase("pin_prompt"), QLineEdit.EchoMode.Password)
        if not ok:
            return None
        why, ok = QInputDialog.getText(self, action, phrase("reason_prompt"), text=reason)
        return (badge, pin, why) if ok else None

    def _void(self) -> None:
        answer = self.ask_pin(phrase("void"), phrase("void_reason"))
        if answer is not None:
            self.worker.submit("void", self.ctl.void, *answer)

    def _refused(self, label: str, reason: str) -> None:
        self.message.setText(phrase("refused", command=phrase(label) if label in ENGLISH else label, reason=reason))
        self.message.show()

    def _done(self, label: str, result: object) -> None:
        if label != "demo":
            self.message.hide()

    # -- rendering ---------------------------------------------------------------------

    def schedule_render(self) -> None:
        if not self._render_pending:
            self._render_pending = True
            QTimer.singleShot(0, self.render_now)

    def _tick(self) -> None:
        if self.model is not None and self.model.clock_seconds is not None:
            self.render_now()

    def render_now(self) -> None:
        self._render_pending = False
        with self.ctl.held_still() as steady:
            if not steady:
                self._render_pending = True
                QTimer.singleShot(RETRY_MS, self.render_now)
                return
            self.model = screen.build(self.ctl)
        model = self.model
        self.banner.setText(say(model.banner))
        if self.banner.property("alarm") != ("true" if model.alarm else "false"):
            self.banner.setProperty("alarm", "true" if model.alarm else "false")
            self.banner.style().unpolish(self.banner)
            self.banner.style().polish(self.banner)
        hand = f"  -  {phrase('hand_title', round=model.hand)}" if model.hand else ""
        self.title.setText(say(model.title) + hand)
        self.table.show_model(model, self.selected)
        self.panel.show_model(model, self.selected)
        rnd = self.ctl.round
        key = (model.hand, model.phase, rnd.halt.cause if rnd is not None and rnd.halt is not None else None)
        if key != self._last_phase_key:
            self._last_phase_key = key
            log.info("phase_shown", round_id=key[0], phase=key[1], halt=key[2])
            if self.screenshot_dir is not None:
                name = f"{key[0] or 'none'}_{key[1]}{'_' + key[2] if key[2] else ''}.png"
                self.save_screenshot(self.screenshot_dir / name)

    def fit_to(self, width: int, height: int) -> None:
        """Size the window for a panel of ``width`` x ``height``: its look first, so it can shrink."""
        self._scale_for(width, height)
        self.resize(width, height)

    def _scale_for(self, width: int, height: int) -> None:
        sheet = stylesheet(scale_for(height))
        if self.styleSheet() != sheet:
            self.setStyleSheet(sheet)
        self.panel.setFixedWidth(max(250, min(420, round(width * 0.3))))

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._scale_for(event.size().width(), event.size().height())
        super().resizeEvent(event)

    def save_screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(4):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        central = self.centralWidget()
        if central is not None and central.layout() is not None:
            central.layout().activate()  # type: ignore[union-attr]
        self.grab().save(str(path), "PNG")
        self.shots.append(path)
        return path

    def closeEvent(self, event: QCloseEvent) -> None:
        self.clock.stop()
        self.worker.shutdown(wait=False)
        super().closeEvent(event)
