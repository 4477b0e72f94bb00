"""Slip problems per PIT.md §4: a number used twice, a gap inside a shift's series, a received
slip with no chips - by hand through the command, then brute force on random slips."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

from dealer_station.bank.chips import ChipCount
from dealer_station.bank.slips import Slip, SlipKind, SlipState, slip_problems

from ._cli import answers, example, run_bank


def problems(fills: list[dict[str, Any]], credits: list[dict[str, Any]] | None = None) -> list[dict[str, str]]:
    record = example()
    record["fills"] = fills
    if credits is not None:
        record["credits"] = credits
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    listed: list[dict[str, str]] = out["slip_problems"]
    return listed


def slip(number: str, state: str = "received", chips: dict[str, int] | None = None) -> dict[str, Any]:
    return {"slip": number, "state": state, "chips": {"100": 1} if chips is None else chips}


def p(kind: str, number: str) -> dict[str, str]:
    return {"kind": kind, "series": number[0], "slip": number}


def test_a_number_used_more_than_once_is_one_duplicate_whatever_the_states() -> None:
    assert problems([slip("F000041"), slip("F000041", "void"), slip("F000041", "requested")]) == [
        p("duplicate", "F000041")]
    assert problems([slip("F000041", "void"), slip("F000041", "void")]) == [p("duplicate", "F000041")]


def test_received_copies_of_one_number_all_count() -> None:
    record = example()
    record["credits"] = [slip("C000017", chips={"500": 4}), slip("C000017", chips={"500": 4})]
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert out["credits"] == "4000.00" and out["tray_variance"] == "2000.00"
    assert out["slip_problems"] == [p("duplicate", "C000017")]


def test_each_missing_number_between_the_lowest_and_the_highest_is_a_gap() -> None:
    assert problems([slip("F000045"), slip("F000041")]) == [
        p("gap", "F000042"), p("gap", "F000043"), p("gap", "F000044")]
    # a voided or refused slip used its number: no gap there
    assert problems([slip("F000041"), slip("F000042", "void"), slip("F000043", "refused"), slip("F000044")]) == []
    # nothing below the lowest or above the highest is missing; one slip has no gap
    assert problems([slip("F000099")], [slip("C000001", chips={"500": 4})]) == []


def test_each_series_on_its_own() -> None:
    fills = [slip("F000010"), slip("F000012")]
    credits = [slip("C000010", chips={"5": 1}), slip("C000013", chips={"5": 1})]
    assert problems(fills, credits) == [p("gap", "F000011"), p("gap", "C000011"), p("gap", "C000012")]


def test_a_received_slip_with_no_chip_is_empty() -> None:
    assert problems([slip("F000041", chips={})]) == [p("empty", "F000041")]
    assert problems([slip("F000041", chips={"100": 0, "25": 0})]) == [p("empty", "F000041")]
    # only received slips: a request with nothing on it yet is no problem of the figures
    assert problems([slip("F000041", "requested", {}), slip("F000042", "void", {})]) == []


def test_the_order_series_number_kind() -> None:
    fills = [slip("F000044", chips={}), slip("F000041", chips={}), slip("F000041", "void"), slip("F000042")]
    credits = [slip("C000002", chips={}), slip("C000002", chips={})]
    assert problems(fills, credits) == [
        p("duplicate", "F000041"), p("empty", "F000041"), p("gap", "F000043"), p("empty", "F000044"),
        p("duplicate", "C000002"), p("empty", "C000002"), p("empty", "C000002")]


def brute(slips: list[Slip]) -> list[tuple[str, int, str]]:
    """The problems by looking at every number from 1 to the highest, one at a time."""
    out = []
    for kind in (SlipKind.FILL, SlipKind.CREDIT):
        mine = [s for s in slips if s.kind is kind]
        if not mine:
            continue
        low, high = min(s.number for s in mine), max(s.number for s in mine)
        for number in range(1, high + 1):
            here = [s for s in mine if s.number == number]
            if len(here) >= 2:
                out.append((kind.series, number, "duplicate"))
            if not here and low < number < high:
                out.append((kind.series, number, "gap"))
            out += [(kind.series, number, "empty") for s in here if s.state is SlipState.RECEIVED and not s.chips]
    return out


def test_random_slips_against_brute_force() -> None:
    rng = random.Random(4)
    states = list(SlipState)
    for _ in range(3000):
        slips = [Slip(rng.choice(list(SlipKind)), rng.randint(1, 12), rng.choice(states),
                      ChipCount.of({Decimal(5): rng.choice([0, 0, 1, 3])})) for _ in range(rng.randint(0, 9))]
        got = [(pr.series, pr.number, pr.kind.value) for pr in slip_problems(slips)]
        assert got == brute(slips), slips
