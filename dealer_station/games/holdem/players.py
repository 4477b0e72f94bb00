"""A seeded random player, and whole random hands played by such players.

The player only ever picks among what ``betting.legal`` offers, so the hands it plays are
legal by construction; it goes all in often enough that side pots are common. Used by the
tests (cross-check against PokerKit, properties) and the benchmark, and a starting point
for the simulation's scripted players.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from ...cards import Card, full_deck
from .betting import Action, Hand, Move, apply, legal, start_hand
from .pots import pots
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
        if options.fold:
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
