"""``dealer-station journal`` as a user runs it: a real subprocess, exit codes, one-line messages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.journal import Journal
from tests import cli as station_cli

from . import _tamper


def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", "journal", *args],
                          capture_output=True, text=True, cwd=cwd, env={**os.environ, **(env or {})}, timeout=60)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "journal.sqlite"
    with Journal(p, table_id="T12") as j:
        for i in range(1, 61):
            j.append("bet", {"seat": i % 7, "amount": Decimal("2.50")}, actor="croupier", round_id=f"T12-{i // 10}")
    return p


def one_line(text: str) -> str:
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


def test_verify_ok(path: Path) -> None:
    with Journal.open_readonly(path) as j:
        last = j.last_hash
    r = run("verify", "--journal", str(path))
    assert r.returncode == 0, r.stderr
    assert one_line(r.stdout) == f"journal OK: 61 events, table T12 (live), last hash {last[:16]}…"


def test_verify_broken_names_record(path: Path) -> None:
    _tamper.set_field(path, 57, "payload", '{"amount":"2500","seat":1}')
    r = run("verify", "--journal", str(path))
    assert r.returncode == 1
    assert one_line(r.stdout) == "journal BROKEN at seq 57: hash mismatch (record edited)"


def test_verify_truncated(path: Path) -> None:
    _tamper.delete(path, 61)
    r = run("verify", "--journal", str(path))
    assert r.returncode == 1
    assert one_line(r.stdout).startswith("journal BROKEN at seq 61: ")


def test_missing_and_not_a_journal_exit_2(tmp_path: Path) -> None:
    missing = tmp_path / "nope.sqlite"
    r = run("verify", "--journal", str(missing))
    assert r.returncode == 2 and r.stdout == ""
    assert one_line(r.stderr) == f"dealer-station journal: error: no journal at {missing}"
    assert not missing.exists()
    text = tmp_path / "readme.txt"
    text.write_text("not a journal\n")
    r = run("verify", "--journal", str(text))
    assert r.returncode == 2 and "not a journal" in one_line(r.stderr)


def test_default_path_from_env_and_cwd(path: Path, tmp_path: Path) -> None:
    r = run("verify", env={"DEALER_STATION_JOURNAL": str(path)})
    assert r.returncode == 0 and r.stdout.startswith("journal OK: 61 events")
    (tmp_path / "var").mkdir()
    path.rename(tmp_path / "var" / "journal.sqlite")
    env = {k: v for k, v in os.environ.items() if k != "DEALER_STATION_JOURNAL"}
    r = station_cli.run([sys.executable, "-m", "dealer_station", "journal", "verify"],
                       capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert r.returncode == 0, r.stderr


def test_show_filters_as_json_lines(path: Path) -> None:
    r = run("show", "--journal", str(path), "--round", "T12-3", "--since", "32", "--limit", "4")
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in r.stdout.splitlines()]
    assert [e["seq"] for e in events] == [33, 34, 35, 36]
    assert all(e["round_id"] == "T12-3" and e["payload"]["amount"] == "2.5" for e in events)
    assert set(events[0]) == {"seq", "at", "table_id", "round_id", "kind", "actor", "payload", "prev_hash", "hash"}


def test_show_bad_option_is_one_line_exit_2(path: Path) -> None:
    r = run("show", "--journal", str(path), "--limit", "-1")
    assert r.returncode == 2 and "must not be negative" in one_line(r.stderr)
