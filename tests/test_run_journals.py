"""``run`` keeps demos out of live journals and never creates live credentials (issue 14).

A headless ``run`` used to become a demo silently and write badge 0000 / PIN 1234 into
the ``credentials.json`` beside the live journal, which a later live run accepted.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

from dealer_station.journal import Journal
from dealer_station.supervisor import CredentialStore, credentials_path


def _run(cwd: Path, *args: str, display: bool, log_level: str = "warning") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    if display:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["DEALER_STATION_LOG_LEVEL"] = log_level
    return subprocess.run([sys.executable, "-m", "dealer_station", "run", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=240)


def test_no_display_says_demo_and_uses_the_demo_journal(tmp_path: Path) -> None:
    live = tmp_path / "var" / "t1.sqlite"
    live.parent.mkdir()
    Journal(live, table_id="T1", purpose="live").close()
    before = live.read_bytes()
    result = _run(tmp_path, "--journal", str(live), "--rounds", "1", "--step-ms", "10", "--screenshot-dir", "var/shots",
                  display=False, log_level="info")
    assert result.returncode == 0, result.stderr
    demo = live.with_name("demo-T1.sqlite")  # named by table: tables sharing a folder never share a demo
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"no display: running offscreen in DEMO mode on the demo journal {demo} "), first
    logged = [json.loads(line) for line in result.stderr.splitlines() if line.startswith("{")]
    fallback = [e for e in logged if e["event"] == "demo_fallback"]
    # in the log, at info: the default level (warning) does not repeat the line stdout says (issue 38)
    assert [(e["journal"], e["level"]) for e in fallback] == [(str(demo), "info")], result.stderr
    assert live.read_bytes() == before and not credentials_path(live).exists()
    with Journal.open_readonly(demo) as journal:
        assert journal.purpose == "demo" and any(e.kind == "round_paid" for e in journal.events())
    assert CredentialStore(credentials_path(demo)).badges() == ["0000"]
    shots = sorted((tmp_path / "var" / "shots").glob("*.png"))
    assert shots and not (tmp_path / "var" / "shots" / "none_closed.png").exists()  # none before the window is sized
    sizes = {struct.unpack(">II", shot.read_bytes()[16:24]) for shot in shots}  # PNG IHDR width, height
    assert len(sizes) == 1, sizes


def test_live_run_creates_no_credentials_and_refuses_demo_journals(tmp_path: Path) -> None:
    demo = tmp_path / "demo.sqlite"
    Journal(demo, table_id="T1", purpose="demo").close()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    refused = _run(tmp_path, "--journal", str(demo), display=True)
    assert refused.returncode == 2
    assert refused.stderr.strip() == (f"dealer-station run: error: {demo} is a demo journal, not a live one "
                                      "(table T1); use another journal file")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # no credentials, nothing at all


def test_a_live_run_refuses_a_journal_of_another_game_and_writes_nothing(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    Journal(journal, table_id="T1", purpose="live", game="holdem_bonus").close()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    refused = _run(tmp_path, "--journal", str(journal), display=True)  # uth-default is table T1 too
    assert refused.returncode == 2
    assert refused.stderr.strip() == (f"dealer-station run: error: {journal} is the journal of a holdem_bonus table "
                                      "(T1), not uth; use another journal file")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
