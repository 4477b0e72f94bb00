"""Kill the station at any point of a sensed round (issue 21): a real station process, SIGKILL, restart.

On restart the locked stakes are the journaled ones (``bets_sensed``, ``decision_sensed``), whatever
the sensor says then: before "no more bets" nothing was locked, so the layout is what counts; after
the lock a different layout is an alarm, never a new stake; mid-settlement the seats still to pay
are owed what their journaled stakes make, and the seat paid stays paid (and ``simulate`` run again
on that journal finishes the round with the locked chips back on the layout).
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from dealer_station.journal import Journal
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore, credentials_path

from .sensed_kill_child import HELD_ROUND
from .test_bet_sensing import SPOTS, chip

ROOT = Path(__file__).resolve().parents[2]
WAIT = 10.0


def kill_at(journal: Path, point: str) -> None:
    """Run the child station to ``point`` of round 2 and SIGKILL it there."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen([sys.executable, "-m", "tests.session.sensed_kill_child", str(journal), point],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert child.stdout is not None
        line = _first_mark(child.stdout.fileno(), time.monotonic() + 20.0)
        assert line == f"AT {point}", f"the station never reached {point} (its last line: {line!r})"
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def _first_mark(fd: int, deadline: float) -> str:
    """The child's first line starting ``AT `` (its log lines go to stdout too), read straight from the
    pipe: a buffered ``readline`` may hold the mark while ``select`` waits on an empty pipe."""
    seen = b""
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while sel.select(max(0.0, deadline - time.monotonic())):
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            seen += chunk
            *lines, _partial = seen.split(b"\n")
            marks = [line for line in lines if line.startswith(b"AT ")]
            if marks:
                return marks[0].decode().strip()
    lines = seen.decode(errors="replace").strip().splitlines()
    return lines[-1] if lines else ""


def journaled(journal: Path) -> tuple[str, dict[tuple[int, str], tuple[Decimal, tuple[str, ...]]]]:
    """The held round's id and what its journal locked: (seat, spot) -> (amount, chips)."""
    with Journal.open_readonly(journal) as opened:
        round_id = [e.payload["round_id"] for e in opened.events(kinds={"round_opened"})][HELD_ROUND - 1]
        locked: dict[tuple[int, str], tuple[Decimal, tuple[str, ...]]] = {}
        for e in opened.events(round_id=round_id, kinds={"bets_sensed", "decision_sensed"}):
            for s in e.payload["spots"] if e.kind == "bets_sensed" else [e.payload]:
                locked[(s["seat"], s["spot"])] = (Decimal(s["amount"]), tuple(sorted(s["chips"])))
    return round_id, locked


def restarted(journal: Path) -> tuple[Station, Any]:
    table = load_profile("uth-rfid")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=8", "reader": "sim://usb?seed=9",
                                               "bet_sensor": "sim://betsensor?seed=10", "link_timeout": 0.5})
    station = Station(table.model_copy(update={"devices": devices}), journal_path=journal,
                      credentials=CredentialStore(credentials_path(journal)), purpose="simulation")
    session = station.start()
    assert session.wait_for(lambda s: all(s.device(n).connected for n in station.drivers), WAIT)
    sensor = station.simulator("bet_sensor")
    sensor.add_antennas((seat, spot) for seat in range(1, 8) for spot in SPOTS)
    return station, sensor


def read(station: Station, sensor: Any, rounds: int) -> None:
    """The sensor scans ``rounds`` rounds of the layout as it is now; the station reads them all."""
    session = station.session
    assert session is not None and session.view().sensed is not None
    target = sensor.scan(rounds)

    def read_all(_state: object) -> bool:
        sensed = session.view().sensed
        return sensed is not None and (sensed.last_round or 0) >= target

    assert session.wait_for(read_all, WAIT)


def locked_now(station: Station) -> dict[tuple[int, str], tuple[Decimal, tuple[str, ...]]]:
    rnd = station.session.view().round if station.session is not None else None
    assert rnd is not None
    locked = rnd.sensed.locked if rnd.sensed is not None else None
    return {k: (v.amount, tuple(sorted(v.chips))) for k, v in (locked or {}).items()}


