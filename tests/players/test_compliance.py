"""``dealer-station compliance`` and the ledger behind it: PIT.md's example, the shipped day, each
rule at its edge (worked out by hand from docs/players.md), and the live ledger the floor feeds."""

from __future__ import annotations

import json
import random
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from dealer_station.players.cash import CashTransaction
from dealer_station.players.compliance import JURISDICTIONS, ComplianceLedger, CtrDue, MtlLine, StructuringAlert
from dealer_station.shifts import gaming_day
from tests.cli import main_in_process

from ._run import answers, jsonl

ROOT = Path(__file__).resolve().parents[2]
DAY = ROOT / "examples" / "cash-day.jsonl"
PIT_EXAMPLE = {"at": "2026-12-05T09:58:00-05:00", "table_id": "T1", "seat": 3, "player": "P-1001",
               "kind": "cash_in", "amount": "3500"}


def cash(at: str, amount: str, player: str | None = "P-1", kind: str = "cash_in", **more: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"at": at, "table_id": "T1", "seat": 3, "kind": kind, "amount": amount, **more}
    if player is not None:
        rec["player"] = player
    return rec


def comply(tmp_path: Path, records: list[dict[str, Any]], *options: str) -> dict[str, Any]:
    [answer] = answers("compliance", jsonl(tmp_path / "cash.jsonl", records), *(options or ("--jurisdiction", "us")))
    return answer


def test_pit_example(tmp_path: Path) -> None:
    (path := tmp_path / "one.json").write_text(json.dumps(PIT_EXAMPLE))
    assert answers("compliance", path, "--jurisdiction", "us") == [{
        "mtl": [{**PIT_EXAMPLE, "gaming_day": "2026-12-05"}], "ctr": [], "structuring": []}]


def test_shipped_day() -> None:
    [answer] = answers("compliance", DAY, "--jurisdiction", "us", "--tz", "America/New_York", "--day-starts", "06:00")
    assert [(e["amount"], e["player"]) for e in answer["mtl"]] == [
        ("3500", "P-1001"), ("5000", None), ("4000", "P-1001"), ("6000", "P-1001")]  # 3000 is not above 3000
    assert answer["mtl"][0]["recorded_by"] == "D-0412" and answer["mtl"][1]["description"] == "man, 40s, grey suit"
    # 3500 + 4000 (17:10Z = 12:10 local) + 3000 at 14:00 = 10500: crossed by a line that is not on the MTL;
    # the 6000 cash-out is summed apart and stays under
    assert answer["ctr"] == [{"player": "P-1001", "gaming_day": "2026-12-05", "direction": "in", "total": "10500",
                              "at": "2026-12-05T14:00:00-05:00"}]
    assert answer["structuring"] == [{"player": "P-2002", "gaming_day": "2026-12-05", "count": 3}]
    # P-1001's 3000 (exactly the MTL) is a structuring candidate too, but only one


def test_mtl_is_strictly_above_and_in_time_order(tmp_path: Path) -> None:
    answer = comply(tmp_path, [cash("2026-12-05T12:00:00Z", "3000.01", "P-2"), cash("2026-12-05T11:00:00Z", "3000"),
                               cash("2026-12-05T10:00:00Z", "3000.0000000001", None)])
    assert [e["amount"] for e in answer["mtl"]] == ["3000.0000000001", "3000.01"]


def test_ctr_crossed_by_an_mtl_line_once_with_the_whole_day(tmp_path: Path) -> None:
    records = [cash("2026-12-05T15:00:00Z", "9000"), cash("2026-12-05T16:00:00Z", "4000"),
               cash("2026-12-05T17:00:00Z", "500"), cash("2026-12-05T18:00:00Z", "10000", kind="cash_out"),
               cash("2026-12-05T18:30:00Z", "0.01", kind="cash_out")]
    answer = comply(tmp_path, records)
    assert [e["at"] for e in answer["mtl"]] == ["2026-12-05T15:00:00+00:00", "2026-12-05T16:00:00+00:00",
                                                "2026-12-05T18:00:00+00:00"]
    assert answer["ctr"] == [
        {"player": "P-1", "gaming_day": "2026-12-05", "direction": "in", "total": "13500",
         "at": "2026-12-05T16:00:00+00:00"},
        {"player": "P-1", "gaming_day": "2026-12-05", "direction": "out", "total": "10000.01",
         "at": "2026-12-05T18:30:00+00:00"}]  # exactly 10000 is not above; the cent after is


