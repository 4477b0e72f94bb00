"""Round engine figures: rounds/s at the live table's durability beside the disk's fsync limit,
the simulation row at NORMAL, the scripted engine, and state rebuild time.

Run from the repo root: ``.venv/bin/python benchmarks/bench_session.py [--rounds N] [--reps N]``.

1. UTH rounds/s, 7 seats, through the real drivers and the simulators (shoe on a pty,
   reader behind a pyusb backend), no dispense delay: the SAME rounds (same seed, a fresh
   journal each time) two ways, alternated A B A B in one run (``--reps`` of each):
   * **durable**: the journal at the live table's setting (WAL, ``synchronous=FULL``, an
     fsync at every commit, ``journal.DURABILITY["live"]``);
   * **simulation**: the journal as ``simulate`` opens it (``synchronous=NORMAL``: no fsync
     per commit; not durable against a power cut).
   Beside them, in each repetition, the limit on the same disk: a tight loop of 100-byte
   write + fsync on a file in the journal's folder, and raw SQLite inserts (WAL, FULL) one
   transaction a row. Each row reports its journal commits per round (counted by wrapping
   ``Journal.append_many`` here, in the benchmark only) and its commits/s against the raw
   fsync rate. One FULL run is repeated under ``strace -f -c`` (when strace is installed)
   to check it fsyncs about once per commit.
2. The same rounds with an in-process scripted shoe and no reader: the session and a live
   (FULL) journal alone, to show how much of (1) is device round trips.
3. Time to rebuild the table state from a 100,000-event journal (target < 2 s): what a
   station restart costs (the journal is written as a simulation, NORMAL: only its reading is timed),
   beside its peer, the same rows read with sqlite3 and every payload parsed with orjson, nothing
   folded (target: at most 2x), and beside the peer reading only the rebuild's columns; alternated
   A B C (``--rebuild-reps`` of each), min / median / max. ``--only-rebuild`` runs this part alone.
4. Texas Hold'em Bonus rounds/s, 6 seats, through drivers and simulators, simulation
   journal (NORMAL), with the jackpot meter (issue 9: at least UTH's figure).
The benchmark switches durability by setting ``journal.DURABILITY["simulation"]`` for the
durable runs: ``simulate`` refuses a live journal, and the engine is not changed to measure it.
Files go under ``var/bench-session`` (the disk the station journal lives on).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import orjson
import structlog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealer_station import journal as journal_module  # noqa: E402
from dealer_station.engine import TableSession  # noqa: E402
from dealer_station.games import get_game  # noqa: E402
from dealer_station.journal import Journal, JournalEvent, Purpose  # noqa: E402
from dealer_station.play.autoplay import AutoCroupier, void_on_halt  # noqa: E402
from dealer_station.play.simulate import simulate  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from dealer_station.table.state import TableState  # noqa: E402
from simulators.scripted_shoe import ScriptedShoe  # noqa: E402

PROGRAM = {"version": "bench"}
JOURNAL_COLUMNS = "seq, at, table_id, round_id, kind, actor, payload, prev_hash, hash"
REBUILD_COLUMNS = "seq, at, kind, payload"


class CommitCounter:
    """Counts journal transactions by wrapping ``Journal.append_many`` (every append commits once
    through it): the benchmark's own instrument, the engine is not changed."""

    def __init__(self) -> None:
        self.commits = 0
        original = Journal.append_many
        counter = self

        def counted(journal: Journal, items: Iterable[Any], at: str | None = None) -> list[JournalEvent]:
            events = original(journal, items, at)
            if events:
                counter.commits += 1
            return events

        Journal.append_many = counted  # type: ignore[method-assign,assignment]


@contextmanager
def simulation_durability(level: str) -> Iterator[None]:
    """Open simulation journals at ``level`` (``FULL`` = the live table's setting) for this block."""
    saved = journal_module.DURABILITY["simulation"]
    journal_module.DURABILITY["simulation"] = level
    try:
        yield
    finally:
        journal_module.DURABILITY["simulation"] = saved


def raw_fsync_rate(folder: Path, n: int) -> float:
    """write + fsync of 100 bytes, n times, on a file in ``folder``: the disk's commit limit."""
    path = folder / "raw-fsync.bin"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        start = time.perf_counter()
        for _ in range(n):
            os.write(fd, b"x" * 100)
            os.fsync(fd)
        return n / (time.perf_counter() - start)
    finally:
        os.close(fd)
        path.unlink()


def raw_sqlite_rate(folder: Path, n: int) -> float:
    """SQLite inserts with the journal's settings (WAL, synchronous=FULL), one transaction a row."""
    path = folder / "raw-sqlite.sqlite"
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        leftover.unlink(missing_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, payload TEXT NOT NULL)")
        start = time.perf_counter()
        for i in range(n):
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO t VALUES (?, ?)", (i, "x" * 100))
            conn.execute("COMMIT")
        return n / (time.perf_counter() - start)
    finally:
        conn.close()


