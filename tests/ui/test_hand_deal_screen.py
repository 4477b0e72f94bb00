"""The screen at a hand-dealt table: Cards dealt, then every card keyed on the on-screen picker."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.cards import parse_card

from .conftest import make_session, open_window
from .helpers import TIMEOUT, bet, button, click, decide, dialog, open_round


@pytest.fixture
def hand_window(qtbot, qapp, tmp_path: Path):
    session, _shoe, journal = make_session(tmp_path, "uth-hand-deal")
    win = open_window(qtbot, qapp, session, size=(800, 480))
    yield win
    win.worker.shutdown(wait=True)
    journal.close()


def key(qtbot, win, card: str) -> None:
    """A card in two taps on the picker that opened by itself for the reveal (issue 39 item 5)."""
    qtbot.waitUntil(lambda: win.picker is not None and win.picker.isVisible(), timeout=TIMEOUT)
    picker = dialog(win, "cardPicker")
    assert picker is win.picker and not picker.ok.isVisible()  # no OK: the second tap sends the card
    sent = len(picker.sent)
    click(qtbot, button(picker, f"rank_{card[0]}"))
    click(qtbot, button(picker, f"suit_{card[1]}"))
    assert picker.sent[sent:] == [parse_card(card)]


def test_no_shoe_no_fault_cards_dealt_then_each_card_keyed_on_the_picker(qtbot, hand_window):
    win, session = hand_window, hand_window.session
    # no shoe (nor reader) at this table: nothing is shown, so nothing looks like a fault
    assert "shuffler" not in win.strip.devices and "deck" not in win.strip.devices
    assert all(dot.property("role") != "dot-bad" for dot in win.strip.devices.values())
    open_round(qtbot, win)
    bet(qtbot, win, 2, "ante", "5", expect="5")
    assert not win.deal_done_button.isVisible()
    click(qtbot, win.panel.no_more_bets)
    qtbot.waitUntil(lambda: win.deal_done_button.isVisible(), timeout=TIMEOUT)
    assert not win.reveal_button.isVisible()  # nothing to turn over: the station knows no card yet
    click(qtbot, win.deal_done_button)
    qtbot.waitUntil(lambda: win.panel.header.board.describe() == ["face down"] * 5, timeout=TIMEOUT)
    decide(qtbot, win, 2, "check")
    qtbot.waitUntil(lambda: win.key_button.isVisible(), timeout=TIMEOUT)
    # the card being keyed is framed on the table
    assert [c.highlighted for c in win.panel.header.board.cards] == [True, False, False, False, False]
    for n, card in enumerate(["2c", "7d", "9h"], start=1):
        key(qtbot, win, card)
        qtbot.waitUntil(lambda n=n: session.view().round.revealed.get("board", 0) == n, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: win.panel.header.board.describe() == ["2c", "7d", "9h", "face down", "face down"],
                    timeout=TIMEOUT)
    assert session.view().phase == "flop"
    assert [parse_card(c) for c in ("2c", "7d", "9h")] == session.view().round.cards["board"]
    assert win.panel.seats[2].hole.describe() == ["face down", "face down"]  # dealt, not yet seen
    assert not win.key_button.isVisible()  # decisions now, not keying
    qtbot.waitUntil(lambda: win.picker is None or not win.picker.isVisible(), timeout=TIMEOUT)  # closed by itself


def test_a_card_in_play_cannot_be_keyed_twice(qtbot, hand_window):
    win, session = hand_window, hand_window.session
    open_round(qtbot, win)
    bet(qtbot, win, 1, "ante", "5", expect="5")
    click(qtbot, win.panel.no_more_bets)
    qtbot.waitUntil(lambda: win.deal_done_button.isVisible(), timeout=TIMEOUT)
    click(qtbot, win.deal_done_button)
    decide(qtbot, win, 1, "check")
    qtbot.waitUntil(lambda: win.key_button.isVisible(), timeout=TIMEOUT)
    key(qtbot, win, "As")
    qtbot.waitUntil(lambda: session.view().round.revealed.get("board", 0) == 1, timeout=TIMEOUT)
    picker = dialog(win, "cardPicker")  # still open, for board card 2
    qtbot.waitUntil(lambda: picker.title.text() == "Key the card: board card 2", timeout=TIMEOUT)
    click(qtbot, button(picker, "rank_A"))
    assert not button(picker, "suit_s").isEnabled()  # As is on the board already
    assert button(picker, "suit_h").isEnabled()
