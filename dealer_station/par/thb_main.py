"""Texas Hold'em Bonus main game (Ante + Flop + Turn + River) with the simulation's strategy.

* The strategy is the simulation's own player, ``autoplay.ThbPlayer``: its pre-flop
  decision is tabulated once for every two cards (``Strategy``), its flop and turn
  decisions are asked of it for the hands that go on.
* A seat's result per unit of Ante against one dealer hand (``games.thb``): a fold loses
  the Ante; a win pays Flop, Turn and River 1:1 and the Ante 1:1 with a straight or
  better (else it pushes); a loss loses all four; a tie pushes them. 1:1 payouts never
  break, so this is the settlement exactly.
* The decisions never depend on the dealer's cards, so each simulated seat is averaged
  *exactly* over all 990 dealer hands left (``DealerHands``: a conditional expectation,
  same mean as one dealt dealer hand, far less variance); the 95% confidence interval
  comes from per-round averages (seats of one round share the board).
* Every round also keeps its dealt dealer hand and each seat's result against it: the
  covariance of two seats of one round is measured on those, and a test settles the same
  rounds through ``TexasHoldemBonus.settle``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import sqrt

from ..autoplay import ThbPlayer
from ..cards import DECK_SIZE
from ..evaluator import CATEGORY_SHIFT, strength7
from ..games.thb import ANTE_PAYS_FROM, RAISE_MULTIPLE, STREET_ACTIONS, TexasHoldemBonus
from . import Z95, Progress
from .dealer_hands import DEALER_HANDS, DealerHands

SEATS = TexasHoldemBonus.max_seats
FOLDED = ("fold",)
ANTE_PAYS = int(ANTE_PAYS_FROM) << CATEGORY_SHIFT  # seat strengths from here on win the Ante 1:1


class Strategy:
    """The simulation's decisions (``ThbPlayer``), with the pre-flop one tabulated."""

    def __init__(self, player: ThbPlayer | None = None) -> None:
        self.player = player or ThbPlayer()
        legal = STREET_ACTIONS["preflop"]
        self.plays = [[a != b and self.player.decide("preflop", (a, b), (), legal) == "flop" for b in range(DECK_SIZE)]
                      for a in range(DECK_SIZE)]

    def actions(self, hole: tuple[int, int], board: Sequence[int]) -> tuple[str, ...]:
        """The seat's decisions, street by street, as a round record lists them."""
        if not self.plays[hole[0]][hole[1]]:
            return FOLDED
        flop = self.player.decide("flop", hole, board[:3], STREET_ACTIONS["flop"])
        if flop != "turn":
            return ("flop", flop)
        return ("flop", "turn", self.player.decide("turn", hole, board[:4], STREET_ACTIONS["turn"]))


@dataclass(frozen=True, slots=True)
class SimSeat:
    """One simulated seat; results in units of its Ante."""

    seat: int
    hole: tuple[int, int]
    actions: tuple[str, ...]
    staked: int  # Ante + Flop + Turn + River
    dealt: int  # net against the dealt dealer hand
    total: int  # sum of the net over every dealer hand left (990 of them)
    total_squares: int  # sum of its square

    @property
    def mean(self) -> float:
        return self.total / DEALER_HANDS

    @property
    def second(self) -> float:
        return self.total_squares / DEALER_HANDS


@dataclass(frozen=True, slots=True)
class SimRound:
    board: tuple[int, ...]
    dealer: tuple[int, int]
    seats: tuple[SimSeat, ...]


