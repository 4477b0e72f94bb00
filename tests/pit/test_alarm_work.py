"""Alarms are work items (issue 39, item 16): each says what it means and what to do, with its statistics a
click away; it is acknowledged, assigned and resolved, each step with a note, kept on the floor with who and
when (migration 0017, through the one function the report role may call); the floor page lists it open
until it is resolved, and again when it is seen after that.

The alarm is the linked progressive's: a forged step of a member's round, refused by the controller, as a
tampered station would send it (the demo floor's link, bank-1)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import psycopg
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from tests.pit.conftest import signed_in
from tests.pit.floorsim import DemoFloor
from tests.pit.test_pages import wait_for


def forge(demo: DemoFloor, table_id: str) -> str:
    """A contribution of a stake of the station's own making: refused by the controller and alarmed."""
    with psycopg.connect(demo.floor.station_url, autocommit=True) as conn:
        row = conn.execute("SELECT floor.link_step('bank-1', %s, %s, 'contribute', %s::jsonb, NULL)",
                           (table_id, f"{table_id}-009999", json.dumps(
                               {"stakes": [{"seat": 1, "stake": "5000", "amount": "1250"}]}))).fetchone()
    assert row is not None and "refused" in row[0], row
    return str(row[0]["refused"])


def link_alarm_key(demo: DemoFloor, table_id: str) -> str:
    with psycopg.connect(demo.floor.report_url) as conn:
        row = conn.execute("SELECT id FROM floor.alarms WHERE table_id = %s AND reason LIKE 'link bank-1 refused%%' "
                           "ORDER BY id DESC LIMIT 1", (table_id,)).fetchone()
    assert row is not None
    return f"alarm:{row[0]}"


