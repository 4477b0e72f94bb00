"""Scripted identified players for ``simulate --players N``: a player id, a bet pattern and a strategy.

Each plays one seat under its own id (carded in by the croupier, carded out at the end), bets a pattern
of its own (Ante = Blind of a few table minimums, drawn from its own seeded generator, Trips at its own
rate) and decides by its strategy (``par.strategy``: ``optimal``, ``always_check``, ``random``). It keeps
every stake it put down: the truth a rating read from the sensed stakes must equal.

The **floor estimate** is the baseline the rating replaces: the average bet a supervisor writes down from a
look at the seat every 15 minutes. At a live table's pace of ``LIVE_ROUNDS_PER_HOUR`` that is one look every
``LOOK_EVERY`` rounds; the look sees the round's stake on the layout, and the estimate is the looks' mean.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..money import ZERO
from .autoplay import Player, player_for

STRATEGY_CYCLE = ("optimal", "always_check", "random")
LIVE_ROUNDS_PER_HOUR = 30
"""A live UTH table's pace with a full table (rounds per hour): what a supervisor's 15 minutes span."""
LOOK_EVERY = LIVE_ROUNDS_PER_HOUR // 4
"""Rounds between a supervisor's looks (every 15 minutes)."""


class ScriptedPlayer:
    """One identified player: its id, its strategy, its own bets (recorded), its decisions."""

    def __init__(self, player_id: str, strategy: str, game: str, seed: int) -> None:
        self.player_id = player_id
        self.strategy = strategy
        made: Any = type(player_for(game))
        self.inner: Player = made(strategy=strategy, seed=seed)  # the game's own scripted player, this strategy
        self.rng = random.Random(seed ^ 0x5EED)
        self.stakes: list[dict[str, Decimal]] = []
        """The stakes put down at each round's betting (its Ante, Blind, Trips...): the truth."""

    @property
    def placed(self) -> list[Decimal]:
        """Each round's whole stake at betting."""
        return [sum(bets.values(), ZERO) for bets in self.stakes]

    def bets(self, rng: random.Random, table: Any) -> dict[str, Decimal]:
        bets: dict[str, Decimal] = self.inner.bets(self.rng, table)
        self.stakes.append(dict(bets))
        return bets

    def decide(self, street: str, hole: Sequence[int], board: Sequence[int], legal: Sequence[str]) -> str:
        action: str = self.inner.decide(street, hole, board, legal)
        return action

    def truth(self) -> Fraction | None:
        """The scripted average bet, exactly (None: no round played)."""
        return Fraction(sum(self.placed, ZERO)) / len(self.placed) if self.placed else None

    def floor_estimate(self) -> Fraction | None:
        """What a supervisor's look every 15 minutes would write down: the mean of the looked-at stakes."""
        looks = self.placed[LOOK_EVERY - 1::LOOK_EVERY] or self.placed[-1:]
        return Fraction(sum(looks, ZERO)) / len(looks) if looks else None


def roster(count: int, seats: Sequence[int], game: str, seed: int) -> dict[int, ScriptedPlayer]:
    """``count`` identified players on the first ``count`` seats, strategies in turn (optimal, always check,
    random), ids ``P-1001``...; the other seats stay anonymous."""
    return {seat: ScriptedPlayer(f"P-{1001 + i}", STRATEGY_CYCLE[i % len(STRATEGY_CYCLE)], game, seed * 7919 + i)
            for i, seat in enumerate(list(seats)[:count])}


def _cents(value: Fraction) -> str:
    whole, rest = divmod(abs(value) * 100, 1)
    cents = int(whole) + (1 if rest >= Fraction(1, 2) else 0)
    sign = "-" if value < 0 and cents else ""
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def rating_rows(sessions: Sequence[Any], players: dict[int, ScriptedPlayer], default_strategy: str) -> list[dict[str, Any]]:
    """``simulate --json``'s ``ratings``: per session its figures, strategy, skill cost, the scripted truth and
    the floor estimate with its error against the sensed average bet."""
    rows = []
    for rated in sessions:
        row = rated.as_json()
        scripted = players.get(rated.seat)
        mine = scripted is not None and scripted.player_id == rated.player
        row["strategy"] = scripted.strategy if mine and scripted is not None else default_strategy
        row.setdefault("skill_cost", None)
        if mine and scripted is not None:
            truth, estimate = scripted.truth(), scripted.floor_estimate()
            row["scripted_average_bet"] = None if truth is None else _cents(truth)
            if estimate is not None and rated.rating.average_bet is not None:
                sensed = Fraction(rated.rating.average_bet)
                row["floor_estimate"] = {"average_bet": _cents(estimate), "error": _cents(estimate - sensed),
                                         "error_pct": _cents((estimate - sensed) / sensed * 100) if sensed else None}
        rows.append(row)
    return rows
