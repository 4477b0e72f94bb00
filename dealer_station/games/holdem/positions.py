"""Button and blinds: who posts, and where the button goes next (docs/holdem.md).

Play goes clockwise, which is increasing seat number, after the highest seat the lowest
(ROUND_RECORD.md). The station uses the **moving button**: the button always sits on a
seat dealt into the hand, and moves to the next such seat each hand; the small blind is
the next seat dealt in after it and the big blind the one after that. Heads-up the
button posts the small blind (GAMES.md §4).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ...errors import RuleError


@dataclass(frozen=True, slots=True)
class Positions:
    """Seats of the button and the two blinds for one hand."""

    button: int
    small_blind: int
    big_blind: int


def clockwise(seats: Collection[int]) -> list[int]:
    """Seats in the order play goes round the table."""
    return sorted(seats)


def left_of(order: Sequence[int], seat: int) -> int:
    """The next seat of ``order`` clockwise after ``seat`` (which need not be in it)."""
    for candidate in order:
        if candidate > seat:
            return candidate
    return order[0]


def blind_positions(seats: Collection[int], button: int) -> Positions:
    """Who posts for a hand dealt to ``seats`` with the button on ``button``."""
    order = clockwise(seats)
    if len(order) < 2:
        raise RuleError(f"a hand needs at least 2 seats, not {len(order)}", "seats")
    if button not in order:
        raise RuleError(f"seat {button} is not dealt in: the button sits on a seat in the hand", "button")
    if len(order) == 2:
        return Positions(button, button, left_of(order, button))
    small = left_of(order, button)
    return Positions(button, small, left_of(order, small))


def next_button(seats: Collection[int], previous: int | None) -> int:
    """Button of the next hand dealt to ``seats``: the first of them left of ``previous``.

    ``previous`` is last hand's button (it may have left since); ``None`` for the first
    hand of a session, which gets the lowest seat (the dealer may move it before dealing).
    """
    order = clockwise(seats)
    if not order:
        raise RuleError("no seat is dealt in", "seats")
    return order[0] if previous is None else left_of(order, previous)
