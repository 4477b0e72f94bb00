"""``dealer-station doctor --config PROFILE``: one line per check of a table PC (``dealer_station.doctor``),
exit 0 when none failed, 1 when one did.

The devices are opened here, the way the station opens them (``Station.build_drivers`` and its
``_open_device``: the same URLs, the same authentication against the journal's enrolled keys and the
profile's approved programs), each only long enough to say who it is, then closed. Run it with the
station's service stopped: a port the station holds is busy.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..doctor import MAX_DRIFT, MIN_DAYS, ROUNDS_PER_DAY, Check, passed, run_checks
from ..errors import DealerStationError
from ._args import seconds, whole_number


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("doctor", help="check a table PC: profile, devices, clock, disk, secret files, "
                                                  "floor; one line each, exit 1 if any failed")
    parser.add_argument("--config", required=True, metavar="PROFILE_OR_PATH", help="the table's profile")
    parser.add_argument("--journal", metavar="PATH", help="the table's journal (default: the profile's)")
    parser.add_argument("--floor", metavar="URL", help="the floor's URL with this station's login "
                                                       "(default: the profile's [floor] url)")
    parser.add_argument("--max-drift", type=seconds(3600.0), default=MAX_DRIFT, metavar="SECONDS",
                        help=f"largest clock difference with the floor (default {MAX_DRIFT:g})")
    parser.add_argument("--min-days", type=whole_number(1, 36_500), default=MIN_DAYS, metavar="DAYS",
                        help=f"days of journal the free disk must hold (default {MIN_DAYS})")
    parser.add_argument("--rounds-per-day", type=whole_number(1, 100_000), default=ROUNDS_PER_DAY, metavar="N",
                        help=f"rounds a gaming day, for the days the disk holds (default {ROUNDS_PER_DAY})")
    parser.set_defaults(func=doctor)


def doctor(args: argparse.Namespace) -> int:
    from ..profile_loader import load_profile

    lines: list[Check] = []
    for check in run_checks(args.config, load=_load(load_profile), devices=device_checks,
                            journal=Path(args.journal) if args.journal else None, floor=args.floor,
                            secrets=_secrets, max_drift=args.max_drift, min_days=args.min_days,
                            rounds_per_day=args.rounds_per_day):
        print(check.line(), flush=True)
        lines.append(check)
    return 0 if passed(lines) else 1


def _load(load_profile: Any) -> Any:
    """The profile loaded and its device URLs checked, as ``run`` checks them before anything opens."""
    from ..station import check_devices

    def load(name: str) -> Any:
        table = load_profile(name)
        check_devices(table, name)
        return table

    return load


def _secrets(journal: Path) -> list[tuple[str, Path]]:
    from ..device_keys import device_keys_path
    from ..supervisor import credentials_path

    return [("credentials", credentials_path(journal)), ("device keys", device_keys_path(journal))]


def device_checks(table: Any, journal: Path) -> Iterator[Check]:
    """Each device of the profile opened as the station opens it: present, and proved who it is where asked."""
    from ..device_keys import approved_programs
    from ..station import Station
    from ..wire.roles import Role

    station = Station(table, journal_path=journal, floor_url="")  # no floor: the doctor checks it on its own
    try:
        station.approved = approved_programs(table.devices.approved, table.devices.programs)
        station.build_drivers()
    except DealerStationError as exc:
        yield Check("FAIL", "devices", str(exc), "put right what it names, then run the doctor again")
        return
    for role in Role:
        driver = station.drivers.get(role)
        if driver is None:
            continue
        for url, member in getattr(driver, "members", [(table.devices.urls(role.value)[0], driver)]):
            yield _open_one(station, role, member, url)


def _open_one(station: Any, role: Any, driver: Any, url: str) -> Check:
    name = f"device {role.value}"
    try:
        station._open_device(role, driver)
        who = driver.identity
        if not getattr(driver, "connected", who is not None) or who is None:
            refused = getattr(getattr(driver, "link", None), "last_refused", None) or "did not say who it is"
            return Check("FAIL", name, f"{url}: {refused}",
                         "enrol the unit (dealer-station devices enrol) and approve its program, or replace it")
        unit = f"{who.model} {who.serial_number}".strip()
        if station.authenticates(role):
            if not who.authenticated:
                return Check("FAIL", name, f"{url}: {unit} did not prove who it is",
                             "enrol the unit (dealer-station devices enrol) and approve its program")
            return Check("ok", name, f"{url}: {unit}, authenticated")
        return Check("ok", name, f"{url}: {unit}")
    except DealerStationError as exc:
        return Check("FAIL", name, f"{url}: {exc.problem}",
                     "plug it in, or find its URL with dealer-station devices scan")
    finally:
        driver.close()
