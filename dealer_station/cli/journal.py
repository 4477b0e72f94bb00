"""``dealer-station journal verify|show``: the auditor's view of the journal.

Both open the journal read-only (``Journal.open_readonly``): they work beside a running
table and on read-only storage, and never change the file. ``verify`` exits 0 when the
chain is intact (naming the table and purpose the chain records), 1 naming the first bad
record, and 2 (via ``JournalError``) when the file is missing or not a journal. ``show``
prints the records as they are (an auditor looks at an edit with it), then exits 1 with
one line naming the first bad record when the chain is broken, as every reader does.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import structlog

from ..journal import Journal
from ..logs import SafePrintLoggerFactory
from ._args import whole_number

DEFAULT_JOURNAL = Path("var") / "journal.sqlite"
ENV_JOURNAL = "DEALER_STATION_JOURNAL"
EXIT_OK, EXIT_BROKEN = 0, 1


def journal_path(value: str | None) -> Path:
    """``--journal``, else ``$DEALER_STATION_JOURNAL``, else ``var/journal.sqlite`` under cwd."""
    return Path(value or os.environ.get(ENV_JOURNAL) or DEFAULT_JOURNAL)


def _quiet_logs() -> None:
    """Keep stdout for the result: unless the station configured logging, logs go to stderr."""
    if not structlog.is_configured():
        structlog.configure(
            logger_factory=SafePrintLoggerFactory(sys.stderr),
            wrapper_class=structlog.make_filtering_bound_logger(30),  # warnings and above
        )


def _verify(args: argparse.Namespace) -> int:
    _quiet_logs()
    if args.floor:
        return _verify_against_floor(args)
    with Journal.open_readonly(journal_path(args.journal)) as journal:
        result = journal.verify()
    if result.ok:
        print(f"journal OK: {result.checked} events, table {result.table_id} ({result.purpose}), "
              f"last hash {result.last_hash[:16]}…")
        return EXIT_OK
    print(f"journal BROKEN at seq {result.first_bad_seq}: {result.reason}")
    return EXIT_BROKEN


def _verify_against_floor(args: argparse.Namespace) -> int:
    from ..floor.verify import verify_against_floor

    result = verify_against_floor(journal_path(args.journal), args.floor)
    if result.ok:
        print(f"journal OK against the floor: table {result.table_id}, journal seq {result.journal_seq}, "
              f"floor seq {result.floor_seq}: {result.reason}")
        return EXIT_OK
    print(f"journal DIVERGES from the floor at seq {result.first_bad_seq}: {result.reason}")
    return EXIT_BROKEN


def _show(args: argparse.Namespace) -> int:
    _quiet_logs()
    kinds = set(args.kind) if args.kind else None
    with Journal.open_readonly(journal_path(args.journal)) as journal:
        for n, event in enumerate(journal.events(since_seq=args.since, round_id=args.round, kinds=kinds)):
            if args.limit is not None and n >= args.limit:
                break
            sys.stdout.write(json.dumps(event.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
        journal.check_chain()  # the records as they are, to look at an edit; and then the break, exit 1
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("journal", help="verify or show the tamper-evident journal")
    actions = parser.add_subparsers(dest="journal_command", metavar="ACTION")
    actions.required = True

    def journal_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--journal", metavar="PATH",
                       help=f"journal file (default: ${ENV_JOURNAL} or {DEFAULT_JOURNAL})")

    verify = actions.add_parser("verify", help="recompute every hash; exit 1 naming the first bad record")
    journal_option(verify)
    verify.add_argument("--floor", metavar="URL", default=None,
                        help="also check the file against the floor (postgresql://...): exit 1 naming the first "
                             "record that differs from what the floor holds")
    verify.set_defaults(func=_verify)

    show = actions.add_parser("show", help="print events as JSON lines")
    journal_option(show)
    show.add_argument("--round", metavar="ID", help="only events of this round")
    show.add_argument("--since", metavar="SEQ", type=whole_number(), default=0, help="only events after this seq")
    show.add_argument("--limit", metavar="N", type=whole_number(), help="at most N events")
    show.add_argument("--kind", metavar="KIND", action="append", help="only events of this kind (repeatable)")
    show.set_defaults(func=_show)
