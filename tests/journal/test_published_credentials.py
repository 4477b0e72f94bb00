"""The demo's credentials never reach a live journal (issue 38 item 10).

The README prints the demo badge 0000 with PIN 1234 (and the source ``simulate``'s 9999): enrolled
with ``supervisors add`` on a live journal they were accepted, and ``run`` started with them, so
anyone who read the README could void a live round. ``--role supervisr`` enrolled a role nobody knows.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialError, CredentialStore, credentials_path


def _cli(*args: str, stdin: str = "", display: bool = False, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    if display:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["DEALER_STATION_LOG_LEVEL"] = "warning"
    return subprocess.run([sys.executable, "-m", "dealer_station", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=timeout)


@pytest.mark.parametrize(("badge", "pin"), [("0000", "1234"), ("9999", "246810")])
def test_supervisors_add_refuses_a_published_credential_for_a_live_or_future_journal(tmp_path: Path, badge: str,
                                                                                       pin: str) -> None:
    live = tmp_path / "t1.sqlite"
    for exists in (False, True):
        if exists:
            Journal(live, table_id="T1", purpose="live").close()
        done = _cli("supervisors", "add", "--journal", str(live), "--badge", badge, "--pin-stdin", stdin=f"{pin}\n" * 2)
        assert done.returncode == 2, done
        (line,) = done.stderr.splitlines()
        assert line.startswith("dealer-station supervisors: error: ") and f"badge {badge} with the PIN published" in line
        assert pin not in line.replace(str(live), ""), line  # the PIN itself is never echoed
        assert not credentials_path(live).exists()
    # The same badge with a PIN of the table's own is a badge like any other; the demo's on its demo journal too.
    assert _cli("supervisors", "add", "--journal", str(live), "--badge", badge, "--pin-stdin",
                stdin="73915\n" * 2).returncode == 0
    demo = tmp_path / "demo.sqlite"
    with Journal(demo, table_id="T1", purpose="demo") as journal:
        store = CredentialStore(credentials_path(demo))
        store.bind(journal)
        store.add(badge, pin, builtin=True)


def test_an_unknown_role_is_refused_in_one_line_naming_the_known_ones(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    done = _cli("supervisors", "add", "--journal", str(journal), "--badge", "0412", "--role", "supervisr",
                "--pin-stdin", stdin="73915\n" * 2)
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "supervisr" in line and "supervisor, pit_boss, shift_manager" in line, line
    assert not credentials_path(journal).exists()
    assert _cli("supervisors", "add", "--journal", str(journal), "--badge", "0412", "--role", "pit_boss",
                "--pin-stdin", stdin="73915\n" * 2).returncode == 0


def _live_journal_holding_the_demo_credential(path: Path) -> Path:
    """As a file enrolled before this rule: the demo's badge and PIN, not marked built-in, on a live journal."""
    with Journal(path, table_id="T1", purpose="live"):
        pass
    store = CredentialStore(credentials_path(path))
    store.add("0412", "73915")
    store.add("0000", "1234")  # an unbound store (the rule lives in bind and in supervisors add)
    return store.path


def test_a_live_station_refuses_to_start_with_the_demo_credential_enrolled(tmp_path: Path) -> None:
    path = tmp_path / "t1.sqlite"
    creds = _live_journal_holding_the_demo_credential(path)
    with Journal(path, table_id="T1", purpose="live") as journal, \
            pytest.raises(CredentialError, match=r"holds badge 0000 with its published PIN"):
        CredentialStore(creds).bind(journal)
    station = Station(load_profile("uth-default"), journal_path=path, credentials=CredentialStore(creds),
                      purpose="live")
    with pytest.raises(CredentialError, match="published"):
        station.start()
    station.stop()
    result = _cli("run", "--journal", str(path), display=True, timeout=60)
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"dealer-station run: error: {creds} holds badge 0000 with its published PIN"), line
