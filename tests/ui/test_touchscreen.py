"""The croupier screen driven by real taps, offscreen, against a real session.

Commands run on the window's worker thread, so every check after a tap waits for the
session (and the re-render) with ``qtbot.waitUntil``.
"""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from dealer_station.cards import card_str
from ui import widgets
from ui.widgets import BOUNCE_MS

from .conftest import BADGE, PIN
from .helpers import (
    TIMEOUT,
    bet,
    button,
    choose_seat,
    click,
    decide,
    decision_button,
    dialog,
    open_round,
    press,
    supervisor_answers,
    tap_again,
)


def play_to_settlement(qtbot, window) -> None:
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 1, "ante", "5", expect="5")
    bet(qtbot, window, 1, "ante", "5", expect="10")
    bet(qtbot, window, 1, "trips", "5", expect="5")
    bet(qtbot, window, 3, "ante", "5", expect="5")
    bet(qtbot, window, 3, "ante", "5", expect="10")
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: session.view().phase == "preflop", timeout=TIMEOUT)
    decide(qtbot, window, 1, "play4x")
    decide(qtbot, window, 3, "check")
    for phase in ("flop", "river"):
        qtbot.waitUntil(lambda: window.reveal_button.isVisible(), timeout=TIMEOUT)
        click(qtbot, window.reveal_button)
        qtbot.waitUntil(lambda p=phase: session.view().phase == p, timeout=TIMEOUT)
        decide(qtbot, window, 3, "check" if phase == "flop" else "fold")
    qtbot.waitUntil(lambda: window.reveal_button.isVisible(), timeout=TIMEOUT)
    click(qtbot, window.reveal_button)
    qtbot.waitUntil(lambda: session.view().phase == "settlement" and window.panel.paid_button.isVisible(), timeout=TIMEOUT)


def test_full_round_by_taps_settles_right_to_left(qtbot, window):
    session = window.session
    play_to_settlement(qtbot, window)
    assert window.panel.header.dealer.describe() == ["Kd", "7c"]  # face up after the dealer reveal
    assert "qualifies" in window.panel.header.dealer_result.text()
    xs = []
    for seat in (3, 1):  # settlement order: highest seat first, the paid button names it
        qtbot.waitUntil(lambda s=seat: window.panel.paid_button.property("seat") == s, timeout=TIMEOUT)
        assert window.panel.seats[seat].property("active") == "true"  # the highlight is on that seat
        xs.append(window.panel.seats[seat].mapTo(window, window.panel.seats[seat].rect().center()).x())
        press(qtbot, window.panel.paid_button)  # the last seat closes the round: it asks for a second tap
        qtbot.waitUntil(lambda s=seat: session.view().round.seats[s].paid, timeout=TIMEOUT)
    assert xs[0] > xs[1], "settlement moves right to left across the screen, as the dealer's hands do"
    qtbot.waitUntil(lambda: session.view().phase == "paid" and window.open_button.isVisible(), timeout=TIMEOUT)
    assert session.view().round.settlement["seats"][1]["result"] == "win"
    assert "Open betting" in window.banner.text()
    assert window.strip.shift.text().startswith("Shift: rounds 1 \u00b7 table win")


def test_seat_one_is_at_the_dealers_left_and_hole_cards_stay_face_down(qtbot, window):
    assert window.panel.seats_row.screen_order() == [1, 2, 3, 4, 5, 6, 7]
    open_round(qtbot, window)
    bet(qtbot, window, 2, "ante", "5", expect="5")
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: window.session.view().phase == "preflop", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.panel.header.board.describe() == ["face down"] * 5, timeout=TIMEOUT)
    assert window.panel.header.dealer.describe() == ["face down"] * 2
    # game protection: dealt and known to the station, but not shown to the croupier's screen
    assert window.session.view().round.hole(2) and window.panel.seats[2].hole.describe() == ["face down"] * 2


