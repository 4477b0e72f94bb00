"""``TableState.clone``: the scratch copy a command's rules work on equals the live state, field for
field, and nothing done to the copy reaches the live state (the session applies only what it journals)."""

from __future__ import annotations

from dataclasses import MISSING, fields
from decimal import Decimal

from dealer_station.bank.chips import ChipCount
from dealer_station.table.bank import BankState, ShiftState
from dealer_station.table.state import DeviceState, Halt, RoundState, SeatState, TableState


def a_table() -> TableState:
    """A table in the middle of a round, with a value other than its default in every field."""
    rnd = RoundState(
        "T1-000007", "2026-12-02T07:00:00.000Z", number=7, phase="flop",
        seats={1: SeatState(1, {"ante": Decimal(10), "blind": Decimal(10)}, ["check"], False, None),
               3: SeatState(3, {"ante": Decimal(25)}, ["play4x"], True, 1)},
        cards={"board": [1, 2, 3], "seat1": [4, 5], "dealer": [6, 7]}, packets=[("board", 5), ("seat1", 2)],
        packet_index=2, asked=(("seat3", 2), ("dealer", 2)), by_hand=True, revealed={"board": 3}, manual_entries=1,
        keyed=frozenset({("board", 0)}),
        exposed=True, halt=Halt("device", "jam", "shoe jammed", "shuffler", {"code": "J1"}),
        settlement={"breakage": "0"}, record={"kind": "uth"}, void={"cause": "none"}, ended_at="2026-12-02T07:01:00Z",
        paid_order=(3,), game_state=("award", 1), terms="abc", deal_clock="2026-12-02T07:00:30.000Z", sensed=("s",))
    return TableState(
        "T1", round=rnd, rounds_started=7, rounds_paid=5, rounds_voided=1, deck_verified=True, deck_attempts=2,
        deck_report={"count": 52}, devices={"shuffler": DeviceState("shuffler", True, {"model": "X"}, "t", "ready",
                                                                    {"reason": "bad_key"}, {"serial_number": "S1"})},
        last_seq=321, program={"version": "1"}, journal_info={"purpose": "live"}, dealer="Ann",
        adjustments={"T1-000006": {"1": Decimal(5)}}, game_state=("meter", "100"), terms={"game": "uth"},
        terms_digest="abc", bank=BankState(ShiftState(2, "2026-12-02", "t", ChipCount.of({Decimal(25): 4}), None, None,
                                                    None, "Ann", "0412"), requests=3),
        seated={3: ("an immutable mapping, replaced by each fold",)}, rating_terms=("terms",),
        withheld={("T1-000006", 3): ("an immutable mapping, replaced by each fold",)}, disk="warning")


def test_the_example_sets_every_field_away_from_its_default() -> None:
    """So that the equality below covers every field a clone must carry."""
    table = a_table()
    assert table.round is not None
    for obj in (table, table.round, table.devices["shuffler"], table.round.seats[3]):
        for f in fields(obj):
            if f.default is not MISSING:
                assert getattr(obj, f.name) != f.default, (type(obj).__name__, f.name)
            elif f.default_factory is not MISSING:
                assert getattr(obj, f.name) != f.default_factory(), (type(obj).__name__, f.name)


def test_the_clone_equals_the_state_and_shares_no_container_a_rule_may_change() -> None:
    live = a_table()
    copy = live.clone()
    assert copy == live and copy is not live and type(copy) is TableState
    assert copy.round is not None and live.round is not None
    copy.round.seats[1].bets["trips"] = Decimal(5)
    copy.round.seats[1].actions.append("fold")
    copy.round.seats[9] = SeatState(9)
    copy.round.cards["board"].append(8)
    copy.round.cards["seat3"] = [9, 10]
    copy.round.packets.append(("dealer", 2))
    copy.round.revealed["dealer"] = 2
    copy.round.phase = "river"
    copy.devices["shuffler"].connected = False
    copy.devices["reader"] = DeviceState("reader")
    copy.adjustments["T1-000007"] = {}
    copy.rounds_paid += 1
    assert live == a_table()  # nothing reached the live state


def test_a_table_between_rounds_clones_too() -> None:
    live = TableState("T2")
    copy = live.clone()
    assert copy == live and copy.round is None and copy.devices is not live.devices
