"""A station playing sensed rounds that stops still at a named point of round 2, for a test to SIGKILL it.

    python -m tests.session.sensed_kill_child JOURNAL POINT

``simulate`` (the real station, its drivers and the pty twins, the sensed croupier) with the
croupier's step held at POINT: ``before_lock`` (chips on the layout, seen, "no more bets" not
called), ``after_lock`` (stakes locked and the cards dealt: the first decision), or
``mid_settlement`` (one seat paid, the others not). It prints ``AT POINT`` once its journal holds
everything up to there and waits to be killed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from dealer_station.play.sensed_play import SensedCroupier
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile

HELD_ROUND = 2
SEATS = 3


def hold(point: str) -> None:
    print(f"AT {point}", flush=True)
    time.sleep(600)
    raise SystemExit(1)  # never killed: the test gave up


def main(journal: str, point: str) -> int:
    lock, decide, settle = SensedCroupier._lock, SensedCroupier._decide, SensedCroupier._settle

    def held(croupier: SensedCroupier) -> bool:
        rnd = croupier.session.view().round
        return rnd is not None and rnd.number == HELD_ROUND

    def before_lock(self: SensedCroupier) -> bool:
        if held(self):
            hold(point)
        return lock(self)

    def after_lock(self: SensedCroupier, current: Any) -> bool:
        if held(self):
            hold(point)
        return decide(self, current)

    def mid_settlement(self: SensedCroupier, current: Any) -> bool:
        rnd = self.session.view().round
        if held(self) and rnd is not None and sum(seat.paid for seat in rnd.seats.values()) == 1:
            hold(point)
        return settle(self, current)

    patches = {"before_lock": ("_lock", before_lock), "after_lock": ("_decide", after_lock),
               "mid_settlement": ("_settle", mid_settlement)}
    name, patched = patches[point]
    setattr(SensedCroupier, name, patched)
    simulate(load_profile("uth-rfid"), rounds=HELD_ROUND + 1, seed=7, seats=SEATS, journal=Path(journal), progress=None)
    return 1  # round 2 finished: the point was never reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
