"""The pit page's pictures in docs/screenshots: ``make pit-screenshots`` (``python -m tests.pit.screenshots``).

A simulated floor (real stations, a real throwaway PostgreSQL), the page served on loopback,
Debian's chromium headless, at 1360 px (a podium screen) and 768 px (a tablet): the floor, a
report, a voided round, a jackpot round, a poker hand, a table's page, a linked table's page, the
alarms (one being worked: acknowledged and assigned, its statistics open), the integrity page; and
the floor with its database stopped (the tiles greyed "as of" the last read). The Bank page (the cage's
view of a floor with table-shifts, ``tests/pit/bankfloor.py``) at 1920 x 1080: ``python -m
tests.pit.screenshots bank`` takes that one alone; Each picture is also
checked for sideways scrolling (the page must fit the screen's width).
the players page and the
compliance page (four more tables with carded players and cash buy-ins crossing the thresholds);
``python -m tests.pit.screenshots pit-players pit-compliance`` writes only the pictures named.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import psycopg

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "screenshots"
WIDTHS = {1360: "", 768: "-768"}


BANK_SIZE = (1920, 1080)


def bank_picture(server: object, work: Path) -> list[str]:
    """The Bank page as the cage sees it, on its own floor; returns the pictures that scroll sideways."""
    from dealer_station.pit.app import create_app
    from dealer_station.pit.page import PitSettings
    from dealer_station.pit.users import PitUsers, users_path
    from tests.floor.conftest import new_floor
    from tests.pit.bankfloor import seed
    from tests.pit.browser import chromium, sign_in
    from tests.pit.conftest import PASSWORD, LiveServer, make_state

    (work / "bank").mkdir()
    bank = seed(new_floor(server), work / "bank", rounds=6)  # type: ignore[arg-type]
    state = make_state(work / "bank-state")
    PitUsers(users_path(state)).add("carla", PASSWORD, "cage")
    live = LiveServer(create_app(PitSettings(floor_url=bank.floor.report_url, state_dir=state,
                                             tz=ZoneInfo("Europe/Paris"), par_rounds=60)), par=120)
    try:
        with chromium(BANK_SIZE) as browser:
            page = browser.new_page()
            sign_in(page, live.url, "carla", PASSWORD, "/bank")
            page.wait_for_selector("#slips")
            page.click(f'tr[data-slip="{bank.credit_of_requester}"] details.void summary')
            time.sleep(0.3)
            scroll, client = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            page.screenshot(path=str(OUT / "pit-bank.png"))
    finally:
        live.stop()
    return [f"pit-bank at {BANK_SIZE[0]} px: {scroll} px wide"] if scroll > client else []


def main(only: list[str] | None = None) -> int:
    from dealer_station.logs import configure_logging
    from dealer_station.pit.app import create_app
    from dealer_station.pit.users import PitUsers, users_path
    from dealer_station.play.simulate import simulate
    from dealer_station.profile_loader import load_profile
    from tests.floor.cash_floor import four_tables
    from tests.floor.conftest import new_floor
    from tests.pg import PostgresServer
    from tests.pit.browser import chromium, sign_in
    from tests.pit.conftest import PASSWORD, LiveServer, make_state, settings
    from tests.pit.floorsim import build
    from tests.pit.test_alarm_work import forge, link_alarm_key

    configure_logging("error")
    with PostgresServer.running() as server, tempfile.TemporaryDirectory(prefix="pit-shots-") as tmp:
        work = Path(tmp)
        os.environ["XDG_CACHE_HOME"] = str(work / "cache")
        if only == ["bank"]:
            wide = bank_picture(server, work)
            print(f"pictures written to {OUT}", *(f"scrolls sideways: {line}" for line in wide), sep="\n")
            return 1 if wide else 0
        demo = build(new_floor(server), work, uth_tables=5, thb_tables=2, rounds=8, playing=True)
        played = work / "played.sqlite"
        simulate(load_profile("uth-default"), rounds=8, seed=7, seats=4, journal=played, progress=None)
        four_tables(demo.floor, played, work)  # carded players and cash crossing the thresholds
        state = make_state(work / "state")
        PitUsers(users_path(state)).add("cora", PASSWORD, "compliance")
        live = LiveServer(create_app(settings(demo, state, stale_open=20.0, tz=ZoneInfo("Europe/Paris"))))
        with psycopg.connect(demo.floor.report_url) as conn:
            poker = conn.execute("SELECT table_id, round_id FROM floor.rounds r WHERE table_id = %s AND EXISTS "
                                 "(SELECT 1 FROM floor.events e WHERE e.table_id = r.table_id AND e.round_id = r.round_id "
                                 "AND e.kind = 'hand_mucked') ORDER BY round_id DESC LIMIT 1",
                                 (demo.poker[0],)).fetchone() or conn.execute(
                "SELECT table_id, round_id FROM floor.rounds WHERE table_id = %s ORDER BY round_id DESC LIMIT 1",
                (demo.poker[0],)).fetchone()
            jackpot = conn.execute("SELECT e.table_id, e.round_id FROM floor.events e JOIN floor.rounds r "
                                   "USING (table_id, round_id) WHERE e.kind = 'jackpot_award' AND r.ended_seq IS NOT NULL "
                                   "ORDER BY e.seq DESC LIMIT 1").fetchone()
        assert poker is not None and jackpot is not None
        forge(demo, demo.linked[0])  # a forged step refused by the linked progressive: an alarm to work on
        alarm = link_alarm_key(demo, demo.linked[0])
        pages = {"pit-floor": "/floor", "pit-report": "/reports?from=2020-01-01&by=table,day,shift",
                 "pit-jackpot-round": f"/rounds/{jackpot[0]}/{jackpot[1]}", "pit-linked-table": f"/tables/{demo.linked[0]}",
                 "pit-alarms": "/alarms",
                 "pit-round": "/rounds?void_cause=jam", "pit-poker-round": f"/rounds/{poker[0]}/{poker[1]}",
                 "pit-table": f"/tables/{demo.thb[0]}", "pit-integrity": "/integrity",
                 "pit-players": "/players?player=P-100", "pit-compliance": "/compliance"}
        if only:
            pages = {name: path for name, path in pages.items() if name in only}
        wide: list[str] = []
        try:
            if not only:
                time.sleep(21)  # the table caught mid-round goes stale (20 s here), as a silent table does
            with chromium((1360, 900)) as browser:  # the compliance officer files a CTR due and lists a player
                page = browser.new_page()
                sign_in(page, live.url, "cora", PASSWORD, "/compliance")
                item = '#open-findings tr[data-finding^="ctr:"]'
                page.fill(f"{item} input[name=note]", "CTR filed with FinCEN, BSA id 31000123")
                with page.expect_navigation():
                    page.click(f"{item} button[type=submit]")
                page.fill("#add-exclusion input[name=player]", "P-201")
                page.fill("#add-exclusion input[name=note]", "self-exclusion form 2026-118")
                with page.expect_navigation():
                    page.click("#add-exclusion button[type=submit]")
            with chromium((1360, 900)) as browser:  # a supervisor takes the alarm on and hands it to a technician
                page = browser.new_page()
                sign_in(page, live.url, "sam", PASSWORD, "/alarms")
                item = f'article[data-alarm="{alarm}"]'
                for step, note, who in (("acknowledge", "on my way to the table", ""),
                                        ("assign", "Pool closed on the screen; station left as it is", "Bob (technician)")):
                    page.fill(f"{item} textarea[name=note]", note)
                    if who:
                        page.fill(f"{item} input[name=assignee]", who)
                    with page.expect_navigation():
                        page.click(f'{item} button[value="{step}"]')
            for width, suffix in WIDTHS.items():
                with chromium((width, 900)) as browser:
                    page = browser.new_page()
                    for name, path in pages.items():
                        if page.url == "about:blank" or name == "pit-compliance":
                            browser.clear_cookies()
                            sign_in(page, live.url, "cora" if name == "pit-compliance" else "ann", PASSWORD)
                            if name != "pit-compliance":
                                page.wait_for_selector("article.tile")
                        page.goto(live.url + path)
                        if name == "pit-round":
                            page.click("#found tbody tr:first-child td:nth-child(2) a")
                            page.wait_for_selector("#void")
                        if name == "pit-alarms":
                            page.click(f'article[data-alarm="{alarm}"] details.stats summary')
                        time.sleep(0.5)
                        scroll, client = page.evaluate(
                            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                        if scroll > client:
                            wide.append(f"{name} at {width} px: {scroll} px wide")
                        page.screenshot(path=str(OUT / f"{name}{suffix}.png"), full_page=True)
            with chromium((1360, 900)) as browser:  # the floor's database stopped under an open page
                if only and "pit-outage" not in only:
                    raise _Done
                page = browser.new_page()
                sign_in(page, live.url, "sam", PASSWORD)
                page.wait_for_selector("article.tile")
                server.stop()
                page.wait_for_selector("#outage", state="visible", timeout=5000)
                time.sleep(2.0)
                page.screenshot(path=str(OUT / "pit-outage.png"))
                server.start()
                page.wait_for_selector("#outage", state="hidden", timeout=10000)
        except _Done:
            pass
        finally:
            live.stop()
        if not only or "pit-bank" in only:
            wide += bank_picture(server, work)
    print(f"pictures written to {OUT}")
    for line in wide:
        print(f"scrolls sideways: {line}")
    return 1 if wide else 0


class _Done(Exception):
    """Only the pictures named were asked for: they are written."""


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or None))
