"""The floor's command lines: migrate, verify against the floor, multi-table simulate with a floor."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from dealer_station.floor.db import FloorError
from dealer_station.floor.journal_rows import JournalRows
from dealer_station.floor.migrate import migrate, migrations
from tests.floor.conftest import Floor
from tests.floor.tamper import rewrite_from, truncate_after
from tests.floor.test_ingest import forward

UNREACHABLE = "postgresql://floor_station@%2Fnonexistent-socket-dir/floor"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True, timeout=300)


def test_migrate_is_versioned_and_idempotent(floor: Floor) -> None:
    again = cli("floor", "migrate", "--floor", floor.owner_url)
    assert again.returncode == 0 and "nothing to apply" in again.stdout
    with psycopg.connect(floor.owner_url) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM floor.schema_migrations ORDER BY version")]
        assert versions == [m.version for m in migrations()] == [1, 2, 3, 4, 5, 6, 7]
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


def test_simulate_says_when_the_floor_never_acknowledged(tmp_path: Path) -> None:
    done = cli("simulate", "--rounds", "1", "--seats", "1", "--floor", UNREACHABLE, "--ack-timeout", "1",
               "--journal", str(tmp_path / "T1.sqlite"))
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("dealer-station simulate: floor did not acknowledge the journal")
    many = cli("simulate", "--tables", "2", "--rounds", "1", "--seats", "1", "--floor", UNREACHABLE, "--ack-timeout",
               "1", "--journal-dir", str(tmp_path / "many"))
    assert many.returncode == 1 and "floor did not acknowledge 2 journal(s)" in many.stderr.strip().splitlines()[-1]


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
    import subprocess
    import sys

    from dealer_station.journal import Journal

    out = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "3", "--rounds", "2",
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
    text = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--rounds", "1",
                           "--seats", "2", "--journal-dir", str(tmp_path / "text"), "--config", "uth-default,holdem-nl-1-2"],
                          capture_output=True, text=True, timeout=300)
    assert text.returncode == 0, text.stderr[-2000:]
    lines = text.stdout.splitlines()
    assert lines[0].startswith("T01: rounds completed 1, house net ") and lines[1].startswith("T02: hands completed 1, rake ")
    bad = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--rounds", "1",
                          "--journal-dir", str(tmp_path / "x"), "--config", "uth-default,,thb-default"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and not (tmp_path / "x").exists()


def test_only_a_live_journal_goes_to_the_profiles_floor_by_default(tmp_path: Path) -> None:
    """A demo or simulation under a live table's id never reaches the casino's floor unless sent there."""
    from dealer_station.config import config_dir, load_profile
    from dealer_station.station import Station

    profile = tmp_path / "uth-with-floor.toml"
    profile.write_text((config_dir() / "uth-default.toml").read_text()
                       + f'\n[floor]\nurl = "{UNREACHABLE}"\n', encoding="utf-8")
    table = load_profile(str(profile))
    assert Station(table, journal_path=tmp_path / "live.sqlite").floor_url == UNREACHABLE
    assert Station(table, journal_path=tmp_path / "demo.sqlite", purpose="demo").floor_url is None
    assert Station(table, journal_path=tmp_path / "d.sqlite", purpose="demo", floor_url="postgresql://x/y").floor_url \
        == "postgresql://x/y"
    done = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--config", str(profile), "--rounds",
                           "1", "--journal", str(tmp_path / "sim.sqlite")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "floor" not in done.stdout + done.stderr, done.stdout + done.stderr


def test_simulate_with_a_floor_forwards_while_it_plays(floor: Floor, tmp_path: Path) -> None:
    """--floor sends a simulation where it is told, from the first round on (the pit watches it live)."""
    from dealer_station.config import load_profile
    from dealer_station.simulate import simulate

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