def test_anonymous_lines_are_on_the_mtl_alone(tmp_path: Path) -> None:
    records = [cash(f"2026-12-05T1{h}:00:00Z", "2900", None) for h in range(5)] + [
        cash("2026-12-05T16:00:00Z", "20000", None)]
    answer = comply(tmp_path, records)
    assert [e["player"] for e in answer["mtl"]] == [None] and answer["ctr"] == [] and answer["structuring"] == []


def test_structuring_from_exactly_80_percent_up_to_the_mtl(tmp_path: Path) -> None:
    two = [cash("2026-12-05T12:00:00Z", "2400"), cash("2026-12-05T13:00:00Z", "3000"),
           cash("2026-12-05T14:00:00Z", "2399.99"), cash("2026-12-05T15:00:00Z", "3000.01"),
           cash("2026-12-05T16:00:00Z", "2500", kind="cash_out")]
    assert comply(tmp_path, two)["structuring"] == []
    three = [*two, cash("2026-12-05T17:00:00Z", "2400.00")]
    assert comply(tmp_path, three)["structuring"] == [{"player": "P-1", "gaming_day": "2026-12-05", "count": 3}]
    # with --mtl-at 2500 the band is 2000..2500
    answer = comply(tmp_path, three + [cash("2026-12-05T18:00:00Z", "2000")], "--jurisdiction", "us", "--mtl-at",
                    "2500")
    assert answer["structuring"] == [{"player": "P-1", "gaming_day": "2026-12-05", "count": 4}]
    assert [e["amount"] for e in answer["mtl"]] == ["3000", "3000.01"]


def test_a_transaction_exactly_at_the_day_start_is_the_new_day(tmp_path: Path) -> None:
    records = [cash("2026-12-05T05:59:59-05:00", "6000"), cash("2026-12-05T06:00:00-05:00", "6000"),
               cash("2026-12-06T05:59:59.999999-05:00", "6000")]
    answer = comply(tmp_path, records, "--jurisdiction", "us", "--tz", "America/New_York", "--day-starts", "06:00")
    assert [e["gaming_day"] for e in answer["mtl"]] == ["2026-12-04", "2026-12-05", "2026-12-05"]
    assert answer["ctr"] == [{"player": "P-1", "gaming_day": "2026-12-05", "direction": "in", "total": "12000",
                              "at": "2026-12-06T05:59:59.999999-05:00"}]


def test_days_across_daylight_saving_changes() -> None:
    ny = ZoneInfo("America/New_York")
    at = datetime.fromisoformat
    # fall back, day starting 01:30: the new day starts at the first 01:30 (EDT) and keeps the repeated hour
    assert gaming_day(at("2026-11-01T01:29:59-04:00"), ny, time(1, 30)) == date(2026, 10, 31)
    assert gaming_day(at("2026-11-01T01:30:00-04:00"), ny, time(1, 30)) == date(2026, 11, 1)
    assert gaming_day(at("2026-11-01T01:10:00-05:00"), ny, time(1, 30)) == date(2026, 11, 1)
    assert gaming_day(at("2026-11-02T01:29:59-05:00"), ny, time(1, 30)) == date(2026, 11, 1)  # a 25-hour day
    # spring forward over a 02:30 start: the day starts when the clocks land at 03:00 EDT
    assert gaming_day(at("2026-03-08T01:59:59-05:00"), ny, time(2, 30)) == date(2026, 3, 7)
    assert gaming_day(at("2026-03-08T03:00:00-04:00"), ny, time(2, 30)) == date(2026, 3, 8)
    # Lord Howe moves its clocks by half an hour; Havana's change skips midnight itself
    lh, havana = ZoneInfo("Australia/Lord_Howe"), ZoneInfo("America/Havana")
    assert gaming_day(at("2026-10-04T02:30:00+11:00"), lh, time(2, 15)) == date(2026, 10, 4)
    assert gaming_day(at("2026-10-04T01:59:59+10:30"), lh, time(2, 15)) == date(2026, 10, 3)
    assert gaming_day(at("2026-03-08T01:00:00-04:00"), havana, time(0, 0)) == date(2026, 3, 8)
    assert gaming_day(at("2026-03-07T23:59:59-05:00"), havana, time(0, 0)) == date(2026, 3, 7)


