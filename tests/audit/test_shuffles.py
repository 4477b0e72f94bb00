"""The shuffle tests on shufflers simulated without a station: calibrated when fair, failing when not."""

from __future__ import annotations

import random

import numpy as np
import pytest

from dealer_station.audit.deals import UNKNOWN, fold
from dealer_station.audit.shuffles import (
    Deal,
    audit,
    chi_squared,
    overall,
    persistence,
    repeats,
    runs,
    serial_correlation,
)
from simulators.deck import load_deck, riffled, shuffle_series

CARDS = 21  # a 7-seat UTH deal


def fair(seed: int, deals: int, cards: int = CARDS) -> list[tuple[int, ...]]:
    return [tuple(order[:cards]) for order in shuffle_series(seed, deals)]


def verdicts(deals: list[tuple[int, ...]], level: int = 99) -> dict[str, str]:
    return {r.name: r.verdict(level) for r in audit([Deal(d) for d in deals])}


def test_fair_shufflers_fail_each_test_at_its_level() -> None:
    """60 fair shufflers, 270 deals each: the tests together reject about 5% at 95% and 1% at 99%.

    The counts' 99.9% binomial bounds (240 trials: mean 12 at 95%, 2.4 at 99%) catch a test
    that rejects too often and, pooled, one that never rejects (benchmarks/bench_audit.py
    measures 1,000 shufflers: docs/audit.md).
    """
    rejected = {95: 0, 99: 0}
    for seed in range(1, 61):
        results = [r for r in audit([Deal(d) for d in fair(seed, 270)]) if r.name != "repeats"]
        assert all(r.p_value is not None for r in results)  # 270 deals: every test gives a verdict
        for level in rejected:
            rejected[level] += sum(r.verdict(level) == "fail" for r in results)
    assert 3 <= rejected[95] <= 24
    assert rejected[99] <= 9


def test_chi_squared_is_the_quadratic_form_in_the_exact_covariance() -> None:
    """For deals of equal length L < 52 the form is 51/N (sum of squared deviations + sum over cards
    of their column sums squared / (52 - L)), with 51 L degrees of freedom."""
    deals = fair(3, 300, 10)
    result = chi_squared(deals)
    observed = np.zeros((10, 52))
    for deal in deals:
        observed[np.arange(10), list(deal)] += 1
    deviation = observed - 300 / 52
    expected = 51 / 300 * ((deviation**2).sum() + (deviation.sum(axis=0) ** 2).sum() / (52 - 10))
    assert result.statistic == pytest.approx(expected, rel=1e-9)
    assert result.df == 51 * 10 and result.detail["positions"] == 10


def test_chi_squared_of_whole_decks_has_51_by_51_degrees() -> None:
    result = chi_squared(fair(4, 270, 52))
    assert result.df == 51 * 51 and result.p_value is not None and result.p_value > 0.01


def test_chi_squared_uses_only_positions_with_five_expected_per_card() -> None:
    deals = fair(5, 300, 6) + fair(6, 100, 21)  # 400 deals reach position 5, only 100 beyond
    result = chi_squared(deals)
    assert result.detail["positions"] == 6 and result.deals == 400 and result.needs == 260
    assert chi_squared(fair(5, 259)).p_value is None  # fewer than 260 deals: no verdict


def test_a_shuffler_that_favours_a_position_fails_chi_squared_only() -> None:
    rng = random.Random(1)
    deals = []
    for deal in fair(7, 400):
        if rng.random() < 0.5 and 0 in deal:  # one deal in two, the card 0 dealt comes out first
            i = deal.index(0)
            deal = (0, *deal[:i], *deal[i + 1:])
        deals.append(deal)
    got = verdicts(deals)
    assert got["chi_squared"] == "fail"
    assert {got["serial_correlation"], got["persistence"], got["repeats"]} == {"pass"}
    assert verdicts(fair(7, 400))["chi_squared"] == "pass"


def test_weak_riffles_of_the_previous_order_fail_persistence() -> None:
    weak = [tuple(o[:CARDS]) for o in shuffle_series(8, 40, lambda i: (3, 0))]
    result = persistence(weak)
    assert result.verdict(99) == "fail" and result.detail["kept_pct"] > 55
    assert persistence(fair(8, 40)).verdict(99) == "pass"


