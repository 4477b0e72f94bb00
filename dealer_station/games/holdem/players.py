"""A seeded random player, and whole random hands played by such players.

The player only ever picks among what ``betting.legal`` offers, so the hands it plays are
legal by construction; it goes all in often enough that side pots are common. Used by the
tests (cross-check against PokerKit, properties) and the benchmark. The live table's
simulation and demo seat players of varied ``STYLES`` (tight, loose, aggressive, calling
station, maniac) that look at their cards and also pick only among ``legal``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ...cards import Card, full_deck, rank_of, suit_of
from ...evaluator import Category, category_of, strength
from .betting import Action, Hand, Move, apply, legal, start_hand
from .pots import pots
from .sizing import quick_sizes
from .structure import HandConfig


@dataclass(frozen=True, slots=True)
class RandomPlayer:
    """Picks a legal action at random with these weights (a missing option is skipped)."""

    fold: float = 1.0
    passive: float = 3.0
    """Check or call."""
    aggressive: float = 1.5
    """Bet or raise, to an amount drawn between the minimum and the maximum."""
    all_in: float = 0.6

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        options = legal(hand)
        seat = options.seat
        choices: list[tuple[float, Action]] = []
        if options.call is not None:  # folds facing a bet; folding a free check is legal but not its style
            choices.append((self.fold, Action(seat, Move.FOLD)))
        if options.check:
            choices.append((self.passive, Action(seat, Move.CHECK)))
        if options.call is not None:
            choices.append((self.passive, Action(seat, Move.CALL)))
        span, move = (options.bet_to, Move.BET) if options.bet_to is not None else (options.raise_to, Move.RAISE)
        if span is not None:
            chip = hand.config.min_chip
            steps = int((span.max_to - span.min_to) / chip)
            to = span.min_to + chip * _skewed_step(rng, steps)
            choices.append((self.aggressive, Action(seat, move, to)))
        if options.all_in is not None:
            choices.append((self.all_in, Action(seat, Move.ALL_IN)))
        weights = [w for w, _ in choices]
        return rng.choices([a for _, a in choices], weights)[0]


def _skewed_step(rng: random.Random, steps: int) -> int:
    """Mostly small raises, sometimes the maximum (both ends get picked)."""
    if steps <= 0:
        return 0
    roll = rng.random()
    if roll < 0.3:
        return 0
    if roll < 0.45:
        return steps
    return min(steps, int(rng.expovariate(4 / steps)))


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A random hand played out: the table, the actions, and the cards dealt."""

    config: HandConfig
    stacks: Mapping[int, Decimal]
    button: int
    actions: tuple[Action, ...]
    hand: Hand
    holes: Mapping[int, tuple[Card, ...]]
    """Hole cards shown: every live seat at showdown except those that mucked."""
    board: tuple[Card, ...]


def play_random_hand(
    config: HandConfig,
    stacks: Mapping[int, Decimal],
    button: int,
    rng: random.Random,
    player: RandomPlayer = RandomPlayer(),
    muck_rate: float = 0.0,
) -> PlayedHand:
    """Deal and play one hand with ``player`` in every seat. At showdown a seat mucks at
    ``muck_rate`` when every contested pot it is in keeps another shown hand; folded
    seats show their cards half the time."""
    hand = start_hand(config, stacks, button)
    actions = []
    while not hand.over:
        action = player.choose(hand, rng)
        actions.append(action)
        hand = apply(hand, action)
    deck = full_deck()
    rng.shuffle(deck)
    dealt = {p.seat: (deck.pop(), deck.pop()) for p in hand.players}
    board = tuple(deck[: hand.street.board_size])
    holes = dict(dealt)
    if muck_rate and not hand.won_by_fold:
        contested = [pot.eligible for pot in pots(hand) if len(pot.eligible) > 1]
        for p in hand.live:
            others_show = all(any(s in holes for s in seats if s != p.seat) for seats in contested if p.seat in seats)
            if others_show and rng.random() < muck_rate:
                del holes[p.seat]
    for p in hand.players:
        if p.folded and rng.random() < 0.5:
            holes.pop(p.seat, None)
    return PlayedHand(config, dict(stacks), button, tuple(actions), hand, holes, board)


