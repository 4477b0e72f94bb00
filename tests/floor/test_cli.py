"""The floor's command lines: migrate, verify against the floor, multi-table simulate with a floor."""

from __future__ import annotations

import itertools
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from dealer_station.floor.db import FloorError
from dealer_station.floor.journal_rows import JournalRows
from dealer_station.floor.migrate import migrate, migrations
from tests import cli as station_cli
from tests.floor.conftest import Floor
from tests.floor.tamper import rewrite_from, truncate_after
from tests.floor.test_ingest import forward
from tests.pg import PostgresServer

UNREACHABLE = "postgresql://floor_station@%2Fnonexistent-socket-dir/floor"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True, timeout=300)


def test_migrate_is_versioned_and_idempotent(floor: Floor) -> None:
    again = cli("floor", "migrate", "--floor", floor.owner_url)
    assert again.returncode == 0 and "nothing to apply" in again.stdout
    with psycopg.connect(floor.owner_url) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM floor.schema_migrations ORDER BY version")]
        assert versions == [m.version for m in migrations()] == [*range(1, 19), 20]  # 0019: bank-floor
        conn.execute("UPDATE floor.schema_migrations SET checksum = 'x' WHERE version = 2")
    with pytest.raises(FloorError, match="changed after it was applied"):
        migrate(floor.owner_url)


def test_journal_verify_against_the_floor(floor: Floor, journal_copy: Path) -> None:
    forward(journal_copy, floor.station_url)
    ok = cli("journal", "verify", "--journal", str(journal_copy), "--floor", floor.report_url)
    assert ok.returncode == 0 and "equals what the floor holds" in ok.stdout
    rewrite_from(journal_copy, 33, {"edited": 1})
    assert cli("journal", "verify", "--journal", str(journal_copy)).returncode == 0  # fine on its own
    bad = cli("journal", "verify", "--journal", str(journal_copy), "--floor", floor.report_url)
    assert bad.returncode == 1 and "DIVERGES from the floor at seq 33" in bad.stdout


def test_journal_verify_names_truncation_and_unreachable_floor(floor: Floor, journal_copy: Path) -> None:
    forward(journal_copy, floor.station_url)
    truncate_after(journal_copy, 77)
    bad = cli("journal", "verify", "--journal", str(journal_copy), "--floor", floor.report_url)
    assert bad.returncode == 1 and "at seq 78" in bad.stdout and "truncated or an older copy" in bad.stdout
    down = cli("journal", "verify", "--journal", str(journal_copy), "--floor", UNREACHABLE)
    assert down.returncode == 2 and len(down.stderr.strip().splitlines()) == 1 and "cannot connect" in down.stderr


