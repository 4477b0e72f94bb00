"""The house RFID tray antenna (issue 40 item 5): its dialect, hostile frames refused whole, its twin on a real
pty behind the real driver with its faults (a column unread, a chip missed for one scan)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.errors import ConfigError
from dealer_station.wire.codec import crc16_kermit
from drivers import commands as c
from drivers.dialect import CommandRefused
from drivers.dialects.tray import MAX_COLUMNS, TrayDialect, encode_scan
from drivers.events import DeviceFault, LinkDown, LinkUp, TraySensed
from drivers.registry import BACKENDS, backend_class, check_url, open_device
from simulators.backends import SimulatedTray
from simulators.registry import find_twin
from simulators.tray import TrayAntennaSimulator, TrayFaults

from .conftest import wait_for

A, B, C = "E004000000000001", "E004000000000002", "E0040000000000FF"
# docs/protocol.md's line, written out here so the dialect is checked against the document
SPEC_LINE = re.compile(rb"\$TRAY,[0-9]+,(?:[0-9]+(?:=(?:[0-9A-F]{16}(?:\+[0-9A-F]{16})*)?|![A-Z0-9]+)"
                       rb"(?:;|(?=\*)))*\*[0-9A-F]{4}\r\n")


def line(body: str) -> bytes:
    """A line framed by hand (``$`` body ``*`` CRC-16/KERMIT in hex, CR LF): the dialect's encoder is not used."""
    raw = body.encode("latin-1")
    return b"$" + raw + b"*" + f"{crc16_kermit(raw):04X}".encode() + b"\r\n"


def feed(data: bytes, step: int | None = None) -> tuple[list[object], TrayDialect]:
    d = TrayDialect("tray")
    d.connected(0.0)
    out: list[object] = []
    step = step or len(data) or 1
    for i in range(0, len(data), step):
        out += d.feed(data[i:i + step], 0.0).received
    return out, d


def test_a_scan_line_is_one_report_with_its_columns_and_the_columns_unread() -> None:
    encoded = encode_scan(7, {1: (A, B), 2: (), 3: "E1"})
    assert SPEC_LINE.fullmatch(encoded) and encoded == line(f"TRAY,7,1={A}+{B};2=;3!E1")
    (report,), d = feed(encoded)
    assert isinstance(report, TraySensed) and report.scan == 7 and report.unread == (3,)
    assert [(col.column, col.chips) for col in report.columns] == [(1, (A, B)), (2, ())]
    assert d.stats["scans"] == 1


HOSTILE = {
    "a column 0": line(f"TRAY,2,0={A}"),
    "a column past the last": line(f"TRAY,2,{MAX_COLUMNS + 1}={A}"),
    "a column twice": line(f"TRAY,2,1={A};1={B}"),
    "a column both read and unread": line(f"TRAY,2,1={A};1!E1"),
    "one tag in two columns": line(f"TRAY,2,1={A};2={A}"),
    "a short tag": line("TRAY,2,1=E00400000000001"),
    "a lower-case tag": line(f"TRAY,2,1={A.lower()}"),
    "an item that is no column": line(f"TRAY,2,1={A};hello"),
    "no column at all": line("TRAY,2,"),
    "more tags than a column holds": line("TRAY,2,1=" + "+".join(f"E0{n:014X}" for n in range(1001))),
    "a bad CRC": line(f"TRAY,2,1={A}")[:-6] + b"0000\r\n",
    "a NUL in the line": line(f"TRAY,2,1={A}\x00"),
    "the bet sensor's line": line(f"INV,2,1.ante={A}"),
    "a scan number of ten digits": line(f"TRAY,1234567890,1={A}"),
}


@pytest.mark.parametrize("what", list(HOSTILE))
def test_a_hostile_frame_is_refused_whole_in_one_line_and_the_next_is_read(what: str) -> None:
    got, d = feed(HOSTILE[what] + encode_scan(3, {1: (C,)}))
    assert [(r.scan, r.columns[0].chips) for r in got] == [(3, (C,))]  # nothing of the hostile line went out
    assert d.last_refused and "\n" not in d.last_refused and len(d.last_refused) < 120
    assert d.stats["malformed"] + d.stats["crc_errors"] == 1


def test_a_big_trays_line_is_read_whole() -> None:
    full = encode_scan(1, {n: tuple(f"E0{n:02X}{k:012X}" for k in range(300)) for n in range(1, 13)})
    assert len(full) > 60_000  # twelve columns of 300 chips: a line four times the bet sensor's longest
    (scan,), _ = feed(full, 4096)
    assert sum(len(col.chips) for col in scan.columns) == 3600


