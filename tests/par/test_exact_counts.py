"""The counts shipped in ``dealer_station/par/exact_counts.json`` are what a fresh enumeration gives.

Par sheets read them instead of enumerating at each start (``dealer_station.par.exact``); these
tests enumerate each table again with today's evaluator and game rules and require equality, so
an evaluator or a Bonus classifier that changed cannot leave stale counts behind. The 7-card
counts are checked in tests/floor/test_par.py (enumeration == GAMES.md's published == shipped).
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from dealer_station.par import exact
from dealer_station.par.headsup import beats_dealer_counts
from dealer_station.par.thb import enumerate_bonus_rows, enumerate_pool_categories


def test_the_file_is_what_as_json_writes_for_its_own_tables() -> None:
    """Round trip: reading the file and writing it back gives the same JSON (no field lost or re-keyed)."""
    text = resources.files("dealer_station.par").joinpath(exact.RESOURCE).read_text("utf-8")
    again = exact.as_json(exact.seven_card_categories(), exact.blind_wins(), exact.pool_categories(),
                          exact.bonus_rows())
    assert json.loads(text) == again


def test_bonus_rows_by_enumeration_are_the_shipped_ones() -> None:
    assert enumerate_bonus_rows() == exact.bonus_rows()


@pytest.mark.slow
def test_pool_categories_by_enumeration_are_the_shipped_ones() -> None:
    assert enumerate_pool_categories() == exact.pool_categories()


@pytest.mark.slow
def test_blind_wins_by_enumeration_are_the_shipped_ones() -> None:
    wins, deals, _ = beats_dealer_counts()
    assert (wins, deals) == exact.blind_wins()
