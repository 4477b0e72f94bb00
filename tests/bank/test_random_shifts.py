"""``dealer-station bank`` against an independent check on thousands of random shifts.

Each shift is built so its truth is known: a balanced shift (the last round's collected or
paid chosen so that opener + fills - credits - buy-ins + win = closer exactly), then known
perturbations - chips skimmed from or added to the closer, a drop counted short or over, an
opener that differs from the previous closer, slips used twice, skipped or received empty. The
test recomputes every figure from what it generated, in Fractions, formats it itself, and
compares the whole answer; the perturbations' own sizes are checked besides.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from ._cli import answers, run_bank

DENOMINATIONS = {
    2: ["0.25", "0.5", "1", "2.5", "5", "20", "25", "100", "500", "1000", "5000"],
    0: ["1", "5", "25", "100", "500", "1000", "5000", "10000"],
    3: ["0.125", "0.25", "0.5", "1", "5", "25", "100", "500"],
}
CURRENCIES = [("EUR", 2), ("EUR", 2), ("USD", 2), ("MOP", 2), ("JPY", 0), ("KWD", 3)]
STATES = ["requested", "issued", "received", "refused", "void"]


def value(chips: dict[str, int]) -> Fraction:
    return sum((Fraction(d) * n for d, n in chips.items()), Fraction(0))


def text(amount: Fraction, places: int) -> str:
    """An exact amount as decimal text, at least ``places`` decimals (the answer's form)."""
    digits = places
    while (amount * 10**digits).denominator != 1:
        digits += 1
    scaled = abs(amount * 10**digits).numerator
    whole, part = divmod(scaled, 10**digits)
    sign = "-" if amount < 0 else ""
    return f"{sign}{whole}" + (f".{part:0{digits}d}" if digits else "")


def klass(variance: Fraction, report_at: Fraction, regulator_at: Fraction) -> str:
    size = abs(variance)
    return "ok" if size == 0 else "note" if size < report_at else "report" if size < regulator_at else "regulator"


@dataclass
class Truth:
    """What a generated shift's figures must show, known by construction."""

    skim: Fraction = Fraction(0)          # closer - expected closer
    short: Fraction = Fraction(0)         # drop - recorded drop
    discrepancy: Fraction | None = None   # opener - previous closer
    injected: set[tuple[str, str, int]] = field(default_factory=set)  # (kind, series, number)


def amount(rng: random.Random, places: int, top: int) -> Fraction:
    return Fraction(rng.randint(0, top * 10**places), 10**places)


def slips(rng: random.Random, series: str, denominations: list[str], truth: Truth) -> list[dict[str, Any]]:
    base = rng.randint(1, 999_000)
    numbers = list(range(base, base + rng.randint(0, 6)))
    if len(numbers) > 2 and rng.random() < 0.2:  # a skipped number
        skipped = numbers.pop(rng.randrange(1, len(numbers) - 1))
        truth.injected.add(("gap", series, skipped))
    out = [{"slip": f"{series}{n:06d}", "state": rng.choice(STATES),
            "chips": {d: rng.randint(0, 60) for d in rng.sample(denominations, rng.randint(1, len(denominations)))}}
           for n in numbers]
    if out and rng.random() < 0.2:  # a number used twice
        twice = dict(rng.choice(out), state=rng.choice(STATES))
        out.insert(rng.randrange(len(out) + 1), twice)
        truth.injected.add(("duplicate", series, int(twice["slip"][1:])))
    if out and rng.random() < 0.15:  # a received slip with no chip
        empty = rng.choice(out)
        empty.update(state="received", chips=rng.choice([{}, {denominations[0]: 0}]))
        truth.injected.add(("empty", series, int(empty["slip"][1:])))
    return out


def make_shift(rng: random.Random, index: int) -> tuple[dict[str, Any], Truth]:
    currency, places = rng.choice(CURRENCIES)
    denominations = sorted(rng.sample(DENOMINATIONS[places], rng.randint(1, 5)), key=Fraction)
    truth = Truth()
    opener = {d: rng.randint(0, 400) for d in denominations}
    record: dict[str, Any] = {"table_id": f"T{index % 40 + 1}", "shift": f"2026-12-{index % 28 + 1:02d}/{index}",
                              "currency": currency, "opener": opener}
    if rng.random() < 0.8:
        previous = dict(opener)
        if rng.random() < 0.3:
            d = rng.choice(denominations)
            previous[d] += rng.randint(1, 5) * rng.choice([-1, 1]) if previous[d] >= 5 else rng.randint(1, 5)
        record["previous_closer"] = previous
        truth.discrepancy = value(opener) - value(previous)
    if rng.random() < 0.5:
        report_at = amount(rng, places, 50) + 1
        regulator_at = report_at + amount(rng, places, 200)
        record["report_at"], record["regulator_at"] = text(report_at, places), text(regulator_at, places)
    if rng.random() < 0.2:  # the record's chip set: its denominations and maybe one more
        record["denominations"] = sorted({*denominations, rng.choice(DENOMINATIONS[places])}, key=Fraction)
    record["fills"] = slips(rng, "F", denominations, truth)
    record["credits"] = slips(rng, "C", denominations, truth)
    record["buy_ins"] = [{"seat": rng.randint(1, 9), "kind": rng.choice(["cash", "marker"]),
                          "amount": text(amount(rng, places, 5000) + 1, places),
                          **({"player": f"P-{rng.randint(1, 9999)}"} if rng.random() < 0.5 else {})}
                         for _ in range(rng.randint(0, 6))]
    record["rounds"] = [{"round_id": f"R{index}-{n}", "collected": text(amount(rng, places, 600), places),
                         "paid": text(amount(rng, places, 600), places),
                         **({"voided": rng.random() < 0.15} if rng.random() < 0.5 else {})}
                        for n in range(rng.randint(0, 12))]
    closer = {d: rng.randint(0, 400) for d in denominations}
    # balance: the last round wins exactly what makes the closer right
    received = [(s, 1) for s in record["fills"]] + [(s, -1) for s in record["credits"]]
    moved = sum((sign * value(s["chips"]) for s, sign in received if s["state"] == "received"), Fraction(0))
    won = sum((Fraction(r["collected"]) - Fraction(r["paid"]) for r in record["rounds"] if not r.get("voided")),
              Fraction(0))
    buy_ins = sum((Fraction(b["amount"]) for b in record["buy_ins"]), Fraction(0))
    last = value(closer) - (value(opener) + moved - buy_ins + won)
    record["rounds"].append({"round_id": f"R{index}-last", "collected": text(max(last, Fraction(0)), places),
                             "paid": text(max(-last, Fraction(0)), places)})
    if rng.random() < 0.3:  # chips leave or enter the tray outside any round
        d = rng.choice(denominations)
        change = -min(closer[d], rng.randint(1, 10)) if rng.random() < 0.7 else rng.randint(1, 10)
        closer[d] += change
        truth.skim = Fraction(d) * change
    record["closer"] = closer
    drop = buy_ins
    if rng.random() < 0.3:
        truth.short = -min(drop, amount(rng, places, 300)) if rng.random() < 0.7 else amount(rng, places, 300)
        drop += truth.short
    record["drop"] = text(drop, places)
    return record, truth


def expected_answer(record: dict[str, Any]) -> dict[str, Any]:
    """Every figure of PIT.md from the record, in Fractions, by this test's own reading."""
    places = {"JPY": 0, "KWD": 3}.get(record["currency"], 2)
    report_at = Fraction(record.get("report_at", 25))
    regulator_at = Fraction(record.get("regulator_at", 100))
    opener, closer, drop = value(record["opener"]), value(record["closer"]), Fraction(record["drop"])
    fills = sum((value(s["chips"]) for s in record["fills"] if s["state"] == "received"), Fraction(0))
    credits = sum((value(s["chips"]) for s in record["credits"] if s["state"] == "received"), Fraction(0))
    recorded_drop = sum((Fraction(b["amount"]) for b in record["buy_ins"]), Fraction(0))
    computed_win = sum((Fraction(r["collected"]) - Fraction(r["paid"]) for r in record["rounds"]
                        if not r.get("voided")), Fraction(0))
    accounting_win = drop + closer - opener + credits - fills
    expected_closer = opener + fills - credits - recorded_drop + computed_win
    tray, drop_v, win = closer - expected_closer, drop - recorded_drop, accounting_win - computed_win
    problems = []
    for series, key in (("F", "fills"), ("C", "credits")):
        numbers = [int(s["slip"][1:]) for s in record[key]]
        used = Counter(numbers)
        found = [(n, 0, "duplicate") for n, times in used.items() if times > 1]
        if numbers:
            found += [(n, 1, "gap") for n in set(range(min(numbers), max(numbers) + 1)) - set(numbers)]
        found += [(int(s["slip"][1:]), 2, "empty") for s in record[key]
                  if s["state"] == "received" and not any(s["chips"].values())]
        problems += [{"kind": kind, "series": series, "slip": f"{series}{n:06d}"} for n, _, kind in sorted(found)]
    previous = record.get("previous_closer")
    discrepancy = None if previous is None else opener - value(previous)

    def t(x: Fraction | None) -> str | None:
        return None if x is None else text(x, places)

    return {
        "table_id": record["table_id"], "shift": record["shift"],
        "opener_value": t(opener), "closer_value": t(closer), "fills": t(fills), "credits": t(credits),
        "recorded_drop": t(recorded_drop), "drop": t(drop), "computed_win": t(computed_win),
        "accounting_win": t(accounting_win), "expected_closer_value": t(expected_closer),
        "tray_variance": t(tray), "drop_variance": t(drop_v), "win_variance": t(win),
        "tray_class": klass(tray, report_at, regulator_at), "drop_class": klass(drop_v, report_at, regulator_at),
        "win_class": klass(win, report_at, regulator_at), "opener_discrepancy": t(discrepancy),
        "opener_class": None if discrepancy is None else klass(discrepancy, report_at, regulator_at),
        "slip_problems": problems,
    }


def check(seed: int, shifts: int) -> Counter[str]:
    rng = random.Random(seed)
    made = [make_shift(rng, i) for i in range(shifts)]
    outs: list[dict[str, Any]] = []
    for start in range(0, shifts, 5000):  # a file of 5,000 shifts: ~5 MB, within the input's 16 MiB
        batch = made[start:start + 5000]
        outs += answers(run_bank("-", stdin="".join(json.dumps(record) + "\n" for record, _ in batch)))
    assert len(outs) == shifts
    seen: Counter[str] = Counter()
    for (record, truth), out in zip(made, outs):
        assert out == expected_answer(record), record
        places = {"JPY": 0, "KWD": 3}.get(record["currency"], 2)
        # the perturbations, as built
        assert out["tray_variance"] == text(truth.skim, places)
        assert out["drop_variance"] == text(truth.short, places)
        assert out["win_variance"] == text(truth.skim + truth.short, places)
        assert out["opener_discrepancy"] == (None if truth.discrepancy is None else text(truth.discrepancy, places))
        listed = {(p["kind"], p["series"], int(p["slip"][1:])) for p in out["slip_problems"]}
        assert truth.injected <= listed
        seen.update(["skim"] * bool(truth.skim) + ["short"] * bool(truth.short) + ["balanced"] * (
            not truth.skim and not truth.short) + [kind for kind, _, _ in truth.injected]
            + [c for k in ("tray_class", "drop_class", "win_class", "opener_class") if (c := out[k])])
    return seen


def test_thousands_of_random_shifts_agree_with_an_independent_check() -> None:
    seen = check(seed=40, shifts=2000)
    # the sample reaches every case it claims to check
    for case in ("balanced", "skim", "short", "gap", "duplicate", "empty", "ok", "note", "report", "regulator"):
        assert seen[case] >= 20, (case, seen)


def test_single_json_documents_answer_the_same() -> None:
    rng = random.Random(7)
    for i in range(20):
        record, _ = make_shift(rng, i)
        assert answers(run_bank("-", stdin=json.dumps(record, indent=2))) == [expected_answer(record)]


@pytest.mark.slow(seconds=30)
def test_more_random_shifts() -> None:
    check(seed=41, shifts=10_000)
