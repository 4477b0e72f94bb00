"""``dealer-station doctor``: is this table PC ready to run its station? One line per check, and what to do.

Each check says ``ok``, ``FAIL`` (the station must not run as it is: the line says what to do) or ``warn``
(could not tell: the line says why). The checks are the ones a technician cannot see by looking: the
profile loads, each of its devices answers (and proves who it is where the profile asks), the clock is
synchronised (and near the floor's), the journal's disk holds enough days of play, its archive folder is
there (when a floor takes its records), the secret files
beside the journal are private, and the floor takes this station's journals. Opening the devices is the
composition root's (``cli/doctor.py``: the core opens no port); it is handed in as ``devices``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from .config import TableConfig
from .errors import DealerStationError

Status = Literal["ok", "FAIL", "warn"]

BYTES_PER_ROUND = 31_000
"""A round's journal bytes when the journal has no round yet to measure: a seven-seat UTH table simulated
for 200 rounds wrote 6.2 MB (``dealer-station simulate --rounds 200``)."""
ROUNDS_PER_DAY = 600
"""A busy table's gaming day: twelve hours at fifty rounds an hour."""
MIN_DAYS = 30
"""Days of journal the disk must hold: a month for the floor or the archive to take it off the table PC."""
MAX_DRIFT = 1.0
"""Seconds the PC's clock may be off the floor's: every record is stamped with it."""


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the doctor's answer."""

    status: Status
    name: str
    detail: str
    fix: str = ""

    def line(self) -> str:
        fix = f" -> {self.fix}" if self.fix and self.status != "ok" else ""
        return f"{self.status:<4} {self.name}: {self.detail}{fix}"


def passed(checks: Iterable[Check]) -> bool:
    """No check failed (a warning is not a failure: it is what could not be told)."""
    return all(check.status != "FAIL" for check in checks)


def clock_synchronised(run: Callable[[list[str]], tuple[int, str]] | None = None) -> Check:
    """systemd-timesyncd's (or chrony's) word through ``timedatectl``; unknown (a warning) without systemd."""
    if run is None:
        if shutil.which("timedatectl") is None:
            return Check("warn", "clock", "synchronisation unknown (no timedatectl on this PC)",
                         "check the NTP client by hand (chronyc tracking)")
        run = _run
    code, out = run(["timedatectl", "show", "-p", "NTPSynchronized", "--value"])
    value = out.strip()
    if code != 0 or value not in ("yes", "no"):
        return Check("warn", "clock", "synchronisation unknown (timedatectl cannot ask systemd here)",
                     "check the NTP client by hand (chronyc tracking)")
    if value == "no":
        return Check("FAIL", "clock", "not synchronised with NTP",
                     "sudo timedatectl set-ntp true, and give the PC a reachable NTP server")
    return Check("ok", "clock", "synchronised with NTP")


def _run(argv: list[str]) -> tuple[int, str]:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return 1, ""
    return done.returncode, done.stdout


def clock_drift(floor_now: datetime, before: float, after: float, limit: float = MAX_DRIFT) -> Check:
    """The floor's clock against this PC's midway between asking and hearing (``before``/``after``: epoch s)."""
    drift = floor_now.timestamp() - (before + after) / 2
    detail = f"{drift:+.3f} s off the floor's clock (limit {limit:g} s, round trip {after - before:.3f} s)"
    if abs(drift) > limit:
        return Check("FAIL", "clock drift", detail, "synchronise this PC and the floor with the same NTP servers")
    return Check("ok", "clock drift", detail)


def journal_bytes_per_round(journal: Path) -> tuple[float, int]:
    """(bytes a round takes, rounds measured) from the journal itself (0 rounds: the built-in estimate)."""
    from .journal import Journal

    if not journal.exists():
        return BYTES_PER_ROUND, 0
    size = sum(p.stat().st_size for p in (journal, journal.with_name(journal.name + "-wal")) if p.exists())
    with Journal.open_readonly(journal) as opened:
        rounds = sum(1 for _ in opened.events(kinds={"round_opened"}))
    return (size / rounds, rounds) if rounds else (BYTES_PER_ROUND, 0)


def disk_space(journal: Path, rounds_per_day: int = ROUNDS_PER_DAY, min_days: int = MIN_DAYS) -> Check:
    """Free space in the journal's folder, in days of play at the journal's own bytes a round."""
    folder = journal.parent
    if not folder.is_dir():
        return Check("FAIL", "disk", f"the journal's folder {folder} does not exist",
                     "create it, owned by the station's user (docs/install.md)")
    free = shutil.disk_usage(folder).free
    try:
        per_round, measured = journal_bytes_per_round(journal)
    except DealerStationError as exc:
        return Check("FAIL", "disk", f"cannot measure the journal: {exc}", "dealer-station journal verify")
    days = free / (per_round * rounds_per_day)
    basis = f"{per_round / 1000:.1f} kB a round measured over {measured} rounds" if measured else \
        f"{per_round / 1000:.1f} kB a round (no round journaled yet: estimate)"
    detail = f"{free / 1e9:.1f} GB free in {folder}: {days:.0f} days at {rounds_per_day} rounds a day, {basis}"
    if days < min_days:
        return Check("FAIL", "disk", detail, f"free space for at least {min_days} days, or archive old journals")
    return Check("ok", "disk", detail)


