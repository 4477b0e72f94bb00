"""Main window and the ``dealer-station run`` entry point.

The window never changes game state itself: buttons submit controller commands to the
``CommandWorker``; the controller's listener raises ``StateBridge.changed`` (queued onto
the GUI thread) and every view re-renders from ``controller.state``.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import structlog
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_station.engine import TableSession
from dealer_station.engine.phases import Stage

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

# Supervisor actions the screen has buttons for: label, session method, default reason.
# Which of them is shown comes from the session's offer (engine/phases.py), not from here.
SUPERVISOR_ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Void round", "void", "supervisor void"),
    ("Accept mismatch", "accept_mismatch", "card checked: shoe card stands"),
    ("Clear fault", "clear_fault", "fault cleared, no card exposed"),
)


class MainWindow(QMainWindow):
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
        self.setWindowTitle(f"Dealer Station - table {ctl.table.table_id}")
        self.resize(*WINDOW_SIZE)
        self._last_phase_key: tuple[Any, ...] | None = None
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
        self.key_button = self._button("Key card", "keyCard", self._key_card)
        self.deal_done_button = self._button("Cards dealt", "dealDone",
                                             lambda: self.worker.submit("deal_done", self.ctl.deal_done), "go")
        for button in (self.open_button, self.deal_done_button, self.reveal_button, self.key_button):
            row1.addWidget(button)
        column.addLayout(row1)
        row2 = QHBoxLayout()
        self.supervisor_buttons: dict[str, QPushButton] = {}
        for label, method, reason in SUPERVISOR_ACTIONS:
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
        stage = ctl.phase_info.stage
        if stage in (Stage.SETTLEMENT, Stage.FINISHED):
            self.stack.setCurrentWidget(self.settlement)
        elif stage in (Stage.DECISION, Stage.REVEAL):
            self.stack.setCurrentWidget(self.decisions)
        else:
            self.stack.setCurrentWidget(self.bets)
        offer = ctl.offer()  # the session says what fits now; the screen shows it
        self.open_button.setVisible("open_round" in offer.croupier)
        self.deal_done_button.setVisible("deal_done" in offer.croupier)
        self.reveal_button.setVisible("reveal" in offer.croupier)
        self.key_button.setVisible("key_card" in offer.croupier)
        for _label, method, _reason in SUPERVISOR_ACTIONS:
            self.supervisor_buttons[method].setVisible(method in offer.supervisor)
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

    def closeEvent(self, event: QCloseEvent) -> None:
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
    """Start the station with the profile, show the window, run until closed or N rounds.

    A demo runs on a demo journal (purpose ``demo``) and only there gets the demo badge
    0000 / PIN 1234; a live run refuses demo and simulation journals and never creates
    credentials (``dealer-station supervisors add`` enrols supervisors).
    """
    from dealer_station.autoplay import AutoCroupier, void_on_halt
    from dealer_station.config import load_profile
    from dealer_station.journal import Journal, ensure_folder
    from dealer_station.station import Station
    from dealer_station.supervisor import CredentialStore, credentials_path

    demo_badge, demo_pin = "0000", "1234"  # exist only in demo journals' credentials
    table = load_profile(args.config)
    journal_path = ensure_folder(args.journal or table.journal)
    purpose = "demo" if args.demo else "live"
    # Create the journal as such, or refuse one of another purpose, before any credential is written.
    Journal(journal_path, table_id=table.table_id, purpose=purpose).close()
    credentials = CredentialStore(credentials_path(journal_path))
    if purpose == "demo" and not credentials.badges():
        credentials.add(demo_badge, demo_pin)
        print(f"demo: created supervisor badge {demo_badge} with PIN {demo_pin} in {credentials.path}")
    elif not credentials.badges():
        print(f"no supervisor enrolled for {journal_path}: supervisor actions will be refused "
              f"(enrol one with: dealer-station supervisors add --journal {journal_path} --badge B)")
        log.warning("no_supervisors", journal=str(journal_path), table_id=table.table_id)
    app = make_app()
    station = Station(table, journal_path=journal_path, credentials=credentials, purpose=purpose)
    ctl = station.start()
    worker = CommandWorker()
    paid_before, voided_before = ctl.state.rounds_paid, ctl.state.rounds_voided

    def finished() -> tuple[int, int]:
        """(paid, voided) this run, from the session's state: renders coalesce, the journal does not."""
        return ctl.state.rounds_paid - paid_before, ctl.state.rounds_voided - voided_before

    stopping: list[bool] = []

    def maybe_stop() -> None:
        if args.rounds and sum(finished()) >= args.rounds and not stopping:
            stopping.append(True)
            demo_timer.stop()
            QTimer.singleShot(400, app.quit)

    shots = Path(args.screenshot_dir) if args.screenshot_dir else None
    if ctl.game.family == "poker":  # players against each other: the poker dealer's screen
        from .poker.window import PokerWindow

        window: MainWindow | PokerWindow = PokerWindow(ctl, worker=worker, journal=station.journal,
                                                       screenshot_dir=shots, last_heard=station.last_heard)
    else:
        window = MainWindow(ctl, worker=worker, journal=station.journal, screenshot_dir=shots,
                            last_heard=station.last_heard)
    window.bridge.changed.connect(maybe_stop)
    demo_timer = QTimer(window)
    if args.demo:
        present = station.present_card
        seats = args.seats or list(range(1, min(table.seats, 5) + 1))
        croupier = AutoCroupier(ctl, rng=random.Random(args.seed), seats=seats, present=present,
                                on_halt=void_on_halt(demo_badge, demo_pin))
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
    paid, voided = finished()
    print(f"dealer-station run: {paid + voided} round(s) finished ({paid} paid, {voided} void)"
          + (f", {len(window.shots)} screenshot(s) in {shots}" if shots else ""))
    return 0