def test_a_repeated_order_fails_repeats_and_the_previous_one_serial_correlation() -> None:
    earlier = [tuple(o[:CARDS]) for o in shuffle_series(9, 40, lambda i: (0, 5 if i % 7 == 6 else 0))]
    result = repeats(earlier)
    assert result.verdict(99) == "fail" and [a for _, a in result.detail["repeated"]] == list(range(6, 40, 7))
    previous = [tuple(o[:CARDS]) for o in shuffle_series(9, 40, lambda i: (0, 1 if i % 2 else 0))]
    assert serial_correlation(previous).verdict(99) == "fail"
    assert serial_correlation(fair(9, 40)).verdict(99) == "pass" and repeats(fair(9, 40)).verdict(99) == "pass"


def test_a_new_deck_riffled_once_fails_runs() -> None:
    deals = [tuple(c.face for c in riffled(load_deck(), seed, 2))[:CARDS] for seed in range(40)]
    assert runs(deals).verdict(99) == "fail"
    assert runs(fair(10, 40)).verdict(99) == "pass"


def test_too_few_deals_are_insufficient_not_failed() -> None:
    results = audit([Deal(d) for d in fair(11, 10)])
    assert {r.name: r.verdict(99) for r in results} == {
        "chi_squared": "insufficient", "runs": "insufficient", "serial_correlation": "insufficient",
        "persistence": "insufficient", "repeats": "pass"}
    assert overall(results, 99) == "insufficient"
    assert [r.needs for r in results] == [260, 30, 31, 31, 2]


def _events(table: str, serial: str | None, rounds: list[list[int]], start: int = 0) -> list[tuple]:  # type: ignore[type-arg]
    identity = {"serial_number": serial, "model": "M"} if serial else None
    out: list[tuple] = [(table, 1, "2026-12-01T10:00:00.000Z", None, "device_link",  # type: ignore[type-arg]
                         {"device": "shuffler", "up": True, "identity": identity})]
    for n, cards in enumerate(rounds):
        rid, at = f"{table}-{n}", f"2026-12-01T10:{start + n:02d}:00.000Z"
        out.append((table, len(out) + 1, at, rid, "deal_started", {"packets": [["board", 3], ["seat1", 1]],
                                                                    "by_hand": False}))
        out += [(table, len(out) + 1, at, rid, "card_dealt", {"position": "board", "index": i, "card": c})
                for i, c in enumerate(cards)]
    return out


def test_deals_are_folded_per_shuffler_and_cut_where_a_position_is_uncertain() -> None:
    t1 = _events("T1", "S-1", [[1, 2, 3], [4, 5, 6, 7]])
    t1.insert(7, ("T1", 0, t1[5][2], "T1-1", "halted", {"device": "shuffler", "kind": "fault"}))  # after card 4
    t2 = _events("T2", "S-1", [[9, 8, 7, 6, 5]], start=30) + _events("T3", None, [[3, 3, 4]])
    shoes = fold([*t1, *t2])
    assert sorted(shoes) == ["S-1", UNKNOWN]
    shoe = shoes["S-1"]  # a fifth card is no longer the deal's four planned ones (a later street)
    assert [d.cards for d in shoe.deals] == [(1, 2, 3), (4,), (9, 8, 7, 6)] and shoe.tables == {"T1", "T2"}
    assert [d.cards for d in shoes[UNKNOWN].deals] == [(3,)]  # the same card twice: cut at the second
    by_hand = [("T4", 1, "2026-12-01T10:00:00.000Z", "r", "deal_started", {"packets": [], "by_hand": True}),
               ("T4", 2, "2026-12-01T10:00:00.000Z", "r", "card_dealt", {"position": "board", "index": 0, "card": 1})]
    assert fold(by_hand) == {}
    from datetime import UTC, datetime

    late = fold([*t1, *t2], since=datetime(2026, 12, 1, 10, 1, tzinfo=UTC), until=datetime(2026, 12, 1, 10, 30,
                                                                                             tzinfo=UTC))
    assert [d.cards for d in late["S-1"].deals] == [(4,)]
