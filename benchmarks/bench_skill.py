"""How long a decision takes to cost (``par.skill``) and to take (``par.strategy``), per game and street.

    python benchmarks/bench_skill.py [--decisions 200] [--seed 1]

Random deals; for each game and street: the first call in the process (tables loaded), then the
median and the 95th percentile of ``--decisions`` more, wall time. Figures: docs/skill.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from dealer_station.par.skill import STREETS, decision_cost
from dealer_station.par.strategy import best_action
from dealer_station.profile_loader import load_profile

UTH: Any = load_profile("uth-default")
PAYTABLES = {name: {k: str(v) for k, v in rows.items()} for name, rows in UTH.paytables.items()}


def timings(call: Callable[[], object], runs: int) -> tuple[float, float, float]:
    """(first call, median, 95th percentile) in milliseconds."""
    started = time.perf_counter()
    call()
    first = (time.perf_counter() - started) * 1000
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return first, statistics.median(times), times[int(0.95 * (len(times) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'game':<13} {'street':<8} {'what':<9} {'first ms':>9} {'median ms':>10} {'p95 ms':>8}")
    for game, streets in STREETS.items():
        for street, (seen, actions) in streets.items():
            def deal(seen: int = seen) -> tuple[tuple[int, int], tuple[int, ...]]:
                cards = rng.sample(range(52), 2 + seen)
                return (cards[0], cards[1]), tuple(cards[2:])

            def cost(game: str = game, street: str = street, actions: tuple[str, ...] = actions) -> object:
                hole, board = deal()
                return decision_cost(game, PAYTABLES, street, hole, board, actions[0])

            def decide(game: str = game, street: str = street) -> object:
                hole, board = deal()
                return best_action(game, street, hole, board)

            for what, call in (("cost", cost), ("decide", decide)):
                first, median, p95 = timings(call, args.decisions)
                print(f"{game:<13} {street:<8} {what:<9} {first:>9.2f} {median:>10.2f} {p95:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
