"""The croupier's latencies as the croupier feels them, with the journal as a live table keeps it.

A real station (``Station``: journal at ``synchronous=FULL``, an fsync every commit; shuffler and reader
simulated over their real drivers) behind the real touchscreen (``ui.shell.MainWindow``, Qt offscreen)
plays whole UTH rounds at seven seats. Two latencies:

* **tap -> screen**: from the mouse press on a button (``QTest.mouseClick``) through the worker, the
  command journaled (fsynced), the listener, the queued signal and the render, to the first paint
  after the render that shows the change. Taps measured: open the round, each seat's Ante chip, no
  more bets, each decision.
* **card read -> screen**: from the moment the simulated reader is handed the card (``present``, before
  its frame is written: the figure includes the twin's own work) through the driver, the intake,
  the journal (fsynced) and the render, to the first paint showing the card revealed.

In the same run, the disk's raw write+fsync time (the floor under any durable commit) is measured in
the journal's folder, so each p99 is stated beside what one fsync costs here. Waits a croupier makes
(the double-tap guard between two taps of the same button) are outside every measurement.

    .venv/bin/python benchmarks/bench_screen_latency.py [--rounds 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from benchmarks.bench_session import load_average, raw_fsync_rate
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.table.phases import Stage
from ui.shell import MainWindow
from ui.widgets import DOUBLE_TAP_MS, FitButton, GuardedButton

TIMEOUT = 10.0
SEATS = 7


class PaintClock(QObject):
    """Stamps every paint and every render of the window, so a wait can find the first paint after the
    first render whose snapshot shows what it waits for."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.paints: list[float] = []
        self.renders: list[tuple[float, TableSnapshot]] = []
        self.render_ms: list[float] = []
        original = window._render

        def render(snap: TableSnapshot) -> None:
            start = time.perf_counter()
            original(snap)
            end = time.perf_counter()
            self.renders.append((end, snap))
            self.render_ms.append((end - start) * 1000)

        window._render = render  # type: ignore[method-assign]  # the benchmark's stopwatch, nothing else

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints.append(time.perf_counter())
        return False

    def shown_at(self, since: float, shows: Callable[[TableSnapshot], bool]) -> float:
        """The first paint after the first render since ``since`` that shows it; waits for it."""
        deadline = time.perf_counter() + TIMEOUT
        app = QApplication.instance()
        assert app is not None
        while time.perf_counter() < deadline:
            rendered = next((t for t, snap in self.renders if t >= since and shows(snap)), None)
            if rendered is not None:
                painted = next((t for t in self.paints if t >= rendered), None)
                if painted is not None:
                    return painted
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 2)
        raise TimeoutError("the screen never showed it")


def settle(seconds: float) -> None:
    app = QApplication.instance()
    assert app is not None
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)


def wait_for(condition: Callable[[], bool]) -> None:
    app = QApplication.instance()
    assert app is not None
    deadline = time.perf_counter() + TIMEOUT
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError("waited too long")
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)


def tap(clock: PaintClock, button: QPushButton, shows: Callable[[TableSnapshot], bool]) -> float:
    """Tap ``button`` (and confirm it, when it asks for a second tap) as a croupier; ms to the screen."""
    wait_for(lambda: button.isVisible() and button.isEnabled())
    last = button._last_tap if isinstance(button, FitButton) else -1.0
    guard = button.guard_ms if isinstance(button, FitButton) else DOUBLE_TAP_MS
    if last >= 0:  # the croupier's own pause between two taps of one button: not latency
        settle(max(0.0, last + guard / 1000 + 0.03 - time.monotonic()))
    if isinstance(button, GuardedButton) and button.guard:
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)  # arms it
        settle(DOUBLE_TAP_MS / 1000 + 0.03)
    start = time.perf_counter()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    return (clock.shown_at(start, shows) - start) * 1000


def revealed(snap: TableSnapshot) -> int:
    return sum(snap.round.revealed.values()) if snap.round is not None else 0


