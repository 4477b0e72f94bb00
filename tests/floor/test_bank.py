"""The table bank on a real floor: a journal's bank events (shift_opened, buy_in, slip_*, shift_closed, as
CONTRACTS.md writes them) forwarded beside its rounds, the cage's slips and the count's drops become each
table-shift's figures. Expected figures are computed here independently, in Fractions, from the journal's
own settlements and the counts the test wrote."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.bank.chips import ChipCount
from dealer_station.bank.slips import SlipKind
from dealer_station.errors import RecordError
from dealer_station.figures.bank import BANK_KINDS
from dealer_station.floor.bank import bank_shifts, daily_results, slips_in_flight
from dealer_station.floor.count import DropLine, DropRefused, enter_drops, parse_drop_csv
from dealer_station.floor.migrate import migrate
from dealer_station.floor.roles import CAGE_ROLE, COUNT_ROLE
from dealer_station.floor.slips import allocate_slip, confirm_credit, issue_slip
from dealer_station.journal import Draft, Journal
from tests.floor.conftest import Floor
from tests.floor.test_ingest import forward

OPENER = {"1": 200, "5": 200, "25": 100, "100": 40, "500": 10}  # 12,700


def value(count: dict[str, int]) -> Fraction:
    return sum((Fraction(d) * n for d, n in count.items()), Fraction(0))


def count_of(total: Fraction) -> dict[str, int]:
    """A tray holding ``total``: 500s, then 1s, then one 0.50 for a half."""
    halves = int(total * 2)
    assert halves == total * 2 and halves >= 0
    units, half = divmod(halves, 2)
    fives, ones = divmod(units, 500)
    count = {"1": ones, "500": fives}
    if half:
        count["0.50"] = 1
    return count


def round_wins(events: list[Any]) -> dict[str, Fraction]:
    """Each paid round's collected - paid: minus the seats' nets of its settlement (voided rounds: absent)."""
    nets = {e.round_id: -sum((Fraction(s["net"]) for s in e.payload["settlement"]["seats"]), Fraction(0))
            for e in events if e.kind == "settled"}
    paid = {e.round_id for e in events if e.kind == "round_paid"}
    return {rid: win for rid, win in nets.items() if rid in paid}


@dataclass
class Played:
    path: Path
    journal: Journal
    rounds: list[list[Draft]]
    wins: dict[str, Fraction]


@pytest.fixture
def played(played_journal: Path, tmp_path: Path) -> Iterator[Played]:
    """A fresh journal of table T1 to write bank events into, and the played journal's rounds to replay in it."""
    with Journal.open_readonly(played_journal) as source:
        events = list(source.events())
    rounds: list[list[Draft]] = [[]]
    for e in events[1:]:
        if e.kind in BANK_KINDS:  # the simulation's own shift (uth-default keeps a bank): this test writes its own
            continue
        if e.kind == "round_opened" and rounds[-1]:
            rounds.append([])
        rounds[-1].append(Draft(e.kind, e.payload, e.actor, e.round_id))
    journal = Journal(tmp_path / "T1.sqlite", table_id="T1", purpose="simulation", game="uth")
    try:
        yield Played(journal.path, journal, rounds, round_wins(events))
    finally:
        journal.close()


def bank(journal: Journal, event: str, **payload: Any) -> None:
    journal.append(event, payload, actor="supervisor:0412" if event != "buy_in" else "croupier")


CHIPS_100 = ChipCount.of({Decimal(100): 20})
CHIPS_500 = ChipCount.of({Decimal(500): 4})


