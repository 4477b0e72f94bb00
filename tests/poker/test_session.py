"""A session of hands: seats and buy-ins, posting or waiting for the big blind, the moving
button, the action clock, voids that give every chip back, and a restart mid-hand."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from dealer_station.errors import RuleError
from dealer_station.games.holdem import live
from tests.poker.conftest import BADGE, PIN, seat_all
from tests.poker.helpers import conserved, play, stacks
from tests.reports import Unhandled, link_down


def finish_by_folds(session) -> None:
    """Every seat folds when it can, else checks; hands left are shown; the croupier pushes the pots."""
    while session.view().phase != "settlement":
        if session.view().phase == "showdown":
            session.execute("show")
            continue
        options = session.view().flow.options(session.view().round)
        session.execute("act", options.seat, "fold" if options.fold else "check")
    session.execute("push_pots")


def dealt(session) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    mine = live.hand_of(session.view().round)
    return mine.hand.button, mine.seats, mine.posts


def test_buy_in_limits_and_seat_commands_are_checked_before_anything_is_journaled(make_table) -> None:
    session, _ = make_table()
    before = session.journal.last_seq
    with pytest.raises(RuleError, match="below the minimum buy-in 40") as low:
        session.execute("seat_player", 1, "39")
    assert low.value.field == "buy_in"
    with pytest.raises(RuleError, match="above the maximum buy-in 200"):
        session.execute("seat_player", 1, "201")
    with pytest.raises(RuleError, match="not a seat of this table"):
        session.execute("seat_player", 10, "100")
    with pytest.raises(RuleError, match="seat 2 has no player"):
        session.execute("add_chips", 2, "10")
    assert session.journal.last_seq == before
    seat_all(session, {1: 100, 2: 100})
    with pytest.raises(RuleError, match="seat 1 is taken"):
        session.execute("seat_player", 1, "100")
    with pytest.raises(RuleError, match="above the maximum buy-in"):
        session.execute("add_chips", 1, "101")
    session.execute("add_chips", 1, "100")
    session.execute("open_round")
    with pytest.raises(RuleError, match="add chips is not allowed"):
        session.execute("add_chips", 2, "10")  # only between hands
    with pytest.raises(RuleError, match="in the hand"):
        session.execute("leave", 1)
    session.execute("seat_player", 5, "60")  # a player may sit down while a hand is dealt
    assert 5 not in live.hand_of(session.view().round).seats
    finish_by_folds(session)
    session.execute("leave", 1)
    table = live.table_of(session.view().state)
    assert table.cashed_out == 199 and table.bought_in == 360 and conserved(session)


def test_fixed_limit_buy_in_is_at_least_ten_big_blinds(make_table) -> None:
    session, _ = make_table("holdem-fl-2-4")
    with pytest.raises(RuleError, match="below the minimum buy-in 20"):
        session.execute("seat_player", 1, "19")
    session.execute("seat_player", 1, "20")


def test_a_hand_needs_two_players_with_chips(make_table) -> None:
    session, _ = make_table()
    session.execute("seat_player", 1, "100")
    with pytest.raises(RuleError, match="two players"):
        session.execute("open_round")
    session.execute("seat_player", 2, "100")
    session.execute("sit_out", 2)
    with pytest.raises(RuleError, match="two players"):
        session.execute("open_round")
    session.execute("sit_in", 2)
    session.execute("open_round")


def test_the_button_moves_and_a_new_player_waits_for_the_big_blind(make_table) -> None:
    session, _ = make_table()
    seat_all(session, {1: 100, 3: 100, 5: 100})
    session.execute("open_round")
    assert dealt(session) == (1, (1, 3, 5), ())
    finish_by_folds(session)
    session.execute("seat_player", 2, "100", False)  # waits for the big blind
    session.execute("open_round")
    assert dealt(session) == (3, (1, 3, 5), ())  # seat 2 would be the button: it waits
    finish_by_folds(session)
    session.execute("open_round")
    mine = live.hand_of(session.view().round)
    assert dealt(session) == (5, (1, 2, 3, 5), ()) and mine.hand.big_blind == 2  # in as the big blind
    assert mine.hand.player(2).total == 2


def test_a_new_player_who_posts_is_dealt_in_at_once(make_table) -> None:
    session, _ = make_table()
    seat_all(session, {1: 100, 3: 100, 5: 100})
    session.execute("open_round")
    finish_by_folds(session)
    session.execute("seat_player", 2, "100", True)
    round_id = session.execute("open_round")
    mine = live.hand_of(session.view().round)
    assert dealt(session) == (2, (1, 2, 3, 5), (2,))  # on the button, posting a big blind
    assert mine.hand.player(2).total == 2 and mine.hand.pot == 5
    options = session.view().flow.options(session.view().round)
    assert options.seat == 1 and options.call == 2  # the post is live: the big blind is still the bet
    finish_by_folds(session)
    from dealer_station.games import get_game
    from dealer_station.recall import recall_round, strip_recall_keys

    record = strip_recall_keys(recall_round(session.journal, round_id))
    assert record["posts"] == [2]
    assert get_game("holdem").settle_record(record) == session.view().round.settlement


def test_sitting_out_skips_hands_and_coming_back_is_a_new_player(make_table) -> None:
    session, _ = make_table()
    seat_all(session, {1: 100, 2: 100, 3: 100, 4: 100})
    session.execute("sit_out", 4)
    session.execute("open_round")
    assert dealt(session)[1] == (1, 2, 3)
    session.execute("sit_in", 4, True)  # during a hand: from the next one
    finish_by_folds(session)
    session.execute("open_round")
    assert 4 in dealt(session)[1]


def test_action_clock_folds_a_seat_facing_a_bet_and_checks_one_that_may_check(make_table) -> None:
    session, _ = make_table()  # action_clock_seconds = 30
    seat_all(session, {1: 100, 2: 100, 3: 100})
    round_id = session.execute("open_round")
    due = session.view().flow.deadline(session.view().state)
    started = live.hand_of(session.view().round).turn_since
    assert due is not None and due == datetime.fromisoformat(started) + timedelta(seconds=30)
    assert not session.tick(due - timedelta(seconds=1))
    assert session.tick(due)
    timeout = list(session.journal.events(round_id=round_id, kinds={"action_timeout"}))[-1]
    assert timeout.payload["seat"] == 1 and timeout.payload["action"] == "fold" and timeout.actor == "station"
    assert live.hand_of(session.view().round).hand.player(1).folded
    play(session, (2, "call"))
    assert session.view().flow.options(session.view().round).seat == 3 and session.view().flow.options(session.view().round).check
    assert session.tick(session.view().flow.deadline(session.view().state) + timedelta(seconds=5))
    assert session.view().phase == "flop"  # the big blind was checked: the flop is dealt
    timeouts = list(session.journal.events(round_id=round_id, kinds={"action_timeout"}))
    assert [t.payload["action"] for t in timeouts] == ["fold", "check"]
    record = session.view().flow.record(session.view().round)
    assert [a["action"] for a in record["actions"]] == ["fold", "call", "check"]


def test_the_clock_stops_while_the_hand_is_halted_and_restarts_after(make_table) -> None:
    session, shoe = make_table()
    seat_all(session, {1: 100, 2: 100})
    session.execute("open_round")
    due = session.view().flow.deadline(session.view().state)
    session.report(link_down("shuffler", "cable"))  # the shoe is not needed while players bet
    assert session.view().round.halt is None and session.view().flow.deadline(session.view().state) == due
    session.report(Unhandled(device="reader", card=None))  # a report no handler knows: an internal halt
    assert session.view().round.halt is not None and session.view().flow.deadline(session.view().state) is None
    assert not session.tick(due + timedelta(minutes=5))
    session.supervise("resume", BADGE, PIN, "checked")
    assert session.view().flow.deadline(session.view().state) > due


def test_a_jam_during_the_flop_deal_halts_and_a_void_returns_every_chip(make_table) -> None:
    session, shoe = make_table()
    seat_all(session, {1: 100, 2: 80, 3: 150})
    session.execute("open_round")
    shoe.jam_after = 6 + 2  # six hole cards, the burn, one flop card
    play(session, (1, "raise", "6"), (2, "call"), (3, "raise", "20"), (1, "call"), (2, "fold"))
    assert session.view().round.halt is not None and session.view().round.halt.cause == "jam" and session.view().phase == "deal_flop"
    assert "clear_fault" in session.offer().supervisor  # no board card is face up yet
    assert live.chip_count(session.view().state).in_pot == 46 and conserved(session)
    session.supervise("void", BADGE, PIN, "shoe jammed")
    assert session.view().phase == "void"
    assert session.view().round.void["returned"] == {"1": Decimal(20), "2": Decimal(6), "3": Decimal(20)}
    assert stacks(session) == {1: 100, 2: 80, 3: 150} and conserved(session)
    assert "open_round" in session.offer().croupier


def test_a_cleared_jam_deals_on_from_where_the_shoe_stopped(make_table) -> None:
    session, shoe = make_table()
    seat_all(session, {1: 100, 2: 100})
    session.execute("open_round")
    shoe.jam_after = 4 + 1 + 1  # four hole cards, the burn, one flop card
    play(session, (1, "call"), (2, "check"))
    assert session.view().round.halt is not None
    shoe.jam_after = None
    session.supervise("clear_fault", BADGE, PIN, "card freed")
    assert session.view().phase == "flop" and len(session.view().round.cards["board"]) == 3 and session.view().round.revealed["board"] == 3
    assert ("deal", "board", 2) in shoe.commands  # only what the packet still lacked


def test_a_card_dealt_twice_voids_the_hand_at_once(make_table) -> None:
    session, shoe = make_table()
    seat_all(session, {1: 100, 2: 100, 3: 100})
    shoe.deck[5] = shoe.deck[0]
    session.execute("open_round")
    assert session.view().phase == "void" and session.view().round.void["cause"] == "duplicate_card"
    assert session.view().round.void["returned"] == {"2": Decimal(1), "3": Decimal(2)}  # the blinds go back
    assert stacks(session) == {1: 100, 2: 100, 3: 100} and conserved(session)


def test_a_failed_deck_check_holds_the_hand_before_the_deal(make_table) -> None:
    session, shoe = make_table()
    seat_all(session, {1: 100, 2: 100})
    shoe.verify_result = (51, [7], [], [])
    session.execute("open_round")
    assert session.view().phase == "shuffle" and session.view().round.halt.cause == "deck_count_wrong"
    session.supervise("void", BADGE, PIN, "deck short")
    assert session.view().round.void["returned"] == {"1": Decimal(1), "2": Decimal(2)} and conserved(session)


def test_a_restart_resumes_the_betting_and_voids_a_deal_in_progress(make_table, tmp_path) -> None:
    path = tmp_path / "restart.sqlite"
    session, _ = make_table(path=path)
    seat_all(session, {1: 100, 2: 100, 3: 100})
    session.execute("open_round")
    play(session, (1, "raise", "6"))
    session.journal.close()
    again, shoe = make_table(path=path)
    assert again.view().phase == "preflop" and again.view().flow.options(again.view().round).seat == 2
    assert again.view().flow.options(again.view().round).call == 5
    shoe.hold = True  # the shoe takes the request but deals nothing before the "crash"
    play(again, (2, "call"), (3, "call"))
    assert again.view().phase == "deal_flop"
    again.journal.close()
    third, _ = make_table(path=path)
    assert third.view().phase == "void" and third.view().round.void["cause"] == "station_restart"
    assert third.view().round.void["returned"] == {"1": Decimal(6), "2": Decimal(6), "3": Decimal(6)}
    assert stacks(third) == {1: 100, 2: 100, 3: 100} and conserved(third)
