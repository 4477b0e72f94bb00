"""``dealer-station sim`` as a user runs it: a subprocess, a URL, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from drivers.events import DeckVerified, LinkUp
from drivers.registry import open_shuffler

from .conftest import wait_for

CLI = [sys.executable, "-m", "dealer_station"]
ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def test_sim_shuffler_prints_url_serves_a_driver_and_stops_on_sigint() -> None:
    proc = subprocess.Popen([*CLI, "sim", "shuffler", "--seed", "3", "--fault", "missing=As"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        url = None
        deadline = time.monotonic() + 15
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if "ready: " in line:
                url = line.split("ready: ", 1)[1].strip()
        assert url and url.startswith("serial://") and "baudrate=115200" in url
        with open_shuffler(url + "&link_timeout=0.5") as drv:
            assert wait_for(drv, LinkUp).identity.serial_number == "SIM-SHUFFLER-0003"
            drv.verify_deck()
            assert wait_for(drv, DeckVerified).missing == [51]
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err


def test_bad_fault_spec_exits_2_with_one_line() -> None:
    proc = subprocess.run([*CLI, "sim", "reader", "--fault", "jam_after=soon"], capture_output=True, text=True,
                          timeout=20, env=ENV)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "bad fault" in proc.stderr and "Traceback" not in proc.stderr


def test_an_unknown_device_exits_2_with_one_line_naming_the_known_ones() -> None:
    proc = subprocess.run([*CLI, "sim", "bluetooth"], capture_output=True, text=True, timeout=20, env=ENV)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "unknown simulator 'bluetooth'" in proc.stderr and "beetek" in proc.stderr


def test_cli_package_imports_no_serial_or_usb() -> None:
    code = "import sys, dealer_station.cli as c; c.build_parser(); print(any(m.split('.')[0] in ('serial','usb','drivers','simulators') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20, env=ENV)
    assert out.stdout.strip() == "False", out.stderr
