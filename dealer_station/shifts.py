"""Shifts: the casino's working day cut at fixed local times (06:00, 14:00, 22:00 by default).

One definition for the croupier's shift counters, the pit's reports and the pit page: a
round belongs to the shift in which it ended; the gaming day starts at the first boundary.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from .errors import ConfigError

DEFAULT_SHIFTS = (time(6), time(14), time(22))


def parse_shifts(text: str) -> tuple[time, ...]:
    """``06:00,14:00,22:00`` -> sorted distinct local times."""
    try:
        shifts = sorted({time.fromisoformat(part.strip()) for part in text.split(",") if part.strip()})
    except ValueError:
        raise ConfigError(f"shift boundaries must be HH:MM separated by commas, not {text[:80]!r}", "shifts") from None
    if any(b.tzinfo is not None for b in shifts):
        raise ConfigError("shift boundaries are local times: no UTC offset (the time zone is said apart)", "shifts")
    if not shifts:
        raise ConfigError("give at least one shift boundary", "shifts")
    return tuple(shifts)


def shift_of(local: datetime, shifts: Sequence[time]) -> tuple[date, str]:
    """(gaming day, shift label) of a local time."""
    moment = local.time()
    index = max((i for i, b in enumerate(shifts) if b <= moment), default=len(shifts) - 1)
    day = local.date() if moment >= shifts[0] else local.date() - timedelta(days=1)
    start, end = shifts[index], shifts[(index + 1) % len(shifts)]
    return day, f"{start:%H:%M}-{end:%H:%M}"


def shift_start(moment: datetime, tz: tzinfo, shifts: Sequence[time]) -> datetime:
    """When the shift that ``moment`` (aware) falls in began, as an aware local time."""
    local = moment.astimezone(tz)
    starts = [datetime.combine(local.date() + timedelta(days=d), b, tz) for d in (-1, 0) for b in shifts]
    return max(s for s in starts if s <= local)


def local_shift_start(moment: datetime, shifts: Sequence[time]) -> datetime:
    """When the shift ``moment`` falls in began, in the station's own local time (aware).

    The boundaries are wall-clock times; the system's time-zone rules give each its offset,
    so a shift that began before a daylight-saving change keeps the offset it began with
    (a fixed offset taken from now would move it by an hour).
    """
    local = moment.astimezone().replace(tzinfo=None)
    starts = [datetime.combine(local.date() + timedelta(days=d), b) for d in (-1, 0) for b in shifts]
    return max(s for s in starts if s <= local).astimezone()


_DAY_START = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")


def parse_day_start(text: str, field: str = "day-starts") -> time:
    """``HH:MM`` (24-hour, local) -> when the gaming day starts."""
    match = _DAY_START.fullmatch(text)
    if match is None:
        raise ConfigError(f"the gaming day's start must be HH:MM (00:00 to 23:59), not {text[:80]!r}", field)
    return time(int(match[1]), int(match[2]))


def gaming_day(moment: datetime, tz: tzinfo, day_start: time) -> date:
    """The gaming day an aware ``moment`` belongs to, named by the date it starts on; a moment
    exactly at a day's start is the new day's.

    A day starts at the first instant its date's local wall clock reads ``day_start`` or later
    (``day_start_instant``), so the days are back-to-back intervals of time even when the
    clocks change inside one: across "fall back" a day lasts 25 hours and the repeated hour
    stays in it (a wall-clock comparison, ``shift_of``'s, would hand the second 01:10 back to
    the day before when the day starts at 01:30).
    """
    local = moment.astimezone(tz).date()
    for day in (local + timedelta(days=1), local, local - timedelta(days=1)):
        if day_start_instant(day, tz, day_start) <= moment:
            return day
    return local - timedelta(days=2)  # pragma: no cover - a day's start is never 48 hours from its date


@functools.lru_cache(maxsize=4096)  # a day of thousands of transactions asks for the same few starts
def day_start_instant(day: date, tz: tzinfo, day_start: time) -> datetime:
    """When gaming day ``day`` starts (UTC): ``day_start`` on its date, the first time the wall
    clock shows it when the clocks go back over it, the moment they land when they skip it."""
    wall = datetime.combine(day, day_start)
    first = wall.replace(tzinfo=tz, fold=0).astimezone(UTC)
    if first.astimezone(tz).replace(tzinfo=None) == wall:
        return min(first, wall.replace(tzinfo=tz, fold=1).astimezone(UTC))
    # Skipped: one reading of the wall time falls before the jump, the other after; the jump is
    # the first whole second whose wall clock reads ``day_start`` or later (tz rules change on seconds).
    before, after = sorted((first, wall.replace(tzinfo=tz, fold=1).astimezone(UTC)))
    low, high = int(before.timestamp()), int(after.timestamp())
    while high - low > 1:
        mid = (low + high) // 2
        if datetime.fromtimestamp(mid, tz).replace(tzinfo=None) >= wall:
            high = mid
        else:
            low = mid
    return datetime.fromtimestamp(high, UTC)
