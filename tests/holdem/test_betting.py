"""The betting state machine against GAMES.md §4 and seed 002, decision by decision."""

from __future__ import annotations

import pytest

from dealer_station.errors import ConfigError, RuleError
from dealer_station.games.holdem import (
    Move,
    Span,
    Street,
    blind_positions,
    legal,
    next_button,
    timeout_action,
)
from dealer_station.games.holdem.betting import apply

from .helpers import D, action, config, hand, play

NL = config("no_limit")
PL = config("pot_limit")
FL = config("fixed_limit", bet_sizes=("2", "4"))  # blinds 1/2 with bet sizes 2/4 (GAMES.md §4)
DEEP = {1: 200, 2: 200, 3: 200, 4: 200, 5: 200}


def refused(h, text: str, *fragments: str) -> None:
    with pytest.raises(RuleError) as caught:
        apply(h, action(text))
    for fragment in fragments:
        assert fragment in str(caught.value), str(caught.value)


# -- positions --------------------------------------------------------------------------


def test_blinds_left_of_the_button_and_first_to_act_left_of_the_big_blind():
    h = hand(DEEP, 5)
    assert (h.button, h.small_blind, h.big_blind) == (5, 1, 2)
    assert [(p.seat, p.bet) for p in h.players] == [(1, 1), (2, 2), (3, 0), (4, 0), (5, 0)]
    assert h.seat_to_act == 3 and h.street is Street.PREFLOP
    wrapped = hand({2: 100, 5: 100, 9: 100}, 9)
    assert (wrapped.small_blind, wrapped.big_blind, wrapped.seat_to_act) == (2, 5, 9)


def test_heads_up_the_button_posts_the_small_blind_acts_first_preflop_and_last_after():
    h = hand({3: 100, 7: 100}, 7)
    assert (h.small_blind, h.big_blind) == (7, 3)
    assert h.player(7).bet == 1 and h.player(3).bet == 2
    assert h.seat_to_act == 7
    h = play(h, "7 call")
    assert h.seat_to_act == 3 and legal(h).check  # the big blind's option
    h = play(h, "3 check")
    assert h.street is Street.FLOP and h.seat_to_act == 3
    h = play(h, "3 check")
    assert h.seat_to_act == 7


def test_postflop_first_to_act_is_the_first_live_seat_left_of_the_button():
    h = play(hand(DEEP, 5), "3 call", "4 call", "5 call", "1 fold", "2 check")
    assert h.street is Street.FLOP and h.seat_to_act == 2  # seat 1 folded
    h = play(h, "2 check", "3 check", "4 check", "5 check")
    assert h.street is Street.TURN and h.seat_to_act == 2


def test_next_button_moves_to_the_next_seat_dealt_in():
    assert next_button([1, 3, 5], 3) == 5
    assert next_button([1, 3, 5], 5) == 1
    assert next_button([1, 3, 5], 4) == 5  # last button's player left: the next seat dealt in
    assert next_button([2, 6], None) == 2
    assert blind_positions([2, 6], 6).small_blind == 6
    with pytest.raises(RuleError, match="button: seat 4 is not dealt in"):
        blind_positions([1, 3, 5], 4)


# -- limits per structure -------------------------------------------------------------------


def test_pot_limit_seed_002_examples():
    h = hand({1: 200, 2: 200, 3: 200, 4: 200}, 4, PL)
    options = legal(h)
    assert (options.fold, options.check, options.call) == (True, False, D(2))
    assert options.raise_to == Span(D(4), D(7)) and options.bet_to is None
    assert options.all_in is None  # 200 is above the pot limit
    h = play(h, "3 raise 7")  # pot now 10
    assert legal(h).call == 7 and legal(h).raise_to == Span(D(12), D(24))
    refused(h, "4 raise 25", "raise to 25 is above the pot limit (raise to 24 at most)")
    refused(h, "4 raise 11", "raise to 11 is below the minimum raise to 12")
    refused(h, "4 all_in", "all in for 200: above the pot limit (raise to 24 at most)")


