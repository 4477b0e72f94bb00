"""``dealer-station run``: the croupier touchscreen on the configured (default: simulated) devices.

Qt is imported only inside the handler, so the rest of the CLI works without PySide6.
Every argument is checked before anything is created. A live run uses the table's
journal (purpose ``live``) and only the supervisors enrolled with ``dealer-station
supervisors add``; a demo (``--demo``, or a machine with no display, which says so on
stdout and in the log) uses a separate demo journal (purpose ``demo``, by default
``demo-<table id>.sqlite`` beside the table's journal), the only place demo credentials exist.
``--kiosk`` is the table's own screen as its systemd service starts it (docs/install.md): a live
run that needs a display and never falls back to a demo. Under a notify-type unit the station
tells systemd when it serves and feeds its watchdog (``dealer_station/sd_notify.py``).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import structlog

from ..errors import ConfigError
from ._args import whole_number

DEFAULT_HEADLESS_ROUNDS = 3
MAX_STEP_MS = 60_000

log = structlog.get_logger("dealer_station.cli.run")


def _seats(text: str) -> list[int]:
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seats must be numbers separated by commas, not {text[:40]!r}") from None
    if not seats:
        raise argparse.ArgumentTypeError("give at least one seat")
    return seats


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("run", help="start the station with the croupier touchscreen")
    parser.add_argument("--config", default="uth-default", metavar="PROFILE_OR_PATH",
                        help="table profile name or TOML path (default: uth-default, simulated shuffler and reader)")
    parser.add_argument("--journal", default=None, metavar="PATH",
                        help="journal file (default: the profile's; for a demo, demo-<table id>.sqlite beside it)")
    parser.add_argument("--demo", action="store_true",
                        help="play rounds automatically (training / attract mode) on a demo journal")
    parser.add_argument("--rounds", type=whole_number(1), default=None, metavar="N",
                        help="stop after N finished rounds")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="demo players' random seed")
    parser.add_argument("--screenshot-dir", default=None, metavar="DIR",
                        help="save a PNG of the window at each phase change")
    parser.add_argument("--seats", type=_seats, default=None, metavar="1,2,3", help="seats the demo plays")
    parser.add_argument("--step-ms", type=whole_number(0, MAX_STEP_MS), default=450, metavar="MS",
                        help=f"demo pace: ms per croupier action (0 to {MAX_STEP_MS})")
    parser.add_argument("--kiosk", action="store_true",
                        help="the table's own screen (the systemd service): a live run that refuses to start "
                             "without a display instead of falling back to a demo")
    parser.add_argument("--floor", default=None, metavar="URL",
                        help="forward the journal to this floor (postgresql://...; default: the profile's [floor] url "
                             "for a live table; a --demo journal only goes where --floor sends it)")
    parser.set_defaults(func=run)


def demo_journal(journal: Path, table_id: str) -> Path:
    """The demo journal that goes with a table's journal: ``demo-<table id>.sqlite`` beside
    it (named by table, so tables whose journals share a folder never share a demo)."""
    return journal.with_name(f"demo-{table_id}.sqlite")


def _writable_folder(path: Path, what: str) -> None:
    """Refuse a folder that is not one, is missing outside var/ (``folders.check_folder``) or cannot be
    written, without creating anything."""
    from ..folders import check_folder

    check_folder(path, what)
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if not os.access(probe, os.W_OK):
        raise ConfigError(f"folder {probe} is not writable", what)


def run(args: argparse.Namespace) -> int:
    from ..device_keys import device_keys_path
    from ..journal import Journal, Purpose
    from ..private_files import check_private
    from ..profile_loader import load_profile
    from ..station import check_devices
    from ..supervisor import credentials_path

    table = load_profile(args.config)
    check_devices(table, args.config)
    for seat in args.seats or ():
        if not 1 <= seat <= table.seats:
            raise ConfigError(f"seat {seat} is not a seat of this table (1 to {table.seats})", "seats")
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                    or os.environ.get("QT_QPA_PLATFORM"))
    if args.kiosk:  # the table's screen: a live table or nothing, never a demo nobody asked for
        if args.demo or args.rounds is not None:
            raise ConfigError("--kiosk is the table's live screen: it takes neither --demo nor --rounds", "kiosk")
        if headless:
            raise ConfigError("no display for the kiosk (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM are all unset): "
                              "start it under its service's compositor (docs/install.md)", "kiosk")
    journal = Path(args.journal or table.journal)
    if headless and not args.demo:
        journal = demo_journal(journal, table.table_id)  # never the live table's journal
    elif args.demo and args.journal is None:
        journal = demo_journal(journal, table.table_id)
    if journal.is_dir() or not journal.name:
        raise ConfigError(f"{journal} is a directory, not a journal", "journal")
    _writable_folder(journal.parent, "journal")
    for secret in (credentials_path(journal), device_keys_path(journal)):
        check_private(secret)  # before anything is created: a key others may read is refused, not used
    purpose: Purpose = "demo" if args.demo or headless else "live"
    if purpose == "live" and (refusal := table.devices.live_refusal()) is not None:
        raise ConfigError(refusal, "devices.approved")  # before anything is created
    if journal.exists():  # refuse a journal of another table or purpose before creating anything
        Journal.open_readonly(journal, table_id=table.table_id, purpose=purpose, game=table.game).close()
    if headless:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        args.demo = True
        if args.rounds is None:
            args.rounds = DEFAULT_HEADLESS_ROUNDS
        if args.screenshot_dir is None:
            args.screenshot_dir = "var/screenshots"  # otherwise nobody sees what it did
    if args.screenshot_dir is not None:
        from ..folders import make_folder

        shots = Path(args.screenshot_dir)
        _writable_folder(shots, "screenshot-dir")
        make_folder(shots, "screenshot-dir")
    args.journal = str(journal)
    if headless:
        print(f"no display: running offscreen in DEMO mode on the demo journal {journal} (not the table's "
              f"journal) for {args.rounds} round(s), pictures in {args.screenshot_dir}/")
        # at info: stdout has just said it, and the log's default level (warning) must not say it again on stderr
        log.info("demo_fallback", reason="no display", journal=str(journal), table_id=table.table_id)
    try:
        from ui.app import run_station
    except ImportError as exc:
        raise ConfigError(f"the touchscreen needs PySide6 (pip install -e '.[ui]'): {exc}") from None
    return run_station(args)
