"""``dealer-station jackpot``: the table progressive's meters and its latest hits (read-only)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import DealerStationError
from .journal import journal_path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("jackpot", help="print the progressive meter, its totals and the last hits")
    parser.add_argument("--journal", default=None, metavar="PATH",
                        help="journal file (default: $DEALER_STATION_JOURNAL or var/journal.sqlite); read only")
    parser.add_argument("--json", action="store_true", help="one JSON object (meter, overflow, reset, hits, "
                                                            "contributed, awarded, seeded, history)")
    parser.set_defaults(func=run)


def read_meters(path: Path) -> dict[str, Any]:
    """The meters and latest hits a journal holds (``meters_from_journal``), read-only;
    refused in one line when there is no journal or no meter in it."""
    from ..jackpot import meters_from_journal
    from ..journal import Journal

    if not path.exists():
        raise DealerStationError(f"no journal at {path}", "journal")
    kinds = {"jackpot_installed", "jackpot_contribution", "jackpot_award", "jackpot_overflow", "jackpot_seed",
             "jackpot_reversal", "jackpot_verified"}
    with Journal.open_readonly(path) as journal:
        report = meters_from_journal(journal.events(kinds=kinds))
    if report is None:
        raise DealerStationError(f"{path} has no jackpot meter (not a Texas Hold'em Bonus table)", "journal")
    return report


def run(args: argparse.Namespace) -> int:
    report = read_meters(journal_path(args.journal))
    out = sys.stdout
    if args.json:
        out.write(json.dumps(report) + "\n")
        return 0
    for key in ("meter", "overflow", "reset", "hits", "contributed", "awarded", "seeded"):
        out.write(f"{key:<12} {report[key]}\n")
    out.write(f"last {len(report['history'])} hit(s), newest first:\n")
    for hit in report["history"]:
        who = hit["verified_by"] or "-"
        out.write(f"  {hit['at']}  {hit['round_id']}  seat {hit['seat']}  {hit['hand']:<15} {hit['amount']:>12}"
                  f"  verified by {who}\n")
    return 0
