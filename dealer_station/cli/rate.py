"""``dealer-station rate FILE``: the figures of rated sessions (docs/players.md, "Rated sessions").

Input is one rating record (a JSON object) or JSON Lines, one session a line, from a file or
``-`` for stdin; the answer is one JSON object per session, in input order. Every record is
rated before anything is printed: a bad one is one line naming its line and field, exit 2,
nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._records import each_record, read_records


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rate",
        help="rate player sessions (rating records, JSON or JSON Lines): theo, actual, comp ...",
        description="Read rating records (one JSON object, or JSON Lines) and print each session's figures as JSON.",
    )
    parser.add_argument("file", metavar="FILE", help="rating record file, or - for stdin")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    records, _single = read_records(args.file, "rating record")
    outputs = each_record(records, _single, rate_record)
    sys.stdout.write("".join(json.dumps(out) + "\n" for out in outputs))
    return 0


def rate_record(record: object) -> dict[str, Any]:
    """One rating record's answer (a ``RecordError`` naming the field when it is not valid)."""
    from ..players.rating import rate
    from ..players.rating_record import rating_session

    return rate(rating_session(record)).as_json()
