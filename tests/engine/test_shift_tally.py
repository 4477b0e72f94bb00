"""The croupier's shift counters: the rounds that ended this shift, from the journal and live."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from dealer_station.journal import Journal
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from dealer_station.view.shift import ShiftTally

ENDED = {"round_paid", "round_voided"}


def _journal(tmp_path: Path) -> Path:
    path = tmp_path / "shift.sqlite"
    simulate(load_profile("uth-default"), rounds=6, seed=2, seats=4, faults={"jam": 0.3}, journal=path, progress=None)
    return path


def test_a_restart_mid_shift_counts_what_the_journal_holds_of_the_shift(tmp_path: Path) -> None:
    path = _journal(tmp_path)
    now = datetime.now().astimezone()
    with Journal.open_readonly(path) as journal:
        ended = list(journal.events(kinds=ENDED))
        paid = [e for e in ended if e.kind == "round_paid"]
        voided = [e for e in ended if e.kind == "round_voided"]
        assert paid and voided  # the jams voided some rounds
        tally = ShiftTally(((now - timedelta(hours=1)).time().replace(second=0, microsecond=0),), lambda: now)
        tally.seed(journal.events(kinds=ENDED))
        assert (tally.rounds, tally.voided) == (len(ended), len(voided))
        assert tally.result == sum((Decimal(e.payload["house_net"]) for e in paid), Decimal(0))
        # every one of those rounds also reaches the live counter once, not twice
        before = (tally.rounds, tally.result)
        tally.follow(journal.events())
        assert (tally.rounds, tally.result) == before
        # a shift that began after these rounds ended holds none of them
        later = now + timedelta(hours=2)
        fresh = ShiftTally(((now + timedelta(hours=1)).time().replace(second=0, microsecond=0),), lambda: later)
        fresh.seed(journal.events(kinds=ENDED))
        assert (fresh.rounds, fresh.voided, fresh.result) == (0, 0, Decimal(0))


def test_the_counters_start_afresh_when_the_next_shift_begins(tmp_path: Path) -> None:
    path = _journal(tmp_path)
    now = [datetime.now().astimezone()]
    boundary = (now[0] + timedelta(minutes=30)).time().replace(second=0, microsecond=0)
    tally = ShiftTally((boundary, (now[0] - timedelta(hours=3)).time().replace(second=0, microsecond=0)),
                       lambda: now[0])
    with Journal.open_readonly(path) as journal:
        tally.seed(journal.events(kinds=ENDED))
    assert tally.rounds > 0
    first = tally.started
    now[0] += timedelta(minutes=31)
    tally.roll()
    assert (tally.rounds, tally.voided, tally.result) == (0, 0, Decimal(0)) and tally.started != first
    assert tally.started is not None and tally.started.time() == boundary


def test_a_shift_that_began_before_a_daylight_saving_change_keeps_its_start() -> None:
    """Europe/Berlin, 27 Oct 2024: clocks go back at 03:00 CEST. At 02:30 CET the night shift
    began at 22:00 CEST the evening before (20:00 UTC), not at 22:00 CET."""
    import os
    import subprocess
    import sys

    script = (
        "from datetime import datetime, timezone\n"
        "from dealer_station.view.shift import ShiftTally\n"
        "now = datetime(2024, 10, 27, 1, 30, tzinfo=timezone.utc)  # 02:30 CET, after the change\n"
        "tally = ShiftTally(clock=lambda: now)\n"
        "tally.roll()\n"
        "print(tally.started.astimezone(timezone.utc).isoformat())\n"
        "spring = datetime(2024, 3, 31, 4, 30, tzinfo=timezone.utc)  # 06:30 CEST, clocks went forward at 02:00\n"
        "tally = ShiftTally(clock=lambda: spring)\n"
        "tally.roll()\n"
        "print(tally.started.astimezone(timezone.utc).isoformat())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "TZ": "Europe/Berlin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["2024-10-26T20:00:00+00:00", "2024-03-31T04:00:00+00:00"]
