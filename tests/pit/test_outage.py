"""A silent table and a lost floor database, in a real browser: the table turns amber with "last
heard"; stopping the floor's PostgreSQL shows on an open page within 5 s and clears within 10 s of
its restart, by itself; while it is down every page answers at once, readably, with no driver text."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import psycopg
import pytest
from playwright.sync_api import Page

from dealer_station.pit.app import create_app
from tests.floor.conftest import new_floor
from tests.pg import PostgresServer
from tests.pit.browser import chromium, sign_in
from tests.pit.conftest import PASSWORD, LiveServer, make_state, settings
from tests.pit.floorsim import DemoFloor, build, halt_table

pytestmark = pytest.mark.slow  # a real Chromium against a live pit server

GREEN = "rgb(31, 138, 76)"  # a connected device's dot, a table that is live
PIT_TZ, BROWSER_TZ = "Europe/Paris", "America/New_York"  # the pit's zone, and a tablet set to another one
DRIVER_TEXT = ("socket", "PGSQL", "psycopg", "connection to server", "Traceback", "/tmp/", "OperationalError",
               "failed:", "No such file")


def between_rounds_table(demo: DemoFloor) -> tuple[str, float]:
    """The table between rounds the floor heard from last, and when (the floor's clock)."""
    with psycopg.connect(demo.floor.report_url) as conn:
        rows = conn.execute("SELECT table_id, last_ingest FROM floor.stations WHERE table_id = ANY(%s) "
                            "ORDER BY last_ingest DESC", ([*demo.uth, *demo.thb],)).fetchall()
    return rows[0][0], rows[0][1].timestamp()


def test_a_silent_table_turns_amber_with_last_heard(demo: DemoFloor, tmp_path: Path, par_cache: Path) -> None:
    table_id, heard = between_rounds_table(demo)
    offset = [heard + 1 - time.time()]  # the pit's clock: a second after the floor last heard the table
    app = create_app(settings(demo, make_state(tmp_path), clock=lambda: time.time() + offset[0], stale_open=30.0,
                              stale_between=120.0))
    server = LiveServer(app)
    try:
        with chromium() as browser:
            page = browser.new_page()
            sign_in(page, server.url, "sam", PASSWORD)
            tile = page.locator(f"#tile-{table_id}")
            tile.wait_for()
            assert "stale" not in (tile.get_attribute("class") or "") and "STALE" not in tile.inner_text()
            stale_before = int(page.inner_text("#sum-stale"))
            offset[0] += 121  # two minutes pass without a word from the table
            # By itself, without a reload; the page polls every few seconds, so the waits allow a loaded machine.
            page.wait_for_selector(f"#tile-{table_id}.stale", timeout=10_000)
            text = page.inner_text(f"#tile-{table_id}")
            assert "STALE" in text and "last heard" in text and "(over 2 min)" in text
            offset[0] += 3880  # an hour more: "ago" is counted by the pit's clock, not the browser's
            page.wait_for_function(f"() => (document.querySelector('#tile-{table_id} .stale-line time') || {{}})"
                                   ".textContent === '66 min ago'", timeout=10_000)
            colour = page.eval_on_selector(f"#tile-{table_id}", "t => getComputedStyle(t).borderLeftColor")
            assert colour == "rgb(183, 121, 31)"  # amber
            assert int(page.inner_text("#sum-stale")) > stale_before
            assert page.evaluate("() => performance.getEntriesByType('navigation').length") == 1  # no reload
    finally:
        server.stop()


@pytest.fixture(scope="module")
def own_floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[PostgresServer, DemoFloor]]:
    """A floor on a server of its own: this test stops it."""
    with PostgresServer.running() as server:
        demo = build(new_floor(server), tmp_path_factory.mktemp("outage-floor"), uth_tables=1, thb_tables=1, rounds=2,
                     tamper=False)
        yield server, demo


RECORD_ALERTS = """() => {
  window.notes = []; window.tones = 0;
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title, options) { window.notes.push({title: title, body: options && options.body}); super(title, options); }
  }
  Object.defineProperty(Recorded, "permission", {get: () => Real.permission});
  Recorded.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Recorded;
  const oscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.tones++; return oscillator.call(this); };
}"""


def test_a_halt_raises_a_notification_and_a_tone(own_floor: tuple[PostgresServer, DemoFloor], tmp_path: Path,
                                                 par_cache: Path) -> None:
    _pg, demo = own_floor
    server = LiveServer(create_app(settings(demo, make_state(tmp_path))), par=0)
    try:
        with chromium() as browser:
            browser.grant_permissions(["notifications"], origin=server.url)
            browser.add_init_script(f"({RECORD_ALERTS})()")
            page = browser.new_page()
            sign_in(page, server.url, "sam", PASSWORD)
            page.wait_for_selector(f"#tile-{demo.halted}.halted")
            assert page.inner_text("#alerts") == "Halt alerts: off"
            page.click("#alerts")  # opted in: this browser, this user's gesture
            page.wait_for_function("() => document.getElementById('alerts').textContent === 'Halt alerts: on'")
            began = time.monotonic()
            table = halt_table(demo.floor, demo.work, "G1", seed=77)  # a table halts on a shoe jam
            page.wait_for_function("() => window.notes.length > 0", timeout=10000)
            took = time.monotonic() - began
            notes = page.evaluate("window.notes")
            assert [n["title"] for n in notes] == [f"Table {table} halted"] and "jam" in notes[0]["body"]
            assert page.evaluate("window.tones") == 1
            page.wait_for_selector(f"#tile-{table}.halted")
            assert int(page.inner_text("#sum-halted")) == 2
            print(f"\nhalt alert: notification {took:.2f} s after the halted table was forwarded (forwarding included)")
            page.reload()  # a halt already shown is not announced again
            page.wait_for_selector(f"#tile-{table}.halted")
            time.sleep(1.5)
            assert page.evaluate("window.notes") == []
    finally:
        server.stop()


