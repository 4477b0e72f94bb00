"""Pots and side pots (GAMES.md §4), and the uncalled chips that are no pot at all.

Each seat can win from every other seat only what it put in itself: the pots are cut
at each live seat's total, main pot first. Folded seats' chips stay in the pots they
were put in, but a folded seat is eligible for none. Chips nobody called go back to
their owner before any pot is made (never raked).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from ...money import ZERO
from .betting import Hand, Player


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the seats that can win it (increasing seat number)."""

    amount: Decimal
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Stake:
    """What one seat has in the pots: its chips and whether it can still win them."""

    seat: int
    amount: Decimal
    live: bool


def uncalled(players: Sequence[Player]) -> tuple[int, Decimal] | None:
    """(seat, chips) put in by the one seat above everyone else and not called, if any."""
    if len(players) < 2:
        return None
    top = max(players, key=lambda p: p.total)
    second = max(p.total for p in players if p is not top)
    return (top.seat, top.total - second) if top.total > second else None


def build_pots(stakes: Sequence[Stake]) -> list[Pot]:
    """Main pot then side pots, cut at each live seat's amount."""
    levels = sorted({s.amount for s in stakes if s.live and s.amount > 0})
    pots: list[Pot] = []
    below = ZERO
    for level in levels:
        amount = sum((min(s.amount, level) - min(s.amount, below) for s in stakes), ZERO)
        eligible = tuple(s.seat for s in stakes if s.live and s.amount >= level)
        if amount > 0:
            pots.append(Pot(amount, eligible))
        below = level
    beyond = sum((s.amount - below for s in stakes if s.amount > below), ZERO)
    if beyond and pots:  # folded chips above every live seat's (a hand never gets here)
        pots[-1] = Pot(pots[-1].amount + beyond, pots[-1].eligible)
    return pots


def final_stakes(hand: Hand) -> list[Stake]:
    """Each seat's chips in the pots once the hand is over: uncalled chips taken back."""
    returned = uncalled(hand.players)
    stakes = []
    for p in hand.players:
        amount = p.total
        if returned is not None and returned[0] == p.seat:
            amount -= returned[1]
        stakes.append(Stake(p.seat, amount, not p.folded))
    return stakes


def pots(hand: Hand) -> list[Pot]:
    """The pots as they stand: at the end of the hand, the ones to award; during it, the
    chips gathered from the finished streets (this street's bets are still in front of
    the seats)."""
    if hand.over:
        return build_pots(final_stakes(hand))
    return build_pots([Stake(p.seat, p.total - p.bet, not p.folded) for p in hand.players])
