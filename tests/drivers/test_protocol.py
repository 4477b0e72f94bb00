"""Frame codec: CRC vectors, round trips, resynchronisation, duplicates, fuzz."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.wire import codec as p


def crc_bitwise(data: bytes) -> int:
    """Independent bit-at-a-time CRC-16/KERMIT to check the table-driven one."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


@pytest.mark.parametrize(
    ("data", "crc"),
    [(b"123456789", 0x2189), (b"", 0x0000), (b"A", 0x538D), (bytes(range(256)), crc_bitwise(bytes(range(256))))],
)
def test_crc16_kermit_vectors(data: bytes, crc: int) -> None:
    assert p.crc16_kermit(data) == crc
    assert crc_bitwise(data) == crc


MESSAGES: list[p.Message] = [
    p.Ack(), p.Nak(), p.Ping(), p.Pong("dealing"), p.Identify(0xDEADBEEF),
    p.Identity("DS-1", "SN\x7e42", "1.2.3", 1, 200),
    p.AuthChallenge(bytes(range(16)), b"\x7e" * 16), p.AuthResponse(b"\x7d" * 32, bytes(range(32))),
    p.Shuffle(None), p.Shuffle(2**64 - 1), p.VerifyDeck(), p.DealPacket("seat9", 2), p.Reset(), p.Stop(),
    p.StatusRequest(), p.CardDispensedMsg("dealer", 1, 51), p.DeckVerifiedMsg(53, (0,), (50,), (21,)),
    p.StatusMsg("door_open"), p.FaultMsg("jam", "jam at card 4 — ünïcode"), p.CardReadMsg(None), p.CardReadMsg(38),
    p.ShuffleDoneMsg(), p.PacketDoneMsg("board", 5),
    p.DealPacket("burn", 1), p.CardDispensedMsg("seat10", 1, 0),  # poker: burn cards, a tenth seat
]


def test_catalogue_complete() -> None:
    assert {type(m) for m in MESSAGES} == set(p.CATALOGUE.values())


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_round_trip_every_message(message: p.Message) -> None:
    wire = p.encode(message, session=0x7E, seq=0x7D)  # both need escaping
    assert wire[0] == p.FLAG and wire[-1] == p.FLAG and p.FLAG not in wire[1:-1]
    assert p.FrameDecoder().feed(wire) == [p.Frame(message, 0x7E, 0x7D)]


def test_byte_at_a_time_and_back_to_back() -> None:
    frames = [p.Frame(p.CardDispensedMsg("seat1", i, i), 3, i) for i in range(10)]
    wire = b"".join(p.encode_frame(f) for f in frames)
    dec = p.FrameDecoder()
    got = [item for b in wire for item in dec.feed(bytes([b]))]
    assert got == frames


def test_resync_after_garbage_and_torn_frame() -> None:
    good = p.encode(p.CardReadMsg(7), 1, 2)
    torn = p.encode(p.CardReadMsg(9), 1, 1)[:-4]  # cut mid-frame, then a new frame starts
    dec = p.FrameDecoder()
    items = dec.feed(b"\x00\xffgarbage" + torn + good)
    assert items[-1] == p.Frame(p.CardReadMsg(7), 1, 2)
    assert all(isinstance(i, p.Corrupt) for i in items[:-1]) and items[:-1]


def test_bad_crc_is_reported_not_decoded() -> None:
    wire = bytearray(p.encode(p.StatusMsg("ready"), 1, 1))
    wire[-2] ^= 0x01
    (item,) = p.FrameDecoder().feed(bytes(wire))
    assert isinstance(item, p.Corrupt) and item.reason == "bad crc"


def test_valid_crc_with_invalid_payload_is_corrupt() -> None:
    body = bytes((p.Msg.CARD_READ, 0, 0, 60))  # card 60 does not exist
    crc = p.crc16_kermit(body)
    (item,) = p.FrameDecoder().feed(bytes((p.FLAG,)) + p.stuff(body + bytes((crc & 0xFF, crc >> 8))) + bytes((p.FLAG,)))
    assert isinstance(item, p.Corrupt) and "payload" in item.reason


def test_overlong_frame_is_dropped_and_next_decodes() -> None:
    dec = p.FrameDecoder()
    items = dec.feed(bytes((p.FLAG,)) + b"\x01" * (p.MAX_BODY + 10) + p.encode(p.Ping()))
    assert isinstance(items[0], p.Corrupt) and items[-1] == p.Frame(p.Ping())


def test_duplicate_suppression() -> None:
    dedup = p.Deduplicator()
    a, b = p.Frame(p.StatusMsg(), 5, 1), p.Frame(p.StatusMsg(), 5, 2)
    assert [dedup.is_new(f) for f in (a, a, b, b, a)] == [True, False, True, False, True]
    # same seq from a restarted device (new session) is new
    assert dedup.is_new(p.Frame(p.StatusMsg(), 6, 1))


def test_encode_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        p.encode(p.DealPacket("seat11", 2))
    with pytest.raises(ValueError):
        p.encode(p.CardDispensedMsg("board", 0, 52))


GOOD = p.encode(p.CardDispensedMsg("seat3", 1, 44), 9, 200)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_fuzz_random_input_never_raises_and_next_frame_decodes(junk: bytes) -> None:
    dec = p.FrameDecoder()
    dec.feed(junk)
    items = dec.feed(GOOD)
    assert items and items[-1] == p.Frame(p.CardDispensedMsg("seat3", 1, 44), 9, 200)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(MESSAGES), st.integers(0, 40), st.lists(st.tuples(st.integers(0, 40), st.integers(0, 255)), max_size=4))
def test_fuzz_truncated_and_corrupted_frames(message: p.Message, cut: int, flips: list[tuple[int, int]]) -> None:
    wire = bytearray(p.encode(message, 1, 1))
    for pos, value in flips:
        if pos < len(wire):
            wire[pos] = value
    dec = p.FrameDecoder()
    items = dec.feed(bytes(wire[: max(1, len(wire) - cut)]))
    for item in items:  # whatever came out is either the true frame or reported corrupt
        assert isinstance(item, p.Corrupt) or item == p.Frame(message, 1, 1) or flips
    assert dec.feed(GOOD)[-1] == p.Frame(p.CardDispensedMsg("seat3", 1, 44), 9, 200)
