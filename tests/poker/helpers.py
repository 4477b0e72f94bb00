"""Small helpers for poker table tests: stacked decks and playing a hand by its actions."""

from __future__ import annotations

from typing import Any

from dealer_station.engine import TableSession
from dealer_station.games.holdem import live
from simulators.scripted_shoe import holdem_deck

shoe_deck = holdem_deck  # the stacked deck of the scripted shoe


def play(session: TableSession, *actions: tuple[Any, ...]) -> None:
    """Apply ``(seat, action[, to])`` in order through the session, as the croupier enters them."""
    for seat, action, *to in actions:
        session.execute("act", seat, action, *to)


def stacks(session: TableSession) -> dict[int, int]:
    return {seat: int(chips) for seat, chips in live.stacks_now(session.view().state).items()}


def conserved(session: TableSession) -> bool:
    return live.chip_count(session.view().state).conserved
