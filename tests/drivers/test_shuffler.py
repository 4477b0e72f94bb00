"""The real serial shuffler driver against the simulator over a real pty."""

from __future__ import annotations

import random
import time

import pytest

from dealer_station.cards import parse_card
from drivers.base import DeviceError
from drivers.events import (
    CardDispensed,
    DeckVerified,
    DeviceFault,
    DeviceStatus,
    LinkDown,
    LinkUp,
    PacketDone,
    ShuffleDone,
)
from simulators.faults import FaultPlan

from .conftest import drain, wait_for


def test_connect_identity_and_pyserial_on_the_pty(shuffler_pair) -> None:
    sim, drv = shuffler_pair(seed=3)
    assert sim.pty_path.startswith("/dev/pts/") and sim.url == f"serial://{sim.port_path}"
    up = wait_for(drv, LinkUp)
    assert up.identity == drv.identity
    assert (up.identity.model, up.identity.serial_number, up.identity.protocol_version) == ("DS-SHOE-SIM", "SIM-SHUFFLER-0003", 1)


def test_shuffle_is_seeded_and_deals_from_the_top(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    drv.shuffle(seed=42)
    assert [type(e) for e in (wait_for(drv, DeviceStatus, where=lambda e: e.state == "shuffling"),
                              wait_for(drv, ShuffleDone))] == [DeviceStatus, ShuffleDone]
    drv.deal_packet("board", 5)
    drv.deal_packet("seat1", 2)
    drv.deal_packet("dealer", 2)
    seen: list = []
    done = wait_for(drv, PacketDone, where=lambda e: e.position == "dealer", seen=seen)
    cards = [e for e in seen if isinstance(e, CardDispensed)]
    expected = list(range(52))
    random.Random(42).shuffle(expected)
    assert [(c.position, c.index, c.card) for c in cards] == [
        ("board", i, expected[i]) for i in range(5)] + [("seat1", i, expected[5 + i]) for i in range(2)] + [
        ("dealer", i, expected[7 + i]) for i in range(2)]
    assert [(e.position, e.count) for e in seen if isinstance(e, PacketDone)] == [("board", 5), ("seat1", 2), ("dealer", 2)]
    assert done.count == 2 and sim.dealt == [(c.position, c.card) for c in cards]
    assert all(isinstance(c.at, float) and c.device == "shuffler" for c in cards)


def test_verify_deck_good(shuffler_pair) -> None:
    _, drv = shuffler_pair()
    drv.verify_deck()
    v = wait_for(drv, DeckVerified)
    assert (v.count, v.missing, v.extra, v.duplicates) == (52, [], [], [])
    assert not any(isinstance(e, DeviceFault) for e in drain(drv))


def test_verify_deck_reports_missing_extra_duplicate(shuffler_pair) -> None:
    plan = FaultPlan.parse(["missing=As,2c", "duplicate=Kd", "extra=7h"])
    _, drv = shuffler_pair(faults=plan)
    drv.shuffle()
    drv.verify_deck()
    v = wait_for(drv, DeckVerified)
    assert v.count == 52 and v.missing == sorted([parse_card("As"), parse_card("2c")])
    assert v.duplicates == [parse_card("Kd")] and v.extra == [parse_card("7h")]
    assert wait_for(drv, DeviceFault).code == "deck_count_wrong"


def test_status_request_reset_and_stop(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    drv.request_status()
    assert wait_for(drv, DeviceStatus).state == "ready"
    sim.delay = 0.05
    drv.shuffle(1)
    drv.deal_packet("seat2", 40)
    wait_for(drv, CardDispensed)
    drv.stop()
    done = wait_for(drv, PacketDone)
    assert 1 <= done.count < 40 and wait_for(drv, DeviceStatus, where=lambda e: e.state == "ready")
    drv.reset()
    assert wait_for(drv, DeviceStatus).state == "ready"


def test_empty_shoe(shuffler_pair) -> None:
    _, drv = shuffler_pair(faults=FaultPlan(missing=list(range(50))))
    drv.shuffle(2)
    drv.deal_packet("seat4", 5)
    seen: list = []
    done = wait_for(drv, PacketDone, seen=seen)
    assert done.count == 2 and len([e for e in seen if isinstance(e, CardDispensed)]) == 2
    assert wait_for(drv, DeviceStatus, where=lambda e: e.state == "empty")


@pytest.mark.parametrize("code", ["jam", "misfeed"])
def test_jam_and_misfeed_after_n_cards_until_reset(shuffler_pair, code: str) -> None:
    _, drv = shuffler_pair(faults=FaultPlan(**{f"{code}_after": 3}))
    drv.shuffle(5)
    drv.deal_packet("board", 5)
    seen: list = []
    fault = wait_for(drv, DeviceFault, seen=seen)
    assert fault.code == code and len([e for e in seen if isinstance(e, CardDispensed)]) == 3
    drv.deal_packet("seat1", 2)  # the rest of a deal asked for at once, arriving behind the jam
    assert not [e for e in drain(drv, 0.3) if isinstance(e, CardDispensed | PacketDone | DeviceFault)], \
        "nothing dealt until cleared, and the jam said once (docs/protocol.md)"
    drv.reset()
    wait_for(drv, DeviceStatus)
    drv.deal_packet("seat1", 2)
    seen: list = []
    assert wait_for(drv, PacketDone, seen=seen).count == 2
    assert [e.position for e in seen if isinstance(e, CardDispensed)] == ["seat1", "seat1"], \
        "the packet queued behind the jam went with the reset"


def test_injected_jam(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    sim.inject("jam")
    assert wait_for(drv, DeviceFault).code == "jam"


def test_unreadable_and_misread_cards(shuffler_pair) -> None:
    sim, drv = shuffler_pair(faults=FaultPlan(unreadable_next=1, misread_next=1))
    drv.shuffle(9)
    drv.deal_packet("seat5", 3)
    seen: list = []
    wait_for(drv, PacketDone, seen=seen)
    assert [e.code for e in seen if isinstance(e, DeviceFault)] == ["card_unreadable"]
    cards = [e for e in seen if isinstance(e, CardDispensed)]
    assert [c.index for c in cards] == [1, 2]
    assert cards[0].card != sim.dealt[1][1] and cards[1].card == sim.dealt[2][1]


def test_door_open_refuses_until_closed(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    sim.inject("door_open")
    assert wait_for(drv, DeviceFault).code == "door_open"
    assert wait_for(drv, DeviceStatus).state == "door_open"
    drv.deal_packet("board", 1)
    assert wait_for(drv, DeviceFault).code == "door_open"
    sim.inject("door_close")
    assert wait_for(drv, DeviceStatus).state == "ready"
    drv.deal_packet("board", 1)
    assert wait_for(drv, PacketDone).count == 1


def test_door_open_after_n_cards_from_plan(shuffler_pair) -> None:
    _, drv = shuffler_pair(faults=FaultPlan.parse(["door_open_after=2"]))
    drv.shuffle(1)
    drv.deal_packet("board", 5)
    seen: list = []
    assert wait_for(drv, DeviceFault, seen=seen).code == "door_open"
    assert len([e for e in seen if isinstance(e, CardDispensed)]) == 2


def test_disconnect_reconnects_and_loses_nothing(shuffler_pair) -> None:
    sim, drv = shuffler_pair(faults=FaultPlan(disconnect_after=3, disconnect_seconds=0.3))
    wait_for(drv, LinkUp)
    drv.shuffle(11)
    drv.deal_packet("board", 5)
    seen: list = []
    down = wait_for(drv, LinkDown, seen=seen)
    assert "disconnected" in down.reason
    assert any(isinstance(e, DeviceFault) and e.code == "link_lost" for e in seen)
    up = wait_for(drv, LinkUp, timeout=5, seen=seen)
    assert up.identity.serial_number == "SIM-SHUFFLER-0001"
    wait_for(drv, PacketDone, seen=seen)
    cards = [(e.position, e.card) for e in seen if isinstance(e, CardDispensed)]
    assert cards == sim.dealt and len(cards) == 5


def test_power_cycle_is_link_loss_then_power_restored(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    wait_for(drv, LinkUp)
    session = sim.session
    sim.inject("power_cycle", seconds=0.2)
    assert isinstance(wait_for(drv, LinkDown), LinkDown)
    assert wait_for(drv, LinkUp, timeout=5).identity is not None
    assert wait_for(drv, DeviceFault).code == "power_restored"
    assert wait_for(drv, DeviceStatus).state == "ready"
    assert sim.session != session
    drv.shuffle(3)  # the restarted device starts a new sequence; commands still get through
    assert isinstance(wait_for(drv, ShuffleDone), ShuffleDone)


@pytest.mark.parametrize("timeout", [0.5, 0.3])
def test_silence_detected_within_link_timeout_then_recovers(shuffler_pair, timeout: float) -> None:
    sim, drv = shuffler_pair(link_timeout=timeout)
    wait_for(drv, LinkUp)
    t0 = time.monotonic()
    sim.inject("silence", seconds=1.0)
    down = wait_for(drv, LinkDown, timeout=3)
    assert down.at - t0 <= timeout + 0.2 and "no reply" in down.reason
    assert isinstance(wait_for(drv, LinkUp, timeout=5), LinkUp)


def test_bad_crc_beyond_retry_budget_is_crc_errors_fault(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    wait_for(drv, LinkUp)
    sim.faults.bad_crc_rate = 1.0
    drv.reset()
    fault = wait_for(drv, DeviceFault)
    assert fault.code == "crc_errors"
    assert isinstance(wait_for(drv, LinkDown), LinkDown)
    sim.faults.bad_crc_rate = 0.0
    assert isinstance(wait_for(drv, LinkUp, timeout=5), LinkUp)
    assert wait_for(drv, DeviceStatus).state == "ready"  # the reset was retransmitted, done once


def test_garbage_on_the_line_is_naked_and_the_simulator_keeps_going(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    wait_for(drv, LinkUp)
    import serial

    with serial.Serial(sim.port_path, timeout=0.5) as raw:  # a second writer on the line
        raw.write(b"\x00\xff\x7e\x01\x02garbage\x7e")
    drv.verify_deck()
    assert wait_for(drv, DeckVerified).count == 52


def test_commands_refused_when_link_down_and_bad_arguments_in_caller(shuffler_pair) -> None:
    sim, drv = shuffler_pair()
    with pytest.raises(ValueError):
        drv.deal_packet("seat11", 2)
    sim.inject("disconnect", seconds=1.0)
    wait_for(drv, LinkDown)
    with pytest.raises(DeviceError):
        drv.shuffle()
    drv.close()
    drv.close()  # idempotent
    with pytest.raises(DeviceError):
        drv.shuffle()


def test_open_fails_cleanly_when_no_device(tmp_path) -> None:
    from drivers.registry import open_shuffler

    t0 = time.monotonic()
    with pytest.raises(DeviceError):
        open_shuffler(f"serial://{tmp_path}/ttyNONE", link_timeout=0.3)
    assert time.monotonic() - t0 < 2


@pytest.mark.slow  # a 10,000-card soak over a pty
def test_ten_thousand_cards_with_one_percent_corruption(shuffler_pair) -> None:
    # A frame lost whole (its NAK garbled too) waits out the ACK timeout, about 60 times a 2,600 cards:
    # 20 ms (100 pty round trips) instead of the suite's 50 ms takes the run from 15 s to 9 s.
    sim, drv = shuffler_pair(seed=77, faults=FaultPlan(corrupt_rate=0.01), link_timeout=1.0, ack_timeout=0.02)
    wait_for(drv, LinkUp)
    got: list[tuple[str, int, int]] = []
    other: list = []
    positions = ["board", "dealer"] + [f"seat{i}" for i in range(1, 10)]
    total, n = 0, 0
    deadline = time.monotonic() + 120
    while total < 10_000 and time.monotonic() < deadline:
        if not drv.connected:
            wait_for(drv, LinkUp, timeout=10)
        pos = positions[n % len(positions)]
        try:
            drv.shuffle(n)
            drv.deal_packet(pos, 52)
        except DeviceError:
            continue
        n += 1
        while True:
            event = drv.get_event(10)
            assert event is not None, "stalled"
            if isinstance(event, CardDispensed):
                got.append((event.position, event.index, event.card))
            elif isinstance(event, PacketDone):
                total += event.count
                break
            else:
                other.append(event)
    assert total >= 10_000
    assert [(pos, card) for pos, _, card in got] == sim.dealt  # none lost, none twice, in order
    assert all(idx == i % 52 for i, (_, idx, _) in enumerate(got))
    assert drv.link.channel.stats["corrupt"] > 100  # the corruption really happened
