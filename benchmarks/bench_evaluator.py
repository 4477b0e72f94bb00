"""Seven-card evaluations per second: ours vs treys vs eval7, same hands, one run.

Every library ranks the same seeded random seven-card hands, converted to its own card
type before timing. Each timed loop is a plain ``for`` over the pre-built inputs calling
the library's public seven-card entry point; the best of ``--repeats`` runs is reported.
Ours is timed twice: ``strength7`` (the showdown hot path, a comparable int) and
``evaluate`` (category + strength + the five cards used, what a display needs).

Then, on a sample, checks that eval7 and treys agree with us on category and on the
order of hands (ties included). Exits non-zero on any disagreement.

Run: ``.venv/bin/python benchmarks/bench_evaluator.py`` (``--hands``, ``--repeats``, ``--seed``).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import eval7
import numpy as np
import treys

from dealer_station.cards import card_str
from dealer_station.evaluator import Category, evaluate, strength7

# eval7's hand type (value >> 24) -> ours; eval7 has no separate royal flush.
EVAL7_TYPES = {
    "High Card": Category.HIGH_CARD,
    "Pair": Category.ONE_PAIR,
    "Two Pair": Category.TWO_PAIR,
    "Trips": Category.THREE_OF_A_KIND,
    "Straight": Category.STRAIGHT,
    "Flush": Category.FLUSH,
    "Full House": Category.FULL_HOUSE,
    "Quads": Category.FOUR_OF_A_KIND,
    "Straight Flush": Category.STRAIGHT_FLUSH,
}


def best_of(repeats: int, run) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t0)
    return best


def time_ours_strength7(hands):
    f = strength7
    for x in hands:
        f(x)


def time_ours_evaluate(hands):
    f = evaluate
    for x in hands:
        f(x)


def time_treys(pairs, ev):
    f = ev.evaluate
    for hole, board in pairs:
        f(hole, board)


def time_eval7(hands):
    f = eval7.evaluate
    for x in hands:
        f(x)


def order_agrees(ours: np.ndarray, theirs_higher_better: np.ndarray) -> tuple[bool, int, int]:
    """Sort by ours; every neighbouring pair must compare the same way in theirs."""
    order = np.argsort(ours, kind="stable")
    d_ours = np.sign(np.diff(ours[order]))
    d_theirs = np.sign(np.diff(theirs_higher_better[order]))
    return bool(np.array_equal(d_ours, d_theirs)), int((d_ours == 0).sum()), int((d_ours > 0).sum())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--check", type=int, default=100_000, help="hands checked for agreement")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(args.hands)]
    # Pre-convert outside every timed loop.
    treys_card = [treys.Card.new(card_str(c)) for c in range(52)]
    eval7_card = [eval7.Card(card_str(c)) for c in range(52)]
    treys_pairs = [([treys_card[c] for c in x[:2]], [treys_card[c] for c in x[2:]]) for x in hands]
    eval7_hands = [[eval7_card[c] for c in x] for x in hands]
    ev = treys.Evaluator()

    print(f"machine: {os.cpu_count()} CPUs ({platform.machine()}), {platform.system()} {platform.release()}")
    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"treys {_version('treys')}, eval7 {_version('eval7')}, numpy {np.__version__}")
    print(f"{args.hands:,} random seven-card hands (seed {args.seed}), best of {args.repeats}, single thread")
    print()

    rows = [
        ("dealer_station", "strength7(cards)", best_of(args.repeats, lambda: time_ours_strength7(hands))),
        ("dealer_station", "evaluate(cards) (+best5)", best_of(args.repeats, lambda: time_ours_evaluate(hands))),
        ("treys", "Evaluator().evaluate(hole, board)", best_of(args.repeats, lambda: time_treys(treys_pairs, ev))),
        ("eval7 (C extension)", "eval7.evaluate(cards)", best_of(args.repeats, lambda: time_eval7(eval7_hands))),
    ]
    treys_rate = args.hands / rows[2][2]
    print("| evaluator | call | seven-card evals/s | vs treys |")
    print("|---|---|---:|---:|")
    for name, call, secs in rows:
        rate = args.hands / secs
        print(f"| {name} | `{call}` | {rate:,.0f} | {rate / treys_rate:.1f}x |")
    ratio = (args.hands / rows[0][2]) / treys_rate
    target_ok = ratio >= 10
    print()
    print(f"target >= 10x treys on the hot path: {'met' if target_ok else 'MISSED'} ({ratio:.1f}x)")

    # Agreement on category and order, on the same hands.
    sample = hands[: args.check]
    ours = np.fromiter(map(strength7, sample), np.int64, len(sample))
    our_cat = [Category(int(v) >> 20) for v in ours]
    e7 = np.fromiter((eval7.evaluate(eval7_hands[i]) for i in range(len(sample))), np.int64, len(sample))
    e7_cat = [EVAL7_TYPES[eval7.handtype(int(v))] for v in e7]
    cat_e7 = sum(
        1 for a, b in zip(our_cat, e7_cat)
        if a != b and not (a == Category.ROYAL_FLUSH and b == Category.STRAIGHT_FLUSH)
    )
    ok_e7, ties, steps = order_agrees(ours, e7)
    tr = np.fromiter((ev.evaluate(*treys_pairs[i]) for i in range(len(sample))), np.int64, len(sample))
    # treys classes run 1 (straight flush) .. 9 (high card), 0.1.8 adds 0 for royal;
    # either way its rank 1 is the royal flush.
    tr_cat = [Category.ROYAL_FLUSH if v == 1 else Category(9 - ev.get_rank_class(int(v))) for v in tr]
    cat_tr = sum(1 for a, b in zip(our_cat, tr_cat) if a != b)
    ok_tr, _, _ = order_agrees(ours, -tr)
    print()
    print(f"agreement on {len(sample):,} of these hands "
          f"(sorted by ours: {ties:,} neighbouring ties, {steps:,} strict steps compared):")
    print(f"- eval7: category mismatches {cat_e7} (royal = its straight flush), order {'agrees' if ok_e7 else 'DISAGREES'}")
    print(f"- treys: category mismatches {cat_tr}, order {'agrees' if ok_tr else 'DISAGREES'}")
    agree = ok_e7 and ok_tr and cat_e7 == 0 and cat_tr == 0
    print("RESULT:", "agreement ok" if agree else "DISAGREEMENT")
    return 0 if agree else 1


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"


if __name__ == "__main__":
    sys.exit(main())
