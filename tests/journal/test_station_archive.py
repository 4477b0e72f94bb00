"""The station archives by itself: once a gaming day, at its first tick with no round in progress, into the
profile's archive folder, with what its own forwarder has shipped to a real floor; never twice a day, never
while a round is in progress."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from dealer_station.config import ArchiveConfig
from dealer_station.floor.forwarder import Forwarder
from dealer_station.station import Station
from tests.floor.conftest import new_floor
from tests.pg import PostgresServer

from ._days import FIRST_DAY, Table, noon_day, stored

DAYS, KEEP = 10, 2


def test_the_station_archives_once_a_gaming_day_between_rounds(tmp_path: Path, pg_server: PostgresServer) -> None:
    floor = new_floor(pg_server)
    folder = tmp_path / "archive"
    folder.mkdir()
    table = Table(tmp_path / "journal.sqlite", archive=folder)
    table.play_days(DAYS, 2)
    profile = table.table.model_copy(update={"archive": ArchiveConfig(folder=str(folder), keep_days=KEEP)})
    station = Station(profile, journal_path=tmp_path / "journal.sqlite", drivers={}, purpose="simulation")
    station.session, station.journal = table.session, table.journal
    station.forwarder = Forwarder(table.journal, floor.station_url, "T1", backoff_cap=0.2).start()
    try:
        assert station.forwarder.wait_acknowledged(60)
        today = FIRST_DAY + timedelta(days=DAYS - 1)
        noon = datetime.combine(today, datetime.min.time(), UTC) + timedelta(hours=12)
        table.clock.day(DAYS - 1)
        table.croupier.step()  # opens a round: no pass while it is in progress
        assert table.session.view().round is not None and not table.session.view().round.finished
        assert station._archive_when_due(noon) is None
        table.play_round()
        thread = station._archive_when_due(noon)
        assert thread is not None
        thread.join(60)
        assert station._archive_when_due(noon + timedelta(hours=1)) is None  # once a day
    finally:
        station.forwarder.stop()
        table.close()
    live = stored(tmp_path / "journal.sqlite")
    days_live = {noon_day(row[1]) for row in live[1:] if row[4] == "round_opened"}
    assert days_live == {today - timedelta(days=n) for n in range(KEEP + 1)}
    assert len(list(folder.glob("*.manifest.json"))) == DAYS - KEEP - 1
