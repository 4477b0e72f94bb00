"""Pots, side pots, uncalled chips, winners, splits, odd chips and rake (GAMES.md §4)."""

from __future__ import annotations

import pytest

from dealer_station.cards import parse_card
from dealer_station.errors import RuleError
from dealer_station.games.holdem import Pot, pots, settle_hand

from .helpers import D, config, hand, play


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))


def side_pot_hand(rake: tuple[str, str | None] | None = None):
    """Seat 1 all in for 50, seat 2 all in for 100, seat 3 calls, seat 4 folds its 10."""
    h = hand({1: 50, 2: 100, 3: 200, 4: 200}, 4, config(rake=rake))
    return play(h, "3 raise 10", "4 call", "1 all_in", "2 all_in", "3 call", "4 fold")


BOARD = cards("2c7d9hJs8s")
HOLES = {1: cards("AsAd"), 2: cards("QcQh"), 3: cards("KcKh"), 4: cards("3c4c")}  # aces > kings > queens


def test_side_pots_keep_folded_chips_and_leave_folded_seats_out():
    h = side_pot_hand()
    assert h.over and h.street.label == "showdown"
    assert pots(h) == [Pot(D(160), (1, 2, 3)), Pot(D(100), (2, 3))]
    result = settle_hand(h, HOLES, BOARD)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (D(160), (1, 2, 3), (1,)), (D(100), (2, 3), (3,)),  # seat 3's kings beat the queens
    ]
    assert dict(result.nets) == {1: D(110), 2: D(-100), 3: D(0), 4: D(-10)}
    assert result.rake == 0 and sum(n for _, n in result.nets) == 0


def test_uncalled_chips_go_back_and_are_no_pot():
    h = play(hand({1: 50, 2: 200}, 2), "2 all_in", "1 call")  # seat 1 calls all in for 48 more
    result = settle_hand(h, {1: cards("AsAd"), 2: cards("KcKh")}, BOARD)
    assert result.returned == (2, D(150))
    assert [(p.amount, p.eligible) for p in result.pots] == [(D(100), (1, 2))]
    assert dict(result.nets) == {1: D(50), 2: D(-50)}
    assert result.stacks(h) == {1: D(100), 2: D(150)}


def test_a_hand_won_by_folds_returns_the_uncalled_raise_and_needs_no_cards():
    h = play(hand({1: 100, 2: 100, 3: 100}, 3), "3 raise 10", "1 fold", "2 fold")
    assert h.won_by_fold and h.street.board_size == 0
    result = settle_hand(h, {}, ())
    assert result.returned == (3, D(8))
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [(D(5), (3,), (3,))]
    assert dict(result.nets) == {1: D(-1), 2: D(-2), 3: D(3)}


def test_equal_hands_split_and_odd_chips_go_from_the_first_winner_left_of_the_button():
    # The board is a broadway straight: every seat plays it. Button 5: left of it 8, then 2.
    h = hand({2: 100, 5: 100, 8: 100}, 5, config(rake=("10", None)))
    h = play(h, "5 raise 4", "8 call", "2 call", "8 check", "2 check", "5 check")
    h = play(h, "8 check", "2 check", "5 check", "8 check", "2 check", "5 check")
    board = cards("AsKdQhJcTs")
    holes = {2: cards("2c3d"), 5: cards("4h5s"), 8: cards("6c7d")}
    result = settle_hand(h, holes, board)
    (pot,) = result.pots
    assert (pot.amount, pot.rake, pot.winners) == (D(12), D(1), (2, 5, 8))
    assert pot.shares == ((8, D(4)), (2, D(4)), (5, D(3)))  # 11 in three: 3 each, 2 over
    assert dict(result.nets) == {2: D(0), 5: D(-1), 8: D(0)}


