"""The pit page's figures are the command line's: reports, the round finder, a round, the tiles,
the integrity page; and the live floor follows the floor (layout, new events, a tampered row)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
from starlette.applications import Starlette

from dealer_station.floor.layout import place
from dealer_station.jackpot import meters_from_journal
from dealer_station.journal import Journal
from dealer_station.play.simulate import SIM_BADGE
from dealer_station.shifts import shift_start
from tests import cli as station_cli
from tests.pit.conftest import PAR_ROUNDS, signed_in
from tests.pit.floorsim import DemoFloor


def cli(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {"XDG_CACHE_HOME": str(cache), "PATH": "/usr/bin:/bin"}
    done = station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    return done


def wait_for(predicate: Any, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_report_json_and_csv_are_the_commands_byte_for_byte(app: Starlette, demo: DemoFloor, par_cache: Path) -> None:
    sam = signed_in(app, "sam")
    params = {"from": "2020-01-01", "to": "", "tz": "Europe/Paris", "shifts": "06:00,14:00,22:00", "by": "table,shift",
              "table": ""}
    args = ["report", "--floor", demo.floor.report_url, "--from", "2020-01-01", "--tz", "Europe/Paris", "--by",
            "table,shift", "--par-rounds", str(PAR_ROUNDS), "--quiet"]
    page = sam.get("/api/report", params=params)
    assert page.status_code == 200
    assert page.text == cli(*args, "--format", "json", cache=par_cache).stdout
    doc = page.json()
    assert {r["table"] for r in doc["rows"]} == {*demo.uth, *demo.thb, *demo.linked, *demo.poker, demo.halted}
    assert sum(r["voids"] for r in doc["rows"]) > 0 and doc["alarms"]
    csv_page = sam.get("/reports.csv", params=params)
    assert csv_page.headers["content-disposition"].startswith('attachment; filename="pit-report-2020-01-01')
    assert csv_page.text == cli(*args, "--format", "csv", cache=par_cache).stdout
    html = sam.get("/reports", params=params).text
    assert html.count("<svg") == 2 and "95% band" in html
    for row in doc["rows"]:  # every figure of the table on the page
        assert f'<td class="key">{row["table"]}</td>' in html and f"<td>{row['handle']}</td>" in html
    bad = sam.get("/reports", params={**params, "tz": "Mars/Olympus"})
    assert bad.status_code == 400 and "unknown time zone" in bad.text
    for page in ("/reports", "/rounds"):  # the last day there is: a readable refusal, not a 500
        late = sam.get(page, params={**params, "to": "9999-12-31"})
        assert late.status_code == 400 and "out of range" in late.text, (page, late.status_code)


def test_the_report_page_by_dealer_is_the_commands(app: Starlette, demo: DemoFloor, par_cache: Path) -> None:
    """``by=dealer`` (issue 21: per table, dealer and shift): an option of the page, the command's rows."""
    from dealer_station.play.simulate import SIM_DEALER

    sam = signed_in(app, "sam")
    params = {"from": "2020-01-01", "to": "", "tz": "UTC", "shifts": "06:00,14:00,22:00", "by": "dealer,shift",
              "table": ""}
    page = sam.get("/api/report", params=params)
    assert page.status_code == 200
    assert page.text == cli("report", "--floor", demo.floor.report_url, "--from", "2020-01-01", "--by", "dealer,shift",
                            "--par-rounds", str(PAR_ROUNDS), "--quiet", "--format", "json", cache=par_cache).stdout
    assert SIM_DEALER in {r["dealer"] for r in page.json()["rows"]}  # the simulated tables' dealer
    html = sam.get("/reports", params=params).text
    assert '<option value="dealer,shift" selected>' in html and f'<td class="key">{SIM_DEALER}</td>' in html
    assert '<option value="dealer">' in sam.get("/reports", params={**params, "by": "table"}).text  # offered


