"""The player card reader: the track 2 framer, the keyboard wedge's input events, the serial reader, the twin.

This sandbox has no ``/dev/uinput`` (no kernel input device can be made here), so the evdev path is tested
on a real FIFO fed with real ``struct input_event`` records packed by this test from ``evdev.ecodes``' key
codes; only the grab (an ioctl a pipe does not take) is not exercised.
"""

from __future__ import annotations

import os
import re
import struct
import tempfile

import pytest

from dealer_station.wire.reports import DeviceFault, LinkDown, LinkUp, PlayerCardBad, PlayerCardRead
from drivers.dialect import Feed
from drivers.dialects.track2 import BadTrack, KeyboardTrack2Dialect, Track2Dialect, parse_track2
from drivers.registry import open_device
from simulators.player_card import PlayerCardSimulator

from .conftest import wait_for

evdev_ecodes = pytest.importorskip("evdev.ecodes")


def lrc_by_columns(track: str) -> str:
    """The LRC as ISO 7811-2 words it: each of the 4 data bit columns, LRC included, has an even count of 1s."""
    bits = []
    for column in range(4):
        ones = sum(((ord(c) - ord("0")) >> column) & 1 for c in track)
        bits.append(ones % 2)
    return chr(ord("0") + sum(b << i for i, b in enumerate(bits)))


def test_a_whole_track_gives_its_card_number_with_or_without_its_lrc() -> None:
    track = ";6010001234567890=2812?"
    assert parse_track2(track) == "6010001234567890"
    assert parse_track2(track + lrc_by_columns(track)) == "6010001234567890"
    assert parse_track2(";1=?") == "1"


@pytest.mark.parametrize("frame, why", [
    (";6010001234567890=2812?X", "not a track 2"),           # a letter where the LRC goes
    ("", "empty"),
    (";E?", "could not read"),                                 # the reader's own error read
    (";601000123456", "partial"),                              # no end sentinel
    ("%B6010001234567890^DOE/J^2812?", "start sentinel"),      # track 1, not track 2
    (";60100012345678901234=2812?", "not a track 2"),          # 20 digits: longer than a card number
    (";6010001234567890=28A2?", "not a track 2"),
    (";6010001234567890?", "not a track 2"),                   # no separator
    (";=2812?", "not a track 2"),                              # no card number
    (";" + "1" * 19 + "=" + "2" * 30 + "?", "longer than a track 2"),
    (";6010001234567890=2812?;6010001234567890=2812?", "longer than a track 2"),
])
def test_anything_but_one_whole_track_is_a_corrupt_frame_naming_no_digit(frame: str, why: str) -> None:
    with pytest.raises(BadTrack, match=why) as refused:
        parse_track2(frame)
    assert not re.search(r"[0-9]{3,}", str(refused.value).replace(str(len(frame)), ""))  # no run of the card's digits


def test_a_wrong_lrc_is_a_misread() -> None:
    track = ";6010001234567890=2812?"
    wrong = chr(ord(lrc_by_columns(track)) ^ 1)
    with pytest.raises(BadTrack, match="LRC"):
        parse_track2(track + wrong)


def feed(dialect: Track2Dialect, data: bytes) -> list[object]:
    out: list[object] = []
    for i in range(len(data)):  # byte by byte: every frame torn everywhere
        out += dialect.feed(data[i:i + 1], 0.0).received
    return out


def test_serial_lines_split_anywhere_and_a_huge_line_is_one_refusal() -> None:
    dialect = Track2Dialect("player_card", seat="3")
    got = feed(dialect, b";6010001234567890=2812?\r\n\r\n;E?\n" + b"9" * 500 + b"\n;6010009=1?\r")
    kinds = [(type(r).__name__, getattr(r, "number", None), r.seat) for r in got]  # type: ignore[attr-defined]
    assert kinds == [("PlayerCardRead", "6010001234567890", 3), ("PlayerCardBad", None, 3),
                     ("PlayerCardBad", None, 3), ("PlayerCardRead", "6010009", 3)]
    assert dialect.stats["bad_swipes"] == 2 and dialect.stats["garbage_bytes"] >= 500


def test_non_ascii_bytes_are_refused_not_decoded() -> None:
    got = Track2Dialect("player_card").feed(b";601\xff0001=2812?\n\x00\x01\n", 0.0).received
    assert [type(r).__name__ for r in got] == ["PlayerCardBad", "PlayerCardBad"]


def test_the_card_number_is_never_in_a_reports_repr() -> None:
    read = PlayerCardRead(device="player_card", seat=2, number="6010001234567890")
    assert "6010001234567890" not in repr(read) and "6010001234567890" not in str(read)


