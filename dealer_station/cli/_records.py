"""Reading the record files the commands take (``settle``, ``rate``, ``compliance``...): one JSON
document or JSON Lines, from a file or ``-`` for stdin, each record with its line number, and
refusing in one line that names the line.

Numbers are read as ``Decimal`` (never binary floats), ``NaN``/``Infinity`` and duplicate
keys are refused, nesting is bounded and so is the input's size: a hostile file is one line
on stderr, never a traceback or a partial answer.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from decimal import Decimal
from typing import Any, TypeVar

from ..errors import DealerStationError, RecordError

T = TypeVar("T")

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted (a round record needs 6)."""

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""A record is a few kilobytes; a batch of thousands fits well within this."""

Records = list[tuple[int, Any]]
"""``[(line, record), ...]``: each record with the line it starts on."""


def read_records(file: str, noun: str) -> tuple[Records, bool]:
    """The records of ``file`` (``-``: stdin) and whether it was one JSON document (``single``)."""
    return parse_records(read_text(file), noun)


def read_text(file: str) -> str:
    """The file's text (UTF-8, at most ``MAX_INPUT_BYTES``), or a one-line ``RecordError``."""
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


def parse_records(text: str, noun: str) -> tuple[Records, bool]:
    """``([(line, record), ...], single)``: one JSON document, else JSON Lines (blank lines skipped)."""
    if not text.strip():
        raise RecordError(f"no {noun} in the input")
    whole_error: ValueError | None = None
    try:
        return [(1, _loads(text))], True
    except json.JSONDecodeError as exc:
        if not exc.msg.startswith("Extra data"):
            raise RecordError(f"malformed JSON: {exc.msg} (column {exc.colno})", f"line {exc.lineno}") from None
    except ValueError as exc:  # a duplicate key or NaN: the position is unknown
        whole_error = exc
    records: Records = []
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
        except RecordError as exc:  # nested too deep
            raise at_line(exc, number) from None
    return records, False


def each_record(records: Records, single: bool, answer: Callable[[Any], T]) -> list[T]:
    """``answer`` of every record in input order; a refusal names the record's line (JSON Lines)."""
    out: list[T] = []
    for line, record in records:
        try:
            out.append(answer(record))
        except DealerStationError as exc:
            raise at_line(exc, line) if not single else exc from None
    return out


def at_line(exc: DealerStationError, line: int) -> DealerStationError:
    """``line 3: seats[0].bets.ante: ...`` for a record of a JSON Lines input."""
    return type(exc)(str(exc), f"line {line}")


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


def answer_lines(outputs: list[dict[str, Any]]) -> str:
    """The answers as a record command prints them: one JSON object per line, in input order."""
    return "".join(json.dumps(out) + "\n" for out in outputs)
