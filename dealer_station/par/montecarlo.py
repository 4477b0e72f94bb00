"""One Monte-Carlo engine for every simulated par figure: deal, sum up, estimate.

A game's main game depends on its players' decisions, so its par is simulated. What a
game knows is one round: from a shuffled deck, each seat's result on each simulated
basis spot. That is its *sampler* (``Sampler``); everything else is here, once:

* the deal: one ``random.Random(seed)`` shuffles one 52-card deck per round
  (``deals``), so a seed names the same rounds for every caller (a test replays them);
* the statistics, per basis spot: the mean and variance of one seat's result, the
  covariance of two seats of one round, and the 95% confidence interval of the mean from
  per-round averages (seats of one round share the board, so they are not independent
  samples);
* progress lines, at most every two seconds.

A seat's result comes in two forms. ``dealt`` is what it wins against the cards dealt;
``means`` / ``seconds`` may instead average it exactly over what the seat cannot see (UTH
and Texas Hold'em Bonus average every seat over all 990 dealer hands left: a conditional
expectation, same mean, far less variance). The mean, the variance and the interval use
the averaged form; the covariance of two seats uses the dealt form, since two seats'
averages over the dealer's cards would hide what the dealer's cards do to both at once.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from math import sqrt
from typing import NamedTuple

from ..cards import DECK_SIZE
from . import Z95, Progress

PROGRESS_EVERY_S = 2.0


class SpotSample(NamedTuple):
    """Every seat's result on one basis spot in one round, per unit staked on the spot (seat order)."""

    dealt: Sequence[float]  # against the cards dealt
    means: Sequence[float] | None = None  # averaged over what the seat cannot see (None: ``dealt``)
    seconds: Sequence[float] | None = None  # the second moment of that average (None: ``dealt`` squared)


@dataclass(frozen=True, slots=True)
class RoundSample:
    """One round as a sampler returns it: per basis spot its ``SpotSample``; per tally (a count
    or amount the sheet reports per hand, e.g. the total staked, folds) each seat's value."""

    spots: Mapping[str, SpotSample]
    tallies: Mapping[str, Sequence[float]] = field(default_factory=dict)


Sampler = Callable[[Sequence[int]], RoundSample]
"""One round from one shuffled deck (the deck is the engine's: read it, do not keep it)."""


def deals(samples: int, seed: int) -> Iterator[list[int]]:
    """``samples`` shuffled decks from ``random.Random(seed)``: the rounds a seed names.

    Each round shuffles the previous round's deck again; the same list is yielded every time.
    """
    rng = random.Random(seed)
    deck = list(range(DECK_SIZE))
    for _ in range(samples):
        rng.shuffle(deck)
        yield deck


@dataclass(frozen=True)
class SpotEstimate:
    """One basis spot's simulated figures, per unit staked on it."""

    mean: float  # a seat's expected result (negative: the house's edge)
    variance: float  # of one seat's result
    covariance: float  # between two seats of one round (0 with one seat: there is no pair)
    ci95: float  # half-width of the mean's 95% confidence interval

    @property
    def edge(self) -> float:
        return -self.mean


class _Sums:
    """Running sums of one basis spot over the simulated rounds."""

    __slots__ = ("cross", "mean", "round_squares", "second")

    def __init__(self) -> None:
        self.mean = self.second = self.round_squares = self.cross = 0.0

    def add(self, spot: SpotSample) -> None:
        dealt = spot.dealt
        means = dealt if spot.means is None else spot.means
        seats = len(dealt)
        for value in means:  # one running sum, seat by seat: the figures do not depend on grouping
            self.mean += value
        if spot.seconds is None:
            for value in dealt:
                self.second += value * value
        else:
            for value in spot.seconds:
                self.second += value
        self.round_squares += (sum(means) / seats) ** 2
        if seats > 1:  # the mean over ordered pairs of distinct seats of the product of their results
            self.cross += (sum(dealt) ** 2 - sum(x * x for x in dealt)) / (seats * (seats - 1))


@dataclass(frozen=True)
class Simulation:
    """The sums of a simulation, and the estimates they give."""

    rounds: int
    hands: int  # seats x rounds
    seats: int
    sums: Mapping[str, _Sums]
    tally_sums: Mapping[str, float]
    elapsed_s: float

    def spot(self, name: str, mean: float | None = None) -> SpotEstimate:
        """The figures of basis spot ``name``; ``mean``: its exact mean, when known, for the
        covariance (the simulated one otherwise; variance and interval are the simulation's)."""
        sums = self.sums[name]
        simulated = sums.mean / self.hands
        known = simulated if mean is None else mean
        round_var = max(sums.round_squares / self.rounds - simulated ** 2, 0.0)
        covariance = sums.cross / self.rounds - known ** 2 if self.seats > 1 else 0.0
        return SpotEstimate(mean=simulated, variance=sums.second / self.hands - simulated ** 2,
                            covariance=covariance, ci95=Z95 * sqrt(round_var / self.rounds))

    def per_hand(self, tally: str) -> float:
        """A tally's average per seat and round (e.g. the total staked per unit Ante)."""
        return self.tally_sums[tally] / self.hands


def simulate(sampler: Sampler, *, samples: int, seed: int, seats: int, label: str,
             progress: Progress | None = None) -> Simulation:
    """Run ``sampler`` on ``samples`` rounds dealt from ``seed`` (``deals``) and sum them up.

    ``seats``: how many seats every round has (each spot's sample lists that many results);
    ``label`` begins the progress lines (``"par uth"``).
    """
    if samples < 1 or seats < 1:
        raise ValueError(f"a simulation needs at least one round and one seat, not {samples} x {seats}")
    started = time.perf_counter()
    last = time.monotonic()
    sums: dict[str, _Sums] = {}
    tally_sums: dict[str, float] = {}
    rounds = 0
    for rounds, deck in enumerate(deals(samples, seed), start=1):
        sample = sampler(deck)
        for name, spot in sample.spots.items():
            if len(spot.dealt) != seats:
                raise ValueError(f"{label}: spot {name} has {len(spot.dealt)} seats' results, not {seats}")
            spot_sums = sums.get(name)
            if spot_sums is None:
                spot_sums = sums[name] = _Sums()
            spot_sums.add(spot)
        for name, values in sample.tallies.items():
            total = tally_sums.get(name, 0.0)
            for value in values:
                total += value
            tally_sums[name] = total
        if progress and time.monotonic() - last >= PROGRESS_EVERY_S:
            progress(f"{label}: main game {rounds:,}/{samples:,} simulated rounds")
            last = time.monotonic()
    return Simulation(rounds, rounds * seats, seats, sums, tally_sums, time.perf_counter() - started)