def test_pot_limit_postflop_bet_is_at_most_the_pot_and_all_in_when_it_fits():
    h = play(hand({1: 30, 2: 200, 3: 200}, 3, PL), "3 call", "1 call", "2 check")
    assert h.street is Street.FLOP and h.pot == 6 and h.seat_to_act == 1
    assert legal(h).bet_to == Span(D(2), D(6))
    h = play(h, "1 bet 6", "2 raise 24")  # 6 + the pot after calling 6 (18)
    assert legal(h).raise_to == Span(D(42), D(84))  # min 24 + 18; max 24 + (36 + 24)
    h = play(h, "3 fold")
    options = legal(h)  # seat 1: 22 behind, 18 to call: all in is a raise for less
    assert (options.call, options.raise_to, options.all_in) == (D(18), None, D(22))


def test_no_limit_minimum_raise_is_the_big_blind_then_the_last_raise():
    h = hand(DEEP, 5)
    assert legal(h).raise_to == Span(D(4), D(200))
    refused(h, "3 raise 3", "raise to 3 is below the minimum raise to 4")
    h = play(h, "3 raise 10")
    assert legal(h).raise_to == Span(D(18), D(200))
    refused(h, "4 raise 201", "raise to 201 is above the stack (all in is raise to 200)")
    h = play(h, "4 call", "5 call", "1 call", "2 call")
    assert h.street is Street.FLOP and legal(h).bet_to == Span(D(2), D(190))
    refused(h, "1 bet 1", "bet to 1 is below the minimum bet to 2")


def test_fixed_limit_preflop_big_blind_is_the_bet_raise_to_4_6_8_capped():
    h = hand(DEEP, 5, FL)
    assert legal(h).raise_to == Span(D(4), D(4))
    refused(h, "3 raise 5", "raise to 5 is not the fixed-limit raise to 4")
    h = play(h, "3 raise 4", "4 raise 6", "5 raise 8")
    options = legal(h)
    assert options.raise_to is None and options.call == 7
    assert "capped" in (options.no_raise or "")
    refused(h, "1 raise 10", "raise to 10: the betting is capped")


def test_fixed_limit_postflop_a_bet_and_three_raises_small_then_big_bets():
    h = play(hand(DEEP, 5, FL), "3 call", "4 call", "5 call", "1 call", "2 check")
    assert legal(h).bet_to == Span(D(2), D(2))
    h = play(h, "1 bet 2", "2 raise 4", "3 raise 6", "4 raise 8")
    assert legal(h).raise_to is None and legal(h).call == 8
    h = play(h, "5 call", "1 call", "2 call", "3 call")
    assert h.street is Street.TURN and legal(h).bet_to == Span(D(4), D(4))


def test_fixed_limit_all_in_for_less_does_not_count_towards_the_cap():
    h = play(hand({**DEEP, 5: 7}, 5, FL), "3 raise 4", "4 raise 6", "5 all_in")  # 7: a raise of 1
    assert h.current_bet == 7 and h.bets_made == 3
    assert legal(h).raise_to == Span(D(9), D(9))  # the bet plus the last full raise's size
    h = play(h, "1 raise 9")
    assert legal(h).raise_to is None and legal(h).call == 7


def test_fixed_limit_all_in_above_the_fixed_raise_is_refused():
    h = hand(DEEP, 5, FL)
    assert legal(h).all_in is None
    refused(h, "3 all_in", "all in for 200: more than the fixed-limit raise to 4")


# -- all-ins and reopening ---------------------------------------------------------------------


def test_all_in_raise_for_less_does_not_reopen_the_betting():
    h = play(hand({**DEEP, 4: 14}, 5), "3 raise 10", "4 all_in")  # 14: a raise of 4, not 8
    assert h.current_bet == 14 and h.full_raise == 8
    assert legal(h).raise_to == Span(D(22), D(200))  # seat 5 has not acted: 14 + 8
    h = play(h, "5 call", "1 call", "2 call")
    options = legal(h)  # seat 3 raised to 10 and faces only 4 more
    assert (options.seat, options.call, options.raise_to, options.all_in) == (3, D(4), None, None)
    assert options.no_raise == "the betting is not reopened by an all-in for less than a full raise"
    refused(h, "3 raise 30", "raise to 30: the betting is not reopened")
    refused(h, "3 all_in", "all in for 190: the betting is not reopened")


