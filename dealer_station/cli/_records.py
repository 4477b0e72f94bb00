"""Reading record files for the record commands (``settle``, ``bank``): one JSON document or
JSON Lines, from a file or ``-`` for stdin, refused in one line when it is not.

Numbers are read as ``Decimal`` from their text (never binary floats), ``NaN`` and
``Infinity`` are refused, a key given twice in one object is refused (JSON allows it; a
record that says two things is not one record), nesting is bounded, and the input is read
up to ``MAX_INPUT_BYTES`` only. Each command validates and answers every record before it
prints anything, so a bad record never leaves a partial answer on stdout.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from ..errors import DealerStationError, RecordError

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted (a round record needs 6, a bank record 4)."""

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""A record is a few kilobytes; a batch of thousands fits well within this."""


def read_input(file: str) -> str:
    """The text of ``file`` (``-``: stdin), UTF-8, at most ``MAX_INPUT_BYTES``."""
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(file, "rb") as fh:
                data = fh.read(MAX_INPUT_BYTES + 1)
        if len(data) > MAX_INPUT_BYTES:
            raise RecordError(f"input larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB refused", file)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"cannot read input: {reason}", file) from None


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not an amount")


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _loads(text: str) -> Any:
    try:
        value = json.loads(
            text,
            parse_float=Decimal,
            parse_constant=_refuse_constant,
            object_pairs_hook=_object_without_duplicates,
        )
    except RecursionError:
        raise RecordError(f"malformed JSON: nested deeper than {MAX_DEPTH} levels") from None
    _check_depth(value)
    return value


def _check_depth(value: Any) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, (dict, list)):
                if depth >= MAX_DEPTH:
                    raise RecordError(f"malformed JSON: nested deeper than {MAX_DEPTH} levels")
                stack.append((child, depth + 1))


def parse_input(text: str, what: str = "round record") -> tuple[list[tuple[int, Any]], bool]:
    """``([(line, record), ...], single)``: one JSON document, else JSON Lines (``what``: the
    record's name in the refusal of an empty input)."""
    if not text.strip():
        raise RecordError(f"no {what} in the input")
    whole_error: ValueError | None = None
    try:
        return [(1, _loads(text))], True
    except json.JSONDecodeError as exc:
        if not exc.msg.startswith("Extra data"):
            raise RecordError(f"malformed JSON: {exc.msg} (column {exc.colno})", f"line {exc.lineno}") from None
    except ValueError as exc:  # a duplicate key or NaN: the position is unknown
        whole_error = exc
    records: list[tuple[int, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append((number, _loads(line)))
        except json.JSONDecodeError as exc:
            if whole_error is not None and not records:  # one multi-line document after all
                raise RecordError(f"malformed JSON: {whole_error}") from None
            raise RecordError(f"malformed JSON: {exc.msg} (column {exc.colno})", f"line {number}") from None
        except ValueError as exc:
            raise RecordError(f"malformed JSON: {exc}", f"line {number}") from None
    return records, False


def at_line(exc: DealerStationError, line: int) -> DealerStationError:
    """``line 3: seats[0].bets.ante: ...`` for a record of a JSON Lines input."""
    return type(exc)(str(exc), f"line {line}")


def answer_all(records: list[tuple[int, Any]], single: bool,
               answer: Callable[[Any], dict[str, Any]]) -> list[dict[str, Any]]:
    """``answer`` for each record, in input order; a refusal of a JSON Lines record names its line."""
    outputs: list[dict[str, Any]] = []
    for line, record in records:
        try:
            outputs.append(answer(record))
        except DealerStationError as exc:
            raise (exc if single else at_line(exc, line)) from None
    return outputs


def answer_lines(outputs: list[dict[str, Any]]) -> str:
    """The answers as the command prints them: one JSON object per line, in input order."""
    return "".join(json.dumps(out) + "\n" for out in outputs)
