"""``dealer-station report``: the pit report over the floor or one journal file."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from ..errors import ConfigError
from ..floor.report import Report
from ..floor.report_data import Alarm, Period, ReportData
from ..journal import JournalBrokenError
from ..periods import moment, zone
from ._args import MAX_PAR_ROUNDS, whole_number
from ._floor_options import (
    add_floor_option,
    add_period_options,
    floor_url,
)
from ._progress import Progress
from .journal import add_archive_option, archive_dir

FORMATS = ("table", "csv", "json", "html")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "report", help="pit report: rounds, handle, win, hold against par, voids, faults, supervisor actions",
        description="Pit report over the floor (--floor URL) or one journal file (--journal PATH): the same figures.")
    add_floor_option(parser)
    parser.add_argument("--journal", metavar="PATH", default=None, help="report on this journal file instead")
    add_archive_option(parser)
    add_period_options(parser)
    parser.add_argument("--shifts", default="06:00,14:00,22:00", metavar="HH:MM,...",
                        help="shift boundaries in local time (default 06:00,14:00,22:00; the first starts the gaming day)")
    parser.add_argument("--by", default="table,day,shift", metavar="KEYS",
                        help="group rows by table, game, day, shift, dealer (comma-separated; always by game too); "
                             "or `player` alone (with --floor): each player's sessions across tables and days, "
                             "theo vs actual, comps")
    parser.add_argument("--player", metavar="ID", default=None, help="with --by player: only this player")
    parser.add_argument("--table", action="append", default=None, metavar="ID", help="only this table (repeatable)")
    parser.add_argument("--format", choices=FORMATS, default="table")
    parser.add_argument("--output", metavar="FILE", default=None, help="write the report here instead of stdout")
    parser.add_argument("--par-rounds", type=whole_number(1, MAX_PAR_ROUNDS), default=None, metavar="N",
                        help="rounds simulated for a main game's par (default: the game's; cached per pay tables; "
                             f"at most {MAX_PAR_ROUNDS:,})")
    parser.add_argument("--shuffle-audit", action=argparse.BooleanOptionalAction, default=None,
                        help="audit the period's shuffles and report a failing shuffler's alarm (it reads every "
                             "card dealt in the period: about a minute a million deals). Default: on with --journal; "
                             "off with --floor, whose shuffles the pit's integrity page audits all the time "
                             "(and `audit shuffles --floor` on demand)")
    parser.add_argument("--statistical", action="store_true",
                        help="with --floor: the statistical report (COMAR 36.05.03.25) for each gaming day from --from "
                             "to --to: drop, win, win/drop %% for the day, month and year to date; a table-game outside "
                             "its 95%% band opens an investigation (text or json)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..floor.report import make_report, parse_group
    from ..par import par_sheet
    from ..shifts import parse_shifts

    tz = zone(args.tz)
    if args.statistical:
        return _statistical(args, tz)
    period = Period(moment(args.start, tz, "from"), moment(args.end, tz, "to", end=True), tz, parse_shifts(args.shifts))
    if args.by.strip() == "player":
        return _player_report(args, period)
    by = parse_group(args.by)
    progress = Progress("report", not args.quiet)
    broken: JournalBrokenError | None = None
    if args.journal:
        data, broken = _journal_data(Path(args.journal), period, progress, args.shuffle_audit is not False,
                                     archive_dir(args))
    else:
        data = _floor_data(floor_url(args) or "", period, args.table, progress, args.shuffle_audit is True)
    if args.journal and args.table:
        data.rounds = [r for r in data.rounds if r.table_id in args.table]

    def par(game: str, paytables: str | None) -> object:
        return par_sheet(game, paytables, samples=args.par_rounds, progress=progress)

    progress("computing rows and par figures")
    report = make_report(data, by, par)
    if "shift" in by:  # the table bank's table-shifts: the floor's, or what a journal alone says of them
        report.table_shifts = (_journal_table_shifts(Path(args.journal), period, args.table, archive_dir(args))
                               if args.journal
                               else _table_shifts(floor_url(args) or "", period, args.table))
    text = _render(report, args.format)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot write the report: {exc.strerror or exc}", "--output") from None
        progress(f"written to {args.output}")
    else:
        sys.stdout.write(text)
    if broken is not None:  # the report says so in its integrity alarms; the command fails as verify does
        error = JournalBrokenError(f"journal {args.journal} is BROKEN at seq {broken.first_bad_seq}: {broken.reason}; "
                                   "the report lists it as an integrity alarm")
        error.first_bad_seq, error.reason = broken.first_bad_seq, broken.reason
        raise error
    return 0


def _journal_data(path: Path, period: Period, progress: Progress, shuffle_audit: bool,
                  archive: Path | None = None) -> tuple[ReportData, JournalBrokenError | None]:
    """The report's sums over one journal file, and whether its chain is broken: a broken journal is still
    reported (what it holds now, for the pit to see) with an integrity alarm at its first bad seq, as the
    floor reports a table whose chain broke."""
    from ..audit.deals import from_journal
    from ..audit.report import alarms as shuffle_alarms
    from ..audit.report import audit_all
    from ..figures.facts import Facts, derive
    from ..floor.report_data import from_facts
    from ..journal import Journal, JournalEvent

    progress(f"reading journal {path}")
    facts = Facts()
    broken: JournalBrokenError | None = None
    with Journal.open_readonly(path, archive=archive) as journal:
        try:
            journal.check_chain()
        except JournalBrokenError as exc:
            broken, now = exc, datetime.now(UTC)
            alarm = Alarm(journal.table_id, exc.first_bad_seq or 0, f"journal chain broken: {exc.reason}", now, now, 1)
        batch: list[JournalEvent] = []
        for n, event in enumerate(journal.events(), start=1):
            batch.append(event)
            if n % 100_000 == 0:
                derive(batch, facts)
                batch = []
                progress(f"{n:,} events read")
        derive(batch, facts)
    data = from_facts(facts, period)
    if broken is not None:
        data.alarms.append(alarm)
    elif shuffle_audit:  # (not over deals the chain no longer vouches for)
        data.alarms += shuffle_alarms(audit_all(from_journal(path, since=period.start, until=period.end)))
    return data, broken


def _floor_data(url: str, period: Period, tables: list[str] | None, progress: Progress,
                shuffle_audit: bool) -> ReportData:
    from ..floor.db import reading
    from ..floor.queries import report_data

    progress("querying the floor")
    with reading(url, "cannot read the report") as conn:
        data = report_data(conn, period, tables)
        if shuffle_audit:
            from ..audit.report import floor_alarms  # numpy and the audit's tests: only when asked for

            progress("auditing the shuffles")  # the same alarms as a journal's report: its period's deals
            data.alarms += floor_alarms(conn, period.start, period.end, tables)
    return data


def _statistical(args: argparse.Namespace, tz: ZoneInfo) -> int:
    """The statistical report over the floor's counted table-shifts (``floor.bank_report``)."""
    from ..floor.bank import BANK_SCHEMA
    from ..floor.bank_report import statistical, statistical_json
    from ..floor.db import reading
    from ..floor.migrate import require_version
    from ..floor.render import statistical_as_text

    if args.journal or not floor_url(args, required=False):
        raise ConfigError("the statistical report reads the floor's counted drops: give --floor URL", "statistical")
    if args.format not in ("table", "json"):
        raise ConfigError("the statistical report is written as a table or json", "format")
    days = [moment(text, tz, name) for text, name in ((args.start, "from"), (args.end, "to"))]
    if days[0] is None or days[1] is None:
        raise ConfigError("give the gaming days: --from YYYY-MM-DD --to YYYY-MM-DD", "from")
    first, last = (d.astimezone(tz).date() for d in days if d is not None)
    with reading(floor_url(args) or "", "cannot read the statistical report") as conn:
        require_version(conn, BANK_SCHEMA, "the statistical report")
        doc = statistical(conn, first, last, args.table)
    text = statistical_json(doc) if args.format == "json" else statistical_as_text(doc)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot write the report: {exc.strerror or exc}", "--output") from None
    else:
        sys.stdout.write(text)
    return 0


