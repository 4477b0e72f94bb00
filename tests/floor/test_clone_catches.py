"""A cloned chip counts as a counterfeit on the floor, as on the croupier's screen (issue 38 item 3,
migration 0018): once per round and chip id, however many spots and seats it was seen on, and the same id
refused as unknown in the same round counts once with it. A floor that received the clone before 0018
counts it after the migration, every other figure unchanged."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import psycopg

from dealer_station.floor.migrate import migrate
from dealer_station.journal import Journal
from dealer_station.table.sensing import SensorHeld
from tests.floor.conftest import Floor
from tests.floor.test_ingest import forward
from tests.floor.test_measures import _figures
from tests.floor.test_report import assert_floor_equals_facts
from tests.floor.test_sensor_measures import catches, facts_of, floor_report, screen_tally
from tests.pg import PostgresServer

CLONED, THIRD, OTHER = "E004050000000001", "E004040000000002", "E0FF000000000009"


def held(command: str, seat: int, *spots: tuple[str, str, str]) -> dict[str, object]:
    """A ``sensor_held`` payload; each spot (spot, kind, chip)."""
    return SensorHeld(command, seat, tuple({"spot": spot, "kind": kind, "amount": "0", "chip": chip}
                                           for spot, kind, chip in spots)).payload()


def cloned_round(path: Path, table_id: str = "X5") -> None:
    """A round held by a clone seen on two seats (two records), seen again after a restart (a third), and
    the same id refused as unknown at "No more bets" beside another unknown chip; a second id cloned onto
    one spot twice: three counterfeits."""
    rid = f"{table_id}-1"
    with Journal(path, table_id=table_id) as j:
        j.append("round_opened", {"round_id": rid, "number": 1}, actor="croupier", round_id=rid)
        j.append("sensor_held", held("round", 1, ("ante", "clone", CLONED), ("blind", "clone", CLONED)),
                 actor="device:bet_sensor", round_id=rid)
        j.append("sensor_held", held("round", 2, ("ante", "clone", CLONED)), actor="device:bet_sensor", round_id=rid)
        j.append("sensor_held", held("round", 2, ("ante", "clone", CLONED)), actor="device:bet_sensor", round_id=rid)
        j.append("sensor_held", held("no_more_bets", 2, ("ante", "unknown_chip", CLONED),
                                     ("trips", "unknown_chip", OTHER)), actor="croupier", round_id=rid)
        j.append("sensor_held", held("round", 3, ("play", "clone", THIRD)), actor="device:bet_sensor", round_id=rid)
        j.append("round_voided", {"cause": "supervisor", "by": "supervisor:0412"}, actor="supervisor:0412",
                 round_id=rid)


def test_a_clone_counts_once_per_chip_on_the_floor_in_a_journals_report_and_on_the_screen(floor: Floor,
                                                                                          tmp_path: Path) -> None:
    path = tmp_path / "X5.sqlite"
    cloned_round(path)
    forward(path, floor.station_url, table_id="X5")
    assert_floor_equals_facts(floor.report_url, facts_of(path))
    [row] = floor_report(floor.report_url).rows
    assert catches(row) == (0, Decimal(0), 0, 3) == catches(screen_tally(path))
    with psycopg.connect(floor.report_url) as conn:
        held_rows = [tuple(r) for r in conn.execute("SELECT what, key FROM floor.sensor_catches ORDER BY key")]
    assert held_rows == sorted([("counterfeit", CLONED), ("counterfeit", THIRD), ("counterfeit", OTHER)],
                               key=lambda r: r[1])


def test_a_floor_that_got_the_clone_before_0018_counts_it_after(pg_server: PostgresServer, tmp_path: Path) -> None:
    path = tmp_path / "X5.sqlite"
    cloned_round(path)
    url = pg_server.create_database("floor_at_v15_clones")
    migrate(url, up_to=15)
    forward(path, url, table_id="X5")
    unmigrated = _figures(url)
    assert unmigrated["totals"]["counterfeits"] == 2  # the unknown_chip record's two chips: 0013 knew those only
    assert "0018_clone_catches" in migrate(url)
    after = _figures(url)
    assert after["totals"]["counterfeits"] == 3  # THIRD's clone (CLONED's was already its unknown chip)
    assert {k: v for k, v in after["totals"].items() if k != "counterfeits"} == {
        k: v for k, v in unmigrated["totals"].items() if k != "counterfeits"}
    assert_floor_equals_facts(url, facts_of(path))
