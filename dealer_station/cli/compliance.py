"""``dealer-station compliance FILE --jurisdiction us|uk|macau``: what a day's cash at the tables
raises (docs/players.md, "Cash compliance").

Input is cash records, JSON Lines (one transaction a line, any order) or one JSON object,
from a file or ``-`` for stdin; the answer is one JSON object, one list per rule the
jurisdiction keeps (``us``: ``mtl``, ``ctr``, ``structuring``; ``uk``: ``due_diligence``;
``macau``: ``identification``). A bad record or option is one line naming it, exit 2,
nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from decimal import Decimal

from ..errors import DealerStationError
from ..money import parse_money
from ..periods import zone
from ..players.compliance import JURISDICTIONS
from ..shifts import parse_day_start
from ._records import each_record, read_records


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "compliance",
        help="cash compliance over cash records: MTL, CTR dues, structuring (us); due diligence (uk); "
             "identification (macau)",
        description="Read cash records (JSON Lines, any order) and print what they raise as one JSON object.",
    )
    parser.add_argument("file", metavar="FILE", help="cash record file, or - for stdin")
    parser.add_argument("--jurisdiction", required=True, choices=sorted(JURISDICTIONS),
                        help="the rules and thresholds that apply")
    parser.add_argument("--day-starts", type=_option(parse_day_start), metavar="HH:MM",
                        help="local time the gaming day starts (default: the jurisdiction's, 06:00)")
    parser.add_argument("--tz", type=_option(zone), metavar="ZONE",
                        help="the casino's time zone (default: the jurisdiction's, e.g. America/New_York)")
    parser.add_argument("--mtl-at", type=_option(_threshold), metavar="N",
                        help="us: a transaction above N is an MTL line (default 3000)")
    parser.add_argument("--ctr-at", type=_option(_threshold), metavar="N",
                        help="us: a player's day above N in one direction is a CTR due (default 10000)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..players.cash_record import cash_transaction
    from ..players.compliance import compliance_answer

    jurisdiction = JURISDICTIONS[args.jurisdiction].with_thresholds(mtl_at=args.mtl_at, ctr_at=args.ctr_at)
    records, single = read_records(args.file, "cash record")
    transactions = each_record(records, single, cash_transaction)
    sys.stdout.write(json.dumps(compliance_answer(transactions, jurisdiction, args.tz, args.day_starts)) + "\n")
    return 0


def _threshold(text: str) -> Decimal:
    amount = parse_money(text, "threshold")
    if amount <= 0:
        raise ValueError(f"must be above 0, not {text!r}")
    return amount


def _option(parse: Callable[[str], object]) -> Callable[[str], object]:
    """An argparse type from a parser that refuses with a ``DealerStationError`` or ``ValueError``:
    the usual one-line usage error, exit 2, before any input is read."""

    def parse_option(text: str) -> object:
        try:
            return parse(text)
        except (DealerStationError, ValueError) as exc:
            raise argparse.ArgumentTypeError(getattr(exc, "problem", str(exc))) from None

    parse_option.__name__ = getattr(parse, "__name__", "value")
    return parse_option

