"""One antenna's reading never blinds the others (issue 38 item 4).

A clone on its original's spot - the same tag id twice on one antenna - made the dialect drop the
whole inventory line, every line while it lay there: nothing recorded, no alarm, and a chip taken
from a locked bet on another seat went unnoticed for 10 scans. Now the antenna with the repeated id
is withheld and flagged (``DuplicateTag``, which the station alarms as a cloned chip), an antenna the
line garbles is that antenna's fault, and the rest of the line is read as ever.
"""

from __future__ import annotations

from dealer_station.wire.codec import crc16_kermit
from dealer_station.wire.reports import AntennaFault, ChipInventory, DuplicateTag
from drivers.dialects.betsensor import BetSensorDialect, encode_inventory

A, B, C = "E004050000000001", "E004050000000002", "E004030000000003"


def _line(number: int, body: str) -> bytes:
    raw = f"INV,{number},{body}".encode("ascii")
    return b"$" + raw + b"*" + f"{crc16_kermit(raw):04X}".encode("ascii") + b"\r\n"


def _feed(*lines: bytes) -> tuple[list[object], BetSensorDialect]:
    d = BetSensorDialect("bet_sensor")
    d.connected(0.0)
    out: list[object] = []
    for line in lines:
        out += d.feed(line, 0.0).received
    return out, d


def test_a_clone_on_its_originals_spot_is_flagged_and_every_other_antenna_is_read_scan_after_scan() -> None:
    rounds = [encode_inventory(n, {(1, "ante"): (A, A), (1, "blind"): (B,), (3, "ante"): (C,) if n < 4 else ()})
              for n in range(1, 11)]  # ten scans; seat 3's chip taken after the third
    got, dialect = _feed(*rounds)
    inventories = [r for r in got if isinstance(r, ChipInventory)]
    assert [i.round for i in inventories] == list(range(1, 11))  # no scan lost
    assert all([(a.seat, a.spot) for a in i.antennas] == [(1, "blind"), (3, "ante")] for i in inventories)
    assert [a.chips for a in inventories[3].antennas] == [(B,), ()]  # the chip taken from seat 3 is seen gone
    flags = [r for r in got if isinstance(r, DuplicateTag)]
    assert [(f.round, f.seat, f.spot, f.chip, f.count) for f in flags] == [(n, 1, "ante", A, 2) for n in range(1, 11)]
    # the flag comes before its round's inventory: the station never sees the round without it
    assert all(isinstance(got[got.index(f) + 1], ChipInventory) for f in flags)
    assert dialect.stats["rounds"] == 10 and dialect.stats["duplicate_tags"] == 10 and dialect.stats["malformed"] == 0


def test_a_garbled_or_doubled_antenna_is_that_antennas_fault_not_the_lines() -> None:
    got, dialect = _feed(_line(7, f"1.ante=NOTACHIP;2.ante={B};1.trips={A};1.trips={C};3.play=;???"))
    (inventory, *faults) = got
    assert isinstance(inventory, ChipInventory) and inventory.round == 7
    assert [(a.seat, a.spot, a.chips) for a in inventory.antennas] == [(2, "ante", (B,)), (3, "play", ())]
    assert sorted((f.seat, f.spot, f.code) for f in faults if isinstance(f, AntennaFault)) == [
        (1, "ante", "GARBLED"), (1, "trips", "TWICE")]
    assert dialect.stats["rounds"] == 1 and dialect.stats["garbled_antennas"] == 3  # and one item naming no antenna


def test_a_line_with_nothing_readable_is_still_dropped_and_counted_but_its_clone_is_flagged() -> None:
    got, dialect = _feed(_line(3, f"1.ante={A}+{A}"))
    assert [type(r) for r in got] == [DuplicateTag] and dialect.stats["malformed"] == 1
