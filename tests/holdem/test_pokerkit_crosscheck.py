"""Our hold'em engine against PokerKit on thousands of random hands, decision by decision.

A seeded random player that often goes all in (so side pots are common) plays 3,000
hands per structure with 2 to 10 seats and mixed short and deep stacks. At every
decision both engines must agree on whose turn it is, whether the seat may fold, what a
call costs and the range a bet or raise may go to (an all-in raise for less included);
at the end on every pot (amount, eligible seats, rake), on the chips pushed to each
winner and on every stack.

PokerKit is set up per ``pokerkit_reference`` (fixed-limit pre-flop cap of three raises,
the rake taken from its pots by the hand's one cap, its awards translated, idle checks).
Three rules remain where PokerKit differs from GAMES.md §4, all about all-ins for less
than a full raise; there the player picks only actions both engines allow, and the test
checks that the difference is exactly that rule:

* PokerKit measures a full raise from zero on every street until a bet or raise is made,
  and pre-flop does not count the big blind as the bet. So when the first bet or raise of
  a round is an all-in for less (a bet below the minimum bet, or a raise of less than a
  big blind over the big blind), a seat that has already acted (checked, or called the
  big blind) may re-raise in PokerKit. GAMES.md §4 (and Robert's Rules, section 14): a
  seat that has acted and faces an all-in for less than a full bet or raise may only
  call or fold (ours: ``not reopened``).
* PokerKit counts an all-in raise for less towards the fixed-limit cap; GAMES.md caps a
  bet and three raises, and an all-in for less than a full raise is not a raise that
  reopens or counts (ours: not capped yet).
* Several all-ins for less that add up to a full raise reopen the betting (GAMES.md: the
  seat then faces a full raise) in both engines, but PokerKit then starts its sum again
  without reopening the seats, so one more all-in for less closes the betting again for a
  seat that faces more than a full raise in all (ours: reopened).

One more difference is not about all-ins: PokerKit refuses a fold when there is nothing
to call; GAMES.md §4 makes it a binding fold. Ours offers fold to every seat to act, which
the test asserts, and compares PokerKit's fold with ours facing a bet (the random players
fold only facing one, so PokerKit is never asked for the other).

Blinds are always covered here (stacks of at least a big blind): with a short big blind
GAMES.md still has the others call the full big blind, PokerKit only what was posted
(covered by ``test_betting``). The small blind is below the big blind: with equal blinds
PokerKit takes the button heads-up for the big blind and lets the wrong seat open.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from decimal import Decimal

import pytest

from dealer_station.cards import full_deck
from dealer_station.games.holdem import (
    Action,
    Hand,
    HandConfig,
    Move,
    Options,
    RakeRule,
    Street,
    Structure,
    apply,
    legal,
    settle_hand,
    start_hand,
)
from dealer_station.games.holdem.players import RandomPlayer

from .pokerkit_reference import PokerKitHand, ReferenceOptions, pokerkit_awards

HANDS_PER_STRUCTURE = 3000
NOT_REOPENED = "the betting is not reopened by an all-in for less than a full raise"
POKERKIT_CAPPED = "No more completion, betting, or raising is permitted."
POKERKIT_NOT_REOPENED = "The player already acted and hence cannot raise in face of a non-full all-in wager"
PASSIVE = RandomPlayer(fold=1.0, passive=3.0, aggressive=0.0, all_in=0.0)


def random_config(rng: random.Random, structure: Structure) -> HandConfig:
    small, big = rng.choice([(1, 2), (1, 3), (2, 5), (5, 10)])
    bet_sizes = (Decimal(big), Decimal(big * 2)) if structure is Structure.FIXED_LIMIT else None
    cap = rng.choice([None, Decimal(3), Decimal(rng.randint(0, 20))])
    rake = RakeRule(Decimal(rng.choice([0, 3, 5, 10])), cap, rng.random() < 0.8)
    return HandConfig(structure, Decimal(small), Decimal(big), bet_sizes, rake)


def random_stacks(rng: random.Random, big_blind: Decimal) -> dict[int, Decimal]:
    seats = sorted(rng.sample(range(1, 11), rng.randint(2, 10)))
    bb = int(big_blind)
    return {s: Decimal(rng.choice([rng.randint(bb, 15 * bb), rng.randint(bb, 100 * bb)])) for s in seats}


def our_raise_range(hand: Hand, options: Options) -> tuple[int, int] | None:
    """Our bet/raise range in PokerKit's terms: an all-in raise for less is a range of one."""
    span = options.bet_to or options.raise_to
    if span is not None:
        return int(span.min_to), int(span.max_to)
    p = hand.players[hand.to_act or 0]
    if options.all_in is not None and p.bet + p.stack > hand.current_bet:
        return int(p.bet + p.stack), int(p.bet + p.stack)
    return None


def _cumulative_reopen(hand: Hand, ours: Options) -> bool:
    """Several all-ins for less since the seat acted add up to a full raise: reopened."""
    p = hand.players[hand.to_act or 0]
    return ours.no_raise is None and p.acted_at is not None and hand.current_bet - p.acted_at >= hand.full_raise