def _player_report(args: argparse.Namespace, period: Period) -> int:
    """``--by player``: sessions from the floor only (a journal file holds one table, not a player's floor)."""
    from ..buy_in import PLAYER_ID
    from ..floor import player_report
    from ..floor.db import reading
    from ..floor.player_sessions import player_sessions

    if args.journal:
        raise ConfigError("--by player reads the floor (a player's sessions span its tables): give --floor", "by")
    if args.format not in ("table", "json"):
        raise ConfigError(f"--by player writes table or json, not {args.format}", "format")
    if args.player is not None and not PLAYER_ID.fullmatch(args.player):
        raise ConfigError("a player id is 1-64 letters, digits or . _ : / -", "player")
    url = floor_url(args) or ""
    Progress("report", not args.quiet)("querying the floor's player sessions")
    with reading(url, "cannot read the player sessions") as conn:
        sessions = player_report.in_period(player_sessions(conn, args.player), period.start, period.end)
    text = player_report.as_json(sessions) if args.format == "json" else player_report.as_text(sessions)
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot write the report: {exc.strerror or exc}", "--output") from None
    else:
        sys.stdout.write(text)
    return 0


def _table_shifts(url: str, period: Period, tables: list[str] | None) -> list[dict[str, object]]:
    """The table-shifts that opened in the period, with their bank figures (a floor before 0019: none)."""
    from ..floor.bank_report import floor_shift_lines
    from ..floor.db import reading

    with reading(url, "cannot read the table-shifts") as conn:
        return floor_shift_lines(conn, period.start, period.end, tables)


def _journal_table_shifts(path: Path, period: Period, tables: list[str] | None,
                          archive: Path | None = None) -> list[dict[str, object]]:
    """The table bank's table-shifts of one journal that opened in the period, with every figure a journal
    alone gives (``figures.bank``: the drop is the count team's, so it and what needs it are null)."""
    from ..figures.bank import KINDS, journal_shifts, shift_line
    from ..journal import Journal

    lines = []
    with Journal.open_readonly(path, archive=archive) as journal:
        for shift in journal_shifts(journal.events(kinds=set(KINDS))):
            opened = datetime.fromisoformat(shift.shift.opened_at.replace("Z", "+00:00"))
            if (period.start is not None and opened < period.start) or (period.end is not None and opened >= period.end):
                continue
            if tables and shift.table_id not in tables:
                continue
            lines.append(shift_line(shift))
    return lines


def _render(report: Report, fmt: str) -> str:
    if fmt == "html":  # the HTML renderer imported only when asked for: a command line report starts sooner
        from ..floor import html

        return html.as_html(report)
    from ..floor import render

    if fmt == "json":
        return render.as_json(report)
    if fmt == "csv":
        return render.as_csv(report)
    return render.as_text(report)
