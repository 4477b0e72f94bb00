"""The supervisor's pages, in-process: the floor bar's figures, the page behind every tile, a poker
hand's players, jackpot states in words, integrity rows that agree with the alarms, the rounds' CSV,
the hold chart one line per game; and the par keeper (kept on the floor, never waited for)."""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import psycopg
from starlette.applications import Starlette

from dealer_station.pit.views import hit_state
from tests.pit.conftest import signed_in
from tests.pit.floorsim import DemoFloor
from tests.pit.test_pages import cli, wait_for


def test_the_floor_bar_sums_the_tiles(app: Starlette, demo: DemoFloor) -> None:
    doc = signed_in(app, "sam").get("/api/floor").json()
    tiles, summary = doc["tiles"], doc["summary"]
    assert summary["tables"] == len(tiles) == summary["open"] + summary["halted"] + summary["stale"]
    assert summary["halted"] == 1 and summary["alarmed"] == 1
    assert Decimal(summary["win"]) == sum(Decimal(t["result"]["win"]) for t in tiles)
    handle = sum(Decimal(t["result"]["handle"]) for t in tiles)
    assert Decimal(summary["hold_pct"]) == (Decimal(summary["win"]) / handle * 100).quantize(Decimal("0.01"))
    page = signed_in(app, "sam").get("/floor").text
    assert f'<dd id="sum-halted">{summary["halted"]}</dd>' in page and 'id="sum-win"' in page


def test_every_tile_has_a_table_page(app: Starlette, demo: DemoFloor, par_cache: Path) -> None:
    sam = signed_in(app, "sam")
    floor = sam.get("/floor").text
    tiles = sam.get("/api/floor").json()["tiles"]
    for tile in tiles:
        table = tile["table_id"]
        assert f'href="/tables/{table}"' in floor
        page = sam.get(f"/tables/{table}")
        assert page.status_code == 200, table
        lines = cli("rounds", "--floor", demo.floor.report_url, "--table", table, "--limit", "25",
                    cache=par_cache).stdout.splitlines()
        expected = [json.loads(line)["round_id"] for line in reversed(lines)]
        shown = re.findall(r'<td><a href="/rounds/[^/]+/([^"]+)">', page.text.split("Last rounds")[1])
        assert shown == expected, table
        devices = page.text.split('id="devices"')[1].split("</table>")[0]
        assert all(f"<td>{d['name']}</td>" in devices for d in tile["devices"])
    tampered = sam.get(f"/tables/{demo.tampered}").text.split('id="alarms"')[1].split("</table>")[0]
    assert f'<td class="n">{demo.tampered_seq}</td>' in tampered
    assert "no integrity alarm" in sam.get(f"/tables/{demo.uth[0]}").text
    thb = sam.get(f"/tables/{demo.thb[0]}").text
    meter = next(t["jackpot"] for t in tiles if t["table_id"] == demo.thb[0])
    assert f"meter <b>{meter}</b>" in thb
    halted = sam.get(f"/tables/{demo.halted}").text
    faults = halted.split('id="faults"')[1].split("</table>")[0]
    assert "<td>shuffler</td><td>jam</td>" in faults
    assert sam.get("/tables/NO-SUCH").status_code == 404


def test_a_poker_round_page_shows_each_players_bets_actions_and_hand(app: Starlette, demo: DemoFloor) -> None:
    [table] = demo.poker
    with psycopg.connect(demo.floor.report_url) as conn:
        rows = conn.execute(
            "SELECT r.round_id, (p.payload::jsonb->>'handle')::numeric FROM floor.rounds r JOIN floor.events p "
            "ON p.table_id = r.table_id AND p.round_id = r.round_id AND p.kind = 'round_paid' WHERE r.table_id = %s "
            "ORDER BY r.round_id", (table,)).fetchall()
    assert rows
    sam = signed_in(app, "sam")
    showdowns = 0
    for round_id, handle in rows:
        page = sam.get(f"/rounds/{table}/{round_id}").text
        assert 'id="players"' in page and "could not be replayed" not in page, round_id
        body = page.split('id="players"')[1].split("</table>")[0]
        players = body.split("<tr data-seat=")[1:]
        assert len(players) >= 2
        total_in = Decimal(0)
        for row in players:
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            before, into, after, net = (Decimal(re.sub(r"<[^>]+>", " ", c).split()[0] if c.strip() else "0")
                                        for c in (cells[2], cells[8], cells[11], cells[12]))
            assert after - before == net, (round_id, row[:80])
            assert re.search(r"(check|call|bet|raise|fold|all in)", row), (round_id, row[:200])  # the actions
            total_in += into
            showdowns += "<small>" in cells[9]  # a hand named with its best five
        assert total_in == handle, round_id  # every chip in the pots, by whom it was put in
    assert showdowns > 0


