"""Ultimate Texas Hold'em par sheet: Trips, the Blind's rows and the main game under optimal play, exactly.

* Trips is settled on the seat's own seven cards alone, so its exact distribution is the
  7-card category distribution (``categories.category_counts``, full enumeration):
  probability of each paying row, house edge and variance, exact.
* The Blind pays only when the seat's hand beats the dealer's (with a straight or better:
  such a hand never folds, see ``headsup``): its paying rows are exact too, by full
  enumeration of every board, seat hole and dealer hole (``headsup.beats_dealer_counts``).
  Its losses include folds, so its house edge depends on the strategy: it is inside the
  main game's figure.
* The main game (Ante + Blind + Play, per unit of Ante) under optimal play: its edge, variance,
  decision frequencies and wagered per Ante are exact (``optimal_par.uth_main``, from the shipped
  enumeration of every hole, board and dealer hand: ``optimal_build``).
* Seats of one round share the board and the dealer: the covariance of two seats' results
  (main game, Trips) is measured on simulated rounds in which every seat plays optimally
  (``strategy.best_action``; the river from the round's own dealer-hand counts), with a dealt
  dealer hand. A round has the profile's number of seats (``seats``, at most 7). Each simulated
  hand is also averaged exactly over the 990 dealer hands left: the simulated edge, with its
  95% interval, is printed beside the exact one as a check of the whole chain.
* The deal, the sums, the interval and the progress lines are ``montecarlo``'s (shared with
  Texas Hold'em Bonus); this module gives it one round (``main_game_sampler``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..evaluator import CATEGORY_SHIFT, Category, strength7
from ..games.uth import PLAY_MULTIPLE, QUALIFYING_CATEGORY, UltimateTexasHoldem
from . import ParSheet, ParTable, Progress, SpotPar, decimal_of
from .categories import category_counts
from .dealer_hands import DEALER_HANDS, DealerHands
from .headsup import blind_win_counts
from .montecarlo import RoundSample, Sampler, SpotSample, simulate
from .optimal import blind_pays
from .optimal_par import main_game_rows, simulated_rows, uth_main
from .optimal_sums import uth_plays_river
from .strategy import best_action

DEFAULT_SAMPLES = 20_000  # simulated rounds of 7 seats (140,000 hands), about 25 s
SEATS = UltimateTexasHoldem.max_seats  # the most a round has, and the default
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


def _decision(hole: tuple[int, int], board: Sequence[int], hands: DealerHands) -> int:
    """Play multiple optimal play ends with (0: fold); the river from ``hands``' counts (the round's board)."""
    action = best_action("uth", "preflop", hole, ())
    if action == "check":
        action = best_action("uth", "flop", hole, tuple(board[:3]))
        if action == "check":
            win_q, win_n, lose_q, lose_n = outcome_counts(hands, strength7((*board, *hole)), *hole)
            action = "play1x" if uth_plays_river(win_q, win_n, lose_q, lose_n) else "fold"
    return PLAY_MULTIPLE.get(action, 0)


def outcome_counts(table: DealerHands, own: int, a: int, b: int) -> tuple[int, int, int, int]:
    """Dealer hands left that the seat (hole a, b; strength ``own``) beats and loses to, each split by
    whether the dealer qualifies: (win_q, win_n, lose_q, lose_n)."""
    weaker = table.below(own, a, b, own)
    not_above = table.below(own + 1, a, b, own)
    weak_nq = table.below(min(own, QUALIFY), a, b, own)
    nq = table.below(QUALIFY, a, b, own)
    lose_n = max(0, nq - not_above)
    return weaker - weak_nq, weak_nq, DEALER_HANDS - not_above - lose_n, lose_n


def seat_moments(table: DealerHands, own: int, a: int, b: int, m: int, blind: Mapping[Category, float]
                 ) -> tuple[float, float, float]:
    """(mean, second moment, probability of beating the dealer) of one seat's Ante + Blind +
    Play result per unit Ante, exactly over every dealer hand left, given its Play multiple
    ``m`` (0: folded) and its seven-card strength ``own``."""
    if m == 0:
        return -2.0, 4.0, 0.0
    pay = blind.get(Category(own >> CATEGORY_SHIFT), 0.0)
    win_q, win_n, lose_q, lose_n = outcome_counts(table, own, a, b)
    w_q, w_n, l_q, l_n = 1 + m + pay, m + pay, -(2 + m), -(1 + m)
    mean = (win_q * w_q + win_n * w_n + lose_q * l_q + lose_n * l_n) / DEALER_HANDS
    second = (win_q * w_q * w_q + win_n * w_n * w_n + lose_q * l_q * l_q + lose_n * l_n * l_n) / DEALER_HANDS
    return mean, second, (win_q + win_n) / DEALER_HANDS


def main_game_sampler(blind: Mapping[Category, float], trips: Mapping[Category, float], seats: int) -> Sampler:
    """One simulated round of ``seats`` seats (``montecarlo.Sampler``): spot ``ante`` is the main
    game per unit Ante (averaged exactly over every dealer hand left; dealt against the dealer's
    two cards), spot ``trips`` the Trips result as dealt; tally ``staked`` is Ante + Blind + Play."""

    def sample(deck: Sequence[int]) -> RoundSample:
        board = tuple(deck[:5])
        dealer = strength7((*board, deck[5], deck[6]))
        dealer_qualifies = dealer >= QUALIFY
        table = DealerHands(board)
        means: list[float] = []
        seconds: list[float] = []
        dealt: list[float] = []
        trips_results: list[float] = []
        staked: list[float] = []
        for seat in range(seats):
            a, b = deck[7 + 2 * seat], deck[8 + 2 * seat]
            own = strength7((*board, a, b))
            category = Category(own >> CATEGORY_SHIFT)
            m = _decision((a, b), board, table)
            trips_results.append(trips.get(category, -1.0))
            staked.append(2 + m)
            mean, second, _ = seat_moments(table, own, a, b, m, blind)
            if m == 0:  # fold: Ante and Blind lost, whatever the dealer holds
                dealt.append(-2.0)
            else:
                pay = blind.get(category, 0.0)
                if own > dealer:
                    dealt.append((1 if dealer_qualifies else 0) + m + pay)
                elif own < dealer:
                    dealt.append(-(1 if dealer_qualifies else 0) - m - 1)
                else:
                    dealt.append(0.0)
            means.append(mean)
            seconds.append(second)
        return RoundSample({"ante": SpotSample(dealt, means, seconds), "trips": SpotSample(trips_results)},
                           {"staked": staked})

    return sample


def uth_par(paytables: Mapping[str, Any], *, samples: int = DEFAULT_SAMPLES, seed: int = 1,
            progress: Progress | None = None, seats: int = SEATS) -> ParSheet:
    """The UTH par sheet for ``paytables`` (``{"blind": {...}, "trips": {...}}``), its main game
    simulated with ``seats`` seats a round (the profile's: they share the dealer and the board)."""
    if not 1 <= seats <= SEATS:
        raise ValueError(f"UTH seats 1 to {SEATS} players, not {seats}")
    started = time.perf_counter()
    blind, trips = _odds(paytables, "blind"), _odds(paytables, "trips")
    if progress:
        progress("par uth: Trips by full enumeration of the 133,784,560 seven-card hands")
    trips_edge, trips_var, trips_rows = trips_exact(trips)
    if progress:
        progress("par uth: main game under optimal play, exact (the shipped enumeration of every deal)")
    exact = uth_main(blind_pays(paytables))
    sampler = main_game_sampler({c: float(o) for c, o in blind.items()}, {c: float(o) for c, o in trips.items()}, seats)
    simulation = simulate(sampler, samples=samples, seed=seed, seats=seats, label="par uth", progress=progress)
    rounds = simulation.rounds
    simulated = simulation.spot("ante")
    main_cov = simulation.spot("ante", mean=float(exact.mean)).covariance
    trips_cov = simulation.spot("trips", mean=float(-trips_edge)).covariance
    spots = {
        "ante": SpotPar(decimal_of(exact.edge), decimal_of(exact.variance), decimal_of(main_cov), Decimal(0), True),
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
    paid = sum((p * blind[c] for c, p in exact.paid.items() if c in blind), Fraction(0))
    blind_table = ParTable(
        "Blind paying rows (exact: every board x seat hole x dealer hole, 2,781,381,002,400 deals)",
        ("row", "pays", "probability", "return"),
        (*blind_rows, ("paid back per unit Blind", "", "", f"{float(paid_back):.6f}"),
         ("paid back under optimal play", "", "", f"{float(paid):.6f}")),
        "a Blind pays only when the seat beats the dealer with a straight or better; optimal play folds a few "
        "of those hands (four of a kind on the board, with a kicker most dealer hands beat), so what it is paid "
        "back is a little less; its losses include folds: its house edge is inside the main game's")
    main_table = ParTable(
        "Main game (Ante + Blind + Play) under optimal play (exact: every hole, board and dealer hand)",
        ("figure", "value"),
        (*main_game_rows(exact, "Ante + Blind + Play"),
         ("pre-flop: Play 4x / 3x", f"{_pct(exact.decisions['play4x'])} / {_pct(exact.decisions['play3x'])}"),
         ("flop: Play 2x", _pct(exact.decisions["play2x"])),
         ("river: Play 1x / fold", f"{_pct(exact.decisions['play1x'])} / {_pct(exact.decisions['fold'])}"),
         *simulated_rows(simulated.mean, simulated.ci95, main_cov, exact, rounds, seats),
         ("Trips: correlation of two seats", f"{trips_cov / float(trips_var):.4f}" if trips_var and seats > 1 else "n/a")),
        "every decision is the one of the larger expected value given what the player sees (optimal play), "
        "each decision valued assuming optimal play afterwards; decisions are those under the seeds' Blind table, "
        "which a table differing only on rows never folded (all but four of a kind) does not change (docs/skill.md)")
    return ParSheet("uth", spots, frozenset({"blind"}), (trips_table, blind_table, main_table),
                    method=("Trips, Blind rows and the main game under optimal play exact; covariance of two seats "
                            f"simulated ({rounds:,} rounds x {seats} seats, seed {seed})"),
                    elapsed_s=time.perf_counter() - started,
                    extra={"handle_per_ante": f"{float(exact.wagered):.6f}",
                           "edge_exact": f"{exact.edge.numerator}/{exact.edge.denominator}"})


def _pct(value: Fraction) -> str:
    return f"{float(value) * 100:.3f}%"


def _num(odds: Fraction) -> str:
    return f"{odds.numerator}:{odds.denominator}" if odds.denominator != 1 else f"{odds.numerator}:1"
