"""A credential file belongs to exactly one journal (issue 18, item 3).

``simulate`` enrols badge 9999 and a demo badge 0000 (their PINs are in the source) in
``<journal>.credentials.json``. Delete the demo's journal but not that file, start a live
table on the same path, and the demo badge voided a live round; the other way round,
``simulate`` on the path of an archived live journal added its badge to that table's
file. The file now names its journal (table, purpose, record 1's hash) and is refused by
any other; a live journal refuses a file holding a built-in badge.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialError, CredentialStore, credentials_path


def _cli(*args: str, stdin: str = "", display: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    if display:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["DEALER_STATION_LOG_LEVEL"] = "warning"
    return subprocess.run([sys.executable, "-m", "dealer_station", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=240)


def _delete_journal(path: Path) -> None:
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), path.with_name(path.name + ".lock")):
        leftover.unlink(missing_ok=True)


def _demo_journal_with_its_badge(path: Path) -> CredentialStore:
    with Journal(path, table_id="T1", purpose="demo") as journal:
        store = CredentialStore(credentials_path(path))
        store.bind(journal)
        store.add("0000", "1234", builtin=True)
    return store


def test_a_live_table_refuses_the_credentials_a_deleted_demo_left(tmp_path: Path) -> None:
    path = tmp_path / "t1.sqlite"
    _demo_journal_with_its_badge(path)
    saved = json.loads(credentials_path(path).read_text())
    assert saved["journal"]["purpose"] == "demo" and saved["supervisors"]["0000"]["builtin"] is True
    _delete_journal(path)
    table = load_profile("uth-default").model_copy(update={"table_id": "T1"})
    station = Station(table, journal_path=path, credentials=CredentialStore(credentials_path(path)), purpose="live")
    with pytest.raises(CredentialError) as err:
        station.start()
    message = str(err.value)
    assert message.startswith(f"{credentials_path(path)} belongs to another journal (table T1, demo, record 1 "), message
    assert f"not to {path} (table T1, live, record 1 " in message and "\n" not in message
    with Journal(path, table_id="T1", purpose="live") as journal:  # the station let its journal go again
        assert journal.last_seq == 1  # and nothing was played on it
    result = _cli("run", "--journal", str(path), display=True)  # the touchscreen refuses it the same way
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"dealer-station run: error: {credentials_path(path)} belongs to another journal"), line


def test_a_live_journal_refuses_a_built_in_badge_even_in_a_file_that_names_no_journal(tmp_path: Path) -> None:
    path = tmp_path / "t1.sqlite"
    _demo_journal_with_its_badge(path)
    creds = credentials_path(path)
    data = json.loads(creds.read_text())
    del data["journal"]  # as a file from before binding, or edited by hand
    creds.write_text(json.dumps(data))
    _delete_journal(path)
    with Journal(path, table_id="T1", purpose="live") as journal:
        store = CredentialStore(creds)
        with pytest.raises(CredentialError, match="holds the built-in badge 0000 of a demo or simulation: a live table "
                                                  "never uses it"):
            store.bind(journal)
        with pytest.raises(CredentialError, match="holds the built-in badge 0000"):
            store.authenticate("0000", "1234")  # refused before the PIN is tried


def test_simulate_refuses_to_add_its_badge_to_an_archived_live_tables_file(tmp_path: Path) -> None:
    path = tmp_path / "t1.sqlite"
    Journal(path, table_id="T1", purpose="live").close()
    added = _cli("supervisors", "add", "--journal", str(path), "--badge", "0412", "--pin-stdin", stdin="73915\n" * 2)
    assert added.returncode == 0, added.stderr
    creds = credentials_path(path)
    assert json.loads(creds.read_text())["journal"]["purpose"] == "live"  # enrolling bound it to the live journal
    path.rename(tmp_path / "t1-archived.sqlite")
    before = creds.read_bytes()
    result = _cli("simulate", "--rounds", "1", "--journal", str(path))
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"dealer-station simulate: error: {creds} belongs to another journal (table T1, live, "), line
    assert creds.read_bytes() == before  # no 9999 in the live table's file
    again = _cli("supervisors", "add", "--journal", str(path), "--badge", "0413", "--pin-stdin", stdin="73915\n" * 2)
    assert again.returncode == 2 and "belongs to another journal" in again.stderr  # (the simulation's journal now)
    gone = tmp_path / "gone.sqlite"
    (tmp_path / "t1-archived.sqlite").rename(gone)
    creds.rename(credentials_path(gone))
    gone.rename(tmp_path / "elsewhere.sqlite")
    orphan = _cli("supervisors", "add", "--journal", str(gone), "--badge", "0414", "--pin-stdin", stdin="73915\n" * 2)
    assert orphan.returncode == 2, orphan.stderr
    assert "which is no longer beside it" in orphan.stderr and len(orphan.stderr.splitlines()) == 1


def test_simulate_and_demo_put_their_badges_only_in_their_own_journals_file(tmp_path: Path) -> None:
    path = tmp_path / "sim.sqlite"
    first = _cli("simulate", "--rounds", "1", "--journal", str(path))
    assert first.returncode == 0, first.stderr
    saved = json.loads(credentials_path(path).read_text())
    with Journal.open_readonly(path) as journal:
        assert saved["journal"] == {"table_id": journal.table_id, "purpose": "simulation",
                                    "created": journal.created_hash}
    assert saved["supervisors"]["9999"]["builtin"] is True
    assert _cli("simulate", "--rounds", "1", "--journal", str(path)).returncode == 0  # its own: again and again
    with Journal(tmp_path / "live.sqlite", table_id="T1", purpose="live") as live:
        store = CredentialStore(tmp_path / "live.sqlite.credentials.json")
        store.bind(live)
        with pytest.raises(CredentialError, match="a built-in badge goes only into the credentials of a demo or "
                                                  "simulation journal"):
            store.add("9999", "246810", builtin=True)
    with pytest.raises(CredentialError, match="a built-in badge goes only"):  # nor into a file bound to nothing
        CredentialStore(tmp_path / "loose.json").add("9999", "246810", builtin=True)
    assert not (tmp_path / "live.sqlite.credentials.json").exists() and not (tmp_path / "loose.json").exists()


def test_a_file_enrolled_before_its_journal_existed_is_claimed_by_the_first_journal(tmp_path: Path) -> None:
    path = tmp_path / "t1.sqlite"
    added = _cli("supervisors", "add", "--journal", str(path), "--badge", "0412", "--pin-stdin", stdin="73915\n" * 2)
    assert added.returncode == 0, added.stderr
    assert "journal" not in json.loads(credentials_path(path).read_text())  # no journal yet to belong to
    with Journal(path, table_id="T1", purpose="live") as journal:
        store = CredentialStore(credentials_path(path))
        store.bind(journal)
        assert store.authenticate("0412", "73915").badge == "0412"
        assert json.loads(credentials_path(path).read_text())["journal"]["created"] == journal.created_hash
    _delete_journal(path)
    with Journal(path, table_id="T1", purpose="live") as other:  # a new journal, same table and purpose
        with pytest.raises(CredentialError, match="belongs to another journal"):
            CredentialStore(credentials_path(path)).bind(other)
