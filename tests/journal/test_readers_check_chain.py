"""Every command that reads figures from a journal checks its hash chain first (issue 38, item 9).

A THB table's journal is played for real, then one record is edited the way an attacker would
(guards dropped, one payload changed, hashes left alone): ``journal verify`` says BROKEN at that
seq, and so must every reader - exit 1 and one line on stderr naming the seq - instead of
printing figures taken from the edited record.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests import cli as station_cli

from . import _tamper


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    journal = tmp_path_factory.mktemp("thb") / "thb.sqlite"
    simulate(load_profile("thb-default"), rounds=6, seed=5, seats=4, faults={"pool_hit": 0.5},
             journal=journal, progress=None)
    return journal


def _copy(played: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.sqlite"
    shutil.copyfile(played, copy)
    return copy


def _contribution(path: Path) -> tuple[int, dict[str, str]]:
    """The seq and payload of the journal's first jackpot contribution, read with plain SQLite."""
    with sqlite3.connect(path) as conn:
        seq, payload = conn.execute("SELECT seq, payload FROM events WHERE kind = 'jackpot_contribution' "
                                    "ORDER BY seq LIMIT 1").fetchone()
    conn.close()
    return int(seq), json.loads(payload)


def _tampered(played: Path, tmp_path: Path) -> tuple[Path, int]:
    """A copy whose first contribution adds 400 more to the meter (its hash left as it was)."""
    path = _copy(played, tmp_path)
    seq, payload = _contribution(path)
    payload["to_meter"] = "400.25"
    _tamper.set_field(path, seq, "payload", json.dumps(payload, separators=(",", ":"), sort_keys=True))
    return path, seq


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                          timeout=120)


READERS = {
    "jackpot": lambda p: ("jackpot", "--journal", p),
    "jackpot --json": lambda p: ("jackpot", "--journal", p, "--json"),
    "recall": lambda p: ("recall", "--last", "3", "--journal", p),
    "audit shuffles": lambda p: ("audit", "shuffles", "--journal", p),
    "par --journal": lambda p: ("par", "--config", "thb-default", "--journal", p),
}


def test_the_readers_answer_on_the_untouched_journal(played: Path, tmp_path: Path) -> None:
    """The same commands read the journal before it is edited: what refuses later is the edit alone."""
    path = _copy(played, tmp_path)
    for name, argv in READERS.items():
        if name == "par --journal":
            continue  # a par sheet is computed: the refusal below is checked before it is
        done = _cli(*argv(str(path)))
        assert done.returncode == 0, (name, done.stderr)
    report = _cli("report", "--journal", str(path), "--format", "json", "--quiet")
    assert report.returncode == 0 and json.loads(report.stdout)["alarms"] == [], report.stderr


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_reader_refuses_an_edited_journal_naming_the_seq(played: Path, tmp_path: Path, reader: str) -> None:
    path, seq = _tampered(played, tmp_path)
    verify = _cli("journal", "verify", "--journal", str(path))
    assert verify.returncode == 1 and f"BROKEN at seq {seq}:" in verify.stdout
    done = _cli(*READERS[reader](str(path)))
    assert done.returncode == 1, (reader, done.stdout, done.stderr)
    assert done.stdout == ""  # no figure taken from the edited record
    (line,) = done.stderr.splitlines()
    assert f"BROKEN at seq {seq}" in line and str(path) in line and "reconciles" not in line, line


def test_the_report_flags_the_edited_journal_as_an_integrity_alarm(played: Path, tmp_path: Path) -> None:
    path, seq = _tampered(played, tmp_path)
    done = _cli("report", "--journal", str(path), "--format", "json", "--quiet")
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert f"BROKEN at seq {seq}" in line and line.endswith("the report lists it as an integrity alarm")
    alarms = json.loads(done.stdout)["alarms"]
    assert [(a["table"], a["first_bad_seq"]) for a in alarms] == [("T2", seq)]
    assert "hash mismatch" in alarms[0]["reason"]
    text = _cli("report", "--journal", str(path), "--quiet")
    assert text.returncode == 1 and "Integrity alarms" in text.stdout and "T2" in text.stdout


def test_journal_show_prints_the_records_and_flags_the_break(played: Path, tmp_path: Path) -> None:
    """The auditor's raw view still shows what is there (to look at the edit), and says it is broken."""
    path, seq = _tampered(played, tmp_path)
    done = _cli("journal", "show", "--journal", str(path), "--since", str(seq - 1), "--limit", "1")
    assert done.returncode == 1
    assert json.loads(done.stdout)["payload"]["to_meter"] == "400.25"
    (line,) = done.stderr.splitlines()
    assert f"BROKEN at seq {seq}" in line


def test_a_truncated_journal_is_refused_too(played: Path, tmp_path: Path) -> None:
    path = _copy(played, tmp_path)
    with sqlite3.connect(path) as conn:
        last = conn.execute("SELECT max(seq) FROM events").fetchone()[0]
    conn.close()
    _tamper.delete(path, last)
    done = _cli("recall", "--last", "1", "--journal", str(path))
    assert done.returncode == 1 and f"BROKEN at seq {last}" in done.stderr and done.stdout == ""


def test_a_linked_member_journal_is_checked_before_it_is_reconciled(played: Path, tmp_path: Path) -> None:
    """``jackpot --floor --link`` reconciles the floor with every member's journal: a member's edited
    journal is refused the same way (checked here without a floor: the journal is read first)."""
    from dealer_station.floor.link_report import journal_commits
    from dealer_station.journal import JournalBrokenError

    path, seq = _tampered(played, tmp_path)
    with pytest.raises(JournalBrokenError) as info:
        journal_commits(path)
    assert info.value.exit_status == 1 and f"BROKEN at seq {seq}" in str(info.value)
