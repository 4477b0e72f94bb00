"""Par sheet time, UTH and Texas Hold'em Bonus, optionally against another source tree in the same run.

    python benchmarks/bench_par.py [--rounds 20000] [--repeat 2] [--before /tmp/par-old]

Each measurement is a fresh process (``PYTHONPATH`` = the tree) that computes, with the
default pay tables and seed 1:

* ``sheet``: the whole sheet, cold (exact enumerations and the simulated main game);
* ``main game``: the simulation alone - UTH's sheet again in the same process (its
  enumerations are cached by then), THB's ``estimate_main_game``.

Wall time and CPU time (``time.process_time``: what other work on a shared machine does
not inflate as much) are printed per tree as the best of ``--repeat`` runs, the trees
alternating. With ``--before`` the sheets of both trees must be identical (same seed, same
rounds): the script says whether they are. Figures: docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
from dealer_station.config import load_profile

game, rounds = sys.argv[1], int(sys.argv[2])
profile = {"uth": "uth-default", "holdem_bonus": "thb-default"}[game]
table = load_profile(profile)
tables = {n: {k: str(v) for k, v in rows.items()} for n, rows in table.paytables.items()}
if game == "uth":
    from dealer_station.par.uth import uth_par as provider
else:
    from dealer_station.par.thb import thb_par as provider
    from dealer_station.par.thb_main import estimate_main_game

def timed(call):
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return result, time.perf_counter() - wall, time.process_time() - cpu

sheet, wall, cpu = timed(lambda: provider(tables, samples=rounds, seed=1))
if game == "uth":
    _, main_wall, main_cpu = timed(lambda: provider(tables, samples=rounds, seed=1))
else:
    _, main_wall, main_cpu = timed(lambda: estimate_main_game(rounds, 1))
doc = sheet.as_json()
doc.pop("elapsed_s")
print(json.dumps({"wall": wall, "cpu": cpu, "main_wall": main_wall, "main_cpu": main_cpu, "sheet": doc}))
"""


def measure(tree: Path, game: str, rounds: int, cache: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree), "XDG_CACHE_HOME": cache}
    done = subprocess.run([sys.executable, "-c", CHILD, game, str(rounds)], capture_output=True, text=True, env=env,
                          cwd=tree, check=False)
    if done.returncode:
        raise SystemExit(f"bench_par: {tree} {game} failed: {done.stderr.strip().splitlines()[-1:]}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--before", type=Path, default=None, help="another source tree to measure in the same run")
    args = parser.parse_args()
    trees = {"before": args.before.resolve(), "after": ROOT} if args.before else {"this tree": ROOT}
    best: dict[tuple[str, str], dict[str, float]] = {}
    sheets: dict[tuple[str, str], object] = {}
    with tempfile.TemporaryDirectory() as cache:
        for _ in range(args.repeat):
            for game in ("uth", "holdem_bonus"):
                for label, tree in trees.items():
                    got = measure(tree, game, args.rounds, cache)
                    print(f"{game} {label}: sheet {got['wall']:.1f} s wall, {got['cpu']:.1f} s CPU", file=sys.stderr,
                          flush=True)
                    sheets[(label, game)] = got.pop("sheet")
                    row = best.setdefault((label, game), {})
                    for key, value in got.items():
                        assert isinstance(value, float)
                        row[key] = min(row.get(key, value), value)
    print(f"| game | tree | sheet wall s | sheet CPU s | main game wall s | main game CPU s |  ({args.rounds:,} rounds, "
          f"best of {args.repeat})")
    print("|---|---|---:|---:|---:|---:|")
    for (label, game), row in sorted(best.items(), key=lambda item: (item[0][1], item[0][0] != "before")):
        print(f"| {game} | {label} | {row['wall']:.1f} | {row['cpu']:.1f} | {row['main_wall']:.1f} | "
              f"{row['main_cpu']:.1f} |")
    if args.before:
        same = all(sheets[("before", g)] == sheets[("after", g)] for g in ("uth", "holdem_bonus"))
        print(f"identical sheets before and after: {'yes' if same else 'NO'}")
        return 0 if same else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
