"""``dealer-station par --config PROFILE``: the theoretical figures of a profile's pay tables."""

from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ConfigError
from ._args import MAX_PAR_ROUNDS, whole_number
from ._progress import Progress

if TYPE_CHECKING:
    from ..games.thb import ThbTableConfig


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("par", help="par sheet: exact side-bet odds, main game house edge under optimal play")
    parser.add_argument("--config", default="uth-default", metavar="PROFILE_OR_PATH")
    parser.add_argument("--rounds", type=whole_number(1, MAX_PAR_ROUNDS), default=None, metavar="N",
                        help=f"rounds simulated for the covariance of two seats (default: the game's; at most {MAX_PAR_ROUNDS:,})")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--journal", metavar="PATH", default=None,
                        help="read the current jackpot meter from this journal, read-only (default: the reset value)")
    parser.add_argument("--json", action="store_true", help="print the sheet as one JSON object")
    parser.add_argument("--no-cache", action="store_true", help="compute again even if a cached sheet exists")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..config import BankingTableConfig
    from ..floor.render import aligned
    from ..games.thb import ThbTableConfig
    from ..par import par_sheet
    from ..profile_loader import load_profile

    table = load_profile(args.config)
    if not isinstance(table, BankingTableConfig):
        raise ConfigError(f"no par sheet for game {table.game!r}: its house takes a rake, not an edge", "game")
    with_jackpot = table if isinstance(table, ThbTableConfig) else None
    if args.journal is not None and with_jackpot is None:
        raise ConfigError(f"game {table.game!r} has no jackpot meter to read", "journal")
    meter = None if with_jackpot is None else _current_meter(with_jackpot, args.journal)  # refused before computing
    paytables = {name: {label: str(odds) for label, odds in rows.items()} for name, rows in table.paytables.items()}
    if table.seats < 2:
        raise ConfigError("a par sheet needs 2 seats at least (two seats of one round share the board)", "seats")
    sheet = par_sheet(table.game, paytables, samples=args.rounds, seed=args.seed, progress=Progress("par"),
                      cache=not args.no_cache, seats=table.seats)
    if sheet is None:
        raise ConfigError(f"no par sheet for game {table.game!r} yet", "game")
    if with_jackpot is not None and meter is not None:
        from ..par.thb import with_meter

        sheet = with_meter(sheet, with_jackpot.options, *meter)
    if args.json:
        print(json.dumps(sheet.as_json()))
        return 0
    out = [f"Par sheet: {args.config} ({table.game}), {sheet.method}; computed in {sheet.elapsed_s:.1f} s"]
    for part in sheet.tables:
        out += ["", part.title, aligned(part.columns, [list(r) for r in part.rows])]
        if part.note:
            out.append(f"({part.note})")
    sys.stdout.write("\n".join(out) + "\n")
    return 0


def _current_meter(table: ThbTableConfig, journal: str | None) -> tuple[Decimal, str]:
    """The meter now: the journal's (read-only), else the profile's reset value."""
    if journal is None:
        return table.options.jackpot.reset, "the reset value: no --journal given"
    from .jackpot import read_meters

    meters = read_meters(Path(journal))
    source = f"journal {journal}"
    if Decimal(meters["reset"]) != table.options.jackpot.reset:
        source += f", whose reset {meters['reset']} is not the profile's"
    return Decimal(meters["meter"]), source