def uth_run(work: Path, name: str, rounds: int, level: str, counter: CommitCounter) -> tuple[float, int, int]:
    """One run of the benchmark's UTH rounds at ``level``: (rounds/s, commits, rounds paid)."""
    path = work / f"{name}.sqlite"
    before = counter.commits
    with simulation_durability(level):
        summary = simulate(load_profile("uth-default"), rounds=rounds, seed=7, seats=7, journal=path, progress=None)
    return rounds / summary.elapsed, counter.commits - before, summary.rounds_completed


def strace_check(work: Path, rounds: int) -> str:
    """One FULL run of the same rounds under ``strace -f -c``: fsync + fdatasync calls against commits."""
    if shutil.which("strace") is None:
        return "strace check: strace is not installed, not run"
    out = work / "strace.txt"
    child = subprocess.run(
        ["strace", "-f", "-c", "-e", "trace=fsync,fdatasync", "-o", str(out), sys.executable, __file__,
         "--child-full", str(rounds), "--dir", str(work / "strace")],
        capture_output=True, text=True, check=False)
    found = re.search(r"commits=(\d+)", child.stdout)
    if child.returncode or not found or not out.exists():
        return f"strace check: the traced run failed (exit {child.returncode}): {child.stderr.strip()[-200:]}"
    calls = {m.group(2): int(m.group(1)) for m in re.finditer(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)\s*$",
                                                            out.read_text(), re.MULTILINE)}
    syncs = calls.get("fsync", 0) + calls.get("fdatasync", 0)
    commits = int(found.group(1))
    return (f"strace check (one durable run, {rounds} rounds, whole process): {syncs} fsync+fdatasync calls "
            f"(fsync {calls.get('fsync', 0)}, fdatasync {calls.get('fdatasync', 0)}) for {commits} journal "
            f"commits: {syncs / commits:.2f} per commit")


def spread(values: list[float], fmt: str = ".1f") -> str:
    """min / median / max of a repeated figure."""
    return " / ".join(format(v, fmt) for v in (min(values), statistics.median(values), max(values)))


def load_average() -> str:
    return " ".join(f"{v:.1f}" for v in os.getloadavg())


def scripted_rounds(path: Path, rounds: int, seed: int = 1, purpose: Purpose = "live") -> tuple[float, int]:
    """Play ``rounds`` 7-seat rounds with the scripted shoe in a ``purpose`` journal; (seconds, events)."""
    table = load_profile("uth-default").model_copy(
        update={"devices": load_profile("uth-default").devices.model_copy(update={"reader": None})})
    rng = random.Random(seed)
    with Journal(path, table_id=table.table_id, purpose=purpose) as journal:
        shoe = ScriptedShoe()
        session = TableSession(table, journal, shoe=shoe)
        shoe.session = session
        session.start(PROGRAM)
        croupier = AutoCroupier(session, rng=rng, seats=range(1, 8), on_halt=void_on_halt("-", "-"))
        start = time.perf_counter()
        done = 0
        while done < rounds:
            deck = list(range(52))
            rng.shuffle(deck)
            shoe.deck, shoe.pos = deck, 0
            croupier.step()  # opens the round
            while not session.view().round.finished:
                if not croupier.step():
                    raise RuntimeError(f"scripted round stuck in {session.view().phase}")
            done += 1
        return time.perf_counter() - start, journal.last_seq


class Timed(NamedTuple):
    """Wall-clock and CPU seconds of one run (CPU: ``process_time``, what the run itself spent, which other
    work on the machine's cores inflates less than the wall clock), and how many records it read."""

    wall: float
    cpu: float
    records: int


