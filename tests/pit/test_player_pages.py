"""The Players and Compliance pages against a real floor (the four-table player floor, forwarded as
stations forward) and, for the compliance role's work, a real headless Chromium: a CTR due filed as
handled and a player added to the exclusion list, both journaled on the floor with who and when."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from structlog.testing import capture_logs

from dealer_station.floor.exclusions import fetch_exclusions
from dealer_station.pit.app import create_app
from dealer_station.pit.users import PitUsers, users_path
from tests.floor.conftest import Floor, played_journal, player_floor  # noqa: F401  (fixtures)
from tests.pit.browser import chromium, sign_in
from tests.pit.conftest import PASSWORD, LiveServer, make_state, signed_in
from tests.pit.floorsim import DemoFloor


@pytest.fixture(scope="module")
def players_floor(player_floor: tuple[Floor, list[dict[str, Any]], Path]) -> Floor:  # noqa: F811
    return player_floor[0]


@pytest.fixture(scope="module")
def players_app(players_floor: Floor, tmp_path_factory: pytest.TempPathFactory, par_cache: Path) -> Iterator[LiveServer]:
    from tests.pit.conftest import settings

    folder = make_state(tmp_path_factory.mktemp("pit-players-state"))
    PitUsers(users_path(folder)).add("cora", PASSWORD, "compliance")
    server = LiveServer(create_app(settings(DemoFloor(players_floor, folder), folder)), par=0)  # no report here
    yield server
    server.stop()


def _client(server: LiveServer, user: str) -> TestClient:
    app: Starlette = server.server.config.app  # type: ignore[assignment]
    return signed_in(app, user)


def test_players_page_shows_a_players_sessions_across_tables(players_app: LiveServer) -> None:
    c = _client(players_app, "sam")
    page = c.get("/players")
    assert page.status_code == 200 and 'data-player="P-100"' in page.text
    mine = c.get("/players", params={"player": "P-100"})
    rows = re.findall(r'<tr data-table="([^"]+)">', mine.text)
    assert sorted(rows) == ["T1", "T4"]
    assert c.get("/players", params={"player": "<script>"}).status_code == 400
    assert c.get("/compliance").status_code == 403  # a supervisor is not the compliance role
    assert 'href="/compliance"' not in page.text


def test_compliance_role_files_a_ctr_due_and_lists_a_player_in_a_browser(players_app: LiveServer,
                                                                         players_floor: Floor) -> None:
    with psycopg.connect(players_floor.report_url) as conn:
        due = conn.execute("SELECT player, gaming_day, direction FROM floor.ctr_dues ORDER BY ord LIMIT 1").fetchone()
    assert due is not None
    key = f"ctr:{due[0]}:{due[1]}:{due[2]}"
    with capture_logs() as logs, chromium() as browser:
        page = browser.new_page()
        sign_in(page, players_app.url, "cora", PASSWORD, "/compliance")
        assert page.url.endswith("/compliance")
        assert "P-100" in page.inner_text('#held-seats li[data-table="T4"][data-seat="1"]')  # T4's held seat
        item = f'#open-findings tr[data-finding="{key}"]'
        assert due[0] in page.inner_text(item)
        page.fill(f"{item} input[name=note]", "CTR filed with FinCEN, BSA id 31000123")
        with page.expect_navigation():
            page.click(f"{item} button[type=submit]")
        assert page.locator(item).count() == 0
        assert "CTR filed with FinCEN" in page.inner_text(f'#handled-findings li[data-finding="{key}"]')
        page.fill("#add-exclusion input[name=player]", "P-201")
        page.fill("#add-exclusion input[name=note]", "self-exclusion form 2026-118")
        with page.expect_navigation():
            page.click("#add-exclusion button[type=submit]")
        assert "self-exclusion form 2026-118" in page.inner_text('#exclusions tr[data-player="P-201"]')
        page.fill("#add-exclusion input[name=player]", "P-201")  # listed already: refused, said why
        page.fill("#add-exclusion input[name=note]", "again")
        with page.expect_navigation():
            page.click("#add-exclusion button[type=submit]")
        assert "on the list already" in page.inner_text("p.refused")
    assert logs and not re.search(r"P-\d", repr(logs))  # the page's log names users, never a player
    with psycopg.connect(players_floor.owner_url) as conn:
        filed = conn.execute("SELECT by_user, by_role, note FROM floor.compliance_work WHERE finding = %s",
                             (key,)).fetchall()
        listed = conn.execute("SELECT added_by, reason FROM floor.exclusions WHERE player = 'P-201'").fetchall()
    assert filed == [("cora", "compliance", "CTR filed with FinCEN, BSA id 31000123")]
    assert listed == [("cora", "self-exclusion form 2026-118")]
    with psycopg.connect(players_floor.station_url) as conn:
        assert "P-201" in fetch_exclusions(conn).players


def test_compliance_refuses_a_forged_or_unknown_filing_and_takes_a_cash_out(players_app: LiveServer,
                                                                            players_floor: Floor) -> None:
    c = _client(players_app, "cora")
    page = c.get("/compliance")
    token = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert token
    bad = c.post("/compliance", data={"csrf": "forged", "action": "handle", "finding": "mtl:x", "note": "n"})
    assert bad.status_code == 403
    unknown = c.post("/compliance", data={"csrf": token.group(1), "action": "handle", "finding": "ctr:nobody", "note": "n"})
    assert unknown.status_code == 400 and "no such open finding" in unknown.text
    anonymous = c.post("/compliance", data={"csrf": token.group(1), "action": "cash_out", "table": "T1", "seat": "3",
                                            "amount": "3500"})
    assert anonymous.status_code == 400 and "needs a description" in anonymous.text
    done = c.post("/compliance", data={"csrf": token.group(1), "action": "cash_out", "table": "T2", "seat": "4",
                                       "player": "P-300", "amount": "3500.50"}, follow_redirects=False)
    assert done.status_code == 303
    with psycopg.connect(players_floor.report_url) as conn:
        line = conn.execute("SELECT table_id, seat, kind, amount, recorded_by FROM floor.mtl WHERE player = 'P-300'")
        assert line.fetchall() == [("T2", 4, "cash_out", Decimal("3500.50"), "cora")]
    assert 'data-finding="mtl:cash_out:' in c.get("/compliance").text
