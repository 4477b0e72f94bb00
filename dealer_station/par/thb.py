"""Texas Hold'em Bonus par figures by full enumeration.

* Bonus: every one of the 1,326 hole pairs against every dealer pair from the remaining
  50 cards (1,326 x 1,225 = 1,624,350 equally likely deals), each classified by the
  game's own ``bonus_rows``; the row paid is the first the pay table has.
* Pool: every one of the C(52,5) = 2,598,960 five-card sets of hole + flop, ranked by the
  evaluator as ``pool_category`` ranks them. Each set is the hole + flop of C(5,2) = 10
  (hole, flop) splits, all with the same category, so the split counts are ten times these.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, repeat
from math import comb

from ..cards import DECK_SIZE
from ..evaluator import Category, category_of, strength
from ..games.thb import bonus_rows

LOSE = "lose"
HOLE_PAIRS = comb(DECK_SIZE, 2)
DEALER_PAIRS = comb(DECK_SIZE - 2, 2)
BONUS_DEALS = HOLE_PAIRS * DEALER_PAIRS
POOL_HANDS = comb(DECK_SIZE, 5)


def bonus_row_combinations() -> Counter[tuple[str, ...]]:
    """How many of the 1,624,350 (hole, dealer) deals make each tuple of Bonus rows."""
    counts: Counter[tuple[str, ...]] = Counter()
    deck = range(DECK_SIZE)
    for hole in combinations(deck, 2):
        rest = [card for card in deck if card not in hole]
        counts.update(map(bonus_rows, repeat(hole, DEALER_PAIRS), combinations(rest, 2)))
    if sum(counts.values()) != BONUS_DEALS:
        raise AssertionError(f"enumerated {sum(counts.values()):,} deals, not {BONUS_DEALS:,}")
    return counts


@dataclass(frozen=True)
class BonusPar:
    """The Bonus bet under one pay table: deals per paid row (and ``lose``), and the edge."""

    paytable: Mapping[str, Decimal]
    counts: Mapping[str, int]

    def probability(self, row: str) -> Fraction:
        return Fraction(self.counts.get(row, 0), BONUS_DEALS)

    @property
    def expected_return(self) -> Fraction:
        """Expected net per unit staked (negative: the house's)."""
        won = sum((Fraction(self.paytable[row]) * n for row, n in self.counts.items() if row != LOSE), Fraction(0))
        return (won - self.counts.get(LOSE, 0)) / BONUS_DEALS

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return


def bonus_par(paytable: Mapping[str, Decimal], rows: Counter[tuple[str, ...]] | None = None) -> BonusPar:
    """The Bonus par under ``paytable`` (``rows``: a ``bonus_row_combinations`` to reuse)."""
    rows = bonus_row_combinations() if rows is None else rows
    counts: Counter[str] = Counter()
    for made, n in rows.items():
        paid = next((row for row in made if row in paytable), LOSE)
        counts[paid] += n
    return BonusPar(dict(paytable), dict(counts))


@dataclass(frozen=True)
class PoolPar:
    """Five-card category counts of hole + flop, and what the Pool pays of the meter."""

    paytable: Mapping[Category, Decimal]
    counts: Mapping[Category, int]

    def probability(self, category: Category) -> Fraction:
        return Fraction(self.counts.get(category, 0), POOL_HANDS)

    @property
    def hit_probability(self) -> Fraction:
        """Chance that one Pool stake wins some share of the meter."""
        return sum((self.probability(c) for c in self.paytable), Fraction(0))

    @property
    def meter_share(self) -> Fraction:
        """Expected share of the meter one Pool stake wins (ignoring other hits that round)."""
        return sum((self.probability(c) * Fraction(p) / 100 for c, p in self.paytable.items()), Fraction(0))


def pool_category_counts() -> Counter[Category]:
    """Category of every one of the 2,598,960 hole + flop card sets."""
    by_strength = Counter(map(strength, combinations(range(DECK_SIZE), 5)))
    counts: Counter[Category] = Counter()
    for value, n in by_strength.items():
        counts[category_of(value)] += n
    if sum(counts.values()) != POOL_HANDS:
        raise AssertionError(f"enumerated {sum(counts.values()):,} hands, not {POOL_HANDS:,}")
    return counts


def pool_par(paytable: Mapping[Category, Decimal], counts: Counter[Category] | None = None) -> PoolPar:
    return PoolPar(dict(paytable), dict(pool_category_counts() if counts is None else counts))