def test_uk_due_diligence_over_24_hours(tmp_path: Path) -> None:
    records = [cash("2026-12-05T10:00:00Z", "1000"), cash("2026-12-05T20:00:00Z", "999.99"),
               cash("2026-12-06T10:00:00Z", "0.01"),  # 24 hours after the first: the first is out of the window
               cash("2026-12-06T11:00:00Z", "1000.01", kind="cash_out"),  # chips sold: not a purchase
               cash("2026-12-06T12:00:00Z", "1000"),  # 999.99 + 0.01 + 1000 = 2000: reached
               cash("2026-12-06T13:00:00Z", "1999.99"),  # a new count starts after the one that reached it
               cash("2026-12-06T14:00:00Z", "2000", None)]  # an anonymous purchase reaching it alone
    answer = comply(tmp_path, records, "--jurisdiction", "uk")
    assert answer == {"due_diligence": [
        {"player": "P-1", "gaming_day": "2026-12-06", "at": "2026-12-06T12:00:00+00:00", "table_id": "T1", "seat": 3,
         "window_from": "2026-12-05T20:00:00+00:00", "count": 3, "total": "2000"},
        {"player": None, "gaming_day": "2026-12-06", "at": "2026-12-06T14:00:00+00:00", "table_id": "T1", "seat": 3,
         "window_from": "2026-12-06T14:00:00+00:00", "count": 1, "total": "2000"}]}


def test_macau_identification_at_or_above(tmp_path: Path) -> None:
    records = [cash("2026-12-05T10:00:00+08:00", "500000"), cash("2026-12-05T11:00:00+08:00", "499999.99"),
               cash("2026-12-05T12:00:00+08:00", "600000", None, kind="cash_out")]
    answer = comply(tmp_path, records, "--jurisdiction", "macau")
    assert [(e["amount"], e["player"], e["kind"]) for e in answer["identification"]] == [
        ("500000", "P-1", "cash_in"), ("600000", None, "cash_out")]
    assert list(answer) == ["identification"]


def transactions(seed: int) -> list[CashTransaction]:
    rng = random.Random(seed)
    start = datetime.fromisoformat("2026-12-05T00:00:00-05:00")
    return [CashTransaction(start + timedelta(minutes=rng.randrange(3 * 1440)), "T1", rng.randint(1, 7),
                            rng.choice(("P-1", "P-2", None)), rng.choice(("cash_in", "cash_in", "cash_out")),
                            Decimal(rng.choice((2400, 3000, 3001, 5000, 1000, 2999)))) for _ in range(300)]


def test_the_live_ledger_raises_each_finding_once_as_it_happens() -> None:
    txs = sorted(transactions(7), key=lambda t: t.at)
    ledger = ComplianceLedger(JURISDICTIONS["us"])
    raised = [finding for tx in txs for finding in ledger.add(tx)]
    final = ledger.findings()
    assert sorted(map(repr, (f.key for f in raised))) == sorted(map(repr, (f.key for f in final)))
    ctrs = {f.key: f for f in final if isinstance(f, CtrDue)}
    for f in raised:
        if isinstance(f, CtrDue):  # raised by the transaction that crossed, before the day's later ones came
            assert f.crossed == ctrs[f.key].crossed and f.total <= ctrs[f.key].total
    assert any(isinstance(f, StructuringAlert) for f in raised) and any(isinstance(f, MtlLine) for f in raised)
    assert len(ctrs) >= 3


def test_any_arrival_order_gives_the_same_answer() -> None:
    distinct = list({t.at: t for t in transactions(8)}.values())  # ties in time are taken in arrival order
    first = ComplianceLedger(JURISDICTIONS["us"])
    for tx in distinct:
        first.add(tx)
    shuffled = ComplianceLedger(JURISDICTIONS["us"])
    for tx in random.Random(9).sample(distinct, len(distinct)):
        shuffled.add(tx)
    assert first.answer() == shuffled.answer() and first.answer()["ctr"]


def test_the_readme_lines_run() -> None:
    lines = [line.split("#")[0].split() for line in (ROOT / "README.md").read_text().splitlines()
             if line.startswith(".venv/bin/dealer-station rate ") or line.startswith(".venv/bin/dealer-station compliance ")]
    assert [words[1] for words in lines] == ["rate", "compliance"]
    for words in lines:
        code, out, err = main_in_process(words[1:], cwd=ROOT)
        assert code == 0 and err == "" and out.strip(), (words, err)
