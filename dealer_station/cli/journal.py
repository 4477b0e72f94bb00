"""``dealer-station journal verify|show|segments|archive``: the auditor's view of the journal, and its archive.

``verify``, ``show`` and ``segments`` open the journal read-only (``Journal.open_readonly``): they work
beside a running table and on read-only storage, and never change the file. ``verify`` exits 0 when the
chain is intact (naming the table and purpose the chain records), 1 naming the first bad
record, and 2 (via ``JournalError``) when the file is missing or not a journal, or an archived segment is
missing or altered (naming it). ``show``
prints the records as they are (an auditor looks at an edit with it), then exits 1 with
one line naming the first bad record when the chain is broken, as every reader does. Records archived out
of the live file are read from the archive folder (``--archive-dir``, default: where it last archived).
``archive`` is the one that writes: one archiving pass (``archive.py``), the station not running.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import structlog

from ..journal import Journal, JournalError
from ..logs import SafePrintLoggerFactory
from ._args import whole_number
from ._floor_options import add_floor_option

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


def archive_dir(args: argparse.Namespace) -> Path | None:
    """``--archive-dir``: an existing folder (one line, exit 2, otherwise); None: the journal's own."""
    value = getattr(args, "archive_dir", None)
    if value is None:
        return None
    folder = Path(value)
    if not folder.is_dir():
        raise JournalError(f"no archive folder {folder}", "archive-dir")
    return folder


def _verify(args: argparse.Namespace) -> int:
    _quiet_logs()
    if args.floor:
        return _verify_against_floor(args)
    with Journal.open_readonly(journal_path(args.journal), archive=archive_dir(args)) as journal:
        result = journal.verify()
    if result.ok:
        archived = f" ({result.archived} of them archived)" if result.archived else ""
        print(f"journal OK: {result.checked} events{archived}, table {result.table_id} ({result.purpose}), "
              f"last hash {result.last_hash[:16]}…")
        return EXIT_OK
    print(f"journal BROKEN at seq {result.first_bad_seq}: {result.reason}")
    return EXIT_BROKEN


def _verify_against_floor(args: argparse.Namespace) -> int:
    from ..floor.verify import verify_against_floor

    result = verify_against_floor(journal_path(args.journal), args.floor, archive_dir(args))
    if result.ok:
        print(f"journal OK against the floor: table {result.table_id}, journal seq {result.journal_seq}, "
              f"floor seq {result.floor_seq}: {result.reason}")
        return EXIT_OK
    print(f"journal DIVERGES from the floor at seq {result.first_bad_seq}: {result.reason}")
    return EXIT_BROKEN


def _show(args: argparse.Namespace) -> int:
    _quiet_logs()
    kinds = set(args.kind) if args.kind else None
    with Journal.open_readonly(journal_path(args.journal), archive=archive_dir(args)) as journal:
        for n, event in enumerate(journal.events(since_seq=args.since, round_id=args.round, kinds=kinds)):
            if args.limit is not None and n >= args.limit:
                break
            sys.stdout.write(json.dumps(event.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
        journal.check_chain()  # the records as they are, to look at an edit; and then the break, exit 1
    return EXIT_OK


def _segments(args: argparse.Namespace) -> int:
    """The live file's range and every archived segment, as JSON Lines (oldest first)."""
    _quiet_logs()
    with Journal.open_readonly(journal_path(args.journal), archive=archive_dir(args)) as journal:
        live_from, last = journal.live_from, journal.last_seq
        found = journal.archived_segments()
    for manifest in found:
        state = "archived" if manifest.last_seq < live_from else "exported (still in the live file)"
        sys.stdout.write(json.dumps({"segment": manifest.name, "first_seq": manifest.first_seq,
                                     "last_seq": manifest.last_seq, "gaming_day": manifest.gaming_day,
                                     "records": manifest.records, "sha256": manifest.sha256, "state": state}) + "\n")
    sys.stdout.write(json.dumps({"segment": "live", "first_seq": 1 if live_from <= 2 else live_from,
                                 "last_seq": last, "records": last - live_from + 2,
                                 "state": "live"}) + "\n")
    return EXIT_OK


def _archive(args: argparse.Namespace) -> int:
    """One archiving pass with the station stopped (it holds the journal's writer lock while it runs)."""
    _quiet_logs()
    from ._archive import archive_command

    return archive_command(args, journal_path(args.journal))


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("journal", help="verify or show the tamper-evident journal, or archive it")
    actions = parser.add_subparsers(dest="journal_command", metavar="ACTION")
    actions.required = True

    def journal_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--journal", metavar="PATH",
                       help=f"journal file (default: ${ENV_JOURNAL} or {DEFAULT_JOURNAL})")
        add_archive_option(p)

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

    listing = actions.add_parser("segments", help="the live file's range and the archived segments (JSON Lines)")
    journal_option(listing)
    listing.set_defaults(func=_segments)

    archive = actions.add_parser("archive", help="archive the closed segments the floor holds and trim them from "
                                                  "the live file (the station stopped)")
    journal_option(archive)
    add_floor_option(archive)
    archive.add_argument("--keep-days", metavar="N", type=whole_number(0, 3660), default=None,
                         help="closed gaming days kept in the live file (default: the profile's, else 7)")
    archive.add_argument("--day-starts", metavar="HH:MM", default=None,
                         help="when the gaming day starts, local time (default: the profile's first shift, else 06:00)")
    archive.add_argument("--tz", metavar="ZONE", default=None, help="local time zone (default: this PC's)")
    archive.set_defaults(func=_archive)


def add_archive_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--archive-dir", metavar="DIR", default=None,
                        help="folder of the journal's archived segments (default: where it last archived)")
