"""Append to a played UTH journal what the engines journal for corrections, poker hands and the jackpot.

Written with ``Journal.append`` (the journal's own chain), in the payloads the engines write:
``round_adjusted`` (docs/journal-events.md), a poker hand's ``settled`` with its rake and
``round_paid {house_net, handle, rake}``, and real jackpot facts (``to_meter``/``to_overflow``,
a reversal carrying the fact it undoes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer_station.journal import Journal

SUPERVISOR = "supervisor:0412"
OTHER = "supervisor:0977"


@dataclass
class Expected:
    """What the appended events must do to the round facts."""

    adjusted: dict[str, Decimal] = field(default_factory=dict)  # round -> sum of its adjustments
    house_net: dict[str, Decimal] = field(default_factory=dict)  # round -> round_paid.house_net (or its rake)
    rake: dict[str, Decimal] = field(default_factory=dict)
    details: list[tuple[str, str, str]] = field(default_factory=list)  # (badge, detail, reason)


def _poker_hand(journal: Journal, round_id: str, number: int, rake: str, paid: dict[str, Any]) -> None:
    journal.append("round_opened", {"round_id": round_id, "number": number}, actor="croupier", round_id=round_id)
    record = {"game": "holdem", "structure": "no_limit", "blinds": ["1", "2"], "button": 1,
              "seats": [{"seat": 1, "stack": "100"}, {"seat": 2, "stack": "100"}], "board": [], "actions": []}
    nets = [{"seat": 1, "net": str(Decimal(50) - Decimal(rake))}, {"seat": 2, "net": "-50"}]
    pots = [{"amount": "100", "eligible": [1, 2], "winners": [1], "rake": rake}]
    journal.append("settled", {"record": record, "settlement": {"seats": nets, "rake": rake, "pots": pots}},
                   actor="station", round_id=round_id)
    journal.append("round_paid", paid, actor="croupier", round_id=round_id)


def add_corrections(path: Path) -> Expected:
    """Append the events to the journal at ``path``; returns what the facts should show."""
    expected = Expected()
    with Journal.open_readonly(path) as journal:
        events = list(journal.events())
    paid = {e.round_id: e.payload for e in events if e.kind == "round_paid"}
    settled = {e.round_id: e.payload for e in events if e.kind == "settled"}
    first, last = list(paid)[0], list(paid)[-1]
    number = max(int(e.payload["number"]) for e in events if e.kind == "round_opened")
    table = events[0].table_id
    with Journal(path, table_id=table) as journal:
        # After the round was paid, authorised as the engine journals it (supervisor_auth, then the act).
        journal.append("supervisor_auth", {"ok": True, "reason": "ok", "badge": "0412", "action": "adjust"},
                       actor=SUPERVISOR, round_id=last)
        journal.append("round_adjusted", {"round_id": last, "adjustments": {"3": "12.50", "1": "-5"},
                                          "reason": "trips paid short", "by": SUPERVISOR}, actor=SUPERVISOR,
                       round_id=last)
        expected.adjusted[last] = Decimal("7.50")
        expected.details.append(("0412", "seat 1 -5, seat 3 +12.50", "trips paid short"))
        # No authorisation journaled before it (a hand-made or older journal): listed on its own.
        journal.append("round_adjusted", {"round_id": first, "adjustments": {"2": "-7"}, "reason": "dispute settled",
                                          "by": OTHER}, actor=OTHER)
        expected.adjusted[first] = Decimal(-7)
        expected.details.append(("0977", "seat 2 -7", "dispute settled"))
        # Corrected during settlement, before round_paid: a copy of the last round, under a new id.
        again = f"{table}-A{number + 1:05d}"
        journal.append("round_opened", {"round_id": again, "number": number + 1}, actor="croupier", round_id=again)
        journal.append("settled", settled[last], actor="station", round_id=again)
        journal.append("supervisor_auth", {"ok": True, "reason": "ok", "badge": "0412", "action": "adjust"},
                       actor=SUPERVISOR, round_id=again)
        journal.append("round_adjusted", {"round_id": again, "adjustments": {"1": "20"}, "reason": "blind misread",
                                          "by": SUPERVISOR}, actor=SUPERVISOR, round_id=again)
        journal.append("round_paid", paid[last], actor="croupier", round_id=again)
        expected.adjusted[again] = Decimal(20)
        expected.details.append(("0412", "seat 1 +20", "blind misread"))
        for rid in (first, last, again):
            expected.house_net[rid] = Decimal(str((paid[last] if rid == again else paid[rid])["house_net"]))
            expected.rake[rid] = Decimal(0)
        # Two poker hands: one journals its rake on round_paid, one (an older engine) only in its settlement.
        _poker_hand(journal, f"{table}-P1", number + 2, "3", {"house_net": "3", "handle": "100", "rake": "3"})
        _poker_hand(journal, f"{table}-P2", number + 3, "2", {"house_net": "2", "handle": "100"})
        for rid, rake in ((f"{table}-P1", Decimal(3)), (f"{table}-P2", Decimal(2))):
            expected.house_net[rid] = expected.rake[rid] = rake
        # Jackpot facts as the THB engine writes them.
        contribution = {"seat": 1, "stake": "1", "to_meter": "0.25", "to_overflow": "0.05"}
        journal.append("jackpot_contribution", contribution, actor="station", round_id=f"{table}-P1")
        journal.append("jackpot_reversal", {"of": {"kind": "jackpot_contribution", **contribution}}, actor="station",
                       round_id=f"{table}-P1")
    return expected
