"""The floor's months (migration 0021): a floor with rows partitioned in place, partitions made ahead, a
stray month moved out of the default partition, and months past the retention period exported whole."""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
from datetime import date
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import pytest

from dealer_station.floor.migrate import migrate
from dealer_station.floor.partitions import PARTITIONED, make_ahead, retention_years, retire
from dealer_station.floor.queries import RoundFilter, find_rounds, report_data
from dealer_station.floor.report_data import Period
from dealer_station.floor.verify import check_floor_chain, verify_against_floor
from dealer_station.journal import Journal
from dealer_station.shifts import DEFAULT_SHIFTS
from tests.floor.conftest import Floor
from tests.floor.test_ingest import forward
from tests.floor.years import dated_journal, month, play
from tests.pg import PostgresServer

FACT_ORDER = {"events": "table_id, seq", "faults": "table_id, seq", "supervisor_actions": "table_id, seq",
              "jackpot_events": "table_id, seq", "rounds": "table_id, round_id"}


def rows(url: str, table: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(url) as conn:
        return [tuple(r) for r in conn.execute(f"SELECT * FROM floor.{table} ORDER BY {FACT_ORDER[table]}")]


def placement(url: str, table: str) -> dict[str, set[str]]:
    """partition -> the months (YYYY-MM, read from the row's own time) of the rows it holds."""
    found: dict[str, set[str]] = {}
    with psycopg.connect(url) as conn:
        conn.execute("SET TIME ZONE 'UTC'")
        for part, when in conn.execute(f"SELECT tableoid::regclass::text, at::text FROM floor.{table}"):
            found.setdefault(part.removeprefix("floor."), set()).add(when[:7])
    return found


def test_a_floor_with_rows_is_partitioned_in_place_and_keeps_ingesting(pg_server: PostgresServer,
                                                                       tmp_path: Path) -> None:
    url = pg_server.create_database("floor_parts_inplace")
    path = tmp_path / "P1.sqlite"
    clock = dated_journal(path, "P1", [month(2019, 3), month(2019, 4), month(2026, 11)])
    migrate(url, up_to=20)
    forward(path, url, "P1")
    before = {table: rows(url, table) for table in FACT_ORDER}
    assert all(before[t] for t in FACT_ORDER)
    views = "SELECT * FROM floor.test_months ORDER BY 1"
    with psycopg.connect(url) as conn:  # views over the tables (as 0020's player views): made again after
        conn.execute("CREATE VIEW floor.test_kinds AS SELECT table_id, left(at, 7) AS month, kind FROM floor.events")
        conn.execute("CREATE VIEW floor.test_months AS SELECT month, count(*) FROM floor.test_kinds GROUP BY 1")
        conn.execute("GRANT SELECT ON floor.test_months TO PUBLIC")
        counted = conn.execute(views).fetchall()
    assert migrate(url) == ["0021_monthly_partitions"]
    with psycopg.connect(url) as conn:
        assert conn.execute(views).fetchall() == counted
        assert conn.execute("SELECT has_table_privilege('public', 'floor.test_months', 'SELECT')").fetchone() == (True,)
    for table in FACT_ORDER:
        assert rows(url, table) == before[table], table
    with psycopg.connect(url) as conn:
        kinds = dict(conn.execute("SELECT relname, relkind::text FROM pg_class WHERE relnamespace = 'floor'::regnamespace "
                                  "AND relname = ANY(%s)", (list(PARTITIONED),)).fetchall())
    assert kinds == {t: "p" for t in PARTITIONED}
    for table in PARTITIONED:  # each row in its own month's partition, named by it
        for part, months in placement(url, table).items():
            assert len(months) == 1 and part == f"{table}_{months.pop().replace('-', '_')}", (table, part)
    # The chain still extends: more records, a resent journal adds nothing, the floor's copy verifies.
    with Journal(path, table_id="P1", clock=clock) as journal:
        play(journal, clock, "P1", 100, [month(2026, 12)])
    forward(path, url, "P1")
    forward(path, url, "P1")
    with psycopg.connect(url) as conn:
        seqs = [r[0] for r in conn.execute("SELECT seq FROM floor.events WHERE table_id = 'P1' ORDER BY seq")]
        assert seqs == list(range(1, len(seqs) + 1))
        with Journal.open_readonly(path) as journal:
            assert seqs[-1] == journal.last_seq
        assert check_floor_chain(conn, "P1").ok
    assert verify_against_floor(path, url).ok


def test_a_record_a_second_time_is_refused_even_in_another_month(floor: Floor, tmp_path: Path) -> None:
    """(table_id, seq) stays unique although the key holds the time: ingest only inserts past the held seq."""
    path = tmp_path / "D1.sqlite"
    dated_journal(path, "D1", [month(2026, 10)], per_month=1)
    forward(path, floor.owner_url, "D1")
    with psycopg.connect(floor.owner_url) as conn:
        held = conn.execute("SELECT count(*) FROM floor.events WHERE table_id = 'D1'").fetchone()
        row = conn.execute("SELECT seq, at, round_id, kind, actor, payload::text, prev_hash, hash FROM floor.events "
                           "WHERE table_id = 'D1' AND seq = 2").fetchone()
        assert row is not None
        answer = conn.execute(
            "SELECT status, inserted FROM floor.ingest('D1', %s, %s, ARRAY[%s]::bigint[], ARRAY['2026-11-01T00:00:00Z'], "
            "ARRAY[%s], ARRAY[%s], ARRAY[%s], ARRAY[%s], ARRAY[%s], ARRAY[%s])",
            (held[0] if held else 0, "0" * 64, row[0], row[2], row[3], row[4], row[5], row[6], row[7])).fetchone()
        assert answer is not None and answer[1] == 0 and answer[0] == "refused"
        assert conn.execute("SELECT count(*) FROM floor.events WHERE table_id = 'D1'").fetchone() == held


def test_partitions_are_made_ahead_and_a_stray_month_leaves_the_default(floor: Floor, tmp_path: Path) -> None:
    made = make_ahead(floor.owner_url, 2, today=date(2031, 5, 20))
    assert set(made) == {f"{t}_2031_{m:02d}" for t in PARTITIONED for m in (5, 6, 7)}
    assert make_ahead(floor.owner_url, 2, today=date(2031, 5, 20)) == []  # made once
    path = tmp_path / "S1.sqlite"
    dated_journal(path, "S1", [month(2032, 2)], per_month=1)  # a clock years ahead: no month for it yet
    forward(path, floor.owner_url, "S1")
    assert {p for p, months in placement(floor.owner_url, "events").items() if "2032-02" in months} == {"events_default"}
    before = rows(floor.owner_url, "events")
    assert "events_2032_02" in make_ahead(floor.owner_url, 0, today=date(2032, 2, 1))
    assert rows(floor.owner_url, "events") == before
    for table in PARTITIONED:
        where = {p for p, months in placement(floor.owner_url, table).items() if "2032-02" in months}
        assert where == {f"{table}_2032_02"}, table


def _csv_rows(path: Path) -> list[list[str]]:
    with gzip.open(path, "rb") as raw, io.TextIOWrapper(raw, encoding="utf-8", newline="") as text:
        return list(csv.reader(text))[1:]


def test_months_past_the_retention_period_are_exported_whole_then_detached(floor: Floor, tmp_path: Path) -> None:
    path = tmp_path / "R1.sqlite"
    dated_journal(path, "R1", [month(2019, 3), month(2019, 4), month(2026, 11)])
    forward(path, floor.owner_url, "R1")
    with psycopg.connect(floor.owner_url) as conn:
        march = [tuple(str(v) if v is not None else "" for v in r) for r in conn.execute(
            "SELECT table_id, seq, at, payload::text, hash FROM floor.events WHERE at LIKE '2019-03%' ORDER BY seq")]
        rounds_march = conn.execute("SELECT count(*) FROM floor.rounds WHERE ended_at < '2019-04-01Z'").fetchone()
        others = conn.execute("SELECT count(*) FROM floor.events WHERE at >= '2019-04'").fetchone()
    assert march and rounds_march == (2,)
    out = tmp_path / "export"
    assert retention_years("us", None) == 7
    retired = retire(floor.owner_url, out, 7, "us", today=date(2026, 4, 2))  # keeps April 2019 on
    assert {(r.table, r.month) for r in retired} >= {("events", date(2019, 3, 1)), ("rounds", date(2019, 3, 1))}
    assert {r.month for r in retired} == {date(2019, 3, 1), date(2000, 1, 1)}  # and the journal's creation
    events = next(r for r in retired if r.table == "events" and r.month == date(2019, 3, 1))
    assert events.file == out / "events" / "events_2019_03.csv.gz" and events.rows == len(march)
    sidecar = events.file.with_name(events.file.name + ".sha256").read_text().split()
    assert sidecar == [hashlib.sha256(events.file.read_bytes()).hexdigest(), events.file.name]
    exported = [(r[0], r[1], r[2], r[6], r[8]) for r in _csv_rows(events.file)]  # table_id, seq, at, payload, hash
    assert exported == march
    with psycopg.connect(floor.owner_url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.events WHERE at < '2019-04'").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM floor.events").fetchone() == others
        assert conn.execute("SELECT to_regclass('floor.events_2019_03')").fetchone() == (None,)
        assert conn.execute("SELECT count(*) FROM floor.rounds WHERE ended_at < '2019-04-01Z'").fetchone() == (0,)
        kept = conn.execute("SELECT table_name, rows, sha256, retention FROM floor.retired_partitions "
                            "WHERE month = '2019-03-01' ORDER BY table_name").fetchall()
        assert ("events", len(march), events.sha256, "us: 7 years") in kept
        with pytest.raises(psycopg.errors.RaiseException):
            conn.execute("DELETE FROM floor.retired_partitions")
        conn.rollback()
        chain = check_floor_chain(conn, "R1")  # starts after the last retired record
        assert chain.ok and chain.checked_seq == max(r[0] for r in conn.execute(
            "SELECT seq FROM floor.events WHERE table_id = 'R1'"))
        data = report_data(conn, Period(None, None, ZoneInfo("UTC"), DEFAULT_SHIFTS))
        assert sum(r.rounds for r in data.rounds) == 4  # April 2019 and November 2026
        assert len(find_rounds(conn, RoundFilter(tables=("R1",)))) == 4
    assert retire(floor.owner_url, out, 7, "us", today=date(2026, 4, 2)) == []  # nothing left to retire


def test_the_partitions_command_makes_months_and_refuses_bad_options_in_one_line(
        floor: Floor, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_station.cli import main

    assert main(["floor", "partitions", "--floor", floor.owner_url, "--ahead", "1", "--as-of", "2040-01-31"]) == 0
    out = capsys.readouterr().out
    assert out.strip() == "partitions made: " + ", ".join(f"{t}_2040_{m:02d}" for m in (1, 2) for t in sorted(PARTITIONED))
    for args in (["--retire"], ["--years", "5"], ["--retire", "--export-dir", str(tmp_path), "--jurisdiction", "mars"],
                 ["--as-of", "2040-13-01"], ["--ahead", "-1"], ["--retire", "--export-dir", str(tmp_path), "--years", "0"]):
        try:
            code = main(["floor", "partitions", "--floor", floor.owner_url, *args])
        except SystemExit as exc:  # argparse's own refusals
            code = int(exc.code or 0)
        err = capsys.readouterr().err
        assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)
    assert not any(tmp_path.iterdir())  # nothing exported by a refused command
    with psycopg.connect(floor.owner_url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.retired_partitions").fetchone() == (0,)
