"""``dealer-station doctor`` on simulated devices: a table PC that is ready passes (exit 0, no FAIL line); a missing
device, a unit that cannot prove who it is, a key file others may read, a floor that is not there, a disk
too small for the days asked each fail on their own line saying what to do (exit 1)."""

from __future__ import annotations

import os
import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dealer_station.doctor import clock_drift, clock_synchronised
from dealer_station.profile_loader import config_dir
from tests.cli import run

CLI = [sys.executable, "-m", "dealer_station", "doctor"]
DEFAULT = (config_dir() / "uth-default.toml").read_text(encoding="utf-8")
assert 'reader = "sim://usb"' in DEFAULT and "link_timeout = 2.0" in DEFAULT


def _table(tmp_path: Path, *swaps: tuple[str, str]) -> Path:
    """uth-default (it authenticates its simulated units) beside its approved programs, quick to give up."""
    text = DEFAULT.replace("link_timeout = 2.0", "link_timeout = 0.5")
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new)
    shutil.copytree(config_dir() / "programs", tmp_path / "programs")
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _doctor(tmp_path: Path, profile: Path, *more: str) -> tuple[int, dict[str, str]]:
    """The doctor on a PC without timedatectl (an empty PATH): the clock line is then a warning wherever the
    suite runs, whether or not that machine's own clock is synchronised."""
    bare = tmp_path / "bin"
    bare.mkdir(exist_ok=True)
    done = run([*CLI, "--config", str(profile), "--journal", str(tmp_path / "j.sqlite"), *more],
               capture_output=True, cwd=tmp_path, env={**os.environ, "PATH": str(bare)})
    lines = done.stdout.splitlines()
    assert lines and all(line.split()[0] in ("ok", "FAIL", "warn") for line in lines), done.stdout + done.stderr
    by_name = {line[5:].split(":", 1)[0]: line for line in lines}
    return done.returncode, by_name


def test_a_ready_pc_passes(tmp_path: Path) -> None:
    code, lines = _doctor(tmp_path, _table(tmp_path))
    assert code == 0, lines
    assert not [line for line in lines.values() if line.startswith("FAIL")]
    assert lines["device shuffler"].startswith("ok") and lines["device shuffler"].endswith("authenticated")
    assert lines["device reader"].startswith("ok") and "DS-READER-SIM" in lines["device reader"]
    assert lines["disk"].startswith("ok") and "estimate" in lines["disk"]  # no journal yet
    assert lines["device keys"].startswith("ok") and "absent" in lines["device keys"]
    assert lines["clock"].startswith("warn") and "no timedatectl" in lines["clock"]


def test_a_missing_device_and_an_impostor_fail_each_on_its_line(tmp_path: Path) -> None:
    profile = _table(tmp_path, ('reader = "sim://usb"', 'reader = "serial:///dev/no-such-ttyUSB7"'),
                     ('shuffler = "sim://shuffler"', 'shuffler = "sim://shuffler?fault=impostor=1"'))
    code, lines = _doctor(tmp_path, profile)
    assert code == 1
    assert lines["device reader"].startswith("FAIL") and "no such port /dev/no-such-ttyUSB7" in lines["device reader"]
    assert "devices scan" in lines["device reader"]
    assert lines["device shuffler"].startswith("FAIL") and "impostor" in lines["device shuffler"]
    assert lines["profile"].startswith("ok")


def test_a_key_file_others_may_read_fails_with_the_chmod_to_run(tmp_path: Path) -> None:
    keys = tmp_path / "j.sqlite.devices.json"
    keys.write_text("{}")
    os.chmod(keys, 0o644)
    code, lines = _doctor(tmp_path, _table(tmp_path), "--floor", "postgresql://nobody@127.0.0.1:1/floor")
    assert code == 1
    assert lines["device keys"].startswith("FAIL") and lines["device keys"].endswith(f"chmod 600 {keys}")
    assert lines["floor"].startswith("FAIL") and "cannot connect to the floor" in lines["floor"]
    assert lines["credentials"].startswith("ok")


