"""The floor's measures declared once, and the fact trigger in small functions (migration 0009).

A floor filled by the code before 0009 reports the same figures after it; a floor at 0007 and one
at the latest schema derive the same facts, row for row, from the same events (odd payloads and
derive errors included); every measure reaches the report's rows and a column.
"""

from __future__ import annotations

import json
from dataclasses import fields
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import pytest

from dealer_station.figures.facts import Facts, RoundFact, derive
from dealer_station.figures.measures import MEASURES, Tally
from dealer_station.floor.migrate import current_version, migrate
from dealer_station.floor.queries import REPORT_SCHEMA, _report_data, report_data
from dealer_station.floor.render import as_json
from dealer_station.floor.report import COLUMNS, ReportRow, make_report
from dealer_station.floor.report_data import Period, RoundSums
from dealer_station.journal import Journal
from dealer_station.shifts import DEFAULT_SHIFTS
from tests.floor.corrections import add_corrections
from tests.floor.test_ingest import forward
from tests.floor.test_report import assert_floor_equals_facts
from tests.pg import PostgresServer

SUPERVISOR = "supervisor:0412"
PERIOD = Period(None, None, ZoneInfo("Europe/Malta"), DEFAULT_SHIFTS)
DERIVED = {  # every table the fact triggers write, in a stable order
    "rounds": "table_id, round_id",
    "faults": "table_id, seq",
    "supervisor_actions": "table_id, seq",
    "jackpot_events": "table_id, seq",
    "derive_errors": "table_id, seq",
}


def test_every_measure_is_a_tally_field_summing_a_round_fact_and_has_a_report_column() -> None:
    tally = [f.name for f in fields(Tally)]
    assert [m.name for m in MEASURES] == tally == ["rounds", "voids", "handle", "win", "rake", "sensed_rounds",
                                                   "past_posts", "pinches", "overrides", "mispays", "mispaid",
                                                   "losing_left", "counterfeits"]
    facts = {f.name for f in fields(RoundFact)}
    assert all(m.fact is None or m.fact in facts for m in MEASURES)
    assert issubclass(RoundSums, Tally) and issubclass(ReportRow, Tally)
    keys = {c.key for c in COLUMNS}
    assert {m.name for m in MEASURES} <= keys  # a measure without a column would be summed and never shown


def test_a_round_adds_to_the_measures_it_counts() -> None:
    paid = RoundFact("T1", "r1", outcome="paid", handle=Decimal(40), win=Decimal(-5), rake=Decimal(1))
    voided = RoundFact("T1", "r2", outcome="voided", handle=Decimal(9))  # a void never adds its stakes
    sums = RoundSums("T1", "uth", None, datetime(2026, 12, 1, 10))
    for rnd in (paid, voided, RoundFact("T1", "r3")):
        sums.add_round(rnd)
    assert (sums.rounds, sums.voids, sums.handle, sums.win, sums.rake) == (1, 1, Decimal(40), Decimal(-5), Decimal(1))
    row = ReportRow("all", "uth", "all", "all")
    row.add(sums)
    row.add(sums)
    assert (row.rounds, row.voids, row.handle, row.win, row.rake) == (2, 2, Decimal(80), Decimal(-10), Decimal(2))
    assert [m.sql for m in MEASURES][:3] == ["count(*) FILTER (WHERE outcome = 'paid')",
                                             "count(*) FILTER (WHERE outcome = 'voided')",
                                             "coalesce(sum(handle) FILTER (WHERE outcome = 'paid'), 0)"]


def _figures(url: str) -> dict[str, Any]:
    """Everything a report of the floor computes with: the rows and totals (every measure, voids by cause,
    faults, supervisor actions, jackpot), the stake sums par is computed from, the supervisor list."""
    with psycopg.connect(url) as conn:
        if current_version(conn) < REPORT_SCHEMA:  # a floor not migrated yet: read as the report reads it
            held = {row[0] for row in conn.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = 'floor' "
                "AND table_name = 'rounds'")}  # the measures it has the facts of (the others: 0)
            with conn.transaction():
                conn.execute("SET LOCAL jit = off")
                data = _report_data(conn, PERIOD, None, True, [m for m in MEASURES if m.fact is None or m.fact in held],
                                    dealers="dealer" in held)
        else:
            data = report_data(conn, PERIOD)
    report = make_report(data, ("table", "game", "day", "shift"), lambda game, paytables: None)
    doc = json.loads(as_json(report))
    stakes = sorted((s.table_id, s.game, s.paytables, s.bucket.isoformat(), s.spot, s.total, s.squares,
                     s.total_squared) for s in data.stakes)
    return {"rows": doc["rows"], "totals": doc["totals"], "supervisor": doc["supervisor_actions"], "stakes": stakes,
            "alarms": sorted((a["table"], a["first_bad_seq"], a["reason"]) for a in doc["alarms"])}


