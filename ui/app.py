"""Main window and the ``dealer-station run`` entry point.

The window never changes game state itself: buttons submit controller commands to the
``CommandWorker``; the controller's listener raises ``StateBridge.changed`` (queued onto
the GUI thread) and every view re-renders from ``controller.state``.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import structlog
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QInputDialog, QLabel, QMainWindow, QPushButton,
                               QStackedWidget, QVBoxLayout, QWidget)

from dealer_station.controller import Controller
from dealer_station.table_state import PAID, SETTLEMENT, VOID

from . import theme
from .banner import PhaseBanner
from .bet_panel import BetPanel
from .decision_panel import DecisionPanel
from .device_status import DeviceStatus
from .pin_dialog import PinDialog
from .recall_view import RecallView
from .settlement_view import SettlementView
from .table_view import TableView
from .worker import CommandWorker, StateBridge

log = structlog.get_logger("ui.app")

WINDOW_SIZE = (1280, 800)
RETRY_MS = 30  # re-render soon when a command holds the controller (never block the GUI)

# Supervisor actions: button label, controller method, default reason, halt kinds it applies to
SUPERVISOR_ACTIONS: tuple[tuple[str, str, str, tuple[str, ...] | None], ...] = (
    ("Void round", "void", "supervisor void", None),
    ("Accept mismatch", "accept_mismatch", "card checked: shoe card stands", ("mismatch",)),
    ("Clear fault", "clear_fault", "fault cleared, no card exposed", ("fault", "link")),
)


class MainWindow(QMainWindow):
    def __init__(self, ctl: Controller, *, worker: CommandWorker | None = None, journal: Any = None,
                 screenshot_dir: Path | None = None, on_round_finished: Callable[[str, str], None] | None = None,
                 pin_dialog: Callable[[str, str], tuple[str, str, str] | None] | None = None,
                 last_heard: Callable[[str], float | None] | None = None) -> None:
        super().__init__()
        self.ctl = ctl
        self.worker = worker or CommandWorker(self)
        self.journal = journal if journal is not None else ctl.journal
        self.screenshot_dir = screenshot_dir
        self.on_round_finished = on_round_finished
        self.ask_pin = pin_dialog or self._ask_pin
        self.setWindowTitle(f"Dealer Station - table {ctl.table.table_id}")
        self.resize(*WINDOW_SIZE)
        self._last_phase_key: tuple[Any, ...] | None = None
        self._finished: set[str] = set()
        self._render_pending = False
        self.shots: list[Path] = []

        central = QWidget()
        root = QVBoxLayout(central)
        root.setContentsMargins(8, 8, 8, 8)
        root.setSpacing(6)
        self.banner = PhaseBanner()
        root.addWidget(self.banner)

        self.table = TableView(ctl)
        self.devices = DeviceStatus(ctl, last_heard=last_heard)
        self.table.top.addWidget(self.devices)
        self.table.top.addLayout(self._controls(), 1)
        root.addWidget(self.table)

        self.bets = BetPanel(ctl, self.worker)
        self.decisions = DecisionPanel(ctl, self.worker)
        self.settlement = SettlementView(ctl, self.worker)
        self.stack = QStackedWidget()
        for panel in (self.bets, self.decisions, self.settlement):
            self.stack.addWidget(panel)
        root.addWidget(self.stack, 1)
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        theme.set_role(self.message, "refusal")
        self.message.hide()
        root.addWidget(self.message)
        self.setCentralWidget(central)

        self.worker.refused.connect(self._refused)
        self.worker.done.connect(self._done)
        self.bridge = StateBridge(ctl, self)
        self.bridge.changed.connect(self.schedule_render)
        self.render_now()

    # -- controls ---------------------------------------------------------------

    def _button(self, text: str, name: str, handler: Callable[[], Any], role: str = "") -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        if role:
            theme.set_role(button, role)
        button.clicked.connect(handler)
        return button

    def _controls(self) -> QVBoxLayout:
        column = QVBoxLayout()
        column.setSpacing(4)
        row1 = QHBoxLayout()
        self.open_button = self._button("Open betting", "openRound",
                                        lambda: self.worker.submit("open_round", self.ctl.open_round), "go")
        self.reveal_button = self._button("Reveal", "reveal", lambda: self.worker.submit("reveal", self.ctl.reveal), "go")
        self.confirm_void_button = self._button("Void round (fault)", "confirmVoid",
                                                lambda: self.worker.submit("confirm_void", self.ctl.confirm_void),
                                                "big")
        self.key_button = self._button("Key card", "keyCard", self._key_card)
        self.deal_done_button = self._button("Cards dealt", "dealDone",
                                             lambda: self.worker.submit("deal_done", self.ctl.deal_done), "go")
        for button in (self.open_button, self.deal_done_button, self.reveal_button, self.confirm_void_button,
                       self.key_button):
            row1.addWidget(button)
        column.addLayout(row1)
        row2 = QHBoxLayout()
        self.supervisor_buttons: dict[str, QPushButton] = {}
        for label, method, reason, _kinds in SUPERVISOR_ACTIONS:
            button = self._button(f"Supervisor: {label}", f"sup_{method}",
                                  lambda _=False, m=method, r=reason, lab=label: self._supervisor(lab, m, r))
            self.supervisor_buttons[method] = button
            row2.addWidget(button)
        self.recall_button = self._button("Recall", "recall", self._recall)
        row2.addWidget(self.recall_button)
        column.addLayout(row2)
        column.addStretch(1)
        return column

    def _ask_pin(self, action: str, reason: str) -> tuple[str, str, str] | None:
        dialog = PinDialog(action, reason, self)
        return dialog.values() if dialog.exec() == PinDialog.DialogCode.Accepted else None

    def _supervisor(self, label: str, method: str, reason: str) -> None:
        answer = self.ask_pin(label, reason)
        if answer is None:
            return
        badge, pin, why = answer
        self.worker.submit(method, getattr(self.ctl, method), badge, pin, why)

    def _key_card(self) -> None:
        text, ok = QInputDialog.getText(self, "Key card", "Card as read by eye (e.g. As, Td):")
        if ok and text.strip():
            self.worker.submit("key_card", self.ctl.key_card, text.strip())

    def _recall(self) -> None:
        from dealer_station.recall import recall_last

        self.worker.submit("recall", recall_last, self.journal, 10)

    # -- results ------------------------------------------------------------------

    def _refused(self, label: str, reason: str) -> None:
        if label == "bet":
            self.bets.show_refusal(reason)
        else:
            self.message.setText(f"{label.replace('_', ' ')} refused: {reason}")
            self.message.show()

    def _done(self, label: str, result: object) -> None:
        if label == "bet":
            self.bets.show_refusal("")
        elif label == "recall":
            RecallView(result if isinstance(result, list) else [], self).open()
        elif label != "demo":
            self.message.hide()

    # -- rendering ----------------------------------------------------------------

    def schedule_render(self) -> None:
        """Coalesce bursts of state changes (a deal is many events) into one render."""
        if not self._render_pending:
            self._render_pending = True
            QTimer.singleShot(0, self.render_now)

    def render_now(self) -> None:
        self._render_pending = False
        with self.ctl.held_still() as steady:
            if not steady:
                self._render_pending = True  # a command holds the controller: look again shortly
                QTimer.singleShot(RETRY_MS, self.render_now)
                return
            self._render()

    def _render(self) -> None:
        ctl = self.ctl
        rnd = ctl.round
        phase = ctl.phase
        halt = rnd.halt if rnd else None
        for view in (self.banner, self.table, self.devices, self.bets, self.decisions, self.settlement):
            view.render_state(ctl)
        if phase in (SETTLEMENT, PAID, VOID):
            self.stack.setCurrentWidget(self.settlement)
        elif rnd is not None and (phase in ctl.game.streets or phase.endswith("_reveal")):
            self.stack.setCurrentWidget(self.decisions)
        else:
            self.stack.setCurrentWidget(self.bets)
        in_progress = rnd is not None and not rnd.finished
        offered = ctl.available_commands()  # the controller says what fits now; the screen shows it
        self.open_button.setVisible("open_round" in offered)
        self.deal_done_button.setVisible("deal_done" in offered)
        self.reveal_button.setVisible("reveal" in offered)
        self.confirm_void_button.setVisible("confirm_void" in offered)
        self.key_button.setVisible("key_card" in offered)
        for _label, method, _reason, kinds in SUPERVISOR_ACTIONS:
            shown = in_progress if kinds is None else (halt is not None and halt.kind in kinds)
            self.supervisor_buttons[method].setVisible(shown)
        key = (rnd.round_id if rnd else None, phase, halt.cause if halt else None)
        if key != self._last_phase_key:
            self._last_phase_key = key
            self._phase_changed(key)

    def _phase_changed(self, key: tuple[Any, ...]) -> None:
        round_id, phase, cause = key
        log.info("phase_shown", round_id=round_id, phase=phase, halt=cause)
        if self.screenshot_dir is not None:
            name = f"{round_id or 'none'}_{phase}{'_' + cause if cause else ''}.png"
            self.save_screenshot(self.screenshot_dir / name)
        if round_id and phase in (PAID, VOID) and round_id not in self._finished:
            self._finished.add(round_id)
            if self.on_round_finished is not None:
                self.on_round_finished(round_id, phase)

    def save_screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Widgets built in this render still have their layout requests queued: lay them
        # out now (nested layouts need a pass per level) or the picture shows them squashed.
        for _ in range(4):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.centralWidget().layout().activate()
        self.grab().save(str(path), "PNG")
        self.shots.append(path)
        return path

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt name
        self.worker.shutdown(wait=False)
        super().closeEvent(event)


# ------------------------------------------------------------------------- entry


def make_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    screen = app.primaryScreen()
    height = screen.availableGeometry().height() if screen is not None else theme.BASE_HEIGHT
    theme.apply(app, max(theme.BASE_HEIGHT, min(height, 1080)))
    return app  # type: ignore[return-value]


def run_station(args: argparse.Namespace) -> int:
    """Start the station with the profile, show the window, run until closed or N rounds."""
    from dealer_station.autoplay import AutoCroupier, void_on_halt
    from dealer_station.config import load_profile
    from dealer_station.station import Station
    from dealer_station.supervisor import CredentialStore

    table = load_profile(args.config)
    journal_path = Path(args.journal or table.journal)
    credentials = CredentialStore(journal_path.parent / "credentials.json")
    if args.demo and not credentials.badges():
        credentials.add("0000", "1234")
        print("demo: created supervisor badge 0000 with PIN 1234 in "
              f"{journal_path.parent / 'credentials.json'}")
    app = make_app()
    station = Station(table, journal_path=journal_path, credentials=credentials,
                      floor_url=getattr(args, "floor", None))
    ctl = station.start()
    worker = CommandWorker()
    finished: list[tuple[str, str]] = []

    def round_finished(round_id: str, phase: str) -> None:
        finished.append((round_id, phase))
        if args.rounds and len(finished) >= args.rounds:
            demo_timer.stop()
            QTimer.singleShot(400, app.quit)

    shots = Path(args.screenshot_dir) if args.screenshot_dir else None
    window = MainWindow(ctl, worker=worker, journal=station.journal, screenshot_dir=shots,
                        on_round_finished=round_finished, last_heard=station.last_heard)
    demo_timer = QTimer(window)
    if args.demo:
        present = station.present_card
        seats = args.seats or list(range(1, min(table.seats, 5) + 1))
        croupier = AutoCroupier(ctl, rng=random.Random(args.seed), seats=seats, present=present,
                                on_halt=void_on_halt("0000", "1234"))
        demo_timer.timeout.connect(lambda: worker.busy or worker.submit("demo", croupier.step))
        demo_timer.start(args.step_ms)
    signal.signal(signal.SIGINT, lambda *_: app.quit())
    keepalive = QTimer(window)  # lets Python see Ctrl-C while Qt's loop runs
    keepalive.timeout.connect(lambda: None)
    keepalive.start(200)
    window.show()
    try:
        app.exec()
    finally:
        demo_timer.stop()
        worker.shutdown(wait=True)
        station.stop()
        window.close()
    voided = sum(1 for _, phase in finished if phase == VOID)
    print(f"dealer-station run: {len(finished)} round(s) finished ({len(finished) - voided} paid, {voided} void)"
          + (f", {len(window.shots)} screenshot(s) in {shots}" if shots else ""))
    return 0
