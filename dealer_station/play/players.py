"""Scripted identified players for ``simulate --players N``: a player id, a bet pattern and a strategy.

Each plays one seat under its own id (carded in by the croupier; after its session's length it cards out and
the next player sits down), bets a pattern of its own (Ante = Blind of a few table minimums, drawn from its own seeded generator, Trips at its own
rate) and decides by its strategy (``par.strategy``: ``optimal``, ``always_check``, ``random``). It keeps
every stake it put down in a paid round: the truth a rating read from the sensed stakes must equal.

With ``--tables M`` the tables' rosters share a ``Lobby``: a player whose time at a table is up may move to
the next table of the same game (card out here, then card in there, a new rated session) instead of leaving.

The **floor estimate** is the baseline the rating replaces: the average bet a supervisor writes down from a
look at the seat every 15 minutes. At a live table's pace of ``LIVE_ROUNDS_PER_HOUR`` that is one look every
``LOOK_EVERY`` rounds; the look sees the round's stake on the layout, and the estimate is the looks' mean.
"""

from __future__ import annotations

import random
import threading
from collections import deque
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
    """One identified player: its id, its strategy, its own bets (recorded per visit to a table), its decisions."""

    def __init__(self, player_id: str, strategy: str, game: str, seed: int) -> None:
        self.player_id = player_id
        self.strategy = strategy
        self.game = game
        made: Any = type(player_for(game))
        self.inner: Player = made(strategy=strategy, seed=seed)  # the game's own scripted player, this strategy
        self.rng = random.Random(seed ^ 0x5EED)
        self.visits: list[tuple[str, list[dict[str, Decimal]]]] = []
        """Per table the player sat at, in order: the table and the stakes put down at each paid round's betting
        (its Ante, Blind, Trips...) there: the truth each rated session must equal."""
        self.pending: dict[str, Decimal] | None = None
        """This round's stakes, until it is paid (they count) or voided (they were returned)."""

    def sit_at(self, table_id: str) -> None:
        """The player sits down at ``table_id``: a new visit (a new rated session there)."""
        self.visits.append((table_id, []))

    @property
    def stakes(self) -> list[dict[str, Decimal]]:
        """Every paid round's stakes, all visits."""
        return [bets for _table, visit in self.visits for bets in visit]

    def bets(self, rng: random.Random, table: Any) -> dict[str, Decimal]:
        bets: dict[str, Decimal] = self.inner.bets(self.rng, table)
        self.pending = dict(bets)
        return bets

    def round_ended(self, paid: bool) -> None:
        """The round this player bet in ended: paid, its stakes count; voided, every stake was returned."""
        if paid and self.pending is not None:
            if not self.visits:
                self.sit_at("")
            self.visits[-1][1].append(self.pending)
        self.pending = None

    def decide(self, street: str, hole: Sequence[int], board: Sequence[int], legal: Sequence[str]) -> str:
        action: str = self.inner.decide(street, hole, board, legal)
        return action

    def at_table(self, table_id: str) -> list[list[dict[str, Decimal]]]:
        """The player's visits to ``table_id``, in order: each visit's paid stakes."""
        return [visit for table, visit in self.visits if table == table_id]

    @staticmethod
    def truth(stakes: Sequence[dict[str, Decimal]]) -> Fraction | None:
        """The scripted average bet of these rounds, exactly (None: no round played)."""
        placed = [sum(bets.values(), ZERO) for bets in stakes]
        return Fraction(sum(placed, ZERO)) / len(placed) if placed else None

    @staticmethod
    def floor_estimate(stakes: Sequence[dict[str, Decimal]]) -> Fraction | None:
        """What a supervisor's look every 15 minutes would write down: the mean of the looked-at stakes."""
        placed = [sum(bets.values(), ZERO) for bets in stakes]
        looks = placed[LOOK_EVERY - 1::LOOK_EVERY] or placed[-1:]
        return Fraction(sum(looks, ZERO)) / len(looks) if looks else None


class Lobby:
    """The players between the tables of one run (``simulate --tables M --players N``): a player whose time at a
    table is up moves, one time in ``MOVE_ONE_IN``, to the next table (in order, round the floor) of the same game
    and waits there for a seat; the table's next free seat takes the longest waiting one before a new player.
    Shared by the tables' threads (a lock); a player is handed on only after its card out was journaled."""

    MOVE_ONE_IN = 2

    def __init__(self, games: Sequence[str], seed: int) -> None:
        self.games = list(games)
        self.rng = random.Random(seed ^ 0x10BB)
        self.waiting: list[deque[ScriptedPlayer]] = [deque() for _ in self.games]
        self.moves: list[tuple[str, int, int]] = []
        """(player, from table index, to table index) of every move, in order."""
        self._lock = threading.Lock()

    def left(self, index: int, player: ScriptedPlayer) -> None:
        """``player`` carded out at table ``index``: it moves on, or goes home."""
        with self._lock:
            if self.rng.randrange(self.MOVE_ONE_IN):
                return
            count = len(self.games)
            to = next((j % count for j in range(index + 1, index + count) if self.games[j % count] == player.game),
                      None)
            if to is not None:
                self.waiting[to].append(player)
                self.moves.append((player.player_id, index, to))

    def take(self, index: int) -> ScriptedPlayer | None:
        """The player waiting longest for a seat at table ``index``, if any."""
        with self._lock:
            return self.waiting[index].popleft() if self.waiting[index] else None


