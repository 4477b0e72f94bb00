"""The Bee-Tek USPC reading shoe (issue 20 item 3): its dialect, its twin on a real pty, the real driver."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest
import serial
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.cards import parse_card
from dealer_station.errors import ConfigError
from drivers import commands as c
from drivers.dialect import CommandRefused
from drivers.dialects.beetek import BeetekDialect
from drivers.events import Alarm, CardDrawn, DeviceFault, LinkDown, LinkUp, Unreadable
from drivers.registry import BACKENDS, backend_class, open_reading_shoe
from simulators.beetek import TORN, BeetekSimulator
from simulators.faults import FaultPlan

from .conftest import drain, wait_for

# HARDWARE.md's message forms, written out again here (not imported from the dialect), so the
# twin is checked against the spec, not against the parser it was built with.
RANK, SUIT = r"(?:[2-9TJQKA]|10)", r"[CDHS]"
FACE = rf"(?:{RANK}{SUIT}|{SUIT}{RANK})"
SPEC_FORMS = {
    "card": re.compile(rf" \[(?:Game|Manual Burn Cards)\]<(?:Card:)?{FACE}> "),
    "unreadable": re.compile(r" \[(?:Game|Manual Burn Cards)\]<Game> "),
    "alarm": re.compile(r" \[(?:Game|GameAlarm)\]<Alarm:[^<>]+> "),
    "warning": re.compile(r" <W0x[0-9A-Fa-f]+> "),
}


def reports(stream: bytes, chunks: int | None = None) -> list[object]:
    d = BeetekDialect("reading_shoe")
    d.connected(0.0)
    step = chunks or len(stream) or 1
    out: list[object] = []
    for i in range(0, len(stream), step):
        out += d.feed(stream[i:i + step], 0.0).received
    return out


def summary(items: list[object]) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for r in items:
        if isinstance(r, CardDrawn):
            out.append(("card", r.card, r.burn))
        elif isinstance(r, Unreadable):
            out.append(("unreadable", r.burn))
        elif isinstance(r, Alarm):
            out.append((r.severity, r.code, r.text))
    return out


SPEC_STREAM = (b" [Game]<Card:4S>  [Game]<Card:S4>  [Game]<4S>  [Game]<Card:10H>  [Game]<Card:TH>  [Game]<Card:HT> "
               b" [Manual Burn Cards]<Card:7D>  [Game]<Game>  [Manual Burn Cards]<Game> "
               b" [Game]<Alarm:E3 Card Not Read>  [GameAlarm]<Alarm:Shoe empty>  <W0x01>  <AS> ")
SPEC_REPORTS = [
    ("card", parse_card("4s"), False), ("card", parse_card("4s"), False), ("card", parse_card("4s"), False),
    ("card", parse_card("Th"), False), ("card", parse_card("Th"), False), ("card", parse_card("Th"), False),
    ("card", parse_card("7d"), True), ("unreadable", False), ("unreadable", True),
    ("alarm", "E3", "Card Not Read"), ("alarm", "", "Shoe empty"), ("warning", "W0x01", ""),
    ("card", parse_card("As"), False),
]


@pytest.mark.parametrize("chunk", [None, 1, 2, 7])
def test_every_form_hardware_md_lists_in_one_stream_and_split_anywhere(chunk: int | None) -> None:
    assert summary(reports(SPEC_STREAM, chunk)) == SPEC_REPORTS


def test_torn_message_at_start_and_garbage_between_messages_are_skipped() -> None:
    d = BeetekDialect("reading_shoe")
    d.connected(0.0)
    got = d.feed(TORN + b"\x00\xff[Ga <q >> ]] [Game]<Card:2C> \x1b[2J [Game]<Card:3C> <Card> ", 0.0).received
    assert summary(got) == [("card", parse_card("2c"), False), ("card", parse_card("3c"), False),
                            ("unreadable", False)]  # "<Card>" says a card left the shoe: keyed, not dropped
    assert d.stats["garbage_bytes"] > 10


def test_a_card_in_an_unknown_mode_is_unreadable_not_guessed() -> None:
    (r,) = reports(b" [Gmae]<Card:4S> ")
    assert isinstance(r, Unreadable) and "unknown mode" in r.reason


def test_receive_only_refuses_commands_and_never_calls_the_link_broken() -> None:
    d = BeetekDialect("reading_shoe", serial_number="BT-0042")
    (identity,) = d.connected(0.0).received
    assert identity.model == "Bee-Tek USPC" and identity.serial_number == "BT-0042"  # type: ignore[union-attr]
    with pytest.raises(CommandRefused, match="receive-only"):
        d.command(c.Reset())
    assert d.pump(1e9) == b"" and d.broken(1e9) is None  # no heartbeat to miss, ever


def test_url_selects_the_dialect_at_9600_baud_and_refuses_options_it_has_not() -> None:
    shoe = open_reading_shoe("beetek:///dev/ttyUSB1?serial_number=BT-7", open=False)
    assert (shoe.port, shoe.baudrate, shoe.kind) == ("/dev/ttyUSB1", 9600, "reading_shoe")  # type: ignore[attr-defined]
    with pytest.raises(ConfigError):
        open_reading_shoe("beetek:///dev/ttyUSB1?ack_timeout=0.1", open=False)


def test_the_twins_output_byte_for_byte_is_hardware_md_forms() -> None:
    plan = FaultPlan(unreadable_rate=0.1, alarm_rate=0.05, warning_rate=0.05, garbage_rate=0.1)
    sim = BeetekSimulator(seed=9, faults=plan).start()
    try:
        with serial.Serial(sim.port_path, 9600, timeout=0.2) as line:
            sim.burn(True)
            sim.draw(3)
            sim.burn(False)
            sim.draw(300)
            deadline = time.monotonic() + 20
            raw = bytearray()
            while not sim.idle() and time.monotonic() < deadline:
                raw += line.read(line.in_waiting or 1)
            written = sum(len(data) for _, data in sim.segments)
            while len(raw) < written and time.monotonic() < deadline:  # the pty's buffer may lag the twin's write
                raw += line.read(written - len(raw))
            raw += line.read(line.in_waiting)
    finally:
        sim.stop()
    segments = sim.segments
    assert bytes(raw) == b"".join(data for _, data in segments)  # nothing on the wire the twin did not account for
    kinds = {kind for kind, _ in segments}
    assert {"torn", "card", "unreadable", "alarm", "warning", "garbage"} <= kinds
    for kind, data in segments:
        if kind in SPEC_FORMS:
            assert SPEC_FORMS[kind].fullmatch(data.decode("ascii")), (kind, data)
    cards = b"".join(d for k, d in segments if k == "card").decode()
    assert "10" in cards and "T" in cards and "<Card:" in cards and re.search(r"<[CDHS]", cards)  # every form
    assert segments[0] == ("torn", TORN) and segments[1][1].startswith(b" [Manual Burn Cards]<")


def test_ten_thousand_cards_with_one_percent_garbage_none_lost_duplicated_or_invented() -> None:
    plan = FaultPlan(garbage_rate=0.01, unreadable_rate=0.01, alarm_rate=0.002, warning_rate=0.002)
    sim = BeetekSimulator(seed=20, faults=plan).start()
    shoe = open_reading_shoe(sim.url)
    try:
        assert wait_for(shoe, LinkUp).identity.serial_number == sim.serial_number
        sim.draw(10_000)
        got: list[tuple[int | None, bool]] = []
        alarms = 0
        deadline = time.monotonic() + 120
        while len(got) < 10_000 and time.monotonic() < deadline:
            event = shoe.get_event(5)
            assert event is not None, f"stalled after {len(got)} draws"
            if isinstance(event, CardDrawn):
                got.append((event.card, event.burn))
            elif isinstance(event, Unreadable):
                got.append((None, event.burn))
            elif isinstance(event, Alarm):
                alarms += 1
            else:
                pytest.fail(f"unexpected {event!r}")
        assert drain(shoe, 0.3) == []  # nothing invented after the last draw either
    finally:
        shoe.close()
        sim.stop()
    assert got == [(d.card, d.burn) for d in sim.drawn] and len(sim.drawn) == 10_000 and not sim.lost
    garbage = sum(len(d.strip(b" \r\n")) for k, d in sim.segments if k == "garbage")
    skipped = shoe.dialect.stats["garbage_bytes"]  # type: ignore[attr-defined]
    assert garbage > 300 and skipped == garbage + len(TORN) - 1  # all of it skipped, and the torn start ("rd:9C>")
    assert alarms == sum(1 for k, _ in sim.segments if k in ("alarm", "warning"))


def test_link_loss_is_the_port_going_away_and_draws_resume_after_replug() -> None:
    sim = BeetekSimulator(seed=4).start()
    shoe = open_reading_shoe(sim.url, link_timeout=1.0)
    try:
        wait_for(shoe, LinkUp)
        sim.draw(5)
        for _ in range(5):
            wait_for(shoe, CardDrawn)
        sim.inject("disconnect", seconds=0.4)
        sim.draw(2)  # drawn while the cable is out: lost, as on the real line
        seen: list[object] = []
        fault = wait_for(shoe, DeviceFault, seen=seen)
        assert fault.code == "link_lost"
        wait_for(shoe, LinkDown, seen=seen)
        wait_for(shoe, LinkUp, timeout=5.0, seen=seen)
        sim.draw(3)
        after = [wait_for(shoe, CardDrawn).card for _ in range(3)]
        assert not any(isinstance(e, CardDrawn) for e in seen)  # the lost draws were not invented
    finally:
        shoe.close()
        sim.stop()
    assert len(sim.lost) == 2 and after == [d.card for d in sim.drawn[-3:]]


def test_sim_beetek_cli_serves_the_real_driver_and_stops_on_sigint() -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "sim", "beetek", "--seed", "5", "--delay", "0.05",
                             "--fault", "unreadable_rate=0.2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        url = None
        deadline = time.monotonic() + 15
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()  # type: ignore[union-attr]
            if "ready: " in line:
                url = line.split("ready: ", 1)[1].strip()
        assert url and url.startswith("beetek://") and "baudrate=9600" in url
        with open_reading_shoe(url) as shoe:
            assert wait_for(shoe, LinkUp).identity.serial_number == "SIM-BEETEK-0005"
            kinds = {type(wait_for(shoe, (CardDrawn, Unreadable))).__name__ for _ in range(25)}  # type: ignore[arg-type]
            assert kinds == {"CardDrawn", "Unreadable"}
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err


def test_a_vendor_is_one_registry_line_naming_its_dialect_module() -> None:
    shoe = backend_class("reading_shoe", "beetek")
    assert BACKENDS["reading_shoe"]["beetek"].startswith("drivers.dialects.beetek:")
    assert shoe.dialect_class.__module__ == "drivers.dialects.beetek" and shoe.kind == "reading_shoe"


def test_sim_backend_starts_the_twin_behind_the_real_driver() -> None:
    from urllib.parse import urlsplit

    from simulators.backends import SimulatedReadingShoe

    url = urlsplit("sim://beetek?seed=8")
    shoe = SimulatedReadingShoe.open_url(url, {"seed": 8, "fault": ["unreadable_next=1"]}, None)
    try:
        shoe.open()
        wait_for(shoe, LinkUp)
        shoe.simulator.draw(2)
        assert isinstance(wait_for(shoe, (CardDrawn, Unreadable)), Unreadable)  # type: ignore[arg-type]
        assert wait_for(shoe, CardDrawn).card == shoe.simulator.drawn[1].card
    finally:
        shoe.close()
    assert shoe.simulator._pty is None  # closing the driver stopped its twin


NOISE = st.binary(max_size=12).map(lambda b: bytes(x for x in b if x not in b"<> ") + b" ")


@settings(max_examples=150, deadline=None)
@given(junk=st.binary(max_size=200))
def test_fuzz_random_bytes_never_raise_and_the_next_message_is_found(junk: bytes) -> None:
    d = BeetekDialect("reading_shoe")
    d.connected(0.0)
    d.feed(junk, 0.0)  # whatever it makes of noise, it must not raise
    got = d.feed(b" [Game]<Card:QH> ", 0.0).received
    assert summary(got)[-1:] == [("card", parse_card("Qh"), False)]


@settings(max_examples=100, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=1, max_size=30), noise=st.lists(NOISE, min_size=30, max_size=30),
       cut=st.integers(1, 9))
def test_fuzz_cards_between_line_noise_arrive_exactly_split_anywhere(cards: list[int], noise: list[bytes],
                                                                     cut: int) -> None:
    from simulators.beetek import FORMS, card_body, message

    stream = b"".join(message(card_body(card, FORMS[i % 4], "10" if i % 3 else "T")) + noise[i]
                      for i, card in enumerate(cards))
    assert summary(reports(stream, cut)) == [("card", card, False) for card in cards]


def test_a_station_takes_a_reading_shoe_its_link_is_journaled_and_its_draws_reach_the_session(tmp_path) -> None:
    from dealer_station.profile_loader import load_profile
    from dealer_station.station import Station
    from dealer_station.wire.roles import Role

    sim = BeetekSimulator(seed=12).start()
    shoe = open_reading_shoe(sim.url, open=False)
    reported: list[object] = []
    st = Station(load_profile("uth-hand-deal"), journal_path=tmp_path / "j.sqlite",
                 drivers={Role.READING_SHOE: shoe}, program={"version": "test"})
    try:
        session = st.start()
        seen = session.report
        session.report = lambda *reports: (reported.extend(reports), seen(*reports))  # type: ignore[method-assign]
        assert st.simulator("reading_shoe") is None and st.last_heard("reading_shoe") is None  # no draw yet
        sim.draw(2)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and sum(isinstance(r, CardDrawn) for r in reported) < 2:
            time.sleep(0.02)
        sim.inject("disconnect", seconds=0.3)  # after the draws were read: a pty drops what is unread
        while time.monotonic() < deadline and not any(isinstance(r, LinkDown) for r in reported):
            time.sleep(0.02)
        st.drain()
        links = [e.payload for e in session.journal.events(kinds={"device_link"})]
    finally:
        st.stop()
        sim.stop()
    assert [r.card for r in reported if isinstance(r, CardDrawn)] == [d.card for d in sim.drawn[:2]]
    assert links[0]["device"] == "reading_shoe" and links[0]["up"]
    assert links[0]["identity"]["model"] == "Bee-Tek USPC" and links[0]["identity"]["serial_number"] == sim.serial_number
    assert any(not p["up"] and p["reason"].startswith("disconnected") for p in links)  # the port went away
