"""Exact THB side-bet figures by full enumeration, against published numbers."""

from __future__ import annotations

import importlib.util
from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_station.par.thb import (
    BONUS_DEALS,
    LOSE,
    bonus_par,
    bonus_row_combinations,
    pool_par,
)
from tests.thb._records import ROOT, TABLE


def _published_five_card_counts():
    spec = importlib.util.spec_from_file_location("enumerate7", ROOT / "benchmarks" / "enumerate7.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PUBLISHED[5]  # GAMES.md §1


def test_bonus_enumeration_and_published_house_edge():
    rows = bonus_row_combinations()
    # thb-default plays the seed's table (GAMES.md §3: anything else loses); the optional
    # "any pair 2-10 pays 3:1" row is added here, as a casino adds it to its profile.
    assert "pair_2_10" not in TABLE.paytables["bonus"]
    par = bonus_par({**TABLE.paytables["bonus"], "pair_2_10": Decimal(3)}, rows)
    assert sum(par.counts.values()) == BONUS_DEALS == 1326 * 1225
    # Published: 8.5406% with the pair 2-10 row at 3:1.
    assert round(par.house_edge * 100, 4) == Fraction("8.5406")
    # Counting check independent of the classifier: 6 AA pairs, one dealer AA each;
    # 16 A-K pairs of which 4 suited, each against all 1,225 dealer pairs.
    assert par.counts["aa_vs_dealer_aa"] == 6 and par.counts["aa"] == 6 * 1225 - 6
    assert par.counts["ak_suited"] == 4 * 1225 and par.counts["ak_offsuit"] == 12 * 1225
    assert par.counts["pair_2_10"] == 9 * 6 * 1225
    seeds = bonus_par(TABLE.paytables["bonus"], rows)
    assert seeds.counts[LOSE] == par.counts[LOSE] + par.counts["pair_2_10"]
    assert seeds.house_edge > par.house_edge and round(seeds.house_edge * 100, 6) == Fraction("24.830240")


@pytest.mark.slow
def test_pool_enumeration_equals_published_five_card_counts():
    par = pool_par(TABLE.paytable("pool"))
    assert dict(par.counts) == _published_five_card_counts()
    assert par.hit_probability == Fraction(4 + 36 + 624 + 3744 + 5108 + 10200, 2_598_960)