def events(text: str, shift_code: int | None = None) -> bytes:
    """What a keyboard-wedge reader writes for ``text`` + Enter, packed here from evdev's own key codes."""
    e = evdev_ecodes
    plain = {**{str(d): getattr(e, f"KEY_{d}") for d in range(10)}, ";": e.KEY_SEMICOLON, "=": e.KEY_EQUAL}
    shifted = {"?": e.KEY_SLASH, ":": e.KEY_SEMICOLON, "<": e.KEY_COMMA, ">": e.KEY_DOT}
    out = b""

    def ev(kind: int, code: int, value: int) -> bytes:
        return struct.pack("@llHHi", 1764930000, 123456, kind, code, value)

    for ch in text + "\n":
        if ch in shifted:
            out += ev(e.EV_KEY, e.KEY_RIGHTSHIFT, 1) + ev(e.EV_KEY, shifted[ch], 1) + ev(e.EV_SYN, 0, 0)
            out += ev(e.EV_KEY, shifted[ch], 0) + ev(e.EV_KEY, e.KEY_RIGHTSHIFT, 0) + ev(e.EV_SYN, 0, 0)
            continue
        code = e.KEY_ENTER if ch == "\n" else plain.get(ch, e.KEY_Q)
        out += ev(e.EV_MSC, e.MSC_SCAN, 0x70000 + code) + ev(e.EV_KEY, code, 1) + ev(e.EV_SYN, 0, 0)
        out += ev(e.EV_KEY, code, 2) + ev(e.EV_KEY, code, 0) + ev(e.EV_SYN, 0, 0)  # an autorepeat types nothing
    return out


def test_key_events_torn_anywhere_read_back_into_tracks() -> None:
    track = ";6010001234567890=2812?"
    stream = events(track) + events(track + lrc_by_columns(track)) + events(";60100Q1=2812?") + events(track[:9])
    got = feed(KeyboardTrack2Dialect("player_card"), stream)
    assert [(type(r).__name__, getattr(r, "number", None)) for r in got] == [
        ("PlayerCardRead", "6010001234567890"), ("PlayerCardRead", "6010001234567890"),
        ("PlayerCardBad", None), ("PlayerCardBad", None)]


def test_the_keyboard_reader_reads_real_input_events_from_a_pipe_and_sees_it_unplugged() -> None:
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "event-kbd")
    os.mkfifo(path)
    writer = os.open(path, os.O_RDWR | os.O_NONBLOCK)
    reader = open_device("player_card", f"hid://{path}?seat=4", link_timeout=1.0)
    try:
        assert wait_for(reader, LinkUp).identity.model == "track 2 card reader (USB keyboard)"
        os.write(writer, events(";6010001234567890=2812?")[:100])
        os.write(writer, events(";6010001234567890=2812?")[100:] + events(";E?"))
        read = wait_for(reader, PlayerCardRead)
        assert (read.number, read.seat) == ("6010001234567890", 4)
        assert isinstance(wait_for(reader, PlayerCardBad), PlayerCardBad)
        os.close(writer)  # the reader unplugged: the pipe's last writer gone
        writer = -1
        assert wait_for(reader, DeviceFault).code == "link_lost"
    finally:
        reader.close()
        if writer >= 0:
            os.close(writer)
        os.unlink(path)
        os.rmdir(folder)


@pytest.mark.parametrize("keyboard", [False, True])
def test_the_twin_swipes_through_the_real_driver_with_its_faults(keyboard: bool) -> None:
    sim = PlayerCardSimulator(prefix="601000", keyboard=keyboard, seed=5).start()
    reader = open_device("player_card", sim.url + "&seat=2", link_timeout=1.0)
    try:
        wait_for(reader, LinkUp)
        sim.swipe("1234567890")
        assert wait_for(reader, PlayerCardRead).number == "6010001234567890"
        sim.foreign("42")
        assert wait_for(reader, PlayerCardRead).number == "99999942"  # whole, but another casino's: the table refuses
        for fault in (sim.bad_swipe, sim.partial, sim.misread):
            fault()
            assert isinstance(wait_for(reader, PlayerCardBad), PlayerCardBad)
        seen: list[object] = []
        sim.unplug(0.3)
        wait_for(reader, LinkDown, seen=seen)
        wait_for(reader, LinkUp, timeout=5.0, seen=seen)
        sim.swipe("77", lrc=True)
        assert wait_for(reader, PlayerCardRead).number == "60100077"
    finally:
        reader.close()
        sim.stop()


def test_a_bad_seat_in_the_url_is_one_line() -> None:
    from dealer_station.errors import ConfigError

    with pytest.raises(ConfigError, match="seat is 1-99"):
        Track2Dialect("player_card", seat="0")
    assert Feed().received == []


def test_sim_track2_cli_swipes_for_the_real_driver_and_stops_on_sigint() -> None:
    import signal
    import subprocess
    import sys
    import time

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "sim", "track2", "--seed", "5", "--delay", "0.05",
                             "--fault", "bad_rate=0.3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        url = None
        deadline = time.monotonic() + 15
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            if "ready: " in line:
                url = line.split("ready: ", 1)[1].strip()
        assert url and url.startswith("track2://") and "baudrate=9600" in url
        reader = open_device("player_card", url)
        try:
            kinds = {type(wait_for(reader, (PlayerCardRead, PlayerCardBad))).__name__  # type: ignore[arg-type]
                     for _ in range(20)}
        finally:
            reader.close()
        assert kinds == {"PlayerCardRead", "PlayerCardBad"}
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err
