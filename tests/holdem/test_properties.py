"""Properties of the engine over random hands (hypothesis picks the tables and the seeds).

* Chips are conserved: at every point stacks + chips put in == the starting stacks, and
  at the end stacks + rake == the starting stacks.
* No pot has a winner who is not eligible for it; the pots and the chips returned hold
  every chip put in.
* Every option ``legal`` offers is accepted by ``apply``, and every value just outside
  it (one smallest chip beyond a bound, an option it does not offer, another seat) is
  refused.
"""

from __future__ import annotations

import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.errors import RuleError
from dealer_station.games.holdem import (
    Action,
    Hand,
    HandConfig,
    Move,
    RakeRule,
    Structure,
    apply,
    legal,
    start_hand,
)
from dealer_station.games.holdem.players import RandomPlayer, play_random_hand
from dealer_station.games.holdem.showdown import settle_hand

D = Decimal


@st.composite
def tables(draw: st.DrawFn) -> tuple[HandConfig, dict[int, Decimal], int]:
    structure = draw(st.sampled_from(list(Structure)))
    chip = draw(st.sampled_from([D(1), D("0.5"), D("0.25")]))
    small = chip * draw(st.integers(1, 4))
    big = small * draw(st.integers(1, 3))
    bet_sizes = (big, big * 2) if structure is Structure.FIXED_LIMIT else None
    cap = draw(st.none() | st.integers(0, 10).map(lambda n: chip * n))
    rake = RakeRule(D(draw(st.sampled_from([0, 3, 5, 10]))), cap, draw(st.booleans()))
    config = HandConfig(structure, small, big, bet_sizes, rake, chip)
    seats = draw(st.lists(st.integers(1, 10), min_size=2, max_size=10, unique=True))
    stacks = {seat: chip * draw(st.integers(1, 400)) for seat in seats}  # some below a blind
    return config, stacks, draw(st.sampled_from(seats))


def accepted(hand: Hand, action: Action) -> bool:
    try:
        apply(hand, action)
    except RuleError:
        return False
    return True


def check_options(hand: Hand) -> None:
    """Everything offered is accepted; everything just outside is refused."""
    options = legal(hand)
    seat = options.seat
    chip = hand.config.min_chip
    p = hand.players[hand.to_act or 0]
    everything = p.bet + p.stack
    for move, offered in ((Move.FOLD, options.fold), (Move.CHECK, options.check),
                          (Move.CALL, options.call is not None), (Move.ALL_IN, options.all_in is not None)):
        assert accepted(hand, Action(seat, move)) == offered, (move, options)
    span = options.bet_to or options.raise_to
    move = Move.BET if hand.current_bet == 0 else Move.RAISE
    wrong = Move.RAISE if move is Move.BET else Move.BET
    if span is not None:
        assert span.min_to <= span.max_to <= everything
        for to in {span.min_to, span.max_to, span.min_to + chip * ((span.max_to - span.min_to) // (2 * chip))}:
            assert accepted(hand, Action(seat, move, to)), (to, options)
        assert not accepted(hand, Action(seat, wrong, span.min_to))
        below, above = span.min_to - chip, span.max_to + chip
        if not (below == everything and options.all_in is not None):
            assert not accepted(hand, Action(seat, move, below)), (below, options)
        if not (above == everything and options.all_in is not None):
            assert not accepted(hand, Action(seat, move, above)), (above, options)
    elif everything - chip > hand.current_bet:
        assert not accepted(hand, Action(seat, move, everything - chip)), options
    other = next(q.seat for q in hand.players if q.seat != seat)
    assert not accepted(hand, Action(other, Move.FOLD if options.fold else Move.CHECK))


@settings(max_examples=250, deadline=None)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_legal_is_exact_and_chips_are_conserved_during_the_hand(table, seed):
    config, stacks, button = table
    rng = random.Random(seed)
    player = RandomPlayer(all_in=rng.choice([0.2, 1.0, 3.0]))
    start = sum(stacks.values())
    hand = start_hand(config, stacks, button)
    while not hand.over:
        assert sum(p.stack + p.total for p in hand.players) == start
        check_options(hand)
        hand = apply(hand, player.choose(hand, rng))
    assert sum(p.stack + p.total for p in hand.players) == start


@settings(max_examples=250, deadline=None)
@given(table=tables(), seed=st.integers(0, 2**32 - 1), muck_rate=st.sampled_from([0.0, 0.5]))
def test_settled_hands_conserve_chips_and_pay_only_eligible_winners(table, seed, muck_rate):
    config, stacks, button = table
    rng = random.Random(seed)
    played = play_random_hand(config, stacks, button, rng, RandomPlayer(all_in=rng.choice([0.2, 1.0, 3.0])), muck_rate)
    result = settle_hand(played.hand, played.holes, played.board)
    after = result.stacks(played.hand)
    assert sum(after.values()) + result.rake == sum(stacks.values())
    assert all(chips >= 0 for chips in after.values())
    returned = result.returned[1] if result.returned else D(0)
    assert sum(p.amount for p in result.pots) + returned == sum(p.total for p in played.hand.players)
    for pot in result.pots:
        assert pot.winners and set(pot.winners) <= set(pot.eligible)
        assert sum(chips for _, chips in pot.shares) + pot.rake == pot.amount
        assert pot.rake % config.min_chip == 0 and all(c % config.min_chip == 0 for _, c in pot.shares)
    if config.rake.cap is not None:
        assert result.rake <= config.rake.cap