def test_preflop_all_in_for_less_over_the_big_blind_does_not_reopen_a_limper():
    h = play(hand({**DEEP, 4: 3}, 5), "3 call", "4 all_in")  # 3: a raise of 1 over the big blind
    h = play(h, "5 call")
    assert legal(h).raise_to == Span(D(5), D(200))  # the small blind has not acted
    h = play(h, "1 call")
    assert legal(h).raise_to == Span(D(5), D(200))  # nor has the big blind (posting is not acting)
    h = play(h, "2 call")
    assert h.seat_to_act == 3 and legal(h).raise_to is None and legal(h).call == 1


def test_check_then_all_in_bet_below_the_minimum_does_not_reopen_the_checker():
    h = play(hand({1: 100, 2: 3, 3: 100}, 3), "3 call", "1 call", "2 check")
    h = play(h, "1 check", "2 all_in")  # a bet of 1, below the minimum bet of 2
    assert legal(h).raise_to == Span(D(3), D(98))  # seat 3 has not acted: 1 + 2
    h = play(h, "3 call")
    assert legal(h).raise_to is None and legal(h).call == 1


def test_all_ins_for_less_that_add_up_to_a_full_raise_reopen_the_betting():
    h = play(hand({1: 100, 2: 16, 3: 23, 4: 100}, 4), "3 call", "4 call", "1 call", "2 check")
    h = play(h, "1 bet 10", "2 all_in", "3 all_in")  # 14 then 21: raises of 4 and 7
    assert legal(h).raise_to == Span(D(31), D(98))  # 21 + the last full bet, 10
    h = play(h, "4 call")
    assert legal(h).seat == 1 and legal(h).raise_to == Span(D(31), D(98))  # faces 11 >= 10


def test_big_blind_larger_than_the_stack_posts_all_in_and_the_others_call_the_full_blind():
    h = hand({1: 100, 2: 1, 3: 100}, 3)
    assert h.player(2).bet == 1 and h.player(2).stack == 0
    assert h.current_bet == 2 and legal(h).call == 2 and legal(h).raise_to == Span(D(4), D(100))
    h = play(h, "3 call", "1 call")
    assert h.street is Street.FLOP


def test_a_raise_needs_an_opponent_with_chips_to_answer_it():
    h = play(hand({1: 50, 2: 200}, 2), "2 all_in")
    options = legal(h)
    assert options.raise_to is None and options.call == 48 and options.all_in == 48
    assert options.no_raise == "the stack only covers a call"
    h = play(hand({1: 100, 2: 500, 3: 300}, 3), "3 all_in", "1 all_in")
    options = legal(h)
    assert options.raise_to is None and options.call == 298 and options.all_in is None
    assert options.no_raise == "no opponent has chips left to call a raise"


def test_nobody_left_to_bet_the_board_is_run_out():
    h = play(hand({1: 100, 2: 300, 3: 2}, 3), "3 all_in", "1 fold")
    assert h.over and h.street is Street.SHOWDOWN  # the big blind has nothing to decide
    h = play(hand({1: 100, 2: 100}, 2), "2 all_in", "1 call")
    assert h.over and h.street is Street.SHOWDOWN and h.street.board_size == 5


def test_a_post_to_come_in_is_a_live_big_blind():
    h = hand(DEEP, 5, posts=[4])
    assert h.player(4).bet == 2 and h.seat_to_act == 3
    h = play(h, "3 call")
    assert h.seat_to_act == 4 and legal(h).check and legal(h).raise_to == Span(D(4), D(200))
    with pytest.raises(RuleError, match="posts: seat 2 cannot post"):
        hand(DEEP, 5, posts=[2])


# -- refusals -----------------------------------------------------------------------------------


def test_a_fold_with_nothing_to_call_is_binding():
    """GAMES.md §4: recorded as a fold, the seat is out of every pot; it is not a check."""
    flop = play(hand(DEEP, 5), "3 call", "4 call", "5 call", "1 call", "2 check")
    assert flop.seat_to_act == 1 and legal(flop).call is None
    folded = play(flop, "1 fold")
    assert next(p for p in folded.players if p.seat == 1).folded and folded.seat_to_act == 2
    assert 1 not in {p.seat for p in folded.live}
    everyone = play(folded, "2 fold", "3 fold", "4 fold")  # all but one fold with nothing to call
    assert everyone.over and everyone.won_by_fold and [p.seat for p in everyone.live] == [5]


