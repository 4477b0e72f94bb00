"""Build the optimal-play tables shipped with the package: ``optimal_play.json`` and ``optimal_flop.npz``.

``python -m dealer_station.par.optimal_build`` enumerates every flop (the 1,755 canonical ones, each
weighted by the flops it stands for), every seat hole, turn, river and dealer hand, for UTH and Texas
Hold'em Bonus at once (``optimal_sums``), and writes:

* ``optimal_play.json``: per hole class (169), exact integer sums (UTH's under the seeds' Blind
  table, ``uth-default``'s, which the file names) from which ``optimal`` reads each pre-flop action's value, the edge under optimal play, its variance and how often each decision
  is taken (``optimal`` and ``optimal_par`` say how to divide them); THB's ``bet_keeping_river``
  is the Flop bet's value where declining the Turn bet keeps the River bet (the rules published
  analyses use, not GAMES.md's), which the tests compare with those analyses;
* ``optimal_flop.npz``: per canonical flop and hole, whether optimal play bets at the flop (UTH:
  Play 2x; THB: the Turn bet) - the scripted players' and the par simulation's flop decision.

12 to 20 minutes on a quiet core, 45 on this project's loaded VM (run it ``nice``); ``--check``
compares a fresh build with the shipped files instead of writing them. ``--classes AKs,72o`` recomputes those classes alone another way
(one hole, every flop, through the single-hole counts ``optimal`` uses at run time) and compares
them with the shipped sums: what the slow test runs.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable
from importlib import resources
from itertools import combinations
from typing import Any

import numpy as np

from ..cards import DECK_SIZE
from ..evaluator import TABLES_DIGEST
from .optimal_sums import CATEGORIES, BlindPays, flop_sums
from .optimal_tables import (
    FLOP_RESOURCE,
    FLOPS_PER_HOLE,
    FORMAT,
    HOLES,
    PLAY_RESOURCE,
    THB_ROWS,
    UTH_BY_CATEGORY,
    UTH_ROWS,
    shipped_arrays,
    shipped_table,
)
from .suits import canonical_flops, classes

SEEDS_PROFILE = "uth-default"
"""The profile whose Blind table the UTH sums are built under: the seeds' (GAMES.md §2)."""


def seeds_blind() -> BlindPays:
    from ..profile_loader import load_profile

    table: Any = load_profile(SEEDS_PROFILE)
    return BlindPays.of(table.paytables["blind"])


