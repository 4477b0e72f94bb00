"""The house RFID bet sensor (issue 21 item 1): its dialect, its twin on a real pty, the real driver."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.errors import ConfigError
from drivers import commands as c
from drivers.dialect import CommandRefused
from drivers.dialects.betsensor import BetSensorDialect, encode_inventory
from drivers.events import AntennaFault, ChipInventory, DeviceFault, LinkDown, LinkUp
from drivers.registry import BACKENDS, backend_class, open_bet_sensor
from simulators.backends import SimulatedBetSensor
from simulators.betsensor import BetSensorSimulator, SensorFaults

from .conftest import wait_for

A = "E004000000000001"
B = "E004000000000002"
C = "E0040000000000FF"
# docs/protocol.md's line, written out here so the dialect is checked against the document
SPEC_LINE = re.compile(rb"\$INV,[0-9]+,(?:[0-9]+\.[a-z][a-z0-9_]*(?:=(?:[0-9A-F]{16}(?:\+[0-9A-F]{16})*)?|![A-Z0-9]+)"
                       rb"(?:;|(?=\*)))*\*[0-9A-F]{4}\r\n")


def feed(data: bytes, step: int | None = None) -> tuple[list[object], BetSensorDialect]:
    d = BetSensorDialect("bet_sensor")
    d.connected(0.0)
    out: list[object] = []
    step = step or len(data) or 1
    for i in range(0, len(data), step):
        out += d.feed(data[i:i + step], 0.0).received
    return out, d


def test_an_inventory_line_becomes_one_report_per_round_and_a_fault_per_dead_antenna() -> None:
    line = encode_inventory(7, {(1, "ante"): (A, B), (1, "trips"): (), (2, "ante"): "E1"})
    assert SPEC_LINE.fullmatch(line)
    got, _ = feed(line)
    inventory, fault = got
    assert isinstance(inventory, ChipInventory) and inventory.round == 7
    assert [(a.seat, a.spot, a.chips) for a in inventory.antennas] == [(1, "ante", (A, B)), (1, "trips", ())]
    assert isinstance(fault, AntennaFault) and (fault.round, fault.seat, fault.spot, fault.code) == (7, 2, "ante", "E1")


def test_bad_crc_duplicate_round_torn_and_malformed_lines_are_dropped_and_counted() -> None:
    good = encode_inventory(1, {(1, "ante"): (A,)})
    bad_crc = encode_inventory(2, {(1, "ante"): (A,)})[:-6] + b"0000\r\n"
    dup_id = b"$INV,3,1.ante=" + A.encode() + b"+" + A.encode()
    dup_id += b"*" + f"{__import__('dealer_station.wire.codec', fromlist=['x']).crc16_kermit(dup_id[1:]):04X}".encode()
    dup_id += b"\r\n"
    stream = b"NV,0,1.an" + good + good + bad_crc + b"\x00\xff junk " + dup_id + encode_inventory(4, {(1, "ante"): ()})
    for step in (None, 1, 5):
        got, d = feed(stream, step)
        assert [r.round for r in got if isinstance(r, ChipInventory)] == [1, 4]
        assert d.stats["crc_errors"] == 1 and d.stats["duplicates"] == 1 and d.stats["malformed"] == 1


def test_the_sensor_takes_no_commands() -> None:
    with pytest.raises(CommandRefused, match="receive-only"):
        BetSensorDialect("bet_sensor").command(c.Reset())


def test_a_vendor_is_one_registry_line_naming_its_dialect_module() -> None:
    sensor = backend_class("bet_sensor", "betsensor")
    assert BACKENDS["bet_sensor"]["betsensor"].startswith("drivers.dialects.betsensor:")
    assert sensor.dialect_class is BetSensorDialect and sensor.kind == "bet_sensor"


@settings(max_examples=150, deadline=None)
@given(junk=st.binary(max_size=300))
def test_fuzz_noise_never_raises_and_the_next_line_is_read(junk: bytes) -> None:
    d = BetSensorDialect("bet_sensor")
    d.connected(0.0)
    d.feed(junk, 0.0)
    got = d.feed(b"\r\n" + encode_inventory(99, {(3, "play"): (C,)}), 0.0).received
    assert isinstance(got[-1], ChipInventory) and got[-1].antennas[0].chips == (C,)


def test_the_twin_on_a_pty_and_the_real_driver_see_the_same_layout() -> None:
    sim = BetSensorSimulator([(1, "ante"), (1, "play")], seed=3, interval=0.02).start()
    try:
        with open_bet_sensor(sim.url) as sensor:
            assert wait_for(sensor, LinkUp).identity.serial_number == "SIM-BETSENSOR-0003"
            sim.place(1, "ante", [A, B])
            inv = wait_for(sensor, ChipInventory, where=lambda r: bool(r.antennas[0].chips))
            assert inv.antennas[0].chips == (A, B) and inv.antennas[1].chips == ()
            sim.flake(1, "ante", A)
            sim.antenna_down(1, "play")
            fault = wait_for(sensor, AntennaFault)
            assert (fault.seat, fault.spot) == (1, "play")
            sim.take(1, "ante", [A])
            sim.antenna_up(1, "play")
            inv = wait_for(sensor, ChipInventory, where=lambda r: len(r.antennas) == 2 and r.antennas[0].chips == (B,))
            assert sim.flaked == 1
            sim.inject("disconnect", seconds=0.3)
            assert wait_for(sensor, DeviceFault).code == "link_lost"
            wait_for(sensor, LinkDown)
            wait_for(sensor, LinkUp, timeout=5.0)
            assert wait_for(sensor, ChipInventory).antennas[0].chips == (B,)
    finally:
        sim.stop()


def test_the_twin_scans_on_demand_back_to_back_without_waiting_out_its_interval() -> None:
    """``scan(n)``: n inventory rounds now (the simulated table's pace), numbered up to what it returns."""
    sim = BetSensorSimulator([(1, "ante")], seed=3, interval=60.0).start()  # its own pace: one a minute
    stamped: list[int] = []
    sim.trace = lambda number, at: stamped.append(number)
    try:
        with open_bet_sensor(sim.url) as sensor:
            wait_for(sensor, LinkUp)
            sim.place(1, "ante", [A])
            start = time.monotonic()
            last = sim.scan(3)
            numbers = [wait_for(sensor, ChipInventory, timeout=2.0).round for _ in range(3)]
            assert numbers == [last - 2, last - 1, last] and time.monotonic() - start < 2.0
            assert sim.wait_round(last, timeout=2.0) and stamped == numbers
            assert sim.scan(1) == last + 1 and wait_for(sensor, ChipInventory).antennas[0].chips == (A,)
    finally:
        sim.stop()


def test_sim_backend_starts_the_twin_behind_the_real_driver() -> None:
    sensor = SimulatedBetSensor.open_url(urlsplit("sim://betsensor"),
                                         {"seed": 4, "antennas": "2.ante,2.blind", "fault": ["antenna_down=2.blind"]},
                                         None)
    try:
        sensor.open()
        wait_for(sensor, LinkUp)
        assert wait_for(sensor, AntennaFault).spot == "blind"
    finally:
        sensor.close()
    assert sensor.simulator._pty is None
    with pytest.raises(ConfigError, match="unknown bet sensor fault"):
        SensorFaults.parse(["pinch=1"])
    with pytest.raises(ConfigError, match="bad antenna"):
        SimulatedBetSensor.open_url(urlsplit("sim://betsensor"), {"antennas": "x"}, None)


def test_sim_betsensor_cli_serves_the_real_driver_and_stops_on_sigint() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "sim", "betsensor", "--seed", "5",
                             "--delay", "0.05", "--fault", "antenna_down=3.play"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        url = None
        deadline = time.monotonic() + 15
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            if "ready: " in line:
                url = line.split("ready: ", 1)[1].strip()
        assert url and url.startswith("betsensor://")
        with open_bet_sensor(url) as sensor:
            wait_for(sensor, LinkUp)
            inv = wait_for(sensor, ChipInventory)
            assert len(inv.antennas) == 27 and all(len(a.chips) == 5 for a in inv.antennas if a.spot == "ante")
            assert (wait_for(sensor, AntennaFault).seat, ) == (3, )
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err


def test_the_example_in_the_protocol_document_is_what_the_sensor_writes() -> None:
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    example = encode_inventory(17, {(1, "ante"): (A, B), (1, "trips"): (), (2, "ante"): "E1"})
    assert example.decode().replace("\r\n", "\\r\\n") in doc
