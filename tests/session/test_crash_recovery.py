"""SIGKILL the station process at many points of rounds; the journal must carry it through.

A real subprocess (`dealer-station simulate`, real drivers, simulators on a pty and a
pyusb backend, the SQLite journal) is killed at random instants, then started again on
the same journal, fifty times over. Afterwards the ledger rebuilt from the journal must
be whole: the chain verifies, no round ends twice, no seat is paid twice, every paid
round's settlement is what the rules give for its journaled record, and the money adds up.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.games import get_game
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.table.folds import replay
from dealer_station.table.state import TableState

pytestmark = pytest.mark.slow  # SIGKILL loops against real subprocesses

KILLS = 50
DISTINCT_POINTS = 50


def _simulate(journal: Path, seed: int, rounds: int, *extra: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, DEALER_STATION_LOG_LEVEL="error")
    return subprocess.Popen(
        [sys.executable, "-m", "dealer_station", "simulate", "--rounds", str(rounds), "--seed", str(seed),
         "--seats", "3", "--journal", str(journal), "--json", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def _kill_once_past(journal: Path, seed: int, target: int, *extra: str) -> None:
    """Start a long simulation and SIGKILL it, without warning, once the journal reaches
    ``target``. A station that makes no progress after a restart fails here rather than
    passing unnoticed."""
    proc = _simulate(journal, seed, 100_000, *extra)
    deadline = time.monotonic() + 60
    with _SeqWatch(journal) as last_seq:
        while last_seq() < target:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, f"no progress after restart {seed}: stuck at {last_seq()}"
            time.sleep(0.002)
        proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read().decode()


class _SeqWatch:
    """The last journaled seq, polled every 2 ms through one read-only connection kept open while a
    process runs (a connection opened for each poll cost the test's worker 0.17 ms of CPU a poll, taken
    from the station it waits on); 0 before the file or its schema exists."""

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> _SeqWatch:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.conn is not None:
            self.conn.close()

    def __call__(self) -> int:
        if self.conn is None:
            if not self.journal.exists():
                return 0
            self.conn = sqlite3.connect(f"file:{self.journal}?mode=ro", uri=True, timeout=5)
        try:
            row = self.conn.execute("SELECT max(seq) FROM events").fetchone()
        except sqlite3.OperationalError:  # schema not created yet: look again on a fresh connection
            self.conn.close()
            self.conn = None
            return 0
        return int(row[0] or 0)


def _last_seq(journal: Path) -> int:
    """Last journaled seq, read without opening a writer (0 before the file exists)."""
    with _SeqWatch(journal) as last_seq:
        return last_seq()


def _phase_at_end(journal: Path, table_id: str) -> tuple[str, int]:
    with Journal(journal, table_id=table_id) as j:
        state = TableState(table_id)
        for ev in j.events():
            replay(state, [ev])
        return ("closed" if state.round is None else state.round.phase), state.last_seq


@pytest.mark.slow(seconds=60)
def test_sigkill_at_fifty_points_loses_nothing_and_pays_nothing_twice(tmp_path: Path) -> None:
    table = load_profile("uth-default")
    journal = tmp_path / "crash.sqlite"
    rng = random.Random(20261130)
    kill_points: list[tuple[str, int]] = []
    last_seq = 0
    for attempt in range(KILLS):
        # a random number of further events (a 3-seat round is about 45): a new point of a round each time
        _kill_once_past(journal, attempt + 1, last_seq + rng.randint(4, 120))
        point = _phase_at_end(journal, table.table_id)
        assert point[1] >= last_seq, "the journal lost events across a kill"
        last_seq = point[1]
        kill_points.append(point)
    # A clean run on the same journal recovers the last round and plays on.
    final = _simulate(journal, seed=999, rounds=3)
    out, err = final.communicate(timeout=120)
    assert final.returncode == 0, err.decode()

    # The kill points really are different points of rounds.
    assert len({seq for _, seq in kill_points}) >= DISTINCT_POINTS
    phases = Counter(phase for phase, _ in kill_points)
    assert len(phases) >= 4, phases

    verify = subprocess.run([sys.executable, "-m", "dealer_station", "journal", "verify", "--journal", str(journal)],
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stdout + verify.stderr

    game = get_game("uth")
    ends: Counter[str] = Counter()
    paid_seats: Counter[tuple[str, int]] = Counter()
    settlements: dict[str, dict] = {}
    records: dict[str, dict] = {}
    paid_by_round: dict[str, dict[int, Decimal]] = {}
    restarts_mid_deal = 0  # voids by rule: a restart during the deal
    with Journal(journal, table_id=table.table_id) as j:
        for ev in j.events():
            if ev.kind in ("round_paid", "round_voided"):
                ends[ev.round_id] += 1
            if ev.kind == "round_voided" and ev.payload["cause"] == "station_restart":
                restarts_mid_deal += 1
            if ev.kind == "seat_paid":
                paid_seats[(ev.round_id, ev.payload["seat"])] += 1
                paid_by_round.setdefault(ev.round_id, {})[ev.payload["seat"]] = Decimal(ev.payload["net"])
            if ev.kind == "settled":
                settlements[ev.round_id] = ev.payload["settlement"]
                records[ev.round_id] = ev.payload["record"]
            if ev.kind == "round_paid":
                assert ev.round_id in settlements
                nets = {s["seat"]: Decimal(s["net"]) for s in settlements[ev.round_id]["seats"]}
                # every seat paid exactly what its settlement says, and the house the rest
                assert paid_by_round.get(ev.round_id) == nets
                assert Decimal(ev.payload["house_net"]) == -sum(nets.values())
    assert ends and max(ends.values()) == 1, "a round ended twice"
    assert paid_seats and max(paid_seats.values()) == 1, "a seat was paid twice"
    assert len(settlements) >= 3
    for round_id, settlement in settlements.items():
        assert game.settle(game.parse_record(records[round_id], table)) == settlement
    assert ends, "no round finished"
    # Kills during the deal are voided by rule on restart; kills elsewhere resume.
    assert restarts_mid_deal <= phases.get("dealing", 0)
    resumed = [rid for rid in settlements if rid in ends]
    assert len(resumed) >= 3


THB_KILLS = 20


@pytest.mark.slow(seconds=40)
def test_sigkill_during_thb_rounds_with_jackpot_hits_neither_loses_nor_pays_twice(tmp_path: Path) -> None:
    """Kill a THB table whose deck is stacked for Pool hits (many held for verification)
    at random instants; afterwards every award was journaled once, the meter is conserved
    at every journal position, and each paid hit reached its seat's settlement once."""
    from tests.engine.test_thb_simulation import conserved_at_every_position

    journal = tmp_path / "thb-crash.sqlite"
    extra = ("--config", "thb-default", "--faults", "pool_hit:0.6")
    rng = random.Random(7)
    last_seq = 0
    for attempt in range(THB_KILLS):
        _kill_once_past(journal, attempt + 1, last_seq + rng.randint(4, 90), *extra)
        last_seq = _last_seq(journal)
    final = _simulate(journal, 999, 3, *extra)
    _out, err = final.communicate(timeout=120)
    assert final.returncode == 0, err.decode()
    meter = conserved_at_every_position(journal)
    assert meter.hits >= 2
    awards: Counter[tuple[str, int]] = Counter()
    amounts: dict[tuple[str, int], Decimal] = {}
    taken_back: set[tuple[str, int]] = set()
    paid_pool: dict[tuple[str, int], Decimal] = {}
    with Journal(journal, table_id="T2") as j:
        for ev in j.events():
            if ev.kind == "jackpot_award":
                awards[(ev.round_id, ev.payload["seat"])] += 1
                amounts[(ev.round_id, ev.payload["seat"])] = Decimal(ev.payload["amount"])
            if ev.kind == "jackpot_reversal" and ev.payload["of"]["kind"] == "jackpot_award":
                taken_back.add((ev.round_id, ev.payload["of"]["seat"]))
            if ev.kind == "settled" and ev.payload["settlement"].get("jackpot"):
                for award in ev.payload["settlement"]["jackpot"]["awards"]:
                    paid_pool[(ev.round_id, award["seat"])] = Decimal(award["amount"])
    assert awards and max(awards.values()) == 1, "a hit was awarded twice"
    assert set(paid_pool) <= set(awards)
    # every hit a void did not take back reached its round's settlement, for the amount awarded
    standing = {key: amount for key, amount in amounts.items() if key not in taken_back}
    assert standing and {key: paid_pool.get(key) for key in standing} == standing
    assert not set(paid_pool) & taken_back


