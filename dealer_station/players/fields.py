"""Fields of the players' exchange records (rating and cash records, docs/players.md): each
checked for its JSON type and bounds and refused in one line naming it.

Amounts are decimal strings or JSON integers: a JSON number with a fraction or an exponent
(``25.5``, ``1e3``) is refused, as are ``true`` for a count, ``3.0`` for a seat and a number
for a name. Times are ISO 8601 with their UTC offset.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from ..config import TABLE_ID_PATTERN
from ..errors import RecordError
from ..money import parse_money

PLAYER_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}")
"""A player (card) id, or who recorded a transaction: letters, digits and ``_ . : -``, at most 64."""
TABLE_ID = re.compile(TABLE_ID_PATTERN)
MAX_DESCRIPTION = 200
MAX_TIME_TEXT = 64
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(9998, 12, 31)
"""The dates a record's time may fall on (UTC): a gaming day a day either side stays a date."""


def json_object(value: object, field: str | None, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"{what} must be a JSON object, not {kind_of(value)}", field)
    return value


def check_keys(rec: Mapping[str, Any], allowed: Iterable[str], required: Iterable[str], field: str | None) -> None:
    allowed = tuple(allowed)
    for key in rec:
        if key not in allowed:
            raise RecordError(f"unknown key (allowed: {', '.join(allowed)})", f"{field}.{key}" if field else key)
    for key in required:
        if key not in rec:
            raise RecordError("missing required key", f"{field}.{key}" if field else key)


def player_id(value: object, field: str) -> str | None:
    """A player id, or None for an anonymous player (key absent or null)."""
    return None if value is None else named(value, field, PLAYER_ID, "a player id (letters, digits, _ . : -)")


def named(value: object, field: str, pattern: re.Pattern[str], what: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise RecordError(f"must be {what}, not {echo(value)}", field)
    return value


def table_id(value: object, field: str) -> str:
    return named(value, field, TABLE_ID, "a table id (letters, digits, _ and -, at most 32)")


def description(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_DESCRIPTION \
            or not value.isprintable():
        raise RecordError(f"must be a description in words (at most {MAX_DESCRIPTION} printable characters)", field)
    return value


def whole(value: object, field: str, least: int, most: int | None = None) -> int:
    """A JSON integer from ``least`` (to ``most``): not true, not 3.0, not "3"."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"must be a whole number, not {kind_of(value)}", field)
    if value < least or (most is not None and value > most) or value >= 10**12:
        bound = f"from {least} to {most}" if most is not None else f"from {least} (below 10^12)"
        raise RecordError(f"must be {bound}, not {echo(value)}", field)
    return value


def amount(value: object, field: str, *, allow_negative: bool = False) -> Decimal:
    """A decimal string or a JSON integer (a JSON number with a fraction is a float on the way in)."""
    if isinstance(value, Decimal):
        raise RecordError(f'must be a decimal string (e.g. "25.50"), not the JSON number {echo(value)}', field)
    return parse_money(value, field, allow_negative=allow_negative)


def amounts(value: object, field: str, *, allow_negative: bool = False) -> dict[str, Decimal]:
    """Spot -> amount (the spots themselves are the game's to judge)."""
    spots = json_object(value, field, "spots and amounts")
    return {spot: amount(value, f"{field}.{spot}", allow_negative=allow_negative) for spot, value in spots.items()}


def moment(value: object, field: str, *, whole_seconds: bool = False) -> datetime:
    """An ISO 8601 date and time with its UTC offset (``2026-12-05T09:58:00-05:00``, ``...Z``)."""
    if not isinstance(value, str) or len(value) > MAX_TIME_TEXT:
        raise RecordError(f"must be a date and time such as 2026-12-05T09:58:00-05:00, not {kind_of(value)}", field)
    try:
        at = datetime.fromisoformat(value)
    except ValueError:
        raise RecordError(f"not a date and time: {echo(value)} (e.g. 2026-12-05T09:58:00-05:00)", field) from None
    if at.tzinfo is None or at.utcoffset() is None:
        raise RecordError(f"needs its UTC offset (Z or +HH:MM): {echo(value)}", field)
    try:
        in_range = FIRST_DAY <= at.astimezone(UTC).date() <= LAST_DAY
    except OverflowError:
        in_range = False
    if not in_range:
        raise RecordError(f"out of range: {echo(value)} (years 1900 to 9998)", field)
    if whole_seconds and at.microsecond:
        raise RecordError(f"the rating clock keeps whole seconds: {echo(value)}", field)
    return at


def kind_of(value: object) -> str:
    names = {bool: "true/false", int: "a number", Decimal: "a number", str: "text", list: "a list",
             dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def echo(value: object) -> str:
    text = repr(value) if isinstance(value, str) else str(value) if isinstance(value, (int, Decimal)) else kind_of(value)
    return text[:60] + "…" if len(text) > 60 else text
