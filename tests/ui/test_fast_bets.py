"""Fast bet entry (issue 19 item 5), counted in taps on the real widgets: seven seats at Ante
500 in at most 14 taps; the keypad sets a spot to the amount typed; "Same as last round"
puts a seat's stakes back in one tap."""

from __future__ import annotations

import time
from decimal import Decimal

from PySide6.QtCore import Qt

from .helpers import TIMEOUT, button, click, dialog, open_round, past_double_tap, type_keys


class Taps:
    """Every tap goes through here, so the test counts what a croupier's finger does."""

    def __init__(self, qtbot) -> None:
        self.qtbot, self.count = qtbot, 0

    def on(self, widget) -> None:
        past_double_tap(self.qtbot, widget)
        assert widget.isVisible(), widget.objectName()
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
        self.count += 1


def test_seven_seats_at_ante_500_in_at_most_14_taps(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    taps = Taps(qtbot)
    for seat in range(1, 8):
        if window.panel.bets.seat != seat:
            taps.on(window.panel.seats[seat])
        taps.on(window.panel.bets.chip("ante", "500"))
        qtbot.waitUntil(lambda s=seat: s in session.view().round.seats and session.view().round.seats[s].bets.get("ante") == 500,
                        timeout=TIMEOUT)
    assert taps.count <= 14, taps.count
    assert {s: st.bets for s, st in session.view().round.seats.items()} == {
        s: {"ante": Decimal(500), "blind": Decimal(500)} for s in range(1, 8)}


def test_keypad_sets_a_spot_and_same_as_last_round_repeats_a_seat(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    bets = window.panel.bets
    click(qtbot, bets.chip("ante", "keypad"))
    pad = dialog(window, "amountPad")
    type_keys(qtbot, pad, "35")
    assert pad.ok.full_text == "Ante + Blind 35"
    click(qtbot, pad.ok)
    qtbot.waitUntil(lambda: 1 in session.view().round.seats and session.view().round.seats[1].bets == {"ante": 35, "blind": 35},
                    timeout=TIMEOUT)
    click(qtbot, bets.chip("trips", "5"))
    qtbot.waitUntil(lambda: session.view().round.seats[1].bets.get("trips") == 5, timeout=TIMEOUT)
    assert not bets.same_button.isEnabled()  # no round before this one
    click(qtbot, window.panel.no_more_bets)
    deadline = time.monotonic() + TIMEOUT / 1000  # by the clock: the worker may take a while to close betting
    while time.monotonic() < deadline:  # play the round out by the session (the screen is not under test here)
        if session.view().phase_info.stage.value == "decision":
            seat = session.view().seats_to_act()[0]
            session.execute("decide", seat, "check" if "check" in session.view().legal_actions(seat) else "fold")
        elif session.view().phase_info.stage.value == "reveal":
            session.execute("reveal")
        elif session.view().phase == "settlement":
            for seat in list(session.view().round.seats):
                session.execute("mark_paid", seat)
        elif session.view().phase == "paid":
            break
        qtbot.wait(10)
    assert session.view().phase == "paid"
    open_round(qtbot, window)
    qtbot.waitUntil(lambda: bets.same_button.isEnabled(), timeout=TIMEOUT)
    assert bets.same_button.full_text == "Same as last round: Ante 35 \u00b7 Blind 35 \u00b7 Trips 5"
    taps = Taps(qtbot)
    taps.on(bets.same_button)
    qtbot.waitUntil(lambda: 1 in session.view().round.seats and session.view().round.seats[1].bets == {
        "ante": 35, "blind": 35, "trips": 5}, timeout=TIMEOUT)
    assert taps.count == 1
    assert button(window, "sameBets") is bets.same_button
