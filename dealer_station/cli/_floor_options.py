"""Options shared by the floor's commands: where the floor is, which period."""

from __future__ import annotations

import argparse

from ..errors import ConfigError

"""The dates a period may name: a day's start and end, and its local buckets, exist in every zone."""


def add_floor_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--floor", metavar="URL", default=None,
                        help="the floor's postgresql:// URL (default: the profile's [floor] url with --config)")
    parser.add_argument("--config", metavar="PROFILE_OR_PATH", default=None,
                        help="table profile whose [floor] url to use when --floor is not given")


def floor_url(args: argparse.Namespace, *, required: bool = True) -> str | None:
    """``--floor``, else the profile's ``[floor] url``."""
    if args.floor:
        return str(args.floor)
    if getattr(args, "config", None):
        from ..profile_loader import load_profile

        table = load_profile(args.config)
        if table.floor is not None:
            return table.floor.url
    if required:
        raise ConfigError("give --floor URL (or --config PROFILE with a [floor] url)", "floor")
    return None


def add_period_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="start", metavar="WHEN", default=None,
                        help="rounds that ended at or after WHEN (YYYY-MM-DD or YYYY-MM-DDTHH:MM, local time)")
    parser.add_argument("--to", dest="end", metavar="WHEN", default=None,
                        help="rounds that ended before WHEN (a date alone means the end of that day)")
    parser.add_argument("--tz", default="UTC", metavar="ZONE", help="local time zone, e.g. Europe/Paris (default UTC)")

