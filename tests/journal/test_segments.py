"""A journal that lives for years: 32 gaming days of play segmented, archived once the floor (a real PostgreSQL)
acknowledged them, trimmed from the live file, and verified end to end across archive and live; an altered or
missing archive file caught naming its segment; a pass killed between export and trim losing and duplicating
nothing. Expected figures are worked out here from the rows themselves (sqlite3, the dates of the rounds),
never asked of the archiver."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import signal
import subprocess
import sys
import textwrap
from collections import Counter
from datetime import UTC, timedelta
from pathlib import Path

import psycopg
import pytest

from dealer_station.archive import archive_journal, day_of
from dealer_station.floor.forwarder import Forwarder
from dealer_station.journal import Journal, JournalError
from dealer_station.recall import finished_round_ids
from tests import cli as station_cli
from tests.floor.conftest import Floor, new_floor
from tests.pg import PostgresServer

from ._days import DAY_START, FIRST_DAY, Table, noon_day, stored

DAYS, ROUNDS_A_DAY, KEEP = 32, 3, 7
TODAY = FIRST_DAY + timedelta(days=DAYS - 1)  # the last day played is today's
UTC_DAYS = day_of(UTC, DAY_START)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                           env={**os.environ}, timeout=120)


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """32 gaming days of three rounds each, played once for the module (copied by each test)."""
    folder = tmp_path_factory.mktemp("played")
    table = Table(folder / "journal.sqlite")
    table.play_days(DAYS, ROUNDS_A_DAY)
    table.close()
    return folder / "journal.sqlite"


@pytest.fixture
def journal_path(played: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "journal.sqlite"
    copy.write_bytes(played.read_bytes())
    return copy


def archive_all(path: Path, folder: Path, acked: int | None = None) -> None:
    """One pass, the floor taken to hold the journal up to ``acked`` (default: all of it)."""
    with Journal(path, table_id="T1", purpose="simulation", archive=folder) as journal:
        upto = journal.last_seq if acked is None else acked
        archive_journal(journal, folder, lambda: upto if acked is not None else journal.last_seq, day=UTC_DAYS,
                        today=TODAY, keep_days=KEEP)


def test_thirty_gaming_days_archived_once_the_floor_holds_them_verify_end_to_end(
        journal_path: Path, tmp_path: Path, pg_server: PostgresServer) -> None:
    before = stored(journal_path)
    size_before = journal_path.stat().st_size
    floor: Floor = new_floor(pg_server)
    folder = tmp_path / "archive"
    folder.mkdir()
    with Journal(journal_path, table_id="T1", purpose="simulation", archive=folder) as journal, \
            Forwarder(journal, floor.station_url, "T1", backoff_cap=0.2) as forwarder:
        assert forwarder.wait_acknowledged(60)
        outcome = archive_journal(journal, folder, lambda: forwarder.status().acked_seq, day=UTC_DAYS, today=TODAY,
                                  keep_days=KEEP, ship=lambda: forwarder.wait_acknowledged(60) and None)
        last = journal.last_seq
        reusable = journal.reusable_bytes()
    # The trimmed records' pages are free for the next appends (the disk watch counts them): about their share.
    assert reusable >= size_before * outcome.records_trimmed / len(before) / 2
    # Independently: the days before today and its KEEP closed days before are gone from the live file (record 1
    # stays), the rest are there.
    kept = {TODAY - timedelta(days=n) for n in range(KEEP + 1)}
    old_days = {FIRST_DAY + timedelta(days=n) for n in range(DAYS)} - kept
    opened = {row[3]: noon_day(row[1]) for row in before if row[4] == "round_opened"}
    live = stored(journal_path)
    live_rounds = {row[3] for row in live if row[3] is not None}
    assert live[0] == before[0]  # the creation record never leaves
    assert {r for r, day in opened.items() if day not in old_days} <= live_rounds
    assert not {r for r, day in opened.items() if day in old_days} & live_rounds
    assert len(outcome.exported) == len(old_days)  # one segment per closed gaming day
    live_from = live[1][0]
    assert [row[0] for row in live[1:]] == list(range(live_from, last + 1))  # no other gap
    # Every record, archived or live, is the one first written: the chain end to end, nothing lost or doubled.
    with Journal.open_readonly(journal_path, archive=folder) as reader:
        result = reader.verify()
        every = [e.hash for e in reader.events()]
        recalled = finished_round_ids(reader)
    assert result.ok, result.reason
    assert (result.checked, result.archived) == (last, live_from - 2)
    assert every[:len(before)] == [row[8] for row in before]
    assert len(every) == last == len(set(every))
    assert recalled == [r for r in opened]  # every round of the 32 days, in order
    cli = run("journal", "verify", "--journal", str(journal_path), "--archive-dir", str(folder))
    assert cli.returncode == 0, cli.stderr
    assert one_line(cli.stdout).startswith(f"journal OK: {last} events ({live_from - 2} of them archived)")
    # What the floor holds is what the journal says, archive included (its own copy, row for row).
    with psycopg.connect(floor.owner_url) as conn:
        floor_hashes = [r[0] for r in conn.execute("SELECT hash FROM floor.events WHERE table_id = 'T1' ORDER BY seq")]
    assert floor_hashes == every


def test_unacknowledged_records_stay_in_the_live_file(journal_path: Path, tmp_path: Path) -> None:
    """The floor holds up to the middle of day 10: only days 1-9 are exported, and nothing leaves the live file
    before the floor also holds the segment_archived records (which it takes after everything before them)."""
    rows = stored(journal_path)
    day10 = [row for row in rows if row[0] > 1 and noon_day(row[1]) == FIRST_DAY + timedelta(days=9)]
    acked = day10[len(day10) // 2][0]
    folder = tmp_path / "archive"
    folder.mkdir()
    archive_all(journal_path, folder, acked)
    manifests = [json.loads(p.read_text()) for p in sorted(folder.glob("*.manifest.json"))]
    assert [m["gaming_day"] for m in manifests] == [(FIRST_DAY + timedelta(days=n)).isoformat() for n in range(9)]
    assert manifests[-1]["last_seq"] == day10[0][0] - 1 < acked
    live = stored(journal_path)
    assert live[:len(rows)] == rows  # still whole: the floor has not acknowledged the archive records
    assert {row[4] for row in live[len(rows):]} == {"segment_archived"}
    archive_all(journal_path, folder)  # the floor caught up: all but the kept days leave the live file
    live = stored(journal_path)
    first_kept = next(row[0] for row in rows if row[4] == "round_opened" and noon_day(row[1]) == TODAY - timedelta(
        days=KEEP))
    assert live[1][0] == first_kept
    with Journal.open_readonly(journal_path) as reader:  # the archive folder the journal noted
        assert reader.verify().ok


def test_a_table_with_no_floor_never_archives(journal_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    r = run("journal", "archive", "--journal", str(journal_path), "--archive-dir", str(folder))
    assert r.returncode == 2
    assert "no floor" in one_line(r.stderr)
    assert not list(folder.iterdir()) and stored(journal_path)[-1][0] == len(stored(journal_path))


def _segment_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.jsonl.gz"))


def test_an_altered_archive_byte_is_caught_naming_its_segment(journal_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    archive_all(journal_path, folder)
    victim = _segment_files(folder)[4]
    data = bytearray(victim.read_bytes())
    data[len(data) // 2] ^= 0x01
    victim.write_bytes(bytes(data))
    stem = victim.name.removesuffix(".jsonl.gz")
    for command in (("journal", "verify"), ("recall", "--last", "500"), ("journal", "show")):
        r = run(*command, "--journal", str(journal_path), "--archive-dir", str(folder))
        assert r.returncode == 2, (command, r.stdout[-300:], r.stderr)
        line = one_line(r.stderr)
        assert stem in line and "altered" in line and "Traceback" not in r.stderr
    victim.unlink()
    r = run("journal", "verify", "--journal", str(journal_path), "--archive-dir", str(folder))
    assert r.returncode == 2 and stem in one_line(r.stderr) and "missing" in r.stderr


def test_a_segment_rewritten_with_a_consistent_manifest_is_not_the_one_archived(
        journal_path: Path, tmp_path: Path) -> None:
    """Someone edits a payload inside a segment and rewrites its sha256 in the manifest: the chain breaks (the
    record's hash), and even a re-hashed chain would differ from the segment_archived record in the journal."""
    folder = tmp_path / "archive"
    folder.mkdir()
    archive_all(journal_path, folder)
    victim = _segment_files(folder)[2]
    lines = gzip.decompress(victim.read_bytes()).decode().splitlines()
    row = json.loads(lines[5])
    row["actor"] = "someone else"
    lines[5] = json.dumps(row, separators=(",", ":"))
    data = gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0)
    victim.write_bytes(data)
    manifest_path = victim.with_name(victim.name.replace(".jsonl.gz", ".manifest.json"))
    manifest = json.loads(manifest_path.read_text())
    manifest["sha256"] = hashlib.sha256(data).hexdigest()
    manifest_path.write_text(json.dumps(manifest))
    r = run("journal", "verify", "--journal", str(journal_path), "--archive-dir", str(folder))
    assert r.returncode == 1
    assert f"record {row['seq']} does not verify" in one_line(r.stdout)


