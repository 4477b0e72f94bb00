"""The pit page in a real browser (Debian's chromium, headless) against the server on loopback and a
real floor: sign in, watch the floor update as rounds land (measured), a report's figures against the
command's, a voided round's cause and who, and the refusals (no login, a cross-site form, a lockout)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import psycopg
import pytest
from playwright.sync_api import Page

from dealer_station.play.simulate import SIM_BADGE
from tests.pit.browser import chromium, sign_in
from tests.pit.conftest import PAR_ROUNDS, PASSWORD, LiveServer
from tests.pit.floorsim import DemoFloor
from tests.pit.test_pages import cli

pytestmark = pytest.mark.slow  # a real Chromium against a live pit server

WATCH_TILES = """() => {
  window.seen = [];
  const last = {};
  const note = () => document.querySelectorAll('article.tile').forEach(tile => {
    const seq = Number(tile.dataset.seq);
    if (last[tile.dataset.table] !== seq) {
      last[tile.dataset.table] = seq;
      window.seen.push({table: tile.dataset.table, seq: seq, at: Date.now()});
    }
  });
  note();
  new MutationObserver(note).observe(document.getElementById('floor'), {childList: true, subtree: true});
}"""
LIMIT_MS = 2000


def tile_seqs(page: Page) -> dict[str, int]:
    return {t["table"]: t["seq"] for t in page.evaluate(
        "() => [...document.querySelectorAll('article.tile')].map(t => ({table: t.dataset.table, seq: Number(t.dataset.seq)}))")}


def test_the_floor_updates_by_itself_within_two_seconds(live_server: LiveServer, demo: DemoFloor) -> None:
    with chromium() as browser:
        page = browser.new_page()
        sign_in(page, live_server.url, "sam", PASSWORD)
        assert page.url == live_server.url + "/floor"
        page.wait_for_selector(f"#tile-{demo.uth[0]}")
        assert set(tile_seqs(page)) == {*demo.uth, *demo.thb, *demo.linked, *demo.poker, demo.halted}
        assert "HALTED" in page.inner_text(f"#tile-{demo.halted}")
        page.evaluate(WATCH_TILES)
        loaded = page.evaluate("() => performance.timeOrigin")
        before = tile_seqs(page)
        demo.play_more(rounds=2, seed=501)  # the stations play on and forward as they play,
        time.sleep(1.0)
        demo.play_more(rounds=2, seed=502)  # twice, a second apart: each table's tile moves at least twice
        deadline = time.monotonic() + 5
        with psycopg.connect(demo.floor.report_url) as conn:
            tails = dict(conn.execute("SELECT table_id, last_seq FROM floor.stations").fetchall())
            while time.monotonic() < deadline and any(tile_seqs(page)[t] != tails[t] for t in demo.uth):
                time.sleep(0.1)
            assert {t: tile_seqs(page)[t] for t in demo.uth} == {t: tails[t] for t in demo.uth}
            seen = [s for s in page.evaluate("window.seen") if s["seq"] > before[s["table"]]]
            received = {(t, s): r.timestamp() * 1000 for t, s, r in conn.execute(
                "SELECT table_id, seq, received_at FROM floor.events WHERE (table_id, seq) IN "
                "(SELECT * FROM unnest(%s::text[], %s::bigint[]))",
                ([s["table"] for s in seen], [s["seq"] for s in seen])).fetchall()}
        latencies = [s["at"] - received[(s["table"], s["seq"])] for s in seen]
        per_table = {t: sum(1 for s in seen if s["table"] == t) for t in demo.uth}
        print(f"\nfloor view: {len(latencies)} tile updates, latency from the floor's commit to the page: "
              f"max {max(latencies):.0f} ms, median {sorted(latencies)[len(latencies) // 2]:.0f} ms")
        assert loaded > 0 and all(n >= 2 for n in per_table.values()), per_table  # updated as rounds landed
        assert max(latencies) < LIMIT_MS and min(latencies) >= 0
        assert page.evaluate("() => performance.getEntriesByType('navigation').length") == 1  # never reloaded


def test_a_report_in_the_browser_has_the_commands_figures(live_server: LiveServer, demo: DemoFloor,
                                                          par_cache: Path) -> None:
    query = "from=2020-01-01&tz=UTC&by=table&shifts=06:00,14:00,22:00"
    with chromium() as browser:
        page = browser.new_page()
        sign_in(page, live_server.url, "ann", PASSWORD, f"/reports?{query}")
        page.wait_for_selector("#report-rows")
        header = page.eval_on_selector_all("#report-rows thead th", "cells => cells.map(c => c.textContent)")
        rows = page.eval_on_selector_all(
            "#report-rows tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
        assert page.locator("svg").count() == 2
        with page.expect_download() as download:
            page.click("text=CSV")
        csv_text = Path(download.value.path()).read_text()
    doc = json.loads(cli("report", "--floor", demo.floor.report_url, "--from", "2020-01-01", "--tz", "UTC", "--by",
                         "table", "--format", "json", "--par-rounds", str(PAR_ROUNDS), "--quiet", cache=par_cache).stdout)
    shown = {r[0]: dict(zip(header, r)) for r in rows}
    assert len(doc["rows"]) >= 5
    for row in doc["rows"]:
        cells = shown[row["table"]]
        assert (cells["rounds"], cells["handle"], cells["win"], cells["hold%"], cells["voids"], cells["faults"]) == (
            str(row["rounds"]), row["handle"], row["win"], row["hold_pct"] or "", str(row["voids"]), str(row["faults"]))
    totals = shown["all"]
    assert (totals["rounds"], totals["win"]) == (str(doc["totals"]["rounds"]), doc["totals"]["win"])
    assert csv_text == cli("report", "--floor", demo.floor.report_url, "--from", "2020-01-01", "--tz", "UTC", "--by",
                           "table", "--format", "csv", "--par-rounds", str(PAR_ROUNDS), "--quiet", cache=par_cache).stdout


def test_a_voided_round_shows_its_cause_and_who(live_server: LiveServer, demo: DemoFloor) -> None:
    with chromium() as browser:
        page = browser.new_page()
        sign_in(page, live_server.url, "sam", PASSWORD, "/rounds?void_cause=jam")
        page.click("#found tbody tr:first-child td:nth-child(2) a")
        page.wait_for_selector("#void")
        void = page.inner_text("#void")
        assert "VOID: jam" in void and "simulated supervisor decision: jam" in void
        assert f"voided by sam (supervisor, badge {SIM_BADGE})" in void  # by name and role, not supervisor:9999
        assert "every stake returned" in void
        assert page.locator("#timeline tbody tr").count() > 10
        assert "raw events" not in page.inner_text("main")  # a supervisor: no raw events link


def test_refused_without_sign_in_from_another_site_and_when_locked_out(live_server: LiveServer) -> None:
    with chromium() as browser:
        page = browser.new_page()
        page.goto(live_server.url + "/rounds?table=T01")
        assert page.url == live_server.url + "/login?next=%2Frounds%3Ftable%3DT01"
        api = page.goto(live_server.url + "/api/floor")
        assert api is not None and api.status == 401 and "T01" not in page.content()
        page.goto("about:blank")  # a page of no origin of ours posts our sign-in form
        page.set_content(f"<form method=post action='{live_server.url}/login'><input name=user value=sam>"
                         f"<input name=password value='{PASSWORD}'><button>go</button></form>")
        with page.expect_navigation():
            page.click("button")
        assert "cross-site request refused" in page.content()
        for _ in range(5):
            sign_in(page, live_server.url, "locky", "not the password")
            assert "user name or password not accepted" in page.inner_text(".refused")
        sign_in(page, live_server.url, "locky", PASSWORD)
        assert page.url.startswith(live_server.url + "/login")
        assert "user name or password not accepted" in page.inner_text(".refused")


def test_no_page_scrolls_sideways_on_a_768_px_tablet(live_server: LiveServer, demo: DemoFloor) -> None:
    from tests.pit.test_jackpot_pages import rounds_with

    with psycopg.connect(demo.floor.report_url) as conn:
        void = conn.execute("SELECT table_id, round_id FROM floor.rounds WHERE outcome = 'voided' LIMIT 1").fetchone()
        poker = conn.execute("SELECT table_id, round_id FROM floor.rounds WHERE table_id = %s ORDER BY round_id DESC "
                             "LIMIT 1", (demo.poker[0],)).fetchone()
    assert void and poker
    pages = ["/floor", "/reports?from=2020-01-01&by=table,day,shift", "/reports?from=2020-01-01&by=table",
             "/rounds", f"/rounds/{void[0]}/{void[1]}", f"/rounds/{poker[0]}/{poker[1]}",
             f"/rounds/{void[0]}/{void[1]}/raw", f"/tables/{demo.uth[0]}", f"/tables/{demo.thb[0]}",
             f"/tables/{demo.tampered}", "/integrity", "/alarms", f"/tables/{demo.linked[0]}",
             "/rounds/{}/{}".format(*rounds_with(demo, demo.thb, "jackpot_award")[0])]
    with chromium((768, 1024)) as browser:
        page = browser.new_page()
        sign_in(page, live_server.url, "ann", PASSWORD)
        for path in pages:
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, path
            widths = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert widths[0] <= widths[1] <= 768, (path, widths)  # nothing wider than the screen


def test_a_reports_verdict_voids_and_faults_are_on_a_768_px_screen(live_server: LiveServer, demo: DemoFloor) -> None:
    """On a tablet the verdict (inside or outside the par band), voids and faults are seen without scrolling the
    table sideways, and a row outside its band is marked as a whole (issue 39, item 14)."""
    with chromium((768, 1024)) as browser:
        page = browser.new_page()
        sign_in(page, live_server.url, "sam", PASSWORD, "/reports?from=2020-01-01&by=table,day,shift")
        page.wait_for_selector("#report-rows")
        cells = page.eval_on_selector_all("#report-rows tbody tr:not(.empty)", """rows => rows.map(r => ({
            outside: r.classList.contains('outside'), marked: getComputedStyle(r.cells[0]).boxShadow,
            cells: [...r.cells].map(c => ({col: r.closest('table').tHead.rows[0].cells[c.cellIndex].dataset.col
                                                || r.closest('table').tHead.rows[0].cells[c.cellIndex].textContent,
                                           text: c.textContent.trim(), right: c.getBoundingClientRect().right}))}))""")
    assert len(cells) >= 5
    verdicts = []
    for row in cells:
        by_col = {c["col"]: c for c in row["cells"]}
        for col in ("in", "voids", "faults"):
            assert col in by_col and by_col[col]["right"] <= 768, (col, row)  # on screen, no sideways scroll
        verdicts.append(by_col["in"]["text"])
        if by_col["in"]["text"] == "OUTSIDE":
            assert row["outside"] and row["marked"] != "none", row
        else:
            assert not row["outside"], row
    assert {"in band", "OUTSIDE"} & set(verdicts), verdicts  # the par sheets gave verdicts


def test_a_jackpot_round_reads_as_sentences_and_its_meter_adds_up_in_the_browser(live_server: LiveServer,
                                                                                 demo: DemoFloor) -> None:
    """What a supervisor sees of a jackpot round (issue 39, items 15 and 17): the game in words, the meter
    step by step (each step's meter the one before plus its change, read off the rendered page), the verdict,
    and a timeline of sentences."""
    from decimal import Decimal

    from tests.pit.test_jackpot_pages import rounds_with

    table_id, round_id = rounds_with(demo, demo.thb, "jackpot_award")[0]
    with chromium() as browser:
        page = browser.new_page()
        sign_in(page, live_server.url, "sam", PASSWORD, f"/rounds/{table_id}/{round_id}")
        page.wait_for_selector("#meter-steps")
        assert "Texas Hold'em Bonus" in page.inner_text("h1")
        rows = page.eval_on_selector_all("#meter-steps tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.innerText))")
        meter = Decimal(rows[0][2])
        for what, change, value in rows[1:-1]:
            meter += Decimal(change.replace("\u2212", "-").replace("+", ""))
            assert Decimal(value) == meter, (what, change, value)
        assert Decimal(rows[-1][2]) == meter and page.is_visible("#meter-verdict")
        assert page.inner_text("#meter-verdict").startswith("Adds up")
        assert page.eval_on_selector("#meter-verdict", "p => getComputedStyle(p).color") == "rgb(31, 138, 76)"
        said = page.eval_on_selector_all("#timeline tbody tr", "rs => rs.map(r => r.cells[3].innerText)")
        assert len(said) > 10 and not [s for s in said if re.search(r"\b[a-z_]+=\S", s)], said
        assert any(s.startswith("Jackpot: seat ") for s in said) and any("Deck verified" in s for s in said)


def test_an_alarm_is_worked_in_the_browser_and_leaves_the_floor_page_when_resolved(live_server: LiveServer,
                                                                                   demo: DemoFloor) -> None:
    """Issue 39, item 16, as a supervisor does it: the floor page lists the alarm; its page says what to do,
    the statistics open on a click; acknowledge, assign, resolve, each with a note; the floor page, never
    reloaded, drops it once resolved."""
    from tests.pit.test_alarm_work import forge, link_alarm_key, work_rows

    table = demo.linked[0]
    forge(demo, table)
    key = link_alarm_key(demo, table)
    with chromium() as browser:
        floor = browser.new_page()
        sign_in(floor, live_server.url, "sam", PASSWORD)
        floor.wait_for_selector(f'#alarms-holder li[data-alarm="{key}"]', timeout=5000)
        assert "Alarms" in floor.inner_text("#nav-alarms")
        work = browser.new_page()
        work.goto(live_server.url + "/alarms")
        item = f'article[data-alarm="{key}"]'
        assert "What to do:" in work.inner_text(f"{item} .todo")
        assert not work.is_visible(f"{item} details.stats dd")  # the statistics: a click away
        work.click(f"{item} details.stats summary")
        assert work.is_visible(f"{item} details.stats dd") and "refused" in work.inner_text(f"{item} details.stats")
        for step, note, assignee in (("acknowledge", "on my way", ""), ("assign", "Pool closed, screen checked",
                                                                        "Bob (technician)"),
                                     ("resolve", "station replaced", "")):
            work.fill(f"{item} textarea[name=note]", note)
            if assignee:
                work.fill(f"{item} input[name=assignee]", assignee)
            with work.expect_navigation():
                work.click(f'{item} button[value="{step}"]')
        assert work.get_attribute(item, "data-state") == "resolved"
        assert "Resolved by sam (supervisor) at" in work.inner_text(f"{item} .standing")
        assert [r[0] for r in work_rows(demo, key)] == ["acknowledge", "assign", "resolve"]
        floor.wait_for_selector(f'#alarms-holder li[data-alarm="{key}"]', state="detached", timeout=5000)
        assert floor.evaluate("() => performance.getEntriesByType('navigation').length") == 1
