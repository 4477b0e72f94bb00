"""Round engine figures: rounds/s through drivers and simulators, and state rebuild time.

Run from the repo root: ``.venv/bin/python benchmarks/bench_session.py [--rounds N]``.

1. Rounds per second, 7 seats, through the real drivers and the simulators (shoe on a
   pty, reader behind a pyusb backend), no dispense delay, the journal durable
   (``synchronous=FULL``, one commit per event) - the issue's target is >= 20.
2. The same rounds with an in-process scripted shoe and no reader: the session and
   journal alone, to show how much of (1) is device round trips.
3. Time to rebuild the table state from a 100,000-event journal (target < 2 s): what a
   station restart costs.
4. Texas Hold'em Bonus rounds/s, 6 seats, through drivers and simulators, the journal
   durable, with the jackpot meter (issue 9: at least UTH's figure).
Files go under ``var/bench-session`` (the disk the station journal lives on).
"""

from __future__ import annotations

import argparse
import platform
import random
import shutil
import sys
import time
from pathlib import Path

import structlog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealer_station.engine import TableSession  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402
from dealer_station.play.autoplay import AutoCroupier, void_on_halt  # noqa: E402
from dealer_station.play.simulate import simulate  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from dealer_station.table.folds import replay  # noqa: E402
from dealer_station.table.state import TableState  # noqa: E402
from simulators.scripted_shoe import ScriptedShoe  # noqa: E402

PROGRAM = {"version": "bench"}


def scripted_rounds(path: Path, rounds: int, seed: int = 1) -> tuple[float, int]:
    """Play ``rounds`` 7-seat rounds with the scripted shoe; (seconds, events)."""
    table = load_profile("uth-default").model_copy(
        update={"devices": load_profile("uth-default").devices.model_copy(update={"reader": None})})
    rng = random.Random(seed)
    with Journal(path, table_id=table.table_id) as journal:
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


def rebuild_seconds(path: Path) -> tuple[float, int]:
    with Journal.open_readonly(path) as journal:
        start = time.perf_counter()
        state = replay(TableState(journal.table_id), journal.events())
        return time.perf_counter() - start, state.last_seq


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds through drivers and simulators")
    parser.add_argument("--events", type=int, default=100_000, help="size of the journal to rebuild")
    parser.add_argument("--dir", default=str(ROOT / "var" / "bench-session"))
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
    work = Path(args.dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    table = load_profile("uth-default")
    print(f"# session benchmark - {platform.python_version()}, {platform.machine()}", flush=True)
    summary = simulate(table, rounds=args.rounds, seed=7, seats=7, journal=work / "drivers.sqlite", progress=None)
    through_drivers = args.rounds / summary.elapsed

    thb = simulate(load_profile("thb-default"), rounds=args.rounds, seed=7, seats=6, journal=work / "thb.sqlite",
                   progress=None)
    thb_rate = args.rounds / thb.elapsed

    seconds, events = scripted_rounds(work / "scripted.sqlite", args.rounds)
    scripted = args.rounds / seconds
    per_round = events / args.rounds

    big = work / "rebuild.sqlite"
    rounds_needed = int(args.events / per_round) + 1
    print(f"building a {args.events:,}-event journal ({rounds_needed} scripted rounds)...", file=sys.stderr, flush=True)
    _, total = scripted_rounds(big, rounds_needed, seed=2)
    rebuild, replayed = rebuild_seconds(big)

    with Journal(work / "appends.sqlite", table_id="B") as journal:
        n = 2000
        start = time.perf_counter()
        for i in range(n):
            journal.append("bench", {"i": i, "amount": "10"}, actor="bench")
        appends = n / (time.perf_counter() - start)

    print()
    print("| measurement | result | target |")
    print("|---|---:|---:|")
    print(f"| rounds/s, 7 seats, real drivers + simulators, durable journal ({args.rounds} rounds, "
          f"{summary.rounds_completed} paid) | {through_drivers:.1f} | >= 20 |")
    print(f"| THB rounds/s, 6 seats, real drivers + simulators, durable journal, jackpot meter ({args.rounds} rounds) "
          f"| {thb_rate:.1f} | >= UTH's |")
    print(f"| rounds/s, 7 seats, session + journal only (scripted shoe, no reader) | {scripted:.1f} | |")
    print(f"| journal events per 7-seat round | {per_round:.0f} | |")
    print(f"| durable journal appends/s (one commit each) | {appends:,.0f} | |")
    print(f"| rebuild table state from a {replayed:,}-event journal | {rebuild:.2f} s | < 2 s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
