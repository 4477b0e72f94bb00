"""Exact money: every amount is a ``Decimal``, parsed from strings, never from floats."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal, InvalidOperation

from .errors import RecordError

ZERO = Decimal(0)


def exact_decimal(value: object) -> Decimal:
    """Decimal strings, ints and Decimals as a finite Decimal; floats and the rest refused.

    Raises ``ValueError`` with the reason; a binary float such as 0.1 is never exact.
    """
    if isinstance(value, bool):
        raise ValueError(f"must be a decimal string or an integer, not {value!r}")
    if isinstance(value, float):
        raise ValueError(f'must be a decimal string such as "{value}" or an integer, not the float {value!r}')
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, (int, str)):
        try:
            amount = Decimal(str(value).strip())
        except InvalidOperation:
            raise ValueError(f"not a decimal amount: {value!r}") from None
    else:
        raise ValueError(f"must be a decimal string or an integer, not {type(value).__name__}")
    if not amount.is_finite():
        raise ValueError(f"not a finite amount: {value!r}")
    return amount


def parse_money(value: object, field: str, *, allow_negative: bool = False) -> Decimal:
    """Parse a JSON/TOML money value ("10", "7.50", 10) into a finite Decimal."""
    try:
        amount = exact_decimal(value)
    except ValueError as exc:
        raise RecordError(str(exc), field) from None
    if amount < 0 and not allow_negative:
        raise RecordError(f"amount must not be negative: {value!r}", field)
    return amount


def format_money(amount: Decimal) -> str:
    """Canonical text of an amount: no exponent, no needless trailing zeros ("45", "7.5")."""
    if amount == 0:
        return "0"
    text = format(amount.normalize(), "f")
    return text


def format_cents(amount: Decimal) -> str:
    """A meter amount as the meter shows it: to the cent, finer only when it holds fractions
    of a cent ("25000.00", "0.125"); zero as "0" like ``format_money``."""
    if amount == 0:
        return "0"
    exponent = min(int(amount.normalize().as_tuple().exponent), -2)
    return format(amount.quantize(Decimal(1).scaleb(exponent)), "f")


def round_down(amount: Decimal, min_chip: Decimal) -> Decimal:
    """Largest multiple of ``min_chip`` not above ``amount`` (payouts are never rounded up)."""
    if min_chip <= 0:
        return amount
    return (amount / min_chip).to_integral_value(rounding=ROUND_FLOOR) * min_chip
