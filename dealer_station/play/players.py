"""Scripted identified players for ``simulate --players N``: a player id, a bet pattern and a strategy.

Each plays one seat under its own id (carded in by the croupier; after its session's length it cards out and
the next player sits down), bets a pattern of its own (Ante = Blind of a few table minimums, drawn from its own seeded generator, Trips at its own
rate) and decides by its strategy (``par.strategy``: ``optimal``, ``always_check``, ``random``). It keeps
every stake it put down in a paid round: the truth a rating read from the sensed stakes must equal.

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
        """The stakes put down at each paid round's betting (its Ante, Blind, Trips...): the truth."""
        self.pending: dict[str, Decimal] | None = None
        """This round's stakes, until it is paid (they count) or voided (they were returned)."""

    @property
    def placed(self) -> list[Decimal]:
        """Each round's whole stake at betting."""
        return [sum(bets.values(), ZERO) for bets in self.stakes]

    def bets(self, rng: random.Random, table: Any) -> dict[str, Decimal]:
        bets: dict[str, Decimal] = self.inner.bets(self.rng, table)
        self.pending = dict(bets)
        return bets

    def round_ended(self, paid: bool) -> None:
        """The round this player bet in ended: paid, its stakes count; voided, every stake was returned."""
        if paid and self.pending is not None:
            self.stakes.append(self.pending)
        self.pending = None

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


class Roster:
    """The identified players of a run: one at each of the first ``count`` seats, strategies in turn (optimal,
    always check, random), ids ``P-1001``...; each plays a session of its own length (``SESSION_ROUNDS``, from
    its seat's seeded generator), leaves, and the next player sits down at that seat. The other seats stay
    anonymous."""

    def __init__(self, count: int, seats: Sequence[int], game: str, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed ^ 0x9A1E)
        self.everyone: dict[str, ScriptedPlayer] = {}
        self.at_seat: dict[int, ScriptedPlayer] = {}
        self.left: dict[int, int] = {}
        for seat in list(seats)[:count]:
            self._sit(seat)

    def _sit(self, seat: int) -> ScriptedPlayer:
        n = len(self.everyone)
        player = ScriptedPlayer(f"P-{1001 + n}", STRATEGY_CYCLE[n % len(STRATEGY_CYCLE)], self.game,
                                self.seed * 7919 + n)
        self.everyone[player.player_id] = self.at_seat[seat] = player
        self.left[seat] = self.rng.randrange(*SESSION_ROUNDS)
        return player

    def after_round(self, paid: bool) -> list[tuple[int, ScriptedPlayer, ScriptedPlayer]]:
        """One more round played (``paid``, or voided): the seats whose player leaves now, with who leaves and
        who sits down."""
        changes = []
        for seat in list(self.at_seat):
            self.at_seat[seat].round_ended(paid)
            self.left[seat] -= 1
            if self.left[seat] <= 0:
                leaving = self.at_seat[seat]
                changes.append((seat, leaving, self._sit(seat)))
        return changes


SESSION_ROUNDS = (150, 351)
"""How many rounds an identified player stays (a range drawn from per seat): a 500-round run sees players
leave and others sit down at most seats."""


def _cents(value: Fraction) -> str:
    whole, rest = divmod(abs(value) * 100, 1)
    cents = int(whole) + (1 if rest >= Fraction(1, 2) else 0)
    sign = "-" if value < 0 and cents else ""
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def rating_rows(sessions: Sequence[Any], players: dict[str, ScriptedPlayer], default_strategy: str) -> list[dict[str, Any]]:
    """``simulate --json``'s ``ratings``: per session its figures, strategy, skill cost, the scripted truth and
    the floor estimate with its error against the sensed average bet."""
    rows = []
    for rated in sessions:
        row = rated.as_json()
        scripted = players.get(rated.player) if rated.player is not None else None
        mine = scripted is not None
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