def archive_folder(folder: Path, floor: str | None) -> Check:
    """Where the station archives closed gaming days (the profile's ``[archive] folder``): there and writable,
    or under ``var/`` where the station makes it; a table without a floor never archives (docs/journal-archive.md)."""
    from .folders import under_work_folder

    if not floor:
        return Check("warn", "archive", "no floor: the journal is never archived (it keeps every record; the disk "
                                        "watch stops the table before its disk is full)")
    if folder.is_dir():
        if not os.access(folder, os.W_OK | os.X_OK):
            return Check("FAIL", "archive", f"{folder} is not writable by this user",
                         f"chown the folder to the station's user (chown dealer: {folder})")
        return Check("ok", "archive", f"{folder}: closed gaming days go there once the floor holds them")
    if under_work_folder(folder):
        return Check("ok", "archive", f"{folder}: made by the station at its first archive pass")
    return Check("FAIL", "archive", f"no archive folder {folder}",
                 "create it (or mount it), owned by the station's user (docs/journal-archive.md)")


def secret_files(paths: Iterable[tuple[str, Path]]) -> Iterator[Check]:
    """Each secret file private (``private_files.check_private``, the rule the station starts by)."""
    from .private_files import check_private

    for what, path in paths:
        try:
            check_private(path)
        except DealerStationError as exc:
            yield Check("FAIL", what, exc.problem, f"chmod 600 {path}")
            continue
        yield Check("ok", what, f"{path} private" if path.exists() else f"{path} absent (nothing to protect yet)")


def floor_checks(url: str, limit: float = MAX_DRIFT) -> Iterator[Check]:
    """The floor takes journals from this login and it holds the station role's every privilege (not a report
    login that may read the tail: a station's appends and slips would then be refused), then its clock."""
    from .floor.db import connect, redact
    from .floor.ingest import check_takes_journals
    from .floor.roles import STATION_FUNCTIONS

    where = redact(url)
    try:
        check_takes_journals(url)
        with connect(url) as conn:
            missing = [str(row[0]) for row in conn.execute(
                "SELECT f FROM unnest(%s::text[]) AS f WHERE NOT has_function_privilege(f, 'EXECUTE')",
                (list(STATION_FUNCTIONS),))]
            before = time.time()
            row = conn.execute("SELECT clock_timestamp()").fetchone()
            after = time.time()
    except DealerStationError as exc:
        yield Check("FAIL", "floor", exc.problem, "see docs/install.md (a station login of the floor's station role)")
        return
    except Exception as exc:  # the driver's own (a floor older than this station lacks a function): reported
        yield Check("FAIL", "floor", f"{where}: {type(exc).__name__}: {exc}"[:300],
                    "dealer-station floor init-roles on the floor (as its owner)")
        return
    if missing:
        yield Check("FAIL", "floor", f"{where}: this login may not call {missing[0]}"
                                     f"{f' (and {len(missing) - 1} more)' if len(missing) > 1 else ''}",
                    "log in as the table's station login (dealer-station floor pin-station)")
        return
    yield Check("ok", "floor", f"{where} takes this station's journals (the station role)")
    floor_now = row[0] if row and isinstance(row[0], datetime) else datetime.now(UTC)
    yield clock_drift(floor_now, before, after, limit)


def run_checks(profile: str, *, load: Callable[[str], TableConfig],
               devices: Callable[[TableConfig, Path], Iterable[Check]], journal: Path | None = None,
               floor: str | None = None, secrets: Callable[[Path], Iterable[tuple[str, Path]]],
               max_drift: float = MAX_DRIFT, min_days: int = MIN_DAYS,
               rounds_per_day: int = ROUNDS_PER_DAY) -> Iterator[Check]:
    """Every check, one at a time (the command prints each as it comes: opening devices takes seconds)."""
    try:
        table = load(profile)
    except DealerStationError as exc:
        yield Check("FAIL", "profile", str(exc), "correct the profile at the key named")
        return
    yield Check("ok", "profile", f"{profile}: table {table.table_id}, {table.game}")
    journal = journal or Path(table.journal)
    yield from devices(table, journal)
    yield clock_synchronised()
    yield disk_space(journal, rounds_per_day, min_days)
    url = floor or (table.floor.url if table.floor else None)
    yield archive_folder(Path(table.archive.folder), url)
    yield from secret_files(secrets(journal))
    if url:
        yield from floor_checks(url, max_drift)
    else:
        yield Check("warn", "floor", "no floor given (--floor URL or the profile's [floor] url): not checked")
