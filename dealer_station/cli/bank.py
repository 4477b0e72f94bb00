"""``dealer-station bank FILE``: a table-shift's figures from bank records (docs/bank.md).

One JSON object in, one answer out; JSON Lines in, one answer per line in input order
(``-``: stdin). The input is read as every record command reads it (``_records.py``), and
every record is answered before anything is printed: a bad record is one line on stderr
naming the field (and its line in JSON Lines), exit 2, nothing on stdout.
"""

from __future__ import annotations

import argparse
import sys
from decimal import Decimal
from typing import Any

from ..errors import RecordError
from ..money import MAX_DECIMALS
from ._records import answer_lines, each_record, read_records


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bank",
        help="a table-shift's figures and variances from bank records (JSON or JSON Lines)",
        description="Read bank records (one JSON object, or JSON Lines: one table-shift each) and print each "
                    "shift's figures, variances, classes and slip problems as JSON.",
    )
    parser.add_argument("file", metavar="FILE", help="bank record file, or - for stdin")
    parser.add_argument("--chips", metavar="DENOMINATIONS",
                        help="the table's chip set, e.g. 1,5,25,100,500: a count of any other denomination is "
                             "refused (a record's own denominations list takes precedence)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..bank.record import answer_record
    from ..bank.slips import MAX_GAPS

    chip_set = parse_chips_option(args.chips) if args.chips is not None else None
    records, single = read_records(args.file, "bank record")
    gaps = 0

    def answer(record: object) -> dict[str, Any]:
        nonlocal gaps
        out = answer_record(record, chip_set)
        for problem in out["slip_problems"]:
            gaps += problem["kind"] == "gap"
            if gaps > MAX_GAPS:
                raise RecordError(f"the input's slips leave more than {MAX_GAPS} gaps: refused rather than listed",
                                  "fills" if problem["series"] == "F" else "credits")
        return out

    outputs = each_record(records, single, answer)
    sys.stdout.write(answer_lines(outputs))
    return 0


def parse_chips_option(text: str) -> frozenset[Decimal]:
    """``--chips 1,5,25``: the chip set, as a record's ``denominations`` list would say it."""
    from ..bank.chips import parse_chip_set

    return parse_chip_set([part.strip() for part in text.split(",")] if text.strip() else [], "--chips",
                          MAX_DECIMALS)
