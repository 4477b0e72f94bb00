"""A reader that never reads does not strand the table (issue 39 item 1): after the profile's read timeout
the engine's clock halts the reveal and the croupier passes the card again or keys it (journaled as keyed);
on simulated hardware the screen's training control passes each card over the simulated reader, so a
round is played by hand from the screen alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_station.cards import card_str
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.table.phases import Stage
from dealer_station.wire import reports as rp

from .conftest import BADGE, PIN, make_session, open_window
from .helpers import TIMEOUT, bet, button, click, decide, dialog, open_round, press


@pytest.fixture
def reader_window(qtbot, qapp, tmp_path: Path):
    session, shoe, journal = make_session(tmp_path, "uth-default", has_reader=True)
    session.report(rp.LinkUp(device="reader", identity=rp.DeviceIdentity(
        model="DS-SCRIPTED-READER", serial_number="R-1", firmware="1", protocol_version=1)))
    win = open_window(qtbot, qapp, session, size=(800, 480))
    yield win
    win.worker.shutdown(wait=True)
    journal.close()


def _to_the_flop(qtbot, win) -> None:
    open_round(qtbot, win)
    bet(qtbot, win, 1, "ante", "5", expect="5")
    click(qtbot, win.panel.no_more_bets)
    decide(qtbot, win, 1, "check")
    qtbot.waitUntil(lambda: win.session.view().phase == "flop_reveal", timeout=TIMEOUT)


def test_no_read_in_time_halts_for_pass_again_or_key_and_both_work(qtbot, reader_window):
    win, session = reader_window, reader_window.session
    _to_the_flop(qtbot, win)
    wait = session.view().table.devices.read_timeout
    now = datetime.now(UTC)
    assert not session.tick(now + timedelta(seconds=wait / 2))  # still within the wait: nothing happens
    assert session.tick(now + timedelta(seconds=wait + 1))  # the engine's clock journals it
    halt = session.view().round.halt
    assert (halt.kind, halt.cause, halt.detail) == ("no_read", "no_read", {"position": "board", "index": 0})
    qtbot.waitUntil(lambda: win.halt.isVisible(), timeout=TIMEOUT)
    assert win.banner.text() == "\u26a0 The reader read nothing: pass the card over it again, or key it"
    assert win.halt.detail.text() == f"board card 1 was not read in {wait:g} s"
    assert win.halt.key_button.isVisible()
    first = session.view().round.cards["board"][0]
    session.report(rp.CardRead(device="reader", card=first))  # passed again, read this time
    qtbot.waitUntil(lambda: session.view().round.revealed.get("board", 0) == 1 and not win.halt.isVisible(),
                    timeout=TIMEOUT)
    assert session.tick(datetime.now(UTC) + timedelta(seconds=wait + 1))  # the second card is not read either
    qtbot.waitUntil(lambda: win.halt.key_button.isVisible(), timeout=TIMEOUT)
    click(qtbot, win.halt.key_button)
    second = session.view().round.cards["board"][1]
    picker = dialog(win, "cardPicker")
    text = card_str(second)
    click(qtbot, button(picker, f"rank_{text[0]}"))
    click(qtbot, button(picker, f"suit_{text[1]}"))
    if picker.isVisible():
        click(qtbot, picker.ok)
    qtbot.waitUntil(lambda: session.view().round.revealed.get("board", 0) == 2, timeout=TIMEOUT)
    revealed = [e.payload for e in session.journal.events(kinds={"card_revealed"})]
    assert [(r["index"], r.get("manual", False)) for r in revealed] == [(0, False), (1, True)]  # keyed, as keyed


@pytest.fixture
def simulated_station(qtbot, qapp, tmp_path: Path):
    table = load_profile("uth-default")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=5", "reader": "sim://usb?seed=6",
                                               "link_timeout": 0.5})
    credentials = CredentialStore(tmp_path / "live.credentials.json")
    credentials.add(BADGE, PIN)
    station = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "live.sqlite",
                      credentials=credentials, program={"version": "test"})
    session = station.start()
    assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, 10)
    yield station, session
    station.stop()


def test_the_training_control_plays_a_whole_round_by_hand_on_simulated_devices(qtbot, qapp, simulated_station):
    from ui.shell import MainWindow

    station, session = simulated_station
    assert station.present_card is not None  # a simulated reader: training is possible
    win = MainWindow(session, language="en", present=station.present_card)
    qtbot.addWidget(win)
    win.fit_panel(800, 480)
    win.show()
    try:
        open_round(qtbot, win)
        bet(qtbot, win, 2, "ante", "5", expect="5")
        assert not win.training_button.isVisible()  # nothing for the reader yet
        click(qtbot, win.panel.no_more_bets)
        passed = 0
        # The screen renders a moment after the session moves: a button still shown for the step just done
        # is not tapped (a tap on a stale control does nothing), so each wait asks the session's stage too.
        while session.view().phase != "settlement":
            qtbot.waitUntil(lambda: (win.training_button.isVisible() and session.view().stage is Stage.REVEAL)
                            or (bool(win.panel.decision_buttons_for(2)) and session.view().stage is Stage.DECISION)
                            or session.view().phase == "settlement", timeout=TIMEOUT)
            if session.view().stage is Stage.DECISION:
                decide(qtbot, win, 2, "check" if session.view().phase != "river" else "play1x")
            elif session.view().stage is Stage.REVEAL:
                before = sum(session.view().round.revealed.values())
                click(qtbot, win.training_button)
                passed += 1
                qtbot.waitUntil(lambda b=before: sum(session.view().round.revealed.values()) > b, timeout=TIMEOUT)
        assert passed == 7  # the flop, the turn and river, the dealer's two: each passed from the screen
        press(qtbot, win.panel.paid_button)
        qtbot.waitUntil(lambda: session.view().phase == "paid", timeout=TIMEOUT)
        reads = [e.payload for e in session.journal.events(kinds={"card_revealed"})]
        assert len(reads) == 7 and not any(r.get("manual") for r in reads)  # read by the reader, not keyed
    finally:
        win.worker.shutdown(wait=True)
        win.close_now()
