"""The bank record: one table-shift as an exchange record (``dealer-station bank FILE``), and
its answer. Reading and writing JSON values only (no file, no I/O).

A record::

    {"table_id": "T1", "shift": "2026-12-05/day", "currency": "EUR",
     "report_at": "25", "regulator_at": "100", "denominations": ["1", "5", "25", "100", "500"],
     "previous_closer": {"1": 200, "5": 200}, "opener": {"1": 200, "5": 200},
     "fills": [{"slip": "F000041", "chips": {"100": 20}, "state": "received"}],
     "credits": [{"slip": "C000017", "chips": {"500": 4}, "state": "received"}],
     "buy_ins": [{"seat": 3, "kind": "cash", "amount": "500", "player": "P-1001"}],
     "rounds": [{"round_id": "T1-000101", "collected": "125", "paid": "60", "voided": false}],
     "closer": {"1": 200, "5": 213}, "drop": "500"}

Required: ``table_id``, ``shift``, ``opener``, ``closer``, ``drop``. Absent: ``currency``
EUR, ``report_at``/``regulator_at`` 25/100, ``previous_closer`` none (absent or null: no
opener discrepancy, null in the answer), the lists empty, ``denominations`` none (the caller's chip set, if
any). Amounts are decimal strings (or JSON integers), counts JSON integers; any other key
is refused. The answer's amounts are strings in the currency's minor units ("65.00"),
finer only when a figure holds finer fractions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ..buy_in import parse_buy_in
from ..errors import RecordError
from ..money import format_minor
from ..record_fields import described, parse_text_amount, refuse_unknown_keys, require, require_object
from .book import REGULATOR_AT, REPORT_AT, RoundMove, ShiftBook, Thresholds
from .chips import ChipCount, parse_chip_count, parse_chip_set
from .currency import DEFAULT_CURRENCY, is_currency_code, minor_units
from .figures import ShiftFigures, VarianceClass, shift_figures
from .slips import Slip, SlipKind, SlipState, parse_slip_number

RECORD_KEYS = ("table_id", "shift", "currency", "report_at", "regulator_at", "denominations", "previous_closer",
               "opener", "fills", "credits", "buy_ins", "rounds", "closer", "drop")
SLIP_KEYS = ("slip", "chips", "state")
ROUND_KEYS = ("round_id", "collected", "paid", "voided")

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_ROUND_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_SHIFT = re.compile(r"[^\x00-\x1f\x7f]{1,64}")


def answer_record(raw: object, chip_set: frozenset[Decimal] | None = None) -> dict[str, Any]:
    """The answer to one bank record (``chip_set``: the table's, unless the record lists its own)."""
    return answer(shift_figures(parse_bank_record(raw, chip_set)))


def parse_bank_record(raw: object, chip_set: frozenset[Decimal] | None = None) -> ShiftBook:
    """A bank record as a ``ShiftBook``, or a one-line ``RecordError`` naming the field."""
    record = require_object(raw, None)
    refuse_unknown_keys(record, RECORD_KEYS, None)
    currency = record.get("currency", DEFAULT_CURRENCY)
    if not is_currency_code(currency):
        raise RecordError(f'a currency is an ISO 4217 code such as "EUR", not {described(currency)}', "currency")
    places = minor_units(currency)
    if "denominations" in record:
        chip_set = parse_chip_set(record["denominations"], "denominations", places)

    def count(key: str) -> ChipCount:
        return parse_chip_count(require(record, key), key, places, chip_set)

    thresholds = _thresholds(record)
    return ShiftBook(
        table_id=_text(require(record, "table_id"), "table_id", _TABLE_ID, "1-32 letters, digits, - or _"),
        shift=_text(require(record, "shift"), "shift", _SHIFT, "1-64 characters, no control character"),
        opener=count("opener"),
        closer=count("closer"),
        drop=parse_text_amount(require(record, "drop"), "drop"),
        previous_closer=count("previous_closer") if record.get("previous_closer") is not None else None,
        fills=_slips(record, "fills", SlipKind.FILL, places, chip_set),
        credits=_slips(record, "credits", SlipKind.CREDIT, places, chip_set),
        buy_ins=tuple(parse_buy_in(item, f"buy_ins[{i}]") for i, item in enumerate(_list(record, "buy_ins"))),
        rounds=_rounds(record),
        currency=currency,
        thresholds=thresholds,
        chip_set=chip_set,
    )


def _list(record: Mapping[str, Any], key: str) -> list[Any]:
    value = record.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"must be a list, not {described(value)}", key)
    return value