def test_a_shift_on_the_floor_has_every_figure_and_class(floor: Floor, played: Played) -> None:
    j = played.journal
    first, rest = played.rounds[:3], played.rounds[3:]  # the stations' start and rounds 1-2; rounds 3-8
    j.append_many(first[0])
    bank(j, "shift_opened", shift=1, gaming_day="2026-12-05", opener=OPENER, previous_closer=None,
         discrepancy="0", discrepancy_class="ok", dealer="D7", supervisor="0412")
    bank(j, "buy_in", shift=1, seat=2, kind="cash", amount="500", player="P-1001")
    bank(j, "buy_in", shift=1, seat=3, kind="marker", amount="300", player=None)
    bank(j, "slip_requested", shift=1, request="T1-R1", kind="fill", chips={"100": 20}, amount="2000", by="0412")
    with psycopg.connect(floor.station_url) as station:
        # the fill's number is asked before its request reaches the floor; the others after
        assert allocate_slip(station, "C1", SlipKind.FILL, "T1", "T1-R1", CHIPS_100) == 1
        bank(j, "slip_requested", shift=1, request="T1-R2", kind="credit", chips={"500": 4}, amount="2000", by="0412")
        bank(j, "slip_requested", shift=1, request="T1-R3", kind="fill", chips={"25": 40}, amount="1000", by="0412")
        forward(played.path, floor.station_url)
        assert allocate_slip(station, "C1", SlipKind.CREDIT, "T1", "T1-R2", CHIPS_500) == 1
        assert allocate_slip(station, "C1", SlipKind.FILL, "T1", "T1-R3", ChipCount.of({Decimal(25): 40})) == 2
    for request, slip, number, kind in (("T1-R1", "F000001", 1, "fill"), ("T1-R2", "C000001", 1, "credit"),
                                        ("T1-R3", "F000002", 2, "fill")):
        bank(j, "slip_issued", request=request, kind=kind, slip=slip, number=number)
    with psycopg.connect(floor.server.url(CAGE_ROLE, floor.dbname)) as cage:
        issue_slip(cage, "F000001", "anna", "cage")
        issue_slip(cage, "C000001", "anna", "cage")
        with psycopg.connect(floor.report_url) as pit:
            in_flight = {(s.slip, s.state.value, s.cage_may_confirm) for s in slips_in_flight(pit)}
        assert in_flight == {("F000001", "issued", False), ("C000001", "issued", True), ("F000002", "requested", False)}
        for drafts in first[1:]:
            j.append_many(drafts)
        bank(j, "slip_received", slip="F000001", kind="fill", chips={"100": 20}, amount="2000", dealer="D7",
             supervisor="0412")
        bank(j, "slip_received", slip="C000001", kind="credit", chips={"500": 4}, amount="2000", dealer="D7",
             supervisor="0412")
        bank(j, "slip_voided", slip="F000002", kind="fill", reason="asked twice", by="0777")
        win1 = sum((played.wins.get(d[0].round_id or "", Fraction(0)) for d in first[1:]), Fraction(0))
        skim = Fraction(25)
        closer1 = count_of(value(OPENER) + 2000 - 2000 - 800 + win1 - skim)
        bank(j, "shift_closed", shift=1, closer=closer1, dealer="D7", supervisor="0412", sensed=False)
        # shift 2: the opener is 5 short of the closer; rounds 3-8; closed exactly
        opener2 = dict(closer1, **{"1": closer1["1"] - 5})
        bank(j, "shift_opened", shift=2, gaming_day="2026-12-05", opener=opener2, previous_closer=closer1,
             discrepancy="-5", discrepancy_class="note", dealer="D8", supervisor="0413")
        for drafts in rest:
            j.append_many(drafts)
        win2 = sum((played.wins.get(d[0].round_id or "", Fraction(0)) for d in rest), Fraction(0))
        bank(j, "buy_in", shift=2, seat=1, kind="cash", amount="100", player=None)
        closer2 = count_of(value(opener2) - 100 + win2)
        bank(j, "shift_closed", shift=2, closer=closer2, dealer="D8", supervisor="0413", sensed=False)
        bank(j, "shift_opened", shift=3, gaming_day="2026-12-06", opener=closer2, previous_closer=closer2,
             discrepancy="0", discrepancy_class="ok", dealer="D8", supervisor="0413")
        forward(played.path, floor.station_url)
        confirm_credit(cage, "C000001", "ben", "cage")  # the credit's chips reached the cage: now it counts
    with psycopg.connect(floor.server.url(COUNT_ROLE, floor.dbname)) as count:
        enter_drops(count, [DropLine("T1", date(2026, 12, 5), 1, Decimal("790"))], "carl", "count", "screen")
        enter_drops(count, [DropLine("T1", None, 1, Decimal("800"))], "carl", "count", "screen")  # recounted
        enter_drops(count, [DropLine("T1", date(2026, 12, 5), 2, Decimal("90"))], "carl", "count", "csv")
        with pytest.raises(DropRefused, match="gaming day 2026-12-05, not 2026-12-06"):
            enter_drops(count, [DropLine("T1", date(2026, 12, 6), 2, Decimal("1"))], "carl", "count", "csv")
        with pytest.raises(DropRefused, match="the cage role may not"):
            enter_drops(count, [DropLine("T1", None, 2, Decimal("1"))], "carl", "cage", "screen")

    with psycopg.connect(floor.report_url) as pit:
        assert pit.execute("SELECT count(*) FROM floor.derive_errors").fetchone() == (0,)
        shifts = {s.shift: s for s in bank_shifts(pit)}
        assert set(shifts) == {1, 2, 3} and [s.shift for s in bank_shifts(pit, open_only=True)] == [3]
    one, two = shifts[1].figures, shifts[2].figures
    assert one is not None and two is not None and shifts[1].dealer == "D7"
    expected_acc1 = 800 + value(closer1) - value(OPENER) + 2000 - 2000
    assert (one.fills, one.credits, one.recorded_drop, one.drop) == (2000, 2000, 800, 800)
    assert Fraction(one.computed_win) == win1 and Fraction(one.accounting_win or 0) == expected_acc1
    assert Fraction(one.tray_variance or 0) == -skim and one.drop_variance == 0
    assert Fraction(one.win_variance or 0) == expected_acc1 - win1 == -skim
    assert (one.tray_class, one.drop_class, one.win_class, one.opener_class) == ("report", "ok", "report", None)
    assert [(p.kind.value, p.slip) for p in one.slip_problems] == []  # F000002 void still used its number
    # the variance's history: after the first count the drop was 10 short
    history = [(entry.amount, f.drop_variance, f.win_class) for entry, f in shifts[1].history()]
    assert history == [(Decimal("790"), Decimal("-10"), "report"), (Decimal("800"), Decimal("0"), "report")]
    assert Fraction(two.computed_win) == win2 and two.tray_variance == 0
    assert (two.drop_variance, two.drop_class, two.win_class) == (Decimal("-10"), "note", "note")
    assert (two.opener_discrepancy, two.opener_class) == (Decimal("-5"), "note")
    three = shifts[3].figures
    assert three is not None and three.closer_value is None and three.accounting_win is None
    days = daily_results(list(shifts.values()))
    assert [(r.day, r.drop, Fraction(r.win)) for r in days] == [
        (date(2026, 12, 5), Decimal("800"), expected_acc1),
        (date(2026, 12, 5), Decimal("90"), 90 + value(closer2) - value(opener2))]


