"""Every shipped profile is its own table with its own journals, and a journal keeps the
game it was created for (issue 18, items 9 to 11: the README's examples run in the order
printed in one folder)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.cli.run import demo_journal
from dealer_station.cli.simulate import default_journal
from dealer_station.journal import Journal, JournalError
from dealer_station.profile_loader import load_profile

PROFILES = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "config").glob("*.toml"))


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=240)


def test_every_profile_has_its_own_table_id_journal_demo_and_simulation_journal() -> None:
    tables = [load_profile(name) for name in PROFILES]
    assert len(tables) == 12  # the seven of before, uth-beetek, holdem-beetek, uth-rfid, thb-rfid and thb-linked
    for paths in ([t.table_id for t in tables], [t.journal for t in tables],
                  [demo_journal(Path(t.journal), t.table_id) for t in tables],
                  [default_journal(t) for t in tables]):
        assert len(set(paths)) == len(tables), paths
    assert load_profile("uth-hand-deal").table_id != load_profile("thb-default").table_id


def test_simulations_of_two_profiles_in_one_folder_and_seats_from_the_profile(tmp_path: Path) -> None:
    uth = _cli(tmp_path, "simulate", "--rounds", "2", "--seed", "7", "--json")
    assert uth.returncode == 0, uth.stderr
    thb = _cli(tmp_path, "simulate", "--config", "thb-default", "--rounds", "3", "--json")  # no --seats: 6, not 7
    assert thb.returncode == 0, thb.stderr
    assert json.loads(uth.stdout)["journal"] == str(Path("var") / "simulate-T1.sqlite")
    assert json.loads(thb.stdout)["journal"] == str(Path("var") / "simulate-T2.sqlite")
    with Journal.open_readonly(tmp_path / "var" / "simulate-T2.sqlite") as journal:
        assert (journal.table_id, journal.purpose, journal.game) == ("T2", "simulation", "holdem_bonus")
        seats = {e.payload.get("seat") for e in journal.events(kinds={"jackpot_contribution"})}
    assert seats == {1, 2, 3, 4, 5, 6}
    too_many = _cli(tmp_path, "simulate", "--config", "thb-default", "--rounds", "1", "--seats", "7")
    assert too_many.returncode == 2 and "--seats must be 1 to 6" in too_many.stderr


def test_a_journal_keeps_its_game(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    Journal(path, table_id="T9", purpose="simulation", game="uth").close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match=r"is the journal of a uth table \(T9\), not holdem_bonus"):
        Journal(path, table_id="T9", purpose="simulation", game="holdem_bonus")
    with pytest.raises(JournalError, match="not holdem"):
        Journal.open_readonly(path, game="holdem")
    assert path.read_bytes() == before
    with Journal(path, table_id="T9", purpose="simulation", game="uth") as journal:
        assert journal.game == "uth" and journal.verify().ok
        created = next(iter(journal.events()))
    assert created.kind == "journal_created" and created.payload["game"] == "uth"


def test_a_mixed_floor_over_the_folder_of_another_is_refused_before_any_table_plays(tmp_path: Path) -> None:
    uth = _cli(tmp_path, "simulate", "--tables", "3", "--rounds", "1", "--journal-dir", "var/tables")
    assert uth.returncode == 0, uth.stderr
    tables = tmp_path / "var" / "tables"
    before = {p.name: p.read_bytes() for p in tables.glob("T0?.sqlite")}
    mixed = _cli(tmp_path, "simulate", "--tables", "3", "--rounds", "1", "--config", "uth-default,thb-default",
                 "--journal-dir", "var/tables")
    assert mixed.returncode == 2, mixed.stderr
    assert mixed.stderr.strip().splitlines() == [
        f"dealer-station simulate: error: {Path('var/tables/T02.sqlite')} is the journal of a uth table (T02), "
        "not holdem_bonus; use another journal file"]
    assert {p.name: p.read_bytes() for p in tables.glob("T0?.sqlite")} == before  # T01 and T03 did not play
    thb = Path(__file__).resolve().parents[1] / "config" / "thb-default.toml"
    (tmp_path / "thb-t02.toml").write_text(thb.read_text(encoding="utf-8").replace('table_id = "T2"',
                                                                                  'table_id = "T02"'))
    single = _cli(tmp_path, "simulate", "--config", "thb-t02.toml", "--rounds", "1", "--journal",
                  "var/tables/T02.sqlite")
    assert single.returncode == 2 and single.stderr.count("\n") == 1 and "a uth table (T02)" in single.stderr
    assert {p.name: p.read_bytes() for p in tables.glob("T0?.sqlite")} == before
