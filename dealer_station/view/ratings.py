"""Live ratings: every seated session's PIT.md §2 figures, read from the table's journal as it grows.

A read model, like the shift counter (``view/shift.py``): it folds the journal's records - those a commit
wrote (``TableSnapshot.records``) or a whole journal file - into rated sessions, and asks
``players.rating.rate`` for the figures, so every figure keeps its one definition there. What it adds is
the reading of the journal:

* **sessions**: a ``card_in`` starts one at its seat and its ``card_out`` ends it; an anonymous seat's
  starts at its first stake. Either ends at the player's absence: ``absent_rounds`` rounds of the table in a
  row without a stake at that seat end it at the end of the last round with one. Pauses stop time on game.
* **stakes**: a sensed table's stakes are what the bet sensor locked at "no more bets" (``bets_sensed``) and
  put down for a decision (``decision_sensed``); a keyed table's (or a keyed spot's: its antenna was down)
  are the round record's, and the session says ``keyed``.
* **terms**: the edge per spot and the comp rate in force when the round opened: the profile's, until a
  supervisor's ``rating_terms`` (from the next round opened on). A session is rated under one set of terms,
  so a change ends every session in progress at its last round and the carded players' go on in a new one.
* **skill**: each decision's cost against optimal play given what the player saw
  (``par.skill.decision_cost``: hole cards and the board as far as dealt at that street), in money.
* ``table_rounds``: the rounds the table played (settled, not voided) that opened within the session's span.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from ..cards import parse_card
from ..config import BankingTableConfig
from ..games import BankingGame, get_game
from ..money import ZERO
from ..players.rating import RatedRound, RatedSession, Rating, rate, whole_span

SKILL_GAMES = {"uth": "uth", "ultimate_texas_holdem": "uth", "holdem_bonus": "holdem_bonus",
               "texas_holdem_bonus": "holdem_bonus", "thb": "holdem_bonus"}


def _time(at: str) -> datetime:
    return datetime.fromisoformat(at.replace("Z", "+00:00"))


def _whole(at: str) -> datetime:
    """The rating clock counts whole seconds."""
    return _time(at).replace(microsecond=0)


@dataclass
class _Seat:
    """A session in progress at one seat."""

    player: str | None
    start: str
    rounds: list[tuple[str, RatedRound]] = field(default_factory=list)  # (opened at, round)
    ends: list[str] = field(default_factory=list)  # each played round's end
    keyed: bool = False
    pauses_s: int = 0
    paused_at: str | None = None
    absent: int = 0
    end: str | None = None
    terms: tuple[Mapping[str, Decimal], Decimal] | None = None
    """The rating terms its rounds opened under (a change ends the session; the player's next one has the new)."""


@dataclass(frozen=True, slots=True)
class SessionRating:
    """One session's figures (``rating``) and where it was played."""

    player: str | None
    table_id: str
    seat: int
    start: str
    end: str
    keyed: bool
    """Some stake was keyed, not sensed (a keyed table, or an antenna down)."""
    open: bool
    rating: Rating

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "table_id": self.table_id, "seat": self.seat, "start": self.start,
                "end": self.end, "keyed": self.keyed, "open": self.open, **self.rating.as_json()}


@dataclass
class _Round:
    round_id: str
    opened: str
    edges: Mapping[str, Decimal]
    comp_rate: Decimal
    sensed: dict[int, dict[str, Decimal]] = field(default_factory=dict)
    keyed_seats: set[int] = field(default_factory=set)
    decisions_sensed: dict[int, Decimal] = field(default_factory=dict)
    actions: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    record: dict[str, Any] | None = None
    settlement: dict[str, Any] | None = None


