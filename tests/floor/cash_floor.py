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
from tests.floor.conftest import Floor


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

    def cash(self) -> CashTransaction | None:
        if self.kind != "cash":
            return None
        return CashTransaction(self.at, self.table_id, self.seat, self.player, "cash_in", Decimal(self.amount))


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


TABLES = ["T1", "T2", "T3", "T4"]
EDGES = {"ante": "0.02185", "trips": "0.034979"}
COMP_RATE = "0.25"


def four_tables(floor: Floor, played_journal: Path, work: Path) -> list[dict[str, Any]]:
    """Four tables replaying the played UTH journal's rounds, each with two carded players (the same players
    move between tables) and cash buy-ins over a gaming day; returns the cash records (the `compliance` command's input) of every cash buy-in."""
    with Journal.open_readonly(played_journal) as journal:
        rounds = [e for e in journal.events() if e.seq > 1]
    rng = random.Random(4141)
    records: list[dict[str, Any]] = []
    # Yesterday from 16:00 UTC (11:00 or 12:00 in New York): three hours inside one gaming day, in the past and
    # in the last month, which is what the pit's pages show whenever the tests run
    start = datetime.now(UTC).replace(hour=16, minute=0, second=0, microsecond=0) - timedelta(days=1)
    for n, table in enumerate(TABLES):
        first, second = f"P-{100 + n % 3}", f"P-{200 + n % 2}"  # P-100 plays T1 and T4, P-200 T1 and T3 ...
        at = start + timedelta(minutes=40 * n)
        drafts: list[tuple[datetime, Draft]] = [
            (at, Draft("rating_terms", {"theo": EDGES, "comp_rate": COMP_RATE, "source": "par sheet", "by": "0412"},
                       "supervisor:0412", None)),
            (at, Draft("card_in", {"seat": 1, "player": first, "source": "card", "reader": "seat-1"}, "croupier", None)),
            (at, Draft("card_in", {"seat": 2, "player": second, "source": "keyed", "reader": None}, "croupier", None))]
        for seat, player in ((1, first), (2, second), (3, None)):
            for _ in range(rng.randint(2, 4)):
                amount = rng.choice(["2500", "2900", "3500", "4000", "3000", "6000", "800"])
                drafts.append((at + timedelta(seconds=rng.randrange(1, 30)),
                               Draft("buy_in", {"shift": 1, "seat": seat, "kind": "cash", "amount": amount,
                                                "player": player}, "croupier", None)))
        for i, e in enumerate(rounds):
            drafts.append((at + timedelta(seconds=40 + i), Draft(e.kind, e.payload, e.actor,
                                                                 e.round_id.replace("T1-", f"{table}-") if e.round_id else None)))
        end = at + timedelta(seconds=60 + len(rounds))
        held = table == TABLES[-1]  # the last table's seat 1 is held: its player was listed after card in
        drafts += [(end, Draft("player_held", {"seat": 1, "player": first, "reason": "excluded",
                                               "list_as_of": utc_now_text(end)}, "station", None) if held
                    else Draft("card_out", {"seat": 1, "player": first}, "croupier", None)),
                   (end, Draft("card_out", {"seat": 2, "player": second}, "croupier", None)),
                   (end + timedelta(seconds=1), Draft("buy_in", {"shift": 1, "seat": 4, "kind": "marker",
                                                                 "amount": "20000", "player": first}, "croupier", None))]
        path = work / f"{table}.sqlite"
        with Journal(path, table_id=table, purpose="simulation") as j:
            for moment, draft in sorted(drafts, key=lambda d: d[0]):
                j.append_many([draft], at=utc_now_text(moment))
                if draft.kind == "buy_in" and draft.payload["kind"] == "cash":
                    records.append({"at": utc_now_text(moment), "table_id": table, "seat": draft.payload["seat"],
                                    "player": draft.payload["player"], "kind": "cash_in",
                                    "amount": draft.payload["amount"]})
        forward(path, floor.station_url, table)
    return records