def _seat(number: int, hole: tuple[int, int], board: tuple[int, ...], actions: tuple[str, ...], dealer: int,
          hands: DealerHands | None) -> SimSeat:
    raised = sum(RAISE_MULTIPLE.get(action, 0) for action in actions)
    if actions == FOLDED or hands is None:
        return SimSeat(number, hole, FOLDED, 1, -1, -DEALER_HANDS, DEALER_HANDS)
    own = strength7((*board, *hole))
    win, lose = (1 if own >= ANTE_PAYS else 0) + raised, -(1 + raised)
    beaten = hands.below(own, hole[0], hole[1], own)
    losses = DEALER_HANDS - hands.below(own + 1, hole[0], hole[1], own)
    dealt = win if own > dealer else lose if own < dealer else 0
    return SimSeat(number, hole, actions, 1 + raised, dealt, beaten * win + losses * lose,
                   beaten * win * win + losses * lose * lose)


def simulated_rounds(samples: int, seed: int, strategy: Strategy | None = None,
                     seats: int = SEATS) -> Iterator[SimRound]:
    """``samples`` rounds of ``seats`` seats, shuffled from ``random.Random(seed)``."""
    strategy = strategy or Strategy()
    rng = random.Random(seed)
    deck = list(range(DECK_SIZE))
    for _ in range(samples):
        rng.shuffle(deck)
        board, dealer = tuple(deck[:5]), (deck[5], deck[6])
        holes = [(deck[7 + 2 * i], deck[8 + 2 * i]) for i in range(seats)]
        actions = [strategy.actions(hole, board) for hole in holes]
        hands = DealerHands(board) if any(a != FOLDED for a in actions) else None  # all folded
        dealer_strength = strength7((*board, *dealer))
        yield SimRound(board, dealer, tuple(_seat(i + 1, hole, board, acted, dealer_strength, hands)
                                            for i, (hole, acted) in enumerate(zip(holes, actions))))


@dataclass(frozen=True)
class MainGameEstimate:
    """The main game's figures per unit of Ante, with the strategy's decision frequencies."""

    rounds: int
    seats: int
    mean: float  # player's expected net (negative: the house's edge)
    ci95: float  # half-width of the mean's 95% confidence interval
    variance: float  # of one seat's result against one dealer hand
    covariance: float  # between two seats of one round
    staked: float  # average Ante + Flop + Turn + River
    folded: float  # share of hands folded before the flop
    turn_bets: float
    river_bets: float
    elapsed_s: float

    @property
    def edge(self) -> float:
        return -self.mean


def estimate_main_game(samples: int, seed: int, progress: Progress | None = None,
                       seats: int = SEATS) -> MainGameEstimate:
    """Simulate ``samples`` rounds and sum them up (``simulated_rounds``)."""
    started = time.perf_counter()
    last = time.monotonic()
    hands = sum_mean = sum_second = sum_round_sq = sum_staked = cross = 0.0
    folded = turns = rivers = 0
    rounds = 0
    for rounds, rnd in enumerate(simulated_rounds(samples, seed, seats=seats), start=1):
        round_mean = 0.0
        for seat in rnd.seats:
            hands += 1
            sum_mean += seat.mean
            sum_second += seat.second
            sum_staked += seat.staked
            round_mean += seat.mean
            folded += seat.actions == FOLDED
            turns += "turn" in seat.actions
            rivers += "river" in seat.actions
        sum_round_sq += (round_mean / len(rnd.seats)) ** 2
        dealt = [s.dealt for s in rnd.seats]
        cross += (sum(dealt) ** 2 - sum(x * x for x in dealt)) / (len(dealt) * (len(dealt) - 1))
        if progress and time.monotonic() - last >= 2.0:
            progress(f"par holdem_bonus: main game {rounds:,}/{samples:,} simulated rounds")
            last = time.monotonic()
    rounds = max(rounds, 1)
    mean = sum_mean / hands
    round_var = max(sum_round_sq / rounds - mean ** 2, 0.0)
    return MainGameEstimate(
        rounds=rounds, seats=seats, mean=mean, ci95=Z95 * sqrt(round_var / rounds),
        variance=sum_second / hands - mean ** 2, covariance=cross / rounds - mean ** 2, staked=sum_staked / hands,
        folded=folded / hands, turn_bets=turns / hands, river_bets=rivers / hands,
        elapsed_s=time.perf_counter() - started)