def _columns(url: str) -> dict[str, str]:
    """Each derived table's columns, in order (a later migration adds some: compare on an older floor's)."""
    with psycopg.connect(url) as conn:
        return {table: ", ".join(r[0] for r in conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = 'floor' AND table_name = %s "
            "ORDER BY ordinal_position", (table,))) for table in DERIVED}


def _derived(url: str, columns: dict[str, str] | None = None) -> dict[str, list[tuple[Any, ...]]]:
    with psycopg.connect(url) as conn:
        return {table: [tuple(r) for r in conn.execute(
                    f"SELECT {columns[table] if columns else '*'} FROM floor.{table} ORDER BY {order}")]
                for table, order in DERIVED.items()}


def test_a_floor_filled_at_0007_reports_the_same_figures_after_0009(
        pg_server: PostgresServer, journal_copy: Path, thb_journal: Path) -> None:
    """Filled by the code before the measures and the small functions, migrated, read by the code after."""
    add_corrections(journal_copy)  # adjustments before and after round_paid, poker hands, jackpot facts
    pg_server.create_database("floor_at_v7_measures")
    url = pg_server.url(dbname="floor_at_v7_measures")
    assert migrate(url, up_to=7)[-1] == "0007_never_wedged"
    forward(journal_copy, url)
    forward(thb_journal, url, table_id="T2")
    before, held = _figures(url), _derived(url)
    assert {r["game"] for r in before["rows"]} == {"uth", "holdem", "holdem_bonus"}
    assert Decimal(before["totals"]["rake"]) > 0 and before["totals"]["voids"] > 0
    assert before["totals"]["jackpot"] and before["stakes"]
    applied = migrate(url, up_to=9)
    assert applied == ["0008_par_sheets", "0009_small_fact_functions"]
    assert _derived(url) == held  # the migration re-derives nothing: the rules did not change
    assert _figures(url) == before
    migrate(url)  # and on to the latest (0010 the link, 0012 the bet sensor's facts; these tables have none)
    assert _figures(url) == before
    # New events after the migration: the small functions derive what facts.py derives.
    third, fourth = journal_copy.with_name("T3.sqlite"), journal_copy.with_name("T4.sqlite")
    _copy_as(journal_copy, "T1", third, "T3")  # adjustments, poker hands
    _copy_as(thb_journal, "T2", fourth, "T4")  # Pool meters, a jackpot verification hold
    forward(third, url, table_id="T3")
    forward(fourth, url, table_id="T4")
    facts = derive_all(journal_copy, thb_journal, third, fourth)
    assert {r.table_id for r in facts.rounds.values() if r.adjusted} == {"T1", "T3"}
    assert_floor_equals_facts(url, facts)


def derive_all(*paths: Path) -> Facts:
    facts = Facts()
    for path in paths:
        with Journal.open_readonly(path) as journal:
            derive(journal.events(), facts)
    return facts


def _copy_as(source: Path, source_id: str, target: Path, table_id: str) -> None:
    """The same events journaled as another table (its own chain)."""
    with Journal.open_readonly(source) as journal, Journal(target, table_id=table_id) as copy:
        for e in journal.events():
            if e.seq == 1:
                continue  # the journal's own purpose record
            rid = e.round_id.replace(f"{source_id}-", f"{table_id}-") if e.round_id else None
            payload = json.loads(json.dumps(e.payload).replace(f'"{source_id}-', f'"{table_id}-'))
            copy.append(e.kind, payload, actor=e.actor, round_id=rid)


