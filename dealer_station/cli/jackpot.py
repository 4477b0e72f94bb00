"""``dealer-station jackpot``: the table progressive's meters and its latest hits (read-only);
with ``--floor URL --link NAME``, a linked progressive's, reconciled from the controller and from
every member's journal (exit 1 when it does not reconcile)."""

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
    parser.add_argument("--journal", default=None, metavar="PATH", action="append",
                        help="journal file (default: $DEALER_STATION_JOURNAL or var/journal.sqlite); read only. "
                             "With --link: each member table's journal (repeat it), reconciled with the floor")
    parser.add_argument("--floor", default=None, metavar="URL",
                        help="the floor that is the linked progressive's controller (read only; the report role "
                             "will do)")
    parser.add_argument("--link", default=None, metavar="NAME",
                        help="with --floor: the linked progressive to report ([options.jackpot] link)")
    parser.add_argument("--json", action="store_true", help="one JSON object (meter, overflow, opening, reset, hits, "
                                                            "contributed, awarded, seeded, reconciled, installed, "
                                                            "history)")
    parser.set_defaults(func=run)


def read_meters(path: Path) -> dict[str, Any]:
    """The meters, the rules installed and the latest hits a journal holds
    (``meters_from_journal``), read-only; refused in one line when there is no journal
    or no meter in it, or when its chain is broken (exit 1)."""
    from ..jackpot import JackpotLedger, meters_from_journal
    from ..journal import Journal

    if not path.exists():
        raise DealerStationError(f"no journal at {path}", "journal")
    with Journal.open_checked(path) as journal:
        report = meters_from_journal(journal.events(kinds=set(JackpotLedger.KINDS)))
    if report is None:
        raise DealerStationError(f"{path} has no jackpot meter (not a Texas Hold'em Bonus table)", "journal")
    return report


def run(args: argparse.Namespace) -> int:
    if args.floor is not None or args.link is not None:
        return _linked(args)
    if args.journal is not None and len(args.journal) > 1:
        raise DealerStationError("one journal, or --floor URL --link NAME for a linked progressive", "journal")
    report = read_meters(journal_path(args.journal[0] if args.journal else None))
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


def _linked(args: argparse.Namespace) -> int:
    from ..floor.link_report import link_report

    if not args.floor or not args.link:
        raise DealerStationError("a linked progressive needs both --floor URL and --link NAME", "link")
    report = link_report(args.floor, args.link, [Path(p) for p in args.journal or []])
    out = sys.stdout
    if args.json:
        out.write(json.dumps(report) + "\n")
        return 0 if report["reconciled"] else 1
    out.write(f"link {report['link']}: members {', '.join(report['tables']) or '-'}\n")
    for key in ("meter", "overflow", "reserve", "opening", "reset", "hits", "contributed", "awarded", "seeded"):
        out.write(f"{key:<12} {report[key]}\n")
    out.write("per table:\n")
    for table_id, t in report["tables"].items():
        out.write(f"  {table_id:<8} contributed {t['contributed']:>10}  hits {t['hits']:>3}  awarded {t['awarded']:>10}"
                  f"  seeded {t['seeded']:>10}  commits {t['commits']}\n")
    floor = report["floor"]
    out.write("floor: opening + contributed + seeded - awarded = meter + overflow + reserve: "
              f"{'yes' if floor['conserved'] else 'NO'}; commits replay to the stored meter: "
              f"{'yes' if floor['replayed'] else 'NO'}; commit order unbroken: {'yes' if floor['commit_order'] else 'NO'}\n")
    for table_id, j in report["journals"].items():
        verdict = "reconciles" if j["reconciled"] else (
            f"DOES NOT RECONCILE (missing {j['missing']}, unknown {j['unknown']}, differ {j['differ']}, "
            f"twice {j['journaled_twice']})")
        out.write(f"journal {table_id} ({j['journal']}): {verdict}\n")
    if report["journals_missing"]:
        out.write(f"journals not given: {', '.join(report['journals_missing'])} (every member's is needed)\n")
    out.write(f"awards in commit order (last {len(report['history'])}), newest first:\n")
    for hit in report["history"]:
        state = "PENDING" if hit["pending"] else f"verified by {hit['verified_by'] or '-'}"
        out.write(f"  #{hit['seq']:<5} {hit['at']}  {hit['table_id']} {hit['round_id']}  seat {hit['seat']}  "
                  f"{hit['hand']:<15} {hit['amount']:>12}  {state}\n")
    out.write("reconciled\n" if report["reconciled"] else "DOES NOT RECONCILE\n")
    return 0 if report["reconciled"] else 1