def test_simulate_tables_forward_to_one_floor(floor: Floor, tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()  # a folder outside var/ must exist (issue 38)
    done = cli("simulate", "--tables", "3", "--rounds", "3", "--seats", "2", "--floor", floor.station_url,
               "--journal-dir", str(tmp_path / "tables"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("floor acknowledged") == 3
    with psycopg.connect(floor.report_url) as conn:
        held = dict(conn.execute("SELECT table_id, last_seq FROM floor.stations").fetchall())
        rounds = dict(conn.execute("SELECT table_id, count(*) FROM floor.rounds GROUP BY 1").fetchall())
    assert sorted(held) == ["T01", "T02", "T03"] and all(n == 3 for n in rounds.values())
    for table_id, seq in held.items():
        with JournalRows(tmp_path / "tables" / f"{table_id}.sqlite") as rows:
            assert rows.tail()[0] == seq and rows.table_id == table_id


def test_simulate_refuses_a_floor_it_cannot_reach_at_once_writing_nothing(tmp_path: Path) -> None:
    started = time.monotonic()
    done = cli("simulate", "--rounds", "1", "--seats", "1", "--floor", UNREACHABLE, "--journal", str(tmp_path / "T1.sqlite"))
    many = cli("simulate", "--tables", "4", "--rounds", "1", "--seats", "1", "--floor", UNREACHABLE,
               "--journal-dir", str(tmp_path / "many"))
    assert time.monotonic() - started < 30  # was 60 s per table, one after another
    for out in (done, many):
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert "cannot connect to the floor" in out.stderr and "Traceback" not in out.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def bare_database(pg_server: PostgresServer) -> str:
    """A database nobody ran `floor init-roles` on."""
    name = f"bare{next(_bare)}"
    return pg_server.create_database(name)


_bare = itertools.count(1)


def test_simulate_against_a_floor_never_initialised_says_what_to_run(bare_database: str, tmp_path: Path) -> None:
    started = time.monotonic()
    out = cli("simulate", "--tables", "3", "--rounds", "1", "--seats", "1", "--floor", bare_database,
              "--journal-dir", str(tmp_path / "many"))
    assert time.monotonic() - started < 20
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "run `dealer-station floor init-roles`" in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "many").exists()


def test_a_forwarder_does_not_wait_on_a_missing_schema_as_if_it_were_an_outage(bare_database: str,
                                                                               journal_copy: Path) -> None:
    from dealer_station.floor.forwarder import Forwarder

    fw = Forwarder(journal_copy, bare_database, "T1", backoff_cap=30.0).start()
    try:
        started = time.monotonic()
        assert not fw.wait_acknowledged(60.0)
        assert time.monotonic() - started < 10
        status = fw.status()
        assert status.unready and "run `dealer-station floor init-roles`" in (status.last_error or "")
    finally:
        fw.stop()


def test_acknowledgements_are_awaited_side_by_side_with_progress(tmp_path: Path, played_journal: Path) -> None:
    """Three journals, a floor that is down: one wait of the timeout in all (not one per journal), and
    lines that say who waits for what."""
    from dealer_station.play.simulate_tables import acknowledge_all
    from tests.floor.tamper import copy_journal

    journals = []
    for table_id in ("T1", "T2", "T3"):
        copy_journal(played_journal, tmp_path / f"{table_id}.sqlite")
        journals.append((tmp_path / f"{table_id}.sqlite", table_id))
    lines: list[str] = []
    started = time.monotonic()
    acks = acknowledge_all(journals, UNREACHABLE, timeout=2.5, progress=lines.append)
    took = time.monotonic() - started
    assert 2.5 <= took < 7.5  # one after another: 7.5 s or more
    assert [ok for ok, _ in acks] == [False, False, False]
    assert all("cannot connect" in (status.last_error or "") for _, status in acks)
    assert lines and all(line.startswith("waiting for the floor: 0/3 journals done") for line in lines), lines


def test_what_the_floor_cannot_answer_is_one_line_saying_what_to_do(
        floor: Floor, bare_database: str, journal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each of these was a traceback (OverflowError, QueryCanceled, UndefinedTable, InsufficientPrivilege)."""
    from dealer_station.cli import main

    forward(journal_copy, floor.station_url)
    slow = floor.report_url + "?options=-c%20statement_timeout%3D1"
    cases = [
        (["report", "--floor", floor.report_url, "--to", "9999-12-31", "--quiet"], "out of range"),
        (["rounds", "--floor", floor.report_url, "--to", "9999-12-31"], "out of range"),
        (["rounds", "--floor", floor.report_url, "--from", "0001-01-01", "--tz", "Pacific/Kiritimati"], "out of range"),
        (["rounds", "--floor", slow], "statement_timeout"),
        (["report", "--floor", slow, "--quiet"], "statement_timeout"),
        (["rounds", "--floor", bare_database], "run `dealer-station floor init-roles`"),
        (["journal", "verify", "--journal", str(journal_copy), "--floor", bare_database],
         "run `dealer-station floor init-roles`"),
        (["rounds", "--floor", floor.station_url], "the report role only reads"),
        (["report", "--floor", floor.station_url, "--quiet"], "the report role only reads"),
    ]
    # The statement_timeout cases must time out whatever the machine's speed: a transaction of the
    # owner's holds the tables they read, so their first query waits, and is cancelled at 1 ms.
    for args, says in cases:
        holder = psycopg.connect(floor.owner_url) if slow in args else None
        if holder is not None:
            holder.execute("LOCK TABLE floor.rounds, floor.events IN ACCESS EXCLUSIVE MODE")
        try:
            code = main(args)
        finally:
            if holder is not None:
                holder.rollback()
                holder.close()
        err = capsys.readouterr().err
        assert code == 2, (args, err)
        assert len(err.strip().splitlines()) == 1 and says in err and "Traceback" not in err, (args, err)
    assert main(["rounds", "--floor", floor.report_url, "--to", "9999-12-30"]) == 0  # the last day is fine
    capsys.readouterr()
    for value in ("nan", "inf", "-1", "1e9"):
        with pytest.raises(SystemExit) as refused:
            main(["floor", "forward", "--journal", str(journal_copy), "--floor", floor.station_url, "--until-acked",
                  "--timeout", value])
        err = capsys.readouterr().err
        assert refused.value.code == 2 and "--timeout: must be a number of seconds" in err, (value, err)


def test_bad_floor_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_station.cli import main

    for args in (("report",), ("rounds",), ("report", "--floor", "x", "--tz", "Mars/Olympus"),
                 ("report", "--floor", "x", "--shifts", "25:00"), ("report", "--floor", "x", "--by", "colour"),
                 ("report", "--floor", "x", "--from", "yesterday"), ("simulate", "--rounds", "1", "--tables", "0"),
                 ("report", "--floor", UNREACHABLE, "--quiet"), ("rounds", "--floor", UNREACHABLE)):
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse's own refusals
            code = int(exc.code or 0)
        err = capsys.readouterr().err
        assert code == 2, args
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)


def test_simulate_tables_plays_a_mixed_floor_from_a_list_of_profiles(tmp_path) -> None:
    """``--config`` with ``--tables`` takes a list: table i plays profile i mod n, with the
    seats and faults its game allows (poker needs two seats, pool_hit is THB's only)."""
    import json as _json
    import sys

    from dealer_station.journal import Journal

    out = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "3", "--rounds", "2",
                          "--seats", "1", "--faults", "pool_hit:0.5", "--json", "--journal-dir", str(tmp_path),
                          "--config", "uth-default,thb-default,holdem-nl-1-2"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    tables = _json.loads(out.stdout)["tables"]
    assert [t["table_id"] for t in tables] == ["T01", "T02", "T03"] and not any(t["error"] for t in tables)
    games = []
    for table in tables:
        with Journal.open_readonly(table["journal"]) as journal:
            games.append(next(e.payload["record"]["game"] for e in journal.events(kinds={"settled"})))
    assert games == ["uth", "holdem_bonus", "holdem"]
    (tmp_path / "text").mkdir()
    text = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--rounds", "1",
                           "--seats", "2", "--journal-dir", str(tmp_path / "text"), "--config", "uth-default,holdem-nl-1-2"],
                          capture_output=True, text=True, timeout=300)
    assert text.returncode == 0, text.stderr[-2000:]
    lines = text.stdout.splitlines()
    assert lines[0].startswith("T01: rounds completed 1, house net ") and lines[1].startswith("T02: hands completed 1, rake ")
    bad = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--rounds", "1",
                          "--journal-dir", str(tmp_path / "x"), "--config", "uth-default,,thb-default"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and not (tmp_path / "x").exists()


def test_only_a_live_journal_goes_to_the_profiles_floor_by_default(tmp_path: Path) -> None:
    """A demo or simulation under a live table's id never reaches the casino's floor unless sent there."""
    from dealer_station.profile_loader import config_dir, load_profile
    from dealer_station.station import Station

    profile = tmp_path / "uth-with-floor.toml"
    profile.write_text((config_dir() / "uth-default.toml").read_text().replace(  # its program images stay put
        "[devices]", f'[devices]\nprograms = "{config_dir() / "programs"}"', 1)
                       + f'\n[floor]\nurl = "{UNREACHABLE}"\n', encoding="utf-8")
    table = load_profile(str(profile))
    assert Station(table, journal_path=tmp_path / "live.sqlite").floor_url == UNREACHABLE
    assert Station(table, journal_path=tmp_path / "demo.sqlite", purpose="demo").floor_url is None
    assert Station(table, journal_path=tmp_path / "d.sqlite", purpose="demo", floor_url="postgresql://x/y").floor_url \
        == "postgresql://x/y"
    done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", str(profile), "--rounds",
                           "1", "--journal", str(tmp_path / "sim.sqlite")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "floor" not in done.stdout + done.stderr, done.stdout + done.stderr


def test_simulate_with_a_floor_forwards_while_it_plays(floor: Floor, tmp_path: Path) -> None:
    """--floor sends a simulation where it is told, from the first round on (the pit watches it live)."""
    from dealer_station.play.simulate import simulate
    from dealer_station.profile_loader import load_profile

    acked: list[int] = []

    def after_round(station: object) -> None:
        forwarder = getattr(station, "forwarder", None)
        assert forwarder is not None, "the station is not forwarding"
        forwarder.notify()
        acked.append(forwarder.status().acked_seq)

    journal = tmp_path / "sim.sqlite"
    simulate(load_profile("uth-default"), rounds=4, seed=3, seats=2, journal=journal, progress=None,
             floor_url=floor.station_url, on_round=after_round)
    assert len(acked) == 4
    with psycopg.connect(floor.report_url) as conn:
        held = conn.execute("SELECT count(*) FROM floor.events WHERE table_id = 'T1'").fetchone()[0]
    assert held > 0
