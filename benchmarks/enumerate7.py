"""Exact category counts over all C(52,7) = 133,784,560 seven-card hands, checked
against the published counts in GAMES.md §1. Exits non-zero on any mismatch.

Brute force (133.8M evaluator calls) takes many minutes in Python, so the count is
split exactly in two, and every hand is still ranked by the real evaluator on real cards:

1. Non-flush hands: without five cards of one suit, a hand's value depends only on its
   rank multiset (which ranks, how many of each). For each of the 49,205 seven-card rank
   multisets (each rank at most 4 times) there are prod C(4, c_r) suit assignments. One
   non-flush representative made of real cards is ranked with ``evaluate`` (and a second,
   differently suited one with ``strength``, which must agree); the multiset adds its
   assignment count to that category. This counts every hand as if none were a flush.
2. Flush hands: every hand with k = 5, 6 or 7 cards in one suit is enumerated exactly once
   (k ranks of that suit x the 7-k other cards from the 39 of other suits; all four suits,
   no symmetry shortcut: 4,089,228 hands), ranked with ``strength7`` on its seven real
   cards, added to that category and removed from the non-flush category its rank multiset
   got in part 1.

Run: ``.venv/bin/python benchmarks/enumerate7.py`` (``--cards 5`` checks the method on
the 2,598,960 five-card hands against the published five-card counts).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_station.evaluator import (
    CATEGORY_SHIFT,
    Category,
    evaluate,
    strength,
    strength7,
)

# GAMES.md §1, published counts: the fixture, not derived from code.
PUBLISHED = {
    7: {
        Category.ROYAL_FLUSH: 4_324,
        Category.STRAIGHT_FLUSH: 37_260,
        Category.FOUR_OF_A_KIND: 224_848,
        Category.FULL_HOUSE: 3_473_184,
        Category.FLUSH: 4_047_644,
        Category.STRAIGHT: 6_180_020,
        Category.THREE_OF_A_KIND: 6_461_620,
        Category.TWO_PAIR: 31_433_400,
        Category.ONE_PAIR: 58_627_800,
        Category.HIGH_CARD: 23_294_460,
    },
    5: {
        Category.ROYAL_FLUSH: 4,
        Category.STRAIGHT_FLUSH: 36,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744,
        Category.FLUSH: 5_108,
        Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912,
        Category.TWO_PAIR: 123_552,
        Category.ONE_PAIR: 1_098_240,
        Category.HIGH_CARD: 1_302_540,
    },
}

FLUSH_CATEGORIES = {Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH}

Progress = Callable[[str], None]


def _rank_key(ranks) -> int:
    """Identity of a rank multiset: 3-bit count per rank (same layout as the evaluator's)."""
    return sum(1 << (3 * r) for r in ranks)


def _non_flush_hand(ranks: tuple[int, ...], start: int, step: int) -> list[int]:
    """Real cards with these ranks, suits dealt cyclically: no suit gets more than
    ceil(n/4) <= 2 cards for n <= 8, and the c cards of one rank get c distinct suits."""
    return [r * 4 + (start + step * i) % 4 for i, r in enumerate(ranks)]


def rank_multiset_part(n: int, progress: Progress | None = None):
    """Part 1. Returns (category counts as if no hand were a flush, rank key -> non-flush
    strength, number of multisets, number of hands covered)."""
    by_category: Counter[Category] = Counter()
    strength_of: dict[int, int] = {}
    multisets = 0
    hands = 0
    for ranks in combinations_with_replacement(range(13), n):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        multisets += 1
        ways = prod(comb(4, c) for c in counts.values())
        hands += ways
        first = _non_flush_hand(ranks, 0, 1)
        second = _non_flush_hand(ranks[::-1], 3, 3)
        value = evaluate(first)
        if value.category in FLUSH_CATEGORIES:
            raise AssertionError(f"non-flush hand {value.best5_str()} ranked {value.category.label}")
        if strength(second) != value.strength:
            raise AssertionError(f"same ranks, other suits, different strength: {first} vs {second}")
        strength_of[_rank_key(ranks)] = value.strength
        by_category[value.category] += ways
        if progress and multisets % 10_000 == 0:
            progress(f"  rank multisets: {multisets:,}")
    return by_category, strength_of, multisets, hands


def flush_part(n: int, strength_of: dict[int, int], progress: Progress | None = None):
    """Part 2. Every hand with >= 5 cards of one suit, once. Returns (strength counts of
    those hands, their strengths as part 1 counted them, number of hands)."""
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
                # C-level loops around the real evaluator call on the real seven cards.
                actual.update(map(rank, map(flush_cards.__add__, rest)))
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


def enumerate_counts(n: int = 7, progress: Progress | None = None) -> tuple[Counter[Category], dict]:
    """Exact number of n-card hands (5 <= n <= 7) per category, plus run statistics."""
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
    stats = {
        "multisets": multisets,
        "flush_hands": flushes,
        "evaluator_calls": 2 * multisets + flushes,
        "part1_s": part1,
        "elapsed_s": time.perf_counter() - started,
    }
    if sum(counts.values()) != comb(52, n):
        raise AssertionError("counts do not add up to C(52, n)")
    return counts, stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, choices=(5, 7), default=7)
    args = parser.parse_args(argv)
    n = args.cards
    started = time.perf_counter()

    def progress(msg: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f} s] {msg}", flush=True)

    progress(f"enumerating all C(52,{n}) = {comb(52, n):,} {n}-card hands")
    counts, stats = enumerate_counts(n, progress)
    elapsed = time.perf_counter() - started
    published = PUBLISHED[n]
    print()
    print("| category | counted | published | |")
    print("|---|---:|---:|---|")
    ok = True
    for cat in sorted(Category, reverse=True):
        match = counts[cat] == published[cat]
        ok &= match
        print(f"| {cat.label} | {counts[cat]:,} | {published[cat]:,} | {'ok' if match else 'MISMATCH'} |")
    total = sum(counts.values())
    print(f"| total | {total:,} | {sum(published.values()):,} | {'ok' if total == comb(52, n) else 'MISMATCH'} |")
    print()
    print(
        f"{stats['multisets']:,} rank multisets + {stats['flush_hands']:,} flush hands = "
        f"{stats['evaluator_calls']:,} evaluator calls covering {comb(52, n):,} hands; "
        f"elapsed {elapsed:.1f} s"
    )
    print("RESULT:", "all counts match GAMES.md" if ok else "MISMATCH against GAMES.md")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
