"""A failed deck check says what is wrong plainly and is checked again once the card is found, the bets
kept (issue 39 item 9): by taps, on the scripted shoe."""

from __future__ import annotations

from decimal import Decimal

from dealer_station.cards import parse_card
from dealer_station.play.table_scripts import scripted_identity
from dealer_station.wire import reports as rp

from .helpers import TIMEOUT, bet, click, open_round


def test_a_short_deck_says_which_card_and_a_recheck_keeps_the_bets(qtbot, window, station):
    session, shoe = station
    open_round(qtbot, window)
    bet(qtbot, window, 2, "ante", "25", expect="25")
    bet(qtbot, window, 5, "ante", "100", expect="100")
    placed = {seat: dict(st.bets) for seat, st in session.view().round.seats.items()}
    shoe.verify_result = (51, [parse_card("As")], [], [])  # a card dropped on the floor
    session.report(rp.LinkDown(device="shuffler", reason="power dip"))  # the deck verified at open is void
    session.report(rp.LinkUp(device="shuffler", identity=scripted_identity("DS-SCRIPTED")))
    qtbot.waitUntil(lambda: window.halt.isVisible(), timeout=TIMEOUT)
    assert window.halt.detail.text() == "The deck is short: A\u2660 missing"
    assert window.banner.text() == ("\u26a0 Find the missing card or change the deck, then Re-check the deck; "
                                    "the bets stay")
    assert window.halt.buttons["void"].isVisible()  # a supervisor may still void it
    recheck = window.command_buttons["recheck_deck"]
    assert recheck.isVisible() and recheck.text() == "Re-check the deck"
    shoe.verify_result = (52, [], [], [])  # the card is found and put back
    click(qtbot, recheck)
    qtbot.waitUntil(lambda: session.view().round.halt is None and session.view().state.deck_verified, timeout=TIMEOUT)
    assert {seat: dict(st.bets) for seat, st in session.view().round.seats.items()} == placed
    assert placed[5] == {"ante": Decimal(100), "blind": Decimal(100)}
    click(qtbot, window.panel.no_more_bets)  # the round goes on from where it was
    qtbot.waitUntil(lambda: session.view().phase_info.stage.value == "decision", timeout=TIMEOUT)
    keyed = [e for e in session.journal.events(kinds={"deck_requested"})]
    assert len(keyed) >= 2


def test_a_deck_with_a_card_twice_and_one_not_its_own_says_both(qtbot, window, station):
    session, shoe = station
    shoe.verify_result = (53, [], [parse_card("2c")], [parse_card("Kd")])
    click(qtbot, window.open_button)  # the deck is checked as the round opens: the halt holds the bets at once
    qtbot.waitUntil(lambda: window.halt.isVisible(), timeout=TIMEOUT)
    assert window.halt.detail.text() == "K\u2666 twice in the deck; 2\u2663 not of this deck"
