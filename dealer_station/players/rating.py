"""A rated session and the figures the pit keeps for it (docs/players.md, "Rated sessions").

``rate(session)`` is the one definition of every figure: rounds, initial wagered, average
bet, action, time on game, decisions per hour, theo, actual and comp (and, when the rounds
carry a skill cost, ``skill_theo``). It is fed by the ``rate`` command's records and by the
station's and the floor's projections of the journal alike.

Which spots a seat places at betting time, which a decision fills and which carry no edge
of their own are the game's (``BankingGame.placeable_spots``, ``decision_spots``,
``edge_free_spots``), never listed here. Sums and products are exact; a figure is rounded
once, at the end, half away from zero (``average_bet``, ``theo``, ``comp`` to the cent,
``decisions_per_hour`` to 0.1; ``comp`` from the unrounded theo).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from ..errors import RecordError
from ..games import BankingGame, get_game
from ..money import ZERO, format_money
from .exact import exact

CENT = Decimal("0.01")
TENTH = Decimal("0.1")
HOUR_S = 3600

_ROUNDING = Context(prec=200, rounding=ROUND_HALF_UP, Emax=10_000, Emin=-10_000, traps=[InvalidOperation])


@dataclass(frozen=True, slots=True)
class RatedRound:
    """One round at the seat: what was locked at "no more bets", what decisions added, the net.

    ``net`` is the player's (positive: the player won). ``skill_cost`` is what the player's
    decisions cost against the best ones (computed elsewhere), or None when not known.
    """

    stakes: Mapping[str, Decimal]
    decisions: Mapping[str, Decimal] = field(default_factory=dict)
    net: Decimal = ZERO
    round_id: str | None = None
    voided: bool = False
    skill_cost: Decimal | None = None

    @property
    def staked(self) -> bool:
        """The seat had a stake at "no more bets" (a zero on a spot is no stake)."""
        return any(amount > 0 for amount in self.stakes.values())


@dataclass(frozen=True, slots=True)
class RatedSession:
    """A player's (or an anonymous seat's: ``player`` None) session at one seat of one table.

    ``edges`` is the house edge per unit staked on each spot in force (the profile's theo
    table), ``table_rounds`` the rounds the table played in the session's span, ``pauses_s``
    the seconds of pauses inside it. Times are aware and whole seconds.
    """

    player: str | None
    table_id: str
    seat: int
    game: str
    edges: Mapping[str, Decimal]
    comp_rate: Decimal
    start: datetime
    end: datetime
    pauses_s: int
    table_rounds: int
    rounds: tuple[RatedRound, ...]


@dataclass(frozen=True, slots=True)
class Rating:
    """A session's figures (amounts exact, or rounded as the module says)."""

    player: str | None
    rounds: int
    initial_wagered: Decimal
    average_bet: Decimal | None
    """None when the seat played no round (nothing to average)."""
    action: Decimal
    time_on_game_s: int
    decisions_per_hour: Decimal
    theo: Decimal
    actual: Decimal
    comp: Decimal
    skill_cost: Decimal | None = None
    skill_theo: Decimal | None = None

    def as_json(self) -> dict[str, Any]:
        """The answer's object: amounts as strings (exact sums as they are, rounded ones to the
        cent: ``"55"``, ``"55.00"``), counts and seconds as integers."""
        out: dict[str, Any] = {
            "player": self.player,
            "rounds": self.rounds,
            "initial_wagered": format_money(self.initial_wagered),
            "average_bet": None if self.average_bet is None else _fixed(self.average_bet),
            "action": format_money(self.action),
            "time_on_game_s": self.time_on_game_s,
            "decisions_per_hour": _fixed(self.decisions_per_hour),
            "theo": _fixed(self.theo),
            "actual": format_money(self.actual),
            "comp": _fixed(self.comp),
        }
        if self.skill_cost is not None and self.skill_theo is not None:
            out["skill_cost"] = _fixed(self.skill_cost)
            out["skill_theo"] = _fixed(self.skill_theo)
        return out


