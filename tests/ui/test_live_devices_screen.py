"""The screen on a live station: real drivers, the shoe on a pty, the reader via pyusb.

A jam raised by the shoe simulator mid-deal reaches the screen as the halt panel, and a
supervisor's void returns the stakes; the GUI event loop keeps turning throughout the
deal, since device I/O and journaling run off the GUI thread.
"""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore

from .conftest import BADGE, PIN, open_window
from .helpers import TIMEOUT, bet, click, open_round, supervisor_answers


@pytest.fixture
def live_window(qtbot, qapp, tmp_path: Path):
    table = load_profile("uth-default")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=5", "reader": "sim://usb?seed=6",
                                               "link_timeout": 0.5})
    credentials = CredentialStore(tmp_path / "live.credentials.json")
    credentials.add(BADGE, PIN)
    station = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "live.sqlite",
                      credentials=credentials, program={"version": "test"})
    session = station.start()
    assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, 10)
    win = open_window(qtbot, qapp, session)
    yield win, station
    win.worker.shutdown(wait=True)
    station.stop()


def test_simulator_jam_mid_deal_halts_the_screen_and_the_void_returns_stakes(qtbot, live_window):
    win, station = live_window
    session = win.session
    station.simulator("shuffler").faults.jam_after = 6
    open_round(qtbot, win)
    for seat in (1, 2, 3):
        bet(qtbot, win, seat, "ante", "25", expect="25")
    # the GUI loop's heartbeat: gaps between timer ticks show any freeze
    ticks: list[float] = []
    timer = QTimer(win)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(10)
    click(qtbot, win.panel.no_more_bets)
    qtbot.waitUntil(lambda: win.halt.isVisible(), timeout=TIMEOUT)
    timer.stop()
    assert win.banner.property("role") == "fault" and "Shoe jam" in win.halt.title.text()
    assert len(session.view().round.dealt_cards()) == 6  # the shoe jammed after six cards
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert gaps and max(gaps) < 0.25, f"GUI loop stalled {max(gaps):.3f} s during the deal"
    assert win.strip.devices["shuffler"].property("role") == "dot-ok"  # linked: the jam is the round's halt
    click(qtbot, win.halt.buttons["void"])
    supervisor_answers(qtbot, win, BADGE, PIN, "reason:device_fault")
    qtbot.waitUntil(lambda: session.view().phase == "void" and (3, "returned") in win.panel.settlement.amounts, timeout=TIMEOUT)
    returned = list(session.journal.events(kinds={"round_voided"}))[-1].payload["returned"]
    assert returned == {"1": "50", "2": "50", "3": "50"}
    assert all(Decimal(win.panel.settlement.amounts[(s, "returned")]) == Decimal(50) for s in (1, 2, 3))
