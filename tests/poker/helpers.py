"""Small helpers for poker table tests: stacked decks and playing a hand by its actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dealer_station.engine import TableSession
from dealer_station.games.holdem import live

BURNS = ("2c", "2d", "2h")  # burn cards of a stacked deck (flop, turn, river)


def shoe_deck(holes: Mapping[int, Sequence[str]], board: Sequence[str], button: int,
              burns: Sequence[str] = BURNS) -> list[str]:
    """The shoe order that deals ``holes`` (seat -> two cards) and ``board`` with the button on ``button``.

    Hole packets go clockwise from the first seat left of the button; then each street:
    a burn card, then its board cards.
    """
    seats = sorted(holes)
    after = [s for s in seats if s > button] + [s for s in seats if s <= button]
    order: list[str] = [c for s in after for c in holes[s]]
    streets = [board[:3], board[3:4], board[4:5]]
    for burn, cards in zip(burns, streets, strict=True):
        if cards:
            order += [burn, *cards]
    return order


def play(ctl: TableSession, *actions: tuple[Any, ...]) -> None:
    """Apply ``(seat, action[, to])`` in order through the session, as the croupier enters them."""
    for seat, action, *to in actions:
        ctl.execute("act", seat, action, *to)


def stacks(ctl: TableSession) -> dict[int, int]:
    return {seat: int(chips) for seat, chips in live.stacks_now(ctl.state).items()}


def conserved(ctl: TableSession) -> bool:
    return live.chip_count(ctl.state).conserved
