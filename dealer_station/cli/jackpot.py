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
    parser.add_argument("--json", action="store_true", help="one JSON object (meter, overflow, opening, reset, hits, "
                                                            "contributed, awarded, seeded, reconciled, installed, "
                                                            "history)")
    parser.set_defaults(func=run)


def read_meters(path: Path) -> dict[str, Any]:
    """The meters, the rules installed and the latest hits a journal holds
    (``meters_from_journal``), read-only; refused in one line when there is no journal
    or no meter in it."""
    from ..jackpot import JackpotLedger, meters_from_journal
    from ..journal import Journal

    if not path.exists():
        raise DealerStationError(f"no journal at {path}", "journal")
    with Journal.open_readonly(path) as journal:
        report = meters_from_journal(journal.events(kinds=set(JackpotLedger.KINDS)))
    if report is None:
        raise DealerStationError(f"{path} has no jackpot meter (not a Texas Hold'em Bonus table)", "journal")
    return report


def run(args: argparse.Namespace) -> int:
    report = read_meters(journal_path(args.journal))
    out = sys.stdout
    if args.json:
        out.write(json.dumps(report) + "\n")
        return 0
    for key in ("meter", "overflow", "opening", "reset", "hits", "contributed", "awarded", "seeded"):
        out.write(f"{key:<12} {report[key]}\n")
    verdict = "reconciles" if report["reconciled"] else "DOES NOT RECONCILE"
    out.write(f"opening + contributed + seeded - awarded = meter + overflow: {verdict}\n")
    out.write("rules installed, oldest first:\n")
    for rules in report["installed"]:
        out.write(f"  {rules['at']}  rate {rules['rate']}  reset {rules['reset']}  cap {rules['cap'] or '-'}"
                  f"  verify at {rules['verify_at'] or '-'}\n")
    out.write(f"last {len(report['history'])} hit(s), newest first:\n")
    for hit in report["history"]:
        who = hit["verified_by"] or "-"
        out.write(f"  {hit['at']}  {hit['round_id']}  seat {hit['seat']}  {hit['hand']:<15} {hit['amount']:>12}"
                  f"  verified by {who}\n")
    return 0