def test_lockout_makes_every_stake_widget_inert(qtbot, window, station):
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 2, "ante", "25", expect="25")
    station[1].hold = True  # the deal waits, so the round stays locked in dealing
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: window.panel.bets.locked and window.panel.bets.lock_label.isVisible(), timeout=TIMEOUT)
    assert window.panel.bets.property("role") == "locked"
    assert all(not chip.isEnabled() for chip in window.panel.bets.chips)
    seq = session.view().state.last_seq
    for chip in (window.panel.bets.chip("ante", "100"), window.panel.bets.chip("trips", "1")):
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    qtbot.wait(200)
    assert not window.worker.busy
    assert session.view().state.last_seq == seq  # nothing was even sent, let alone journaled
    assert session.view().round.seats[2].bets == {"ante": Decimal(25), "blind": Decimal(25)}


def test_double_tap_places_one_chip_and_undo_takes_back_the_last(qtbot, window, monkeypatch):
    session = window.session
    open_round(qtbot, window)
    choose_seat(qtbot, window, 4)
    chip = window.panel.bets.chip("ante", "5")
    # The contact bounces: a second press 30 ms after the first, on the clock the guard reads (a busy
    # machine must not stretch the two synthetic presses apart and make the test's bounce a real tap).
    clock = [1_000.0]
    with monkeypatch.context() as patched:
        patched.setattr(widgets, "time", SimpleNamespace(monotonic=lambda: clock[0]))
        click(qtbot, chip)
        clock[0] += (BOUNCE_MS - 10) / 1000
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: 4 in session.view().round.seats, timeout=TIMEOUT)
    qtbot.wait(400)
    assert session.view().round.seats[4].bets["ante"] == Decimal(5)
    bet(qtbot, window, 4, "ante", "25", expect="30")
    bet(qtbot, window, 4, "trips", "1", expect="1")
    click(qtbot, window.panel.undo_button)
    qtbot.waitUntil(lambda: "trips" not in session.view().round.seats[4].bets, timeout=TIMEOUT)
    assert session.view().round.seats[4].bets["ante"] == Decimal(30)
    tap_again(qtbot, window.panel.undo_button)
    qtbot.waitUntil(lambda: session.view().round.seats[4].bets["ante"] == Decimal(5), timeout=TIMEOUT)
    assert session.view().round.seats[4].bets["blind"] == Decimal(5)


def test_refusal_in_the_croupiers_words_moves_nothing(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    for expect in ("100", "200", "300", "400", "500"):
        bet(qtbot, window, 6, "ante", "100", expect=expect)
    chips_at = window.panel.bets.chip("ante", "5").mapTo(window, window.panel.bets.chip("ante", "5").pos())
    line_at = window.message.geometry()
    bet(qtbot, window, 6, "ante", "5")  # 505 is above the table maximum
    qtbot.waitUntil(lambda: bool(window.message.text()), timeout=TIMEOUT)
    assert window.message.text() == "Ante 505 is above the table maximum 500"
    assert window.message.property("role") == "refusal"
    assert window.message.geometry() == line_at
    assert window.panel.bets.chip("ante", "5").mapTo(window, window.panel.bets.chip("ante", "5").pos()) == chips_at
    assert session.view().round.seats[6].bets["ante"] == Decimal(500)


def test_decision_buttons_show_legal_actions_with_amounts(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 1, "ante", "5", expect="5")
    bet(qtbot, window, 1, "ante", "5", expect="10")
    bet(qtbot, window, 3, "ante", "5", expect="5")
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: bool(window.panel.decision_buttons_for(1)), timeout=TIMEOUT)
    labels = [b.text() for b in window.panel.decision_buttons_for(1)]
    assert labels == ["Check", "Play 3x \u00b7 30", "Play 4x \u00b7 40"]
    assert [b.property("action") for b in window.panel.decision_buttons_for(1)] == session.view().legal_actions(1)
    assert window.panel.decision_buttons_for(3) == []  # not seat 3's turn
    decide(qtbot, window, 1, "check")
    qtbot.waitUntil(lambda: bool(window.panel.decision_buttons_for(3)), timeout=TIMEOUT)
    assert [b.text() for b in window.panel.decision_buttons_for(3)] == ["Check", "Play 3x \u00b7 15", "Play 4x \u00b7 20"]
    assert decision_button(window, 1, "check") is None