def test_a_disk_too_small_for_the_days_asked_fails(tmp_path: Path) -> None:
    code, lines = _doctor(tmp_path, _table(tmp_path, ('reader = "sim://usb"\n', ""),
                                           ('shuffler = "sim://shuffler"\n', "")),
                          "--min-days", "36500", "--rounds-per-day", "100000")
    assert code == 1 and lines["disk"].startswith("FAIL")
    free = shutil.disk_usage(tmp_path).free
    assert f"{free / 1e9:.1f} GB free" in lines["disk"]


def test_a_profile_that_does_not_load_is_the_first_failure(tmp_path: Path) -> None:
    code, lines = _doctor(tmp_path, _table(tmp_path, ("seats = 7", "seats = 70")))
    assert code == 1 and list(lines) == ["profile"] and "seats" in lines["profile"]


def test_clock_checks_decide_by_the_numbers() -> None:
    now = datetime.now(UTC).timestamp()
    late = datetime.fromtimestamp(now, UTC) + timedelta(seconds=5)
    assert clock_drift(late, now - 0.01, now + 0.01, limit=1.0).status == "FAIL"
    assert clock_drift(late, now + 4.9, now + 5.1, limit=1.0).status == "ok"
    assert clock_synchronised(lambda argv: (0, "no\n")).status == "FAIL"
    assert clock_synchronised(lambda argv: (0, "yes\n")).status == "ok"
    assert clock_synchronised(lambda argv: (1, "")).status == "warn"


@pytest.mark.parametrize("args", [
    ["--max-drift", "nan"], ["--min-days", "0"], ["--rounds-per-day", "lots"], ["--min-days", "9" * 40],
])
def test_hostile_arguments_are_one_line_exit_2(args: list[str]) -> None:
    done = run([*CLI, "--config", "uth-default", *args], capture_output=True)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_floor_takes_this_stations_journals_and_its_clock_is_near(tmp_path: Path, pg_server: Any) -> None:
    from tests.floor.conftest import new_floor

    floor = new_floor(pg_server)
    profile = _table(tmp_path, ('reader = "sim://usb"\n', ""), ('shuffler = "sim://shuffler"\n', ""))
    code, lines = _doctor(tmp_path, profile, "--floor", floor.station_url)
    assert lines["floor"].startswith("ok") and "takes this station's journals" in lines["floor"], lines
    assert lines["clock drift"].startswith("ok"), lines  # the same machine's clock
    assert code == 0
    code, lines = _doctor(tmp_path, profile, "--floor", floor.station_url, "--max-drift", "0")
    assert code == 1 and lines["clock drift"].startswith("FAIL")  # no two clocks read the same to the microsecond
    code, lines = _doctor(tmp_path, profile, "--floor", floor.report_url)
    assert code == 1 and lines["floor"].startswith("FAIL") and "may not call floor.ingest(" in lines["floor"], lines


def test_the_archive_folder_is_checked_only_for_a_table_that_archives(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer_station.doctor import archive_folder

    monkeypatch.chdir(tmp_path)
    url = "postgresql://station@/floor"
    assert archive_folder(tmp_path / "nowhere", None).status == "warn"  # no floor: nothing is archived
    missing = archive_folder(tmp_path / "nowhere", url)
    assert (missing.status, missing.detail) == ("FAIL", f"no archive folder {tmp_path / 'nowhere'}")
    assert archive_folder(Path("var/archive"), url).status == "ok"  # the station makes it under var/
    (tmp_path / "mnt").mkdir()
    assert archive_folder(tmp_path / "mnt", url).status == "ok"
    if os.geteuid() != 0:  # root writes anywhere
        (tmp_path / "mnt").chmod(0o500)
        assert archive_folder(tmp_path / "mnt", url).status == "FAIL"