def divergence(hand: Hand, ours: Options, theirs: ReferenceOptions) -> str | None:
    """``None`` when both engines agree; else which documented rule they differ on."""
    assert ours.fold, ours  # GAMES.md §4: the seat to act may always fold, with nothing to call too
    mine = (ours.call is not None, int(ours.call or 0), our_raise_range(hand, ours))  # PokerKit: fold when facing
    if mine == (theirs.fold, theirs.call, theirs.raise_to):
        return None
    assert mine[:2] == (theirs.fold, theirs.call), (mine, theirs)
    opening_bets = 1 if hand.street == Street.PREFLOP else 0
    if ours.no_raise == NOT_REOPENED and theirs.raise_to is not None and hand.bets_made == opening_bets:
        return "PokerKit reopens after a first bet or raise all in for less"
    if (
        hand.config.structure is Structure.FIXED_LIMIT
        and theirs.no_raise == POKERKIT_CAPPED
        and hand.bets_made < 4
    ):
        return "PokerKit counts an all-in for less towards the cap"
    if theirs.no_raise == POKERKIT_NOT_REOPENED and _cumulative_reopen(hand, ours):
        return "PokerKit forgets all-ins for less once they made a full raise"
    raise AssertionError(f"engines disagree: ours {mine} ({ours.no_raise}), PokerKit {theirs}")


def is_raise(hand: Hand, action: Action) -> bool:
    p = hand.players[hand.to_act or 0]
    return action.move in (Move.BET, Move.RAISE) or (
        action.move is Move.ALL_IN and p.bet + p.stack > hand.current_bet
    )


def cross_check_hand(rng: random.Random, structure: Structure, tally: Counter[str]) -> None:
    config = random_config(rng, structure)
    stacks = random_stacks(rng, config.big_blind)
    button = rng.choice(sorted(stacks))
    deck = full_deck()
    rng.shuffle(deck)
    holes = {seat: (deck.pop(), deck.pop()) for seat in stacks}
    board = deck[:5]
    player = RandomPlayer(all_in=rng.choice([0.3, 0.8, 2.0]))

    hand = start_hand(config, stacks, button)
    reference = PokerKitHand(config, stacks, button)
    reference.deal_holes(holes)
    while True:
        reference.deal_due_board(board)
        tally["idle checks"] += reference.skip_idle_turns(hand.seat_to_act)
        if hand.over:
            break
        assert reference.seat_to_act == hand.seat_to_act
        ours, theirs = legal(hand), reference.options()
        differs = divergence(hand, ours, theirs)
        chooser = player
        if differs is not None:
            tally[differs] += 1
            if theirs.raise_to is None:
                chooser = PASSIVE  # only what both engines allow
        action = chooser.choose(hand, rng)
        p = hand.players[hand.to_act or 0]  # before the action: its all-in total
        hand = apply(hand, action)
        reference.act(action, p.bet + p.stack)
    while not reference.over:
        reference.deal_due_board(board)
        tally["idle checks"] += reference.skip_idle_turns(None)

    result = settle_hand(hand, holes, board)
    their_pots = reference.pots()
    assert [(p.amount, p.eligible, p.rake) for p in result.pots] == [
        (Decimal(t["amount"]), t["eligible"], Decimal(t["rake"])) for t in their_pots
    ]
    awarded = [(p.amount, p.eligible, tuple(seat for seat, _ in p.shares)) for p in result.pots]
    pushed = reference.pushed()
    assert pushed == pokerkit_awards(awarded)
    ours_after = result.stacks(hand)
    their_stacks = reference.stacks()
    for seat in stacks:
        ours_shares = sum((chips for p in result.pots for s, chips in p.shares if s == seat), Decimal(0))
        assert ours_after[seat] == their_stacks[seat] - pushed.get(seat, 0) + ours_shares, seat
    tally["hands"] += 1
    tally["side pots"] += len(result.pots) > 1
    tally["split pots"] += any(len(p.winners) > 1 for p in result.pots)
    tally["odd chips"] += any(len({c for _, c in p.shares}) > 1 for p in result.pots)
    tally["raked"] += result.rake > 0
    tally["showdowns"] += not hand.won_by_fold


@pytest.mark.slow(seconds=15)  # 3,000 random hands per structure through PokerKit (about 10 s each)
@pytest.mark.parametrize("structure", list(Structure))
def test_random_hands_agree_with_pokerkit(structure: Structure) -> None:
    rng = random.Random(f"pokerkit-{structure.value}")
    tally: Counter[str] = Counter()
    with warnings.catch_warnings():
        # PokerKit burns random cards of its own and warns when we then deal one of them.
        warnings.simplefilter("ignore", UserWarning)
        for _ in range(HANDS_PER_STRUCTURE):
            cross_check_hand(rng, structure, tally)
    assert tally["hands"] == HANDS_PER_STRUCTURE
    # The random hands exercise what the cross-check is for.
    assert tally["side pots"] > HANDS_PER_STRUCTURE // 10, tally
    assert tally["split pots"] > 10 and tally["odd chips"] > 0, tally
    assert tally["raked"] > HANDS_PER_STRUCTURE // 10 and tally["showdowns"] > HANDS_PER_STRUCTURE // 4, tally