@dataclass(frozen=True, slots=True)
class SpotRoles:
    """How a game's spots enter a rating, read from the game's own definition."""

    placed: tuple[str, ...]
    """Placed at betting time, locked at "no more bets": the initial wager."""
    decisions: tuple[str, ...]
    """Filled by a decision (UTH Play; THB Flop, Turn, River): action, never theo."""
    edge_free: frozenset[str]
    """No edge of their own (the decision bets, UTH Blind): the main game's edge is per Ante."""

    @classmethod
    def of(cls, game: BankingGame) -> SpotRoles:
        return cls(tuple(game.placeable_spots), game.decision_spots, game.edge_free_spots)


def banking_game(name: str) -> BankingGame:
    """The banking game called ``name`` (a rating's theo needs a house edge: poker has none)."""
    game = get_game(name)
    if not isinstance(game, BankingGame):
        raise RecordError(f"{name} is not a banking game: a poker seat is rated by hours and rake, not theo", "game")
    return game


def whole_span(start: datetime, end: datetime) -> tuple[datetime, datetime]:
    """A journal's session span on the rating clock (whole seconds): a session shorter than a second - a card out
    within the second of the card in - lasts one second, so the station's and the floor's projections rate it
    alike rather than refuse it."""
    start_t, end_t = start.replace(microsecond=0), end.replace(microsecond=0)
    return start_t, max(end_t, start_t + timedelta(seconds=1))


def rate(session: RatedSession) -> Rating:
    """Every figure of ``session`` (docs/players.md), or a ``RecordError`` naming the field of the
    rating record that breaks a rule (a stake on a spot with no edge, a decision bet without a
    stake, pauses longer than the session ...)."""
    game = banking_game(session.game)
    roles = SpotRoles.of(game)
    _check_session(session, game, roles)
    time_on_game_s = _time_on_game(session)
    for i, rnd in enumerate(session.rounds):
        _check_round(rnd, f"rounds[{i}]", session.edges, roles)
    counted = [(i, r) for i, r in enumerate(session.rounds) if not r.voided]
    played = [(i, r) for i, r in counted if r.staked]
    if session.table_rounds < len(played):
        raise RecordError(f"{session.table_rounds} is fewer than the {len(played)} rounds the seat played",
                          "table_rounds")
    skill = _skill_costs(played)
    with exact("theo"):
        initial_wagered = sum((sum(r.stakes.values(), ZERO) for _, r in played), ZERO)
        action = initial_wagered + sum((sum(r.decisions.values(), ZERO) for _, r in played), ZERO)
        theo = sum((amount * session.edges[spot] for _, r in played for spot, amount in r.stakes.items()
                    if amount > 0 and spot not in roles.edge_free), ZERO)
        actual = -sum((r.net for _, r in counted), ZERO)
        comp = theo * session.comp_rate
        skill_theo = None if skill is None else theo + skill
    return Rating(
        player=session.player,
        rounds=len(played),
        initial_wagered=initial_wagered,
        average_bet=_divide_half_up(initial_wagered, len(played), CENT) if played else None,
        action=action,
        time_on_game_s=time_on_game_s,
        decisions_per_hour=_divide_half_up(Decimal(session.table_rounds * HOUR_S), time_on_game_s, TENTH),
        theo=_half_up(theo, CENT),
        actual=actual,
        comp=_half_up(comp, CENT),
        skill_cost=None if skill is None else _half_up(skill, CENT),
        skill_theo=None if skill_theo is None else _half_up(skill_theo, CENT),
    )


def _check_session(session: RatedSession, game: BankingGame, roles: SpotRoles) -> None:
    if not 1 <= session.seat <= game.max_seats:
        raise RecordError(f"{game.name} seats 1 to {game.max_seats}, not {session.seat}", "seat")
    for spot, edge in session.edges.items():
        where = f"edges.{spot}"
        if spot not in game.spots:
            raise RecordError(f"unknown spot (spots: {', '.join(game.spots)})", where)
        if spot in roles.edge_free and edge:
            raise RecordError(f"the {spot} carries no edge of its own (the main game's edge is stated per "
                              f"{_main_spot(game)}): give 0 or none", where)
        if edge > 1:
            raise RecordError(f"an edge is at most 1 (the whole stake), not {format_money(edge)}", where)
    if not ZERO <= session.comp_rate <= 1:
        raise RecordError(f"a comp rate is a share of theo from 0 to 1, not {format_money(session.comp_rate)}",
                          "comp_rate")
    if session.table_rounds < 0:
        raise RecordError("must not be negative", "table_rounds")


