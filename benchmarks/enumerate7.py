"""Exact category counts over all C(52,7) = 133,784,560 seven-card hands, checked
against the published counts in docs/rules.md §1. Exits non-zero on any mismatch.

The method (``dealer_station/par/categories.py``, which the par sheets use) is: brute force
(133.8M evaluator calls) takes many minutes in Python, so the count is split exactly in two, and every hand is still ranked by the real evaluator on real cards:

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
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_station.evaluator import Category
from dealer_station.par.categories import enumerate_counts

# docs/rules.md §1, published counts: the fixture, not derived from code.
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
    print("RESULT:", "all counts match docs/rules.md §1" if ok else "MISMATCH against docs/rules.md §1")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