def build(progress: Callable[[str], None] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every flop enumerated: (the JSON table, the flop decision arrays)."""
    blind = seeds_blind()
    names, class_of = classes()
    class_index = np.array(class_of, dtype=np.int64)
    flops, weights = canonical_flops()
    uth = {k: np.zeros(len(names), dtype=np.int64) for k in UTH_ROWS}
    uth_by = {k: np.zeros((len(names), CATEGORIES), dtype=np.int64) for k in UTH_BY_CATEGORY}
    thb = {k: np.zeros(len(names), dtype=np.int64) for k in THB_ROWS}
    fold_with_wins = np.zeros(CATEGORIES, dtype=np.int64)
    uth_bits = np.zeros((len(flops), HOLES), dtype=bool)
    thb_bits = np.zeros((len(flops), HOLES), dtype=bool)
    started = last = time.monotonic()
    for i, (flop, weight) in enumerate(zip(flops, weights)):
        f, u, t = flop_sums(flop, blind)
        cls = class_index[f.holes]

        def add(target: Any, values: Any, cls: Any = cls, weight: int = weight) -> None:
            np.add.at(target, cls, weight * values)

        bets = u.bet >= u.check
        uth_bits[i, f.holes] = bets
        add(uth["check"], np.maximum(u.bet, u.check))
        for k in ("a", "d", "win_q", "win_n", "lose_q", "lose_n", "check_second"):
            add(uth[k], getattr(u, k))
        add(uth["flop_bets"], bets.astype(np.int64))
        add(uth["river_plays"], np.where(bets, 0, u.river_plays))
        for k in UTH_BY_CATEGORY:
            add(uth_by[k], getattr(u, k))
        fold_with_wins += weight * u.fold_with_wins
        turns = t.turn >= t.check
        thb_bits[i, f.holes] = turns
        add(thb["bet"], np.maximum(t.turn, t.check))
        add(thb["second"], np.where(turns, t.turn_second, t.check_second))
        add(thb["turn_bets"], turns.astype(np.int64))
        add(thb["river_bets"], np.where(turns, t.river_bets, 0))
        add(thb["bet_keeping_river"], np.maximum(t.turn, t.check_river))
        if progress and time.monotonic() - last >= 10:
            last = time.monotonic()
            elapsed = last - started
            progress(f"optimal play: {i + 1:,}/{len(flops):,} flops, {elapsed:.0f} s, "
                     f"about {elapsed / (i + 1) * (len(flops) - i - 1):.0f} s left")
    holes = np.bincount(class_index, minlength=len(names))
    table = {
        "format": FORMAT, "evaluator": TABLES_DIGEST, "made_by": "python -m dealer_station.par.optimal_build",
        "classes": list(names), "holes": holes.tolist(), "flops_per_hole": FLOPS_PER_HOLE,
        "uth": {"blind": blind.as_json(), "scale": blind.scale,
                **{k: v.tolist() for k, v in uth.items()}, **{k: v.tolist() for k, v in uth_by.items()},
                "fold_with_wins": fold_with_wins.tolist()},
        "thb": {k: v.tolist() for k, v in thb.items()},
    }
    arrays = {"flops": np.array(flops, dtype=np.int8), "weights": np.array(weights, dtype=np.int16),
              "uth": np.packbits(uth_bits, axis=1), "thb": np.packbits(thb_bits, axis=1)}
    return table, arrays


def class_sums(name: str, progress: Callable[[str], None] | None = None) -> dict[str, dict[str, Any]]:
    """One class's UTH and THB sums recomputed from one of its holes alone, flop by flop through the
    single-hole counts (``showdown.outcomes``, what decisions use at run time), over the flops it leaves
    up to the renamings of suits that keep that hole (a suited hole: the other three suits' six), not
    the canonical flops of the build: 4,494 flops for a suited class, a few minutes."""
    from .optimal import built_blind, thb_flop_sums, uth_flop_sums
    from .showdown import outcomes
    from .suits import PERMUTATIONS, rename, representative

    blind = built_blind()

    hole = representative(name)
    keep = [p for p in PERMUTATIONS if sorted(rename(hole, p)) == sorted(hole)]
    orbits: dict[tuple[int, ...], int] = {}
    for dealt in combinations([c for c in range(DECK_SIZE) if c not in hole], 3):
        least = min(tuple(sorted(rename(dealt, p))) for p in keep)
        orbits[least] = orbits.get(least, 0) + 1
    uth = dict.fromkeys(("check", "a", "d"), 0)
    thb = dict.fromkeys(("bet",), 0)
    last = time.monotonic()
    for i, (flop, weight) in enumerate(orbits.items()):
        counted = outcomes(hole, flop)
        bet, check, a, d = uth_flop_sums(hole, flop, blind, counted)
        uth["check"] += weight * max(bet, check)
        uth["a"] += weight * a
        uth["d"] += weight * d
        turn, thb_check = thb_flop_sums(hole, flop, counted)
        thb["bet"] += weight * max(turn, thb_check)
        if progress and time.monotonic() - last >= 10:
            last = time.monotonic()
            progress(f"{name}: {i + 1:,}/{len(orbits):,} flops")
    holes = classes()[1].count(classes()[0].index(name))
    return {"uth": {k: v * holes for k, v in uth.items()}, "thb": {k: v * holes for k, v in thb.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare a fresh build with the shipped files")
    parser.add_argument("--classes", default=None, metavar="A,B", help="recompute these classes only and compare")
    args = parser.parse_args(argv)

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if args.classes:
        shipped = shipped_table()
        same = True
        for name in args.classes.split(","):
            got = class_sums(name, say)
            at = shipped["classes"].index(name)
            for game, sums in got.items():
                for key, value in sums.items():
                    if shipped[game][key][at] != value:
                        same = False
                        say(f"{name} {game} {key}: shipped {shipped[game][key][at]}, recomputed {value}")
            say(f"{name}: recomputed")
        print("optimal play: the recomputed classes are the shipped ones" if same
              else "optimal play: a recomputed class DIFFERS from the shipped table")
        return 0 if same else 1
    table, arrays = build(say)
    if args.check:
        shipped = shipped_arrays()
        same = table == shipped_table() and all(np.array_equal(arrays[k], shipped[k]) for k in arrays)
        print("optimal play: the shipped files are what a fresh build gives" if same
              else "optimal play: the shipped files DIFFER from a fresh build")
        return 0 if same else 1
    folder = resources.files("dealer_station.par")
    with resources.as_file(folder.joinpath(PLAY_RESOURCE)) as target:
        target.write_text(json.dumps(table, indent=0) + "\n", encoding="utf-8")
        print(f"wrote {target}")
    with resources.as_file(folder.joinpath(FLOP_RESOURCE)) as target:
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        target.write_bytes(buffer.getvalue())
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
