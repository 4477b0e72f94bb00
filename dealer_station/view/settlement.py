"""A round's settlement as the croupier carries it out: collect, then pay, seat by seat; held awards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from ..money import ZERO
from ..table.payout import SeatPayout, seat_payout
from ..table.seated import WinningsWithheld, withheld
from ..table.state import RoundState, TableState

__all__ = ["HeldAward", "SeatPayout", "chip_breakdown", "held_awards", "house_result", "seat_payout",
           "settlement_order", "withheld_at", "withheld_pending",
           "withheld_seats"]

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


def withheld_at(state: TableState, seat: int) -> Decimal | None:
    """What the round in progress withholds from ``seat`` (its player excluded: paid nothing), None: nothing."""
    rnd = state.round
    entry = withheld(state).get((rnd.round_id, seat)) if rnd is not None else None
    return None if entry is None else entry.amount


def withheld_pending(state: TableState) -> list[WinningsWithheld]:
    """Winnings withheld that no supervisor has released or forfeited yet, oldest round first."""
    return sorted(withheld(state).values(), key=lambda w: (w.round_id, w.seat))


def withheld_seats(state: TableState) -> list[int]:
    """The seats with winnings withheld that no supervisor has released or forfeited yet."""
    return sorted({w.seat for w in withheld_pending(state)})
