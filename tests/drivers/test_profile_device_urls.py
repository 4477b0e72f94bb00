"""A device URL typo in a profile is refused in one line before anything is created, and a serial port
that does not exist is said as such (issue 38, item 13)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.errors import ConfigError
from dealer_station.profile_loader import config_dir
from drivers.base import DeviceError
from drivers.registry import check_url, open_shuffler
from tests import cli as station_cli

DEFAULT = (config_dir() / "uth-default.toml").read_text(encoding="utf-8")
assert 'shuffler = "sim://shuffler"' in DEFAULT and 'reader = "sim://usb"' in DEFAULT


def _profile(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(DEFAULT.replace(old, new), encoding="utf-8")
    return path


BAD = {
    "a misspelt twin": ('shuffler = "sim://shuffler"', 'shuffler = "sim://shufler"',
                        "devices.shuffler: unknown simulated shuffler 'shufler' (expected sim://shuffler)"),
    "another role's twin": ('reader = "sim://usb"', 'reader = "sim://beetek"',
                            "devices.reader: unknown simulated reader 'beetek'"),
    "a misspelt scheme": ('shuffler = "sim://shuffler"', 'shuffler = "seriall:///dev/ttyUSB0"',
                          "devices.shuffler: unknown shuffler backend 'seriall'"),
    "no scheme": ('shuffler = "sim://shuffler"', 'shuffler = "/dev/ttyUSB0"',
                  "devices.shuffler: '/dev/ttyUSB0' is not a device URL"),
    "a parameter the driver does not take": ('reader = "sim://usb"', 'reader = "serial:///dev/ttyUSB1?baudrat=9600"',
                                             "devices.reader: bad reader URL"),
    "a twin's fault it cannot parse": ('shuffler = "sim://shuffler"', 'shuffler = "sim://shuffler?fault=jam_after=x"',
                                       "devices.shuffler: "),
}


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"  # a live run: refused before its journal is made
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=60, in_process=args[0] != "run")


@pytest.mark.parametrize("case", sorted(BAD))
@pytest.mark.parametrize("command", ["simulate", "run"])
def test_a_bad_device_url_is_refused_before_anything_is_made(tmp_path: Path, case: str, command: str) -> None:
    old, new, message = BAD[case]
    profile = _profile(tmp_path, old, new)
    args = ("simulate", "--rounds", "1") if command == "simulate" else ("run",)
    done = _cli(tmp_path, *args, "--config", str(profile))
    assert done.returncode == 2, (done.stdout, done.stderr)
    (line,) = done.stderr.splitlines()
    assert f"{profile}: {message}" in line, line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.toml"]  # no var/, no journal, no lock


def test_good_urls_pass() -> None:
    for kind, url in (("shuffler", "sim://shuffler?seed=3"), ("shuffler", "sim://"), ("reader", "sim://usb"),
                      ("reader", "serial:///dev/ttyUSB1?baudrate=9600"), ("reader", "usb://0x1d50:0x6018"),
                      ("reading_shoe", "beetek:///dev/ttyUSB0"), ("bet_sensor", "sim://betsensor")):
        check_url(kind, url)  # no error, nothing opened


def test_a_serial_port_that_does_not_exist_is_said_so(tmp_path: Path) -> None:
    missing = tmp_path / "ttyUSB9"
    shoe = open_shuffler(f"serial://{missing}?link_timeout=0.3", open=False)
    with pytest.raises(DeviceError) as info:
        shoe.open()
    assert str(info.value) == f"shuffler: no such port {missing}"


def test_check_url_refuses_in_one_line() -> None:
    with pytest.raises(ConfigError) as info:
        check_url("shuffler", "sim://shufler")
    assert "\n" not in str(info.value) and "sim://shuffler" in str(info.value)
