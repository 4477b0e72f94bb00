"""``simulate`` plays whole table-shifts at a table with a [bank]: each closes with its tray as the rounds,
the buy-ins, the fills and credits and the opener say, the next opens with it, and the shifts' wins add up
to the run's."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

from tests.cli import run


def test_simulated_shifts_balance_and_follow_each_other(tmp_path: Path) -> None:
    out = run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "5", "--shift-rounds", "2", "--json",
               "--seed", "7", "--seats", "3", "--journal", str(tmp_path / "sim.sqlite")], capture_output=True)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    shifts = result["bank"]["shifts"]
    assert [s["shift"].split("/")[1] for s in shifts] == ["1", "2", "3"]  # 2 + 2 + 1 rounds
    assert all(s["table_id"] == "T1" and s["tray_variance"] == "0.00" and s["tray_class"] == "ok" for s in shifts)
    assert shifts[0]["opener_value"] == "12620.00" and shifts[0]["opener_discrepancy"] is None  # par, first shift
    assert Fraction(shifts[0]["recorded_drop"]) >= 300  # the three seats buy in when they sit down
    for before, after in zip(shifts, shifts[1:], strict=False):
        assert after["opener_value"] == before["closer_value"] and after["opener_discrepancy"] == "0.00"
    # the shifts' wins are the run's (its rounds' journaled house results, summed apart)
    assert sum(Fraction(s["computed_win"]) for s in shifts) == Fraction(result["house_net"])
    for s in shifts:  # the closer is what the opener, the slips, the buy-ins and the rounds leave
        assert Fraction(s["closer_value"]) == (Fraction(s["opener_value"]) + Fraction(s["fills"])
                                               - Fraction(s["credits"]) - Fraction(s["recorded_drop"])
                                               + Fraction(s["computed_win"]))
        # no fault: the count finds the buy-ins in the drop box, and the three wins agree
        assert s["drop"] == s["recorded_drop"] and s["accounting_win"] == s["computed_win"]
        assert s["win_variance"] == s["drop_variance"] == "0.00"
        # no floor to number a slip (and no bank fault asking for the simulation's own desk): no fill, no credit
        assert s["fills"] == s["credits"] == "0.00"
    assert result["bank"]["false_alarms"] == 0


def test_a_table_without_a_bank_says_nothing_of_shifts(tmp_path: Path) -> None:
    out = run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "1", "--json", "--config",
               "uth-hand-deal", "--journal", str(tmp_path / "sim.sqlite")], capture_output=True)
    assert out.returncode == 0, out.stderr
    assert "bank" not in json.loads(out.stdout)


def test_bank_faults_a_run_cannot_catch_are_refused_in_one_line_before_anything_is_written(tmp_path: Path) -> None:
    journal = tmp_path / "sim.sqlite"
    cases = [
        (["--faults", "short_fill:0.1,tray_skimm:0.1"], "unknown fault kind 'tray_skimm'"),
        (["--faults", "drop_short:1.5"], "RATE must be a probability"),
        (["--faults", "missing_credit:0.1"], "missing_credit is caught by the cage on the floor: give --floor URL"),
        (["--faults", "tray_skim:0.1", "--config", "uth-hand-deal"], "tray_skim is a fault of the table bank"),
        (["--back-office", "postgresql://nobody@%2Fnowhere/floor"], "give --floor URL too"),
    ]
    for args, said in cases:
        out = run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "3", "--journal", str(journal),
                   *args], capture_output=True)
        assert out.returncode == 2 and said in out.stderr, (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
        assert not journal.exists()


def test_bank_faults_without_a_floor_are_caught_by_the_tables_checks_and_the_counts_figures(tmp_path: Path) -> None:
    rates = "short_fill:0.3,unslipped_fill:0.3,tray_skim:0.3,drop_short:0.3,opener_mismatch:0.3"
    out = run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "12", "--shift-rounds", "4", "--json",
               "--seed", "3", "--seats", "2", "--faults", rates, "--journal", str(tmp_path / "sim.sqlite")],
              capture_output=True)
    assert out.returncode == 0, out.stderr
    bank = json.loads(out.stdout)["bank"]
    for kind in ("unslipped_fill", "tray_skim", "drop_short", "opener_mismatch", "short_fill"):
        assert bank[kind]["caught"] == bank[kind]["injected"] > 0, (kind, bank[kind])
    assert bank["missing_credit"] == {"injected": 0, "caught": 0} and bank["false_alarms"] == 0
    shifts = bank["shifts"]
    assert len(shifts) == 3
    for before, after in zip(shifts, shifts[1:], strict=False):  # the opener's check: against the closer before it
        assert Fraction(after["opener_discrepancy"]) == Fraction(after["opener_value"]) - Fraction(before["closer_value"])


def test_a_continued_simulation_goes_on_with_its_own_slip_numbers(tmp_path: Path) -> None:
    from dealer_station.journal import Journal

    journal = tmp_path / "sim.sqlite"
    # a run with bank faults and no floor numbers its own slips; the second continues the first's journal: its
    # desk must not number from 1 again
    issued_by: list[list[tuple[str, int]]] = []
    for seed in (5, 6):
        out = run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "4", "--shift-rounds", "2",
                   "--seed", str(seed), "--seats", "4", "--faults", "drop_short:0.1", "--journal", str(journal)],
                  capture_output=True)
        assert out.returncode == 0, out.stderr
        with Journal.open_readonly(journal) as opened:
            issued_by.append([(e.payload["kind"], e.payload["number"]) for e in opened.events(kinds={"slip_issued"})])
    first, issued = issued_by
    assert first and len(issued) > len(first), "each run issued slips: the second one's numbers are the check"
    for kind in ("fill", "credit"):
        numbers = [n for k, n in issued if k == kind]
        assert numbers == list(range(1, len(numbers) + 1))
