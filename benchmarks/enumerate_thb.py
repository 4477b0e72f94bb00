"""Texas Hold'em Bonus side bets by full enumeration (``dealer_station.par.thb``).

Bonus: every hole pair against every dealer pair (1,326 x 1,225 deals), row
probabilities and house edge with and without the "any pair 2-10" row, checked against
the published 8.5406% (with 22-TT paying 3:1). Pool: all 2,598,960 hole + flop hands,
category counts checked against GAMES.md §1's five-card counts. Exits non-zero on any
mismatch. Figures are recorded in docs/performance-thb.md.

Run: ``.venv/bin/python benchmarks/enumerate_thb.py [--config PROFILE]``
"""

from __future__ import annotations

import argparse
import sys
import time
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from enumerate7 import PUBLISHED  # noqa: E402  GAMES.md §1, the fixture

from dealer_station.evaluator import Category  # noqa: E402
from dealer_station.games.thb import BONUS_ROWS  # noqa: E402
from dealer_station.par.thb import (  # noqa: E402
    BONUS_DEALS,
    LOSE,
    POOL_HANDS,
    BonusPar,
    bonus_par,
    bonus_row_combinations,
    pool_par,
)
from dealer_station.profile_loader import load_profile  # noqa: E402

PUBLISHED_BONUS_EDGE = Fraction("0.085406")
"""Published house edge of the Bonus with AA-vs-AA 1000, ..., 22-TT 3 (to 4 decimals of a percent)."""


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.6f}%"


def _bonus_table(par: BonusPar, title: str) -> None:
    print(f"\n{title}\n")
    print("| row | pays | deals | probability |")
    print("|---|---:|---:|---:|")
    for row in (*BONUS_ROWS, LOSE):
        if row == LOSE or row in par.paytable:
            pays = "-1" if row == LOSE else f"{par.paytable[row]}:1"
            print(f"| {row} | {pays} | {par.counts.get(row, 0):,} | {_pct(par.probability(row))} |")
    print(f"| total | | {sum(par.counts.values()):,} | |")
    print(f"\nexpected return {_pct(par.expected_return)}, house edge **{_pct(par.house_edge)}**")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--config", default="thb-default", help="THB table profile (pay tables)")
    args = parser.parse_args(argv)
    table = load_profile(args.config)
    ok = True

    started = time.perf_counter()
    rows = bonus_row_combinations()
    bonus_s = time.perf_counter() - started
    with_pairs = {**table.paytables["bonus"], "pair_2_10": table.paytables["bonus"].get("pair_2_10", Decimal(3))}
    without_pairs = {row: odds for row, odds in table.paytables["bonus"].items() if row != "pair_2_10"}
    par = bonus_par(with_pairs, rows)
    _bonus_table(par, f"Bonus with the pair 2-10 row, all {BONUS_DEALS:,} (hole, dealer) deals")
    _bonus_table(bonus_par(without_pairs, rows), "Bonus without the pair 2-10 row (the seed's table)")
    seeds_table = table.paytables["bonus"].get("aa_vs_dealer_aa") == 1000 and with_pairs["pair_2_10"] == 3
    if seeds_table:
        match = round(par.house_edge, 6) == PUBLISHED_BONUS_EDGE
        ok &= match
        print(f"\npublished house edge {_pct(PUBLISHED_BONUS_EDGE)}: {'ok' if match else 'MISMATCH'}")
    print(f"Bonus enumeration: {bonus_s:.2f} s")

    started = time.perf_counter()
    pool = pool_par(table.paytable("pool"))
    pool_s = time.perf_counter() - started
    print(f"\nPool: all {POOL_HANDS:,} hole + flop hands (each is 10 hole/flop splits)\n")
    print("| category | pays | hands | published 5-card | probability | |")
    print("|---|---:|---:|---:|---:|---|")
    for category in sorted(Category, reverse=True):
        counted, published = pool.counts.get(category, 0), PUBLISHED[5][category]
        match = counted == published
        ok &= match
        pays = f"{pool.paytable[category]}%" if category in pool.paytable else ""
        print(f"| {category.label} | {pays} | {counted:,} | {published:,} | "
              f"{_pct(pool.probability(category))} | {'ok' if match else 'MISMATCH'} |")
    print(f"\nPool hit probability {_pct(pool.hit_probability)} (1 in {float(1 / pool.hit_probability):,.1f}); "
          f"expected share of the meter per Pool stake {_pct(pool.meter_share)}")
    print(f"Pool enumeration: {pool_s:.2f} s")
    print("RESULT:", "all figures match" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
