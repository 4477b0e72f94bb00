"""A small simulated casino floor for the pit page's tests, screenshots and benchmark.

Real stations (``simulate_tables.simulate_tables``: the simulators, the real drivers, the
forwarder) play UTH, THB and poker-room hold'em tables into a real floor (the THB tables with Pool
hands stacked now and then, so that the progressive pays: one on its own meter, two on a linked one); one more table is forwarded only up
to a shoe jam, so the floor holds it halted; another one's journal is rewritten after the
fact, so the floor raises an integrity alarm on it. Tables are placed in pits by the floor
owner (``floor.layout.place``).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from dealer_station.floor.forwarder import Forwarder
from dealer_station.floor.layout import place
from dealer_station.play.simulate_tables import simulate_tables
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import Floor
from tests.floor.tamper import rewrite_from, truncate_after

FAULTS = {"jam": 0.15, "misread": 0.2}


@dataclass
class DemoFloor:
    floor: Floor
    work: Path
    uth: list[str] = field(default_factory=list)
    thb: list[str] = field(default_factory=list)
    poker: list[str] = field(default_factory=list)
    linked: list[str] = field(default_factory=list)
    halted: str = "H01"
    playing: str | None = None
    tampered: str | None = None
    tampered_seq: int = 0

    def play_more(self, rounds: int, seed: int) -> None:
        """The UTH tables play on (each journal recovered and continued, forwarded as it plays)."""
        simulate_tables([load_profile("uth-default")], tables=len(self.uth), rounds=rounds, seed=seed, seats=4,
                        faults=FAULTS, journal_dir=self.work / "uth", floor_url=self.floor.station_url)


def _forward(journal: Path, url: str, table_id: str, wait: float) -> bool:
    forwarder = Forwarder(journal, url, table_id, backoff_cap=0.2).start()
    try:
        return forwarder.wait_acknowledged(wait)
    finally:
        forwarder.stop()


def first_seq(journal: Path, kind: str) -> int:
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as conn:
        row = conn.execute("SELECT min(seq) FROM events WHERE kind = ?", (kind,)).fetchone()
    assert row and row[0], f"no {kind} in {journal}"
    return int(row[0])


def last_seq(journal: Path, kind: str) -> int:
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as conn:
        row = conn.execute("SELECT max(seq) FROM events WHERE kind = ?", (kind,)).fetchone()
    assert row and row[0], f"no {kind} in {journal}"
    return int(row[0])


def halt_table(floor: Floor, work: Path, table_id: str, seed: int) -> str:
    """A UTH table that halts on a shoe jam: the floor receives its journal up to the halt (it stays halted).
    ``table_id``'s letters name it (``H1`` -> ``H01``); returns its table id."""
    halted = load_profile("uth-default").model_copy(update={"table_id": table_id})
    [run] = simulate_tables([halted], tables=1, rounds=4, seed=seed, seats=3, faults={"jam": 0.6},
                            journal_dir=work / f"halted-{table_id}", floor_url=None)
    copy = work / f"halted-{table_id}" / f"{run.table_id}-halted.sqlite"
    shutil.copy(run.journal, copy)
    truncate_after(copy, first_seq(copy, "halted"))
    assert _forward(copy, floor.station_url, run.table_id, 20.0)
    return run.table_id


def build(floor: Floor, work: Path, *, uth_tables: int = 3, thb_tables: int = 1, rounds: int = 6, seed: int = 11,
          tamper: bool = True, playing: bool = False, poker_tables: int = 1, linked_tables: int = 2) -> DemoFloor:
    demo = DemoFloor(floor, work)
    runs = simulate_tables([load_profile("uth-default")], tables=uth_tables, rounds=rounds, seed=seed, seats=4,
                           faults=FAULTS, journal_dir=work / "uth", floor_url=floor.station_url)
    demo.uth = [r.table_id for r in runs]
    thb = load_profile("thb-default").model_copy(update={"table_id": "B1"})
    runs = simulate_tables([thb], tables=thb_tables, rounds=rounds, seed=seed + 7, seats=4,
                           faults={"misread": 0.1, "pool_hit": 0.4}, journal_dir=work / "thb",
                           floor_url=floor.station_url)
    demo.thb = [r.table_id for r in runs]
    assert all(r.acknowledged for r in runs)
    if linked_tables:  # one meter over a bank of tables, kept by the floor (its controller)
        runs = simulate_tables([load_profile("thb-linked")], tables=linked_tables, rounds=rounds, seed=seed + 13,
                               seats=4, faults={"pool_hit": 0.4}, journal_dir=work / "linked",
                               floor_url=floor.station_url)
        assert all(r.acknowledged for r in runs)
        demo.linked = [r.table_id for r in runs]
    if poker_tables:  # the poker room: no-limit hold'em, the house takes a rake
        holdem = load_profile("holdem-nl-1-2").model_copy(update={"table_id": "K1"})
        runs = simulate_tables([holdem], tables=poker_tables, rounds=rounds, seed=seed + 11, seats=5, faults=None,
                               journal_dir=work / "poker", floor_url=floor.station_url)
        assert all(r.acknowledged for r in runs)
        demo.poker = [r.table_id for r in runs]
    # A table halted on a shoe jam: the floor holds its journal up to the halt.
    demo.halted = halt_table(floor, work, "H1", seed + 3)
    if playing:  # a table caught mid-round: the floor holds it up to a decision
        table = load_profile("uth-default").model_copy(update={"table_id": "P1"})
        [run] = simulate_tables([table], tables=1, rounds=3, seed=seed + 5, seats=5, faults=None,
                                journal_dir=work / "playing", floor_url=None)
        copy = work / "playing" / "P01-playing.sqlite"
        shutil.copy(run.journal, copy)
        truncate_after(copy, last_seq(copy, "decision"))
        assert _forward(copy, floor.station_url, "P01", 20.0)
        demo.playing = "P01"
    if tamper:  # the station's journal is rewritten from a record the floor already holds: an alarm
        target = work / "uth" / f"{demo.uth[-1]}.sqlite"
        tampered = work / "tampered.sqlite"
        shutil.copy(target, tampered)
        demo.tampered, demo.tampered_seq = demo.uth[-1], 40
        rewrite_from(tampered, demo.tampered_seq, {"edited": json.dumps("by hand")})
        _forward(tampered, floor.station_url, demo.tampered, 1.0)
    pits = {"Pit 1": [*demo.uth[:2], "H01"], "Pit 2": [*demo.uth[2:], *([demo.playing] if demo.playing else [])],
            "High limit": [*demo.thb, *demo.linked], "Poker room": demo.poker}
    for pit, tables in pits.items():
        for position, table_id in enumerate(tables, start=1):
            place(floor.owner_url, table_id, pit, position)
    return demo
