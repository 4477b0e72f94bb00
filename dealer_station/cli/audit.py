"""``dealer-station audit shuffles``: does every shuffler shuffle? Statistical tests over its journaled deals.

Exit 0 when every shuffler passes (or has too few deals for a test: reported, not failed),
1 when one fails, 2 for bad input (one line).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from ..errors import ConfigError
from ..periods import moment
from ._floor_options import add_floor_option, floor_url

if TYPE_CHECKING:
    from ..audit.report import ShufflerAudit

FORMATS = ("table", "json")
EXIT_FAILED = 1


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("audit", help="audits over the journals: shuffles (does every shuffler shuffle?)")
    sub = parser.add_subparsers(dest="audit", metavar="AUDIT", parser_class=type(parser))
    sub.required = True
    shuffles = sub.add_parser(
        "shuffles", help="chi-squared, runs, serial correlation, persistence and repeats over each shuffler's deals",
        description="Per shuffler (serial number), over the deals journaled on the floor (--floor URL) or in one "
                    "journal file (--journal PATH): exit 0 when every shuffler passes, 1 when one fails.")
    add_floor_option(shuffles)
    shuffles.add_argument("--journal", metavar="PATH", default=None, help="audit this journal file instead")
    shuffles.add_argument("--device", metavar="SERIAL", default=None, help="only the shuffler with this serial number")
    shuffles.add_argument("--since", metavar="WHEN", default=None,
                          help="deals from WHEN on (YYYY-MM-DD or YYYY-MM-DDTHH:MM, UTC unless it gives an offset)")
    shuffles.add_argument("--level", type=int, choices=(95, 99), default=99,
                          help="a shuffler fails when any test fails at this confidence level (default 99)")
    shuffles.add_argument("--format", choices=FORMATS, default="table")
    shuffles.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..audit.deals import from_floor, from_journal
    from ..audit.report import audit_all

    since = moment(args.since, ZoneInfo("UTC"), "since")
    if args.journal and (args.floor or args.config):
        raise ConfigError("give --journal PATH or --floor URL, not both", "journal")
    if args.journal:
        path = Path(args.journal)
        if not path.is_file():
            raise ConfigError(f"no journal at {path}", "journal")
        source = str(path)
        shoes = from_journal(path, since=since)
    else:
        url = floor_url(args, required=False)
        if not url:
            raise ConfigError("give --journal PATH or --floor URL (or --config PROFILE with a [floor] url)", "floor")
        from ..floor.db import redact

        source = redact(url)
        shoes = from_floor(url, since=since)
    if args.device is not None:
        if args.device not in shoes or not shoes[args.device].deals:
            known = ", ".join(sorted(s for s, shoe in shoes.items() if shoe.deals)) or "none"
            raise ConfigError(f"no deals by shuffler {args.device!r} in {source} (shufflers: {known})", "device")
        shoes = {args.device: shoes[args.device]}
    audits = audit_all(shoes, args.level)
    if not audits:
        raise ConfigError(f"no deals by a shoe in {source}{' since ' + args.since if args.since else ''} "
                          "(a table dealt by hand has none)", "journal" if args.journal else "floor")
    verdicts = {a.verdict for a in audits}
    failed = "fail" in verdicts
    verdict = "fail" if failed else "insufficient" if "insufficient" in verdicts else "pass"
    if args.format == "json":
        sys.stdout.write(json.dumps({"source": source, "since": since.isoformat() if since else None,
                                     "level": args.level, "verdict": verdict,
                                     "shufflers": [a.as_json() for a in audits]}) + "\n")
    else:
        sys.stdout.write(_table(audits, source))
    return EXIT_FAILED if failed else 0


def _value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 100 else f"{value:.3g}"
    return str(value)


def _table(audits: list[ShufflerAudit], source: str) -> str:
    from ..audit.shuffles import LEVELS

    lines = [f"Shuffle audit of {source}: {len(audits)} shuffler(s)"]
    for a in audits:
        shoe = a.shoe
        lines += ["", f"shuffler {shoe.serial} ({shoe.model or 'model unknown'}), tables {', '.join(sorted(shoe.tables))}: "
                      f"{len(shoe.deals)} deals: {a.verdict.upper()} at {a.level}%",
                  f"  {'test':<20}{'deals':>7}{'needs':>7}{'statistic':>12}{'df':>7}{'p-value':>11}"
                  + "".join(f"{str(level) + '%':>14}" for level in LEVELS) + "  detail"]
        for t in a.tests:
            stat = "-" if t.statistic is None else f"{t.statistic:.3f}"
            p = "-" if t.p_value is None else f"{t.p_value:.3g}"
            df = "-" if t.df is None else str(t.df)
            detail = ", ".join(f"{k.replace('_', ' ')} {_value(v)}" for k, v in t.detail.items() if k != "repeated" or v)
            lines.append(f"  {t.name:<20}{t.deals:>7}{t.needs:>7}{stat:>12}{df:>7}{p:>11}"
                         + "".join(f"{t.verdict(level):>14}" for level in LEVELS) + f"  {detail}")
    return "\n".join(lines) + "\n"