def _main_spot(game: BankingGame) -> str:
    return next(iter(game.paired_spots), game.placeable_spots[0])


def _time_on_game(session: RatedSession) -> int:
    span = session.end - session.start
    if span <= timedelta(0):
        raise RecordError("must be after start", "end")
    if span % timedelta(seconds=1):
        raise RecordError("start and end are whole seconds apart on the rating clock", "end")
    if session.pauses_s < 0:
        raise RecordError("must not be negative", "pauses_s")
    seconds = int(span.total_seconds()) - session.pauses_s
    if seconds <= 0:
        raise RecordError(f"{session.pauses_s} s of pauses leave no time on game in a {int(span.total_seconds())} s "
                          "session", "pauses_s")
    return seconds


def _check_round(rnd: RatedRound, where: str, edges: Mapping[str, Decimal], roles: SpotRoles) -> None:
    for spot, amount in rnd.stakes.items():
        field_ = f"{where}.stakes.{spot}"
        if spot in roles.decisions:
            raise RecordError("a decision bet: give it under decisions", field_)
        if spot not in roles.placed:
            raise RecordError(f"unknown spot (spots placed at betting time: {', '.join(roles.placed)})", field_)
        if amount < 0:
            raise RecordError("a stake must not be negative", field_)
        if amount > 0 and spot not in roles.edge_free and spot not in edges:
            raise RecordError(f"no edge for this spot: give edges.{spot} (a stake is never rated as zero)", field_)
    for spot, amount in rnd.decisions.items():
        field_ = f"{where}.decisions.{spot}"
        if spot not in roles.decisions:
            raise RecordError(f"not a decision bet (decision bets: {', '.join(roles.decisions)})", field_)
        if amount < 0:
            raise RecordError("a stake must not be negative", field_)
        if amount > 0 and not rnd.staked:
            raise RecordError("a decision bet in a round with no stake", field_)
    if not rnd.staked and rnd.net and not rnd.voided:
        raise RecordError("a round with no stake nets nothing", f"{where}.net")
    if rnd.skill_cost is not None and rnd.skill_cost < 0:
        raise RecordError("a skill cost is never negative (the best decision costs 0)", f"{where}.skill_cost")


def _skill_costs(played: list[tuple[int, RatedRound]]) -> Decimal | None:
    """Σ skill_cost when the rounds carry one (all played rounds must then), else None."""
    given = [r.skill_cost for _, r in played if r.skill_cost is not None]
    if not given:
        return None
    missing = next(i for i, r in played if r.skill_cost is None) if len(given) < len(played) else None
    if missing is not None:
        raise RecordError("missing while other rounds have one: a session's skill cost covers every round",
                          f"rounds[{missing}].skill_cost")
    with exact("skill_cost"):
        return sum(given, ZERO)


def _half_up(value: Decimal, quantum: Decimal) -> Decimal:
    """``value`` to ``quantum``, half away from zero (one rounding, of an exact value); never -0."""
    rounded = value.quantize(quantum, context=_ROUNDING)
    return rounded.copy_abs() if rounded.is_zero() else rounded


def _divide_half_up(numerator: Decimal, denominator: int, quantum: Decimal) -> Decimal:
    """``numerator / denominator`` to ``quantum``, half away from zero, from the exact quotient."""
    units = Fraction(numerator) / (Fraction(quantum) * denominator)
    whole, rest = divmod(abs(units.numerator), units.denominator)
    if 2 * rest >= units.denominator:
        whole += 1
    exponent = int(quantum.as_tuple().exponent)
    return _half_up(Decimal(-whole if units < 0 else whole).scaleb(exponent, context=_ROUNDING), quantum)


def _fixed(value: Decimal) -> str:
    """A rounded figure with its places: ``"55.00"``, ``"36.0"``."""
    return format(value, "f")