def test_jackpot_states_say_what_happened() -> None:
    hit = {"seat": 2, "verified_by": None}
    assert hit_state(hit, held=False) == ("paid automatically (below the verification amount)", "okay")
    assert hit_state({**hit, "verified_by": "supervisor:0412"}, held=True)[0] == "verified by supervisor:0412"
    assert hit_state(hit, held=True, finished=False)[0] == "waiting for a supervisor's verification"
    assert hit_state(hit, held=True)[1] == "no"


def test_an_integrity_row_agrees_with_its_alarm(app: Starlette, demo: DemoFloor) -> None:
    ann = signed_in(app, "ann")
    app.state.pit.chains.check_soon()
    wait_for(lambda: all(t["chain"] for t in ann.get("/api/integrity").json()["tables"]))
    page = ann.get("/integrity").text
    row = page.split(f'data-table="{demo.tampered}"')[1].split("</tr>")[0]
    assert "ALARM" in row and f"at seq {demo.tampered_seq}" in row and 'class="okay"' not in row
    clean = page.split(f'data-table="{demo.uth[0]}"')[1].split("</tr>")[0]
    assert '<span class="okay">verifies</span>' in clean and "ALARM" not in clean


def test_the_rounds_csv_is_the_finders_list(app: Starlette, demo: DemoFloor) -> None:
    sam = signed_in(app, "sam")
    params = {"void_cause": "jam", "limit": "50"}
    page = sam.get("/rounds", params=params).text
    shown = re.findall(r'<td><a href="/rounds/[^/]+/([^"]+)">', page)
    answer = sam.get("/rounds.csv", params=params)
    assert answer.status_code == 200 and answer.headers["content-disposition"].startswith('attachment; filename="pit-rounds')
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    assert [r["round"] for r in rows] == shown and shown
    assert all(r["outcome"] == "void" and r["void_cause"] == "jam" and r["voided_by"] for r in rows)
    assert 'href="/rounds.csv?void_cause=jam&amp;limit=50"' in page
    assert sam.get("/rounds.csv", params={"seat": "0"}).status_code == 400


def test_the_hold_chart_has_one_line_per_game_and_each_shift_once(app: Starlette, demo: DemoFloor) -> None:
    page = signed_in(app, "sam").get("/reports", params={"from": "2020-01-01", "by": "table"}).text
    chart = page.split("one line per game</figcaption>")[1].split("</svg>")[0]
    games = re.findall(r"<polyline [^>]*data-game='([^']+)'", chart)
    assert sorted(games) == sorted(set(games)) and {"uth", "holdem_bonus"} <= set(games)
    days = re.findall(r"text-anchor='middle'>(\d{4}-\d\d-\d\d)</text>", chart)
    shifts = re.findall(r"text-anchor='middle' fill='#666'>([^<]+)</text>", chart)
    assert days and len(list(zip(days, shifts))) == len(set(zip(days, shifts)))  # no repeated x label
    assert re.search(r"text-anchor='end'>-?\d+(\.\d+)?%</text>", chart)  # y axis values


def test_par_sheets_are_kept_on_the_floor(app: Starlette, demo: DemoFloor) -> None:
    keeper = app.state.pit.par
    assert keeper.wait_idle(300) and keeper.stored
    with psycopg.connect(demo.floor.report_url) as conn:
        stored = conn.execute("SELECT game, computed_by, samples FROM floor.par_sheets ORDER BY game").fetchall()
        used = {g for (g,) in conn.execute("SELECT DISTINCT game FROM floor.rounds WHERE game <> 'holdem'")}
    assert {g for g, _by, _n in stored} == used and all(by == "floor_report" for _g, by, _n in stored)
    with psycopg.connect(demo.floor.report_url) as conn:  # the report role adds a sheet only, never changes one
        conn.execute("SET default_transaction_read_only = off")
        try:
            conn.execute("UPDATE floor.par_sheets SET sheet = '{}'")
            raise AssertionError("the report role changed a par sheet")
        except psycopg.errors.InsufficientPrivilege:
            conn.rollback()
        again = conn.execute("SELECT floor.put_par_sheet(game, paytables, samples, seed, sheet) FROM floor.par_sheets"
                             ).fetchall()
    assert again and not any(added for (added,) in again)  # first writer wins
