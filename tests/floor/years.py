"""Journals whose records fall in chosen months (a clock the test sets), for the floor's partitions,
retention and restore tests: each round leaves a row in every fact table partitioned by month."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from dealer_station.journal import Journal

SUPERVISOR = "supervisor:0412"
RECORD = {"game": "uth", "paytables": {"trips": {"flush": "7"}},
          "seats": [{"seat": 1, "bets": {"ante": "10", "blind": "10"}, "actions": ["play4x"]}]}


class Clock:
    """The journal's clock: the test moves it."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def play(journal: Journal, clock: Clock, table_id: str, first: int, starts: Iterable[datetime],
         per_month: int = 2) -> int:
    """``per_month`` rounds from each of ``starts`` on (round numbers from ``first``); the next number."""
    number = first
    for start in starts:
        clock.now = start
        for _ in range(per_month):
            rid = f"{table_id}-{number:06d}"
            journal.append("round_opened", {"round_id": rid, "number": number}, actor="croupier", round_id=rid)
            journal.append("device_fault", {"device": "shuffler", "code": "E1", "text": "jam"}, actor="station",
                           round_id=rid)
            journal.append("supervisor_auth", {"badge": "0412", "ok": True, "action": "clear"}, actor="croupier",
                           round_id=rid)
            journal.append("jackpot_contribution", {"seat": 1, "amount": "1"}, actor="station", round_id=rid)
            journal.append("settled", {"record": RECORD, "settlement": {"seats": [{"seat": 1, "net": "-60"}]}},
                           actor="station", round_id=rid)
            journal.append("round_paid", {"house_net": "60", "handle": "60"}, actor="croupier", round_id=rid)
            number += 1
    return number


def month(year: int, mon: int, day: int = 10) -> datetime:
    return datetime(year, mon, day, 12, tzinfo=UTC)


def dated_journal(path: Path, table_id: str, starts: Iterable[datetime], per_month: int = 2) -> Clock:
    """A new journal of ``table_id`` with rounds in the months of ``starts``; its clock, to play on."""
    clock = Clock(month(2000, 1))
    with Journal(path, table_id=table_id, clock=clock) as journal:
        play(journal, clock, table_id, 1, starts, per_month)
    return clock
