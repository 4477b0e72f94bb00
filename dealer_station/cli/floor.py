"""``dealer-station floor migrate|init-roles|pin-station|place|jurisdiction|forward``: run the casino floor's PostgreSQL store."""

from __future__ import annotations

import argparse
import signal
import sys
import threading

from ..errors import ConfigError
from ._args import seconds, whole_number

MAX_WAIT = 86_400.0
"""The longest a command waits for the floor's acknowledgement: a day."""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("floor", help="set up the floor (PostgreSQL) and forward journals to it")
    actions = parser.add_subparsers(dest="floor_command", metavar="ACTION")
    actions.required = True

    migrate = actions.add_parser("migrate", help="create or upgrade the floor schema (versioned migrations)")
    migrate.add_argument("--floor", required=True, metavar="URL", help="postgresql:// URL of the owner role")
    migrate.set_defaults(func=_migrate)

    roles = actions.add_parser("init-roles", help="migrate, then create the station and report roles and grants")
    roles.add_argument("--floor", required=True, metavar="URL", help="postgresql:// URL of a role that may create roles")
    roles.add_argument("--station-role", default="floor_station", metavar="NAME", help="append-only role for stations")
    roles.add_argument("--report-role", default="floor_report", metavar="NAME", help="read-only role for the pit")
    roles.set_defaults(func=_init_roles)

    pin = actions.add_parser("pin-station", help="a station's own login, allowed to send only its table(s)")
    pin.add_argument("--floor", required=True, metavar="URL", help="postgresql:// URL of a role that may create roles")
    pin.add_argument("--login", required=True, metavar="NAME", help="the station's login role (created if missing)")
    pin.add_argument("--table-id", action="append", required=True, metavar="ID", help="a table it may send (repeatable)")
    pin.add_argument("--station-role", default="floor_station", metavar="NAME")
    pin.set_defaults(func=_pin)

    place = actions.add_parser("place", help="put a table in a pit (the pit web page lays the floor out by pit)")
    place.add_argument("--floor", required=True, metavar="URL", help="postgresql:// URL of the owner role")
    place.add_argument("--table-id", required=True, metavar="ID")
    place.add_argument("--pit", default=None, metavar="NAME", help="the pit's name, e.g. 'Pit 1'")
    place.add_argument("--position", type=whole_number(0, 100_000), default=0, metavar="N",
                       help="its place among the pit's tables (default 0; then by table id)")
    place.add_argument("--remove", action="store_true", help="take the table out of its pit")
    place.set_defaults(func=_place)

    parts = actions.add_parser("partitions", help="make the coming months' partitions; with --retire, detach and "
                               "export the months past the retention period (docs/floor-years.md)")
    parts.add_argument("--floor", required=True, metavar="URL", help="postgresql:// URL of the owner role")
    parts.add_argument("--ahead", type=whole_number(0, 120), default=3, metavar="N",
                       help="months after this one to make partitions for (default 3)")
    parts.add_argument("--retire", action="store_true",
                       help="also detach, export (--export-dir) and drop the months past the retention period")
    parts.add_argument("--export-dir", default=None, metavar="DIR", help="where retired months are exported")
    parts.add_argument("--jurisdiction", default=None, metavar="NAME",
                       help="whose retention period applies (us, uk, macau: 7 years; default 7 years)")
    parts.add_argument("--years", type=whole_number(1, 100), default=None, metavar="N",
                       help="keep N years instead of the jurisdiction's period")
    parts.add_argument("--as-of", default=None, metavar="YYYY-MM-DD",
                       help="the day the months are counted from (default today, UTC)")
    parts.set_defaults(func=_partitions)
    rules = actions.add_parser("jurisdiction", help="the cash rules the floor keeps: us, uk or macau, its gaming day")
    rules.add_argument("--floor", required=True, metavar="URL", help="postgresql:// URL of the owner role")
    rules.add_argument("--jurisdiction", required=True, choices=("us", "uk", "macau"),
                       help="us: MTL, CTR dues, structuring; uk: due diligence; macau: identification")
    rules.add_argument("--tz", default=None, metavar="ZONE", help="the casino's zone (default: the jurisdiction's)")
    rules.add_argument("--day-starts", default=None, metavar="HH:MM", help="the gaming day's start (default 06:00)")
    rules.add_argument("--mtl-at", default=None, metavar="N", help="us: MTL above N (default 3000)")
    rules.add_argument("--ctr-at", default=None, metavar="N", help="us: CTR due above N (default 10000)")
    rules.set_defaults(func=_jurisdiction)

    forward = actions.add_parser("forward", help="forward one journal to the floor (until Ctrl-C, or --until-acked)")
    forward.add_argument("--journal", required=True, metavar="PATH")
    forward.add_argument("--floor", required=True, metavar="URL")
    forward.add_argument("--table-id", default=None, metavar="ID", help="default: the journal's own table id")
    forward.add_argument("--batch-size", type=whole_number(1, 100_000), default=None, metavar="N",
                         help="records per batch at most (default: the forwarder's, 2000)")
    forward.add_argument("--until-acked", action="store_true",
                         help="exit 0 once the floor holds the whole journal, 1 if it could not")
    forward.add_argument("--timeout", type=seconds(MAX_WAIT), default=60.0, metavar="S",
                         help="for --until-acked (default 60 s)")
    forward.set_defaults(func=_forward)


