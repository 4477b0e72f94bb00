"""The table bank on the croupier's screen, by taps on the real window: a whole shift (open with the
tray counted on the pad, buy-ins in four taps, a fill and a credit requested and received, close), and
counts the screen refuses before anything is written."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from dealer_station.money import format_money
from dealer_station.play.table_scripts import BADGE, PIN, scripted_table

from .conftest import open_window
from .helpers import TIMEOUT, button, click, dialog, supervisor_answers, type_keys

PAR = {"500": 10, "100": 40, "25": 100, "5": 200, "1": 100, "0.5": 40}  # the pad's rows, largest first


@pytest.fixture
def bank_window(qtbot, qapp, tmp_path: Path):
    table = scripted_table("uth-default", tmp_path)
    table.session.execute("dealer_sign_in", "Ann")
    win = open_window(qtbot, qapp, table.session, size=(800, 480))
    yield win
    win.worker.shutdown(wait=True)
    for journal in table.journals:
        journal.close()


def open_bank(qtbot, window):
    click(qtbot, window.bank_button)
    return dialog(window, "bankPanel")


def key_counts(qtbot, window, counts: dict[str, int]) -> None:
    """On the open count pad: every row in turn (the pad starts on the largest), Next between them, then OK."""
    pad = dialog(window, "countPad")
    for denomination in pad.fields:
        text = str(counts.get(str(denomination), ""))
        if text:
            type_keys(qtbot, pad, text)
        click(qtbot, button(pad, "key_next"))
    click(qtbot, pad.ok)


def sign(qtbot, window) -> None:
    """Badge, Next, PIN, OK on the PIN dialog (a routine bank action asks no reason)."""
    pin = dialog(window, "pinDialog")
    assert not pin.asks_reason
    type_keys(qtbot, pin, BADGE)
    click(qtbot, button(pin, "key_next"))
    type_keys(qtbot, pin, PIN)
    click(qtbot, pin.ok)


def wait_bank(qtbot, window, holds) -> None:
    qtbot.waitUntil(lambda: holds(window.session.view().state.bank), timeout=TIMEOUT)


def receive(qtbot, window, slip: str, counts: dict[str, int]) -> None:
    panel = open_bank(qtbot, window)
    click(qtbot, button(panel, "bank_receive"))
    click(qtbot, button(dialog(window, "slipChooser"), f"slip_{slip}"))
    key_counts(qtbot, window, counts)
    sign(qtbot, window)


@pytest.mark.slow
def test_a_whole_shift_on_the_screen(qtbot, bank_window) -> None:
    window = bank_window
    panel = open_bank(qtbot, window)
    assert not panel.buy_in.isVisible()  # no shift open: nothing to buy in against
    click(qtbot, button(panel, "bank_shift"))
    key_counts(qtbot, window, PAR)
    sign(qtbot, window)
    wait_bank(qtbot, window, lambda bank: bank.open_shift is not None)

    taps = 0
    for seat, amount in ((3, "500"), (1, "200")):  # Bank -> seat -> amount -> OK: four taps each
        panel = open_bank(qtbot, window)
        for name in (f"bank_seat_{seat}", f"bank_amount_{amount}", "bank_buy_in_ok"):
            click(qtbot, button(panel, name))
        taps += 4
        wait_bank(qtbot, window, lambda bank, s=seat: any(b.seat == s for b in bank.shift.buy_ins))
    assert taps == 8
    buy_ins = window.session.view().state.bank.shift.buy_ins
    assert [(b.seat, b.kind.value, b.amount, b.player) for b in buy_ins] == [
        (3, "cash", Decimal(500), None), (1, "cash", Decimal(200), None)]

    for action, counts, slip in (("bank_fill", {"100": 20}, "F000001"), ("bank_credit", {"500": 4}, "C000001")):
        panel = open_bank(qtbot, window)
        click(qtbot, button(panel, action))
        key_counts(qtbot, window, counts)
        sign(qtbot, window)
        wait_bank(qtbot, window, lambda bank, s=slip: any(line.slip == s for line in bank.shift.slips))
        receive(qtbot, window, slip, counts)
        wait_bank(qtbot, window, lambda bank, s=slip: next(
            line for line in bank.shift.slips if line.slip == s).state.value == "received")

    closer = dict(PAR, **{"100": 40 + 20 - 7, "500": 10 - 4})  # 700 of buy-ins paid in 100s
    panel = open_bank(qtbot, window)
    assert "F000001" not in panel.slips.text()  # nothing in flight any more
    click(qtbot, button(panel, "bank_shift"))
    key_counts(qtbot, window, closer)
    sign(qtbot, window)
    wait_bank(qtbot, window, lambda bank: bank.shift is not None and not bank.shift.open)

    kinds = [r.kind for r in window.session.journal.events() if r.kind.startswith(("shift_", "slip_", "buy_in"))]
    assert kinds == ["shift_opened", "buy_in", "buy_in", "slip_requested", "slip_issued", "slip_received",
                     "slip_requested", "slip_issued", "slip_received", "shift_closed"]
    from dealer_station.view.bank import bank_view

    figures = bank_view(window.session.view()).figures
    par_value = sum(Fraction(d) * n for d, n in PAR.items())
    assert Fraction(figures.closer_value) == par_value - 700  # counted by hand above
    assert figures.tray_variance == 0


def pad_for_opener(qtbot, window):
    panel = open_bank(qtbot, window)
    click(qtbot, button(panel, "bank_shift"))
    return dialog(window, "countPad")


HOSTILE = [
    ({"25": "-3"}, "whole number"),
    ({"25": "9999999"}, "more than any tray"),
    ({"30": "4"}, "not a chip of this tray"),
    ({"25": "4x"}, "whole number"),
]


def test_a_count_the_tray_cannot_hold_is_refused_on_screen_with_nothing_written(qtbot, bank_window) -> None:
    """Negative, huge, a denomination the tray has not, not a number: each said on the pad, nothing written."""
    window = bank_window
    before = window.session.journal.last_seq
    for entries, said in HOSTILE:
        pad = pad_for_opener(qtbot, window)
        if set(entries) <= {format_money(d) for d in pad.fields}:  # typed into its row (a field takes any paste)
            for key, text in entries.items():
                pad.fields[Decimal(key)].setText(text)
            click(qtbot, pad.ok)
        else:  # a denomination the pad has no row for: what its OK would send, checked the same way
            assert not pad.submit(entries)
        assert said in pad.problem.text(), (entries, pad.problem.text())
        assert pad.isVisible()  # still open, to correct
        assert not [d for d in window.findChildren(QDialog, "pinDialog") if d.isVisible()]
        assert window.session.journal.last_seq == before
        pad.reject()


def test_a_slip_counted_wrong_is_refused_and_the_screen_says_so(qtbot, bank_window) -> None:
    window = bank_window
    session = window.session
    session.supervise("open_shift", BADGE, PIN, "", opener=PAR)
    session.supervise("request_fill", BADGE, PIN, "", chips={"100": 20})
    receive(qtbot, window, "F000001", {"100": 19})  # one chip short
    qtbot.waitUntil(lambda: "F000001" in window.message.text(), timeout=TIMEOUT)
    assert window.message.text() == "Slip F000001 refused: the chips counted are not the slip's. Nothing moved"
    kind, payload = [(r.kind, r.payload) for r in session.journal.events()][-1]
    assert kind == "slip_refused" and payload["chips_seen"] == {"100": 19}


def test_with_a_tray_antenna_the_closer_offered_is_the_tray_it_read_and_confirmed(qtbot, qapp, tmp_path: Path) -> None:
    """The close's pad starts from the antenna's last whole scan; OK unchanged and the supervisor's PIN close the
    shift with it, journaled as sensed."""
    from dealer_station.wire.reports import TrayColumn, TraySensed

    table = scripted_table("uth-rfid", tmp_path)  # a tray antenna, the chip inventory config/chips-sim.csv
    session = table.session
    try:
        session.execute("dealer_sign_in", "Ann")
        session.supervise("open_shift", BADGE, PIN, "", opener=PAR, gaming_day="2026-12-05")
        inventory = session.view().table.chip_inventory
        ids = inventory.by_denomination()
        tray = {"500": 9, "100": 41, "25": 100, "5": 200, "1": 100, "0.5": 40}
        session.report(TraySensed(device="tray", scan=1, columns=tuple(
            TrayColumn(column=n + 1, chips=tuple(ids[Decimal(d)][:k])) for n, (d, k) in enumerate(tray.items()))))
        window = open_window(qtbot, qapp, session, size=(800, 480))
        try:
            panel = open_bank(qtbot, window)
            click(qtbot, button(panel, "bank_shift"))
            pad = dialog(window, "countPad")
            assert {format_money(d): f.text() for d, f in pad.fields.items()} == {d: str(n) for d, n in tray.items()}
            click(qtbot, pad.ok)  # the dealer and the supervisor confirm what the antenna read
            sign(qtbot, window)
            wait_bank(qtbot, window, lambda bank: bank.shift is not None and not bank.shift.open)
        finally:
            window.worker.shutdown(wait=True)
        (closed,) = [r.payload for r in session.journal.events() if r.kind == "shift_closed"]
        assert closed["sensed"] is True and closed["closer"] == {d: tray[d] for d in PAR}
    finally:
        for journal in table.journals:
            journal.close()


def test_a_tray_alarm_on_the_banner_is_cleared_from_the_bank_panel_with_what_was_found(qtbot, qapp,
                                                                                      tmp_path: Path) -> None:
    """A shift whose journal holds a tray alarm (a skim caught by the session's own rule): the banner says it,
    the Bank panel offers to clear it, and a supervisor's badge, PIN and finding clear it (journaled)."""
    from tests.session.test_tray import PIN as TRAY_PIN
    from tests.session.test_tray import SUP as TRAY_SUP
    from tests.session.test_tray import Table

    skimmed = Table(tmp_path)
    skimmed.open()
    for n in range(3):
        skimmed.round()
        if n == 0:
            skimmed.tray["100"] -= 1
        skimmed.scan()
    assert len(skimmed.events("tray_alarm")) == 1
    window = open_window(qtbot, qapp, skimmed.session, size=(800, 480))
    try:
        assert "TRAY ALARM" in window.banner.text() and "-1 x 100" in window.banner.text()
        panel = open_bank(qtbot, window)
        click(qtbot, button(panel, "bank_tray_alarm"))
        supervisor_answers(qtbot, window, TRAY_SUP, TRAY_PIN, "reason:tray_reported")
        qtbot.waitUntil(lambda: bool(skimmed.events("tray_alarm_cleared")), timeout=TIMEOUT)
        qtbot.waitUntil(lambda: "TRAY ALARM" not in window.banner.text(), timeout=TIMEOUT)  # the screen re-renders
        (cleared,) = [p for _, p in skimmed.events("tray_alarm_cleared")]
        assert cleared["supervisor"] == TRAY_SUP and cleared["reason"] == "Reported to security"
    finally:
        window.worker.shutdown(wait=True)
        skimmed.close()
