"""ReliableChannel on its own (no I/O): ACK, NAK, bounded retransmission, dedup."""

from __future__ import annotations

from dealer_station.wire import codec as p
from dealer_station.wire.channel import ReliableChannel


def decode(wire: bytes) -> list:
    return p.FrameDecoder().feed(wire)


def test_stop_and_wait_delivers_once_in_order() -> None:
    a, b = ReliableChannel(1, ack_timeout=0.1), ReliableChannel(2, ack_timeout=0.1)
    for i in range(3):
        a.send(p.CardReadMsg(i))
    got = []
    now = 0.0
    for _ in range(10):
        for item in decode(a.pump(now)):
            delivered, reply = b.receive(item, now)
            got += delivered
            for ack in decode(reply):
                a.receive(ack, now)
    assert got == [p.CardReadMsg(0), p.CardReadMsg(1), p.CardReadMsg(2)] and a.idle


def test_lost_ack_retransmits_and_receiver_suppresses_duplicate() -> None:
    a, b = ReliableChannel(1, ack_timeout=0.1), ReliableChannel(2)
    a.send(p.StatusMsg("ready"))
    (frame,) = decode(a.pump(0.0))
    first, _lost_ack = b.receive(frame, 0.0)
    assert a.pump(0.05) == b""  # not yet timed out
    (again,) = decode(a.pump(0.11))
    assert again == frame
    second, ack = b.receive(again, 0.11)
    assert first == [p.StatusMsg("ready")] and second == [] and b.stats["duplicates"] == 1
    a.receive(decode(ack)[0], 0.12)
    assert a.idle


def test_nak_and_corruption_retransmit_within_budget_then_stall() -> None:
    a = ReliableChannel(1, ack_timeout=10.0, max_retries=3)
    a.send(p.Reset())
    wire = a.pump(0.0)
    (nak,) = decode(p.encode(p.Nak()))
    assert a.receive(nak, 0.0)[1] == wire
    _, out = a.receive(p.Corrupt("bad crc"), 0.0)
    assert decode(out) == [p.Frame(p.Nak()), decode(wire)[0]]  # NAK theirs, resend ours
    assert a.receive(nak, 0.0)[1] == wire
    assert a.receive(nak, 0.0)[1] == b"" and a.stalled  # 3 retries spent
    a.kick()
    assert not a.stalled and a.pump(0.0) == wire


def test_stale_ack_does_not_release_the_frame_in_flight() -> None:
    a = ReliableChannel(1)
    a.send(p.Stop())
    a.pump(0.0)
    a.receive(p.Frame(p.Ack(), 1, 99), 0.0)
    a.receive(p.Frame(p.Ack(), 7, 0), 0.0)  # right seq, another sender's session
    assert not a.idle
    a.receive(p.Frame(p.Ack(), 1, 0), 0.0)
    assert a.idle
