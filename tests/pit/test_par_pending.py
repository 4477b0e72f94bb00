"""The first report after a start on a floor with two new pay tables: a page at once saying "par
pending", the par figures once computed (in the background, in a child process), kept on the floor
so the next pit server has them from its start. Slow: two UTH par sheets are computed from scratch."""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest

from dealer_station.pit.app import create_app
from dealer_station.play.simulate_tables import simulate_tables
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import new_floor
from tests.pg import PostgresServer
from tests.pit.browser import chromium, sign_in
from tests.pit.conftest import PASSWORD, LiveServer, make_state, settings
from tests.pit.floorsim import DemoFloor

pytestmark = pytest.mark.slow(seconds=35)  # mostly waits on par computed beside it
QUERY = "/reports?from=2020-01-01&by=table&tz=UTC"
PAR_PENDING = 10_000


def test_the_first_report_says_par_pending_then_fills_in(pg_server: PostgresServer, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # a cold cache: these sheets were never computed
    floor = new_floor(pg_server)
    alt = load_profile("uth-alt-paytable").model_copy(update={"table_id": "A1"})
    base = load_profile("uth-default")
    trips = {**base.paytables["trips"], "straight": Decimal("5")}  # another casino's Trips: a pay table never seen
    other = base.model_copy(update={"table_id": "C1", "paytables": {**base.paytables, "trips": trips}})
    for n, profile in enumerate((alt, other)):
        runs = simulate_tables([profile], tables=1, rounds=3, seed=90 + n, seats=3, faults=None,
                               journal_dir=tmp_path / f"j{n}", floor_url=floor.station_url)
        assert all(r.acknowledged for r in runs)
    demo = DemoFloor(floor, tmp_path)
    # Sheets of 10,000 rounds (several seconds each, since the exact counts are shipped): still computing
    # when the first report is asked for, as production's 20,000-round sheets are for half a minute.
    server = LiveServer(create_app(settings(demo, make_state(tmp_path / "state"), par_rounds=PAR_PENDING)),
                        par=0)
    try:
        with chromium() as browser:
            page = browser.new_page()
            sign_in(page, server.url, "sam", PASSWORD)
            began = time.monotonic()
            response = page.goto(server.url + QUERY)
            took = time.monotonic() - began
            # Within seconds, not after par: the bound is loose for a loaded machine (1.4 s at load 20); that the
            # page did not wait for par is "Par pending" on it and, below, its answer long before par's figures.
            assert response is not None and response.status == 200 and took < 3.0, took
            pending = page.inner_text("#par-pending")
            assert "Par pending" in pending and "Ultimate Texas Hold'em" in pending  # the game in words (issue 39, item 15)
            theo = page.evaluate("""() => {  // the theo% column, wherever the page puts it
                const index = [...document.querySelectorAll('#report-rows thead th')].findIndex(h => h.dataset.col === 'theo%');
                return [...document.querySelectorAll('#report-rows tbody tr:not(.total)')].map(r => r.cells[index].textContent);
            }""")
            assert theo and all(t == "" for t in theo)  # no theoretical hold yet
            script = page.request.get(server.url + QUERY.replace("/reports", "/api/report"))
            assert script.status == 503 and "par pending" in script.text() and script.headers["retry-after"]
            page.wait_for_selector("#par-pending", state="detached", timeout=600_000)  # reloaded by itself
            computed = time.monotonic() - began
            assert took < computed / 3, (took, computed)
            theo = page.evaluate("""() => {  // the theo% column, wherever the page puts it
                const index = [...document.querySelectorAll('#report-rows thead th')].findIndex(h => h.dataset.col === 'theo%');
                return [...document.querySelectorAll('#report-rows tbody tr:not(.total)')].map(r => r.cells[index].textContent);
            }""")
            assert len(theo) == 2 and all(t for t in theo), theo
            assert page.request.get(server.url + QUERY.replace("/reports", "/api/report")).status == 200
        print(f"\npar pending: the page in {took * 1000:.0f} ms, its par figures {computed:.0f} s later")
    finally:
        server.stop()
    with psycopg.connect(floor.report_url) as conn:
        stored = conn.execute("SELECT count(*) FROM floor.par_sheets").fetchone()
    assert stored == (2,)
    again = create_app(settings(demo, make_state(tmp_path / "state2"), par_rounds=PAR_PENDING))
    second = LiveServer(again, par=0)
    try:  # the next pit server reads the floor's sheets: nothing pending
        assert again.state.pit.par.loaded.wait(10) and again.state.pit.par.pending() == []
    finally:
        second.stop()
