"""A whole 7-seat UTH round counted in taps on the real window (issue 39 item 5): dealt by hand - a card in two
taps, the picker open position after position, "all left: check" in one tap, folds set apart at once and never
keyed - in at most 60 taps; and the same round on the shoe, for comparison."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from dealer_station.cards import parse_card
from ui.widgets import GuardedButton

from .conftest import make_session, open_window
from .helpers import TIMEOUT, button, past_double_tap

PLAYS, FOLDS = (1, 3, 5), (2, 4, 6, 7)
"""At the river three seats play 1x and four fold with nothing on their cards."""


class Taps:
    """Every tap goes through here, so the test counts what a croupier's finger does."""

    def __init__(self, qtbot) -> None:
        self.qtbot, self.count = qtbot, 0

    def on(self, widget) -> None:
        try:
            self.qtbot.waitUntil(lambda: widget.isVisible() and widget.isEnabled(), timeout=TIMEOUT)
        except self.qtbot.TimeoutError:
            raise AssertionError(f"{widget.objectName()} not there to tap") from None
        past_double_tap(self.qtbot, widget)
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
        self.count += 1

    def press(self, widget) -> None:
        """Once, or twice for what cannot be taken back (Fold, the last Paid)."""
        self.on(widget)
        if isinstance(widget, GuardedButton) and widget.guard:
            assert widget.armed
            self.on(widget)


def _decision(win, seat: int, action: str):
    return next((b for b in win.panel.decision_buttons_for(seat) if b.property("action") == action), None)


def _bets_and_deal(qtbot, win, taps: Taps) -> None:
    session = win.session
    taps.on(win.open_button)
    qtbot.waitUntil(lambda: session.view().phase == "betting" and not win.panel.bets.locked, timeout=TIMEOUT)
    for seat in range(1, 8):
        if win.panel.bets.seat != seat:
            taps.on(win.panel.seats[seat])
        taps.on(win.panel.bets.chip("ante", "5"))
        qtbot.waitUntil(lambda s=seat: s in session.view().round.seats, timeout=TIMEOUT)
    taps.on(win.panel.no_more_bets)


def _river(qtbot, win, taps: Taps) -> None:
    session = win.session
    for seat in range(1, 8):
        action = "play1x" if seat in PLAYS else "fold"
        qtbot.waitUntil(lambda s=seat, a=action: _decision(win, s, a) is not None, timeout=TIMEOUT)
        taps.press(_decision(win, seat, action))
        qtbot.waitUntil(lambda s=seat, a=action: a in session.view().round.seats[s].actions, timeout=TIMEOUT)
        if action == "fold":  # set apart at once: greyed, "collect now"
            tile = win.panel.seats[seat]
            qtbot.waitUntil(lambda t=tile: t.property("done") == "true", timeout=TIMEOUT)
            assert tile.result.text() == "collect now" and tile.stake_text("ante") == "5"


def _settle(qtbot, win, taps: Taps) -> None:
    session = win.session
    while session.view().phase != "paid":
        qtbot.waitUntil(lambda: session.view().phase == "paid" or (
            win.panel.paid_button.isVisible() and win.panel.paid_button.isEnabled()
            and not session.view().round.seats[win.panel.paid_button.property("seat")].paid), timeout=TIMEOUT)
        if session.view().phase == "paid":
            break
        seat = win.panel.paid_button.property("seat")
        taps.press(win.panel.paid_button)
        qtbot.waitUntil(lambda s=seat: session.view().phase == "paid" or session.view().round.seats[s].paid,
                        timeout=TIMEOUT)


@pytest.fixture
def hand_window(qtbot, qapp, tmp_path: Path):
    session, _shoe, journal = make_session(tmp_path, "uth-hand-deal")
    win = open_window(qtbot, qapp, session, size=(800, 480))
    yield win
    win.worker.shutdown(wait=True)
    journal.close()


CARDS = {"board": ["2c", "7d", "9h", "Js", "Qs"], "dealer": ["Kd", "7c"], "seat1": ["As", "Ac"],
         "seat3": ["8d", "3h"], "seat5": ["Tc", "Th"]}


def test_a_seven_seat_hand_dealt_round_in_at_most_60_taps(qtbot, hand_window):
    win, session = hand_window, hand_window.session
    taps = Taps(qtbot)
    _bets_and_deal(qtbot, win, taps)
    taps.on(win.deal_done_button)

    def key_due() -> None:
        """Every card the reveal waits for, on the picker that opened by itself: rank, then suit."""
        qtbot.waitUntil(lambda: win.picker is not None and win.picker.isVisible(), timeout=TIMEOUT)
        picker = win.picker
        while picker.isVisible():
            target = session.view().next_to_reveal()
            assert target is not None
            card = CARDS[target[0]][target[1]]
            said = f"Key the card: {target[0].replace('seat', 'seat ')} card {target[1] + 1}"
            qtbot.waitUntil(lambda t=said: picker.title.text() == t, timeout=TIMEOUT)  # the position it follows
            taps.on(button(picker, f"rank_{card[0]}"))
            taps.on(button(picker, f"suit_{card[1]}"))
            qtbot.waitUntil(lambda t=target: session.view().next_to_reveal() != t, timeout=TIMEOUT)
            qtbot.waitUntil(lambda: not picker.isVisible() or session.view().next_to_reveal() is not None,
                            timeout=TIMEOUT)

    for street in ("preflop", "flop"):
        qtbot.waitUntil(lambda st=street: session.view().phase == st, timeout=TIMEOUT)
        taps.on(win.panel.check_rest_button)  # every seat checks: one tap
        key_due()  # the flop, then the turn and the river
    _river(qtbot, win, taps)
    key_due()  # the dealer's two cards, then the hands still in: seats 1, 3 and 5 (the folds never keyed)
    qtbot.waitUntil(lambda: session.view().phase == "settlement", timeout=TIMEOUT)
    assert all(session.view().round.seats[s].paid for s in FOLDS)  # collected at their folds: done
    _settle(qtbot, win, taps)
    known = {pos: cards for pos, cards in session.view().round.cards.items() if cards}
    assert known == {pos: [parse_card(c) for c in cards] for pos, cards in CARDS.items()}  # the folds never keyed
    # 1 open + 13 bets + no more bets + cards dealt + 2 x "all check" + 5 board x 2 + 3 plays + 4 folds x 2
    # + (2 dealer + 6 hole) x 2 + 2 Paid + the last Paid twice = 59
    assert taps.count <= 60, taps.count
    print(f"hand-dealt 7-seat UTH round: {taps.count} taps")


def test_the_same_round_on_the_shoe(qtbot, window, station):
    session = window.session
    taps = Taps(qtbot)
    _bets_and_deal(qtbot, window, taps)
    for street in ("preflop", "flop"):
        qtbot.waitUntil(lambda st=street: session.view().phase == st, timeout=TIMEOUT)
        taps.on(window.panel.check_rest_button)
        qtbot.waitUntil(lambda: window.reveal_button.isVisible(), timeout=TIMEOUT)
        taps.on(window.reveal_button)
    _river(qtbot, window, taps)
    qtbot.waitUntil(lambda: window.reveal_button.isVisible(), timeout=TIMEOUT)
    taps.on(window.reveal_button)  # the dealer's cards
    qtbot.waitUntil(lambda: session.view().phase == "settlement", timeout=TIMEOUT)
    _settle(qtbot, window, taps)
    assert len(session.view().round.settlement["seats"]) == 7
    print(f"7-seat UTH round on the shoe: {taps.count} taps")
    assert taps.count <= 40, taps.count
