"""``dealer-station jackpot``: the regulators' meters and the latest hits, from the journal."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests import cli as station_cli

from .test_thb_simulation import conserved_at_every_position


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True, timeout=120)


def test_jackpot_prints_the_meters_and_the_hits_newest_first(tmp_path: Path) -> None:
    journal = tmp_path / "thb.sqlite"
    simulate(load_profile("thb-default"), rounds=20, seed=5, seats=6, faults={"pool_hit": 0.6},
             journal=journal, progress=None)
    meter = conserved_at_every_position(journal)
    done = _cli("jackpot", "--journal", str(journal), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"meter", "overflow", "opening", "reset", "hits", "contributed", "awarded", "seeded",
                           "reconciled", "installed", "history"}
    assert Decimal(report["meter"]) == meter.meter and report["hits"] == meter.hits >= 2
    assert Decimal(report["awarded"]) == meter.awarded and Decimal(report["seeded"]) == meter.seeded
    history = report["history"]
    assert len(history) == min(meter.hits, 25)
    assert [h["at"] for h in history] == sorted((h["at"] for h in history), reverse=True)
    assert all(h["hand"] in {"straight", "flush", "full_house", "four_of_a_kind", "straight_flush", "royal_flush"}
               for h in history)
    verified = [h for h in history if Decimal(h["amount"]) >= Decimal("250")]
    assert all(h["verified_by"] == "supervisor:9999" for h in verified)
    text = _cli("jackpot", "--journal", str(journal))
    assert text.returncode == 0 and f"hits         {meter.hits}" in text.stdout


def test_a_table_without_a_meter_is_refused_in_one_line(tmp_path: Path) -> None:
    journal = tmp_path / "uth.sqlite"
    simulate(load_profile("uth-default"), rounds=1, seed=1, seats=1, journal=journal, progress=None)
    done = _cli("jackpot", "--journal", str(journal))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "no jackpot meter" in done.stderr
    missing = _cli("jackpot", "--journal", str(tmp_path / "nope.sqlite"))
    assert missing.returncode == 2 and "no journal" in missing.stderr


def test_the_meters_reconcile_from_the_journal_after_a_restart_with_another_reset(tmp_path: Path) -> None:
    """A table restarted with a higher reset (raised at once by a house seed) and later a
    lower one: the report's opening balance, not today's reset, closes the identity, and it
    lists every installation of the rules."""
    journal = tmp_path / "thb.sqlite"
    profile = Path(__file__).resolve().parents[2] / "config" / "thb-default.toml"
    text = profile.read_text(encoding="utf-8").replace(  # its approved program images stay where they are
        "[devices]", f'[devices]\nprograms = "{profile.parent / "programs"}"', 1)
    assert 'reset = "500.00"' in text
    resets = ("500.00", "600.00", "550.00")
    for n, reset in enumerate(resets):
        changed = tmp_path / f"thb-{reset}.toml"
        changed.write_text(text.replace('reset = "500.00"', f'reset = "{reset}"'), encoding="utf-8")
        done = _cli("simulate", "--config", str(changed), "--rounds", "6", "--seed", str(n + 3),
                    "--faults", "pool_hit:0.5", "--journal", str(journal))
        assert done.returncode == 0, done.stderr
    meter = conserved_at_every_position(journal)
    done = _cli("jackpot", "--journal", str(journal), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    money = {key: Decimal(report[key]) for key in ("meter", "overflow", "opening", "reset", "contributed",
                                                      "awarded", "seeded")}
    assert money["opening"] == Decimal("500.00") and money["reset"] == Decimal("550.00")
    assert money["seeded"] >= Decimal("50.00")  # the raise to 600 was the house's seed, journaled
    assert (money["opening"] + money["contributed"] + money["seeded"] - money["awarded"]
            == money["meter"] + money["overflow"]), report
    assert report["reconciled"] is True and money["meter"] == meter.meter and money["seeded"] == meter.seeded
    assert [rules["reset"] for rules in report["installed"]] == list(resets)
    assert all(rules["at"] and rules["rate"] == "0.25" for rules in report["installed"])
    printed = _cli("jackpot", "--journal", str(journal))
    assert printed.returncode == 0 and f"opening      {report['opening']}" in printed.stdout
    assert "= meter + overflow: reconciles" in printed.stdout and printed.stdout.count("  rate 0.25  reset ") == 3
