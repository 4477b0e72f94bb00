"""What the hold'em games played against the dealer (UTH, THB) share: the deal order,
the payer that rounds payouts down to ``min_chip``, and a seat's settlement line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..errors import RuleError
from ..evaluator import HandValue
from ..money import ZERO, format_money, round_down
from .base import Packet


def holdem_deal_plan(seats: Sequence[int], deal_mode: str) -> list[Packet]:
    """Five board cards, two to each seat in seat order, two to the dealer.

    With a shuffler the board comes face down first (seeds 000/001/003); dealt by hand
    it comes last (seed 001, GAMES.md Decision). Hole cards go clockwise from seat 1.
    """
    holes: list[Packet] = [(f"seat{s}", 2) for s in sorted(seats)]
    if deal_mode == "shuffler":
        return [("board", 5), *holes, ("dealer", 2)]
    if deal_mode == "hand":
        return [*holes, ("dealer", 2), ("board", 5)]
    raise RuleError(f"unknown deal mode {deal_mode!r} (shuffler, hand)", "deal_mode")


@dataclass
class Payer:
    """Pays winning stakes at "to 1" odds, rounded down to ``min_chip``, tallying breakage."""

    min_chip: Decimal
    breakage: Decimal = ZERO

    def pay(self, stake: Decimal, odds: Decimal) -> Decimal:
        exact = stake * odds
        paid = round_down(exact, self.min_chip)
        self.breakage += exact - paid
        return paid


@dataclass(frozen=True)
class SeatSettlement:
    """One seat's outcome: hand, result and net amount per spot (positive = won).

    ``player`` names who plays the spot when the record says so (spot takeover).
    """

    seat: int
    hand: HandValue | None
    """None: a seat done at its fold whose cards were never read (dealt by hand)."""
    result: str
    bets: dict[str, Decimal] = field(default_factory=dict)
    player: str | None = None

    @property
    def net(self) -> Decimal:
        return sum(self.bets.values(), ZERO)

    def as_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat}
        if self.player is not None:
            out["player"] = self.player
        if self.hand is not None:
            out.update(best5=self.hand.best5_str(), category=self.hand.category.label)
        out.update(
            result=self.result,
            bets={spot: format_money(amount) for spot, amount in self.bets.items()},
            net=format_money(self.net),
        )
        return out


def check_spot_takeover(players: Sequence[tuple[int, str | None]], allowed: bool, fields: Sequence[str]) -> None:
    """Refuse a player on more spots than the table allows (``players``: seat, player).

    A spot naming no player is its own player. With spot takeover (THB, GAMES.md §3) a
    seated player may also play one vacant spot, so two spots at most; without it (UTH,
    seed 001) one. ``fields`` name each entry for the error.
    """
    seats_of: dict[str, list[int]] = {}
    for (seat, player), where in zip(players, fields, strict=True):
        if player is None:
            continue
        seats_of.setdefault(player, []).append(seat)
        taken = seats_of[player]
        if len(taken) == 2 and not allowed:
            raise RuleError(
                f"player {player!r} already plays seat {taken[0]}: this table does not allow spot takeover", where
            )
        if len(taken) > 2:
            raise RuleError(
                f"player {player!r} already plays seats {taken[0]} and {taken[1]}: "
                "a player plays at most one vacant spot besides their own",
                where,
            )
