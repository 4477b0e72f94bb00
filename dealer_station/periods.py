"""Periods a person types for reports and round searches: local dates and date-times in a
named time zone, bounded to what the floor and its buckets can compare (the CLI's --from /
--to / --tz and the pit page's date pickers read them the same way)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from datetime import time as dtime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .errors import ConfigError

FIRST_DAY, LAST_DAY = date(1, 1, 2), date(9999, 12, 30)
_EARLIEST = datetime.combine(FIRST_DAY, dtime(0), UTC)
_LATEST = datetime.combine(LAST_DAY + timedelta(days=1), dtime(0), UTC)


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(f"unknown time zone {name!r} (e.g. Europe/Paris, UTC)", "tz") from None


def moment(text: str | None, tz: ZoneInfo, field: str, *, end: bool = False) -> datetime | None:
    """A local date or date-time as an aware datetime; a date alone is its start (or, for
    ``--to``, the start of the next day)."""
    if text is None:
        return None
    try:
        if len(text.strip()) == 10:
            day = date.fromisoformat(text.strip())
            value = datetime.combine(day + timedelta(days=1) if end else day, dtime(0), tz)
        else:
            value = datetime.fromisoformat(text.strip())
            value = value if value.tzinfo is not None else value.replace(tzinfo=tz)
        in_range = _EARLIEST <= value.astimezone(UTC) <= _LATEST  # the floor and the buckets compare in UTC
    except ValueError:
        raise ConfigError(f"not a date or date-time: {text!r} (YYYY-MM-DD or YYYY-MM-DDTHH:MM)", field) from None
    except OverflowError:
        in_range = False
    if not in_range:
        raise ConfigError(f"{text!r} is out of range (dates from {FIRST_DAY} to {LAST_DAY})", field)
    return value
