"""A floor with table-shifts to show on the Bank page: two tables' journals carrying the bank's events
(as CONTRACTS.md writes them: shift_opened, buy_in, slip_*, shift_closed), forwarded to the floor, their
slips numbered by the floor, and (``rounds``) real simulated rounds inside the first shift.

B1 shift 1: a fill received, two buy-ins, the rounds, a closer 40 short (a skim: tray variance -40,
``report``), counted by the count team (drop = the buy-ins). B1 shift 2, open: a fill requested (the cage
issues it) and a credit issued and handed to the runner (the cage confirms it). B2 shift 1: closed, not
counted yet; a credit requested by badge 0412, whom the floor never lets void it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import psycopg

from dealer_station.bank.chips import ChipCount
from dealer_station.bank.slips import SlipKind
from dealer_station.floor.count import DropLine, enter_drops
from dealer_station.floor.roles import CAGE_ROLE, COUNT_ROLE
from dealer_station.floor.slips import allocate_slip, issue_slip
from dealer_station.journal import Draft, Journal
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import Floor
from tests.floor.test_bank import OPENER, count_of, round_wins, value
from tests.floor.test_ingest import forward

REQUESTER = "0412"


@dataclass(frozen=True)
class BankFloor:
    floor: Floor
    day: str
    fill_to_issue: str  # B1 shift 2's fill, requested
    credit_to_confirm: str  # B1 shift 2's credit, issued and handed to the runner
    credit_of_requester: str  # B2's credit, requested by REQUESTER


def _append(path: Path, table_id: str, events: list[tuple[str, dict[str, Any]]]) -> None:
    with Journal(path, table_id=table_id, purpose="simulation", game="uth") as journal:
        for kind, payload in events:
            journal.append(kind, payload, actor="croupier" if kind == "buy_in" else f"supervisor:{REQUESTER}")


def seed(floor: Floor, folder: Path, rounds: int = 0, seed_no: int = 11) -> BankFloor:
    day = datetime.now(UTC).date().isoformat()
    opened = {"shift": 1, "gaming_day": day, "opener": OPENER, "previous_closer": None, "discrepancy": "0",
              "discrepancy_class": "ok", "dealer": "D7", "supervisor": REQUESTER}
    b1, b2 = folder / "B1.sqlite", folder / "B2.sqlite"
    fill = {"100": 20}
    _append(b1, "B1", [("shift_opened", opened),
                       ("buy_in", {"shift": 1, "seat": 2, "kind": "cash", "amount": "500", "player": "P-1001"}),
                       ("buy_in", {"shift": 1, "seat": 4, "kind": "marker", "amount": "200", "player": None}),
                       ("slip_requested", {"shift": 1, "request": "B1-R1", "kind": "fill", "chips": fill,
                                           "amount": "2000", "by": REQUESTER})])
    with psycopg.connect(floor.station_url) as station:
        f1 = allocate_slip(station, "C1", SlipKind.FILL, "B1", "B1-R1", ChipCount.of({Decimal(100): 20}))
    win = Fraction(0)
    if rounds:  # played on their own journal (a station replays its journal and knows no bank event yet)
        played = folder / "played-B1.sqlite"
        table = load_profile("uth-default").model_copy(update={"table_id": "B1"})
        simulate(table, rounds=rounds, seed=seed_no, seats=4, journal=played, progress=None)
        with Journal.open_readonly(played) as journal:
            events = list(journal.events())
        win = sum(round_wins(events).values(), Fraction(0))
        with Journal(b1, table_id="B1", purpose="simulation", game="uth") as journal:
            journal.append_many([Draft(e.kind, e.payload, e.actor, e.round_id) for e in events[1:]])
    closer1 = count_of(value(OPENER) + 2000 - 700 + win - 40)
    _append(b1, "B1", [
        ("slip_issued", {"request": "B1-R1", "kind": "fill", "slip": f"F{f1:06d}", "number": f1}),
        ("slip_received", {"slip": f"F{f1:06d}", "kind": "fill", "chips": fill, "amount": "2000", "dealer": "D7",
                           "supervisor": REQUESTER}),
        ("shift_closed", {"shift": 1, "closer": closer1, "dealer": "D7", "supervisor": REQUESTER, "sensed": False}),
        ("shift_opened", dict(opened, shift=2, opener=closer1, previous_closer=closer1)),
        ("slip_requested", {"shift": 2, "request": "B1-R2", "kind": "fill", "chips": {"25": 40}, "amount": "1000",
                            "by": REQUESTER}),
        ("slip_requested", {"shift": 2, "request": "B1-R3", "kind": "credit", "chips": {"500": 4}, "amount": "2000",
                            "by": REQUESTER})])
    _append(b2, "B2", [("shift_opened", opened),
                       ("buy_in", {"shift": 1, "seat": 1, "kind": "cash", "amount": "300", "player": None}),
                       ("shift_closed", {"shift": 1, "closer": count_of(value(OPENER) - 300), "dealer": "D7",
                                         "supervisor": REQUESTER, "sensed": False}),
                       ("shift_opened", dict(opened, shift=2)),
                       ("slip_requested", {"shift": 2, "request": "B2-R1", "kind": "credit", "chips": {"500": 2},
                                           "amount": "1000", "by": REQUESTER})])
    forward(b1, floor.station_url, "B1")
    forward(b2, floor.station_url, "B2")
    with psycopg.connect(floor.station_url) as station:
        f2 = allocate_slip(station, "C1", SlipKind.FILL, "B1", "B1-R2", ChipCount.of({Decimal(25): 40}))
        c1 = allocate_slip(station, "C1", SlipKind.CREDIT, "B1", "B1-R3", ChipCount.of({Decimal(500): 4}))
        c2 = allocate_slip(station, "C1", SlipKind.CREDIT, "B2", "B2-R1", ChipCount.of({Decimal(500): 2}))
    with psycopg.connect(floor.server.url(CAGE_ROLE, floor.dbname)) as cage:
        issue_slip(cage, f"C{c1:06d}", "cage-desk", "cage")
    _append(b1, "B1", [("slip_issued", {"request": "B1-R3", "kind": "credit", "slip": f"C{c1:06d}", "number": c1}),
                       ("slip_received", {"slip": f"C{c1:06d}", "kind": "credit", "chips": {"500": 4},
                                          "amount": "2000", "dealer": "D7", "supervisor": REQUESTER})])
    forward(b1, floor.station_url, "B1")
    with psycopg.connect(floor.server.url(COUNT_ROLE, floor.dbname)) as count:
        enter_drops(count, [DropLine("B1", None, 1, Decimal(680))], "cole", "count", "csv")
        enter_drops(count, [DropLine("B1", None, 1, Decimal(700))], "cole", "count", "screen")  # recounted
    return BankFloor(floor, day, f"F{f2:06d}", f"C{c1:06d}", f"C{c2:06d}")