def test_the_soft_counts_csv_is_all_or_nothing(floor: Floor, played: Played) -> None:
    j = played.journal
    for n in (1, 2):
        bank(j, "shift_opened", shift=n, gaming_day="2026-12-05", opener=OPENER, previous_closer=None,
             discrepancy="0", discrepancy_class="ok", dealer="D7", supervisor="0412")
        bank(j, "shift_closed", shift=n, closer=OPENER, dealer="D7", supervisor="0412", sensed=False)
    forward(played.path, floor.station_url)
    good = b"table_id,gaming_day,shift,amount\r\nT1,2026-12-05,1,1250.00\r\nT1,2026-12-05,2,0\r\n"
    assert parse_drop_csv(good) == [DropLine("T1", date(2026, 12, 5), 1, Decimal("1250.00")),
                                    DropLine("T1", date(2026, 12, 5), 2, Decimal("0"))]
    hostile = {
        b"": "empty",
        b"amount,table_id\nT1,5\n": "first line must be",
        b"table_id,gaming_day,shift,amount\nT1,2026-12-05,1,=HYPERLINK(\"x\")\n": "spreadsheet formula",
        b"table_id,gaming_day,shift,amount\nT1,2026-12-05,1,-5\n": "spreadsheet formula",
        b"table_id,gaming_day,shift,amount\nT1,2026-12-05,1,1e3\n": "line 2.amount",
        b"table_id,gaming_day,shift,amount\nT1,2026-12-05,1,NaN\n": "line 2.amount",
        b"table_id,gaming_day,shift,amount\nT1,2026-02-30,1,5\n": "gaming day is YYYY-MM-DD",
        b"table_id,gaming_day,shift,amount\nT1,2026-12-05,1,5,6\n": "5 columns",
        b"table_id,gaming_day,shift,amount\nT1,2026-12-05,1,5\nT1,2026-12-05,1,6\n": "also on line 2",
        b"table_id,gaming_day,shift,amount\nT1,2026-12-05,0,5\n": "line 2.shift",
        b"table_id,gaming_day,shift,amount\n\xff\xfe,1,1,1\n": "not UTF-8",
        b"table_id,gaming_day,shift,amount\nT 1,2026-12-05,1,5\n": "line 2.table_id",
        b"table_id,gaming_day,shift,amount\n" + b"T1,2026-12-05,1,5\n" * 70_000: "larger than",
    }
    for data, why in hostile.items():
        with pytest.raises(RecordError, match=why) as caught:
            parse_drop_csv(data)
        assert "\n" not in str(caught.value)
    # a line the floor refuses (a shift it does not hold) writes none of the file's lines
    lines = parse_drop_csv(good + b"T1,2026-12-05,9,5\r\n")
    with psycopg.connect(floor.server.url(COUNT_ROLE, floor.dbname)) as count:
        with pytest.raises(DropRefused, match="line 4: table T1 has no shift 9: nothing written"):
            enter_drops(count, lines, "carl", "count", "csv")
        assert count.execute("SELECT count(*) FROM floor.drops").fetchone() == (0,)
        assert enter_drops(count, parse_drop_csv(good), "carl", "count", "csv") == 2
        assert count.execute("SELECT table_id, shift, amount, source FROM floor.drops ORDER BY id").fetchall() == [
            ("T1", 1, Decimal("1250.00"), "csv"), ("T1", 2, Decimal("0"), "csv")]


def test_a_floor_at_0018_learns_the_shifts_it_already_holds(pg_server: Any, played: Played) -> None:
    from tests.floor.conftest import _names

    name = f"floor{next(_names)}"
    pg_server.create_database(name)
    url = pg_server.url(dbname=name)
    migrate(url, up_to=18)
    bank(played.journal, "shift_opened", shift=1, gaming_day="2026-12-05", opener=OPENER, previous_closer=None,
         discrepancy="0", discrepancy_class="ok", dealer="D7", supervisor="0412")
    bank(played.journal, "buy_in", shift=1, seat=2, kind="cash", amount="500", player=None)
    forward(played.path, url)
    assert migrate(url, up_to=19) == ["0019_table_bank"]
    with psycopg.connect(url) as conn:
        shifts = bank_shifts(conn)
        assert [(s.table_id, s.shift, s.gaming_day) for s in shifts] == [("T1", 1, date(2026, 12, 5))]
        figures = shifts[0].figures
        assert figures is not None and figures.recorded_drop == 500 and figures.opener_value == 12700
