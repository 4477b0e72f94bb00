"""The shuffle audit's false-alarm rate over many fair shufflers, and how soon it finds faulty ones.

Each series is a shuffler simulator's own orders (``simulators.deck.shuffle_series``: the
same shuffle and seeds as the simulator on its pty, without the station), each deal the
first ``--cards`` cards of an order (21: a 7-seat UTH or THB deal). For a fair shuffler
every test must reject at its level: about 5% of series at 95%, 1% at 99%; the table gives
each rate with its 95% binomial interval, and the rate at which the whole audit (any test)
fails a fair shuffler. Then, for ``weak_shuffle`` and ``repeat_deck`` at several rates per
round (what ``simulate --faults`` arms), the share of shufflers the audit fails at
99%: how many of them an audit of their first 100 to 2,000 deals fails.

Run: ``.venv/bin/python benchmarks/bench_audit.py`` (``--seeds``, ``--deals``, ``--cards``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_station.audit.shuffles import LEVELS, Deal, audit, overall
from dealer_station.play.simulate import REPEAT_WITHIN, WEAK_RIFFLES
from simulators.deck import shuffle_series

LOOKS = (100, 250, 500, 1000, 2000)


def series(seed: int, deals: int, cards: int, weak: float = 0.0, repeat: float = 0.0) -> list[Deal]:
    """A shuffler's deals; each shuffle is weak / a repeat with the given probability (as simulate arms)."""
    dice = random.Random(seed ^ 0xFA17)

    def faults(_: int) -> tuple[int, int]:
        riffles = WEAK_RIFFLES if weak and dice.random() < weak else 0
        lag = dice.randrange(1, REPEAT_WITHIN + 1) if repeat and dice.random() < repeat else 0
        return riffles, lag

    return [Deal(tuple(order[:cards])) for order in shuffle_series(seed, deals, faults)]


def interval(k: int, n: int) -> str:
    """k/n as a percentage with its 95% Wilson interval."""
    p, z = k / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.2f}% ({100 * (centre - half):.2f} - {100 * (centre + half):.2f})"


def false_alarms(seeds: int, deals: int, cards: int) -> None:
    rejected: dict[tuple[str, int], int] = {}
    started = time.monotonic()
    for seed in range(1, seeds + 1):
        results = audit(series(seed, deals, cards))
        for level in LEVELS:
            for r in results:
                rejected[r.name, level] = rejected.get((r.name, level), 0) + (r.verdict(level) == "fail")
            rejected["any test", level] = rejected.get(("any test", level), 0) + (overall(results, level) == "fail")
    elapsed = time.monotonic() - started
    print(f"\nFalse alarms: {seeds:,} fair shufflers x {deals} deals of {cards} cards "
          f"({elapsed:.1f} s, {elapsed / seeds * 1000:.0f} ms per audit)\n")
    print("| test | rejected at 95% (95% CI) | rejected at 99% (95% CI) |\n|---|---:|---:|")
    for name in [r.name for r in results] + ["any test"]:
        print(f"| {name} | {interval(rejected[name, 95], seeds)} | {interval(rejected[name, 99], seeds)} |")


def power(seeds: int, cards: int) -> None:
    print(f"\nShufflers the audit fails at 99% after N deals ({seeds} shufflers each, {cards} cards a deal)\n")
    print("| shuffler (fault: probability per shuffle) | " + " | ".join(f"{n:,} deals" for n in LOOKS)
          + " |\n|---|" + "---:|" * len(LOOKS))
    for kind, rate in (("fair", 0.0), ("weak", 1.0), ("weak", 0.2), ("weak", 0.1), ("weak", 0.05), ("weak", 0.02),
                       ("repeat", 0.1), ("repeat", 0.01)):
        failed = dict.fromkeys(LOOKS, 0)
        for seed in range(seeds):
            deals = series(1000 + seed, LOOKS[-1], cards, **({kind: rate} if kind != "fair" else {}))
            for n in LOOKS:
                failed[n] += overall(audit(deals[:n]), 99) == "fail"
        name = "fair" if kind == "fair" else f"weak_shuffle:{rate}" if kind == "weak" else f"repeat_deck:{rate}"
        print(f"| {name} | " + " | ".join(f"{failed[n]}/{seeds}" for n in LOOKS) + " |")


def speed(cards: int) -> None:
    deals = series(7, 20_000, cards)
    started = time.monotonic()
    audit(deals)
    print(f"\nOne audit of 20,000 deals of {cards} cards: {time.monotonic() - started:.2f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000, help="fair shufflers for the false-alarm rate")
    parser.add_argument("--deals", type=int, default=300, help="deals per fair shuffler (>= 260: chi-squared runs)")
    parser.add_argument("--cards", type=int, default=21, help="cards per deal")
    parser.add_argument("--power-seeds", type=int, default=20, help="faulty shufflers per fault and rate")
    args = parser.parse_args()
    false_alarms(args.seeds, args.deals, args.cards)
    power(args.power_seeds, args.cards)
    speed(args.cards)
    return 0


if __name__ == "__main__":
    sys.exit(main())
