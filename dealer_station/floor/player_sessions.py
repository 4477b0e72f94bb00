"""A player's rated sessions across the floor's tables and days (migration 0020's ``floor.player_sessions``).

Each session (a card in to its card out at one seat of one table) is rated by the one definition of the
figures, ``players/rating.rate``, fed from the floor's copy of that table's journal: the rounds settled in
the session's span (the seat's stakes locked at "no more bets", the decision bets its actions added, its
net), the voided ones (counted nowhere), the rounds the table played in the span, the seat's pauses, and
the ``rating_terms`` in force at card in (the edges per spot and the comp rate). A table that journaled no
terms rates rounds, wagers and actual, with no theo or comp (never a theo of zero). A poker seat has no
theo: such a session is listed with its span only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from ..errors import DealerStationError
from ..games import BankingGame, get_game
from ..money import ZERO, parse_money
from ..players.rating import RatedRound, RatedSession, Rating, SpotRoles, rate, whole_span


@dataclass(frozen=True)
class PlayerSession:
    """One session of a player at a seat, and its figures (None: not rated, ``why`` says why)."""

    player: str
    table_id: str
    seat: int
    start: datetime
    end: datetime
    closed: bool
    game: str | None
    rating: Rating | None
    terms: bool
    why: str | None = None
    stakes: str = "keyed"
    """Where the stakes came from: ``sensed`` (the bet sensor locked every round of the span), ``keyed``
    (the croupier keyed them), ``mixed``."""

    def as_json(self) -> dict[str, Any]:
        figures = self.rating.as_json() if self.rating is not None else {}
        if not self.terms:
            figures.pop("theo", None)
            figures.pop("comp", None)
        return {"player": self.player, "table_id": self.table_id, "seat": self.seat, "game": self.game,
                "start": self.start.isoformat(), "end": self.end.isoformat(), "open": not self.closed,
                "stakes": self.stakes,
                "theo": None, "comp": None, **{k: v for k, v in figures.items() if k != "player"},
                **({"not_rated": self.why} if self.why else {})}


def player_sessions(conn: Any, player: str | None = None, since: datetime | None = None) -> list[PlayerSession]:
    """Every player's sessions (or ``player``'s; those still open or ended ``since``), oldest first, each rated
    from the floor's journal copy."""
    rows = conn.execute(
        "SELECT s.player, s.table_id, s.seat, s.start_seq, s.start_at, "
        "       coalesce(s.end_seq, st.last_seq), coalesce(s.end_at, (SELECT max(e.at::timestamptz) FROM floor.events e "
        "       WHERE e.table_id = s.table_id AND e.seq = st.last_seq)), s.closed "
        "FROM floor.player_sessions s JOIN floor.stations st ON st.table_id = s.table_id "
        "WHERE (%s::text IS NULL OR s.player = %s) AND (%s::timestamptz IS NULL OR s.end_at IS NULL OR s.end_at >= %s) "
        "ORDER BY s.start_at, s.table_id, s.seat", (player, player, since, since)).fetchall()
    return [_session(conn, *row) for row in rows]


def _session(conn: Any, player: str, table_id: str, seat: int, start_seq: int, start: datetime, end_seq: int,
             end: datetime, closed: bool) -> PlayerSession:
    events = conn.execute(
        "SELECT seq, kind, payload::jsonb, at::timestamptz FROM floor.events WHERE table_id = %s AND seq > %s "
        "AND seq <= %s AND flagged IS NULL AND kind IN ('settled', 'round_voided', 'player_paused', 'player_resumed') "
        "ORDER BY seq", (table_id, start_seq, end_seq)).fetchall()
    terms = conn.execute(
        "SELECT payload::jsonb FROM floor.events WHERE table_id = %s AND kind = 'rating_terms' AND seq < %s "
        "AND flagged IS NULL ORDER BY seq DESC LIMIT 1", (table_id, start_seq)).fetchone()
    table_rounds, sensed = conn.execute(
        "SELECT count(*), count(*) FILTER (WHERE sensed = 1) FROM floor.rounds WHERE table_id = %s "
        "AND outcome = 'paid' AND ended_seq > %s AND ended_seq <= %s", (table_id, start_seq, end_seq)).fetchone()
    game_name = next((p["record"].get("game") for _, kind, p, _ in events if kind == "settled"), None)
    stakes = "keyed" if not sensed else "sensed" if sensed == table_rounds else "mixed"
    base = PlayerSession(player, table_id, seat, start, end, closed, game_name, None, terms is not None, stakes=stakes)
    try:
        game = get_game(game_name) if game_name else None
        if game is None or not isinstance(game, BankingGame):
            why = "no round played" if game is None else "a poker seat is rated by hours and rake, not theo"
            return _replace(base, why=why)
        rounds = [r for seq, kind, p, _ in events if (r := _round(game, kind, p, seat)) is not None]
        edges, comp_rate = _terms(game, terms)
        start_t, end_t = whole_span(start, end)
        session = RatedSession(player, table_id, seat, game.name, edges, comp_rate, start_t, end_t,
                               _pauses(events, seat, end), int(table_rounds), tuple(rounds))
        return _replace(base, rating=rate(session))
    except (DealerStationError, KeyError, TypeError, ValueError) as exc:
        return _replace(base, why=str(exc))


def _replace(base: PlayerSession, **changes: Any) -> PlayerSession:
    return dataclasses.replace(base, **changes)


def _terms(game: BankingGame, terms: tuple[Any] | None) -> tuple[Mapping[str, Decimal], Decimal]:
    """The edges and comp rate journaled at card in; none journaled: every edge spot at 0 (theo not shown)."""
    roles = SpotRoles.of(game)
    if terms is None:
        return {spot: ZERO for spot in game.spots if spot not in roles.edge_free}, ZERO
    payload = terms[0]
    edges = {spot: parse_money(str(edge), f"theo.{spot}", allow_negative=True) for spot, edge in payload["theo"].items()}
    return edges, parse_money(str(payload["comp_rate"]), "comp_rate")


def _round(game: BankingGame, kind: str, payload: dict[str, Any], seat: int) -> RatedRound | None:
    record = payload.get("record") or {}
    hand = next((s for s in record.get("seats", []) if s.get("seat") == seat), None)
    if hand is None:
        return None
    bets = {spot: Decimal(str(amount)) for spot, amount in hand.get("bets", {}).items()}
    if kind == "round_voided":
        return RatedRound(stakes=bets, voided=True)
    total = game.stakes(bets, hand.get("actions", []))
    decisions = {spot: amount - bets.get(spot, ZERO) for spot, amount in total.items()
                 if spot not in game.placeable_spots and amount > bets.get(spot, ZERO)}
    net = next((Decimal(str(s["net"])) for s in payload.get("settlement", {}).get("seats", [])
                if s.get("seat") == seat), ZERO)
    return RatedRound(stakes=bets, decisions=decisions, net=net)


def _pauses(events: list[tuple[Any, ...]], seat: int, end: datetime) -> int:
    """Seconds the seat was paused in the span (a pause not resumed runs to the end)."""
    total, since = 0.0, None
    for _, kind, payload, at in events:
        if payload.get("seat") != seat:
            continue
        if kind == "player_paused" and since is None:
            since = at
        elif kind == "player_resumed" and since is not None:
            total += (at - since).total_seconds()
            since = None
    if since is not None:
        total += (end - since).total_seconds()
    return int(total)