def play_round(win: MainWindow, station: Station, clock: PaintClock, taps: list[float], reads: list[float]) -> None:
    session = win.session
    panel = win.panel
    taps.append(tap(clock, win.open_button, lambda s: s.phase == "betting"))
    wait_for(lambda: not panel.bets.locked)
    for seat in range(1, SEATS + 1):
        QTest.mouseClick(panel.seats[seat], Qt.MouseButton.LeftButton)  # choosing a seat: the screen only
        chip = panel.bets.chip("ante", "5")
        taps.append(tap(clock, chip, lambda s, seat=seat: "ante" in s.seat_stakes(seat)))
    taps.append(tap(clock, panel.no_more_bets, lambda s: s.phase != "betting"))
    present = station.present_card
    assert present is not None
    while session.view().phase != "settlement":
        wait_for(lambda: session.view().stage in (Stage.DECISION, Stage.REVEAL)
                 or session.view().phase == "settlement")
        view = session.view()
        if view.stage is Stage.REVEAL:
            target = view.next_to_reveal()
            if target is None or view.round is None:
                settle(0.01)
                continue
            card = view.round.cards[target[0]][target[1]]
            before = revealed(view)
            start = time.perf_counter()
            present(card)
            reads.append((clock.shown_at(start, lambda s, b=before: revealed(s) > b) - start) * 1000)
        elif view.stage is Stage.DECISION:
            waiting = view.seats_to_act()
            if not waiting or view.round is None:
                settle(0.01)
                continue
            seat = waiting[0]
            action = "play1x" if view.phase == "river" else "check"
            wait_for(lambda a=action, s=seat: any(b.property("action") == a for b in panel.decision_buttons_for(s)))
            button = next(b for b in panel.decision_buttons_for(seat) if b.property("action") == action)
            done = len(view.round.seats[seat].actions)
            taps.append(tap(clock, button, lambda s, seat=seat, done=done: s.round is not None
                            and len(s.round.seats[seat].actions) > done))
    paid = panel.paid_button
    while session.view().phase != "paid":
        wait_for(lambda: paid.isVisible() and paid.isEnabled() or session.view().phase == "paid")
        if session.view().phase == "paid":
            break
        tap(clock, paid, lambda s: True)
        settle(0.05)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def row(values: list[float]) -> str:
    return (f"{len(values)} | {statistics.median(values):.1f} | {percentile(values, 0.99):.1f} | "
            f"{max(values):.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="ds-latency-") as folder:
        work = Path(folder)
        fsync_before = raw_fsync_rate(work, 500)
        table = load_profile("uth-default")
        devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=5", "reader": "sim://usb?seed=6"})
        credentials = CredentialStore(work / "live.credentials.json")
        credentials.add("9001", "4321")
        station = Station(table.model_copy(update={"devices": devices}), journal_path=work / "live.sqlite",
                          credentials=credentials, program={"version": "bench"})
        session = station.start()
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, 10)
        win = MainWindow(session, language="en", present=station.present_card)
        win.fit_panel(1920, 1080)
        win.show()
        clock = PaintClock(win)
        app.installEventFilter(clock)
        taps: list[float] = []
        reads: list[float] = []
        try:
            for n in range(args.rounds):
                play_round(win, station, clock, taps, reads)
                print(f"round {n + 1}/{args.rounds}: {len(taps)} taps, {len(reads)} reads", file=sys.stderr)
        finally:
            app.removeEventFilter(clock)
            win.worker.shutdown(wait=True)
            win.close_now()
            station.stop()
        fsync_after = raw_fsync_rate(work, 500)
    fsync_ms = 1000 / statistics.median([fsync_before, fsync_after])
    print(f"\nUTH, 7 seats, {args.rounds} rounds, journal synchronous=FULL, screen 1920x1080 offscreen, "
          f"load average {load_average()}; the disk's raw write+fsync in the same run: {fsync_ms:.2f} ms "
          f"({fsync_before:,.0f}/s before, {fsync_after:,.0f}/s after)\n")
    print("| latency (ms) | n | p50 | p99 | max | goal (p99) | p99 / raw fsync |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| tap -> journaled (fsync) -> screen painted | {row(taps)} | 50 | "
          f"{percentile(taps, 0.99) / fsync_ms:.1f}x |")
    print(f"| card read -> journaled (fsync) -> screen painted | {row(reads)} | 20 | "
          f"{percentile(reads, 0.99) / fsync_ms:.1f}x |")
    print(f"| of which: one render of the screen (Python, widgets set) | {row(clock.render_ms)} | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
