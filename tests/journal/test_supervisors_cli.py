"""``dealer-station supervisors``: the one way to enrol a supervisor (issue 14)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dealer_station.supervisor import CredentialStore, credentials_path
from tests import cli as station_cli


def supervisors(*args: str, pins: str = "") -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", "supervisors", *args], input=pins,
                          capture_output=True, text=True, timeout=60)


def test_add_list_remove(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    creds = credentials_path(journal)
    added = supervisors("add", "--journal", str(journal), "--badge", "0412", "--pin-stdin", pins="73915\n73915\n")
    assert added.returncode == 0, added.stderr
    assert added.stdout == f"badge 0412 (supervisor) enrolled in {creds}\n"
    supervisors("add", "--journal", str(journal), "--badge", "pit-7", "--role", "pit_boss", "--pin-stdin",
                pins="246810\n246810\n")
    assert CredentialStore(creds).authenticate("0412", "73915").role == "supervisor"
    listed = supervisors("list", "--journal", str(journal))
    assert listed.stdout.splitlines() == ["0412\tsupervisor\tactive", "pit-7\tpit_boss\tactive"]
    stored = json.loads(creds.read_text())["supervisors"]["0412"]
    assert stored["hash"] not in listed.stdout and stored["salt"] not in listed.stdout
    assert "73915" not in creds.read_text()
    removed = supervisors("remove", "--journal", str(journal), "--badge", "0412")
    assert removed.returncode == 0, removed.stderr
    assert supervisors("list", "--journal", str(journal)).stdout == "pit-7\tpit_boss\tactive\n"


def test_list_shows_lockout(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    store = CredentialStore(credentials_path(journal))
    store.add("0412", "73915")
    for pin in ("1", "2", "3"):
        try:
            store.authenticate("0412", pin * 4)
        except Exception:
            pass
    line = supervisors("list", "--journal", str(journal)).stdout.strip()
    assert line.startswith("0412\tsupervisor\tlocked out until 20"), line


def test_refusals_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    cases = [
        (("add", "--badge", "0412", "--pin-stdin"), "1234\n4321\n", "the two PINs differ"),
        (("add", "--badge", "0412", "--pin-stdin"), "12\n12\n", "PIN must be 4 to 12 digits"),
        (("add", "--badge", "0412", "--pin-stdin"), "1234\n", "two lines"),
        (("add", "--badge", "bad badge", "--pin-stdin"), "1234\n1234\n", "badge must be"),
        (("remove", "--badge", "0412"), "", "no supervisors enrolled"),
    ]
    for args, pins, needle in cases:
        result = supervisors(*args, "--journal", str(journal), pins=pins)
        assert result.returncode == 2, (args, result.stderr)
        (line,) = result.stderr.splitlines()
        assert needle in line and "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []
    missing = supervisors("add", "--journal", str(tmp_path / "nowhere" / "t1.sqlite"), "--badge", "1",
                          "--pin-stdin", pins="1234\n1234\n")
    assert missing.returncode == 2 and "no folder" in missing.stderr


def test_duplicate_badge_needs_replace(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    args = ("add", "--journal", str(journal), "--badge", "0412", "--pin-stdin")
    assert supervisors(*args, pins="1234\n1234\n").returncode == 0
    again = supervisors(*args, pins="5678\n5678\n")
    assert again.returncode == 2 and "already exists" in again.stderr
    assert supervisors(*args, "--replace", pins="5678\n5678\n").returncode == 0
    assert CredentialStore(credentials_path(journal)).authenticate("0412", "5678").badge == "0412"


def test_without_a_terminal_add_says_which_option_reads_stdin_and_writes_nothing(tmp_path: Path) -> None:
    """getpass with no terminal printed a Python warning and echoed; now one line naming the option."""
    (tmp_path / "pit").mkdir()  # (a missing folder outside var/ would be refused first)
    cases = ((["supervisors", "add", "--journal", str(tmp_path / "t1.sqlite"), "--badge", "0412"], "--pin-stdin"),
             (["pit", "users", "add", "--state-dir", str(tmp_path / "pit"), "--user", "maria", "--role",
               "supervisor"], "--password-stdin"))
    for args, option in cases:
        done = subprocess.run([sys.executable, "-m", "dealer_station", *args], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=60, start_new_session=True)  # no tty
        assert done.returncode == 2 and done.stdout == "", done
        assert done.stderr.count("\n") == 1 and option in done.stderr and "Warning" not in done.stderr, done.stderr
        assert "without echo" in done.stderr
    assert list(tmp_path.rglob("*")) == [tmp_path / "pit"]  # no credentials file, nothing in the pit folder
