"""The poker table's banner (``PokerFlow.banner``) and the croupier's words for refusals and
for why no raise is open: message keys of ``dealer_station/view/texts.py``, said here in English."""

from __future__ import annotations

from dealer_station.cards import parse_card
from dealer_station.errors import RuleError
from dealer_station.view.banner import banner
from dealer_station.view.poker import no_raise_text
from dealer_station.view.texts import refusal_of
from tests.poker.conftest import BADGE, PIN, seat_all
from tests.poker.helpers import play, shoe_deck
from tests.reports import card_read

HOLES = {1: ["As", "Ad"], 2: ["Kc", "Kh"], 3: ["7c", "8d"]}
BOARD = ["3c", "7d", "9h", "Jc", "4s"]


def said(session) -> str:
    return banner(session.view()).english()


def refused(session, *command) -> str:
    try:
        session.execute(*command)
    except RuleError as exc:
        return refusal_of(exc, session.view().game).english()
    raise AssertionError(f"{command} was not refused")


def test_a_hand_on_the_shoe_says_what_happens_next_at_each_step(make_table) -> None:
    session, shoe = make_table("holdem-nl-1-2", shoe_deck(HOLES, BOARD, 1))
    assert said(session) == "Seat at least two players with chips, then deal the next hand"
    seat_all(session, {1: 200, 2: 150, 3: 100})
    assert said(session) == "Deal the next hand"
    shoe.hold = True
    session.execute("open_round")
    assert said(session) == "Deal two cards to each seat from the button's left"
    shoe.hold = False
    for position, count in session.view().round.asked:  # the whole deal, asked for at once
        shoe.deal_packet(position, count)
    assert said(session) == "Pre-flop: seat 1 to act (call 2, raise to 4..200)"
    play(session, (1, "call"), (2, "call"))
    assert said(session) == "Pre-flop: seat 3 to act (check, raise to 4..100)"
    play(session, (3, "check"))
    assert said(session) == "Flop: seat 2 to act (check, bet 2..148)"
    play(session, (2, "bet", "10"))
    assert said(session) == "Flop: seat 3 to act (call 10, raise to 20..98)"
    assert refused(session, "act", 3, "raise", "12") == "Seat 3: a raise to 12 is below the minimum raise to 20"
    assert refused(session, "act", 3, "raise", "500") == "Seat 3: 500 is more than the stack (all in is 98)"
    play(session, (3, "call"), (1, "call"), (2, "check"), (3, "check"), (1, "check"), (2, "check"), (3, "check"),
         (1, "check"))
    assert said(session) == "Showdown: seat 2 shows or mucks"
    while session.view().phase == "showdown":
        session.execute("show")
    assert said(session) == "Push the pots to the winners, drop the rake, then Pots pushed"
    session.execute("push_pots")
    assert said(session) == "Hand over: deal the next hand"
    assert refused(session, "seat_player", 5, "10") == "Buy-in 10 is below the table minimum 40"
    assert refused(session, "seat_player", 5, "500") == "Buy-in 500 is above the table maximum 200"


def test_a_void_and_a_halt_say_their_cause(make_table) -> None:
    session, shoe = make_table("holdem-nl-1-2", shoe_deck(HOLES, BOARD, 1))
    seat_all(session, {1: 200, 2: 150, 3: 100})
    shoe.jam_after = 3
    session.execute("open_round")
    assert said(session) == "HALTED - Shoe jam"
    session.supervise("void", BADGE, PIN, "Misdeal")
    assert said(session) == "Hand void (Shoe jam): every chip put in goes back"


def test_a_hand_dealt_by_hand_with_a_reader_says_deal_read_and_show(make_table) -> None:
    session, _ = make_table("holdem-nl-1-2", deal_mode="hand", reader=True)
    seat_all(session, {1: 200, 2: 150})
    session.execute("open_round")
    assert said(session) == "Deal two cards to each seat from the button's left, then Cards dealt"
    session.execute("deal_done")
    play(session, (1, "call"), (2, "check"))
    assert said(session) == "Deal the flop: burn one, 3 to the board, then pass the cards over the reader"
    for card in ("3c", "7d", "9h"):
        session.report(card_read(parse_card(card)))
    play(session, (2, "check"), (1, "check"))
    assert said(session) == "Deal the turn: burn one, 1 to the board, then pass the cards over the reader"
    session.report(card_read(parse_card("Jc")))
    play(session, (2, "check"), (1, "check"))
    session.report(card_read(parse_card("4s")))
    play(session, (2, "check"), (1, "check"))
    assert said(session) == "Showdown: read seat 2's shown hand, or muck it"


def test_why_no_raise_is_open_in_the_croupiers_words(make_table) -> None:
    session, _ = make_table("holdem-fl-2-4", shoe_deck(HOLES, BOARD, 1))
    seat_all(session, {1: 60, 2: 60, 3: 60})
    session.execute("open_round")
    play(session, (1, "raise", "4"), (2, "raise", "6"), (3, "raise", "8"))
    options = session.view().flow.options(session.view().round)
    assert options is not None and options.no_raise is not None
    assert no_raise_text(options.no_raise).english() == "No raise: the betting is capped (a bet and three raises)"
    assert said(session) == "Pre-flop: seat 1 to act (call 4)"
    for why, words in (("the stack only covers a call", "No raise: the stack only covers a call"),
                       ("no opponent has chips left to call a raise", "No raise: no opponent has chips left to call it"),
                       ("the betting is not reopened by an all-in for less than a full raise",
                        "No raise: an all-in for less than a full raise does not reopen the betting"),
                       ("a new reason", "No raise: a new reason")):
        assert no_raise_text(why).english() == words
