"""A simulated shoe is a unit of its own per table and seed, and a journal continued with the same seed
does not replay its decks (issue 38, item 16): the floor's shuffle audit, which groups deals by serial
number and flags a deck dealt twice, sees no repeat that only the simulation made."""

from __future__ import annotations

from pathlib import Path

from dealer_station.audit.deals import from_journal
from dealer_station.audit.report import audit_all
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile


def test_two_tables_on_the_default_seed_have_two_shoes(tmp_path: Path) -> None:
    shoes = {}
    for profile in ("uth-default", "uth-alt-paytable"):  # tables T1 and T3
        journal = tmp_path / f"{profile}.sqlite"
        simulate(load_profile(profile), rounds=2, seed=1, seats=1, journal=journal, progress=None)
        shoes[profile] = from_journal(journal)
    assert list(shoes["uth-default"]) == ["SIM-SHUFFLER-T1-1"]
    assert list(shoes["uth-alt-paytable"]) == ["SIM-SHUFFLER-T3-1"]


def test_a_journal_continued_with_the_same_seed_deals_new_decks(tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    table = load_profile("uth-default")
    for _ in range(2):
        simulate(table, rounds=3, seed=7, seats=1, journal=journal, progress=None)
    (shoe,) = from_journal(journal).values()  # one unit: the same table and seed
    orders = [deal.cards for deal in shoe.deals]
    assert len(orders) == 6 and len(set(orders)) == 6  # no deck dealt twice
    (audit,) = audit_all({shoe.serial: shoe})
    repeats = next(t for t in audit.tests if t.name == "repeats")
    assert not repeats.detail.get("repeated")