def test_settlement_shows_the_sessions_amounts_and_a_chip_breakdown(qtbot, window):
    play_to_settlement(qtbot, window)
    settlement = window.session.view().round.settlement
    shown = window.panel.settlement.amounts
    expected = {}
    for entry in settlement["seats"]:
        for spot, net in entry["bets"].items():
            expected[(entry["seat"], spot)] = net
        expected[(entry["seat"], "total")] = entry["net"]
    assert {k: v for k, v in shown.items() if k[0]} == expected
    total = sum(Decimal(e["net"]) for e in settlement["seats"])
    assert Decimal(shown[(0, "table")]) == total
    # seat 3 folded: everything is collected, nothing paid
    view = window.panel.settlement
    assert view.collect.text() == f"\u2212 Collect 20: Ante {-Decimal(expected[(3, 'ante')])} \u00b7 Blind 10"
    assert not any(cell.isVisible() for cell in view.spot_cells)
    assert window.panel.paid_button.text() == "\u2713 Seat 3 done: collected 20"
    tap_again(qtbot, window.panel.paid_button)
    qtbot.waitUntil(lambda: window.panel.paid_button.property("seat") == 1, timeout=TIMEOUT)
    assert window.panel.seats[3].result.text() == "\u2713 \u221220"
    assert window.panel.seats[3].property("done") == "true"
    # seat 1: first collect the losing Trips, then pay Ante and Play spot by spot; the Blind pushes
    assert view.collect.text() == "\u2212 Collect Trips 5"
    pays = [cell.text() for cell in view.spot_cells if cell.isVisible()]
    assert [p.split(":")[0] for p in pays] == ["+ Pay Ante 10", "+ Pay Play 40"]
    assert view.collect.mapTo(window, view.collect.rect().topLeft()).y() < \
        view.spot_cells[0].mapTo(window, view.spot_cells[0].rect().topLeft()).y(), "collect comes first"
    assert view.push.text() == "= Push Blind: the stake stays"
    net = Decimal(expected[(1, "total")])
    assert view.net.text() == f"Net +{net}"
    assert window.panel.paid_button.text() == "\u2713 Seat 1 done: collected 5 \u00b7 paid 50"
    for line, amount in zip(pays, (Decimal(10), Decimal(40))):  # each spot with its chips, largest first
        parts = line.split(": ", 1)[1].split(" + ") if ": " in line else [str(amount)]
        values = [Decimal(p.split("\u00d7")[0]) for p in parts]
        counts = [int(p.split("\u00d7")[1]) if "\u00d7" in p else 1 for p in parts]
        assert values == sorted(values, reverse=True)
        assert sum(v * c for v, c in zip(values, counts)) == amount
    assert "Table total to players" in window.panel.settlement.total.text()


