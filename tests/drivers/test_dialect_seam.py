"""The dialect seam (issue 20 item 1): a dialect is sans-I/O bytes <-> typed reports, the link
thread is the same for every dialect, and reports reach the session at one entry point."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from dealer_station.wire import codec as p
from dealer_station.wire import reports as rp
from drivers import commands as c
from drivers.dialect import CommandRefused
from drivers.dialects.house import HouseDialect


def test_the_house_protocol_is_a_dialect_like_any_other() -> None:
    d = HouseDialect("shuffler", link_timeout=1.0)
    d.connected(0.0)
    assert p.FrameDecoder().feed(d.pump(0.0)) == [p.Frame(p.Identify(d.instance))]  # handshake first
    fed = d.feed(p.encode(p.Identity("DS-1", "SN-9", "2.0", 1, 42)), 0.01)
    assert fed.heard and fed.received == [rp.DeviceIdentity(model="DS-1", serial_number="SN-9", firmware="2.0",
                                                            protocol_version=1)]
    fed = d.feed(p.encode(p.CardDispensedMsg("seat2", 0, 51), 42, 0), 0.02)
    (card,) = fed.received
    assert isinstance(card, rp.CardDispensed) and (card.device, card.position, card.card) == ("shuffler", "seat2", 51)
    assert p.FrameDecoder().feed(fed.reply) == [p.Frame(p.Ack(), 42, 0)]
    d.command(c.DealPacket("dealer", 2))
    (frame,) = p.FrameDecoder().feed(d.pump(0.03))
    assert isinstance(frame, p.Frame) and frame.message == p.DealPacket("dealer", 2)
    with pytest.raises(CommandRefused):  # checked in the caller's thread, never queued
        d.command(c.DealPacket("seat11", 2))
    # The link thread looks every few ms: silent for the link timeout (1 s after the last frame at 0.02) is lost.
    assert first_lost(d, 0.03) == pytest.approx(1.02, abs=0.011)
    assert d.broken(1.1) == ("no reply for 1 s", "link_lost")


def test_the_stations_own_stall_is_not_counted_as_the_devices_silence() -> None:
    """A starved station (no look at the link for 3 s) gives the device the link timeout of its own running
    time after it resumes: a device that talks then is kept, one that stays silent is lost a timeout later."""
    d = HouseDialect("shuffler", link_timeout=1.0)
    d.connected(0.0)
    d.feed(p.encode(p.Identity("DS-1", "SN-9", "2.0", 1, 42)), 0.01)
    assert d.broken(0.02) is None
    assert d.broken(3.02) is None  # 3 s unscheduled: not the device's silence
    assert d.broken(3.5) is None
    fed = d.feed(p.encode(p.Pong(p.STATES[0]), 42, 1), 3.51)
    assert fed.heard  # it talked after the stall: kept
    assert first_lost(d, 3.52) == pytest.approx(4.51, abs=0.011)
    # Without the stall, the same silence is lost on time (the check still fires for a device that is gone).
    d2 = HouseDialect("shuffler", link_timeout=1.0)
    d2.connected(0.0)
    d2.feed(p.encode(p.Identity("DS-1", "SN-9", "2.0", 1, 42)), 0.01)
    assert first_lost(d2, 0.02) == pytest.approx(1.01, abs=0.011)


def first_lost(dialect: HouseDialect, since: float) -> float:
    """Look at the link every 10 ms from ``since``, as the link thread does; when it is first called lost."""
    for i in range(500):
        now = since + i * 0.01
        if dialect.broken(now) is not None:
            return now
    raise AssertionError("never called lost")


def test_every_report_kind_has_a_row_at_the_sessions_one_entry_point() -> None:
    from dealer_station.engine.intake import INTAKE

    assert set(INTAKE) == set(typing.get_args(rp.DeviceReport))  # every kind handled, none invented
    source = Path("dealer_station/engine/session.py").read_text(encoding="utf-8")
    assert source.count("def report(") == 1 and "def on_" not in source  # one entry, no side doors
    station = Path("dealer_station/station.py").read_text(encoding="utf-8")
    assert "session.report(*reports)" in station and "isinstance(event, ev." not in station


def test_an_idle_link_sleeps_until_something_is_due_and_a_busy_one_polls() -> None:
    """The link thread waits for input until the dialect's next duty (issue 42: 20 tables' idle links and twins
    woke 16,000 times a second at a fixed 5 ms poll): the heartbeat, the link-loss verdict, the ACK timeout of
    the frame in flight; a queued command is due at once."""
    from drivers.link import IDLE_WAIT, DriverLink

    d = HouseDialect("shuffler", link_timeout=1.0)
    d.connected(0.0)
    d.pump(0.0)
    d.feed(p.encode(p.Identity("DS-1", "SN-9", "2.0", 1, 42)), 0.01)
    assert d.next_due(0.02) == pytest.approx(0.1)  # the handshake's pace, until the first heartbeat
    d.pump(0.1)  # up: a PING, the next a quarter of the link timeout on
    assert d.next_due(0.11) == pytest.approx(0.35)
    link = DriverLink(lambda: None, "shuffler", d, lambda r: None, lambda i: None, lambda r, f: None)  # type: ignore[arg-type,return-value]
    assert link._wait(0.11) == IDLE_WAIT, "nothing due for 240 ms: a long wait (input or a wake cut it short)"
    assert link._wait(0.32) == link.poll, "the heartbeat is due within the long wait: look again soon"
    d.command(c.DealPacket("dealer", 2))
    assert d.next_due(0.12) == 0.0 and link._wait(0.12) == link.poll, "a queued frame goes out now"
    d.pump(0.12)  # in flight, awaiting its ACK
    assert d.next_due(0.13) == pytest.approx(0.12 + d.channel.ack_timeout)
    assert d.next_due(0.9) <= 1.01 + 1e-9, "the link-loss verdict (1 s after the last frame heard) is a duty too"
