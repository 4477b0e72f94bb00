"""Chips counted per denomination: a tray's opener or closer, a slip's chips, a sensed tray.

A count maps a denomination (an exact positive amount) to a number of chips; its value is
Σ denomination x number. Denominations with no chip are dropped, so ``{"100": 0}`` and
``{}`` are the same count (no chip).

**An unknown denomination** (refused when a record is read) is a key that is not a
positive exact amount written in ASCII digits (``"25"``, ``"0.50"``), or one finer than
the currency's smallest unit (``"0.125"`` in EUR, ``"0.5"`` in JPY), or, when a chip set
is given, a denomination not in it. Two keys of one value (``"5"`` and ``"5.00"``) are
refused too: the record would say two things about one denomination.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from ..errors import RecordError
from ..money import ZERO, exact_decimal, exact_money, format_money
from ..record_fields import described

MAX_CHIPS = 1_000_000
"""Most chips of one denomination a count may hold: more than any tray, slip or drop carries."""

_DENOMINATION = re.compile(r"[0-9]{1,18}(?:\.[0-9]{1,10})?")


@dataclass(frozen=True)
class ChipCount:
    """Chips per denomination (denominations with no chip left out), smallest denomination first.

    A table's chip set is its profile's ``chips``; a record may carry its own (``denominations``).
    """

    items: tuple[tuple[Decimal, int], ...] = field(default=())

    def __post_init__(self) -> None:
        seen: set[Decimal] = set()
        for denomination, number in self.items:
            if not isinstance(denomination, Decimal) or not denomination.is_finite() or denomination <= 0:
                raise ValueError(f"a denomination is a positive Decimal, not {denomination!r}")
            if isinstance(number, bool) or not isinstance(number, int) or not 0 < number <= MAX_CHIPS:
                raise ValueError(f"a number of chips is a whole number from 1 to {MAX_CHIPS}, not {number!r}")
            if denomination in seen:
                raise ValueError(f"denomination {denomination} given twice")
            seen.add(denomination)
        if list(self.items) != sorted(self.items):
            object.__setattr__(self, "items", tuple(sorted(self.items)))

    @classmethod
    def of(cls, counts: Mapping[Decimal, int] | Iterable[tuple[Decimal, int]]) -> ChipCount:
        """A count from denomination -> number (zero numbers dropped)."""
        pairs = counts.items() if isinstance(counts, Mapping) else counts
        return cls(tuple((d, n) for d, n in pairs if n))

    @cached_property
    def value(self) -> Decimal:
        """Σ denomination x number, exact (a sum the table cannot hold exactly is refused)."""
        with exact_money("chips"):
            return sum((d * n for d, n in self.items), ZERO)

    def number(self, denomination: Decimal) -> int:
        """Chips of ``denomination`` (0 when none)."""
        return dict(self.items).get(denomination, 0)

    def __iter__(self) -> Iterator[tuple[Decimal, int]]:
        return iter(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def minus(self, other: ChipCount) -> dict[Decimal, int]:
        """Signed change per denomination from ``other`` to this count (unchanged ones left out)."""
        mine, theirs = dict(self.items), dict(other.items)
        changes = {d: mine.get(d, 0) - theirs.get(d, 0) for d in sorted(mine.keys() | theirs.keys())}
        return {d: n for d, n in changes.items() if n}


def parse_denomination(key: object, field: str, places: int, chip_set: frozenset[Decimal] | None = None) -> Decimal:
    """A denomination written as a record writes it (see the module's docstring), or a one-line refusal."""
    text = key if isinstance(key, str) else str(key) if isinstance(key, int) and not isinstance(key, bool) else None
    amount, problem = _denomination(text, places) if text is not None and len(text) <= 32 else (None, _NOT_DIGITS)
    if amount is None:
        raise RecordError(f"unknown denomination {key!r}: {problem}", field)
    if chip_set is not None and amount not in chip_set:
        known = ", ".join(format_money(d) for d in sorted(chip_set))
        raise RecordError(f"unknown denomination {key!r}: not in the table's chip set ({known})", field)
    return amount


_NOT_DIGITS = 'a denomination is a positive amount in ASCII digits, e.g. "25" or "0.50"'


@functools.lru_cache(maxsize=1024)
def _denomination(text: str, places: int) -> tuple[Decimal | None, str]:
    """(the denomination, "") or (None, why not): a shift's records name the same few keys thousands of times."""
    if not _DENOMINATION.fullmatch(text):
        return None, _NOT_DIGITS
    amount = exact_decimal(text)
    if amount <= 0:
        return None, "a denomination is a positive amount"
    if int(amount.normalize().as_tuple().exponent) < -places:
        return None, f"finer than the currency's smallest unit ({places} decimals)"
    return amount, ""


def parse_chip_count(raw: object, field: str, places: int, chip_set: frozenset[Decimal] | None = None) -> ChipCount:
    """``{"25": 40, "100": 20}`` as a ``ChipCount``, or a one-line refusal naming the key."""
    if not isinstance(raw, Mapping):
        raise RecordError(f'must be an object of denomination -> number of chips, e.g. {{"25": 40}}, '
                          f"not {described(raw)}", field)
    counts: dict[Decimal, int] = {}
    for key, number in raw.items():
        where = f"{field}[{key!r}]"
        denomination = parse_denomination(key, where, places, chip_set)
        if denomination in counts:
            raise RecordError(f"denomination {format_money(denomination)} is given twice", where)
        counts[denomination] = parse_chip_number(number, where)
    count = ChipCount.of(counts)
    try:
        count.value  # noqa: B018 - its value, checked here to name the field if it cannot be held
    except RecordError as exc:
        raise exc.located(field) from None
    return count


def parse_chip_number(number: object, field: str) -> int:
    """A number of chips: a JSON integer from 0 to ``MAX_CHIPS``."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise RecordError(f"a number of chips is a whole number such as 40, not {described(number)}", field)
    if number < 0:
        raise RecordError(f"a number of chips must not be negative: {number}", field)
    if number > MAX_CHIPS:
        raise RecordError(f"more than {MAX_CHIPS} chips of one denomination", field)
    return number


def parse_chip_set(raw: object, field: str, places: int) -> frozenset[Decimal]:
    """A table's chip set: a non-empty list of distinct denominations (``["1", "5", "25"]``)."""
    if not isinstance(raw, list) or not raw:
        raise RecordError(f'must be a non-empty list of denominations, e.g. ["1", "5", "25"], not {described(raw)}', field)
    chip_set: set[Decimal] = set()
    for index, key in enumerate(raw):
        denomination = parse_denomination(key, f"{field}[{index}]", places)
        if denomination in chip_set:
            raise RecordError(f"denomination {format_money(denomination)} is listed twice", f"{field}[{index}]")
        chip_set.add(denomination)
    return frozenset(chip_set)



def count_payload(count: ChipCount) -> dict[str, int]:
    """A count as the journal and records write it: ``{"25": 40, "100": 20}``, smallest first."""
    return {format_money(d): n for d, n in count}


def count_from_payload(raw: Mapping[str, int]) -> ChipCount:
    """A journaled count back (the journal wrote it: its keys are denominations)."""
    return ChipCount.of({exact_decimal(str(k)): int(n) for k, n in raw.items()})
