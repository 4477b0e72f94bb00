"""The bet sensor's figures on the pit page (issue 21): the report's "Bet sensor" section and the
"Bet sensor this shift" of the page behind a sensing table's tile (alarms, overrides, mispays, losing bets
left, counterfeit chips), from a real floor fed the journal of ``simulate --config uth-rfid --faults ...``;
a table without a sensor shows neither."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from dealer_station.floor.layout import place
from dealer_station.floor.report_data import parse_at
from dealer_station.journal import Journal
from dealer_station.pit.app import create_app
from dealer_station.pit.page import PitSettings
from tests.conftest import SensorRun
from tests.floor.conftest import Floor, new_floor, played_journal  # noqa: F401  (a session fixture)
from tests.floor.test_ingest import forward
from tests.pg import PostgresServer
from tests.pit.browser import chromium, sign_in
from tests.pit.conftest import PAR_ROUNDS, PASSWORD, LiveServer, make_state, signed_in, wait_ready

pytestmark = pytest.mark.slow  # the simulated bet-sensing table (about 8 s, once per session) and a browser
ALL_TIME = {"from": "2020-01-01T00:00", "by": "table"}


@pytest.fixture(scope="module")
def sensor_floor(pg_server: PostgresServer, sensor_run: SensorRun, played_journal: Path) -> Floor:  # noqa: F811
    """T1R (uth-rfid, a bet sensor) and T1 (uth-default, none), in one pit."""
    floor = new_floor(pg_server)
    forward(sensor_run.journal, floor.station_url, table_id="T1R")
    forward(played_journal, floor.station_url)
    for position, table_id in enumerate(("T1R", "T1"), start=1):
        place(floor.owner_url, table_id, "Pit 1", position)
    return floor


def pit_settings(floor: Floor, folder: Path, journal: Path) -> PitSettings:
    """The pit's clock a minute after the sensing table's last record: its rounds are this shift's."""
    with Journal.open_readonly(journal) as j:
        last = max(parse_at(e.at) for e in j.events()).timestamp()
    offset = time.time() - (last + 60)
    return PitSettings(floor_url=floor.report_url, state_dir=make_state(folder), par_rounds=PAR_ROUNDS, poll=0.5,
                       clock=lambda: time.time() - offset)


@pytest.fixture(scope="module")
def sensor_app(sensor_floor: Floor, sensor_run: SensorRun,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[Starlette]:
    application = create_app(pit_settings(sensor_floor, tmp_path_factory.mktemp("sensor-pit"), sensor_run.journal))
    with TestClient(application):
        wait_ready(application, par=0)  # the figures do not wait for par
        yield application


def test_the_report_and_the_table_page_show_the_sensor_figures(sensor_app: Starlette, sensor_run: SensorRun) -> None:
    sam = signed_in(sensor_app, "sam")
    page = sam.get("/reports", params=ALL_TIME)
    assert page.status_code == 200, page.text
    section = page.text.split('id="sensor-rows"', 1)[1].split("</table>", 1)[0]
    assert "<th>past-post</th>" in section and "<th>overridden</th>" in section and "<th>mispaid</th>" in section
    [row] = [r for r in section.split("<tr")[1:] if "<td>T1R</td>" in r]
    cells = [c.split("</td>")[0] for c in row.split("<td>")[1:]]
    caught = [str(sensor_run.caught(k)) for k in ("past_post", "pinch", "mispay")]
    assert cells[-8:-4] == ["16", *caught[:2], "0"] and cells[-4] == caught[2] and cells[-3] not in ("", "0")
    assert cells[-2:] == [str(sensor_run.caught("missed_collect")), str(sensor_run.caught("counterfeit"))]
    assert "<td>T1</td>" not in section  # the table without a sensor has no row there
    table = sam.get("/tables/T1R").text
    sensor = table.split('id="sensor"', 1)[1].split("</table>", 1)[0]
    assert f'<th>past-post</th><td class="n">{sensor_run.caught("past_post")}</td>' in sensor
    assert f'<th>pinch</th><td class="n">{sensor_run.caught("pinch")}</td>' in sensor
    assert f'<th>mispays</th><td class="n">{sensor_run.caught("mispay")}</td>' in sensor
    assert f'<th>losing left</th><td class="n">{sensor_run.caught("missed_collect")}</td>' in sensor
    assert f'<th>counterfeit</th><td class="n">{sensor_run.caught("counterfeit")}</td>' in sensor
    assert 'id="sensor"' not in sam.get("/tables/T1").text
    plain = sam.get("/reports", params={**ALL_TIME, "table": "T1"}).text
    assert "<h1>Pit report</h1>" in plain and 'id="sensor-rows"' not in plain


def test_chromium_shows_the_sensor_figures(sensor_floor: Floor, sensor_run: SensorRun,
                                           tmp_path: Path) -> None:
    server = LiveServer(create_app(pit_settings(sensor_floor, tmp_path, sensor_run.journal)), par=0)
    try:
        with chromium() as browser:
            page = browser.new_page()
            sign_in(page, server.url, "sam", PASSWORD, "/reports?from=2020-01-01T00:00&by=table")
            page.wait_for_selector("#sensor-rows")
            rows = page.eval_on_selector_all("#sensor-rows tbody tr", "rows => rows.map(r => r.innerText)")
            assert len(rows) == 1 and rows[0].split()[0] == "T1R"
            assert rows[0].split()[-7:-5] == [str(sensor_run.caught("past_post")), str(sensor_run.caught("pinch"))]
            assert rows[0].split()[-1] == str(sensor_run.caught("counterfeit"))
            page.goto(server.url + "/tables/T1R")
            figures = page.inner_text("#sensor")
            assert "past-post" in figures and str(sensor_run.caught("pinch")) in figures and "mispaid" in figures
    finally:
        server.stop()
