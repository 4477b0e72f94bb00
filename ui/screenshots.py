"""Regenerate the README screenshots (``docs/screenshots/*.png``) offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m ui.screenshots [OUT_DIR [PICTURE ...]]

Every picture comes from ``ui.scenes`` on the scripted shoe, so the cards are always the
same: ``<picture>-<width>x<height>-<language>.png``, at 1280x800 and at the smallest
dealer display (800x480), in English and Simplified Chinese - the banking games and the
poker table alike; a table with a bet sensor, and what issue 39 looked at, also at the largest (1920x1080),
where the screen shows more (``ui/side_panel.py``). Naming pictures (``poker-side-pot``) makes only those.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

from .app import make_app
from .scenes import SCENES, make_rig

PICTURES: dict[str, tuple[str, str]] = {
    "betting": ("uth", "betting"),
    "lockout": ("uth", "lockout"),
    "river-decision": ("uth", "decision_river"),
    "settlement": ("uth", "settlement_paying"),
    "voided-round": ("uth", "void"),
    "jam-halt": ("uth-halts", "halt_fault"),
    "supervisor-pin": ("uth-halts", "pin_dialog"),
    "card-picker": ("uth-hand", "key_picker"),
    "thb-meter": ("thb-jackpot", "betting"),
    "thb-pool-hit-verify": ("thb-jackpot", "jackpot_verify"),
    "thb-bonus-payout": ("thb-jackpot", "settlement_bonus"),
    "recall": ("thb-jackpot", "recall"),
    "poker-side-pot": ("holdem-side-pot", "side_pot_settlement"),
    "poker-nine-all-in": ("holdem-nine", "nine_all_in"),
    "poker-nine-settlement": ("holdem-nine", "nine_settlement"),
    "misread-halt": ("uth-reader", "halt_mismatch"),
    "poker-split-odd-chip": ("holdem-split", "split_settlement"),
    "poker-fixed-limit-cap": ("holdem-limit", "capped"),
    "sensed-betting": ("uth-rfid", "sensed_betting"),
    "sensed-settlement": ("uth-rfid", "sensed_settlement"),
    "bet-alarm": ("uth-rfid", "bet_alarm"),
    "refused-device": ("uth-faults", "refused_between_rounds"),
    "deck-check": ("uth-halts", "halt_deck"),
    "hand-dealt-round": ("uth-hand", "fold_set_apart"),
    "hand-dealt-showdown": ("uth-hand", "hands_reveal"),
    "reader-no-read": ("uth-reader", "halt_no_read"),
    "device-fault": ("uth-faults", "fault_jam"),
    "bank-panel": ("uth-bank", "bank_panel"),
    "bank-count": ("uth-bank", "bank_count"),
    "player-id-pad": ("uth-players", "player_id_pad"),
    "withheld-settlement": ("uth-players", "withheld_settlement"),
}
"""Picture name -> (scene set, phase)."""

SENSED = ("sensed-betting", "sensed-settlement", "bet-alarm")
"""A table with a bet sensor (issue 21): also at the largest panel."""
ISSUE_39 = ("refused-device", "sensed-settlement", "hand-dealt-round", "thb-pool-hit-verify", "deck-check",
            "poker-nine-all-in")
"""What issue 39 looked at: a refused device, a sensed mispay, a hand-dealt round, a jackpot's verification, a
deck check and nine seats all in - at the smallest panel in Chinese and the largest in English."""
BANK = ("bank-panel", "bank-count")
"""The table bank (issue 40): at the smallest panel in Chinese and the largest in English."""
PLAYERS = ("player-id-pad", "withheld-settlement")
"""The player at the seat (issue 41): keying an id, a held seat's pay withheld - both panels' extremes, en and
zh_CN."""
POKER = ("poker-side-pot", "poker-split-odd-chip", "poker-fixed-limit-cap", "poker-nine-all-in", "poker-nine-settlement")
SHOTS: dict[tuple[int, int, str], tuple[str, ...]] = {
    (1280, 800, "en"): tuple(PICTURES),
    (800, 480, "en"): ("betting", "river-decision", "settlement", "jam-halt", "supervisor-pin", "card-picker",
                       "thb-pool-hit-verify", "thb-bonus-payout", "misread-halt", *POKER, *SENSED, *ISSUE_39,
                       "reader-no-read", "device-fault", *PLAYERS),
    (1280, 800, "zh_CN"): ("betting", "settlement", "jam-halt", "thb-pool-hit-verify", "thb-bonus-payout",
                           "misread-halt", *POKER),
    (800, 480, "zh_CN"): ("betting", "settlement", "thb-pool-hit-verify", "thb-bonus-payout", "misread-halt", *POKER,
                          *SENSED, "refused-device", "deck-check", "hand-dealt-round", "hand-dealt-showdown",
                          "reader-no-read", "device-fault", *BANK, *PLAYERS),
    (1920, 1080, "en"): tuple(dict.fromkeys((*SENSED, *ISSUE_39, "betting", "river-decision", *BANK, *PLAYERS))),
    (1920, 1080, "zh_CN"): ("sensed-settlement", *PLAYERS),
}
"""Panel size and language -> the pictures taken there."""


USAGE = "usage: python -m ui.screenshots [FOLDER [PICTURE ...]] (default folder docs/screenshots)"


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(f"{USAGE}\npictures: {', '.join(PICTURES)}")
        return 0
    if args and args[0].startswith("-"):  # not a folder: writing pictures into "./--size" helps nobody
        print(f"unknown option {args[0]!r}; {USAGE}", file=sys.stderr)
        return 2
    out = Path(args[0] if args else "docs/screenshots")
    only = set(args[1:])
    unknown = only - set(PICTURES)
    if unknown:
        print(f"unknown picture(s): {', '.join(sorted(unknown))} (known: {', '.join(PICTURES)})", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    make_app()
    with tempfile.TemporaryDirectory() as tmp:
        for (width, height, language), names in SHOTS.items():
            wanted: dict[str, dict[str, str]] = {}
            for name in names:
                if only and name not in only:
                    continue
                scene, phase = PICTURES[name]
                wanted.setdefault(scene, {})[phase] = name
            for scene, phases in wanted.items():
                profile, play, options = SCENES[scene]
                rig = make_rig(profile, Path(tmp), language=language, size=(width, height), **options)
                try:
                    for phase in play(rig):
                        if phase in phases:
                            QTest.qWait(300)  # what the worker reads (recall) arrives
                            rig.render()
                            path = out / f"{phases[phase]}-{width}x{height}-{language}.png"
                            shown = [d for d in rig.window.findChildren(QDialog) if d.isVisible()]
                            (shown[-1] if shown else rig.window).grab().save(str(path), "PNG")
                            print(path)
                finally:
                    rig.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