def test_records_deleted_from_the_live_file_without_an_archive_record_are_caught(journal_path: Path) -> None:
    """The maintenance path is the only way past the DELETE guard that verify accepts: a gap nobody vouches for
    is a deletion."""
    import sqlite3

    conn = sqlite3.connect(journal_path)
    conn.execute("DROP TRIGGER events_no_delete")
    conn.execute("DELETE FROM events WHERE seq BETWEEN 2 AND 300")
    conn.commit()
    conn.close()
    r = run("journal", "verify", "--journal", str(journal_path))
    assert r.returncode == 1
    assert one_line(r.stdout) == ("journal BROKEN at seq 2: records 2..300 missing "
                                  "(deleted: no segment_archived record vouches for them)")


KILLER = textwrap.dedent("""
    import os, signal, sys
    from datetime import UTC, date
    import dealer_station.archive as archive
    from dealer_station.journal import Journal
    path, folder, where, nth = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    calls = []
    def die():
        os.kill(os.getpid(), signal.SIGKILL)
    if where == "export":  # killed after the nth segment is on disk, before its record is journaled
        write = archive.write_segment
        def writing(*a, **k):
            manifest = write(*a, **k)
            calls.append(manifest)
            if len(calls) == nth:
                die()
            return manifest
        archive.write_segment = writing
    elif where == "trim":  # killed after the nth trim committed
        trim = Journal.trim_archived
        def trimming(self, *a, **k):
            done = trim(self, *a, **k)
            calls.append(done)
            if len(calls) == nth:
                die()
            return done
        Journal.trim_archived = trimming
    journal = Journal(path, table_id="T1", purpose="simulation", archive=folder)
    ship = die if where == "journaled" else None  # killed with every record journaled, nothing trimmed
    archive.archive_journal(journal, __import__("pathlib").Path(folder), lambda: journal.last_seq,
                            day=archive.day_of(UTC, __import__("datetime").time(6)), today=date.fromisoformat(sys.argv[5]),
                            keep_days=7, ship=ship)
""")


