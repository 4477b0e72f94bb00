"""Table journals with players and cash at the seats (CONTRACTS: ``buy_in``, ``card_in``, ``card_out``), built
through the journal API and forwarded to a real floor by the station's forwarder, as a station sends them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer_station.floor.forwarder import Forwarder
from dealer_station.journal import Draft, Journal, utc_now_text
from dealer_station.players.cash import CashTransaction


@dataclass(frozen=True)
class BuyIn:
    """A ``buy_in`` the table journals at ``at`` (cash or marker), and what the cash rules see of it."""

    at: datetime
    table_id: str
    seat: int
    kind: str
    amount: str
    player: str | None

    def payload(self) -> dict[str, Any]:
        return {"shift": 1, "seat": self.seat, "kind": self.kind, "amount": self.amount, "player": self.player}

    def cash(self, recorded_by: str = "croupier") -> CashTransaction | None:
        if self.kind != "cash":
            return None
        return CashTransaction(self.at, self.table_id, self.seat, self.player, "cash_in", Decimal(self.amount),
                               recorded_by=recorded_by)


def write_journal(path: Path, table_id: str, events: list[tuple[datetime, str, dict[str, Any]]]) -> Path:
    """A table's journal holding ``events`` (time, kind, payload), in time order, each stamped with its time."""
    with Journal(path, table_id=table_id, purpose="simulation") as journal:
        for at, kind, payload in sorted(events, key=lambda e: e[0]):
            journal.append_many([Draft(kind, payload, "croupier", None)], at=utc_now_text(at))
    return path


def forward(path: Path, url: str, table_id: str, wait: float = 20.0) -> None:
    """Send the journal to the floor as the station does, and wait until the floor holds all of it."""
    forwarder = Forwarder(path, url, table_id, backoff_cap=0.2).start()
    try:
        assert forwarder.wait_acknowledged(wait), forwarder.status()
    finally:
        forwarder.stop()


PLAYERS = [f"P-{n:04d}" for n in range(1, 41)]
NEAR = [Decimal(a) for a in ("2400", "2399.99", "2999.99", "3000", "3000.01", "2500", "2800")]


def random_amount(rng: random.Random) -> str:
    """Amounts around the thresholds: just under and over the MTL, the structuring band's edges, large ones."""
    pick = rng.random()
    if pick < 0.45:
        return str(rng.choice(NEAR))
    if pick < 0.8:
        return str(Decimal(rng.randint(100, 6000)))
    if pick < 0.9:
        return str(Decimal(rng.randint(1000, 250000)) / 100)
    return str(Decimal(rng.choice([2000, 1999, 500000, 499999, 600000, 10000, 10001])))


def random_buy_ins(rng: random.Random, tables: list[str], n: int, start: datetime, days: int) -> list[BuyIn]:
    """``n`` buy-ins over ``days`` from ``start`` (some at the same instant on two tables), mostly cash."""
    out: list[BuyIn] = []
    span = days * 86400
    for _ in range(n):
        if out and rng.random() < 0.05:
            at = out[-1].at  # a tie in time across the floor
        else:
            at = start + timedelta(seconds=rng.randrange(span), milliseconds=rng.choice((0, 0, 250)))
        player = None if rng.random() < 0.1 else rng.choice(PLAYERS)
        kind = "marker" if rng.random() < 0.08 else "cash"
        out.append(BuyIn(at.astimezone(UTC), rng.choice(tables), rng.randint(1, 7), kind, random_amount(rng), player))
    return out