class Ratings:
    """The rated sessions of one table's journal (``add`` each record in order; ``sessions()`` at any time)."""

    def __init__(self, table: BankingTableConfig) -> None:
        game = get_game(table.game)
        if not isinstance(game, BankingGame):
            raise ValueError(f"{table.game} is not a banking game: a poker seat is rated by hours and rake")
        self.table = table
        self.game = game
        self.skill_game = SKILL_GAMES.get(game.name)
        self.paytables = {name: dict(rows) for name, rows in table.paytables.items()}
        self.edges: Mapping[str, Decimal] = dict(table.players.theo)
        self.comp_rate = table.players.comp_rate
        self._pending: tuple[Mapping[str, Decimal], Decimal] | None = None
        self._round: _Round | None = None
        self._seats: dict[int, _Seat] = {}
        self._carded: dict[int, str] = {}
        self._done: list[tuple[int, _Seat]] = []
        self._played: list[str] = []  # every settled round's opening time
        self._last_at = ""

    def add_all(self, records: Iterable[Any]) -> Ratings:
        for record in records:
            self.add(record)
        return self

    def add(self, record: Any) -> None:
        """One journal record (``kind``, ``payload``, ``at``): what it changes of the sessions."""
        kind, payload, at = record.kind, record.payload, record.at
        self._last_at = at
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(payload, at)

    # -- the player at the seat
    def _on_card_in(self, p: dict[str, Any], at: str) -> None:
        seat = int(p["seat"])
        self._close(seat, at)
        self._carded[seat] = p["player"]
        self._seats[seat] = _Seat(p["player"], at)

    def _on_card_out(self, p: dict[str, Any], at: str) -> None:
        seat = int(p["seat"])
        self._carded.pop(seat, None)
        self._close(seat, at)

    def _on_player_paused(self, p: dict[str, Any], at: str) -> None:
        s = self._seats.get(int(p["seat"]))
        if s is not None and s.paused_at is None:
            s.paused_at = at

    def _on_player_resumed(self, p: dict[str, Any], at: str) -> None:
        s = self._seats.get(int(p["seat"]))
        if s is not None and s.paused_at is not None:
            s.pauses_s += int((_whole(at) - _whole(s.paused_at)).total_seconds())
            s.paused_at = None

    def _on_rating_terms(self, p: dict[str, Any], at: str) -> None:
        self._pending = ({k: Decimal(v) for k, v in p["theo"].items()}, Decimal(p["comp_rate"]))

    # -- the round
    def _on_round_opened(self, p: dict[str, Any], at: str) -> None:
        if self._pending is not None:  # new terms from this round on: a session rated under one set of terms ends
            self.edges, self.comp_rate = self._pending
            self._pending = None
            for seat, session in list(self._seats.items()):
                if session.rounds:
                    self._close(seat, session.ends[-1])
                    if session.player is not None and self._carded.get(seat) == session.player:
                        self._seats[seat] = _Seat(session.player, at)  # and goes on under the new ones
        self._round = _Round(p["round_id"], at, self.edges, self.comp_rate)

    def _on_bets_sensed(self, p: dict[str, Any], at: str) -> None:
        if self._round is None:
            return
        for spot in p["spots"]:
            seat = int(spot["seat"])
            self._round.sensed.setdefault(seat, {})[spot["spot"]] = Decimal(spot["amount"])
            if spot.get("keyed"):
                self._round.keyed_seats.add(seat)

    def _on_decision_sensed(self, p: dict[str, Any], at: str) -> None:
        if self._round is not None:
            seat = int(p["seat"])
            self._round.decisions_sensed[seat] = self._round.decisions_sensed.get(seat, ZERO) + Decimal(p["amount"])
            if p.get("keyed"):
                self._round.keyed_seats.add(seat)

    def _on_decision(self, p: dict[str, Any], at: str) -> None:
        if self._round is not None:
            self._round.actions.setdefault(int(p["seat"]), []).append((p["street"], p["action"]))

    def _on_settled(self, p: dict[str, Any], at: str) -> None:
        if self._round is not None:
            self._round.record, self._round.settlement = p.get("record"), p.get("settlement")

    def _on_round_voided(self, p: dict[str, Any], at: str) -> None:
        self._round = None  # every stake returned: the round counts nowhere

    def _on_round_paid(self, p: dict[str, Any], at: str) -> None:
        rnd, self._round = self._round, None
        if rnd is None or rnd.record is None or rnd.settlement is None:
            return
        self._played.append(rnd.opened)
        seats = {int(s["seat"]): s for s in rnd.record.get("seats", [])}
        nets = {int(s["seat"]): Decimal(s["net"]) for s in rnd.settlement.get("seats", [])}
        board = [parse_card(c) for c in rnd.record.get("board", [])]
        for seat in set(seats) | set(self._seats):
            entry = seats.get(seat)
            placed = self._placed(rnd, seat, entry)
            if not any(amount > 0 for amount in placed.values()):
                self._absent(seat)
                continue
            session = self._seats.get(seat)
            if session is None:
                session = self._seats[seat] = _Seat(self._carded.get(seat), rnd.opened)
            assert entry is not None
            session.absent = 0
            session.keyed = session.keyed or seat in rnd.keyed_seats or not rnd.sensed
            decisions = self._decision_bets(rnd, seat, entry, placed)
            skill = self._skill(rnd, seat, entry, board, placed)
            session.rounds.append((rnd.opened, RatedRound(placed, decisions, nets.get(seat, ZERO), rnd.round_id,
                                                          skill_cost=skill)))
            session.ends.append(at)
            session.terms = session.terms or (rnd.edges, rnd.comp_rate)

    def _placed(self, rnd: _Round, seat: int, entry: Mapping[str, Any] | None) -> dict[str, Decimal]:
        if entry is None:
            return {}
        bets = {k: Decimal(v) for k, v in entry.get("bets", {}).items() if k in self.game.placeable_spots}
        sensed = rnd.sensed.get(seat)
        return dict(sensed) if sensed is not None else bets

    def _decision_bets(self, rnd: _Round, seat: int, entry: Mapping[str, Any],
                       placed: Mapping[str, Decimal]) -> dict[str, Decimal]:
        if seat in rnd.decisions_sensed and seat not in rnd.keyed_seats:
            total = rnd.decisions_sensed[seat]
            return {self.game.decision_spots[0]: total} if total else {}
        bets = {k: Decimal(v) for k, v in entry.get("bets", {}).items()}
        stakes = self.game.stakes(bets, list(entry.get("actions", [])))
        return {spot: amount for spot, amount in stakes.items() if spot in self.game.decision_spots and amount > 0}

    def _skill(self, rnd: _Round, seat: int, entry: Mapping[str, Any], board: list[int],
               placed: Mapping[str, Decimal]) -> Decimal | None:
        if self.skill_game is None or len(board) < 5:
            return None
        from ..par.skill import decision_cost

        hole = [parse_card(c) for c in entry.get("hole", [])]
        ante = placed.get("ante", ZERO)
        if len(hole) != 2 or ante <= 0:
            return None
        return sum((decision_cost(self.skill_game, self.paytables, street, hole, board, action, ante)
                    for street, action in rnd.actions.get(seat, [])), ZERO)

    def _absent(self, seat: int) -> None:
        session = self._seats.get(seat)
        if session is None:
            return
        session.absent += 1
        if session.absent >= self.table.players.absent_rounds and session.rounds:
            self._close(seat, session.ends[-1])

    def _close(self, seat: int, at: str) -> None:
        session = self._seats.pop(seat, None)
        if session is None or not session.rounds:
            return
        if session.paused_at is not None:
            session.pauses_s += int((_whole(at) - _whole(session.paused_at)).total_seconds())
            session.paused_at = None
        session.end = at
        self._done.append((seat, session))

    # -- the answer
    def sessions(self) -> list[SessionRating]:
        """Every session so far, ended ones first (in the order they ended), then those still open."""
        out = [self._rated(seat, s, False) for seat, s in self._done]
        out += [self._rated(seat, s, True) for seat, s in sorted(self._seats.items()) if s.rounds]
        return out

    def _rated(self, seat: int, s: _Seat, still_open: bool) -> SessionRating:
        end = s.end or self._last_at
        start_t, end_t = whole_span(_time(s.start), _time(end))
        span = int((end_t - start_t).total_seconds())
        pauses = s.pauses_s + (int((end_t - _whole(s.paused_at)).total_seconds()) if s.paused_at else 0)
        pauses = min(pauses, span - 1)  # a player who played paused all along: a second of play, not an error
        table_rounds = sum(1 for opened in self._played if start_t <= _whole(opened) <= end_t)
        rounds = tuple(r for _o, r in s.rounds)  # a round played across the card in: counted, so at least these
        edges, comp_rate = s.terms or (self.edges, self.comp_rate)
        session = RatedSession(s.player, self.table.table_id, seat, self.game.name, edges, comp_rate, start_t,
                               end_t, pauses, max(table_rounds, len(rounds)), rounds)
        return SessionRating(s.player, self.table.table_id, seat, s.start, end, s.keyed, still_open, rate(session))