def _migrate(args: argparse.Namespace) -> int:
    from ..floor.migrate import migrate

    done = migrate(args.floor)
    print(f"floor schema up to date ({', '.join(done) + ' applied' if done else 'nothing to apply'})")
    return 0


def _init_roles(args: argparse.Namespace) -> int:
    from ..floor.roles import init_roles

    created = init_roles(args.floor, args.station_role, args.report_role)
    print(f"roles ready: station {args.station_role}, report {args.report_role}"
          + (f" (created: {', '.join(created)})" if created else ""))
    return 0


def _pin(args: argparse.Namespace) -> int:
    from ..floor.roles import pin_station

    created = pin_station(args.floor, args.login, args.table_id, args.station_role)
    print(f"login {args.login}{' created,' if created else ''} may send {', '.join(args.table_id)} only")
    return 0


def _place(args: argparse.Namespace) -> int:
    from ..floor.layout import place, unplace

    if args.remove:
        if args.pit is not None:
            raise ConfigError("give --pit or --remove, not both", "pit")
        found = unplace(args.floor, args.table_id)
        print(f"table {args.table_id} {'taken out of its pit' if found else 'was in no pit'}")
        return 0
    if args.pit is None:
        raise ConfigError("give --pit NAME (or --remove)", "pit")
    place(args.floor, args.table_id, args.pit, args.position)
    print(f"table {args.table_id} placed in {args.pit.strip()} at position {args.position}")
    return 0


def _partitions(args: argparse.Namespace) -> int:
    from datetime import date

    from ..floor.partitions import Retired, make_ahead, retention_years, retire

    try:
        today = None if args.as_of is None else date.fromisoformat(args.as_of)
    except ValueError:
        raise ConfigError(f"--as-of must be a date YYYY-MM-DD, not {args.as_of!r}", "--as-of") from None
    years = retention_years(args.jurisdiction, args.years)
    if args.retire and not args.export_dir:
        raise ConfigError("--retire needs --export-dir DIR (a retired month is exported, never just dropped)",
                          "--export-dir")
    if not args.retire and (args.export_dir or args.jurisdiction or args.years):
        raise ConfigError("--export-dir, --jurisdiction and --years go with --retire", "--retire")
    made = make_ahead(args.floor, args.ahead, today)
    print(f"partitions made: {', '.join(made) if made else 'none needed'}")
    if args.retire:
        def say(done: Retired) -> None:  # one line as each month is done: a long export shows its progress
            print(f"retired {done.table} {done.month:%Y-%m}: {done.rows} rows to {done.file} (sha256 {done.sha256})",
                  flush=True)

        retired = retire(args.floor, args.export_dir, years, args.jurisdiction or "default", today, say)
        print(f"{len(retired)} retired (kept: {years} years)")
    return 0


def _jurisdiction(args: argparse.Namespace) -> int:
    """Check every option before the floor is touched; then one UPDATE of the floor's profile row."""
    from decimal import Decimal

    from ..errors import DealerStationError
    from ..floor.compliance import set_profile
    from ..floor.db import reading
    from ..money import parse_money
    from ..periods import zone
    from ..players.compliance import JURISDICTIONS
    from ..shifts import parse_day_start

    def amount(text: str | None, option: str) -> Decimal | None:
        if text is None:
            return None
        try:
            value = parse_money(text, option)
        except DealerStationError:
            value = Decimal(0)
        if value <= 0:
            raise ConfigError(f"a threshold is an amount above 0, not {text[:40]!r}", option)
        return value

    if args.tz is not None:
        zone(args.tz)
    start = parse_day_start(args.day_starts, "day-starts") if args.day_starts is not None else None
    profile = JURISDICTIONS[args.jurisdiction].with_thresholds(mtl_at=amount(args.mtl_at, "mtl-at"),
                                                               ctr_at=amount(args.ctr_at, "ctr-at"))
    with reading(args.floor, "cannot set the floor's jurisdiction") as conn:
        set_profile(conn, profile, args.tz, start)
    print(f"the floor keeps the {profile.name} cash rules ({', '.join(profile.keys)}), gaming day from "
          f"{(start or profile.day_start):%H:%M} {args.tz or profile.tz}")
    return 0


def _forward(args: argparse.Namespace) -> int:
    from ..floor.forwarder import BATCH_SIZE, Forwarder

    forwarder = Forwarder(args.journal, args.floor, args.table_id, batch_size=args.batch_size or BATCH_SIZE).start()
    try:
        if args.until_acked:
            ok = forwarder.wait_acknowledged(args.timeout)
            status = forwarder.status()
            if not ok:
                print(f"floor did not acknowledge the journal: acked seq {status.acked_seq} of "
                      f"{status.journal_seq}: {status.last_error or 'timed out'}", file=sys.stderr)
                return 1
            print(f"floor holds table {status.table_id} up to seq {status.acked_seq}")
            return 0
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        while not stop.wait(1.0):
            pass
        return 0
    finally:
        forwarder.stop()


