"""Secrets others may read are refused (issue 38 item 5): the device keys, the supervisors'
credentials and the pit's key, by one rule - as the pit already refused its own key file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.device_keys import DeviceKeys, device_keys_path
from dealer_station.errors import DealerStationError
from dealer_station.pit.state import session_key
from dealer_station.station import Station
from dealer_station.supervisor import CredentialError, CredentialStore, credentials_path
from simulators.device import device_key
from simulators.shuffler import ShufflerSimulator

SHOE_SERIAL = "SIM-SHUFFLER-0001"


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["DEALER_STATION_LOG_LEVEL"] = "warning"
    return subprocess.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=cwd)


def _authenticating_profile(folder: Path) -> Path:
    """uth-default (its shoe proves itself: the shipped approved programs) on a shoe of a known serial."""
    source = Path(__file__).parents[2] / "config" / "uth-default.toml"
    text = source.read_text(encoding="utf-8").replace('"sim://shuffler"', '"sim://shuffler?seed=1"').replace(
        "[devices]", f'[devices]\nprograms = "{source.parent / "programs"}"', 1)
    profile = folder / "table.toml"
    profile.write_text(text, encoding="utf-8")
    return profile


def _exposed_keys(journal: Path) -> Path:
    keys = DeviceKeys(device_keys_path(journal))
    keys.enrol(ShufflerSimulator.model, SHOE_SERIAL, device_key(SHOE_SERIAL))
    keys.path.chmod(0o644)
    return keys.path


def test_run_refuses_a_device_key_file_others_may_read_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    profile = _authenticating_profile(tmp_path)
    journal = tmp_path / "var" / "t1.sqlite"
    journal.parent.mkdir()
    exposed = _exposed_keys(journal)
    before = sorted(p.name for p in journal.parent.iterdir())
    done = _cli("run", "--config", str(profile), "--journal", str(journal), "--demo", "--rounds", "1",
                "--step-ms", "0", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert line == f"dealer-station run: error: {exposed} may be read by others: chmod 600 it", line
    assert sorted(p.name for p in journal.parent.iterdir()) == before  # no journal, no credentials, no lock


def test_the_station_refuses_it_before_its_journal_and_the_devices_command_too(tmp_path: Path) -> None:
    from dealer_station.profile_loader import load_profile

    table = load_profile(str(_authenticating_profile(tmp_path)))
    journal = tmp_path / "t1.sqlite"
    exposed = _exposed_keys(journal)
    with pytest.raises(DealerStationError, match=f"{exposed} may be read by others: chmod 600 it"):
        Station(table, journal_path=journal).start()
    assert not journal.exists()
    listed = _cli("devices", "list", "--journal", str(journal), cwd=tmp_path)
    assert listed.returncode == 2 and listed.stderr.count("\n") == 1 and "chmod 600" in listed.stderr, listed.stderr
    exposed.chmod(0o600)  # put right: used again
    assert [d.serial_number for d in DeviceKeys(exposed).devices()] == [SHOE_SERIAL]


def test_supervisor_credentials_and_the_pits_key_follow_the_same_rule(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    store = CredentialStore(credentials_path(journal))
    store.add("0412", "73915")
    store.path.chmod(0o640)  # the group may read it: as bad
    with pytest.raises(CredentialError, match="may be read by others: chmod 600 it"):
        CredentialStore(store.path)
    listed = _cli("supervisors", "list", "--journal", str(journal), cwd=tmp_path)
    assert listed.returncode == 2 and listed.stderr.count("\n") == 1 and "chmod 600" in listed.stderr, listed.stderr
    session_key(tmp_path)
    (tmp_path / "session.key").chmod(0o604)
    with pytest.raises(DealerStationError, match=r"session.key may be read by others: chmod 600 it \(or delete it"):
        session_key(tmp_path)