def test_split_in_units_of_a_fractional_smallest_chip():
    cfg = config(blinds=("0.5", "1"), rake=("10", None), min_chip="0.5")
    h = play(hand({3: 50, 7: 50}, 7, cfg), "7 call", "3 check", "3 bet 1.5", "7 call")
    h = play(h, "3 check", "7 check", "3 check", "7 check")
    result = settle_hand(h, {3: cards("2c3d"), 7: cards("4h5s")}, cards("AsKdQhJcTs"))
    (pot,) = result.pots
    assert (pot.amount, pot.rake) == (D(5), D("0.5"))
    assert pot.shares == ((3, D("2.5")), (7, D(2)))  # seat 3 is left of the button
    assert dict(result.nets) == {3: D("0"), 7: D("-0.5")}


def test_rake_per_pot_main_first_with_one_cap_per_hand():
    h = side_pot_hand(rake=("5", "10"))
    result = settle_hand(h, HOLES, BOARD)
    assert [p.rake for p in result.pots] == [D(8), D(2)]  # 5% of 160 = 8; 5% of 100 = 5, cap left 2
    assert result.rake == 10 and sum(n for _, n in result.nets) == -10
    uncapped = settle_hand(side_pot_hand(rake=("5", None)), HOLES, BOARD)
    assert [p.rake for p in uncapped.pots] == [D(8), D(5)]


def test_rake_rounds_down_to_the_smallest_chip():
    h = side_pot_hand(rake=("3", None))  # 3% of 160 = 4.8, of 100 = 3
    result = settle_hand(h, HOLES, BOARD)
    assert [p.rake for p in result.pots] == [D(4), D(3)]


def test_no_flop_no_drop():
    ended = play(hand({1: 100, 2: 100, 3: 100}, 3, config(rake=("20", None))), "3 raise 10", "1 fold", "2 fold")
    assert ended.won_by_fold
    assert settle_hand(ended, {}, ()).rake == 0
    raked = play(hand({1: 100, 2: 100, 3: 100}, 3, config(rake=("20", None), no_flop_no_drop=False)),
                 "3 raise 10", "1 fold", "2 fold")
    assert settle_hand(raked, {}, ()).rake == 1  # 20% of 5
    run_out = play(hand({1: 100, 2: 100}, 2, config(rake=("5", None))), "2 all_in", "1 call")
    result = settle_hand(run_out, {1: cards("AsAd"), 2: cards("KcKh")}, BOARD)
    assert result.rake == 10  # all in pre-flop, board run out: the flop was dealt


def test_a_mucked_hand_cannot_win_a_contested_pot():
    h = play(hand({1: 100, 2: 100}, 2), "2 all_in", "1 call")
    result = settle_hand(h, {2: cards("4c5d")}, BOARD)  # seat 1 mucks its aces
    assert result.pots[0].winners == (2,)
    with pytest.raises(RuleError, match="pot 1 \\(seats 1, 2\\) is contested but no seat in it shows a hand"):
        settle_hand(h, {}, BOARD)


def test_a_lone_seat_in_a_side_pot_wins_it_without_showing():
    h = side_pot_hand()
    result = settle_hand(h, {1: HOLES[1], 2: HOLES[2]}, BOARD)  # seat 3 mucks its kings
    assert [p.winners for p in result.pots] == [(1,), (2,)]


def test_pots_during_the_hand_hold_the_chips_of_finished_streets():
    h = play(hand({1: 100, 2: 100, 3: 30}, 3), "3 call", "1 call", "2 check", "1 bet 10", "2 call")
    assert pots(h) == [Pot(D(6), (1, 2, 3))]  # this street's bets are still in front of the seats
    h = play(h, "3 all_in", "1 call", "2 fold")
    assert h.over and pots(h) == [Pot(D(72), (1, 3))]  # 30 + 30 and the 12 seat 2 folded


def test_settling_needs_the_hand_over():
    h = hand({1: 100, 2: 100}, 2)
    with pytest.raises(RuleError, match="the hand is not over: seat 2 is to act"):
        settle_hand(h, {}, ())
