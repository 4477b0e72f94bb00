"""``compliance`` against a brute-force computation on thousands of random cash records.

The expected answer is computed here from the rules as docs/players.md states them, another
way than the station does: a gaming day's start is found by scanning the zone's clock minute by
minute, each running sum is summed again from scratch over the day's earlier transactions, and
each due-diligence window is filtered from the player's whole list. Times fall around each
zone's daylight-saving changes (New York, London, Lord Howe's half hour, Havana's midnight), on
day starts exactly and a second either side, amounts on the thresholds and a cent either side.
"""

from __future__ import annotations

import functools
import random
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from ._run import answers, jsonl

ZONES = {  # a zone and days of 2026 on which its clocks change
    "America/New_York": (date(2026, 3, 8), date(2026, 11, 1)),
    "Europe/London": (date(2026, 3, 29), date(2026, 10, 25)),
    "Australia/Lord_Howe": (date(2026, 4, 5), date(2026, 10, 4)),
    "America/Havana": (date(2026, 3, 8), date(2026, 11, 1)),
    "UTC": (date(2026, 6, 1),),
}
DAY_STARTS = ("06:00", "00:00", "02:30", "01:30", "01:45", "00:30", "23:59", "04:00")
PLAYERS = ("P-1", "P-2", "P-3", "P-4", None)
UK_AT, UK_WINDOW, MACAU_AT = Decimal(2000), timedelta(hours=24), Decimal(500000)
DEFAULT_MTL, DEFAULT_CTR = Decimal(3000), Decimal(10000)


@functools.cache
def start_of(day: date, zone: str, day_start: str) -> datetime:
    """The first whole minute (UTC) whose wall clock in ``zone`` reads ``day_start`` on ``day`` or later."""
    wall = datetime.combine(day, datetime.strptime(day_start, "%H:%M").time())
    moment = datetime.combine(day, datetime.min.time(), UTC) - timedelta(hours=16)
    while moment.astimezone(ZoneInfo(zone)).replace(tzinfo=None) < wall:
        moment += timedelta(minutes=1)
    return moment


def day_of(at: datetime, zone: str, day_start: str) -> date:
    """The latest day whose start is not after ``at``."""
    around = at.astimezone(UTC).date()
    return max(d for d in (around + timedelta(days=k) for k in (-2, -1, 0, 1, 2)) if start_of(d, zone, day_start) <= at)


def random_day(rng: random.Random, trial: int) -> tuple[list[dict[str, Any]], list[str], dict[str, Any]]:
    zone = rng.choice(sorted(ZONES))
    day_start = rng.choice(DAY_STARTS)
    jurisdiction = ("us", "us", "uk", "macau")[trial % 4]
    options: dict[str, Any] = {"jurisdiction": jurisdiction, "zone": zone, "day_start": day_start,
                               "mtl_at": DEFAULT_MTL, "ctr_at": DEFAULT_CTR}
    argv = ["--jurisdiction", jurisdiction, "--tz", zone, "--day-starts", day_start]
    if jurisdiction == "us" and rng.random() < 0.4:
        options["mtl_at"] = rng.choice((Decimal("2500.50"), Decimal(10), Decimal(5000)))
        options["ctr_at"] = rng.choice((Decimal(5000), Decimal("7500.25"), Decimal(10000)))
        argv += ["--mtl-at", str(options["mtl_at"]), "--ctr-at", str(options["ctr_at"])]
    mtl, ctr = options["mtl_at"], options["ctr_at"]
    grid = {"us": [mtl, mtl + Decimal("0.01"), mtl * Decimal("0.8"), mtl * Decimal("0.8") - Decimal("0.01"), ctr,
                   ctr / 2, Decimal(5000), Decimal("0.01")],
            "uk": [Decimal(2000), Decimal("1999.99"), Decimal(1000), Decimal("999.99"), Decimal(500), Decimal("0.01")],
            "macau": [MACAU_AT, MACAU_AT - Decimal("0.01"), MACAU_AT + Decimal("0.01"), Decimal(2000)]}[jurisdiction]
    change = rng.choice(ZONES[zone])
    starts = [start_of(change + timedelta(days=k), zone, day_start) for k in (-1, 0, 1, 2)]
    records: list[dict[str, Any]] = []
    for _ in range(rng.randint(40, 160)):
        if records and rng.random() < 0.08:
            at = datetime.fromisoformat(rng.choice(records)["at"])  # the same instant as another line
        elif records and rng.random() < 0.06:  # a day after another line: on the edge of a 24-hour window
            at = datetime.fromisoformat(rng.choice(records)["at"]) + UK_WINDOW
        elif rng.random() < 0.25:
            at = rng.choice(starts) + timedelta(seconds=rng.choice((0, 0, -1, 1)))
        else:
            at = datetime.combine(change, datetime.min.time(), UTC) + timedelta(minutes=rng.randrange(-2880, 4320))
        shown = at.astimezone(rng.choice((ZoneInfo(zone), UTC, ZoneInfo("Asia/Kolkata"))))
        amount = rng.choice(grid) if rng.random() < 0.8 else Decimal(rng.randrange(1, 900000)) / 100
        record: dict[str, Any] = {"at": shown.isoformat(), "table_id": rng.choice(("T1", "T2", "T9")),
                                  "seat": rng.randint(1, 7), "kind": "cash_in" if rng.random() < 0.7 else "cash_out",
                                  "amount": str(amount)}
        player = rng.choice(PLAYERS)
        if player is not None or rng.random() < 0.5:
            record["player"] = player
        records.append(record)
    return records, argv, options


