"""Exact money: every amount is a ``Decimal``, parsed from strings, never from floats."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal, InvalidOperation

from .errors import RecordError

ZERO = Decimal(0)


def parse_money(value: object, field: str, *, allow_negative: bool = False) -> Decimal:
    """Parse a JSON/TOML money value ("10", "7.50", 10) into a finite Decimal.

    Binary floats are refused: an amount such as 0.1 cannot be represented exactly.
    """
    if isinstance(value, bool) or isinstance(value, float):
        raise RecordError(f"amount must be a decimal string, not {value!r}", field)
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, (int, str)):
        try:
            amount = Decimal(str(value).strip())
        except InvalidOperation:
            raise RecordError(f"not a decimal amount: {value!r}", field) from None
    else:
        raise RecordError(f"amount must be a decimal string, not {type(value).__name__}", field)
    if not amount.is_finite():
        raise RecordError(f"not a finite amount: {value!r}", field)
    if amount < 0 and not allow_negative:
        raise RecordError(f"amount must not be negative: {value!r}", field)
    return amount


def format_money(amount: Decimal) -> str:
    """Canonical text of an amount: no exponent, no needless trailing zeros ("45", "7.5")."""
    if amount == 0:
        return "0"
    text = format(amount.normalize(), "f")
    return text


def round_down(amount: Decimal, min_chip: Decimal) -> Decimal:
    """Largest multiple of ``min_chip`` not above ``amount`` (payouts are never rounded up)."""
    if min_chip <= 0:
        return amount
    return (amount / min_chip).to_integral_value(rounding=ROUND_FLOOR) * min_chip
