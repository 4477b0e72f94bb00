"""``dealer-station recall --last N``: finished rounds as JSON Lines (ROUND_RECORD.md)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import DealerStationError
from ._args import whole_number
from .journal import add_archive_option, archive_dir, journal_path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("recall", help="print the last N finished rounds as JSON Lines")
    parser.add_argument("--last", type=whole_number(1), default=10, metavar="N", help="how many rounds (default 10)")
    parser.add_argument("--journal", default=None, metavar="PATH",
                        help="journal file (default: $DEALER_STATION_JOURNAL or var/journal.sqlite); read only")
    add_archive_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..journal import Journal
    from ..recall import recall_last

    path = journal_path(args.journal)
    if not path.exists():
        raise DealerStationError(f"no journal at {path}", "journal")
    with Journal.open_checked(path, archive=archive_dir(args)) as journal:
        rounds = recall_last(journal, args.last)
    out = sys.stdout
    for rec in rounds:
        out.write(json.dumps(rec, separators=(",", ":")) + "\n")
    return 0
