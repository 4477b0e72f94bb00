"""``dealer-station devices scan`` finds the project's own simulated devices where a technician would find real
ones: the simulated shoe on a pty (named with --port, as pyserial's list misses ptys) and the simulated USB
reader on its pyusb bus, each with its role and the URL its driver opens it by."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import drivers.scan
from simulators.reader import CardReaderSimulator
from simulators.shuffler import ShufflerSimulator
from tests.cli import run

CLI = [sys.executable, "-m", "dealer_station", "devices", "scan"]


@pytest.fixture
def simulators(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ShufflerSimulator, CardReaderSimulator]]:
    shoe = ShufflerSimulator(seed=3).start()
    reader = CardReaderSimulator(kind="usb", seed=5).start()
    # the reader's bus is an in-process pyusb backend: the scan lists it where it would list libusb's
    monkeypatch.setattr(drivers.scan, "default_usb_backend", lambda: reader.backend)
    yield shoe, reader
    shoe.stop()
    reader.stop()


def test_scan_finds_the_simulated_shoe_and_reader_with_their_roles_and_urls(
        simulators: tuple[ShufflerSimulator, CardReaderSimulator]) -> None:
    shoe, reader = simulators
    done = run([*CLI, "--port", shoe.port_path, "--json", "--probe-timeout", "0.3"], capture_output=True)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)["devices"]
    by_path = {d["path"]: d for d in found}
    pty = by_path[shoe.port_path]
    assert (pty["role"], pty["dialect"], pty["url"]) == ("shuffler", "house", f"serial://{shoe.port_path}")
    assert (pty["model"], pty["unit_serial"]) == (shoe.model, shoe.serial_number)
    usb = [d for d in found if d["bus"] == "usb"]
    assert len(usb) == 1
    assert (usb[0]["vid"], usb[0]["pid"]) == ("0x1d50", "0x6018")
    assert (usb[0]["role"], usb[0]["url"]) == ("reader", "usb://0x1d50:0x6018")
    assert usb[0]["unit_serial"] == reader.serial_number

    text = run([*CLI, "--port", shoe.port_path, "--probe-timeout", "0.3"], capture_output=True)
    assert text.returncode == 0, text.stderr
    shoe_line = next(ln for ln in text.stdout.splitlines() if shoe.port_path in ln)
    assert "-> shuffler (house" in shoe_line and f"url serial://{shoe.port_path}" in shoe_line


def test_no_probe_opens_nothing_and_matches_usb_by_ids_alone(
        simulators: tuple[ShufflerSimulator, CardReaderSimulator]) -> None:
    shoe, _ = simulators
    done = run([*CLI, "--port", shoe.port_path, "--json", "--no-probe"], capture_output=True)
    found = {d["path"]: d for d in json.loads(done.stdout)["devices"]}
    assert found[shoe.port_path]["role"] == "" and found[shoe.port_path]["model"] == ""
    assert [d["role"] for d in found.values() if d["bus"] == "usb"] == ["reader"]


@pytest.mark.parametrize("args", [
    ["--port", "/nonexistent/ttyUSB9"],
    ["--port", "FILE"],
    ["--port", "bad\x00path"],
    ["--probe-timeout", "nan"],
    ["--probe-timeout", "-1"],
    ["--probe-timeout", "1e9"],
    ["--json", "--bogus"],
])
def test_hostile_arguments_are_one_line_exit_2(args: list[str], tmp_path: Path) -> None:
    plain = tmp_path / "not-a-port"
    plain.write_text("x")
    done = run([*CLI, *[str(plain) if a == "FILE" else a for a in args]], capture_output=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