def work_rows(demo: DemoFloor, key: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(demo.floor.report_url) as conn:
        return conn.execute("SELECT step, assignee, note, by_user, by_role, via, table_id, at FROM floor.alarm_work "
                            "WHERE alarm = %s ORDER BY id", (key,)).fetchall()


def article(page: str, key: str) -> str:
    return page.split(f'data-alarm="{key}"')[1].split("</article>")[0]


def post(client: TestClient, key: str, step: str, note: str = "", assignee: str = "") -> Any:
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/alarms").text)
    assert token
    return client.post("/alarms", data={"csrf": token.group(1), "alarm": key, "step": step, "note": note,
                                        "assignee": assignee, "by_user": "someone-else"}, follow_redirects=False)


def open_on_floor(app: Starlette, key: str) -> bool:
    return any(i.key == key and not i.resolved for i in app.state.pit.live.alarm_items())


def test_an_alarm_says_what_to_do_and_is_worked_to_its_resolution_on_the_floor(app: Starlette,
                                                                                 demo: DemoFloor) -> None:
    table = demo.linked[-1]
    reason = forge(demo, table)
    key = link_alarm_key(demo, table)
    sam = signed_in(app, "sam")
    wait_for(lambda: open_on_floor(app, key))
    floor = sam.get("/floor").text
    strip = floor.split('id="open-alarms-strip"')[1].split("</section>")[0]
    assert f'data-alarm="{key}"' in strip and "New: nobody has acknowledged it yet." in strip
    assert " alarmed" in floor.split(f'id="tile-{table}"')[0].rsplit("<article", 1)[1]

    page = sam.get("/alarms").text
    item = article(page, key)
    assert f"Table {table}: the linked progressive refused a step of its round" in item
    assert "What to do:</b> Check the table" in item  # what to do, in words
    stats = item.split('<details class="stats">')[1].split("</details>")[0]
    assert reason.replace("'", "&#39;") in stats  # the statistics: a click away, not the headline
    assert reason.replace("'", "&#39;") not in item.split('<details class="stats">')[0]

    began = time.time()
    assert post(sam, key, "acknowledge", "on my way to the table").status_code == 303
    assert post(sam, key, "assign", "checked the screen").status_code == 400  # to whom?
    assert post(sam, key, "assign", "checked the screen: Pool closed", "Bob (technician)").status_code == 303
    refused = post(sam, key, "resolve")
    assert refused.status_code == 400 and "a resolved alarm needs one" in refused.text
    assert wait_for(lambda: open_on_floor(app, key))  # still open: nothing resolved it
    rows = work_rows(demo, key)
    assert [(r[0], r[1], r[2], r[3], r[4], r[6]) for r in rows] == [
        ("acknowledge", None, "on my way to the table", "sam", "supervisor", table),
        ("assign", "Bob (technician)", "checked the screen: Pool closed", "sam", "supervisor", table)]
    assert all(r[5] == "floor_report" and began - 5 < r[7].timestamp() < time.time() + 5 for r in rows)  # who, when
    item = article(sam.get("/alarms").text, key)
    assert 'data-state="assigned"' in item and "Assigned to Bob (technician) by sam (supervisor) at" in item

    ann = signed_in(app, "ann")
    assert post(ann, key, "resolve", "station restarted by the technician; journal kept").status_code == 303
    assert work_rows(demo, key)[-1][:5] == ("resolve", None, "station restarted by the technician; journal kept",
                                            "ann", "auditor")
    wait_for(lambda: not open_on_floor(app, key))
    floor = sam.get("/floor").text
    assert f'data-alarm="{key}"' not in floor  # the floor page shows open alarms until resolved
    assert f'data-alarm="{key}"' in sam.get("/alarms").text.split('id="resolved-alarms"')[1]
    assert post(sam, key, "acknowledge", "late").status_code == 400  # resolved: no further step

    forge(demo, table)  # the same refusal again: seen after it was resolved, it is open again
    wait_for(lambda: open_on_floor(app, key))
    item = article(sam.get("/alarms").text, key)
    assert 'data-state="new"' in item and "Seen again after it was resolved" in item
    assert post(ann, key, "resolve", "the station was replaced").status_code == 303
    wait_for(lambda: not open_on_floor(app, key))
    doc = sam.get("/api/alarms").json()
    [mine] = [a for a in doc["alarms"] if a["alarm"] == key]
    assert mine["state"] == "resolved" and [s["step"] for s in mine["steps"]] == [
        "acknowledge", "assign", "resolve", "resolve"] and mine["todo"].startswith("Check the table")


def test_a_step_needs_the_forms_token_and_an_alarm_the_pit_knows(app: Starlette, demo: DemoFloor) -> None:
    sam = signed_in(app, "sam")
    forged = sam.post("/alarms", data={"csrf": "x" * 43, "alarm": "alarm:1", "step": "acknowledge"},
                      follow_redirects=False)
    assert forged.status_code == 403
    assert post(sam, "alarm:999999", "acknowledge", "?").status_code == 400
    assert post(sam, "alarm:1", "delete", "?").status_code == 400
    assert work_rows(demo, "alarm:999999") == []


def test_the_report_role_appends_steps_only_through_its_function(demo: DemoFloor) -> None:
    with psycopg.connect(demo.floor.report_url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO floor.alarm_work (alarm, step, by_user, by_role) "
                         "VALUES ('alarm:1', 'acknowledge', 'x', 'y')")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE floor.alarm_work SET note = 'rewritten'")
        with pytest.raises(psycopg.errors.CheckViolation):  # the floor's own last guard: a resolve says what was done
            conn.execute("SELECT floor.work_alarm('alarm:1', '', 'resolve', '', '  ', 'x', 'supervisor')")
    with psycopg.connect(demo.floor.station_url, autocommit=True) as conn, \
            pytest.raises(psycopg.errors.InsufficientPrivilege):  # a station may not touch the pit's work
        conn.execute("SELECT floor.work_alarm('alarm:1', '', 'acknowledge', '', 'x', 'x', 'supervisor')")
