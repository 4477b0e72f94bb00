"""Exact money: every amount is a ``Decimal``, parsed from ASCII decimal text, never from floats.

Bounds (shared by table profiles, round records, commands and the journal): an amount has
at most ``MAX_INTEGER_DIGITS`` (18) digits before the decimal point and ``MAX_DECIMALS``
(10) significant digits after it, so it always fits the ``MONEY_DIGITS`` (28) digits of
``MONEY_CONTEXT``. Text is ASCII only: ``"12.50"``, ``"-3"``, ``"7."``; underscores
(``"1_0"``), other scripts' digits (Arabic-Indic, fullwidth ``１``), exponents
(``"1e3"``), ``NaN`` and ``Infinity`` are refused - a person typing an amount types
exactly those characters, anything else is a mistake or an attack.

Money is computed inside ``exact_money()``: ``MONEY_CONTEXT`` traps every inexact,
overflowing or invalid operation (dropping only trailing zeros, as ``3.000`` to cents
does, is exact and allowed), so a result the table cannot hold exactly is
refused (``RecordError``) instead of being silently rounded. Ratios that are not money
(a hold percentage) are computed outside it, with their own explicit ``quantize``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import (
    ROUND_HALF_EVEN,
    Clamped,
    Context,
    Decimal,
    DecimalException,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    Subnormal,
    Underflow,
    localcontext,
)

from .errors import RecordError

__all__ = [
    "MAX_DECIMALS",
    "MAX_INTEGER_DIGITS",
    "MONEY_CONTEXT",
    "MONEY_DIGITS",
    "ZERO",
    "exact_decimal",
    "exact_money",
    "format_minor",
    "format_money",
    "parse_money",
    "round_down",
]

ZERO = Decimal(0)
MAX_INTEGER_DIGITS = 18
MAX_DECIMALS = 10
MONEY_DIGITS = MAX_INTEGER_DIGITS + MAX_DECIMALS

MONEY_CONTEXT = Context(
    prec=MONEY_DIGITS,
    rounding=ROUND_HALF_EVEN,
    Emax=MONEY_DIGITS,
    Emin=-MONEY_DIGITS,
    traps=[InvalidOperation, DivisionByZero, Overflow, Underflow, Subnormal, Inexact, Clamped],
)
"""The context every money computation runs in: 28 digits, and any loss of exactness raises."""

_ASCII_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_MAX_TEXT = 64  # characters of amount text considered at all (room for leading/trailing zeros)
_LIMIT = 10**MAX_INTEGER_DIGITS
_FINEST = Decimal(1).scaleb(-MAX_DECIMALS)
_CHECK_CONTEXT = Context(prec=MONEY_DIGITS + 2, Emax=10**6, Emin=-(10**6), traps=[Inexact, InvalidOperation])


def exact_decimal(value: object) -> Decimal:
    """ASCII decimal text, an int or a Decimal within the bounds, as a Decimal.

    Raises ``ValueError`` with the reason; a binary float such as 0.1 is never exact.
    """
    if isinstance(value, bool):
        raise ValueError(f"must be a decimal string or an integer, not {value!r}")
    if isinstance(value, float):
        raise ValueError(f'must be a decimal string such as "{value}" or an integer, not the float {value!r}')
    if isinstance(value, int):
        if not -_LIMIT < value < _LIMIT:
            raise ValueError(f"amount too large: at most {MAX_INTEGER_DIGITS} digits before the decimal point")
        return Decimal(value)
    if isinstance(value, str):
        text = value.strip(" ")
        if len(text) > _MAX_TEXT or not _ASCII_DECIMAL.fullmatch(text):
            raise ValueError(f'not a decimal amount: {value!r} (ASCII digits with an optional ".", e.g. "12.50")')
        amount = Decimal(text)
    elif isinstance(value, Decimal):
        amount = value
    else:
        raise ValueError(f"must be a decimal string or an integer, not {type(value).__name__}")
    _check_bounds(amount, value)
    return amount


def _check_bounds(amount: Decimal, value: object) -> None:
    """Refuse what the table cannot hold: non-finite, too many integer digits or decimals."""
    if not amount.is_finite():
        raise ValueError(f"not a finite amount: {value!r}")
    if amount and amount.adjusted() >= MAX_INTEGER_DIGITS:
        raise ValueError(f"amount too large: at most {MAX_INTEGER_DIGITS} digits before the decimal point")
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -MAX_DECIMALS:
        try:  # trailing zeros beyond the bound are harmless ("1.50000000000000")
            amount.quantize(_FINEST, context=_CHECK_CONTEXT)
        except (Inexact, InvalidOperation):
            raise ValueError(f"more than {MAX_DECIMALS} decimal places: {value!r}") from None


def parse_money(value: object, field: str, *, allow_negative: bool = False) -> Decimal:
    """Parse a JSON/TOML money value ("10", "7.50", 10) into a bounded, finite Decimal."""
    try:
        amount = exact_decimal(value)
    except ValueError as exc:
        raise RecordError(str(exc), field) from None
    if amount < 0 and not allow_negative:
        raise RecordError(f"amount must not be negative: {value!r}", field)
    return amount


@contextmanager
def exact_money(field: str | None = None) -> Iterator[Context]:
    """Compute money in ``MONEY_CONTEXT``; a result it cannot hold exactly is a ``RecordError``.

    Usable as ``with exact_money():`` or as a decorator ``@exact_money()``.
    """
    with localcontext(MONEY_CONTEXT) as context:
        try:
            yield context
        except DecimalException as exc:
            raise RecordError(
                f"an amount cannot be held exactly in {MONEY_DIGITS} digits ({type(exc).__name__}): refused rather "
                "than rounded", field) from None


def format_money(amount: Decimal) -> str:
    """Canonical text of an amount: no exponent, no needless trailing zeros ("45", "7.5").

    Exact for any finite Decimal (no context rounding is involved).
    """
    if amount == 0:
        return "0"
    text = format(amount, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def format_cents(amount: Decimal) -> str:
    """A meter amount as the meter shows it: to the cent, finer only when it holds fractions
    of a cent ("25000.00", "0.125"); zero as "0" like ``format_money``."""
    if amount == 0:
        return "0"
    exponent = min(int(amount.normalize().as_tuple().exponent), -2)
    return format(amount.quantize(Decimal(1).scaleb(exponent)), "f")


def format_minor(amount: Decimal, places: int) -> str:
    """An amount in a currency's minor units: at least ``places`` decimals, more only when it
    holds finer fractions ("65.00", "0.00", "7.125" for places=2; "65" for places=0).

    A shift's figures read this way ("a variance of 0.00"); exact, zero never signed.
    """
    if places < 0:
        raise ValueError("places must not be negative")
    if amount == 0:
        amount = ZERO
    exponent = min(int(amount.normalize().as_tuple().exponent), -places)
    return format(amount.quantize(Decimal(1).scaleb(exponent), context=_CHECK_CONTEXT), "f")


def round_down(amount: Decimal, min_chip: Decimal) -> Decimal:
    """Largest multiple of ``min_chip`` not above ``amount`` (payouts are never rounded up).

    Exact: integer division, never a rounded quotient (a chip of 3 works like a chip of 0.5).
    """
    if min_chip <= 0:
        return amount
    chips, rest = divmod(amount, min_chip)
    if rest < 0:  # divmod truncates toward zero; floor for negative amounts
        chips -= 1
    return chips * min_chip
