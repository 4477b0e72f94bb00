"""``dealer-station settle FILE``: settle round records (ROUND_RECORD.md) offline.

Input is one JSON object or JSON Lines (one object per non-blank line), from a file or
``-`` for stdin, read by ``_records`` like every record command's. Every record is validated
and settled before anything is printed, so a bad record never leaves a partial result on
stdout.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RecordError
from ._records import Records, answer_lines, each_record, parse_records, read_text

if TYPE_CHECKING:  # the games (and the evaluator's tables) load only when settling
    from ..config import TableConfig

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

    records, single = parse_input(read_text(args.file))
    fallback = load_profile(args.config) if args.config else None
    outputs = each_record(records, single, lambda record: settle_record(record, fallback))
    sys.stdout.write(answer_lines(outputs))
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
    from ..record_fields import refuse_json_fractions

    if not isinstance(record, Mapping):
        raise RecordError(f"a round record must be a JSON object, not {type(record).__name__}")
    refuse_json_fractions(record)  # amounts are decimal text or whole numbers, never 10.0 or 1e1
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


def parse_input(text: str) -> tuple[Records, bool]:
    """``([(line, record), ...], single)``: one JSON document, else JSON Lines."""
    return parse_records(text, "round record")