def test_every_illegal_action_is_refused_with_the_rule_it_breaks():
    h = hand(DEEP, 5)
    refused(h, "4 call", "out of turn: seat 3 is to act")
    refused(h, "3 check", "check facing a bet of 2 (call 2)")
    refused(h, "3 bet 6", "bet facing a bet of 2: raise")
    refused(h, "3 call 5", "call takes no amount")
    refused(h, "3 raise", "raise needs the amount")
    refused(h, "3 raise 4.5", "raise to 4.5 is not a multiple of the smallest chip 1")
    flop = play(h, "3 call", "4 call", "5 call", "1 call", "2 check")
    refused(flop, "1 call", "call with no bet to call: check")
    assert legal(flop).fold and legal(flop).check  # a fold with nothing to call is legal (GAMES.md §4)
    refused(flop, "1 raise 4", "raise with no bet to raise: bet")
    over = play(hand({1: 100, 2: 100}, 2), "2 fold")
    assert over.over and over.won_by_fold
    refused(over, "1 check", "the hand is over")
    with pytest.raises(RuleError, match="the hand is over"):
        legal(over)


def test_an_all_in_raise_may_be_written_as_a_raise_to_the_whole_stack():
    h = play(hand({**DEEP, 4: 14}, 5), "3 raise 10", "4 raise 14")  # below 18, but all of seat 4
    assert h.player(4).stack == 0 and h.current_bet == 14
    short = play(hand({**DEEP, 4: 8}, 5), "3 raise 10")
    refused(short, "4 raise 8", "raise to 8: the stack only covers a call")  # that is a call for less


def test_timeout_checks_when_free_and_folds_facing_a_bet():
    h = hand(DEEP, 5)
    assert timeout_action(h).move is Move.FOLD
    h = play(h, "3 call", "4 call", "5 call", "1 call")
    assert timeout_action(h).move is Move.CHECK and timeout_action(h).seat == 2


def test_stacks_and_chips_put_in_are_tracked():
    h = play(hand(DEEP, 5), "3 raise 6", "4 fold", "5 call", "1 fold", "2 call")
    assert h.street is Street.FLOP and h.pot == 19
    assert [(p.seat, p.stack, p.total, p.folded) for p in h.players] == [
        (1, 199, 1, True), (2, 194, 6, False), (3, 194, 6, False), (4, 200, 0, True), (5, 194, 6, False),
    ]
    assert all(p.bet == 0 and p.acted_at is None for p in h.players)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"blinds": ("3", "2")}, "blinds: small blind 3 is above the big blind 2"),
        ({"blinds": ("1", "0")}, "blinds[1]: must be > 0"),
        ({"blinds": ("1", "2.5")}, "blinds[1]: 2.5 is not a multiple of the smallest chip 1"),
        ({"structure": "fixed_limit", "bet_sizes": ("4", "8")}, "bet_sizes[0]: the small bet 4 must equal the big blind 2"),
        ({"structure": "fixed_limit", "bet_sizes": ("2", "1")}, "bet_sizes: small bet 2 is above the big bet 1"),
        ({"bet_sizes": ("2", "4")}, "bet_sizes: only for fixed_limit"),
        ({"rake": ("101", None)}, "rake.percent: must be between 0 and 100"),
        ({"rake": ("5", "2.5")}, "rake.cap: 2.5 is not a multiple of the smallest chip 1"),
        ({"min_chip": "0"}, "min_chip: must be > 0"),
    ],
)
def test_hand_config_errors_name_the_field(kwargs, message):
    with pytest.raises(ConfigError) as caught:
        config(**kwargs)
    assert str(caught.value).startswith(message)


def test_fixed_limit_needs_bet_sizes():
    from dealer_station.games.holdem import HandConfig, Structure

    with pytest.raises(ConfigError, match="bet_sizes: required for fixed_limit"):
        HandConfig(Structure.FIXED_LIMIT, D(1), D(2))
