"""The sensed tray rule: a difference that holds for confirm_rounds scans is one alarm naming the
round it appeared in and the denominations that moved; a chip missed for a scan is nothing."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from dealer_station.bank.book import RoundMove
from dealer_station.bank.chips import ChipCount
from dealer_station.bank.tray import TrayAlarm, TrayScan, tray_alarms

D = Decimal
OPENER = {1: 100, 5: 100, 25: 100, 100: 20}  # 5,100


def chips(counts: dict[int, int]) -> ChipCount:
    return ChipCount.of({D(d): n for d, n in counts.items()})


def scan(n: int, counts: dict[int, int], collected: int = 0, paid: int = 0, **more: object) -> TrayScan:
    extra = {k: chips(v) if isinstance(v, dict) else v for k, v in more.items()}
    return TrayScan(RoundMove(f"R{n}", D(collected), D(paid)), chips(counts), **extra)


def alarms(scans: list[TrayScan], confirm: int = 3) -> list[TrayAlarm]:
    return list(tray_alarms(chips(OPENER), scans, confirm))


def test_a_tray_that_follows_the_rounds_raises_nothing() -> None:
    scans = [
        scan(1, {1: 100, 5: 103, 25: 100, 100: 20}, collected=25, paid=10),   # +15: a 25 in, a 5 and five 1s out...
        scan(2, {1: 100, 5: 101, 25: 100, 100: 20}, collected=0, paid=10),    # -10
        scan(3, {1: 100, 5: 101, 25: 104, 100: 20}, collected=100),           # +100 (in 25s)
    ]
    assert alarms(scans) == []


def test_a_chip_missed_for_one_scan_is_not_an_alarm() -> None:
    scans = [
        scan(1, {1: 100, 5: 100, 25: 100, 100: 20}),
        scan(2, {1: 100, 5: 100, 25: 99, 100: 20}),  # the antenna misses a 25
        scan(3, {1: 100, 5: 100, 25: 100, 100: 20}),  # and sees it again
        scan(4, {1: 100, 5: 100, 25: 99, 100: 20}),
        scan(5, {1: 100, 5: 99, 25: 99, 100: 20}),    # two scans in a row, then right: still under 3
        scan(6, {1: 100, 5: 100, 25: 100, 100: 20}),
    ]
    assert alarms(scans) == []
    assert [a.round_id for a in alarms(scans, confirm=2)] == ["R4"]
    # with no tolerance every difference is an alarm, the chip seen again included (the reference
    # moved to the scan that missed it)
    assert [a.round_id for a in alarms(scans, confirm=1)] == ["R2", "R3", "R4", "R5", "R6"]


def test_a_skim_is_one_alarm_at_the_round_it_appeared() -> None:
    scans = [
        scan(1, {1: 100, 5: 102, 25: 100, 100: 20}, collected=10),
        scan(2, {1: 100, 5: 102, 25: 101, 100: 19}, collected=25),    # +25 expected; a 100 left: -100
        scan(3, {1: 100, 5: 100, 25: 101, 100: 19}, paid=10),
        scan(4, {1: 100, 5: 100, 25: 101, 100: 19}),                  # third scan short: the alarm
        scan(5, {1: 100, 5: 101, 25: 101, 100: 19}, collected=5),     # right again from the new level
        scan(6, {1: 100, 5: 101, 25: 101, 100: 19}),
    ]
    assert alarms(scans) == [TrayAlarm("R2", "R4", D(-100), ((D(25), 1), (D(100), -1)))]


def test_confirm_rounds_one_alarms_at_once() -> None:
    scans = [scan(1, {1: 100, 5: 100, 25: 100, 100: 19})]
    assert alarms(scans, confirm=1) == [TrayAlarm("R1", "R1", D(-100), ((D(100), -1),))]
    assert alarms(scans, confirm=2) == []


def test_a_difference_that_changes_but_never_clears_holds() -> None:
    scans = [
        scan(1, {1: 100, 5: 100, 25: 99, 100: 20}),   # -25
        scan(2, {1: 99, 5: 100, 25: 99, 100: 20}),    # -26: another chip missed besides
        scan(3, {1: 100, 5: 100, 25: 99, 100: 20}),   # -25
    ]
    assert alarms(scans) == [TrayAlarm("R1", "R3", D(-25), ((D(25), -1),))]


def test_fills_credits_and_buy_ins_are_expected_and_not_named() -> None:
    # a fill of 10 x 100 and a credit of 4 x 25 received, 200 in chips out for a buy-in: 5,100 + 1,000 - 100 - 200
    scans = [scan(1, {1: 100, 5: 60, 25: 96, 100: 30}, fills={100: 10}, credits={25: 4}, buy_ins=D(200))]
    assert alarms(scans, confirm=1) == []
    # a short fill: the slip says 10 x 100, nine arrived
    short = [scan(1, {1: 100, 5: 60, 25: 96, 100: 29}, fills={100: 10}, credits={25: 4}, buy_ins=D(200))]
    assert alarms(short, confirm=1) == [TrayAlarm("R1", "R1", D(-100), ((D(5), -40), (D(100), -1)))]


def test_a_voided_round_moves_nothing() -> None:
    voided = TrayScan(RoundMove("R1", D(500), D(0), voided=True), chips(OPENER))
    assert list(tray_alarms(chips(OPENER), [voided], 1)) == []


def test_confirm_rounds_below_one_is_refused() -> None:
    with pytest.raises(ValueError):
        alarms([], confirm=0)


def test_random_shifts_transient_misses_never_alarm_a_skim_always_does_once() -> None:
    rng = random.Random(5)
    denominations = [1, 5, 25, 100]
    for trial in range(200):
        confirm = rng.randint(1, 4)
        tray = dict(OPENER)
        truth: list[tuple[int, dict[int, int], int, int]] = []  # (round, true tray, collected, paid)
        for n in range(1, 40):
            collected, paid = rng.choice(denominations) * rng.randint(0, 3), 0
            for d in denominations:  # collect into, pay from the tray, chip by chip
                take = rng.randint(0, 2)
                if tray[d] >= take:
                    tray[d] -= take
                    paid += d * take
            tray[1] += collected  # collected in 1s, whatever was staked
            truth.append((n, dict(tray), collected, paid))
        skim_at = rng.randint(1, 39) if trial % 2 else None
        skim = rng.choice([d for d in denominations if all(t[1][d] for t in truth[(skim_at or 1) - 1:])])
        scans = []
        streak = 0
        for n, counts, collected, paid in truth:
            seen = dict(counts)
            if skim_at is not None and n >= skim_at:
                seen[skim] -= 1
            if streak < confirm - 1 and rng.random() < 0.3 and (skim_at is None or n < skim_at - 1):  # a missed chip
                d = rng.choice([d for d in denominations if seen[d]])
                seen[d] -= 1
                streak += 1
            else:
                streak = 0
            scans.append(scan(n, seen, collected, paid))
        found = list(tray_alarms(chips(OPENER), scans, confirm))
        if skim_at is None or skim_at + confirm - 1 > 39:
            assert found == [], (trial, found)
        else:
            assert [(a.round_id, a.confirmed_by, a.difference) for a in found] == [
                (f"R{skim_at}", f"R{skim_at + confirm - 1}", D(-skim))], trial
            before = scans[skim_at - 2].sensed if skim_at > 1 else chips(OPENER)
            after = scans[skim_at - 1].sensed
            moved = [(d, after.number(d) - before.number(d)) for d in map(D, denominations)]
            assert found[0].moved == tuple((d, n) for d, n in moved if n), trial
