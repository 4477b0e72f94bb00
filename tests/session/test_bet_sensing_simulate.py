"""The simulated bet-sensing table (issue 21 item 5): real chip ids on the sensor's pty twin, faults
injected, every one caught and no false alarm (``simulate --json``'s ``bet_sensor`` object)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.play.sensed_play import FAULTS
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests import cli as station_cli

ROOT = Path(__file__).resolve().parents[2]

ALL_FAULTS = {"past_post": 0.5, "pinch": 0.4, "counterfeit": 0.4, "antenna_down": 0.4, "flaky_read": 0.6,
              "mispay": 0.5, "missed_collect": 0.5}


def check_caught(summary: dict) -> None:
    sensed = summary["bet_sensor"]
    assert set(sensed) == {*FAULTS, "false_alarms", "conservation"}
    for kind in FAULTS:
        assert sensed[kind]["caught"] == sensed[kind]["injected"], (kind, sensed)
        # one count of a fault per summary (issue 38): what took effect, in faults_injected too
        assert summary["faults_injected"][kind] == sensed[kind]["injected"], (kind, summary["faults_injected"])
    assert sensed["false_alarms"] == 0
    # every paid seat's layout money: taken off minus locked is its net (a keyed spot: the croupier's word)
    conservation = sensed["conservation"]
    assert conservation["mismatched"] == 0 and conservation["seats"] > 0, conservation
    assert conservation["seats"] + conservation["keyed"] >= summary["rounds_completed"]


def test_a_short_run_injects_every_bet_sensor_fault_and_catches_each(tmp_path: Path) -> None:
    table = load_profile("uth-rfid")
    summary = simulate(table, rounds=8, seed=3, seats=4, faults=ALL_FAULTS, journal=tmp_path / "j.sqlite",
                       progress=None).as_json()
    check_caught(summary)
    assert sum(summary["bet_sensor"][k]["injected"] for k in FAULTS) >= 10
    assert summary["rounds_completed"] == 8 and summary["voided"] == {}


def test_a_thb_pool_award_is_paid_off_the_layout_and_the_layout_money_still_balances(tmp_path: Path) -> None:
    table = load_profile("thb-rfid")
    summary = simulate(table, rounds=6, seed=5, seats=3, faults={"pool_hit": 1.0, "mispay": 0.5},
                       journal=tmp_path / "j.sqlite", progress=None).as_json()
    check_caught(summary)
    assert summary["faults_injected"]["pool_hit"] >= 1 and summary["voided"] == {}
    awarded = 0
    from dealer_station.journal import Journal
    with Journal.open_readonly(tmp_path / "j.sqlite") as journal:
        for record in journal.events(kinds={"settled"}):
            awarded += sum(1 for seat in record.payload["settlement"]["seats"]
                           if Decimal(seat.get("bets", {}).get("pool", "-1")) > 0)
    assert awarded >= 1  # a Pool award (paid by the jackpot, not on the layout) was in the balance


def test_bet_sensor_faults_at_a_table_without_one_are_refused_in_one_line(tmp_path: Path) -> None:
    done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", "uth-default", "--rounds",
                            "1", "--faults", "pinch:0.5", "--journal", str(tmp_path / "j.sqlite")], capture_output=True)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "pinch is a fault of the bet sensor" in done.stderr


ISSUE_FAULTS = "mispay:0.2,missed_collect:0.1,past_post:0.1,pinch:0.05,counterfeit:0.05,antenna_down:0.05,flaky_read:0.3"


@pytest.mark.slow(seconds=32)
def test_the_issue_check_300_rounds_every_fault_caught_none_false(tmp_path: Path) -> None:
    """Both profiles at once, each its own station process (one core each): 2 x 300 rounds."""
    runs = {profile: subprocess.Popen(
        [sys.executable, "-m", "dealer_station", "simulate", "--config", profile, "--rounds", "300", "--seed", "1",
         "--seats", str(seats), "--faults", ISSUE_FAULTS, "--json", "--journal", str(tmp_path / f"{profile}.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        for profile, seats in (("uth-rfid", 7), ("thb-rfid", 6))}
    try:
        done = {profile: run.communicate(timeout=600) for profile, run in runs.items()}
    finally:
        for run in runs.values():
            if run.poll() is None:
                run.kill()
                run.wait()
    for profile, (out, err) in done.items():
        assert runs[profile].returncode == 0, (profile, err[-2000:])
        summary = json.loads(out)
        check_caught(summary)
        assert summary["rounds_completed"] == 300, (profile, summary["voided"], summary.get("devices"))
        assert all(summary["bet_sensor"][k]["injected"] > 0 for k in FAULTS), (profile, summary["bet_sensor"])
