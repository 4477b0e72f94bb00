"""The UTH round state machine, driven through the session's public commands."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_station.errors import DealerStationError, RuleError
from dealer_station.table.folds import replay
from dealer_station.table.phases import DEALER_REVEAL, PAID, SETTLEMENT, VOID
from dealer_station.table.state import TableState
from dealer_station.view.banner import banner
from tests.reports import card_read, fault, link_up

# board Kd 7c ... seat1 As Ac, seat3 8d 3h, dealer Kh 7s (shuffler order: board, seats, dealer)
DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]


def play_to_settlement(session, shoe):
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10", "trips": "5"})
    session.execute("set_bets", 3, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert session.view().phase == "preflop"
    session.execute("decide", 1, "play4x")
    assert session.view().seat_stakes(1) == {"ante": Decimal(10), "blind": Decimal(10), "trips": Decimal(5),
                                  "play": Decimal(40)}
    session.execute("decide", 3, "check")
    assert "play" not in session.view().seat_stakes(3)
    assert session.view().phase == "flop_reveal"
    session.execute("reveal")
    assert session.view().phase == "flop"
    session.execute("decide", 3, "check")
    session.execute("reveal")
    assert session.view().phase == "river"
    session.execute("decide", 3, "fold")
    assert session.view().phase == DEALER_REVEAL
    session.execute("reveal")
    assert session.view().phase == SETTLEMENT


def test_full_round_settles_like_the_record(make_session):
    session, shoe = make_session()
    play_to_settlement(session, shoe)
    rnd = session.view().round
    seats = {s["seat"]: s for s in rnd.settlement["seats"]}
    assert [s["seat"] for s in rnd.settlement["seats"]] == [3, 1]  # right to left
    assert seats[3]["result"] == "fold" and seats[3]["net"] == "-20"
    # seat 1: pair of aces beats dealer's pair of kings -> ante 10, play 40, blind push; trips lose
    assert seats[1]["result"] == "win"
    assert seats[1]["bets"] == {"ante": "10", "blind": "0", "play": "40", "trips": "-5"}
    assert rnd.record["seats"][0]["hole"] == ["As", "Ac"]
    session.execute("mark_paid", 3)
    session.execute("mark_paid", 1)
    assert session.view().phase == PAID


def test_commands_out_of_phase_are_refused_and_change_nothing(make_session):
    session, shoe = make_session()
    with pytest.raises(RuleError, match="no round"):
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    shoe.load(DECK)
    session.execute("open_round")
    with pytest.raises(RuleError):
        session.execute("decide", 1, "check")
    with pytest.raises(RuleError, match="no seat has a bet"):
        session.execute("no_more_bets")
    session.execute("set_bets", 2, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    seq = session.view().state.last_seq
    for attempt in (lambda: session.execute("set_bets", 2, {"ante": "20", "blind": "20"}),
                    lambda: session.execute("set_bets", 4, {"ante": "10", "blind": "10"}),
                    lambda: session.execute("set_bets", 2, {}),
                    lambda: session.execute("no_more_bets"),
                    lambda: session.execute("decide", 2, "play2x"),
                    lambda: session.execute("decide", 5, "check"),
                    lambda: session.execute("mark_paid", 2)):
        with pytest.raises(RuleError):
            attempt()
    assert session.view().state.last_seq == seq  # nothing journaled
    assert session.view().round.seats[2].bets == {"ante": Decimal(10), "blind": Decimal(10)}


def test_bets_outside_limits_and_unequal_blind_refused(make_session):
    session, shoe = make_session()
    session.execute("open_round")
    for bets, needle in (({"ante": "1", "blind": "1"}, "below"), ({"ante": "600", "blind": "600"}, "above"),
                         ({"ante": "10", "blind": "5"}, "blind"), ({"ante": "10", "blind": "10", "trips": "500"}, "trips")):
        with pytest.raises(DealerStationError, match=needle):
            session.execute("set_bets", 1, bets)
    with pytest.raises(RuleError, match="seat"):
        session.execute("set_bets", 8, {"ante": "10", "blind": "10"})
    assert session.view().round.seats == {}


def test_out_of_turn_decision_refused(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("set_bets", 3, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    with pytest.raises(RuleError, match="out of turn"):
        session.execute("decide", 3, "check")
    with pytest.raises(RuleError):
        session.execute("decide", 1, "play2x")  # not a pre-flop option
    assert session.view().legal_actions(1) == ["check", "play3x", "play4x"]
    assert session.view().legal_actions(3) == []


def test_jam_halts_then_void_returns_every_stake(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    shoe.jam_after = 6
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10", "trips": "5"})
    session.execute("no_more_bets")
    assert session.view().round.halt is not None and session.view().round.halt.cause == "jam"
    assert "jam" in banner(session.view()).english()
    with pytest.raises(RuleError, match="halted"):
        session.execute("decide", 1, "check")
    assert "void" not in set(session.offer().croupier)  # no croupier void: a supervisor decides
    session.supervise("void", "0412", "2468", "shoe jammed")
    assert session.view().phase == VOID
    assert session.view().round.void["cause"] == "jam"
    event = list(session.journal.events(kinds={"round_voided"}))[-1]
    assert event.payload["returned"] == {"1": "25"}


def test_supervisor_clears_jam_before_exposure_and_deal_resumes(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    shoe.jam_after = 6
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    shoe.jam_after = None
    with pytest.raises(DealerStationError):
        session.supervise("clear_fault", "0412", "0000", "jam cleared")
    session.supervise("clear_fault", "0412", "2468", "jam cleared")
    assert session.view().phase == "preflop"
    assert len(session.view().round.hole(1)) == 2
    auths = [e.payload["ok"] for e in session.journal.events(kinds={"supervisor_auth"})]
    assert auths == [False, True]


def test_the_whole_deal_is_asked_for_at_once_and_asked_again_after_a_reset(make_session):
    """One commit asks the shoe for every packet (the first for now, the rest queued ``ahead``); a jam stops
    the asking; the shoe reset by a cleared jam forgot its queue: the rest is asked for again, whole."""
    session, shoe = make_session()
    shoe.load(DECK)
    shoe.jam_after = 6  # the board's five and seat 1's first card, then a jam
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    seq = session.view().state.last_seq
    session.execute("no_more_bets")
    asked = [(e.payload["position"], e.payload["count"], e.payload.get("ahead"))
             for e in session.journal.events(seq, kinds={"packet_requested"})]
    assert asked == [("board", 5, None), ("seat1", 2, True), ("dealer", 2, True)]
    assert [c for c in shoe.commands if c[0] == "deal"] == [("deal", "board", 5), ("deal", "seat1", 2)], \
        "the jam stopped the asking: the dealer's packet was never sent to a jammed shoe"
    shoe.jam_after = None
    seq = session.view().state.last_seq
    session.supervise("clear_fault", "0412", "2468", "jam cleared")
    again = [(e.payload["position"], e.payload["count"], e.payload.get("ahead"))
             for e in session.journal.events(seq, kinds={"packet_requested"})]
    assert again == [("seat1", 1, None), ("dealer", 2, True)]  # what seat 1 still lacks, then the rest
    assert session.view().phase == "preflop" and session.view().round.asked == ()
    assert len(session.view().round.hole(1)) == 2 and len(session.view().round.cards["dealer"]) == 2


def test_duplicate_card_voids(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    shoe.deck[6] = shoe.deck[0]
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert session.view().phase == VOID and session.view().round.void["cause"] == "duplicate_card"


def test_bad_deck_blocks_the_deal_until_void(make_session):
    session, shoe = make_session()
    shoe.verify_result = (51, [parse("As")], [], [])
    session.execute("open_round")
    assert session.view().round.halt.cause == "deck_count_wrong"
    with pytest.raises(RuleError, match="halted"):
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.supervise("void", "0412", "2468", "deck check failed")
    assert session.view().phase == VOID and not session.view().state.deck_verified


def parse(text):
    from dealer_station.cards import parse_card
    return parse_card(text)


def test_reader_mismatch_needs_supervisor(make_session):
    session, shoe = make_session(has_reader=True)
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    session.execute("decide", 1, "check")
    assert session.view().next_to_reveal() == ("board", 0)
    session.report(card_read(parse("2c")))
    session.report(card_read(parse("As")))  # wrong: the shoe dealt 7d
    assert session.view().round.halt.kind == "mismatch"
    with pytest.raises(RuleError):
        session.report(card_read(parse("9h"))) or session.execute("decide", 1, "check")
    session.supervise("accept_mismatch", "0412", "2468", "reader smudge")
    assert session.view().round.revealed["board"] == 2
    session.report(card_read(None))
    assert session.view().round.halt.kind == "unreadable"
    session.execute("key_card", "9h")
    assert session.view().phase == "flop"
    assert session.view().round.manual_entries == 1


def test_state_rebuilt_from_journal_equals_live_state(make_session, tmp_path, table):
    session, shoe = make_session()
    play_to_settlement(session, shoe)
    session.execute("mark_paid", 3)
    rebuilt = replay(TableState(table.table_id), session.journal.events())
    assert rebuilt.round.phase == session.view().round.phase
    assert rebuilt.round.settlement == session.view().round.settlement
    assert {s: v.paid for s, v in rebuilt.round.seats.items()} == {3: True, 1: False}


def test_restart_resumes_settlement_without_paying_twice(make_session, tmp_path):
    path = tmp_path / "restart.sqlite"
    session, shoe = make_session(path)
    play_to_settlement(session, shoe)
    session.execute("mark_paid", 3)
    session.journal.close()
    again, _ = make_session(path)
    assert again.view().phase == SETTLEMENT
    with pytest.raises(RuleError, match="already paid"):
        again.execute("mark_paid", 3)
    again.execute("mark_paid", 1)
    assert again.view().phase == PAID
    paid = [e.payload["seat"] for e in again.journal.events(kinds={"seat_paid"})]
    assert paid == [3, 1]


def test_restart_mid_deal_voids_by_rule(make_session, tmp_path):
    path = tmp_path / "middeal.sqlite"
    session, shoe = make_session(path)
    shoe.load(DECK)
    shoe.hold = True
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert session.view().phase == "dealing"
    session.journal.close()
    again, _ = make_session(path)
    assert again.view().phase == VOID and again.view().round.void["cause"] == "station_restart"


def test_supervisor_lockout_is_journaled(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    for _ in range(3):
        with pytest.raises(DealerStationError):
            session.supervise("void", "0412", "1111", "test")
    with pytest.raises(DealerStationError) as refused:  # the right PIN, but locked out
        session.supervise("void", "0412", "2468", "test")
    assert str(refused.value) == "badge or PIN not accepted" and refused.value.reason == "locked out"
    attempts = list(session.journal.events(kinds={"supervisor_auth"}))
    assert len(attempts) == 4 and all(a.actor == "supervisor:0412" for a in attempts)
    assert session.view().phase == "betting"


def _reopen(make_session, path):
    return make_session(path)[0]


def test_kill_between_a_command_and_its_follow_on_step_is_completed_on_restart(make_session, tmp_path):
    """A command journals its follow-on (next phase, round paid) as its own event; a crash
    between the two must not leave the table stuck where no command fits."""
    path = tmp_path / "between.sqlite"
    session, shoe = make_session(path)
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    session.execute("decide", 1, "check")
    assert session.view().phase == "flop_reveal"
    # the flop cards shown and journaled, then the process dies before the phase event
    rid = session.view().round.round_id
    for i in range(3):
        session.journal.append("card_revealed", {"position": "board", "index": i, "card": session.view().round.cards["board"][i]},
                           actor="croupier", round_id=rid)
    session.journal.close()
    again = _reopen(make_session, path)
    assert again.view().phase == "flop" and again.view().legal_actions(1) == ["check", "play2x"]
    # a last decision journaled without its phase change
    again.journal.append("decision", {"seat": 1, "street": "flop", "action": "play2x"}, actor="croupier",
                         round_id=rid)
    again.journal.close()
    third = _reopen(make_session, path)
    assert third.view().phase == "river_reveal"
    third.execute("reveal")
    third.execute("reveal")
    assert third.view().phase == SETTLEMENT
    third.journal.append("seat_paid", {"seat": 1, "net": "0"}, actor="croupier", round_id=rid)
    third.journal.close()
    fourth = _reopen(make_session, path)
    assert fourth.view().phase == PAID
    assert len(list(fourth.journal.events(kinds={"round_paid"}))) == 1


def test_shoe_faults_outside_the_deal_do_not_stop_the_round(make_session):
    """Only the deal needs the shoe: before it a fault costs the deck's verification (the
    shoe is reset, shuffled and verified again); after it every card is already known."""
    session, shoe = make_session()
    session.report(link_up("shuffler", "test", "1"))
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    shoe.commands.clear()
    session.report(fault("shuffler", "power_restored", "shuffler restarted after power loss"))
    assert session.view().round.halt is None
    assert shoe.commands == [("reset",), ("shuffle",), ("verify",)]
    assert session.view().state.deck_verified
    shoe.load(DECK)
    session.execute("no_more_bets")
    assert session.view().phase == "preflop"
    session.report(fault("shuffler", "door_open", "door opened"))
    assert session.view().round.halt is None
    session.execute("decide", 1, "check")
    assert session.view().phase == "flop_reveal"
    kinds = [e.kind for e in session.journal.events(kinds={"device_fault", "deck_invalidated"})]
    assert kinds == ["device_fault", "deck_invalidated", "device_fault"]
