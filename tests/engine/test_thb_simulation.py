"""THB through the real drivers and simulators: stacked Pool hits, faults, disputes, and the
meter's conservation at every journal position (reset + contributed + seeded - awarded ==
meter + overflow), replayed from the journal file."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from dealer_station.jackpot import FACT_KINDS, JackpotInstalled, JackpotMeter, installed
from dealer_station.journal import Journal
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from dealer_station.recall import recall_last
from dealer_station.table.event_base import decode


def conserved_at_every_position(path: Path) -> JackpotMeter:
    """Conserved after every fact; at or above reset after every fact but an award, and after every void's
    run of reversals (journaled in one transaction, newest first: a seed's reversal may come before its
    award's, so the meter is below reset only between two records no one can observe apart)."""
    meter: JackpotMeter | None = None
    reversing: int | None = None  # seq of the first reversal of the run being read
    with Journal.open_readonly(path) as journal:
        for record in journal.events():
            if reversing is not None and record.kind != "jackpot_reversal":
                assert meter is not None and meter.meter >= meter.rules.reset, ("after the reversals from", reversing)
                reversing = None
            if record.kind == JackpotInstalled.kind:
                meter = installed(meter, decode(record.kind, record.payload).rules)  # type: ignore[attr-defined]
            elif record.kind in FACT_KINDS:
                assert meter is not None
                meter = meter.apply(decode(record.kind, record.payload))  # type: ignore[arg-type]
                assert meter.conserved, f"not conserved at seq {record.seq}"
                if record.kind == "jackpot_reversal":
                    reversing = record.seq if reversing is None else reversing
                else:
                    assert meter.meter >= meter.rules.reset or record.kind == "jackpot_award", record.seq
    assert meter is not None and (reversing is None or meter.meter >= meter.rules.reset)
    return meter


def test_simulated_thb_with_hits_faults_and_disputes_conserves_the_meter(tmp_path: Path) -> None:
    journal = tmp_path / "thb.sqlite"
    summary = simulate(load_profile("thb-default"), rounds=30, seed=4, seats=6,
                       faults={"pool_hit": 0.5, "jam": 0.1, "dispute": 0.1}, journal=journal, progress=None)
    assert summary.rounds_completed >= 15
    meter = conserved_at_every_position(journal)
    assert summary.jackpot is not None and summary.jackpot["hits"] == meter.hits >= 3
    assert Decimal(summary.jackpot["meter"]) == meter.meter
    with Journal.open_readonly(journal) as j:
        rounds = recall_last(j, 100)
    awarded = sum(Decimal(a["amount"]) for r in rounds if r["settlement"] for a in r["settlement"]["jackpot"]["awards"])
    assert awarded == meter.awarded  # voided rounds' awards were reversed; the rest were paid once
    hits = [r for r in rounds if r["settlement"] and r["settlement"]["jackpot"]["awards"]]
    assert all(Decimal(s["bets"]["pool"]) > 0 for r in hits for s in r["settlement"]["seats"]
               if any(a["seat"] == s["seat"] for a in r["settlement"]["jackpot"]["awards"]))