def test_garbage_torn_lines_and_a_repeated_scan_are_skipped_and_counted() -> None:
    good = encode_scan(1, {1: (A,)})
    stream = b"RAY,0,1=" + good + good + b"\x00\xff junk $TRAY,9,1=" + b"x" * (TrayDialect.max_line + 100) + b"\n" + encode_scan(2, {1: ()})
    for step in (None, 1024, 7):
        got, d = feed(stream, step)
        assert [r.scan for r in got] == [1, 2]
        assert d.stats["duplicates"] == 1
        # the overlong line: refused as a line when it arrived whole, skipped as garbage when it outgrew the buffer
        assert d.stats["malformed"] + (d.stats["garbage_bytes"] > TrayDialect.max_line) == 1


@settings(max_examples=100, deadline=None)
@given(junk=st.binary(max_size=300))
def test_noise_never_raises_and_the_next_line_is_read(junk: bytes) -> None:
    d = TrayDialect("tray")
    d.connected(0.0)
    d.feed(junk, 0.0)
    got = d.feed(b"\r\n" + encode_scan(99, {4: (C,)}), 0.0).received
    assert isinstance(got[-1], TraySensed) and got[-1].columns[0].chips == (C,)


def test_the_antenna_takes_no_commands_and_is_one_registry_line() -> None:
    with pytest.raises(CommandRefused, match="receive-only"):
        TrayDialect("tray").command(c.Reset())
    antenna = backend_class("tray", "rfidtray")
    assert BACKENDS["tray"]["rfidtray"].startswith("drivers.dialects.tray:")
    assert antenna.dialect_class is TrayDialect and antenna.kind == "tray"
    assert find_twin("tray")[2] is TrayAntennaSimulator


def test_the_twin_on_a_pty_and_the_real_driver_with_its_faults() -> None:
    sim = TrayAntennaSimulator(3, seed=3, interval=60.0).start()  # scans only when asked
    try:
        with open_device("tray", sim.url) as antenna:
            assert wait_for(antenna, LinkUp).identity.serial_number == "SIM-TRAY-0003"
            sim.put(1, [A, B])
            sim.put(2, [C])
            sim.scan()
            seen = wait_for(antenna, TraySensed)
            assert [col.chips for col in seen.columns] == [(A, B), (C,), ()] and seen.unread == ()
            sim.miss(B)  # a chip missed for one scan, and only one
            sim.scan(2)
            missed, again = wait_for(antenna, TraySensed), wait_for(antenna, TraySensed)
            assert missed.columns[0].chips == (A,) and again.columns[0].chips == (A, B) and sim.missed == 1
            sim.column_down(2)  # a column unread
            assert sim.take(1, 1) == [B]  # a chip taken off the top of column 1
            sim.scan()
            down = wait_for(antenna, TraySensed)
            assert down.unread == (2,) and [col.column for col in down.columns] == [1, 3]
            assert down.columns[0].chips == (A,)
            sim.inject("disconnect", seconds=0.3)
            assert wait_for(antenna, DeviceFault).code == "link_lost"
            wait_for(antenna, LinkDown)
            wait_for(antenna, LinkUp, timeout=5.0)
    finally:
        sim.stop()


def test_sim_url_starts_the_twin_and_a_bad_one_is_one_line() -> None:
    antenna = SimulatedTray.open_url(urlsplit("sim://tray"), {"seed": 4, "columns": "2", "interval": "0.05",
                                                              "fault": ["column_down=2"]}, None)
    try:
        antenna.open()
        wait_for(antenna, LinkUp)
        assert wait_for(antenna, TraySensed).unread == (2,)
    finally:
        antenna.close()
    assert antenna.simulator._pty is None
    check_url("tray", "sim://tray?seed=1&columns=6&fault=miss_rate=0.01")
    for url, problem in (("sim://tray?fault=skim=1", "unknown tray fault"),
                         ("sim://tray?fault=column_down=40", "bad value"),
                         ("sim://tray?columns=0", "bad columns"),
                         ("sim://betsensor", "unknown simulated tray")):
        with pytest.raises(ConfigError, match=problem):
            check_url("tray", url)
    with pytest.raises(ConfigError, match="unknown tray fault"):
        TrayFaults.parse(["pinch=1"])