POKER_KILLS = 15


@pytest.mark.slow(seconds=20)
def test_sigkill_during_poker_hands_creates_no_chip_and_settles_no_hand_twice(tmp_path: Path) -> None:
    """Kill a no-limit table mid-session at random instants (deals, betting, showdowns, seat
    changes); afterwards the chips add up at every journal position, no hand ended twice,
    every settled hand's record settles as journaled, and no pot was awarded twice."""
    from dealer_station.games.holdem import live

    journal = tmp_path / "poker-crash.sqlite"
    extra = ("--config", "holdem-nl-1-2", "--seats", "6", "--faults", "jam:0.05,dispute:0.05")
    rng = random.Random(10)
    last_seq = 0
    for attempt in range(POKER_KILLS):
        _kill_once_past(journal, attempt + 1, last_seq + rng.randint(4, 150), *extra)  # a 6-seat hand: ~80 events
        assert _last_seq(journal) >= last_seq, "the journal lost events across a kill"
        last_seq = _last_seq(journal)
    final = _simulate(journal, 999, 3, *extra)
    out, err = final.communicate(timeout=120)
    assert final.returncode == 0, err.decode()
    assert json.loads(out)["conserved"] is True

    verify = subprocess.run([sys.executable, "-m", "dealer_station", "journal", "verify", "--journal", str(journal)],
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    with Journal(journal, table_id="P1") as j:
        audit = live.audit_journal(j.events(), "P1")
        assert audit.conserved, audit.unbalanced[:3]
        ends: Counter[str] = Counter()
        awarded: Counter[str] = Counter()
        settled: dict[str, dict] = {}
        restarts = 0
        for ev in j.events():
            if ev.kind in ("round_paid", "round_voided"):
                ends[ev.round_id] += 1
                restarts += ev.kind == "round_voided" and ev.payload["cause"] == "station_restart"
            if ev.kind == "pots_awarded":
                awarded[ev.round_id] += 1
            if ev.kind == "settled":
                settled[ev.round_id] = ev.payload
    assert ends and max(ends.values()) == 1, "a hand ended twice"
    assert awarded and max(awarded.values()) == 1, "a hand's pots were awarded twice"
    assert set(awarded) == set(settled)
    assert len(settled) >= 5 and restarts <= POKER_KILLS
    game = get_game("holdem")
    for payload in settled.values():
        assert game.settle_record(payload["record"]) == payload["settlement"]