def dot_colours(page: Page) -> list[str]:
    """The colour of every connected device's dot on the floor."""
    return list(page.eval_on_selector_all("article.tile li.ok .dot", "ds => ds.map(d => getComputedStyle(d).backgroundColor)"))


def pit_times(start: float, end: float, fmt: str) -> set[str]:
    """Every reading of the pit's clock (its zone) between two moments, second by second."""
    zone = ZoneInfo(PIT_TZ)
    return {datetime.fromtimestamp(t, UTC).astimezone(zone).strftime(fmt) for t in range(int(start), int(end) + 2)}


def no_driver_text(text: str, server: PostgresServer) -> None:
    for word in (*DRIVER_TEXT, str(server.root)):
        assert word not in text, f"{word!r} shown: {text[:400]}"


def fetch(page: Page, url: str) -> tuple[int, str]:
    """A page in the browser (what a person sees), a download or an API answer by the page's own cookies."""
    if ".csv" in url or "/api/" in url:
        answer = page.request.get(url, timeout=5000)
        return answer.status, answer.text()
    response = page.goto(url)
    assert response is not None
    return response.status, page.content()


def test_a_lost_floor_database_shows_on_the_open_page_and_clears_by_itself(
        own_floor: tuple[PostgresServer, DemoFloor], tmp_path: Path, par_cache: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    pg, demo = own_floor
    caplog.set_level(logging.ERROR, logger="uvicorn.error")
    server = LiveServer(create_app(settings(demo, make_state(tmp_path), tz=ZoneInfo(PIT_TZ))),
                        par=0)  # par sheets: not this test's
    table = demo.uth[0]
    with psycopg.connect(demo.floor.report_url) as conn:
        round_id = conn.execute("SELECT round_id FROM floor.rounds WHERE table_id = %s LIMIT 1", (table,)).fetchone()
    assert round_id is not None
    pages = ["/floor", "/reports?from=2020-01-01", "/rounds", f"/rounds/{table}/{round_id[0]}", "/integrity",
             f"/tables/{table}", "/api/report?from=2020-01-01", "/reports.csv?from=2020-01-01", "/rounds.csv"]
    try:
        with chromium(timezone=BROWSER_TZ) as browser:
            page = browser.new_page()
            sign_in(page, server.url, "ann", PASSWORD)
            page.wait_for_selector(f"#tile-{table}")
            assert page.inner_text("#live") == "live" and not page.is_visible("#outage")
            assert set(dot_colours(page)) == {GREEN} and not page.locator("article.tile .asof").count()
            stopped, stopped_at = time.monotonic(), time.time()
            pg.stop()
            page.wait_for_selector("#outage", state="visible", timeout=5000)
            shown = time.monotonic() - stopped
            assert page.inner_text("#live") == "floor unreachable"
            banner = page.inner_text("#outage")
            assert "Floor database unreachable" in banner and "cannot be reached" in banner
            no_driver_text(banner, pg)
            # the banner's time is the pit's (its zone, 24-hour clock), not the browser's
            since = page.inner_text("#outage-since")
            assert re.fullmatch(r"\d\d:\d\d:\d\d", since), banner
            assert since in pit_times(stopped_at - 2, stopped_at + shown + 2, "%H:%M:%S"), (since, banner)
            # every tile greyed, its devices no longer green, with the time of the last state read
            asof = page.eval_on_selector_all("article.tile", "ts => ts.map(t => (t.querySelector('.asof') || {}).textContent)")
            assert asof and all(a in {f"as of {m}" for m in pit_times(stopped_at - 10, stopped_at, "%H:%M")} for a in asof), asof
            assert GREEN not in dot_colours(page), dot_colours(page)
            assert all("grayscale" in f for f in page.eval_on_selector_all(
                "article.tile", "ts => ts.map(t => getComputedStyle(t).filter)"))
            other = browser.new_page()
            slowest = 0.0
            for path in pages:  # every page answers at once, in words, while the floor is down
                began = time.monotonic()
                status, body = fetch(other, server.url + path)
                took = time.monotonic() - began
                slowest = max(slowest, took)
                assert took < 2.0, (path, took)
                assert status in (200, 503), (path, status)
                no_driver_text(body, pg)
                if status == 503:
                    assert "cannot be reached" in body, path
            started = time.monotonic()
            pg.start()
            page.wait_for_selector("#outage", state="hidden", timeout=10000)
            recovered = time.monotonic() - started
            assert page.inner_text("#live") == "live"
            assert not page.locator("article.tile .asof").count() and GREEN in dot_colours(page)
            print(f"\nfloor outage: shown on the open page {shown:.2f} s after the stop, every page within "
                  f"{slowest:.2f} s while down, cleared {recovered:.2f} s after the restart")
            for path in pages:  # and every page works again, without a restart of the pit
                status, body = fetch(other, server.url + path)
                assert status == 200 or (status == 503 and "par pending" in body), (path, status, body[:300])
            # an outage is an answer, not a crash: nothing reached the server's error path (which closes the
            # connection under a client that already sent its next request: a reset instead of a page)
            assert not [r for r in caplog.records if r.name == "uvicorn.error" and r.levelno >= logging.ERROR]
    finally:
        server.stop()
        if pg.postmaster_pid() is None:
            pg.start()