@pytest.mark.slow(seconds=28)
def test_killed_at_any_point_of_a_sensed_round_the_restarted_station_holds_the_journaled_stakes(tmp_path: Path) -> None:
    # before "no more bets": nothing locked, so the sensor's layout after the restart is the stake
    journal = tmp_path / "before_lock.sqlite"
    kill_at(journal, "before_lock")
    round_id, locked = journaled(journal)
    assert locked == {}
    station, sensor = restarted(journal)
    try:
        session = station.session
        assert session is not None and session.view().round is not None and session.view().round.round_id == round_id
        assert session.view().phase == "betting" and locked_now(station) == {} and session.view().round.seats == {}
        sensor.place(2, "ante", [chip("25", 1)])
        sensor.place(2, "blind", [chip("25", 2)])
        read(station, sensor, 3)
        assert session.wait_for(lambda s: s.deck_verified, WAIT)
        session.execute("no_more_bets")
        assert locked_now(station) == {(2, "ante"): (Decimal(25), (chip("25", 1),)),
                                       (2, "blind"): (Decimal(25), (chip("25", 2),))}
    finally:
        station.stop()

    # after the lock and the deal: another layout is an alarm; the stakes stay the journaled ones
    journal = tmp_path / "after_lock.sqlite"
    kill_at(journal, "after_lock")
    round_id, locked = journaled(journal)
    assert locked and all(chips for _, chips in locked.values())
    station, sensor = restarted(journal)
    try:
        session = station.session
        assert session is not None and session.view().round is not None and session.view().round.round_id == round_id
        assert session.view().phase == "preflop" and locked_now(station) == locked
        extra = iter(range(50))  # low ids: the racks hand out the high ones first
        for (seat, spot), (_amount, chips) in locked.items():  # every spot one 5 chip over what was locked
            sensor.place(seat, spot, [*chips, chip("5", next(extra))])
        read(station, sensor, 4)
        rnd = session.view().round
        assert rnd.halt is not None and rnd.halt.kind == "bet_alarm" and rnd.halt.cause == "past_post"
        alarm = next(session.journal.events(round_id=round_id, kinds={"bet_alarm"})).payload
        assert Decimal(alarm["locked"]) == locked[(alarm["seat"], alarm["spot"])][0]
        assert locked_now(station) == locked
        for (seat, spot), (amount, _chips) in locked.items():
            assert session.view().seat_stakes(seat)[spot] == amount
    finally:
        station.stop()

    # mid-settlement: an empty layout changes nothing locked; the seat paid stays paid
    journal = tmp_path / "mid_settlement.sqlite"
    kill_at(journal, "mid_settlement")
    round_id, locked = journaled(journal)
    station, sensor = restarted(journal)
    try:
        session = station.session
        assert session is not None and session.view().round is not None and session.view().round.round_id == round_id
        assert session.view().phase == "settlement" and locked_now(station) == locked
        read(station, sensor, 4)  # nothing on the layout
        rnd = session.view().round
        assert sum(seat.paid for seat in rnd.seats.values()) == 1 and rnd.halt is None
        for (seat, spot), (amount, _chips) in locked.items():
            assert session.view().seat_stakes(seat)[spot] == amount
        problems = session.view().payout_problems()
        sensed = session.view().sensed
        assert sensed is not None
        for seat, hand in rnd.seats.items():
            owed = {spot: due for spot, due in sensed.rules.due(rnd, seat, session.view().seat_stakes(seat)).items()
                    if due}
            if hand.paid or not owed:
                assert seat not in problems
            else:
                assert problems[seat] == [f"{session.view().game.labels[spot]}: short {due}" for spot, due in owed.items()]
    finally:
        station.stop()
    # and simulate, started again on that journal, finishes the recovered round first: the locked chips
    # are back on the layout, every seat is paid what its journaled stakes make, the money balances
    summary = simulate(load_profile("uth-rfid"), rounds=1, seed=11, seats=3, journal=journal, progress=None).as_json()
    assert summary["rounds_completed"] == 2 and summary["voided"] == {}
    assert summary["bet_sensor"]["false_alarms"] == 0
    assert summary["bet_sensor"]["conservation"]["mismatched"] == 0 and summary["bet_sensor"]["conservation"]["seats"] >= 5
