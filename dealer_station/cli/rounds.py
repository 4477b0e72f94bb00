"""``dealer-station rounds``: find rounds on the floor; print them as recalled rounds (JSON Lines)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import ConfigError
from ..money import parse_money
from ..periods import moment, zone
from ._floor_options import (
    add_floor_option,
    add_period_options,
    floor_url,
)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("rounds", help="find rounds on the floor (by table, time, seat, payout, void cause, "
                                                  "supervisor action, jackpot hit)")
    add_floor_option(parser)
    add_period_options(parser)
    parser.add_argument("--table", action="append", default=None, metavar="ID", help="this table (repeatable)")
    parser.add_argument("--seat", type=int, default=None, metavar="N", help="rounds where seat N played")
    parser.add_argument("--min-payout", default=None, metavar="AMOUNT", help="a seat won at least AMOUNT (net)")
    parser.add_argument("--void-cause", default=None, metavar="CAUSE", help="voided rounds with this cause (e.g. jam)")
    parser.add_argument("--supervisor", action="store_true", help="rounds where a supervisor acted")
    parser.add_argument("--jackpot", action="store_true", help="rounds with a jackpot hit")
    parser.add_argument("--limit", type=int, default=100, metavar="N", help="at most the last N matches (default 100)")
    parser.set_defaults(func=run)


def _check_void_cause(conn: object, cause: str) -> None:
    """Refuse a cause no round is ever voided for (a typo answered "no round matches" silently): known are the
    causes the station voids or halts a round for (``engine.device_policy``), and every cause on the floor."""
    from ..engine.device_policy import FAULT_RULES, REFUSED, STATION_FAULTS
    from ..floor.queries import void_causes

    known = {*FAULT_RULES, *STATION_FAULTS, REFUSED, "supervisor", *void_causes(conn)}
    if cause not in known:
        raise ConfigError(f"unknown void cause {cause!r} (known: {', '.join(sorted(known))})", "void-cause")


def run(args: argparse.Namespace) -> int:
    from ..floor.db import reading
    from ..floor.queries import RoundFilter, find_rounds

    if args.limit < 1:
        raise ConfigError("must be at least 1", "limit")
    if args.seat is not None and args.seat < 1:
        raise ConfigError("must be a seat number (1 or more)", "seat")
    tz = zone(args.tz)
    where = RoundFilter(
        tables=tuple(args.table or ()), start=moment(args.start, tz, "from"), end=moment(args.end, tz, "to", end=True),
        seat=args.seat, min_payout=None if args.min_payout is None else parse_money(args.min_payout, "min-payout"),
        void_cause=args.void_cause, supervisor_acted=args.supervisor, jackpot_hit=args.jackpot, limit=args.limit)
    with reading(floor_url(args) or "", "cannot find rounds") as conn:
        if args.void_cause is not None:
            _check_void_cause(conn, args.void_cause)
        found = find_rounds(conn, where)
    sys.stdout.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in found))
    if not found:  # said on stderr: stdout stays JSON Lines (none) for a pipe
        sys.stderr.write("dealer-station rounds: no round matches\n")
    return 0
