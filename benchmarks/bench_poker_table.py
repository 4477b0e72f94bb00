"""Poker table figures: hands/s at a 9-seat hold'em table, and what a hand costs in the journal.

Run from the repo root: ``.venv/bin/python benchmarks/bench_poker_table.py [--hands N]``.

1. Hands per second, 9 seats, no limit 1/2, through the real drivers and simulators (shoe
   on a pty, reader behind a pyusb backend: hole cards, burns and board reported card by
   card, the shown hands read at the showdown), no dispense delay, the journal as
   ``dealer-station simulate`` opens it: a simulation journal (``synchronous=NORMAL``, no fsync
   per commit, so not durable against a power cut; ``bench_session.py`` measures the live
   table's FULL beside it).
2. The same for the fixed-limit profile (shoe and reader) and the pot-limit one (dealt
   by hand: the reader reads the board street by street and the shown hands).
3. The same hands with the in-process scripted shoe and no reader: the session, the
   rules and a live journal (``synchronous=FULL``, durable) alone, to show how much of (1) is device round trips.
4. Replaying the no-limit journal event by event with the chip count checked at every
   position (what ``simulate`` reports as the conservation check).
Files go under ``var/bench-poker`` (the disk the station journal lives on).
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
from dealer_station.games.holdem import live  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402
from dealer_station.play.autoplay import AutoCroupier  # noqa: E402
from dealer_station.play.simulate import simulate  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from simulators.scripted_shoe import ScriptedShoe  # noqa: E402

PROGRAM = {"version": "bench"}
SEATS = 9


def scripted_hands(path: Path, hands: int, seed: int = 1) -> tuple[float, int]:
    """``hands`` 9-seat no-limit hands with the scripted shoe; (seconds, journal events)."""
    base = load_profile("holdem-nl-1-2")
    table = base.model_copy(update={"devices": base.devices.model_copy(update={"reader": None})})
    rng = random.Random(seed)
    with Journal(path, table_id=table.table_id) as journal:
        shoe = ScriptedShoe()
        session = TableSession(table, journal, shoe=shoe)
        shoe.session = session
        session.start(PROGRAM)
        shoe.connect()
        croupier = AutoCroupier(session, rng=rng, seats=range(1, SEATS + 1))
        start = time.perf_counter()
        for _ in range(hands):
            deck = list(range(52))
            rng.shuffle(deck)
            shoe.deck, shoe.pos = deck, 0
            croupier.open_round()
            while session.view().round is not None and not session.view().round.finished:
                if not croupier.step():
                    raise RuntimeError(f"scripted hand stuck in {session.view().phase}")
        return time.perf_counter() - start, journal.last_seq


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per profile through drivers and simulators")
    parser.add_argument("--dir", default=str(ROOT / "var" / "bench-poker"))
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
    work = Path(args.dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    print(f"# poker table benchmark - Python {platform.python_version()}, {platform.machine()}", flush=True)

    rows = []
    for profile in ("holdem-nl-1-2", "holdem-fl-2-4", "holdem-pl-1-2"):
        journal = work / f"{profile}.sqlite"
        summary = simulate(load_profile(profile), rounds=args.hands, seed=7, seats=SEATS, journal=journal,
                           progress=None)
        with Journal.open_readonly(journal) as j:
            events = j.last_seq
        figures = summary.as_json()
        rows.append((profile, args.hands / summary.elapsed, events / args.hands, figures["side_pot_hands"],
                     figures["hands_completed"], figures["conserved"]))

    seconds, events = scripted_hands(work / "scripted.sqlite", args.hands)
    with Journal.open_readonly(work / "holdem-nl-1-2.sqlite") as j:
        start = time.perf_counter()
        audit = live.audit_journal(j.events(), "P1")
        replay = time.perf_counter() - start

    print()
    print("| measurement (9 seats) | result |")
    print("|---|---:|")
    for profile, rate, per_hand, side, done, conserved in rows:
        print(f"| hands/s, {profile}, real drivers + simulators, simulation journal (`synchronous=NORMAL`, not durable) ({done} of {args.hands} hands completed, "
              f"{side} with side pots, chips conserved: {conserved}) | {rate:.1f} |")
        print(f"| journal events per hand, {profile} | {per_hand:.0f} |")
    print(f"| hands/s, holdem-nl-1-2, session + live journal (`synchronous=FULL`) only (scripted shoe, no reader) | "
          f"{args.hands / seconds:.1f} |")
    print(f"| replay + chip check at every position, {audit.events:,} events | "
          f"{replay:.2f} s ({audit.events / replay:,.0f} events/s) |")
    return 0 if all(row[-1] for row in rows) and audit.conserved else 1


if __name__ == "__main__":
    sys.exit(main())
