"""``dealer-station journal archive``: one archiving pass from the command line (``archive.py``).

The station must be stopped: the pass opens the journal for writing, and the single-writer lock refuses it in
one line while the station runs (the station archives by itself at each gaming day's first idle moment). How
far the floor holds the journal is asked of the floor itself (``floor.tail``), after checking that what it
holds is this journal (the hash at its tail); what the pass journals is shipped to it by a forwarder before
the trim, so one pass archives and trims. No floor, no archive: a table without one keeps its whole journal.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, date, datetime, time, tzinfo
from pathlib import Path

from ..config import TableConfig
from ..errors import ConfigError
from ..journal import Journal, JournalError
from ._floor_options import floor_url


def archive_command(args: argparse.Namespace, path: Path) -> int:
    from ..archive import KEEP_DAYS, MAX_RECORDS, archive_journal, day_of
    from ..floor.db import connect
    from ..floor.forwarder import Forwarder
    from ..floor.ingest import floor_tail
    from ..shifts import parse_day_start

    table = _profile(args)
    url = floor_url(args, required=False)
    if not url:
        raise ConfigError("no floor: a table without a floor keeps its whole journal (give --floor URL or "
                          "--config PROFILE with a [floor] url)", "floor")
    folder = Path(args.archive_dir) if args.archive_dir else Path(table.archive.folder) if table else None
    if folder is None:
        raise ConfigError("give --archive-dir DIR (or --config PROFILE with an [archive] folder)", "archive-dir")
    if not folder.is_dir():
        raise ConfigError(f"no archive folder {folder}: create it first", "archive-dir")
    day_start = parse_day_start(args.day_starts) if args.day_starts else table.shifts[0] if table else time(6)
    zone = _zone(args.tz)
    keep = args.keep_days if args.keep_days is not None else table.archive.keep_days if table else KEEP_DAYS
    if not path.is_file():
        raise JournalError(f"no journal at {path}", "journal")
    with Journal.open_readonly(path) as reader:
        table_id, purpose = reader.table_id, reader.purpose
    with Journal(path, table_id=table_id, purpose=purpose if purpose != "unknown" else None,  # type: ignore[arg-type]
                 archive=folder) as journal, connect(url) as conn:

        def acked() -> int:
            seq, digest = floor_tail(conn, table_id)
            ours = next(journal.stored_rows(seq - 1, seq), None) if seq else None
            if seq and (ours is None or ours[8] != digest):
                raise JournalError(f"the floor's copy of table {table_id} ends at seq {seq}, which is not this "
                                   "journal's: nothing archived (see `dealer-station journal verify --floor`)")
            return seq

        def ship() -> None:
            with Forwarder(journal, url, table_id) as forwarder:
                forwarder.wait_acknowledged(60.0)

        outcome = archive_journal(journal, folder, acked, day=day_of(zone, day_start),
                                  today=_today(zone, day_start), keep_days=keep,
                                  max_records=table.archive.max_records if table else MAX_RECORDS, ship=ship)
    sys.stdout.write(json.dumps(outcome.as_dict()) + "\n")
    return 0


def _profile(args: argparse.Namespace) -> TableConfig | None:
    if not getattr(args, "config", None):
        return None
    from ..profile_loader import load_profile

    return load_profile(args.config)


def _zone(name: str | None) -> tzinfo:
    if name is None:
        return datetime.now().astimezone().tzinfo or UTC
    from ..periods import zone

    return zone(name)


def _today(zone: tzinfo, day_start: time) -> date:
    from ..shifts import gaming_day

    return gaming_day(datetime.now(UTC), zone, day_start)