def test_the_round_finder_finds_what_the_command_finds(app: Starlette, demo: DemoFloor, par_cache: Path) -> None:
    sam = signed_in(app, "sam")
    for page_params, args in (({"void_cause": "jam"}, ["--void-cause", "jam"]),
                              ({"supervisor": "on", "table": demo.uth[0]}, ["--supervisor", "--table", demo.uth[0]]),
                              ({"seat": "2", "limit": "5"}, ["--seat", "2", "--limit", "5"])):
        lines = cli("rounds", "--floor", demo.floor.report_url, *args, cache=par_cache).stdout.splitlines()
        expected = [json.loads(line)["round_id"] for line in lines]
        page = sam.get("/rounds", params=page_params)
        assert page.status_code == 200
        shown = re.findall(r'<td><a href="/rounds/[^/]+/([^"]+)">', page.text)
        assert shown == list(reversed(expected)) and shown, page_params  # newest first on the page
    assert "must be a seat number" in sam.get("/rounds", params={"seat": "0"}).text


def test_a_voided_round_shows_cause_who_and_its_timeline(app: Starlette, demo: DemoFloor, par_cache: Path) -> None:
    [line] = cli("rounds", "--floor", demo.floor.report_url, "--void-cause", "jam", "--limit", "1",
                 cache=par_cache).stdout.splitlines()
    record = json.loads(line)
    sam = signed_in(app, "sam")
    page = sam.get(f"/rounds/{record['table_id']}/{record['round_id']}").text
    void = page.split('id="void"')[1].split("</section>")[0]
    assert "VOID: jam" in void and record["void"]["by"] in void and record["void"]["reason"] in void
    timeline = page.split('id="timeline"')[1]
    with psycopg.connect(demo.floor.report_url) as conn:
        kinds = [k for (k,) in conn.execute(
            "SELECT e.kind FROM floor.events e JOIN floor.rounds r USING (table_id) WHERE r.table_id = %s "
            "AND r.round_id = %s AND e.seq BETWEEN r.opened_seq AND r.ended_seq AND e.round_id = r.round_id",
            (record["table_id"], record["round_id"]))]
    assert timeline.count('<tr class="kind-') >= len(kinds) > 10  # every event of the round, and the table's
    for kind, said in (("supervisor_auth", "signed in to void"), ("halted", "The round halted: "),
                       ("round_voided", "voided the round during")):  # each event in a sentence, who by name
        what = timeline.split(f'<tr class="kind-{kind}">')[1].split("</tr>")[0].split("<td>")[-1]
        assert said in what and "=" not in what, what
    assert f"sam (supervisor, badge {SIM_BADGE})" in void
    for seat in record["seats"]:
        for card in seat["hole"]:
            assert f'title="{card}"' in page
    assert sam.get(f"/rounds/{record['table_id']}/no-such-round").status_code == 404


def test_tiles_show_the_floor_now(app: Starlette, demo: DemoFloor, par_cache: Path) -> None:
    tiles = {t["table_id"]: t for t in signed_in(app, "sam").get("/api/floor").json()["tiles"]}
    assert set(tiles) == {*demo.uth, *demo.thb, *demo.linked, *demo.poker, demo.halted}
    halted = tiles[demo.halted]
    assert halted["halted"] and "jam" in halted["halt_text"] and halted["pit"] == "Pit 1"
    assert not any(t["halted"] for k, t in tiles.items() if k != demo.halted)
    assert tiles[demo.tampered or ""]["alarms"] == 1
    assert {d["name"] for d in tiles[demo.uth[0]]["devices"]} == {"shuffler", "reader"}
    assert {t["dealer"] for t in tiles.values()} == {"Sim Dealer"}  # simulate signs its dealer in
    # The shift result is the report's, from the start of this shift, by table.
    start = shift_start(datetime.now(UTC), app.state.pit.settings.tz, app.state.pit.settings.shifts)
    report = json.loads(cli("report", "--floor", demo.floor.report_url, "--from", start.strftime("%Y-%m-%dT%H:%M"),
                            "--by", "table", "--format", "json", "--par-rounds", str(PAR_ROUNDS), "--quiet",
                            cache=par_cache).stdout)
    for row in report["rows"]:
        result = tiles[row["table"]]["result"]
        assert (result["rounds"], result["voids"], Decimal(result["win"]), Decimal(result["handle"])) == (
            row["rounds"], row["voids"], Decimal(row["win"]), Decimal(row["handle"])), row["table"]
    # The progressive's meter is the station's own (jackpot.meters_from_journal over its journal file).
    with Journal.open_readonly(demo.work / "thb" / f"{demo.thb[0]}.sqlite") as journal:
        meters = meters_from_journal(journal.events())
    assert meters is not None and tiles[demo.thb[0]]["jackpot"] == meters["meter"]


