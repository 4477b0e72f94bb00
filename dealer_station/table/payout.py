"""What a seat's settlement entry asks of the croupier: what to collect, what to pay, what stays.

Pure over a settlement (the ``settled`` event's), so the screen shows it (``view/settlement.py``) and the
rules withhold exactly what would have been paid to a held seat (``engine/seating.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..money import ZERO


@dataclass(frozen=True)
class SeatPayout:
    """One seat's settlement as a croupier carries it out: first collect, then pay spot by spot.

    ``collect`` and ``pay`` are (spot, amount) in the game's spot order, amounts positive;
    ``push`` the spots whose stake stays; ``jackpot`` a progressive award, paid apart from
    the rack (its stake is collected like any losing spot); ``net`` what the seat ends with.
    """

    seat: int
    collect: tuple[tuple[str, Decimal], ...]
    pay: tuple[tuple[str, Decimal], ...]
    push: tuple[str, ...]
    jackpot: Decimal | None
    net: Decimal

    @property
    def collected(self) -> Decimal:
        return sum((amount for _, amount in self.collect), ZERO)

    @property
    def paid(self) -> Decimal:
        """What the rack pays (the jackpot not included)."""
        return sum((amount for _, amount in self.pay), ZERO)


def seat_payout(settlement: Mapping[str, Any], seat: int) -> SeatPayout | None:
    """``seat``'s entry of a settlement as a ``SeatPayout`` (None: the seat is not in it).

    A Pool net is the award less the stake (``games/thb.py``): with an award the stake is
    collected and the award paid from the progressive, never broken into the rack's chips.
    """
    entry = next((e for e in settlement.get("seats", []) if e["seat"] == seat), None)
    if entry is None:
        return None
    awards = [Decimal(str(a["amount"])) for a in (settlement.get("jackpot") or {}).get("awards", [])
              if a.get("seat") == seat]
    award = sum(awards, ZERO) if awards else None
    collect: list[tuple[str, Decimal]] = []
    pay: list[tuple[str, Decimal]] = []
    push: list[str] = []
    for spot, text in entry.get("bets", {}).items():
        net = Decimal(str(text))
        if spot == "pool" and award is not None:
            stake = award - net
            if stake > 0:
                collect.append((spot, stake))
            continue
        if net < 0:
            collect.append((spot, -net))
        elif net > 0:
            pay.append((spot, net))
        else:
            push.append(spot)
    return SeatPayout(seat, tuple(collect), tuple(pay), tuple(push), award, Decimal(str(entry["net"])))
