"""``dealer-station settle FILE``: settle round records (ROUND_RECORD.md) offline.

Input is one JSON object or JSON Lines (one object per non-blank line), from a file or
``-`` for stdin. Every record is validated and settled before anything is printed, so a
bad record never leaves a partial result on stdout. Numbers are read as ``Decimal``
(never binary floats).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DealerStationError, RecordError

if TYPE_CHECKING:  # the games (and the evaluator's tables) load only when settling
    from ..config import TableConfig

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted (a round record needs 6)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "settle",
        help="settle round records (JSON or JSON Lines) and print the settlement",
        description="Read round records (one JSON object, or JSON Lines) and print each settlement as JSON.",
    )
    parser.add_argument("file", metavar="FILE", help="round record file, or - for stdin")
    parser.add_argument(
        "--config",
        metavar="PROFILE_OR_PATH",
        help="table profile used when a record names none (default: the game's, e.g. uth-default)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..profile_loader import load_profile

    text = _read_input(args.file)
    records, single = parse_input(text)
    fallback = load_profile(args.config) if args.config else None
    outputs: list[dict[str, Any]] = []
    for line, record in records:
        try:
            outputs.append(settle_record(record, fallback))
        except DealerStationError as exc:
            raise _at_line(exc, line) if not single else exc from None
    sys.stdout.write("".join(json.dumps(out) + "\n" for out in outputs))
    return 0


def settle_record(record: object, fallback: TableConfig | None = None) -> dict[str, Any]:
    """Validate and settle one record.

    The table in force is the profile the record names (``table``), else ``fallback``
    (``--config``), else ``<game>-default``; the record's own ``min_chip``, ``limits``
    and ``paytables`` then override it. A ``holdem`` record carries its whole table
    (structure, blinds, rake) and settles without a profile.
    """
    from ..games import get_game
    from ..profile_loader import record_profile
    from ..recall import strip_recall_keys

    if not isinstance(record, Mapping):
        raise RecordError(f"a round record must be a JSON object, not {type(record).__name__}")
    record = strip_recall_keys(record)
    game = get_game(record.get("game"))
    if not game.needs_profile:
        return game.settle(game.parse_record(record, None))
    if "table" in record:
        table = record_profile(record)
    else:
        table = fallback or _default_profile(game.default_profile())
    return game.settle(game.parse_record(record, table))


@functools.lru_cache(maxsize=8)
def _cached_profile(name: str, config_dir: Path) -> TableConfig:
    """A JSON Lines file of thousands of rounds reads its default profile once per config dir."""
    from ..profile_loader import load_profile

    return load_profile(name)


def _default_profile(name: str) -> TableConfig:
    from ..profile_loader import config_dir

    return _cached_profile(name, config_dir())


MAX_INPUT_BYTES = 16 * 1024 * 1024
"""A round record is a few kilobytes; a batch of thousands fits well within this."""


def _read_input(file: str) -> str:
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


def parse_input(text: str) -> tuple[list[tuple[int, Any]], bool]:
    """``([(line, record), ...], single)``: one JSON document, else JSON Lines."""
    if not text.strip():
        raise RecordError("no round record in the input")
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


def _at_line(exc: DealerStationError, line: int) -> DealerStationError:
    """``line 3: seats[0].bets.ante: ...`` for a record of a JSON Lines input."""
    return type(exc)(str(exc), f"line {line}")
