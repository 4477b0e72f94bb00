"""The jackpot ledger the pit's pages use: one record at a time, the same meters as the whole-journal
fold, and a round's own events still say who hit and who verified."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dealer_station.jackpot import JackpotLedger, meters_from_journal


@dataclass(frozen=True)
class Rec:
    kind: str
    payload: dict[str, Any]
    at: str
    round_id: str | None


INSTALLED = Rec("jackpot_installed", {"rate": "0.5", "reset": "100", "cap": None, "verify_at": "50"}, "t0", None)
ROUND = [
    Rec("jackpot_contribution", {"seat": 2, "stake": "10", "to_meter": "5", "to_overflow": "0"}, "t1", "R1"),
    Rec("jackpot_award", {"seat": 2, "category": "royal_flush", "percent": "100", "amount": "105",
                          "needs_verification": True}, "t2", "R1"),
    Rec("jackpot_seed", {"amount": "100"}, "t2", "R1"),
    Rec("jackpot_verified", {"seat": 2, "amount": "105", "by": "supervisor:0412", "reason": "checked"}, "t3", "R1"),
]


def test_fed_one_at_a_time_it_is_the_whole_journal_fold() -> None:
    ledger = JackpotLedger()
    for record in [INSTALLED, *ROUND]:
        ledger.feed(record)
    assert ledger.summary() == meters_from_journal([INSTALLED, *ROUND])
    summary = ledger.summary()
    assert summary is not None and summary["meter"] == "100.00" and summary["hits"] == 1


def test_a_rounds_own_events_name_the_hit_and_who_verified_it() -> None:
    ledger = JackpotLedger()
    for record in ROUND:  # no jackpot_installed among a round's events
        ledger.feed(record)
    assert ledger.summary() is None
    assert ledger.hits() == [{"round_id": "R1", "seat": 2, "hand": "royal_flush", "amount": "105.00", "at": "t2",
                              "verified_by": "supervisor:0412"}]
    ledger.feed(Rec("jackpot_reversal", {"of": {"kind": "jackpot_award", **ROUND[1].payload}}, "t4", "R1"))
    assert ledger.hits() == []  # a void took it back


def test_a_record_the_live_view_cannot_read_is_noted_on_its_tile_and_the_rest_goes_on() -> None:
    """A hostile station's bets_set with "bets": 0 used to end the live floor thread (AttributeError)."""
    from datetime import UTC, datetime

    from dealer_station.floor.queries import FloorEvent
    from dealer_station.pit.live import _Table, fold
    from dealer_station.table.state import TableState

    def event(seq: int, kind: str, payload: str, round_id: str | None = "H1-000001") -> FloorEvent:
        return FloorEvent("H1", seq, "2026-11-30T10:00:00.000Z", round_id, kind, "croupier", payload, "0" * 64,
                          "0" * 64, datetime.now(UTC))

    table = _Table("H1", TableState("H1"))
    fold(table, [event(1, "round_opened", '{"number": 1, "round_id": "H1-000001"}'),
                 event(2, "bets_set", '{"seat": 1, "bets": 0}'),
                 event(3, "no_such_kind", "{}"),
                 event(4, "round_opened", '{"number": 2, "round_id": "H1-000002"}', "H1-000002")])
    assert table.last_seq == 4 and table.state.round is not None and table.state.round.round_id == "H1-000002"
    assert [p.split(" not read")[0] for p in table.problems] == ["seq 2 (bets_set)", "seq 3 (no_such_kind)"]