def odd_journal(path: Path) -> None:
    """Events the reports read, in every shape a station could send: missing fields, wrong types,
    a hold that is not a fault, a reason given later, an adjustment without a round."""
    with Journal(path, table_id="X1") as j:
        def round_(rid: str, *events: tuple[str, dict[str, Any], str]) -> None:
            for kind, payload, actor in events:
                j.append(kind, payload, actor=actor, round_id=rid)

        record = {"game": "uth", "paytables": {"trips": {"flush": "7"}},
                  "seats": [{"seat": 2, "bets": {"ante": "5", "blind": "5"}, "actions": ["play2x"]},
                            {"seat": 1, "bets": {"ante": "10", "blind": "10", "trips": "5"}, "actions": ["check", "fold"]}]}
        round_("X1-1", ("round_opened", {"round_id": "X1-1", "number": 1}, "croupier"),
               ("settled", {"record": record, "settlement": {"seats": [{"seat": 1, "net": "-25"},
                                                                       {"seat": 2, "net": "12.50"}]}}, "station"),
               ("supervisor_auth", {"badge": "0412", "ok": True, "action": "adjust"}, "croupier"),
               ("round_adjusted", {"round_id": "X1-1", "adjustments": {"2": "2.50"}, "reason": "short"}, SUPERVISOR),
               ("round_paid", {"house_net": "12.50"}, "croupier"))  # no handle: the record's
        round_("X1-2", ("round_opened", {"round_id": "X1-2", "number": "two"}, "croupier"))  # a derive error
        round_("X1-3", ("round_opened", {"round_id": "X1-3", "number": 3}, "croupier"),
               ("settled", {"record": record, "settlement": {"seats": [{"seat": 1, "net": "lots"}]}}, "station"),
               ("halted", {"kind": "jackpot_verify", "cause": "jackpot_hit", "device": None}, "station"),
               ("halted", {"kind": "fault", "cause": "jam", "device": "shuffler", "text": "jammed"}, "station"),
               ("supervisor_auth", {"badge": "0412", "ok": True, "action": "clear"}, "croupier"),
               ("halt_cleared", {"reason": "cleared the jam"}, SUPERVISOR),
               ("supervisor_auth", {"badge": "0977", "ok": False, "action": "void", "reason": "wrong pin"}, "croupier"),
               ("supervisor_auth", {"badge": "0412", "ok": True, "action": "void"}, "croupier"),
               ("round_voided", {"cause": "jam", "by": SUPERVISOR, "reason": "cards mixed", "record": "none"},
                SUPERVISOR))
        round_("X1-4", ("round_opened", {"round_id": "X1-4", "number": 4}, "croupier"),
               ("settled", {"record": {"game": "holdem", "seats": []}, "settlement": {"seats": [], "rake": "2"}},
                "station"),
               ("jackpot_contribution", {"seat": 1, "to_meter": "0.20", "to_overflow": "0.05"}, "station"),
               ("jackpot_award", {"seat": 1, "category": "royal", "amount": "100"}, "station"),
               ("jackpot_reversal", {"of": {"seat": 1, "amount": "100"}}, "station"),
               ("supervisor_auth", {"badge": "0412", "ok": "perhaps", "action": "adjust"}, "croupier"),
               ("round_paid", {"rake": "3"}, "croupier"))  # no house_net: a hand's win is its rake
        for kind, payload in (("round_adjusted", {"adjustments": {"1": "1"}}),  # names no round
                              ("device_status", {"device": "reader", "state": "fault:E7"}),
                              ("device_fault", {"device": "shuffler", "code": "E1", "text": "door"}),
                              ("round_paid", {"round_id": "X1-9", "house_net": "x"})):
            j.append(kind, payload, actor=SUPERVISOR if kind == "round_adjusted" else "station")


def test_the_small_functions_derive_what_the_0007_trigger_derived_row_for_row(
        pg_server: PostgresServer, journal_copy: Path, thb_journal: Path, tmp_path: Path) -> None:
    odd = tmp_path / "X1.sqlite"
    odd_journal(odd)
    add_corrections(journal_copy)
    urls = []
    for version, name in ((7, "floor_facts_v7"), (None, "floor_facts_latest")):
        pg_server.create_database(name)
        url = pg_server.url(dbname=name)
        migrate(url, up_to=version)
        for path, table_id in ((journal_copy, "T1"), (thb_journal, "T2"), (odd, "X1")):
            forward(path, url, table_id=table_id)
        urls.append(url)
    held = _columns(urls[0])
    at_7, latest = (_derived(url, held) for url in urls)
    assert latest == at_7
    with psycopg.connect(urls[1]) as conn:  # no table has a bet sensor: its facts stay 0
        assert conn.execute("SELECT count(*), sum(sensed + past_posts + pinches + overrides + mispays + losing_left "
                            "+ counterfeits), sum(mispaid) FROM floor.rounds").fetchone() == (len(latest["rounds"]), 0, 0)
    errors = {kind for _, _, kind, _ in latest["derive_errors"]}
    assert errors == {"round_opened", "settled", "round_adjusted", "supervisor_auth", "round_paid"}
    faults = {(t, code) for t, _, _, _, _, _, code, _ in latest["faults"]}
    assert ("X1", "jam") in faults and ("X1", "E7") in faults and ("X1", "jackpot_hit") not in faults
    x1 = {r[1]: r for r in latest["rounds"] if r[0] == "X1"}
    assert set(x1) == {"X1-1", "X1-3", "X1-4"}
    assert _figures(urls[0]) == _figures(urls[1])


@pytest.fixture(scope="module")
def thb_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """THB rounds with Pool hits held for a supervisor (jackpot_verify) and jams."""
    from dealer_station.play.simulate import simulate
    from dealer_station.profile_loader import load_profile

    path = tmp_path_factory.mktemp("thb-measures") / "T2.sqlite"
    simulate(load_profile("thb-default"), rounds=4, seed=4, seats=4, journal=path, progress=None,
             faults={"pool_hit": 1.0, "jam": 0.5})
    with Journal.open_readonly(path) as journal:
        assert {"jackpot_verify", "fault"} <= {e.payload["kind"] for e in journal.events(kinds={"halted"})}
    return path
