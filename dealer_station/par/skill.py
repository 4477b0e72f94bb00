"""The cost of a decision against optimal play (PIT.md ``skill_cost``): UTH and Texas Hold'em Bonus.

``decision_cost(game, paytables, street, hole, board, action, ante)`` is EV(best action) - EV(the
action taken), in money, given what the player saw at that street (its hole cards and the board
shown: none before the flop, three at the flop, UTH's five at the river, THB's four at its last
decision), each action valued assuming optimal play afterwards (``optimal``). It is 0 for an
optimal decision and positive otherwise; a session's ``skill_cost`` is the sum over its decisions.

Exactness: the values are exact fractions of the Ante (``action_values``); the money figure is
that fraction times the Ante, rounded half-even to ``PLACES`` decimal places (an error of at most
5e-11 per decision: ten million decisions stay within a twentieth of a cent). Time: a river
decision a few tenths of a millisecond, a flop decision under ten milliseconds, a pre-flop one a table
look-up (docs/skill.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

from ..cards import DECK_SIZE
from . import optimal

PLACES = 10
"""Decimal places of a cost in money (the money format's own limit)."""
STREETS: dict[str, dict[str, tuple[int, tuple[str, ...]]]] = {
    "uth": {"preflop": (0, ("check", "play3x", "play4x")), "flop": (3, ("check", "play2x")),
            "river": (5, ("play1x", "fold"))},
    "holdem_bonus": {"preflop": (0, ("flop", "fold")), "flop": (3, ("turn", "check")), "turn": (4, ("river", "check"))},
}
"""Per game and street: board cards the player sees, and the actions open to it (the games' own names)."""


def action_values(game: str, paytables: Mapping[str, Any] | None, street: str, hole: Sequence[int],
                  board: Sequence[int] = ()) -> dict[str, Fraction]:
    """Every action's value at ``street``, per unit Ante, exactly (optimal play afterwards).

    ``paytables``: the profile's (UTH reads its ``blind`` table; THB's main game has none).
    ``board``: the board so far; only the cards seen at ``street`` are read."""
    seen, _ = _street(game, street)
    two, shown = _cards(hole, board, seen)
    if game == "uth":
        blind = optimal.blind_pays(paytables)
        if street == "preflop":
            return optimal.uth_preflop(two, blind)
        if street == "flop":
            return optimal.uth_flop(two, shown, blind)
        return optimal.uth_river(two, shown, blind)
    if street == "preflop":
        return optimal.thb_preflop(two)
    if street == "flop":
        return optimal.thb_flop(two, shown)
    return optimal.thb_turn(two, shown)


def decision_cost_exact(game: str, paytables: Mapping[str, Any] | None, street: str, hole: Sequence[int],
                        board: Sequence[int], action: str) -> Fraction:
    """EV(best) - EV(``action``) per unit Ante, exactly: 0 when ``action`` is optimal."""
    _, legal = _street(game, street)
    if action not in legal:
        raise ValueError(f"{game} {street}: action {action!r} is not one of {', '.join(legal)}")
    values = action_values(game, paytables, street, hole, board)
    return max(values.values()) - values[action]


def decision_cost(game: str, paytables: Mapping[str, Any] | None, street: str, hole: Sequence[int],
                  board: Sequence[int], action: str, ante: Decimal = Decimal(1)) -> Decimal:
    """The decision's cost in money: ``decision_cost_exact`` x ``ante``, to ``PLACES`` places (half even)."""
    cost = decision_cost_exact(game, paytables, street, hole, board, action) * Fraction(ante)
    with localcontext() as ctx:
        ctx.prec = 40
        return (Decimal(cost.numerator) / Decimal(cost.denominator)).quantize(Decimal(1).scaleb(-PLACES))


def _street(game: str, street: str) -> tuple[int, tuple[str, ...]]:
    streets = STREETS.get(game)
    if streets is None:
        raise ValueError(f"no decision costs for game {game!r} (known: {', '.join(STREETS)})")
    if street not in streets:
        raise ValueError(f"{game} has no decision at street {street!r} (its streets: {', '.join(streets)})")
    return streets[street]


def _cards(hole: Sequence[int], board: Sequence[int], seen: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    if len(hole) != 2:
        raise ValueError(f"two hole cards, not {len(hole)}")
    if len(board) < seen:
        raise ValueError(f"this decision is taken seeing {seen} board cards; {len(board)} given")
    cards = (*hole, *board[:seen])
    if any(not isinstance(c, int) or not 0 <= c < DECK_SIZE for c in cards) or len(set(cards)) != len(cards):
        raise ValueError(f"cards must be distinct cards 0-{DECK_SIZE - 1}: {list(cards)}")
    return (hole[0], hole[1]), tuple(board[:seen])
