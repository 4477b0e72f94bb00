"""Exact hand-category counts over every n-card hand (5 <= n <= 7), by full enumeration.

133,784,560 seven-card hands are too many for a Python loop, so the count is split in
two exact parts, every hand still ranked by the real evaluator on real cards:

1. Non-flush hands: without five cards of one suit, a hand's value depends only on its
   rank multiset. For each rank multiset (49,205 for seven cards) there are
   prod C(4, c_r) suit assignments; one non-flush representative is ranked with
   ``evaluate`` (a second, differently suited one with ``strength`` must agree) and the
   multiset adds its assignment count to that category, as if no hand were a flush.
2. Flush hands: every hand with k >= 5 cards of one suit is enumerated exactly once
   (k ranks of that suit x the n-k other cards from the 39 of other suits; 4,089,228
   seven-card hands), ranked with ``strength7``, added to its category and removed from
   the category its rank multiset got in part 1.

``benchmarks/enumerate7.py`` times it and checks it against GAMES.md's published counts.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Any

from ..evaluator import CATEGORY_SHIFT, Category, evaluate, strength, strength7
from . import exact

FLUSH_CATEGORIES = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH})
Progress = Callable[[str], None]


def _rank_key(ranks: Iterable[int]) -> int:
    """Identity of a rank multiset: 3-bit count per rank (the evaluator's layout)."""
    return sum(1 << (3 * r) for r in ranks)


def _non_flush_hand(ranks: tuple[int, ...], start: int, step: int) -> list[int]:
    """Real cards with these ranks, suits dealt cyclically: no suit gets five cards (n <= 8)
    and the c cards of one rank get c distinct suits."""
    return [r * 4 + (start + step * i) % 4 for i, r in enumerate(ranks)]


def rank_multiset_part(n: int, progress: Progress | None = None) -> tuple[Counter[Category], dict[int, int], int, int]:
    """Part 1: (category counts as if no hand were a flush, rank key -> non-flush strength,
    number of multisets, number of hands covered)."""
    by_category: Counter[Category] = Counter()
    strength_of: dict[int, int] = {}
    multisets = hands = 0
    for ranks in combinations_with_replacement(range(13), n):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        multisets += 1
        ways = prod(comb(4, c) for c in counts.values())
        hands += ways
        value = evaluate(_non_flush_hand(ranks, 0, 1))
        if value.category in FLUSH_CATEGORIES:
            raise AssertionError(f"non-flush hand {value.best5_str()} ranked {value.category.label}")
        if strength(_non_flush_hand(ranks[::-1], 3, 3)) != value.strength:
            raise AssertionError(f"same ranks, other suits, different strength: {ranks}")
        strength_of[_rank_key(ranks)] = value.strength
        by_category[value.category] += ways
        if progress and multisets % 10_000 == 0:
            progress(f"  rank multisets: {multisets:,}")
    return by_category, strength_of, multisets, hands


def flush_part(n: int, strength_of: dict[int, int], progress: Progress | None = None
               ) -> tuple[Counter[int], Counter[int], int]:
    """Part 2: every hand with >= 5 cards of one suit, once: (strength counts of those
    hands, their strengths as part 1 counted them, number of hands)."""
    rank = strength7 if n == 7 else strength
    actual: Counter[int] = Counter()
    as_counted: Counter[int] = Counter()
    lookup = strength_of.__getitem__
    total = 0
    for suit in range(4):
        suited = [r * 4 + suit for r in range(13)]
        others = [c for c in range(52) if c & 3 != suit]
        for k in range(5, min(n, 13) + 1):
            rest = list(combinations(others, n - k))
            rest_keys = [_rank_key(c >> 2 for c in o) for o in rest]
            for flush_cards in combinations(suited, k):
                key = _rank_key(c >> 2 for c in flush_cards)
                actual.update(map(rank, map(flush_cards.__add__, rest)))  # C-level loops, real cards
                as_counted.update(map(lookup, map(key.__add__, rest_keys)))
                total += len(rest)
        if progress:
            progress(f"  flush hands, suit {'cdhs'[suit]} done: {total:,}")
    return actual, as_counted, total


def _by_category(strengths: Counter[int]) -> Counter[Category]:
    out: Counter[Category] = Counter()
    for value, count in strengths.items():
        out[Category(value >> CATEGORY_SHIFT)] += count
    return out


def enumerate_counts(n: int = 7, progress: Progress | None = None) -> tuple[Counter[Category], dict[str, Any]]:
    """Exact number of n-card hands per category, plus run statistics."""
    if not 5 <= n <= 7:
        raise ValueError("n must be 5, 6 or 7")
    started = time.perf_counter()
    counts, strength_of, multisets, covered = rank_multiset_part(n, progress)
    if covered != comb(52, n):
        raise AssertionError(f"rank multisets cover {covered:,} hands, not C(52,{n}) = {comb(52, n):,}")
    part1 = time.perf_counter() - started
    if progress:
        progress(f"part 1: {multisets:,} rank multisets, {covered:,} hands, {part1:.1f} s")
    actual, as_counted, flushes = flush_part(n, strength_of, progress)
    actual_cat = _by_category(actual)
    bad = {c: k for c, k in actual_cat.items() if c not in FLUSH_CATEGORIES}
    if bad:
        raise AssertionError(f"hands with five suited cards ranked below a flush: {bad}")
    counts.subtract(_by_category(as_counted))
    counts.update(actual_cat)
    if sum(counts.values()) != comb(52, n):
        raise AssertionError("counts do not add up to C(52, n)")
    stats = {"multisets": multisets, "flush_hands": flushes, "evaluator_calls": 2 * multisets + flushes,
             "part1_s": part1, "elapsed_s": time.perf_counter() - started}
    return counts, stats


@lru_cache(maxsize=3)
def category_counts(n: int = 7) -> dict[Category, int]:
    """``enumerate_counts(n)``: shipped for seven cards (``exact``: checked against a fresh
    enumeration by the tests), enumerated once per process for fewer."""
    return exact.seven_card_categories() if n == 7 else dict(enumerate_counts(n)[0])
