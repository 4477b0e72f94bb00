"""``dealer-station ratings --journal PATH [--config PROFILE]``: a table journal's rated sessions (JSON Lines).

The station's own live read model (``view/ratings.py``) over a journal file, read only: one object per session,
ended ones first, then those still open, each with the PIT.md §2 figures (docs/players.md, "Live ratings").
The profile gives the rating terms in force until a supervisor journaled others, and ``absent_rounds``.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import DealerStationError
from .journal import journal_path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("ratings", help="print a table journal's rated sessions as JSON Lines")
    parser.add_argument("--journal", default=None, metavar="PATH",
                        help="journal file (default: $DEALER_STATION_JOURNAL or var/journal.sqlite); read only")
    parser.add_argument("--config", default="uth-default", metavar="PROFILE_OR_PATH",
                        help="the table's profile: its rating terms ([players]) and absent_rounds")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..config import BankingTableConfig
    from ..journal import Journal
    from ..profile_loader import load_profile
    from ..view.ratings import Ratings

    table = load_profile(args.config)
    if not isinstance(table, BankingTableConfig):
        raise DealerStationError(f"{table.game} is not a banking game: a poker seat is rated by hours and rake",
                                 "config")
    path = journal_path(args.journal)
    if not path.exists():
        raise DealerStationError(f"no journal at {path}", "journal")
    with Journal.open_checked(path) as journal:
        sessions = Ratings(table).add_all(journal.events()).sessions()
    out = sys.stdout
    for rated in sessions:
        out.write(json.dumps(rated.as_json(), separators=(",", ":")) + "\n")
    return 0
