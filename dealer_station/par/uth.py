"""Ultimate Texas Hold'em par sheet: Trips exactly, the main game by simulation.

* Trips is settled on the seat's own seven cards alone, so its exact distribution is the
  7-card category distribution (``categories.category_counts``, full enumeration):
  probability of each paying row, house edge and variance, exact.
* The Blind pays only when the seat's hand beats the dealer's (with a straight or better:
  such a hand never folds, see ``headsup``): its paying rows are exact too, by full
  enumeration of every board, seat hole and dealer hole (``headsup.beats_dealer_counts``).
  Its losses include folds, so its house edge depends on the strategy: it is inside the
  main game's figure.
* The main game (Ante + Blind + Play, per unit of Ante) depends on the dealer's hand and on
  the players' decisions: it is estimated by simulating the strategy the station's
  simulation uses (``autoplay.preflop_action``/``flop_action``/``river_action``), pure (no
  devices), with a 95% confidence interval. The decisions never depend on the dealer's
  cards, so each simulated hand is averaged *exactly* over all 990 dealer hands left (a
  conditional expectation: same mean, far less variance than one dealt dealer hand).
* Seats of one round share the board and the dealer: the covariance of two seats' results
  (main game, Trips) is measured on the same simulated rounds, with a dealt dealer hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from math import sqrt
from typing import Any

from ..autoplay import flop_action, preflop_action, river_action
from ..evaluator import CATEGORY_SHIFT, Category, strength7
from ..games.uth import PLAY_MULTIPLE, QUALIFYING_CATEGORY
from . import Z95, ParSheet, ParTable, Progress, SpotPar, decimal_of
from .categories import category_counts
from .dealer_hands import DEALER_HANDS, DealerHands
from .headsup import blind_win_counts

DEFAULT_SAMPLES = 20_000  # simulated rounds of 7 seats (140,000 hands), about 25 s
SEATS = 7
QUALIFY = int(QUALIFYING_CATEGORY) << CATEGORY_SHIFT  # dealer strengths below this do not qualify


def _odds(paytables: Mapping[str, Any], name: str) -> dict[Category, Fraction]:
    return {Category.from_label(label): Fraction(str(odds)) for label, odds in (paytables.get(name) or {}).items()}


def trips_exact(trips: Mapping[Category, Fraction]) -> tuple[Fraction, Fraction, list[tuple[Category, Fraction]]]:
    """(house edge, variance per unit^2, [(category, probability)]) of the Trips bet, exactly."""
    counts = category_counts(7)
    total = sum(counts.values())
    mean = Fraction(0)
    second = Fraction(0)
    rows = []
    for category in sorted(Category, reverse=True):
        p = Fraction(counts[category], total)
        result = trips.get(category, Fraction(-1))
        mean += p * result
        second += p * result * result
        if category in trips:
            rows.append((category, p))
    return -mean, second - mean * mean, rows


def _decision(hole: Sequence[int], board: Sequence[int]) -> int:
    """Play multiple the strategy ends with (0: fold)."""
    action = preflop_action(hole)
    if action == "check":
        action = flop_action(hole, board[:3])
        if action == "check":
            action = river_action(hole, board)
    return PLAY_MULTIPLE.get(action, 0)


def seat_moments(table: DealerHands, own: int, a: int, b: int, m: int, blind: Mapping[Category, float]
                 ) -> tuple[float, float, float]:
    """(mean, second moment, probability of beating the dealer) of one seat's Ante + Blind +
    Play result per unit Ante, exactly over every dealer hand left, given its Play multiple
    ``m`` (0: folded) and its seven-card strength ``own``."""
    if m == 0:
        return -2.0, 4.0, 0.0
    pay = blind.get(Category(own >> CATEGORY_SHIFT), 0.0)
    weaker = table.below(own, a, b, own)
    not_above = table.below(own + 1, a, b, own)
    weak_nq = table.below(min(own, QUALIFY), a, b, own)
    nq = table.below(QUALIFY, a, b, own)
    win_q, win_n = weaker - weak_nq, weak_nq
    lose_n = max(0, nq - not_above)
    lose_q = DEALER_HANDS - not_above - lose_n
    w_q, w_n, l_q, l_n = 1 + m + pay, m + pay, -(2 + m), -(1 + m)
    mean = (win_q * w_q + win_n * w_n + lose_q * l_q + lose_n * l_n) / DEALER_HANDS
    second = (win_q * w_q * w_q + win_n * w_n * w_n + lose_q * l_q * l_q + lose_n * l_n * l_n) / DEALER_HANDS
    return mean, second, weaker / DEALER_HANDS


def uth_par(paytables: Mapping[str, Any], *, samples: int = DEFAULT_SAMPLES, seed: int = 1,
            progress: Progress | None = None, seats: int = SEATS) -> ParSheet:
    """The UTH par sheet for ``paytables`` (``{"blind": {...}, "trips": {...}}``), its main
    game simulated with ``seats`` seats a round (the profile's)."""
    started = time.perf_counter()
    blind, trips = _odds(paytables, "blind"), _odds(paytables, "trips")
    if progress:
        progress("par uth: Trips by full enumeration of the 133,784,560 seven-card hands")
    trips_edge, trips_var, trips_rows = trips_exact(trips)
    trips_mean = float(-trips_edge)
    blind_f = {c: float(o) for c, o in blind.items()}
    trips_f = {c: float(o) for c, o in trips.items()}
    rng = random.Random(seed)
    deck = list(range(52))
    n = sum_mean = sum_second = sum_round_sq = sum_handle = 0.0
    cross_main = cross_trips = 0.0
    rounds_done = 0
    last = time.monotonic()
    for rounds_done in range(1, samples + 1):
        rng.shuffle(deck)
        board = tuple(deck[:5])
        dealer = strength7((*board, deck[5], deck[6]))
        dealer_qualifies = dealer >= QUALIFY
        table = DealerHands(board)
        round_sum = 0.0
        dealt: list[float] = []
        trips_results: list[float] = []
        for seat in range(seats):
            a, b = deck[7 + 2 * seat], deck[8 + 2 * seat]
            own = strength7((*board, a, b))
            category = Category(own >> CATEGORY_SHIFT)
            m = _decision((a, b), board)
            trips_results.append(trips_f.get(category, -1.0))
            sum_handle += 2 + m
            mean, second, _ = seat_moments(table, own, a, b, m, blind_f)
            if m == 0:  # fold: Ante and Blind lost, whatever the dealer holds
                dealt.append(-2.0)
            else:
                pay = blind_f.get(category, 0.0)
                if own > dealer:
                    dealt.append((1 if dealer_qualifies else 0) + m + pay)
                elif own < dealer:
                    dealt.append(-(1 if dealer_qualifies else 0) - m - 1)
                else:
                    dealt.append(0.0)
            n += 1
            sum_mean += mean
            sum_second += second
            round_sum += mean
        sum_round_sq += (round_sum / seats) ** 2
        total_dealt, total_trips = sum(dealt), sum(trips_results)
        cross_main += (total_dealt ** 2 - sum(x * x for x in dealt)) / (seats * (seats - 1))
        cross_trips += (total_trips ** 2 - sum(x * x for x in trips_results)) / (seats * (seats - 1))
        if progress and time.monotonic() - last >= 2.0:
            progress(f"par uth: main game {rounds_done:,}/{samples:,} simulated rounds")
            last = time.monotonic()
    rounds = max(rounds_done, 1)
    main_mean = sum_mean / n
    # Seats of one round share the board: the standard error comes from per-round averages.
    round_var = max(sum_round_sq / rounds - main_mean ** 2, 0.0)
    main_ci = Z95 * sqrt(round_var / rounds)
    main_var = sum_second / n - main_mean ** 2
    main_cov = cross_main / rounds - main_mean ** 2
    trips_cov = cross_trips / rounds - trips_mean ** 2
    handle_per_ante = sum_handle / n
    spots = {
        "ante": SpotPar(decimal_of(-main_mean), decimal_of(main_var), decimal_of(main_cov), decimal_of(main_ci), False),
        "trips": SpotPar(decimal_of(trips_edge), decimal_of(trips_var), decimal_of(trips_cov), Decimal(0), True),
    }
    trips_table = ParTable(
        "Trips (exact, full enumeration of 133,784,560 seven-card hands)", ("row", "pays", "probability", "return"),
        tuple((c.label, _num(trips[c]), f"{float(p):.8f}", f"{float(p * trips[c]):.6f}") for c, p in trips_rows)
        + (("house edge", "", "", f"{float(trips_edge) * 100:.4f}%"),),
    )
    if progress:
        progress("par uth: Blind paying rows by full enumeration of every deal (board, seat, dealer)")
    wins, deals = blind_win_counts()
    blind_rows = [(c.label, _num(blind[c]), f"{wins[c] / deals:.9f}", f"{float(Fraction(wins[c], deals) * blind[c]):.6f}")
                  for c in sorted(blind, reverse=True) if c in wins]
    paid_back = sum((Fraction(wins[c], deals) * blind[c] for c in blind if c in wins), Fraction(0))
    blind_table = ParTable(
        "Blind paying rows (exact: every board x seat hole x dealer hole, 2,781,381,002,400 deals)",
        ("row", "pays", "probability", "return"),
        (*blind_rows, ("paid back per unit Blind", "", "", f"{float(paid_back):.6f}")),
        "a Blind pays only when the seat beats the dealer with a straight or better (such a hand never folds); "
        "its losses include folds, so its house edge depends on the strategy and is inside the main game's")
    elapsed = time.perf_counter() - started
    main_table = ParTable(
        f"Main game (Ante + Blind + Play) with the simulation's strategy: {rounds:,} rounds x {seats} seats",
        ("figure", "value"),
        (("house edge per unit Ante", f"{-main_mean * 100:.3f}% +/- {main_ci * 100:.3f}% (95%)"),
         ("average total wagered per unit Ante", f"{handle_per_ante:.4f}"),
         ("house edge per unit wagered", f"{-main_mean / handle_per_ante * 100:.3f}%"),
         ("standard deviation per unit Ante", f"{sqrt(max(main_var, 0.0)):.4f}"),
         ("correlation of two seats of one round", f"{main_cov / main_var:.4f}" if main_var > 0 else "n/a"),
         ("Trips: correlation of two seats", f"{trips_cov / float(trips_var):.4f}" if trips_var else "n/a")),
    )
    return ParSheet("uth", spots, frozenset({"blind"}), (trips_table, blind_table, main_table),
                    method=f"Trips and Blind rows exact; main game simulated ({rounds:,} rounds x {seats} seats, seed {seed})",
                    elapsed_s=elapsed, extra={"handle_per_ante": f"{handle_per_ante:.6f}"})


def _num(odds: Fraction) -> str:
    return f"{odds.numerator}:{odds.denominator}" if odds.denominator != 1 else f"{odds.numerator}:1"
