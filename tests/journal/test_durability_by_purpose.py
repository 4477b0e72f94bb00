"""A live table's journal is fsynced at every commit; demo and simulation journals are not.

The SIGKILL tests (tests/session/test_crash_recovery.py kills ``simulate``, whose journal is a
simulation one) show a killed process still loses nothing with ``synchronous=NORMAL``; this
checks each purpose gets its level, whoever opens the file and however (created or reopened)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.journal import DURABILITY, Journal, Purpose

LEVEL = {"FULL": 2, "NORMAL": 1}  # what PRAGMA synchronous answers


@pytest.mark.parametrize("purpose", ["live", "demo", "simulation"])
def test_each_purpose_commits_at_its_stated_durability(tmp_path: Path, purpose: Purpose) -> None:
    path = tmp_path / "j.sqlite"
    with Journal(path, table_id="T1", purpose=purpose) as created:
        assert created._require().execute("PRAGMA synchronous").fetchone()[0] == LEVEL[DURABILITY[purpose]]
        created.append("bet", {"amount": "5"}, actor="croupier")
    with Journal(path, table_id="T1") as reopened:  # no stated purpose: the chain's
        assert reopened._require().execute("PRAGMA synchronous").fetchone()[0] == LEVEL[DURABILITY[purpose]]
    assert (DURABILITY[purpose] == "FULL") == (purpose == "live")
