"""Regenerate the README screenshots (docs/screenshots/*.png, 1280x800) offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m ui.screenshots [OUT_DIR]

Uses the controller tests' scripted shoe so every picture shows the same known cards:
betting, the lockout, the river decision, settlement, and a round voided by a shoe jam.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_station.config import load_profile
from dealer_station.engine import TableSession
from dealer_station.journal import Journal

from .app import MainWindow, make_app

DEMO_BADGE, DEMO_PIN = "0000", "1234"  # a throwaway credential store in the temp folder

DECK = ["2c", "7d", "Jh", "Js", "Qs", "As", "Ac", "Kd", "Qh", "8d", "3h", "Kc", "7c"]


def _shoe() -> object:
    from simulators.scripted_shoe import ScriptedShoe  # the same in-process shoe the controller tests use

    shoe = ScriptedShoe()
    shoe.load(DECK)
    return shoe


def _window(folder: Path, name: str) -> tuple[TableSession, object, MainWindow]:
    table = load_profile("uth-default")
    shoe = _shoe()
    from dealer_station.supervisor import CredentialStore

    credentials = CredentialStore(folder / f"{name}.credentials.json")
    credentials.add(DEMO_BADGE, DEMO_PIN)
    ctl = TableSession(table, Journal(folder / f"{name}.sqlite", table_id=table.table_id), shoe=shoe,
                       credentials=credentials)
    shoe.session = ctl  # type: ignore[attr-defined]
    ctl.start({"version": "screenshots", "sha256": "0" * 64, "files": 0})
    shoe.connect()  # type: ignore[attr-defined]
    window = MainWindow(ctl)
    window.show()
    return ctl, shoe, window


def main(argv: list[str] | None = None) -> int:
    out = Path((argv or sys.argv[1:] or ["docs/screenshots"])[0])
    app = make_app()

    def shoot(window: MainWindow, name: str) -> None:
        for _ in range(30):
            app.processEvents()
        window.save_screenshot(out / f"{name}.png")
        print(out / f"{name}.png")

    with tempfile.TemporaryDirectory() as tmp:
        ctl, shoe, window = _window(Path(tmp), "round")
        ctl.open_round()
        ctl.set_bets(1, {"ante": "10", "blind": "10", "trips": "5"})
        ctl.set_bets(2, {"ante": "25", "blind": "25"})
        ctl.set_bets(4, {"ante": "5", "blind": "5", "trips": "1"})
        shoot(window, "betting")
        ctl.no_more_bets()
        ctl.decide(1, "play4x")
        ctl.decide(2, "check")
        ctl.decide(4, "check")
        ctl.reveal()
        ctl.decide(2, "check")
        ctl.decide(4, "play2x")
        ctl.reveal()
        shoot(window, "river-decision")
        ctl.decide(2, "play1x")
        ctl.reveal()
        ctl.mark_paid(4)
        shoot(window, "settlement")
        window.close()

        ctl, shoe, window = _window(Path(tmp), "lockout")
        shoe.hold = True  # type: ignore[attr-defined]  # the deal stays pending: bets locked, no cards yet
        ctl.open_round()
        ctl.set_bets(1, {"ante": "10", "blind": "10", "trips": "5"})
        ctl.set_bets(5, {"ante": "50", "blind": "50"})
        ctl.no_more_bets()
        shoot(window, "lockout")
        window.close()

        ctl, shoe, window = _window(Path(tmp), "void")
        shoe.jam_after = 4  # type: ignore[attr-defined]
        ctl.open_round()
        ctl.set_bets(3, {"ante": "20", "blind": "20", "trips": "10"})
        ctl.set_bets(6, {"ante": "5", "blind": "5"})
        ctl.no_more_bets()
        shoot(window, "jam-halt")
        ctl.void(DEMO_BADGE, DEMO_PIN, "shoe jam: round voided")
        shoot(window, "voided-round")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
