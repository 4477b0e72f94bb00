"""Exact money (issue 14): ASCII decimal only, bounded, computed exactly or refused."""

from __future__ import annotations

from decimal import Decimal, Inexact, Rounded, localcontext

import pytest

from dealer_station.errors import ConfigError, RecordError
from dealer_station.games import get_game
from dealer_station.money import (
    MAX_DECIMALS,
    MAX_INTEGER_DIGITS,
    MONEY_CONTEXT,
    exact_decimal,
    exact_money,
    format_minor,
    format_money,
    parse_money,
    round_down,
)
from dealer_station.profile_loader import build_table

BIG = "999999999999999999.9999999999"


@pytest.mark.parametrize("text, value", [
    ("12.50", "12.5"), ("7", "7"), ("0.5", "0.5"), (".5", "0.5"), ("7.", "7"), (" 10 ", "10"),
    (BIG, BIG), ("1.50000000000000000000", "1.5"), ("0.0000000001", "0.0000000001"),
])
def test_accepted(text: str, value: str) -> None:
    assert format_money(exact_decimal(text)) == value


@pytest.mark.parametrize("text", [
    "1_0", "١٠", "１", "1e3", "1E+2", "1e1000000", "NaN", "nan", "Infinity", "-Infinity", "sNaN", "", " ",
    "+", ".", "1.2.3", "0x10", "1,5", "10\n", "\u200b10", "1" * 65,
])
def test_refused_text(text: str) -> None:
    with pytest.raises(ValueError, match="not a decimal amount"):
        exact_decimal(text)


@pytest.mark.parametrize("value, problem", [
    ("1" + "0" * MAX_INTEGER_DIGITS, "too large"), (10**MAX_INTEGER_DIGITS, "too large"),
    (Decimal("1E+1000000"), "too large"), (Decimal("1E-999999"), "decimal places"),
    ("0." + "0" * MAX_DECIMALS + "1", "decimal places"), (Decimal("NaN"), "finite"), (1.5, "float"), (True, "not True"),
])
def test_out_of_bounds(value: object, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        exact_decimal(value)


def test_parse_money_names_the_field_and_sign() -> None:
    assert parse_money("-3", "x", allow_negative=True) == Decimal(-3)
    with pytest.raises(RecordError, match="^seats.ante: amount must not be negative"):
        parse_money("-3", "seats.ante")
    with pytest.raises(RecordError, match="^seats.ante: not a decimal amount"):
        parse_money("１０", "seats.ante")


def test_config_shares_the_bounds() -> None:
    base = {"game": "uth", "seats": 7, "limits": {"ante": {"min": "5", "max": "500"}, "trips": {"min": "1", "max": "100"}},
            "paytables": {"blind": {"straight": "1"}, "trips": {"straight": "4"}}}
    for key, value in (("min_chip", "1e-3"), ("min_chip", "0.00000000001"), ("min_chip", "1_0")):
        with pytest.raises(ConfigError, match="min_chip"):
            build_table({**base, key: value})
    with pytest.raises(ConfigError, match="paytables.trips.straight"):
        build_table({**base, "paytables": {"blind": {"straight": "1"}, "trips": {"straight": "١"}}})


def test_money_context_traps_every_loss() -> None:
    assert MONEY_CONTEXT.prec == MAX_INTEGER_DIGITS + MAX_DECIMALS
    with localcontext(MONEY_CONTEXT):
        with pytest.raises((Inexact, Rounded)):
            _ = Decimal(BIG) * 4
        with pytest.raises((Inexact, Rounded)):
            _ = Decimal(1) / 3
    with pytest.raises(RecordError, match="cannot be held exactly"):
        with exact_money():
            _ = Decimal(BIG) * 4


def test_round_down_is_exact_for_any_chip() -> None:
    assert round_down(Decimal("10"), Decimal("3")) == Decimal("9")
    assert round_down(Decimal("7.75"), Decimal("0.5")) == Decimal("7.5")
    assert round_down(Decimal("-7.75"), Decimal("0.5")) == Decimal("-8")
    assert round_down(Decimal("2.5"), Decimal("0")) == Decimal("2.5")
    with exact_money():
        assert round_down(Decimal("1000000000000000000"), Decimal("0.25")) == Decimal("1000000000000000000")


def test_play_payout_beyond_28_digits_is_refused_not_rounded() -> None:
    """Before: Play paid 4000000000000000000 for 3999999999999999999.9999999996 (rounded), breakage wrong."""
    game = get_game("uth")
    table = build_table({"game": "uth", "seats": 7, "min_chip": "1",
                         "limits": {"ante": {"min": "1", "max": BIG}, "trips": {"min": "1", "max": "100"}},
                         "paytables": {"blind": {"straight": "1"}, "trips": {"straight": "4"}}})
    record = {"game": "uth", "dealer": ["Kd", "7c"], "board": ["2c", "7d", "9h", "Js", "Qs"],
              "seats": [{"seat": 1, "hole": ["As", "Ac"], "bets": {"ante": BIG, "blind": BIG}, "actions": ["play4x"]}]}
    with pytest.raises(RecordError, match="cannot be held exactly"):
        game.settle(game.parse_record(record, table))
    record["seats"][0]["bets"] = {"ante": "99999999999999999", "blind": "99999999999999999"}
    settled = game.settle(game.parse_record(record, table))
    assert settled["seats"][0]["bets"]["play"] == "399999999999999996"


@pytest.mark.parametrize("amount, places, text", [
    ("0", 2, "0.00"), ("-0.000", 2, "0.00"), ("65", 2, "65.00"), ("-12.5", 2, "-12.50"), ("7.125", 2, "7.125"),
    ("1E+3", 2, "1000.00"), ("65", 0, "65"), ("0.5", 3, "0.500"), ("-0.0000000001", 2, "-0.0000000001"),
    ("999999999999999999.9999999999", 2, "999999999999999999.9999999999"),
])
def test_format_minor_shows_the_currency_unit_and_never_rounds(amount: str, places: int, text: str) -> None:
    assert format_minor(Decimal(amount), places) == text
    assert Decimal(text) == Decimal(amount)