class Roster:
    """The identified players of a table: one at each of the first ``count`` seats, strategies in turn (optimal,
    always check, random), ids ``P-1001``... (table ``index`` of a floor: ``P-<index+1>001``...); each plays a
    session of its own length (``SESSION_ROUNDS``, from its seat's seeded generator), leaves, and the next
    player sits down at that seat: a player moving from another table (``lobby``) or a new one. The other seats
    stay anonymous."""

    def __init__(self, count: int, seats: Sequence[int], game: str, seed: int, table_id: str = "",
                 lobby: Lobby | None = None, index: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.table_id = table_id
        self.lobby = lobby
        self.index = index
        self.rng = random.Random(seed ^ 0x9A1E)
        self.everyone: dict[str, ScriptedPlayer] = {}
        self.made = 0
        self.at_seat: dict[int, ScriptedPlayer] = {}
        self.left: dict[int, int] = {}
        for seat in list(seats)[:count]:
            self._sit(seat)

    def _sit(self, seat: int) -> ScriptedPlayer:
        player = self.lobby.take(self.index) if self.lobby is not None else None
        if player is None:
            n = self.made
            self.made += 1
            player = ScriptedPlayer(f"P-{1000 * (self.index + 1) + 1 + n}", STRATEGY_CYCLE[n % len(STRATEGY_CYCLE)],
                                    self.game, self.seed * 7919 + n)
        player.sit_at(self.table_id)
        self.everyone[player.player_id] = self.at_seat[seat] = player
        self.left[seat] = self.rng.randrange(*SESSION_ROUNDS)
        return player

    def after_round(self, paid: bool) -> list[tuple[int, ScriptedPlayer, ScriptedPlayer]]:
        """One more round played (``paid``, or voided): the seats whose player leaves now, with who leaves and
        who sits down (once the leaver's card out is journaled, ``gone(leaver)`` lets it move on)."""
        changes = []
        for seat in list(self.at_seat):
            self.at_seat[seat].round_ended(paid)
            self.left[seat] -= 1
            if self.left[seat] <= 0:
                leaving = self.at_seat[seat]
                changes.append((seat, leaving, self._sit(seat)))
        return changes

    def gone(self, player: ScriptedPlayer) -> None:
        """``player`` carded out here: on a floor it may move to another table."""
        if self.lobby is not None:
            self.lobby.left(self.index, player)


SESSION_ROUNDS = (150, 351)
"""How many rounds an identified player stays (a range drawn from per seat): a 500-round run sees players
leave and others sit down at most seats."""


def _cents(value: Fraction) -> str:
    whole, rest = divmod(abs(value) * 100, 1)
    cents = int(whole) + (1 if rest >= Fraction(1, 2) else 0)
    sign = "-" if value < 0 and cents else ""
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def rating_rows(sessions: Sequence[Any], players: dict[str, ScriptedPlayer], default_strategy: str,
                table_id: str = "") -> list[dict[str, Any]]:
    """``simulate --json``'s ``ratings``: per session its figures, strategy, skill cost, the scripted truth and
    the floor estimate with its error against the sensed average bet. A player's sessions at this table are its
    visits to it, in order."""
    rows = []
    seen: dict[str, int] = {}
    for rated in sessions:
        row = rated.as_json()
        scripted = players.get(rated.player) if rated.player is not None else None
        row["strategy"] = scripted.strategy if scripted is not None else default_strategy
        row.setdefault("skill_cost", None)
        if scripted is not None:
            n = seen[scripted.player_id] = seen.get(scripted.player_id, -1) + 1
            visits = scripted.at_table(table_id)
            stakes = visits[n] if n < len(visits) else []
            truth, estimate = scripted.truth(stakes), scripted.floor_estimate(stakes)
            row["scripted_average_bet"] = None if truth is None else _cents(truth)
            if estimate is not None and rated.rating.average_bet is not None:
                sensed = Fraction(rated.rating.average_bet)
                row["floor_estimate"] = {"average_bet": _cents(estimate), "error": _cents(estimate - sensed),
                                         "error_pct": _cents((estimate - sensed) / sensed * 100) if sensed else None}
        rows.append(row)
    return rows
