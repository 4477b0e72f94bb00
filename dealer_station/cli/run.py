"""``dealer-station run``: the croupier touchscreen on the configured (default: simulated) devices.

Qt is imported only inside the handler, so the rest of the CLI works without PySide6.
On a machine with no display the run goes offscreen in demo mode, so ``make run`` still
plays (and, with --screenshot-dir, pictures) a working table.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..errors import ConfigError

DEFAULT_HEADLESS_ROUNDS = 3


def _seats(text: str) -> list[int]:
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seats must be numbers separated by commas, not {text!r}") from None
    if not seats:
        raise argparse.ArgumentTypeError("give at least one seat")
    return seats


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("run", help="start the station with the croupier touchscreen")
    parser.add_argument("--config", default="uth-default", metavar="PROFILE_OR_PATH",
                        help="table profile name or TOML path (default: uth-default, simulated shuffler and reader)")
    parser.add_argument("--journal", default=None, metavar="PATH", help="journal file (default: the profile's)")
    parser.add_argument("--demo", action="store_true", help="play rounds automatically (training / attract mode)")
    parser.add_argument("--rounds", type=int, default=None, metavar="N", help="stop after N finished rounds")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="demo players' random seed")
    parser.add_argument("--screenshot-dir", default=None, metavar="DIR",
                        help="save a PNG of the window at each phase change")
    parser.add_argument("--seats", type=_seats, default=None, metavar="1,2,3", help="seats the demo plays")
    parser.add_argument("--step-ms", type=int, default=450, metavar="MS", help="demo pace: ms per croupier action")
    parser.add_argument("--floor", default=None, metavar="URL",
                        help="forward the journal to this floor (postgresql://...; default: the profile's [floor] url)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.rounds is not None and args.rounds < 1:
        raise ConfigError("--rounds must be at least 1")
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        args.demo = True
        if args.rounds is None:
            args.rounds = DEFAULT_HEADLESS_ROUNDS
        if args.screenshot_dir is None:
            args.screenshot_dir = "var/screenshots"  # otherwise nobody sees what it did
        print(f"no display: running offscreen in demo mode for {args.rounds} round(s), "
              f"pictures in {args.screenshot_dir}/")
    try:
        from ui.app import run_station
    except ImportError as exc:
        raise ConfigError(f"the touchscreen needs PySide6 (pip install -e '.[ui]'): {exc}") from None
    return run_station(args)