def test_jam_halt_says_what_to_do_and_the_void_needs_the_pin(qtbot, window, station):
    session = window.session
    station[1].jam_after = 3
    open_round(qtbot, window)
    bet(qtbot, window, 4, "ante", "5", expect="5")
    bet(qtbot, window, 4, "ante", "25", expect="30")
    bet(qtbot, window, 4, "trips", "5", expect="5")
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: window.halt.isVisible(), timeout=TIMEOUT)
    assert window.banner.property("role") == "fault"
    assert "Shoe jam" in window.halt.title.text()
    assert window.banner.text() == "\u26a0 Call a supervisor"
    void = window.halt.buttons["void"]
    assert void.isVisible() and window.halt.buttons["clear_fault"].isVisible()
    seq = session.view().state.last_seq
    click(qtbot, void)  # one tap opens the PIN dialog; nothing is voided
    pin_dialog = dialog(window, "pinDialog")
    assert session.view().phase == "dealing" and session.view().state.last_seq == seq
    assert not pin_dialog.ok.isEnabled()
    supervisor_answers(qtbot, window, BADGE, PIN, "reason:device_fault")
    qtbot.waitUntil(lambda: session.view().phase == "void", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.banner.property("role") == "void", timeout=TIMEOUT)
    assert session.view().round.void["reason"] == "Device fault" and session.view().round.void["by"] == f"supervisor:{BADGE}"
    returned = list(session.journal.events(kinds={"round_voided"}))[-1].payload["returned"]
    assert returned == {"4": "65"}
    assert Decimal(window.panel.settlement.amounts[(4, "returned")]) == Decimal(65)
    assert window.panel.seats[4].result.text() == "\u21a9 65"
    footer = window.panel.settlement.chips.text()
    assert footer.startswith(f"Voided by supervisor {BADGE} at ") and "Device fault" in footer


def test_pin_dialog_labels_cursor_and_no_prefilled_reason(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 5, "ante", "25", expect="25")
    click(qtbot, window.supervisor_button)
    click(qtbot, button(dialog(window, "supervisorMenu"), "menu_void"))
    pin_dialog = dialog(window, "pinDialog")
    assert pin_dialog.badge_label.text() == "Badge" and pin_dialog.pin_label.text() == "PIN"
    assert pin_dialog.reason_text == "" and not pin_dialog.ok.isEnabled()
    assert pin_dialog.target is pin_dialog.badge
    click(qtbot, button(pin_dialog, "key_4"))
    click(qtbot, button(pin_dialog, "key_next"))
    assert pin_dialog.target is pin_dialog.pin and pin_dialog.focusWidget() is pin_dialog.pin
    click(qtbot, button(pin_dialog, "key_1"))
    assert pin_dialog.badge.text() == "4" and pin_dialog.pin.text() == "1"
    assert pin_dialog.pin.echoMode() == pin_dialog.pin.EchoMode.Password
    click(qtbot, button(pin_dialog, "pinCancel"))
    assert session.view().phase == "betting"


def test_wrong_pin_is_refused_without_attempts_left_then_success_tells_the_owner(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 5, "ante", "25", expect="25")
    for _ in range(2):
        window.ask_supervisor("void")
        supervisor_answers(qtbot, window, BADGE, "9999")
        qtbot.waitUntil(lambda: window.message.text() == "Badge or PIN not accepted", timeout=TIMEOUT)
        assert "left" not in window.message.text()
        window.show_message("")
    assert session.view().phase == "betting"
    window.ask_supervisor("void")
    supervisor_answers(qtbot, window, BADGE, PIN, "reason:dispute")
    qtbot.waitUntil(lambda: session.view().phase == "void", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: "2 failed attempt" in window.message.text(), timeout=TIMEOUT)
    assert BADGE in window.message.text()


def test_supervisor_sees_every_card_in_a_dispute(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 1, "ante", "5", expect="5")
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: window.panel.seats[1].hole.describe() == ["face down", "face down"], timeout=TIMEOUT)
    click(qtbot, window.supervisor_button)
    click(qtbot, button(dialog(window, "supervisorMenu"), "menu_view_cards"))
    supervisor_answers(qtbot, window, BADGE, PIN, "reason:dispute")
    qtbot.waitUntil(lambda: any(d.isVisible() for d in window.findChildren(QDialog, "allCards")), timeout=TIMEOUT)
    shown = dialog(window, "allCards")
    from ui.card_widget import CardRow

    rows = [r.describe() for r in shown.findChildren(CardRow)]
    dealer = [card_str(c) for c in session.view().round.cards["dealer"]]
    assert ["As", "Ac"] in rows and dealer in rows
    auth = list(session.journal.events(kinds={"supervisor_auth"}))[-1]
    assert auth.payload["action"] == "view_cards" and auth.payload["ok"] is True