def raw_read_seconds(path: Path, columns: str = JOURNAL_COLUMNS) -> Timed:
    """The rebuild's peer: every row of the same journal read with sqlite3 and its payload parsed with
    orjson (what any replay must at least do), nothing folded. ``columns``: every column of a record
    (the peer as it always was), or only those the rebuild reads (``REBUILD_COLUMNS``)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    payload = columns.split(", ").index("payload")
    try:
        start, cpu = time.perf_counter(), time.process_time()
        rows = 0
        for row in conn.execute(f"SELECT {columns} FROM events ORDER BY seq"):
            orjson.loads(row[payload])
            rows += 1
        return Timed(time.perf_counter() - start, time.process_time() - cpu, rows)
    finally:
        conn.close()


def rebuild_seconds(path: Path) -> Timed:
    """What a station's restart does (``TableSession.start``): every record folded by the game's folds
    (``Folds.rebuild`` over ``Journal.records``: typed events, upcasters, ``evolve``)."""
    with Journal.open_readonly(path) as journal:
        start, cpu = time.perf_counter(), time.process_time()
        state = get_game("uth").folds.rebuild(TableState(journal.table_id), journal.records())
        return Timed(time.perf_counter() - start, time.process_time() - cpu, state.last_seq)


def rebuild_beside_peers(path: Path, reps: int) -> list[str]:
    """The rebuild and its peers, A B C A B C (``reps`` of each, the page cache warm for all): table lines."""
    runs: dict[str, list[Timed]] = {"rebuild": [], "peer": [], "narrow": []}
    for rep in range(1, reps + 1):
        runs["rebuild"].append(rebuild_seconds(path))
        runs["peer"].append(raw_read_seconds(path))
        runs["narrow"].append(raw_read_seconds(path, REBUILD_COLUMNS))
        print(f"rebuild rep {rep}: " + ", ".join(f"{name} {r[-1].wall:.3f} s (CPU {r[-1].cpu:.3f})"
                                                  for name, r in runs.items()), file=sys.stderr, flush=True)
    rebuilds, peers, narrow = runs["rebuild"], runs["peer"], runs["narrow"]
    if {r.records for r in peers + narrow} != {rebuilds[0].records}:
        raise RuntimeError("the rebuild and its peers read different numbers of records")

    def ratios(over: list[Timed], clock: str) -> str:
        return spread([getattr(a, clock) / getattr(b, clock) for a, b in zip(rebuilds, over, strict=True)], ".2f")

    return [
        f"| rebuild table state from a {rebuilds[0].records:,}-event journal ({reps} x A B C beside its peers; "
        f"min / median / max; CPU in brackets) | {spread([r.wall for r in rebuilds], '.3f')} s "
        f"({spread([r.cpu for r in rebuilds], '.3f')}) | < 2 s |",
        f"| the peer: read the same rows and parse every payload (sqlite3 + orjson, nothing folded) "
        f"| {spread([r.wall for r in peers], '.3f')} s ({spread([r.cpu for r in peers], '.3f')}) | |",
        f"| rebuild / peer, each A B pair (CPU) | **{ratios(peers, 'wall')}x** ({ratios(peers, 'cpu')}) | <= 2x |",
        f"| the peer on the rebuild's columns only ({REBUILD_COLUMNS}) | {spread([r.wall for r in narrow], '.3f')} s "
        f"({spread([r.cpu for r in narrow], '.3f')}) | |",
        f"| rebuild / that peer, each pair (CPU) | {ratios(narrow, 'wall')}x ({ratios(narrow, 'cpu')}) | |",
    ]


def rebuild_part(work: Path, events: int, reps: int, per_round: float) -> list[str]:
    """Part 3: write a journal of about ``events`` events (scripted rounds, simulation journal: its writing is
    not timed), then time its rebuild beside its peers; table lines."""
    big = work / "rebuild.sqlite"
    rounds_needed = int(events / per_round) + 1
    print(f"building a {events:,}-event journal ({rounds_needed} scripted rounds)...", file=sys.stderr, flush=True)
    scripted_rounds(big, rounds_needed, seed=2, purpose="simulation")
    return rebuild_beside_peers(big, reps)


def durable_and_simulation(work: Path, rounds: int, reps: int, raw_n: int, counter: CommitCounter) -> list[str]:
    """The UTH rounds at FULL and at NORMAL, A B A B, each repetition beside the raw limits; table lines."""
    fsyncs: list[float] = []
    raw_sql: list[float] = []
    rates: dict[str, list[float]] = {"FULL": [], "NORMAL": []}
    commits: dict[str, list[int]] = {"FULL": [], "NORMAL": []}
    for rep in range(1, reps + 1):
        fsyncs.append(raw_fsync_rate(work, raw_n))
        raw_sql.append(raw_sqlite_rate(work, raw_n))
        for level in ("FULL", "NORMAL"):
            rate, count, paid = uth_run(work, f"uth-{level.lower()}-{rep}", rounds, level, counter)
            if paid != rounds:
                raise RuntimeError(f"{level} run {rep}: {paid} of {rounds} rounds paid")
            rates[level].append(rate)
            commits[level].append(count)
            print(f"rep {rep}: raw fsync {fsyncs[-1]:,.0f}/s, raw SQLite FULL {raw_sql[-1]:,.0f}/s, "
                  f"UTH {level} {rate:.1f} rounds/s ({count} commits)", file=sys.stderr, flush=True)
    limit = statistics.median(fsyncs)
    lines = [
        "| measurement (same run, A B A B) | min / median / max | commits per round (min / median / max) | commits/s (median) "
        "| vs raw fsync/s |",
        "|---|---:|---:|---:|---:|",
        f"| raw write + fsync of 100 bytes, journal's folder (the limit) | {spread(fsyncs, ',.0f')} /s | 1 "
        f"| {limit:,.0f} | 1.00 |",
        f"| raw SQLite insert, WAL, `synchronous=FULL`, one transaction a row | {spread(raw_sql, ',.0f')} /s | 1 "
        f"| {statistics.median(raw_sql):,.0f} | {statistics.median(raw_sql) / limit:.2f} |",
    ]
    labels = {"FULL": "**durable**: journal as a live table keeps it (`synchronous=FULL`, fsync every commit)",
              "NORMAL": "simulation journal (`synchronous=NORMAL`, no fsync per commit: not durable)"}
    for level in ("FULL", "NORMAL"):
        per_round = statistics.median(commits[level]) / rounds
        per_second = statistics.median(rates[level]) * per_round
        counted = spread([c / rounds for c in commits[level]])  # the grouping of device reports varies with timing
        lines.append(f"| UTH rounds/s, 7 seats, real drivers + simulators, {labels[level]}, {rounds} rounds "
                     f"| {spread(rates[level])} | {counted} | {per_second:,.0f} | {per_second / limit:.2f} |")
    pairs = [full / normal for full, normal in zip(rates["FULL"], rates["NORMAL"], strict=True)]
    lines.append(f"| durable / simulation rounds/s, each pair of the same repetition | {spread(pairs, '.2f')} | | | |")
    per_round = statistics.median(commits["FULL"]) / rounds
    lines.append(f"| fsync-bound ceiling: raw fsync/s / commits per round | {limit / per_round:.1f} rounds/s | | | |")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="UTH rounds per repetition (and THB rounds)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions of each durability, alternated")
    parser.add_argument("--raw", type=int, default=1000, help="raw fsyncs and raw SQLite commits per repetition")
    parser.add_argument("--events", type=int, default=100_000, help="size of the journal to rebuild")
    parser.add_argument("--rebuild-reps", type=int, default=5, help="repetitions of the rebuild and its peers")
    parser.add_argument("--only-rebuild", action="store_true", help="only part 3: the rebuild beside its peers")
    parser.add_argument("--dir", default=str(ROOT / "var" / "bench-session"))
    parser.add_argument("--child-full", type=int, default=0, help=argparse.SUPPRESS)  # the strace check's run
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
    work = Path(args.dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    counter = CommitCounter()
    if args.child_full:
        uth_run(work, "uth-traced", args.child_full, "FULL", counter)
        print(f"commits={counter.commits}")
        return 0

    started, load_start = time.monotonic(), load_average()
    print(f"# session benchmark - {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
          f"load average at start {load_start}", flush=True)
    if args.only_rebuild:
        seconds, events = scripted_rounds(work / "scripted.sqlite", 10)
        rebuild = rebuild_part(work, args.events, args.rebuild_reps, events / 10)
        print("\n| measurement | result | target |\n|---|---:|---:|")
        print("\n".join(rebuild))
        print(f"\nload average at start {load_start}, at end {load_average()}; {time.monotonic() - started:.0f} s in all")
        return 0
    durable = durable_and_simulation(work, args.rounds, args.reps, args.raw, counter)
    traced = strace_check(work, 10)

    thb = simulate(load_profile("thb-default"), rounds=args.rounds, seed=7, seats=6, journal=work / "thb.sqlite",
                   progress=None)
    thb_rate = args.rounds / thb.elapsed

    seconds, events = scripted_rounds(work / "scripted.sqlite", args.rounds)
    scripted = args.rounds / seconds
    per_round = events / args.rounds

    rebuild = rebuild_part(work, args.events, args.rebuild_reps, per_round)

    with Journal(work / "appends.sqlite", table_id="B") as journal:
        n = 2000
        start = time.perf_counter()
        for i in range(n):
            journal.append("bench", {"i": i, "amount": "10"}, actor="bench")
        appends = n / (time.perf_counter() - start)

    print()
    print("\n".join(durable))
    print()
    print(traced)
    print()
    print("| measurement | result | target |")
    print("|---|---:|---:|")
    print(f"| THB rounds/s, 6 seats, real drivers + simulators, simulation journal (`synchronous=NORMAL`, "
          f"not durable), jackpot meter ({args.rounds} rounds) | {thb_rate:.1f} | >= UTH's |")
    print(f"| rounds/s, 7 seats, session + live journal (`synchronous=FULL`) only (scripted shoe, no reader) "
          f"| {scripted:.1f} | |")
    print(f"| journal events per 7-seat round | {per_round:.0f} | |")
    print(f"| durable journal appends/s (live journal, `synchronous=FULL`, one commit each) | {appends:,.0f} | |")
    print("\n".join(rebuild))
    print()
    print(f"load average at start {load_start}, at end {load_average()}; {time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
