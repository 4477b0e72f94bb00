"""``dealer-station recall --last N``: finished rounds as JSON Lines (ROUND_RECORD.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..errors import DealerStationError


def default_journal() -> str:
    return os.environ.get("DEALER_STATION_JOURNAL", "var/journal.sqlite")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("recall", help="print the last N finished rounds as JSON Lines")
    parser.add_argument("--last", type=int, default=10, metavar="N", help="how many rounds (default 10)")
    parser.add_argument("--journal", default=None, metavar="PATH", help="journal file (default var/journal.sqlite)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..journal import Journal
    from ..recall import recall_last

    if args.last < 1:
        raise DealerStationError("--last must be at least 1", "last")
    path = args.journal or default_journal()
    if not os.path.exists(path):
        raise DealerStationError(f"no journal at {path}", "journal")
    with Journal(path, table_id=None) as journal:
        rounds = recall_last(journal, args.last)
    out = sys.stdout
    for rec in rounds:
        out.write(json.dumps(rec, separators=(",", ":")) + "\n")
    return 0
