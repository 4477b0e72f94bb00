"""Group commit (issue 42 items 2 and 3): this tree beside another checkout, the same rounds, in one run, A B A B.

Each run is its own process (``python -c`` with ``PYTHONPATH`` at the checkout under test): a simulated UTH
table of 7 seats through the real drivers and simulators (shuffler over a pseudo-terminal, reader through
the pyusb backend), the journal **as a live table keeps it** (``synchronous=FULL``: an fsync every commit;
the benchmark sets ``journal.DURABILITY["simulation"]``, the engine is not changed to be measured). The
child counts journal transactions by wrapping ``Journal.append_many`` and reads its own CPU time and
context switches (``getrusage``, every thread of the process). Beside each repetition the disk's limit:
a tight loop of 100-byte write + fsync in the journal's folder.

Also the same with ``--tables N`` tables in one process (``simulate_tables``, no floor): rounds/s per
table, where the issue measured 9 falling to 3.6 with 20 tables.

Run: ``.venv/bin/python benchmarks/bench_group_commit.py --before /path/to/checkout`` (a checkout of the
tree to compare against: ``git worktree add --detach ../base <commit>``). Results: docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_session import raw_fsync_rate  # noqa: E402 - the disk's limit, measured one way everywhere

CHILD = r'''
import json, os, resource, sys, tempfile, threading, time
from pathlib import Path
import structlog
structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
from dealer_station import journal as jm
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
jm.DURABILITY["simulation"] = sys.argv[1]
rounds, tables, folder = int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
commits = [0]
guard = threading.Lock()
original = Journal.append_many
def counted(journal, items, at=None):
    written = original(journal, items, at)
    if written:
        with guard:
            commits[0] += 1
    return written
Journal.append_many = counted
table = load_profile("uth-default")
from dealer_station.play.simulate import simulate
from dealer_station.play.simulate_tables import simulate_tables
before = resource.getrusage(resource.RUSAGE_SELF)  # after the imports: a round's CPU, not the interpreter's start
start = time.perf_counter()
if tables == 1:
    summary = simulate(table, rounds=rounds, seed=7, seats=7, journal=folder / "uth.sqlite", progress=None)
    paid, elapsed = summary.rounds_completed, summary.elapsed
else:
    runs = simulate_tables([table], tables=tables, rounds=rounds, seed=7, seats=7, faults=None,
                           journal_dir=folder, floor_url=None)
    failed = [r.error for r in runs if r.summary is None]
    if failed:
        sys.exit(f"{len(failed)} of {tables} tables failed: {failed[0]}")
    paid = sum(r.summary.rounds_completed for r in runs if r.summary is not None)
    elapsed = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
switches = (after.ru_nvcsw - before.ru_nvcsw) + (after.ru_nivcsw - before.ru_nivcsw)
print(json.dumps({"paid": paid, "elapsed": elapsed, "commits": commits[0], "cpu": cpu, "switches": switches}))
'''


def run(checkout: Path, level: str, rounds: int, tables: int, work: Path) -> dict[str, Any]:
    """One child on ``checkout``: rounds/s (per table), commits, CPU and context switches per round."""
    with tempfile.TemporaryDirectory(dir=work) as folder:
        done = subprocess.run([sys.executable, "-c", CHILD, level, str(rounds), str(tables), folder],
                              capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(checkout)},
                              cwd=checkout, timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(f"{checkout}: {done.stderr[-1500:]}")
    got: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    played = rounds * tables
    if got["paid"] != played:
        raise RuntimeError(f"{checkout}: {got['paid']} of {played} rounds paid")
    return {"rate": rounds / got["elapsed"], "commits": got["commits"] / played, "cpu_ms": 1000 * got["cpu"] / played,
            "switches": got["switches"] / played}


def spread(values: list[float], fmt: str = ".1f") -> str:
    return " / ".join(format(v, fmt) for v in (min(values), statistics.median(values), max(values)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="a checkout of the tree to compare against")
    parser.add_argument("--rounds", type=int, default=30, help="rounds a run (a table)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions, alternated before / after")
    parser.add_argument("--tables", type=int, default=20, help="tables in one process for the last rows (0: skip)")
    parser.add_argument("--table-rounds", type=int, default=5, help="rounds a table in the many-tables runs")
    parser.add_argument("--raw", type=int, default=1000, help="raw fsyncs a repetition")
    args = parser.parse_args()
    before = Path(args.before).resolve()
    work = ROOT / "var" / "bench-group-commit"
    work.mkdir(parents=True, exist_ok=True)
    trees = {"before": before, "after": ROOT}
    print(f"# group commit - {os.cpu_count()} cores, load average at start {os.getloadavg()[0]:.1f}; "
          f"before = {before}", flush=True)
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    fsyncs: list[float] = []
    for rep in range(args.reps):
        fsyncs.append(raw_fsync_rate(work, args.raw))
        for level in ("FULL", "NORMAL"):
            for name, tree in trees.items():
                got = run(tree, level, args.rounds, 1, work)
                results.setdefault((name, level), []).append(got)
                print(f"rep {rep + 1} {level} {name}: {got['rate']:.1f} rounds/s, {got['commits']:.1f} commits, "
                      f"{got['cpu_ms']:.0f} ms CPU, {got['switches']:.0f} switches a round", file=sys.stderr, flush=True)
    many: dict[str, list[dict[str, Any]]] = {}
    if args.tables:
        for rep in range(2):
            for name, tree in trees.items():
                got = run(tree, "NORMAL", args.table_rounds, args.tables, work)
                many.setdefault(name, []).append(got)
                print(f"{args.tables} tables {name} #{rep + 1}: {got['rate']:.2f} rounds/s a table, "
                      f"{got['cpu_ms']:.0f} ms CPU a round", file=sys.stderr, flush=True)
    limit = statistics.median(fsyncs)
    print()
    print(f"raw write + fsync of 100 bytes in the journal's folder (the limit): {spread(fsyncs, ',.0f')} /s")
    print()
    print("| figure (7-seat UTH rounds, real drivers + simulators) | before | after | after / before |")
    print("|---|---:|---:|---:|")
    for level, label in (("FULL", "**durable** (`synchronous=FULL`, an fsync every commit)"),
                         ("NORMAL", "simulation journal (`synchronous=NORMAL`, not durable)")):
        b, a = results[("before", level)], results[("after", level)]
        for key, what, fmt in (("rate", "rounds/s", ".1f"), ("commits", "commits a round", ".1f"),
                               ("cpu_ms", "CPU ms a round (all threads)", ".0f"),
                               ("switches", "context switches a round", ".0f")):
            bv, av = [r[key] for r in b], [r[key] for r in a]
            print(f"| {what}, {label}, min / median / max | {spread(bv, fmt)} | {spread(av, fmt)} "
                  f"| {statistics.median(av) / statistics.median(bv):.2f}x |")
    b_full = statistics.median(r["rate"] * r["commits"] for r in results[("after", "FULL")])
    print(f"| after, durable: commits/s against the raw fsync rate | | {b_full:,.0f} / {limit:,.0f} | "
          f"{b_full / limit:.2f} |")
    if many:
        for key, what, fmt in (("rate", f"rounds/s a table, {args.tables} tables in one process (NORMAL)", ".2f"),
                               ("cpu_ms", f"CPU ms a round, {args.tables} tables in one process", ".0f")):
            bv, av = [r[key] for r in many["before"]], [r[key] for r in many["after"]]
            print(f"| {what} | {spread(bv, fmt)} | {spread(av, fmt)} | {statistics.median(av) / statistics.median(bv):.2f}x |")
    print(f"\nload average at end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
