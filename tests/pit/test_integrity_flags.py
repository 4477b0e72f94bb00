"""What the floor holds flagged, and a login's own alarm, on the auditors' integrity page (0007)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import psycopg
import pytest
from starlette.testclient import TestClient

from dealer_station.cards import parse_card
from dealer_station.errors import RuleError
from dealer_station.floor.ingest import send_batch
from dealer_station.floor.journal_rows import JournalRows
from dealer_station.floor.link import FloorLink
from dealer_station.jackpot import PoolHit
from dealer_station.journal import Journal
from dealer_station.pit.app import create_app
from dealer_station.pit.page import PitSettings
from tests.floor.conftest import new_floor
from tests.floor.test_ingest import forward
from tests.pg import PostgresServer
from tests.pit.conftest import PAR_ROUNDS, make_state, signed_in, wait_ready


def test_a_flagged_record_and_a_logins_alarm_show_on_the_integrity_page(
        pg_server: PostgresServer, tmp_path: Path) -> None:
    from dealer_station.cli import main

    floor = new_floor(pg_server)
    path = tmp_path / "X1.sqlite"
    with Journal(path, table_id="X1", purpose="simulation") as journal:
        journal.append("device_status", {"device": "reader", "state": "fault:jam\x00"}, actor="device:reader")
        bad_seq = journal.last_seq
        journal.append("dealer_signed_in", {"name": "Ann"}, actor="croupier")
    forward(path, floor.station_url, table_id="X1")
    assert main(["floor", "pin-station", "--floor", floor.owner_url, "--login", "x1_station", "--table-id", "X1"]) == 0
    with JournalRows(path) as rows, psycopg.connect(floor.server.url("x1_station", floor.dbname)) as conn:
        assert send_batch(conn, "X2", rows.tail(), rows.rows(0, 1)).status == "refused"
    (tmp_path / "state").mkdir()
    app = create_app(PitSettings(floor_url=floor.report_url, state_dir=make_state(tmp_path / "state"),
                                 par_rounds=PAR_ROUNDS, poll=0.5))
    with TestClient(app):
        wait_ready(app)
        ann = signed_in(app, "ann")
        doc = ann.get("/api/integrity").json()
        [table] = doc["tables"]
        assert table["table"] == "X1" and table["anchored_seq"] == bad_seq + 1  # held past the flagged record
        [alarm] = table["alarms"]
        assert alarm["first_bad_seq"] == bad_seq and "held but flagged" in alarm["reason"]
        [login] = doc["logins"]
        assert login["login"] == "x1_station" and login["attempts"] == 1 and "pinned to X1" in login["reason"]
        page = ann.get("/integrity").text
        assert "held but flagged" in page and "Station logins" in page and "x1_station" in page
        tiles = ann.get("/api/floor")
        assert tiles.status_code == 200 and "X1" in tiles.text and "X2" not in tiles.text


def test_a_link_refusal_shows_as_the_controllers_alarm_not_as_a_broken_chain(pg_server: PostgresServer,
                                                                              tmp_path: Path) -> None:
    from tests.floor.test_jackpot_link import terms

    floor = new_floor(pg_server)
    path = tmp_path / "L01.sqlite"
    with Journal(path, table_id="L01", purpose="simulation") as journal:
        journal.append("dealer_signed_in", {"name": "Ann"}, actor="croupier")
    forward(path, floor.station_url, table_id="L01")
    link = FloorLink(floor.station_url, terms(), "L01")
    link._join()
    royal = tuple(parse_card(c) for c in ("As", "Ks", "Qs", "Js", "Ts"))
    with pytest.raises(RuleError, match="no Pool stake"):
        link.award("L01-000001", [PoolHit(1, "royal_flush", Decimal(100), royal)])
    (tmp_path / "state").mkdir()
    app = create_app(PitSettings(floor_url=floor.report_url, state_dir=make_state(tmp_path / "state"),
                                 par_rounds=PAR_ROUNDS, poll=0.5))
    with TestClient(app):
        wait_ready(app)
        ann = signed_in(app, "ann")
        [table] = ann.get("/api/integrity").json()["tables"]
        assert table["table"] == "L01" and table["alarms"] == []
        [alarm] = table["link_alarms"]
        assert alarm["reason"].startswith("link bank-1 refused award for round L01-000001: seat 1 has no Pool stake")
        page = ann.get("/integrity").text
        assert 'class="no link-alarm"' in page and "the station's journal stopped extending" not in page
