"""A round's settlement as the croupier carries it out: collect, then pay, seat by seat; held awards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..money import ZERO
from ..table.state import RoundState

# --------------------------------------------------------------------------- settlement


def chip_breakdown(amount: Decimal, chips: Sequence[Decimal]) -> tuple[list[tuple[Decimal, int]], Decimal]:
    """How to pay ``amount`` with the chip set: (chip, count) largest first, and what no chip makes."""
    left = abs(amount)
    out: list[tuple[Decimal, int]] = []
    for chip in sorted(chips, reverse=True):
        count = int(left // chip)
        if count:
            out.append((chip, count))
            left -= chip * count
    return out, left


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


@dataclass(frozen=True)
class HeldAward:
    """A progressive hit held for a supervisor: who, which hand, its five cards, the share and amount."""

    seat: int
    category: str
    cards: tuple[int, ...]
    percent: Decimal
    amount: Decimal
    meter: Decimal | None = None
    """The meter at the hit, of which ``amount`` is ``percent`` (None when the round's facts cannot say)."""


def held_awards(rnd: RoundState | None) -> list[HeldAward]:
    """The round's progressive awards waiting for verification (a game keeps them: ``held()``), each with the
    meter it is a share of (``meter_at``), so the figures on screen add up."""
    held = getattr(rnd.game_state, "held", None) if rnd is not None else None
    if not callable(held) or rnd is None:
        return []
    meter_at = getattr(rnd.game_state, "meter_at", None)
    board = tuple(rnd.cards.get("board", [])[:3])
    return [HeldAward(a.seat, a.category, (*rnd.hole(a.seat)[:2], *board), a.percent, a.amount,
                      meter_at(a) if callable(meter_at) else None) for a in held()]


def settlement_order(rnd: RoundState) -> list[int]:
    """Seats in the order the croupier settles them: the settlement's own order (highest first)."""
    return [entry["seat"] for entry in (rnd.settlement or {}).get("seats", [])]


def house_result(rnd: RoundState) -> Decimal:
    """The table's result of a paid round: what the players lost minus what they were paid."""
    return -sum((Decimal(str(s["net"])) for s in (rnd.settlement or {}).get("seats", [])), ZERO)
