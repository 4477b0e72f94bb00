"""Gaming days of simulated play, fast: a UTH table on a scripted shoe, a few rounds a day, its journal's clock
moved a day at a time (noon UTC; the gaming day starts at 06:00 UTC in these tests)."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.play.autoplay import AutoCroupier
from dealer_station.profile_loader import load_profile
from simulators.scripted_shoe import ScriptedShoe

PROGRAM = {"version": "test", "sha256": "0" * 64, "files": 0}
FIRST_DAY = date(2026, 3, 1)
DAY_START = time(6)


class MovingClock:
    """The journal's clock: a second further at every look, set to a day's noon by ``day``."""

    def __init__(self) -> None:
        self.now = datetime.combine(FIRST_DAY, time(12), UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now

    def day(self, n: int) -> None:
        self.now = datetime.combine(FIRST_DAY + timedelta(days=n), time(12), UTC)


class Table:
    """A table whose journal lives at ``path`` (purpose ``simulation``), playing rounds on demand."""

    def __init__(self, path: Path, *, archive: Path | None = None, seed: int = 1) -> None:
        self.clock = MovingClock()
        self.table = load_profile("uth-default")
        self.journal = Journal(path, table_id=self.table.table_id, purpose="simulation", clock=self.clock,
                               archive=archive)
        self.shoe = ScriptedShoe()
        self.session = TableSession(self.table, self.journal, shoe=self.shoe)
        self.shoe.session = self.session
        try:
            self.session.start(PROGRAM)
        except BaseException:
            self.journal.close()
            raise
        self.shoe.connect()
        self.croupier = AutoCroupier(self.session, rng=random.Random(seed), seats=[1, 2, 3])

    def play_round(self) -> None:
        state = self.session.view().state
        target = state.rounds_paid + state.rounds_voided + 1
        for _ in range(400):
            state = self.session.view().state
            rnd = self.session.view().round
            if state.rounds_paid + state.rounds_voided >= target and rnd is not None and rnd.finished:
                return
            self.croupier.step()
        raise AssertionError("round not played")

    def play_days(self, days: int, rounds: int, first: int = 0) -> None:
        for n in range(first, first + days):
            self.clock.day(n)
            for _ in range(rounds):
                self.play_round()

    def close(self) -> None:
        self.journal.close()


def stored(path: Path) -> list[tuple[Any, ...]]:
    """Every row of a journal file, read with sqlite3 itself (not the code under test)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT seq, at, table_id, round_id, kind, actor, payload, prev_hash, hash "
                            "FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()


def noon_day(at: str) -> date:
    """The gaming day of a record in these tests: its UTC date, the day starting at 06:00 UTC."""
    moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    return (moment - timedelta(hours=6)).date()
