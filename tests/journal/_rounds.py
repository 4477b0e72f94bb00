"""A journal with finished rounds, written through the real Journal, for reader tests."""

from __future__ import annotations

from pathlib import Path

from dealer_station.journal import Journal, Purpose

RECORD = {"game": "uth", "dealer": ["Kd", "7c"], "board": ["2c", "7d", "9h", "Js", "Qs"],
          "seats": [{"seat": 1, "hole": ["As", "Ac"], "bets": {"ante": "10", "blind": "10"}, "actions": ["play4x"]}]}
SETTLEMENT = {"game": "uth", "seats": [{"seat": 1, "net": "50"}], "breakage": "0"}


def journal_with_rounds(path: Path, rounds: int = 3, *, table_id: str = "T1",
                        purpose: Purpose | None = None) -> None:
    with Journal(path, table_id=table_id, purpose=purpose) as journal:
        for n in range(1, rounds + 1):
            rid = f"{table_id}-{n:06d}"
            journal.append("round_opened", {}, actor="croupier", round_id=rid)
            journal.append("settled", {"record": RECORD, "settlement": SETTLEMENT}, actor="station", round_id=rid)
            journal.append("round_paid", {"house_net": "-50"}, actor="station", round_id=rid)