def test_the_integrity_page_shows_alarms_and_a_floor_row_changed_afterwards(
        app: Starlette, demo: DemoFloor) -> None:
    ann = signed_in(app, "ann")
    app.state.pit.chains.check_soon()
    doc = wait_for(lambda: (lambda d: d if all(t["chain"] for t in d["tables"]) else None)(
        ann.get("/api/integrity").json()))
    by_table = {t["table"]: t for t in doc["tables"]}
    assert all(t["chain"]["ok"] for t in by_table.values())
    tampered = by_table[demo.tampered or ""]
    assert [a["first_bad_seq"] for a in tampered["alarms"]] == [demo.tampered_seq]
    with psycopg.connect(demo.floor.report_url) as conn:
        anchor = conn.execute("SELECT last_seq, last_hash FROM floor.stations WHERE table_id = %s",
                              (demo.uth[0],)).fetchone()
    assert (by_table[demo.uth[0]]["anchored_seq"], by_table[demo.uth[0]]["anchored_hash"]) == anchor
    page = ann.get("/integrity").text
    assert f"first diverging seq <b>{demo.tampered_seq}</b>" in page
    raw = ann.get(f"/rounds/{demo.uth[0]}/{demo.uth[0]}-000001/raw").text
    assert anchor is not None and "prev_hash" in raw and raw.count("<code>") >= 20


def test_a_row_changed_inside_the_floor_database_is_named(pg_server: Any, demo: DemoFloor, tmp_path: Path) -> None:
    from dealer_station.floor.verify import check_floor_chain
    from tests.floor.conftest import new_floor
    from tests.floor.test_ingest import forward

    floor = new_floor(pg_server)
    forward(demo.work / "uth" / f"{demo.uth[0]}.sqlite", floor.station_url, demo.uth[0])
    with psycopg.connect(floor.report_url) as conn:
        assert check_floor_chain(conn, demo.uth[0]).ok
    with psycopg.connect(floor.owner_url, autocommit=True) as conn:  # someone past the append-only trigger
        conn.execute("ALTER TABLE floor.events DISABLE TRIGGER events_append_only")
        conn.execute("""UPDATE floor.events SET payload = '{"house_net":"-999"}' WHERE table_id = %s
                        AND seq = (SELECT min(seq) FROM floor.events WHERE table_id = %s AND kind = 'round_paid')""",
                     (demo.uth[0], demo.uth[0]))
        conn.execute("ALTER TABLE floor.events ENABLE TRIGGER events_append_only")
        changed = conn.execute("SELECT min(seq) FROM floor.events WHERE table_id = %s AND kind = 'round_paid'",
                               (demo.uth[0],)).fetchone()
    with psycopg.connect(floor.report_url) as conn:
        result = check_floor_chain(conn, demo.uth[0])
    assert changed is not None and not result.ok and result.first_bad_seq == changed[0]
    assert result.reason == "hash does not match the record" and result.checked_seq == changed[0] - 1


def test_the_live_floor_follows_layout_and_new_events(app: Starlette, demo: DemoFloor) -> None:
    live = app.state.pit.live
    table = demo.uth[0]
    place(demo.floor.owner_url, table, "Pit 9", 3)
    moved = wait_for(lambda: (lambda t: t if t and t.pit == "Pit 9" else None)(live.tile(table)), 5.0)
    assert moved.position == 3
    place(demo.floor.owner_url, table, "Pit 1", 1)
    wait_for(lambda: (lambda t: t and t.pit == "Pit 1")(live.tile(table)), 5.0)
