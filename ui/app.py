"""The ``dealer-station run`` entry point: the station, its window, the demo croupier.

On a real display the window runs full screen (kiosk) and asks before it closes; offscreen
(tests, a machine with no display) it takes the panel size of the screen Qt reports.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
from pathlib import Path

import structlog
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from . import theme
from .shell import MainWindow
from .worker import CommandWorker

log = structlog.get_logger("ui.app")

__all__ = ["MainWindow", "make_app", "run_station"]


# ------------------------------------------------------------------------- entry


def make_app(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    theme.apply(app)  # type: ignore[arg-type]
    return app  # type: ignore[return-value]


def on_real_display() -> bool:
    return QApplication.platformName() not in ("offscreen", "minimal", "vnc")


OFFSCREEN_DEFAULT = (800, 800)
"""What Qt's offscreen platform reports when no ``configfile`` sets a screen."""


def panel_size(app: QApplication) -> tuple[int, int]:
    """The panel the window fills: the screen's size (offscreen with no screen set: 1280x800)."""
    screen = app.primaryScreen()
    if screen is None:
        return (1280, 800)
    size = (screen.size().width(), screen.size().height())
    if not on_real_display() and size == OFFSCREEN_DEFAULT:
        return (1280, 800)
    return size


def run_station(args: argparse.Namespace) -> int:
    """Start the station with the profile, show the window, run until closed or N rounds.

    A demo runs on a demo journal (purpose ``demo``) and only there gets the demo badge
    0000 / PIN 1234; a live run refuses demo and simulation journals and never creates
    credentials (``dealer-station supervisors add`` enrols supervisors).
    """
    from dealer_station.journal import Journal, Purpose, ensure_folder
    from dealer_station.play.autoplay import AutoCroupier, void_on_halt
    from dealer_station.profile_loader import load_profile
    from dealer_station.sd_notify import station_started
    from dealer_station.station import Station
    from dealer_station.supervisor import DEMO_BADGE as demo_badge
    from dealer_station.supervisor import DEMO_PIN as demo_pin  # exist only in demo journals' credentials
    from dealer_station.supervisor import CredentialStore, credentials_path

    table = load_profile(args.config)
    journal_path = ensure_folder(args.journal or table.journal)
    purpose: Purpose = "demo" if args.demo else "live"
    # Create the journal as such, or refuse one of another purpose or game, before any credential is written;
    # the credentials must be this journal's (a live one refuses a file holding the demo badge).
    with Journal(journal_path, table_id=table.table_id, purpose=purpose, game=table.game) as opened:
        credentials = CredentialStore(credentials_path(journal_path))
        credentials.bind(opened)
    if purpose == "demo" and not credentials.badges():
        credentials.add(demo_badge, demo_pin, builtin=True)
        print(f"demo: created supervisor badge {demo_badge} with PIN {demo_pin} in {credentials.path}")
    elif not credentials.badges():
        print(f"no supervisor enrolled for {journal_path}: supervisor actions will be refused "
              f"(enrol one with: dealer-station supervisors add --journal {journal_path} --badge B)")
        # at info: stdout has just said it; the log's default level (warning) does not repeat it on stderr
        log.info("no_supervisors", journal=str(journal_path), table_id=table.table_id)
    app = make_app()
    # systemd stops the service with SIGTERM: close as on Ctrl-C. Installed before the station starts and posted to
    # the event loop (not app.quit() at once, which does nothing before app.exec() runs), so a stop that comes while
    # the station starts or just after its READY=1 is neither lost nor a kill: it closes the station in order.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: QTimer.singleShot(0, app.quit))
    station = Station(table, journal_path=journal_path, credentials=credentials, purpose=purpose,
                      floor_url=getattr(args, "floor", None))
    session = station.start()
    notifier = station_started(station, f"table {table.table_id} open")  # systemd: READY=1, then the pump's WATCHDOG=1
    worker = CommandWorker()
    paid_before, voided_before = session.view().state.rounds_paid, session.view().state.rounds_voided

    def finished() -> tuple[int, int]:
        """(paid, voided) this run, from the session's state: renders coalesce, the journal does not."""
        return session.view().state.rounds_paid - paid_before, session.view().state.rounds_voided - voided_before

    stopping: list[bool] = []

    def maybe_stop() -> None:
        if args.rounds and sum(finished()) >= args.rounds and not stopping:
            stopping.append(True)
            demo_timer.stop()
            QTimer.singleShot(400, window.close_now)
            QTimer.singleShot(450, app.quit)

    shots = Path(args.screenshot_dir) if args.screenshot_dir else None
    kiosk = on_real_display() and not args.demo
    # On simulated devices a croupier playing by hand passes each card over the simulated reader from the screen
    # (training); the demo's scripted croupier passes them itself.
    window = MainWindow(session, worker=worker, journal=station.journal, screenshot_dir=shots,
                        last_heard=station.last_heard, kiosk=kiosk, present=None if args.demo else station.present_card)
    window.bridge.changed.connect(maybe_stop)
    demo_timer = QTimer(window)
    if args.demo:
        present = station.present_card
        seats = args.seats or list(range(1, min(table.seats, 5) + 1))
        croupier = AutoCroupier(session, rng=random.Random(args.seed), seats=seats, present=present,
                                on_halt=void_on_halt(demo_badge, demo_pin))
        demo_timer.timeout.connect(lambda: worker.busy or worker.submit("demo", croupier.step))
        demo_timer.start(args.step_ms)
    keepalive = QTimer(window)  # lets Python see Ctrl-C while Qt's loop runs
    keepalive.timeout.connect(lambda: None)
    keepalive.start(200)
    window.fit_panel(*panel_size(app))
    if kiosk:
        window.showFullScreen()
    else:
        window.show()
    try:
        app.exec()
    finally:
        if notifier is not None:
            notifier.stopping()
        demo_timer.stop()
        worker.shutdown(wait=True)
        station.stop()
        window.close_now()
    paid, voided = finished()
    print(f"dealer-station run: {paid + voided} round(s) finished ({paid} paid, {voided} void)"
          + (f", {len(window.shots)} screenshot(s) in {shots}" if shots else ""))
    return 0
