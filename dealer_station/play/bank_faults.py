"""The table bank's faults in ``simulate`` (docs/bank.md, "Faults in simulate"): what each breaks and when.

The simulation only injects; catching is the product's (``bank_count.reconcile`` reads what the station
journaled and the floor recorded). Each kind is drawn once per round with its rate, like a device fault,
and waits until the moment it can happen: a short fill at the next fill, a missing credit at the next
credit, a short drop at the shift's count, an opener mismatch at the next shift's opener. Drawn again
while it waits, it is still one fault. A shift takes at most one tray fault (an unslipped fill or a skim):
both land in the one closer count, and two would cancel out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

BANK_FAULTS = ("short_fill", "unslipped_fill", "tray_skim", "missing_credit", "drop_short", "opener_mismatch")
"""``short_fill``: fewer chips arrive than the slip says (the table refuses the slip); ``unslipped_fill``: chips
arrive with no slip and go into the tray (a tray variance over); ``tray_skim``: chips leave the tray outside any
round (a tray variance short); ``missing_credit``: a credit's chips never reach the cage (the floor's credit stays
unconfirmed); ``drop_short``: the count finds less than the buy-ins (a drop variance); ``opener_mismatch``: the
opener differs from the previous closer (the opener discrepancy)."""
TRAY_FAULTS = ("unslipped_fill", "tray_skim")
FLOOR_FAULTS = ("missing_credit",)
"""Caught only by the cage on the floor: refused without ``--floor``."""


@dataclass
class BankFaults:
    """This table's bank faults: drawn each round, waiting for their moment, counted when they take effect."""

    rates: Mapping[str, float]
    rng: random.Random
    waiting: set[str] = field(default_factory=set)
    injected: Counter[str] = field(default_factory=Counter)

    def draw(self) -> None:
        """One round's draw of every bank fault armed."""
        for kind in BANK_FAULTS:
            if kind in self.rates and self.rng.random() < self.rates[kind]:
                self.waiting.add(kind)

    def take(self, kind: str) -> bool:
        """Whether ``kind`` is waiting; if so it takes effect now (counted once)."""
        if kind not in self.waiting:
            return False
        self.waiting.discard(kind)
        self.injected[kind] += 1
        return True

    def tray_fault(self) -> str | None:
        """A tray fault waiting (the first in ``TRAY_FAULTS`` order), not yet taken."""
        return next((kind for kind in TRAY_FAULTS if kind in self.waiting), None)