# -- scripted players of varied styles (the live table's simulation and demo) ----------------


def hand_value(hole: Sequence[Card], board: Sequence[Card]) -> float:
    """A rough 0..1 value of a hand for a scripted player: hole cards alone pre-flop, else the made hand."""
    high, low = sorted((rank_of(c) for c in hole), reverse=True)
    if not board:
        value = 0.5 + high / 24 if high == low else (high + low) / 30
        if suit_of(hole[0]) == suit_of(hole[1]):
            value += 0.05
        if 0 < high - low <= 2:
            value += 0.04
        return min(value, 1.0)
    made = category_of(strength([*hole, *board]))
    on_board = category_of(strength(board))
    if made > on_board:
        value = MADE_VALUE[made]
    else:  # the board's hand, shared by everyone: only the kickers count
        value = 0.08 + high / 60
    return min(value, 1.0)


MADE_VALUE = {
    Category.HIGH_CARD: 0.1, Category.ONE_PAIR: 0.4, Category.TWO_PAIR: 0.62, Category.THREE_OF_A_KIND: 0.72,
    Category.STRAIGHT: 0.8, Category.FLUSH: 0.85, Category.FULL_HOUSE: 0.93, Category.FOUR_OF_A_KIND: 0.98,
    Category.STRAIGHT_FLUSH: 1.0, Category.ROYAL_FLUSH: 1.0,
}


@dataclass(frozen=True, slots=True)
class Style:
    """How a scripted player plays: it only ever picks among ``betting.legal``'s options.

    ``plays``: the hand value it continues with against a bet; ``raises``: the value it
    bets or raises with; ``bluffs``: how often it bets or raises anyway; ``shoves``: how
    often it goes all in when it bets or raises (always with a hand of ``shoves_with``).
    """

    name: str
    plays: float
    raises: float
    bluffs: float
    shoves: float
    shoves_with: float = 0.9

    def choose(self, hand: Hand, hole: Sequence[Card], board: Sequence[Card], rng: random.Random) -> Action:
        options = legal(hand)
        seat = options.seat
        value = hand_value(hole, board)
        span, move = (options.bet_to, Move.BET) if options.bet_to is not None else (options.raise_to, Move.RAISE)
        aggressive = value >= self.raises or rng.random() < self.bluffs
        if aggressive and options.all_in is not None and (value >= self.shoves_with or rng.random() < self.shoves):
            return Action(seat, Move.ALL_IN)
        if aggressive and span is not None:
            sizes = quick_sizes(hand, options)
            return Action(seat, move, sizes[rng.choice(sorted(sizes))] if sizes else span.min_to)
        if options.check:
            return Action(seat, Move.CHECK)
        to_call = options.call or Decimal(0)
        price = to_call / (hand.pot + to_call) if hand.pot + to_call else Decimal(0)
        if value >= self.plays or (value + 0.1 >= self.plays and price < Decimal("0.2")):
            return Action(seat, Move.CALL) if options.call is not None else Action(seat, Move.ALL_IN)
        return Action(seat, Move.FOLD)

    def shows(self, hole: Sequence[Card], board: Sequence[Card], best_shown: int | None) -> bool:
        """At the showdown: show, unless a hand already shown beats this one (then muck)."""
        return best_shown is None or strength([*hole, *board]) >= best_shown


STYLES: tuple[Style, ...] = (
    Style("tight", plays=0.45, raises=0.7, bluffs=0.02, shoves=0.05),
    Style("loose", plays=0.2, raises=0.6, bluffs=0.05, shoves=0.08),
    Style("aggressive", plays=0.3, raises=0.45, bluffs=0.2, shoves=0.2),
    Style("calling station", plays=0.05, raises=0.85, bluffs=0.0, shoves=0.02),
    Style("maniac", plays=0.15, raises=0.35, bluffs=0.3, shoves=0.45, shoves_with=0.6),
)
"""The table's scripted players, one style per seat in turn (seat 1 tight, seat 2 loose ...)."""


def style_for(seat: int) -> Style:
    return STYLES[(seat - 1) % len(STYLES)]
