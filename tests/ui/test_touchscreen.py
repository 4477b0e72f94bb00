"""The croupier screen driven by real clicks, offscreen, against a real controller.

Commands run on the window's worker thread, so every check after a click waits for the
controller (and the re-render) with ``qtbot.waitUntil``.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from .conftest import BADGE, PIN

TIMEOUT = 5000


def click(qtbot, button: QPushButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.objectName()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def button(window, name: str) -> QPushButton:
    found = window.findChild(QPushButton, name)
    assert found is not None, name
    return found


def open_round(qtbot, window) -> None:
    click(qtbot, window.open_button)
    qtbot.waitUntil(lambda: window.ctl.phase == "betting" and not window.bets.locked, timeout=TIMEOUT)


def bet(qtbot, window, seat: int, spot: str, amount: str, expect_ante: str | None = None) -> None:
    click(qtbot, window.bets.chip(seat, spot, amount))
    if expect_ante is not None:
        qtbot.waitUntil(lambda: window.table.seats[seat].stake_text("ante") == expect_ante, timeout=TIMEOUT)


def decision_button(window, seat: int, action: str) -> QPushButton | None:
    return next((b for b in window.decisions.buttons(seat) if b.objectName() == f"decide{seat}_{action}"), None)


def decide(qtbot, window, seat: int, action: str) -> None:
    qtbot.waitUntil(lambda: decision_button(window, seat, action) is not None, timeout=TIMEOUT)
    click(qtbot, decision_button(window, seat, action))
    qtbot.waitUntil(lambda: action in window.ctl.round.seats[seat].actions, timeout=TIMEOUT)


def play_to_settlement(qtbot, window) -> None:
    ctl = window.ctl
    open_round(qtbot, window)
    bet(qtbot, window, 1, "ante", "5", expect_ante="5")
    bet(qtbot, window, 1, "ante", "5", expect_ante="10")
    click(qtbot, window.bets.chip(1, "trips", "5"))
    qtbot.waitUntil(lambda: window.table.seats[1].stake_text("trips") == "5", timeout=TIMEOUT)
    bet(qtbot, window, 3, "ante", "5", expect_ante="5")
    bet(qtbot, window, 3, "ante", "5", expect_ante="10")
    click(qtbot, window.bets.no_more_bets)
    qtbot.waitUntil(lambda: ctl.phase == "preflop" and window.stack.currentWidget() is window.decisions,
                    timeout=TIMEOUT)
    decide(qtbot, window, 1, "play4x")
    decide(qtbot, window, 3, "check")
    for phase in ("flop", "river"):
        qtbot.waitUntil(lambda: window.reveal_button.isVisible(), timeout=TIMEOUT)
        click(qtbot, window.reveal_button)
        qtbot.waitUntil(lambda p=phase: ctl.phase == p and bool(window.decisions.buttons(3)), timeout=TIMEOUT)
        decide(qtbot, window, 3, "check" if phase == "flop" else "fold")
    qtbot.waitUntil(lambda: window.reveal_button.isVisible(), timeout=TIMEOUT)
    click(qtbot, window.reveal_button)
    qtbot.waitUntil(lambda: ctl.phase == "settlement" and bool(window.settlement.paid_buttons), timeout=TIMEOUT)


def test_full_round_by_clicks_from_betting_to_paid(qtbot, window):
    ctl = window.ctl
    play_to_settlement(qtbot, window)
    assert window.stack.currentWidget() is window.settlement
    assert window.table.dealer.describe() == ["Kd", "7c"]  # face up after the dealer reveal
    assert "qualifies" in window.table.dealer_result.text()
    for seat in (3, 1):  # settlement order: right to left
        click(qtbot, window.settlement.paid_buttons[seat])
        qtbot.waitUntil(lambda s=seat: ctl.round.seats[s].paid, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: ctl.phase == "paid" and window.open_button.isVisible(), timeout=TIMEOUT)
    assert ctl.round.settlement["seats"][1]["result"] == "win"
    assert "Open betting" in window.banner.text()


def test_seats_are_laid_out_right_to_left_with_board_face_down(qtbot, window):
    assert window.table.screen_order() == [7, 6, 5, 4, 3, 2, 1]
    open_round(qtbot, window)
    bet(qtbot, window, 2, "ante", "5", expect_ante="5")
    click(qtbot, window.bets.no_more_bets)
    qtbot.waitUntil(lambda: window.ctl.phase == "preflop", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: window.table.board.describe() == ["face down"] * 5, timeout=TIMEOUT)
    assert window.table.dealer.describe() == ["face down"] * 2
    assert "empty" not in window.table.seats[2].hole.describe()


def test_lockout_makes_every_stake_widget_inert(qtbot, window):
    ctl = window.ctl
    open_round(qtbot, window)
    bet(qtbot, window, 2, "ante", "25", expect_ante="25")
    ctl.shoe.hold = True  # the deal waits, so the round stays locked in dealing
    click(qtbot, window.bets.no_more_bets)
    qtbot.waitUntil(lambda: window.bets.locked and window.bets.lock_label.isVisible(), timeout=TIMEOUT)
    assert window.bets.property("role") == "locked"
    assert all(not chip.isEnabled() for chip in window.bets.chips)
    assert not window.bets.no_more_bets.isEnabled()
    seq = ctl.state.last_seq
    for chip in (window.bets.chip(2, "ante", "100"), window.bets.chip(5, "trips", "1"), button(window, "clear2")):
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    qtbot.wait(200)
    assert not window.worker.busy
    assert ctl.state.last_seq == seq  # nothing was even sent, let alone journaled
    assert ctl.round.seats[2].bets == {"ante": Decimal(25), "blind": Decimal(25)}
    assert set(ctl.round.seats) == {2}
    assert window.table.seats[2].stake_text("ante") == "25"


def test_jam_shows_fault_banner_then_void_returns_stakes(qtbot, window):
    ctl = window.ctl
    ctl.shoe.jam_after = 3
    open_round(qtbot, window)
    bet(qtbot, window, 4, "ante", "5", expect_ante="5")
    bet(qtbot, window, 4, "ante", "25", expect_ante="30")
    click(qtbot, window.bets.chip(4, "trips", "5"))
    qtbot.waitUntil(lambda: window.table.seats[4].stake_text("trips") == "5", timeout=TIMEOUT)
    click(qtbot, window.bets.no_more_bets)
    qtbot.waitUntil(lambda: window.banner.property("role") == "fault", timeout=TIMEOUT)
    assert "JAM" in window.banner.text()
    # no void in one tap: the supervisor voids it with badge and PIN
    assert not hasattr(window, "confirm_void_button")
    assert window.supervisor_buttons["void"].isVisible() and window.supervisor_buttons["clear_fault"].isVisible()
    window.ask_pin = lambda action, reason: (BADGE, PIN, "shoe jammed")
    click(qtbot, window.supervisor_buttons["void"])
    qtbot.waitUntil(lambda: ctl.phase == "void" and (4, "returned") in window.settlement.amounts, timeout=TIMEOUT)
    assert window.banner.is_fault and "jam" in window.banner.text()
    returned = list(ctl.journal.events(kinds={"round_voided"}))[-1].payload["returned"]
    assert returned == {"4": "65"}
    assert Decimal(window.settlement.amounts[(4, "returned")]) == Decimal(returned["4"])
    assert "return 65" in window.findChild(type(window.settlement.total), "returned4").text()


def test_settlement_view_shows_the_controllers_amounts(qtbot, window):
    play_to_settlement(qtbot, window)
    settlement = window.ctl.round.settlement
    shown = window.settlement.amounts
    expected = {}
    for entry in settlement["seats"]:
        for spot, net in entry["bets"].items():
            expected[(entry["seat"], spot)] = net
        expected[(entry["seat"], "total")] = entry["net"]
    assert {k: v for k, v in shown.items() if k[0]} == expected
    total = sum(Decimal(e["net"]) for e in settlement["seats"])
    assert Decimal(shown[(0, "table")]) == total
    from PySide6.QtWidgets import QLabel

    seat1_play = window.settlement.findChild(QLabel, "settle1_play").text()
    assert seat1_play == f"pay {Decimal(expected[(1, 'play')])}"
    seat3_ante = window.settlement.findChild(QLabel, "settle3_ante").text()
    assert seat3_ante == f"collect {-Decimal(expected[(3, 'ante')])}"
    # columns follow settlement order: highest seat at the dealer's right (screen left)
    xs = [window.settlement.paid_buttons[e["seat"]].mapToGlobal(window.settlement.rect().topLeft()).x()
          for e in settlement["seats"]]
    assert xs == sorted(xs)


def test_refused_bet_shows_the_controllers_reason(qtbot, window):
    ctl = window.ctl
    open_round(qtbot, window)
    for _ in range(5):
        bet(qtbot, window, 6, "ante", "100")
    qtbot.waitUntil(lambda: window.table.seats[6].stake_text("ante") == "500", timeout=TIMEOUT)
    click(qtbot, window.bets.chip(6, "ante", "5"))  # 505 is above the table maximum
    qtbot.waitUntil(lambda: window.bets.refusal.isVisible(), timeout=TIMEOUT)
    try:
        ctl.set_bets(6, {"ante": "505", "blind": "505"})
    except Exception as exc:  # the same refusal, straight from the controller
        reason = str(exc)
    assert reason in window.bets.refusal.text()
    assert "above" in window.bets.refusal.text()
    assert ctl.round.seats[6].bets["ante"] == Decimal(500)


def test_decision_buttons_show_only_legal_actions(qtbot, window):
    ctl = window.ctl
    open_round(qtbot, window)
    bet(qtbot, window, 1, "ante", "5", expect_ante="5")
    bet(qtbot, window, 3, "ante", "5", expect_ante="5")
    click(qtbot, window.bets.no_more_bets)
    qtbot.waitUntil(lambda: bool(window.decisions.buttons(1)), timeout=TIMEOUT)
    labels = [b.text() for b in window.decisions.buttons(1)]
    assert labels == ["Check", "Play 3x", "Play 4x"] == [
        {"check": "Check", "play3x": "Play 3x", "play4x": "Play 4x"}[a] for a in ctl.legal_actions(1)]
    assert window.decisions.buttons(3) == []  # not seat 3's turn
    assert all(window.decisions.buttons(s) == [] for s in (2, 4, 5, 6, 7))
    decide(qtbot, window, 1, "check")
    qtbot.waitUntil(lambda: bool(window.decisions.buttons(3)) and not window.decisions.buttons(1), timeout=TIMEOUT)
    assert [b.text() for b in window.decisions.buttons(3)] == ["Check", "Play 3x", "Play 4x"]


def test_supervisor_void_through_the_pin_dialog(qtbot, window, monkeypatch):
    from ui.pin_dialog import PinDialog

    ctl = window.ctl
    open_round(qtbot, window)
    bet(qtbot, window, 5, "ante", "25", expect_ante="25")
    click(qtbot, window.bets.no_more_bets)
    qtbot.waitUntil(lambda: ctl.phase == "preflop", timeout=TIMEOUT)
    typed: list[str] = []

    def ask(action: str, reason: str):
        dialog = PinDialog(action, reason, window)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        for key in BADGE:
            click(qtbot, button(dialog, f"key_{key}"))
        click(qtbot, button(dialog, "key_Next"))
        for key in PIN + "9":
            click(qtbot, button(dialog, f"key_{key}"))
        click(qtbot, button(dialog, "key_back"))
        typed.append(dialog.pin.text())
        assert dialog.pin.echoMode() == dialog.pin.EchoMode.Password
        return dialog.values()

    window.ask_pin = ask
    click(qtbot, window.supervisor_buttons["void"])
    qtbot.waitUntil(lambda: ctl.phase == "void", timeout=TIMEOUT)
    assert typed == [PIN]
    assert ctl.round.void["by"] == f"supervisor:{BADGE}"
    qtbot.waitUntil(lambda: window.banner.is_fault, timeout=TIMEOUT)


def test_wrong_pin_is_refused_visibly(qtbot, window):
    ctl = window.ctl
    open_round(qtbot, window)
    bet(qtbot, window, 5, "ante", "25", expect_ante="25")
    window.ask_pin = lambda action, reason: (BADGE, "0000", "test")
    click(qtbot, window.supervisor_buttons["void"])
    qtbot.waitUntil(lambda: window.message.isVisible(), timeout=TIMEOUT)
    assert "refused" in window.message.text()
    assert ctl.phase == "betting"
