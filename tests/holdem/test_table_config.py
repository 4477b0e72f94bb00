"""The hold'em table profile model and the example profiles in ``config/``."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from dealer_station.games.holdem import HandConfig, Structure
from dealer_station.games.holdem.table import HoldemTableConfig
from dealer_station.profile_loader import load_profile

CONFIG = Path(__file__).resolve().parents[2] / "config"
PROFILES = ["holdem-nl-1-2", "holdem-fl-2-4", "holdem-pl-1-2"]


def data(name: str) -> dict[str, Any]:
    return tomllib.loads((CONFIG / f"{name}.toml").read_text())


@pytest.mark.parametrize("name", PROFILES)
def test_example_profiles_validate_and_build_the_hand_rules(name):
    table = HoldemTableConfig.model_validate(data(name))
    rules = table.hand_config()
    assert isinstance(rules, HandConfig) and rules.big_blind == table.blinds[1]
    assert table.buy_in_min >= rules.big_blind and table.seats <= 10
    assert table.action_clock_seconds > 0


def test_fixed_limit_buy_in_defaults_to_ten_big_blinds():
    table = HoldemTableConfig.model_validate(data("holdem-fl-2-4"))
    assert table.structure is Structure.FIXED_LIMIT
    assert table.buy_in_min == Decimal(20) and table.hand_config().bet_sizes == (Decimal(2), Decimal(4))
    with pytest.raises(ValidationError, match="fixed limit needs at least 10 big blinds"):
        HoldemTableConfig.model_validate({**data("holdem-fl-2-4"), "buy_in": {"min": "10"}})


@pytest.mark.parametrize(
    "change,message",
    [
        ({"buy_in": {"min": "40"}}, "no_limit needs a min and a max"),
        ({"buy_in": {"min": "300", "max": "200"}}, "min 300 is above max 200"),
        ({"blinds": ["3", "2"]}, "blinds: small blind 3 is above the big blind 2"),
        ({"bet_sizes": ["2", "4"]}, "bet_sizes: only for fixed_limit"),
        ({"rake": {"percent": "120"}}, "must be between 0 and 100"),
        ({"seats": 11}, "less than or equal to 10"),
        ({"blinds": ["1", 2.5]}, "must be a decimal string"),
        ({"straddle": "4"}, "Extra inputs are not permitted"),
    ],
)
def test_bad_profiles_are_refused_naming_the_field(change, message):
    with pytest.raises(ValidationError, match=message):
        HoldemTableConfig.model_validate({**data("holdem-nl-1-2"), **change})


@pytest.mark.parametrize("name", ["holdem-nl-1-2", "holdem-fl-2-4", "holdem-pl-1-2"])
def test_the_profile_loader_reads_holdem_profiles_into_their_own_model(name):
    table = load_profile(name)
    assert isinstance(table, HoldemTableConfig) and table.game == "holdem"
    assert table.hand_config().big_blind == table.blinds[1]
