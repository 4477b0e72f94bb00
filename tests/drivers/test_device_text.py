"""Device text is untrusted (issue 18 item 2): a FAULT text or an IDENTITY string holding
U+0000 (or any unprintable character, bad UTF-8, or too many bytes) is a malformed payload,
refused like a CRC error, and never reaches the journal."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.wire import codec as p
from drivers.base import DeviceError
from drivers.events import DeviceFault, DeviceIdentity, LinkDown
from drivers.registry import open_shuffler
from simulators.shuffler import ShufflerSimulator

from .conftest import LINK, drain, wait_for


def _frame(code: int, payload: bytes) -> bytes:
    head = bytes((code, 1, 1)) + payload
    crc = p.crc16_kermit(head)
    return bytes((p.FLAG,)) + p.stuff(head + bytes((crc & 0xFF, crc >> 8))) + bytes((p.FLAG,))


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (b"\x00feed\x00jam", "U+0000"),
        (b"\x00door \x1b[2J", "U+001B"),  # a terminal escape
        (b"\x00" + "right\u202eleft".encode(), "U+202E"),  # a bidi override would reorder the screen's text
        (b"\x00\xff\xfe", "not UTF-8"),
        (b"\x00" + b"x" * (p.MAX_FAULT_TEXT + 1), "longer than"),
    ],
)
def test_unprintable_or_overlong_fault_text_is_a_malformed_frame(payload: bytes, why: str) -> None:
    (item,) = p.FrameDecoder().feed(_frame(p.Msg.FAULT, payload))
    assert isinstance(item, p.Corrupt) and item.malformed and why in item.reason


def test_identity_strings_are_checked_the_same_way() -> None:
    good = p.Identity("DS-1", "SN-1", "1.0", 1, 7).pack()
    assert p.FrameDecoder().feed(_frame(p.Msg.IDENTITY, good))[0] == p.Frame(p.Identity("DS-1", "SN-1", "1.0", 1, 7), 1, 1)
    (item,) = p.FrameDecoder().feed(_frame(p.Msg.IDENTITY, p.Identity("DS\x00", "SN-1", "1.0", 1, 7).pack()))
    assert isinstance(item, p.Corrupt) and item.malformed and "model holds the unprintable character U+0000" in item.reason
    long_serial = bytes([2]) + b"DS" + bytes([65]) + b"9" * 65 + bytes([1]) + b"1" + bytes([1, 7])
    (item,) = p.FrameDecoder().feed(_frame(p.Msg.IDENTITY, long_serial))
    assert isinstance(item, p.Corrupt) and "serial number longer than 64 bytes" in item.reason


def test_printable_unicode_still_passes_and_a_long_text_is_cut_at_a_character() -> None:
    text = "bourrage à la carte 4 — ünïcode " + "é" * 200
    wire = p.encode(p.FaultMsg("jam", text), 1, 1)
    (frame,) = p.FrameDecoder().feed(wire)
    assert isinstance(frame, p.Frame) and text.startswith(frame.message.text)  # type: ignore[attr-defined]
    assert len(frame.message.text.encode()) <= p.MAX_FAULT_TEXT  # type: ignore[attr-defined]


def test_typed_events_refuse_unprintable_text_whatever_dialect_made_them() -> None:
    with pytest.raises(ValidationError):
        DeviceFault(device="shuffler", code="jam", text="a\x00b")
    with pytest.raises(ValidationError):
        DeviceIdentity(model="M", serial_number="S\x00", firmware="1", protocol_version=1)
    assert p.printable("disconnected: \x00\n") == "disconnected: \\x00\\n"


def test_nul_in_fault_text_over_a_pty_is_refused_and_reported_as_crc_errors(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    drain(drv)
    sim.fault("jam", "feed\x00jam")  # the device's own bytes: a NUL inside its FAULT text
    seen: list[object] = []
    fault = wait_for(drv, DeviceFault, timeout=3.0, seen=seen)
    assert fault.code == "crc_errors" and "U+0000" in fault.text and fault.text.isprintable()
    wait_for(drv, LinkDown, seen=seen)
    assert not any(isinstance(e, DeviceFault) and e.code == "jam" for e in seen)  # never delivered as sent
    assert drv.link.channel.stats["corrupt"] >= drv.link.channel.max_retries + 1  # NAKed, resent, NAKed...


def test_nul_in_identity_refuses_the_device_with_one_clear_line() -> None:
    sim = ShufflerSimulator(seed=3, ack_timeout=LINK["ack_timeout"])
    sim.model = "DS\x00SHOE"
    sim.start()
    try:
        with pytest.raises(DeviceError, match=r"did not answer .*refused: bad payload: model holds the unprintable "
                                              r"character U\+0000"):
            open_shuffler(sim.url, **LINK)
    finally:
        sim.stop()


def test_a_station_never_journals_the_nul_a_shoe_sent(tmp_path: Path) -> None:
    table = load_profile("uth-default")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=31", "reader": None,
                                               "link_timeout": 0.5})
    st = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "j.sqlite",
                 program={"version": "test"})
    session = st.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected, 10.0)
        st.simulator("shuffler").fault("door_open", "door\x00open")
        deadline = time.monotonic() + 10.0
        faults: list[dict[str, object]] = []
        while time.monotonic() < deadline and not faults:
            st.drain()
            faults = [e.payload for e in session.journal.events(kinds={"device_fault"})]
            time.sleep(0.05)
        assert faults and faults[0]["code"] == "crc_errors" and "U+0000" in str(faults[0]["text"])
        for event in session.journal.events():
            text = json.dumps(event.payload, ensure_ascii=False)
            assert text.isprintable(), event.kind
    finally:
        st.stop()
