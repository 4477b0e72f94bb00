"""Texas Hold'em Bonus main game (Ante + Flop + Turn + River) simulated under optimal play.

The main game's edge and variance are exact (``optimal_par.thb_main``); what a simulation adds is
the covariance of two seats of one round, which share the board and the dealer, and a check of
the whole chain (the simulated edge must agree with the exact one within its interval).

* The strategy is optimal play (``strategy.best_action``, as the simulation's players play by
  default): pre-flop and flop from the shipped tables, the River bet counted at the turn.
* A seat's result per unit of Ante against one dealer hand (``games.thb``): a fold loses
  the Ante; a win pays Flop, Turn and River 1:1 and the Ante 1:1 with a straight or
  better (else it pushes); a loss loses all four; a tie pushes them. 1:1 payouts never
  break, so this is the settlement exactly.
* The decisions never depend on the dealer's cards, so each simulated seat is averaged
  *exactly* over all 990 dealer hands left (``DealerHands``: a conditional expectation,
  same mean as one dealt dealer hand, far less variance); the 95% confidence interval
  comes from per-round averages (seats of one round share the board). The deal and the
  statistics are ``montecarlo``'s, shared with UTH; this module gives it one round.
* Every round also keeps its dealt dealer hand and each seat's result against it: the
  covariance of two seats of one round is measured on those, and a test settles the same
  rounds through ``TexasHoldemBonus.settle``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..evaluator import CATEGORY_SHIFT, strength7
from ..games.thb import ANTE_PAYS_FROM, RAISE_MULTIPLE, TexasHoldemBonus
from . import Progress
from .dealer_hands import DEALER_HANDS, DealerHands
from .montecarlo import RoundSample, SpotSample, deals, simulate
from .strategy import best_action

SEATS = TexasHoldemBonus.max_seats
FOLDED = ("fold",)
GAME = TexasHoldemBonus.name
ANTE_PAYS = int(ANTE_PAYS_FROM) << CATEGORY_SHIFT  # seat strengths from here on win the Ante 1:1


class Strategy:
    """Optimal play's decisions for one seat, street by street, as a round record lists them."""

    def actions(self, hole: tuple[int, int], board: Sequence[int]) -> tuple[str, ...]:
        if best_action(GAME, "preflop", hole, ()) != "flop":
            return FOLDED
        flop = best_action(GAME, "flop", hole, tuple(board[:3]))
        if flop != "turn":
            return ("flop", flop)
        return ("flop", "turn", best_action(GAME, "turn", hole, tuple(board[:4])))


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


def deal_round(deck: Sequence[int], seats: int, strategy: Strategy) -> SimRound:
    """The round one shuffled deck makes: board, dealer, then two cards per seat."""
    board, dealer = tuple(deck[:5]), (deck[5], deck[6])
    holes = [(deck[7 + 2 * i], deck[8 + 2 * i]) for i in range(seats)]
    actions = [strategy.actions(hole, board) for hole in holes]
    hands = DealerHands(board) if any(a != FOLDED for a in actions) else None  # all folded
    dealer_strength = strength7((*board, *dealer))
    return SimRound(board, dealer, tuple(_seat(i + 1, hole, board, acted, dealer_strength, hands)
                                         for i, (hole, acted) in enumerate(zip(holes, actions))))


def simulated_rounds(samples: int, seed: int, strategy: Strategy | None = None, seats: int = SEATS
                     ) -> Iterator[SimRound]:
    """``samples`` rounds of ``seats`` seats, dealt as ``montecarlo.deals(samples, seed)`` deals
    them: the rounds ``estimate_main_game`` sums up."""
    strategy = strategy or Strategy()
    return (deal_round(deck, seats, strategy) for deck in deals(samples, seed))


def round_sample(rnd: SimRound) -> RoundSample:
    """A simulated round as the Monte-Carlo engine sums it: spot ``ante`` (the main game per unit
    Ante), tallies ``staked``, ``folded``, ``turn`` and ``river`` (per seat)."""
    seats = rnd.seats
    return RoundSample(
        {"ante": SpotSample([s.dealt for s in seats], [s.mean for s in seats], [s.second for s in seats])},
        {"staked": [s.staked for s in seats], "folded": [s.actions == FOLDED for s in seats],
         "turn": ["turn" in s.actions for s in seats], "river": ["river" in s.actions for s in seats]})


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


def estimate_main_game(samples: int, seed: int, progress: Progress | None = None, seats: int = SEATS,
                       exact_mean: float | None = None) -> MainGameEstimate:
    """Simulate ``samples`` rounds of ``seats`` seats and sum them up (``montecarlo.simulate``);
    ``exact_mean``: the seat's exact mean, for the covariance (else the simulated one)."""
    if not 1 <= seats <= SEATS:
        raise ValueError(f"Texas Hold'em Bonus seats 1 to {SEATS} players, not {seats}")
    strategy = Strategy()
    simulation = simulate(lambda deck: round_sample(deal_round(deck, seats, strategy)), samples=samples, seed=seed,
                          seats=seats, label="par holdem_bonus", progress=progress)
    main = simulation.spot("ante", mean=exact_mean)
    return MainGameEstimate(
        rounds=simulation.rounds, seats=seats, mean=main.mean, ci95=main.ci95, variance=main.variance,
        covariance=main.covariance, staked=simulation.per_hand("staked"), folded=simulation.per_hand("folded"),
        turn_bets=simulation.per_hand("turn"), river_bets=simulation.per_hand("river"),
        elapsed_s=simulation.elapsed_s)
