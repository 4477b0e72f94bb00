"""The pit page's pictures in docs/screenshots: ``make pit-screenshots`` (``python -m tests.pit.screenshots``).

A simulated floor (real stations, a real throwaway PostgreSQL), the page served on loopback,
Debian's chromium headless: the floor, a report, a voided round, the integrity page.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "screenshots"


def main() -> int:
    from dealer_station.logs import configure_logging
    from dealer_station.pit.app import create_app
    from dealer_station.pit.state import state_dir
    from tests.floor.conftest import new_floor
    from tests.pg import PostgresServer
    from tests.pit.browser import chromium, sign_in
    from tests.pit.conftest import PASSWORD, LiveServer, make_state, settings
    from tests.pit.floorsim import build

    configure_logging("error")
    with PostgresServer.running() as server, tempfile.TemporaryDirectory(prefix="pit-shots-") as tmp:
        work = Path(tmp)
        os.environ["XDG_CACHE_HOME"] = str(work / "cache")
        demo = build(new_floor(server), work, uth_tables=5, thb_tables=2, rounds=8, playing=True)
        live = LiveServer(create_app(settings(demo, make_state(state_dir(work / "state")))))
        try:
            with chromium((1360, 900)) as browser:
                page = browser.new_page()
                sign_in(page, live.url, "ann", PASSWORD)
                page.wait_for_selector("article.tile")
                time.sleep(0.5)
                page.screenshot(path=str(OUT / "pit-floor.png"), full_page=True)
                page.goto(live.url + "/reports?from=2020-01-01&by=table")
                page.screenshot(path=str(OUT / "pit-report.png"), full_page=True)
                page.goto(live.url + "/rounds?void_cause=jam")
                page.click("#found tbody tr:first-child td:nth-child(2) a")
                page.wait_for_selector("#void")
                page.screenshot(path=str(OUT / "pit-round.png"), full_page=True)
                page.goto(live.url + "/integrity")
                time.sleep(1.0)
                page.reload()
                page.screenshot(path=str(OUT / "pit-integrity.png"), full_page=True)
        finally:
            live.stop()
    print(f"pictures written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