def _text(value: object, field: str, pattern: re.Pattern[str], rule: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise RecordError(f"must be {rule}, not {described(value)}", field)
    return value


def _thresholds(record: Mapping[str, Any]) -> Thresholds:
    report_at = parse_text_amount(record["report_at"], "report_at") if "report_at" in record else REPORT_AT
    regulator_at = parse_text_amount(record["regulator_at"], "regulator_at") if "regulator_at" in record else REGULATOR_AT
    if report_at == 0:
        raise RecordError("must be above 0 (a variance of 0 is ok, any other at least a note)", "report_at")
    if regulator_at < report_at:
        raise RecordError(f"must not be below report_at ({report_at})", "regulator_at")
    return Thresholds(report_at, regulator_at)


def _slips(record: Mapping[str, Any], key: str, kind: SlipKind, places: int,
           chip_set: frozenset[Decimal] | None) -> tuple[Slip, ...]:
    slips = []
    for index, raw in enumerate(_list(record, key)):
        field = f"{key}[{index}]"
        item = require_object(raw, field)
        refuse_unknown_keys(item, SLIP_KEYS, field)
        number = parse_slip_number(require(item, "slip", field), kind, f"{field}.slip")
        state = require(item, "state", field)
        if state not in tuple(SlipState):
            raise RecordError(f"unknown slip state: {described(state)} (known: {', '.join(SlipState)})",
                              f"{field}.state")
        chips = parse_chip_count(require(item, "chips", field), f"{field}.chips", places, chip_set)
        slips.append(Slip(kind, number, SlipState(state), chips))
    return tuple(slips)


def _rounds(record: Mapping[str, Any]) -> tuple[RoundMove, ...]:
    rounds: list[RoundMove] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(_list(record, "rounds")):
        field = f"rounds[{index}]"
        item = require_object(raw, field)
        refuse_unknown_keys(item, ROUND_KEYS, field)
        round_id = _text(require(item, "round_id", field), f"{field}.round_id", _ROUND_ID,
                         "1-64 letters, digits or . _ : -")
        if round_id in seen:
            raise RecordError(f"round {round_id} is listed twice (also rounds[{seen[round_id]}])", f"{field}.round_id")
        seen[round_id] = index
        voided = item.get("voided", False)
        if not isinstance(voided, bool):
            raise RecordError(f"must be true or false, not {described(voided)}", f"{field}.voided")
        rounds.append(RoundMove(round_id, parse_text_amount(require(item, "collected", field), f"{field}.collected"),
                                parse_text_amount(require(item, "paid", field), f"{field}.paid"), voided))
    return tuple(rounds)


def answer(figures: ShiftFigures) -> dict[str, Any]:
    """The answer object: PIT.md's names, amounts as strings in the currency's minor units."""
    places = minor_units(figures.currency)

    def money(amount: Decimal | None) -> str | None:
        return None if amount is None else format_minor(amount, places)

    def klass(value: VarianceClass | None) -> str | None:
        return None if value is None else value.value

    return {
        "table_id": figures.table_id,
        "shift": figures.shift,
        "opener_value": money(figures.opener_value),
        "closer_value": money(figures.closer_value),
        "fills": money(figures.fills),
        "credits": money(figures.credits),
        "recorded_drop": money(figures.recorded_drop),
        "drop": money(figures.drop),
        "computed_win": money(figures.computed_win),
        "accounting_win": money(figures.accounting_win),
        "expected_closer_value": money(figures.expected_closer_value),
        "tray_variance": money(figures.tray_variance),
        "drop_variance": money(figures.drop_variance),
        "win_variance": money(figures.win_variance),
        "tray_class": klass(figures.tray_class),
        "drop_class": klass(figures.drop_class),
        "win_class": klass(figures.win_class),
        "opener_discrepancy": money(figures.opener_discrepancy),
        "opener_class": klass(figures.opener_class),
        "slip_problems": [{"kind": p.kind.value, "series": p.series, "slip": p.slip} for p in figures.slip_problems],
    }