@pytest.mark.parametrize(("where", "nth"), [("export", 3), ("journaled", 0), ("trim", 5)])
def test_a_pass_killed_between_export_and_trim_loses_and_duplicates_nothing(
        journal_path: Path, tmp_path: Path, where: str, nth: int) -> None:
    before = stored(journal_path)
    folder = tmp_path / "archive"
    folder.mkdir()
    killed = subprocess.run([sys.executable, "-c", KILLER, str(journal_path), str(folder), where, str(nth),
                             TODAY.isoformat()], capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    archive_all(journal_path, folder)  # the next pass finishes the work
    with Journal.open_readonly(journal_path, archive=folder) as reader:
        result = reader.verify()
        events = list(reader.events())
    assert result.ok, result.reason
    original = [row[8] for row in before]
    assert [e.hash for e in events][:len(original)] == original  # nothing lost, nothing changed
    added = events[len(original):]
    assert {e.kind for e in added} == {"segment_archived"}  # the passes added their records only
    vouched = Counter((e.payload["first_seq"], e.payload["last_seq"]) for e in added)
    assert set(vouched.values()) == {1}  # one record per segment: none journaled twice
    manifests = sorted(folder.glob("*.manifest.json"))
    assert len(manifests) == len(vouched) == len(_segment_files(folder))


def test_a_restarted_table_replays_across_the_archive(journal_path: Path, tmp_path: Path) -> None:
    """The station's recovery reads the whole chain: archived records first, then the live file's."""
    with Journal.open_readonly(journal_path) as reader:
        paid = sum(1 for _ in reader.events(kinds={"round_paid"}))
    folder = tmp_path / "archive"
    folder.mkdir()
    archive_all(journal_path, folder)
    table = Table(journal_path, archive=folder)
    try:
        assert table.session.view().state.rounds_paid == paid
        table.clock.day(DAYS)
        table.play_round()
        assert table.journal.verify().ok
    finally:
        table.close()
    moved = tmp_path / "elsewhere"
    folder.rename(moved)
    with pytest.raises(JournalError, match="no archive folder"):  # the archive moved: the start is refused
        Table(journal_path, archive=tmp_path / "gone")
    assert run("journal", "verify", "--journal", str(journal_path), "--archive-dir", str(moved)).returncode == 0


def test_journal_archive_and_segments_from_the_command_line(journal_path: Path, tmp_path: Path,
                                                           pg_server: PostgresServer) -> None:
    """As a technician runs it with the station stopped: the floor already holds the journal (the station's
    forwarder shipped it as it played); every closed day is archived (they are months old), the day still open
    stays live."""
    floor = new_floor(pg_server)
    with Forwarder(journal_path, floor.station_url, "T1", backoff_cap=0.2) as forwarder:
        assert forwarder.wait_acknowledged(60)
    folder = tmp_path / "archive"
    folder.mkdir()
    r = run("journal", "archive", "--journal", str(journal_path), "--archive-dir", str(folder),
            "--floor", floor.station_url, "--tz", "UTC", "--day-starts", "06:00")
    assert r.returncode == 0, r.stderr
    outcome = json.loads(one_line(r.stdout))
    assert len(outcome["exported"]) == len(outcome["trimmed"]) == DAYS - 1
    listed = [json.loads(line) for line in run("journal", "segments", "--journal", str(journal_path)).stdout.splitlines()]
    assert [s["gaming_day"] for s in listed[:-1]] == [(FIRST_DAY + timedelta(days=n)).isoformat()
                                                       for n in range(DAYS - 1)]
    assert {s["state"] for s in listed[:-1]} == {"archived"}
    live = stored(journal_path)
    assert listed[-1] == {"segment": "live", "first_seq": live[1][0], "last_seq": live[-1][0], "records": len(live),
                          "state": "live"}
    assert {noon_day(row[1]) for row in live[1:] if row[4] == "round_opened"} == {TODAY}
    again = run("journal", "archive", "--journal", str(journal_path), "--archive-dir", str(folder),
                "--floor", floor.station_url, "--tz", "UTC", "--day-starts", "06:00")
    assert again.returncode == 0 and json.loads(again.stdout)["exported"] == []  # nothing twice


@pytest.mark.parametrize(("extra", "says"), [
    (("--keep-days", "-3"), "--keep-days"),
    (("--archive-dir", "/nonexistent/archive"), "no archive folder /nonexistent/archive"),
    (("--tz", "Mars/Olympus"), "Mars/Olympus"),
    (("--day-starts", "25:00"), "gaming day's start"),
    (("--floor", "postgresql://nobody@/nowhere?host=/nonexistent"), "floor"),
])
def test_hostile_archive_arguments_are_one_line_and_change_nothing(journal_path: Path, tmp_path: Path,
                                                                  extra: tuple[str, ...], says: str) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    before = journal_path.read_bytes()
    args = {"--archive-dir": str(folder), "--floor": "postgresql://nobody@/nowhere?host=/nonexistent", "--tz": "UTC"}
    args.update(dict(zip(extra[::2], extra[1::2], strict=True)))
    r = run("journal", "archive", "--journal", str(journal_path), *[x for kv in args.items() for x in kv])
    assert r.returncode == 2, r.stderr
    assert says in one_line(r.stderr) and "Traceback" not in r.stderr
    assert journal_path.read_bytes() == before and not list(folder.iterdir())


def test_archive_is_refused_while_the_station_holds_the_journal(journal_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    with Journal(journal_path, table_id="T1", purpose="simulation"):
        r = run("journal", "archive", "--journal", str(journal_path), "--archive-dir", str(folder),
                "--floor", "postgresql://nobody@/nowhere?host=/nonexistent")
    assert r.returncode == 2
    assert "is open for writing by" in one_line(r.stderr)


def test_segments_cut_by_size_between_rounds_and_keep_text_byte_for_byte(tmp_path: Path) -> None:
    """A raw journal (no table): rounds of 40 records, any text a payload may hold; segments of at most 1,000
    records are cut only before a round_opened, and the archive gives back the stored rows exactly."""
    from ._days import MovingClock

    clock = MovingClock()
    path, folder = tmp_path / "journal.sqlite", tmp_path / "archive"
    folder.mkdir()
    with Journal(path, table_id="T9", purpose="simulation", clock=clock) as journal:
        for n in range(60):  # 60 rounds on one gaming day
            rid = f"T9-{n:06d}"
            journal.append("round_opened", {"n": n}, actor="station", round_id=rid)
            for k in range(39):
                journal.append("note", {"text": "Croupière 中文 ✓ \\ \" \u2028", "k": k, "big": 2**63},
                               actor="croupier", round_id=rid)
        clock.day(1)
        journal.append("round_opened", {"n": 60}, actor="station", round_id="T9-000060")  # the next day opens
        before = stored(path)
        outcome = archive_journal(journal, folder, lambda: journal.last_seq, day=UTC_DAYS,
                                  today=FIRST_DAY + timedelta(days=1), keep_days=0, max_records=1_000)
    sizes = [m.records for m in outcome.exported]
    opened_at = {row[0] for row in before if row[4] == "round_opened"}
    assert all(m.first_seq == 1 or m.first_seq in opened_at for m in outcome.exported)  # only between rounds
    assert sizes[0] == 1 + 25 * 40 and all(s <= 1_000 + 40 for s in sizes)  # cut at the first round past 1,000
    assert sum(sizes) == 1 + 60 * 40
    with Journal.open_readonly(path, archive=folder) as reader:
        assert reader.verify().ok
        assert [e.hash for e in reader.events()][:len(before)] == [row[8] for row in before]
        assert next(reader.events(since_seq=5)).payload["text"] == "Croupière 中文 ✓ \\ \" \u2028"


def test_a_floor_that_lost_archived_records_is_caught_up_from_the_archive(
        journal_path: Path, tmp_path: Path, pg_server: PostgresServer) -> None:
    """A floor restored from a backup taken before any of this table's records reached it: the forwarder sends
    record 1, the archived records from their segments, then the live file's - each once, in order."""
    folder = tmp_path / "archive"
    folder.mkdir()
    archive_all(journal_path, folder)
    with Journal.open_readonly(journal_path) as reader:
        every = [e.hash for e in reader.events()]
        assert reader.live_from > 2
    floor = new_floor(pg_server)
    with Forwarder(journal_path, floor.station_url, "T1", batch_size=500, backoff_cap=0.2) as forwarder:
        assert forwarder.wait_acknowledged(60)
    with psycopg.connect(floor.owner_url) as conn:
        held = [r[0] for r in conn.execute("SELECT hash FROM floor.events WHERE table_id = 'T1' ORDER BY seq")]
    assert held == every
    r = run("journal", "verify", "--journal", str(journal_path), "--floor", floor.report_url)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_round_is_recalled_from_its_segment_and_an_edited_round_list_is_caught(
        journal_path: Path, tmp_path: Path) -> None:
    from dealer_station.recall import recall_round

    with Journal.open_readonly(journal_path) as reader:
        rounds = finished_round_ids(reader)
        wanted = {rid: recall_round(reader, rid) for rid in (rounds[4], rounds[40], rounds[-1])}
    folder = tmp_path / "archive"
    folder.mkdir()
    archive_all(journal_path, folder)
    with Journal.open_readonly(journal_path) as reader:
        assert {rid: recall_round(reader, rid) for rid in wanted} == wanted  # archived, or live: the same record
    # someone takes a round out of its segment's list (hiding it from a reader of one round): verify says so
    manifest_path = sorted(folder.glob("*.manifest.json"))[1]
    manifest = json.loads(manifest_path.read_text())
    manifest["rounds"] = manifest["rounds"][1:]
    manifest_path.write_text(json.dumps(manifest))
    r = run("journal", "verify", "--journal", str(journal_path))
    assert r.returncode == 1
    assert "its manifest's rounds are not its records' (edited)" in one_line(r.stdout)
    assert run("recall", "--last", "3", "--journal", str(journal_path)).returncode == 1  # readers verify first
