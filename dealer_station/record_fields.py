"""Checks every exchange-record reader shares (round records, bank records): an object where
one is expected, a required key, no unknown key, and how a refusal names what it was given.

A misspelt key must not be silently ignored, and a refusal quotes at most a short piece of
what it was given (a 10 MB text is "a long text").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from .errors import RecordError
from .money import parse_money


def require(record: Mapping[str, Any], key: str, field: str | None = None) -> Any:
    if key not in record:
        raise RecordError("missing required key", f"{field}.{key}" if field else key)
    return record[key]


def refuse_unknown_keys(record: Mapping[str, Any], allowed: Iterable[str], field: str | None) -> None:
    """A misspelt key must not be silently ignored: name it and what is allowed."""
    allowed = tuple(allowed)
    for key in record:
        if key not in allowed:
            where = f"{field}.{key}" if field else str(key)
            raise RecordError(f"unknown key (allowed: {', '.join(allowed)})", where)


def require_object(value: object, field: str | None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"must be a JSON object, not {type(value).__name__}", field)
    return value


def parse_text_amount(value: object, field: str, *, allow_negative: bool = False) -> Decimal:
    """An amount of a record whose amounts are exact decimal text (bank records): a string
    ("500", "7.50") or a JSON integer.

    A JSON number with a fraction or an exponent (``7.5``, ``1e3``) is refused: most writers
    made it from a binary float (round records too: ``refuse_json_fractions``).
    """
    if isinstance(value, Decimal):
        raise _json_fraction(value, field)
    return parse_money(value, field, allow_negative=allow_negative)


def refuse_json_fractions(value: object, field: str = "") -> None:
    """Refuse, naming where (``seats[0].bets.ante``), the first JSON number with a fraction or an exponent
    anywhere in a record whose numbers are all amounts as text or whole numbers (round records): the JSON
    reader (``cli/_records``) gives such a number as a ``Decimal``, a whole one as an ``int``."""
    stack: list[tuple[object, str]] = [(value, field)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, Decimal):
            raise _json_fraction(item, where or None)
        if isinstance(item, Mapping):
            stack.extend((child, f"{where}.{key}" if where else str(key)) for key, child in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in reversed(list(enumerate(item))))


def _json_fraction(value: Decimal, field: str | None) -> RecordError:
    """``1e1`` is suggested as "10", ``7.50`` as "7.50"; a number too long to quote is not quoted."""
    shown = format(value, "f") if value.is_finite() and abs(value.adjusted()) <= 18 else "..."
    shown = shown if len(shown) <= 30 else "..."
    return RecordError(f'write the amount as a string ("{shown}" if that is what is meant): a JSON number with a '
                       "fraction or an exponent is refused", field)


def described(value: object) -> str:
    """What a refusal says it was given: the JSON type, with a short scalar's value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Decimal)):
        text = str(value) if not isinstance(value, int) or abs(value) < 10**24 else ""
        return f"the number {text}" if text and len(text) <= 24 else "a number of more than 24 digits"
    if isinstance(value, str):
        return f"the text {value!r}" if len(value) <= 24 else "a long text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__
