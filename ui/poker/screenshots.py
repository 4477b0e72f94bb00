"""Pictures of the poker screen (docs/screenshots/poker-*.png) from scripted hands, offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m ui.poker.screenshots [OUT_DIR]

Each hand is dealt by the in-process scripted shoe from a stacked deck, so the pictures
always show the same cards: a side-pot hand at its settlement, a split pot with an odd
chip, a fixed-limit round at its cap, and the side-pot settlement on an 800x480 panel.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from dealer_station.config import load_profile
from dealer_station.engine import TableSession
from dealer_station.journal import Journal

from .window import PokerWindow

PROGRAM = {"version": "screenshots", "sha256": "0" * 64, "files": 0}
BURNS = ("2c", "2d", "2h")


def stacked(holes: Mapping[int, Sequence[str]], board: Sequence[str], button: int) -> list[str]:
    """The shoe order dealing ``holes`` from the seat left of ``button``, then burn + board per street."""
    seats = sorted(holes)
    order = [s for s in seats if s > button] + [s for s in seats if s <= button]
    cards = [c for s in order for c in holes[s]]
    for burn, street in zip(BURNS, (board[:3], board[3:4], board[4:5]), strict=True):
        cards += [burn, *street]
    return cards


def table(folder: Path, profile: str, deck: list[str]) -> TableSession:
    from simulators.scripted_shoe import ScriptedShoe  # the in-process shoe of the tests

    config = load_profile(profile)
    shoe = ScriptedShoe()
    shoe.load(deck)
    ctl = TableSession(config, Journal(folder / f"{profile}.sqlite", table_id=config.table_id), shoe=shoe)
    shoe.session = ctl
    ctl.start(PROGRAM)
    shoe.connect()
    return ctl


def play(ctl: TableSession, stacks: dict[int, int], actions: Sequence[tuple[object, ...]]) -> None:
    for seat, chips in stacks.items():
        ctl.execute("seat_player", seat, str(chips))
    ctl.execute("open_round")
    for who, move, *to in actions:
        ctl.execute("act", who, move, *to)


def side_pot(folder: Path) -> TableSession:
    """Seat 2 all in for 50, seat 4 for 100, seat 1 covers: a main pot and a side pot."""
    holes = {1: ["As", "Ad"], 2: ["Kc", "Kh"], 4: ["Qs", "Qd"], 6: ["9c", "8c"]}
    ctl = table(folder, "holdem-nl-1-2", stacked(holes, ["3c", "7d", "9h", "Jc", "4s"], 1))
    play(ctl, {1: 200, 2: 50, 4: 100, 6: 120},
         [(6, "fold"), (1, "raise", "6"), (2, "all_in"), (4, "all_in"), (1, "call")])
    while ctl.phase == "showdown":
        ctl.execute("show")
    return ctl


def split_pot(folder: Path) -> TableSession:
    """Two aces make the same straight: 22 less a rake of 1 splits 11 / 10, the odd chip to the
    first winner left of the button."""
    holes = {1: ["5h", "6h"], 2: ["Ah", "3c"], 3: ["Ad", "4c"]}
    ctl = table(folder, "holdem-nl-1-2", stacked(holes, ["Ts", "Jh", "Qd", "Kc", "2s"], 1))
    play(ctl, {1: 100, 2: 100, 3: 100}, [(1, "call"), (2, "call"), (3, "raise", "8"), (1, "fold"), (2, "call"),
                                         (2, "bet", "2"), (3, "call"), (2, "check"), (3, "check"), (2, "check"),
                                         (3, "check")])
    while ctl.phase == "showdown":
        ctl.execute("show")
    return ctl


def capped(folder: Path) -> TableSession:
    """Fixed limit 2/4: raises to 4, 6, 8 cap the pre-flop round; seat 1 may only call or fold."""
    holes = {1: ["Kd", "Kh"], 2: ["Ac", "Qc"], 3: ["Jd", "Js"]}
    ctl = table(folder, "holdem-fl-2-4", stacked(holes, ["3c", "7d", "9h", "Jc", "4s"], 1))
    play(ctl, {1: 60, 2: 60, 3: 60}, [(1, "raise", "4"), (2, "raise", "6"), (3, "raise", "8")])
    return ctl


SHOTS: tuple[tuple[str, Callable[[Path], TableSession], tuple[int, int]], ...] = (
    ("poker-side-pot", side_pot, (1280, 800)),
    ("poker-split-odd-chip", split_pot, (1280, 800)),
    ("poker-fixed-limit-cap", capped, (1280, 800)),
    ("poker-side-pot-800x480", side_pot, (800, 480)),
)


def shoot(app: QApplication, ctl: TableSession, size: tuple[int, int], path: Path) -> PokerWindow:
    window = PokerWindow(ctl)
    window.fit_to(*size)
    window.show()
    for _ in range(20):
        app.processEvents()
    window.render_now()
    window.save_screenshot(path)
    return window


def main(argv: list[str] | None = None) -> int:
    out = Path((argv or sys.argv[1:] or ["docs/screenshots"])[0])
    from ..app import make_app

    app = make_app()
    with tempfile.TemporaryDirectory() as tmp:
        for name, scene, size in SHOTS:
            folder = Path(tmp) / name
            folder.mkdir()
            ctl = scene(folder)
            window = shoot(app, ctl, size, out / f"{name}.png")
            window.close()
            ctl.journal.close()
            print(out / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