def expected(records: list[dict[str, Any]], o: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    zone, day_start = o["zone"], o["day_start"]
    txs = []
    for index, rec in enumerate(records):
        at = datetime.fromisoformat(rec["at"])
        txs.append({**rec, "player": rec.get("player"), "instant": at, "index": index,
                    "amount": Decimal(rec["amount"]), "day": day_of(at, zone, day_start)})
    timed = sorted(txs, key=lambda t: (t["instant"], t["index"]))

    def line(t: dict[str, Any]) -> dict[str, Any]:
        return {"at": t["instant"].isoformat(), "table_id": t["table_id"], "seat": t["seat"], "player": t["player"],
                "kind": t["kind"], "amount": t["amount"], "gaming_day": t["day"].isoformat()}

    def before_or_at(a: dict[str, Any], b: dict[str, Any]) -> bool:
        return (a["instant"], a["index"]) <= (b["instant"], b["index"])

    if o["jurisdiction"] == "macau":
        return {"identification": [line(t) for t in timed if t["amount"] >= MACAU_AT]}
    named = [t for t in timed if t["player"] is not None]
    if o["jurisdiction"] == "uk":
        found = [t | {"window": [t]} for t in timed if t["player"] is None and t["kind"] == "cash_in"
                 and t["amount"] >= UK_AT]
        for player in {t["player"] for t in named}:
            mine = [t for t in named if t["player"] == player and t["kind"] == "cash_in"]
            last = None
            for t in mine:
                window = [u for u in mine if before_or_at(u, t) and u["instant"] > t["instant"] - UK_WINDOW
                          and (last is None or not before_or_at(u, last))]
                if sum(u["amount"] for u in window) >= UK_AT:
                    found.append(t | {"window": window})
                    last = t
        found.sort(key=lambda t: (t["instant"], t["index"]))
        return {"due_diligence": [
            {"player": t["player"], "gaming_day": t["day"].isoformat(), "at": t["instant"].isoformat(),
             "table_id": t["table_id"], "seat": t["seat"], "window_from": t["window"][0]["instant"].isoformat(),
             "count": len(t["window"]), "total": sum(u["amount"] for u in t["window"])} for t in found]}
    mtl_at, ctr_at = o["mtl_at"], o["ctr_at"]
    ctr = []
    for key in {(t["player"], t["day"], t["kind"]) for t in named}:
        group = [t for t in named if (t["player"], t["day"], t["kind"]) == key]
        crossing = [t for t in group if sum(u["amount"] for u in group if before_or_at(u, t)) > ctr_at]
        if crossing:
            first = min(crossing, key=lambda t: (t["instant"], t["index"]))
            ctr.append((first["instant"], first["index"], {
                "player": key[0], "gaming_day": key[1].isoformat(), "direction": key[2][5:],
                "total": sum(u["amount"] for u in group), "at": first["instant"].isoformat()}))
    structuring = []
    for player, day in {(t["player"], t["day"]) for t in named}:
        count = sum(1 for t in named if (t["player"], t["day"], t["kind"]) == (player, day, "cash_in")
                    and mtl_at * 8 / 10 <= t["amount"] <= mtl_at)
        if count >= 3:
            structuring.append({"player": player, "gaming_day": day.isoformat(), "count": count})
    return {"mtl": [line(t) for t in timed if t["amount"] > mtl_at],
            "ctr": [entry for *_, entry in sorted(ctr, key=lambda c: (c[0], c[1]))],
            "structuring": sorted(structuring, key=lambda s: (s["gaming_day"], s["player"]))}


def canonical(answer: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """Amounts as exact values (``"2400.00"`` and ``"2400"`` are the same amount), their text checked."""
    for entry in (e for entries in answer.values() for e in entries):
        for key in ("amount", "total"):
            if key in entry:
                assert isinstance(entry[key], str) and "e" not in entry[key].lower(), entry
    return {key: [{k: Decimal(v) if k in ("amount", "total") else v for k, v in entry.items()}
                  for entry in entries] for key, entries in answer.items()}


def check(tmp_path: Path, seed: int, days: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    seen: list[dict[str, Any]] = []
    for trial in range(days):
        records, argv, options = random_day(rng, trial)
        path = jsonl(tmp_path / f"cash-{seed}-{trial}.jsonl", records)
        [answer] = answers("compliance", path, *argv)
        assert canonical(answer) == expected(records, options), (argv, trial)
        seen.append(answer)
    return seen


def test_random_cash_days_agree_with_a_brute_force_computation(tmp_path: Path) -> None:
    seen = check(tmp_path, 3, 32)
    # the draw reached the cases the rules turn on
    assert sum(len(a.get("ctr", [])) for a in seen) >= 20
    assert sum(len(a.get("structuring", [])) for a in seen) >= 5
    assert sum(len(a.get("due_diligence", [])) for a in seen) >= 20
    assert sum(len(a.get("identification", [])) for a in seen) >= 5
    assert any(e["player"] is None for a in seen for e in a.get("mtl", []))


@pytest.mark.slow
def test_many_more_random_cash_days(tmp_path: Path) -> None:
    check(tmp_path, 41, 120)
