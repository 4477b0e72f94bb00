"""The Bank page on a real floor: the cage issues a fill and confirms a credit, the count team enters a drop,
in a real browser (Debian's chromium); a hostile soft count CSV is one refusal and writes nothing; whoever
requested a slip cannot void it, whatever their pit role; each role acts only as it may."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from dealer_station.pit.app import create_app
from dealer_station.pit.page import PitSettings
from dealer_station.pit.users import PitUsers, users_path
from tests.floor.conftest import new_floor
from tests.pg import PostgresServer
from tests.pit.bankfloor import REQUESTER, BankFloor, seed
from tests.pit.browser import chromium, sign_in
from tests.pit.conftest import PASSWORD, LiveServer, make_state, wait_ready

USERS = {"carla": "cage", "cole": "count", "dan": "cage", "mia": "supervisor"}


@pytest.fixture(scope="module")
def bank(pg_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory) -> BankFloor:
    return seed(new_floor(pg_server), tmp_path_factory.mktemp("bank-floor"))


def bank_settings(bank: BankFloor, folder: Path) -> PitSettings:
    state = make_state(folder)
    users = PitUsers(users_path(state))
    for name, role in USERS.items():
        users.add(name, PASSWORD, role, holds=REQUESTER if name == "mia" else None)
    return PitSettings(floor_url=bank.floor.report_url, state_dir=state, poll=0.5)


@pytest.fixture(scope="module")
def pit_settings(bank: BankFloor, tmp_path_factory: pytest.TempPathFactory) -> PitSettings:
    return bank_settings(bank, tmp_path_factory.mktemp("bank-pit"))


@pytest.fixture(scope="module")
def bank_app(pit_settings: PitSettings) -> Iterator[Starlette]:
    application = create_app(pit_settings)
    with TestClient(application):
        wait_ready(application, par=30)
        yield application


def client_as(app: Starlette, user: str) -> tuple[TestClient, str]:
    c = TestClient(app, base_url="http://127.0.0.1")
    page = c.get("/login")
    token = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert token
    signed = c.post("/login", data={"user": user, "password": PASSWORD, "csrf": token.group(1), "next": "/bank"},
                    follow_redirects=False)
    assert signed.status_code == 303
    bank_page = c.get("/bank")
    post = re.search(r'name="csrf" value="([^"]+)"', bank_page.text)
    assert bank_page.status_code == 200 and post
    return c, post.group(1)


def slip_state(bank: BankFloor, slip: str) -> str:
    with psycopg.connect(bank.floor.report_url) as conn:
        row = conn.execute("SELECT state FROM floor.slips WHERE slip = %s", (slip,)).fetchone()
    assert row is not None
    return str(row[0])


def drops(bank: BankFloor) -> list[tuple[object, ...]]:
    with psycopg.connect(bank.floor.report_url) as conn:
        return [tuple(r) for r in conn.execute("SELECT table_id, shift, amount, counted_by, source FROM floor.drops "
                                               "ORDER BY id")]


def test_each_role_acts_only_as_it_may_and_the_requester_never_voids(bank: BankFloor, bank_app: Starlette) -> None:
    mia, token = client_as(bank_app, "mia")  # a supervisor holding the badge that requested the slips
    page = mia.get("/bank").text
    assert 'value="issue"' not in page and 'value="void"' in page and "/bank/drop" not in page
    refused = mia.post("/bank/slip", data={"csrf": token, "slip": bank.credit_of_requester, "action": "void",
                                           "reason": "asked twice", "second": "carla", "second_password": PASSWORD})
    assert refused.status_code == 400 and "who requested it may not void it" in refused.text
    assert mia.post("/bank/slip", data={"csrf": token, "slip": bank.fill_to_issue, "action": "issue"}).status_code == 403
    assert mia.post("/bank/slip", data={"slip": bank.fill_to_issue, "action": "void"}).status_code == 403  # no token
    dan, dan_token = client_as(bank_app, "dan")
    wrong = dan.post("/bank/slip", data={"csrf": dan_token, "slip": bank.credit_of_requester, "action": "void",
                                         "reason": "asked twice", "second": "carla", "second_password": "not it at all"})
    assert wrong.status_code == 400 and "the second person" in wrong.text
    assert dan.post("/bank/drop", data={"csrf": dan_token, "table": "B2", "shift": "1", "amount": "5"}).status_code == 403
    assert slip_state(bank, bank.credit_of_requester) == "requested"
    voided = dan.post("/bank/slip", data={"csrf": dan_token, "slip": bank.credit_of_requester, "action": "void",
                                          "reason": "table asked twice", "second": "carla",
                                          "second_password": PASSWORD}, follow_redirects=False)
    assert voided.status_code == 303 and slip_state(bank, bank.credit_of_requester) == "void"
    with psycopg.connect(bank.floor.report_url) as conn:
        assert conn.execute("SELECT voided_by, void_second, void_reason FROM floor.slips WHERE slip = %s",
                            (bank.credit_of_requester,)).fetchone() == ("dan", "carla", "table asked twice")
    history = mia.get("/bank/shift/B1/1").text
    assert history.count("<tr><td class=\"key\">") >= 2 and "680" in history and "-20" in history
    with psycopg.connect(bank.floor.owner_url) as owner:  # the statistical report opened one
        row = owner.execute("INSERT INTO floor.investigations (table_id, game, month) VALUES ('B1', 'uth', "
                            "'2026-12-01') RETURNING id").fetchone()
    assert row is not None
    posted = {"investigation": str(row[0]), "finding": "a fill booked twice at the cage; corrected"}
    assert dan.post("/bank/investigation", data={"csrf": dan_token, **posted}).status_code == 403
    assert mia.post("/bank/investigation", data={"csrf": token, **posted}, follow_redirects=False).status_code == 303
    with psycopg.connect(bank.floor.report_url) as conn:
        assert conn.execute("SELECT closed_by, finding FROM floor.investigations").fetchone() == (
            REQUESTER, posted["finding"])  # mia acts under the badge she holds


@pytest.mark.slow  # a real Chromium against a live pit server
def test_the_cage_and_the_count_in_a_browser(bank: BankFloor, pit_settings: PitSettings) -> None:
    server = LiveServer(create_app(pit_settings), par=30)
    try:
        with chromium((1600, 1000)) as browser:
            page = browser.new_page()
            sign_in(page, server.url, "carla", PASSWORD, "/bank")
            assert page.url.endswith("/bank")
            issue = f'tr[data-slip="{bank.fill_to_issue}"] button[value="issue"]'
            with page.expect_navigation():
                page.click(issue)
            assert page.get_attribute(f'tr[data-slip="{bank.fill_to_issue}"]', "data-state") == "issued"
            with page.expect_navigation():
                page.click(f'tr[data-slip="{bank.credit_to_confirm}"] button[value="confirm"]')
            assert page.locator(f'tr[data-slip="{bank.credit_to_confirm}"]').count() == 0  # no longer in flight
            assert (slip_state(bank, bank.fill_to_issue), slip_state(bank, bank.credit_to_confirm)) == (
                "issued", "received")
            before = drops(bank)
            browser.clear_cookies()  # the count team's turn, in the same browser
            sign_in(page, server.url, "cole", PASSWORD, "/bank")
            row = 'tr[data-shift="B2/1"]'
            assert page.inner_text(f"{row} td.drop") == "not counted"
            page.fill(f"{row} input[name=amount]", "290")
            with page.expect_navigation():
                page.click(f"{row} button[type=submit]")
            assert page.inner_text(f"{row} td.drop") == "290"
            assert page.inner_text(f"{row} td.dropvar") == "-10 NOTE"
            page.fill("#count-csv textarea[name=csv]", "table_id,gaming_day,shift,amount\nB2,2026-12-05,1,=1+1\n")
            with page.expect_navigation():
                page.click("#count-csv button[type=submit]")
            refusal = page.inner_text("#bank-error")
            assert "nothing written" in refusal and "spreadsheet formula" in refusal and "\n" not in refusal.strip()
        assert drops(bank) == [*before, ("B2", 1, 290, "cole", "screen")]
    finally:
        server.stop()
