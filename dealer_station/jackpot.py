"""The table progressive (GAMES.md §3 Decisions) as an exact value type.

A progressive is real money players see and regulators audit, so the meter is kept
exactly (``Decimal``, contributions never rounded) and every change to it is a *fact*:
a small frozen record of what happened, which the caller journals in the same
transaction as the step that caused it. The operations only *compute* facts from the
meter as it stands; ``JackpotMeter.apply`` folds one fact into the meter. Live play
(compute, journal, apply) and replay after a restart (read, apply) therefore run the
same code, and a round record settles through it too.

The decisions, to the cent:

* ``contribute`` at "no more bets": each Pool stake adds stake x rate, unrounded; what
  would take the meter above ``cap`` goes to the overflow meter instead.
* ``award`` at the flop reveal, in settlement order (highest seat first): each award is
  its percentage of the meter as it stands, rounded *down* to the cent (the remainder
  stays in the meter); then, if the meter is below ``reset``, it is raised to ``reset``,
  from the overflow first and the rest seeded by the house. A second royal in the same
  round therefore gets the reset value. An award at or above ``verify_at`` is marked as
  needing a supervisor's verification; its amount is locked at the hit.
* ``reverse`` for a void: the facts given are undone exactly, newest first.
* with a ``reserve_rate`` (a linked progressive, GAMES.md §3), that share of each
  contribution goes to the reserve, which pays a raise back to reset after the overflow
  and before the house seeds anything.

Conservation holds after every fact: opening + contributed + seeded - awarded ==
meter + overflow + reserve, where the opening balance of a fresh meter is its reset value.

A *linked* meter (``rules.link``: one meter over a bank of tables) is kept by the
progressive controller, the floor, which computes its facts itself by these same decisions
(its copy in SQL, migration 0016, is held to this module by the tests): a table reaches it
through ``PoolLink``, says only what its round did, and journals what the controller
committed (``LinkCommitted``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Annotated, Any, ClassVar, NamedTuple, Self

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from .errors import DealerStationError, RecordError, RuleError
from .money import (
    ZERO,
    exact_decimal,
    format_cents,
    format_money,
    parse_money,
    round_down,
)
from .table.event_base import STATION, SUPERVISOR, Event, register

CENT = Decimal("0.01")
HUNDRED = Decimal(100)


def _rate(value: Decimal) -> Decimal:
    if not 0 < value <= 1:
        raise ValueError("must be above 0 and at most 1 (the share of each Pool stake)")
    return value


def _non_negative(value: Decimal) -> Decimal:
    if value < 0:
        raise ValueError("must be >= 0")
    return value


def _positive(value: Decimal) -> Decimal:
    if value <= 0:
        raise ValueError("must be > 0")
    return value


def _share(value: Decimal) -> Decimal:
    if not 0 < value < 1:
        raise ValueError("must be above 0 and below 1 (the share of each contribution kept for the next reset)")
    return value


_LINK_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")


def _link_name(value: str) -> str:
    if not _LINK_NAME.match(value):
        raise ValueError("must be 1-32 letters, digits, '.', '_' or '-' (the link's name on the floor)")
    return value


Exact = BeforeValidator(exact_decimal)
OptionalExact = BeforeValidator(lambda v: None if v is None else exact_decimal(v))
OPTIONAL_RULES = ("reserve_rate", "link")
"""Rules a profile may leave out: left out, they are not written either (terms, journal), so a
table's terms digest and ``jackpot_installed`` stay what they were before the link existed."""


class JackpotRules(BaseModel):
    """The meter's parameters (table configuration; a round record carries its own)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rate: Annotated[Decimal, Exact, AfterValidator(_rate)]
    """Share of each Pool stake that goes to the meter."""
    reset: Annotated[Decimal, Exact, AfterValidator(_non_negative)]
    """Value the meter starts at and is raised back to after an award."""
    cap: Annotated[Decimal | None, BeforeValidator(lambda v: None if v is None else exact_decimal(v))] = None
    """Contributions above it go to the overflow meter (none: no cap)."""
    verify_at: Annotated[Decimal | None, BeforeValidator(lambda v: None if v is None else exact_decimal(v))] = None
    """An award of at least this amount waits for a supervisor (none: never)."""
    reserve_rate: Annotated[Decimal | None, OptionalExact, AfterValidator(lambda v: None if v is None else _share(v))] \
        = None
    """Share of each contribution kept in the reserve, which pays the next raise to reset (none: no reserve)."""
    link: Annotated[str | None, AfterValidator(lambda v: None if v is None else _link_name(v))] = None
    """The linked progressive this table's Pool feeds (none: the table's own meter). Every member of a
    link plays the same rules; the controller (the floor) refuses one whose rules differ."""

    @model_serializer(mode="wrap")
    def _leave_out_unset(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for key in OPTIONAL_RULES:
            if data.get(key) is None:
                data.pop(key, None)
        return data

    def meter_rules(self) -> dict[str, str | None]:
        """The rules as text, without the link's name: what every member of a link must agree on."""
        return {key: None if value is None else format_money(value)
                for key, value in self.model_dump().items() if key != "link"}

    @model_validator(mode="after")
    def _cap_and_verify_at(self) -> JackpotRules:
        if self.cap is not None and self.cap < self.reset:
            raise ValueError(f"cap {format_money(self.cap)} is below reset {format_money(self.reset)}")
        if self.verify_at is not None:
            _positive(self.verify_at)
        return self


# -- facts ----------------------------------------------------------------------------
# Each fact is a journal event of its own kind (``table.event_base``): the payload is
# ``fact_payload``'s, so the journal, replay and round records share one description.


@dataclass(frozen=True, slots=True)
class _FactEvent(Event):
    writers: ClassVar[tuple[str, ...]] = (STATION,)

    def to_payload(self) -> dict[str, Any]:
        return fact_payload(self)  # type: ignore[arg-type]

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> JackpotFact:
        return fact_from_payload(cls.kind, data)


@dataclass(frozen=True, slots=True)
class Contribution(_FactEvent):
    """A Pool stake's share, split between the meter and (above the cap) the overflow."""

    kind: ClassVar[str] = "jackpot_contribution"
    seat: int
    stake: Decimal
    to_meter: Decimal
    to_overflow: Decimal
    to_reserve: Decimal = ZERO

    @property
    def amount(self) -> Decimal:
        return self.to_meter + self.to_overflow + self.to_reserve


@dataclass(frozen=True, slots=True)
class Award(_FactEvent):
    """A Pool hit paid from the meter; ``needs_verification`` holds it for a supervisor."""

    kind: ClassVar[str] = "jackpot_award"
    seat: int
    category: str
    percent: Decimal
    amount: Decimal
    needs_verification: bool = False


@dataclass(frozen=True, slots=True)
class OverflowDraw(_FactEvent):
    """Overflow moved into the meter to raise it back to reset."""

    kind: ClassVar[str] = "jackpot_overflow"
    amount: Decimal


@dataclass(frozen=True, slots=True)
class ReserveDraw(_FactEvent):
    """Reserve moved into the meter to raise it back to reset (after the overflow ran out)."""

    kind: ClassVar[str] = "jackpot_reserve_draw"
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Seed(_FactEvent):
    """Money the house adds to raise the meter back to reset (after the overflow and the reserve ran out)."""

    kind: ClassVar[str] = "jackpot_seed"
    amount: Decimal


Change = Contribution | Award | OverflowDraw | ReserveDraw | Seed


@dataclass(frozen=True, slots=True)
class Reversal(_FactEvent):
    """``of`` undone exactly (a void): every amount and count it moved, moved back."""

    kind: ClassVar[str] = "jackpot_reversal"
    of: Change


JackpotFact = Change | Reversal


class PoolHit(NamedTuple):
    """A winning Pool hand to be paid: seat, hand category label, percent of the meter, and its five
    cards (hole, hole, flop, flop, flop), which a linked table's controller evaluates itself."""

    seat: int
    category: str
    percent: Decimal
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class _Delta:
    meter: Decimal = ZERO
    overflow: Decimal = ZERO
    contributed: Decimal = ZERO
    awarded: Decimal = ZERO
    seeded: Decimal = ZERO
    hits: int = 0
    reserve: Decimal = ZERO

    def negated(self) -> _Delta:
        return _Delta(-self.meter, -self.overflow, -self.contributed, -self.awarded, -self.seeded, -self.hits,
                      -self.reserve)


def _delta(fact: JackpotFact) -> _Delta:
    """What one fact moves (the only place the effect of a fact is defined)."""
    if isinstance(fact, Contribution):
        return _Delta(meter=fact.to_meter, overflow=fact.to_overflow, contributed=fact.amount, reserve=fact.to_reserve)
    if isinstance(fact, Award):
        return _Delta(meter=-fact.amount, awarded=fact.amount, hits=1)
    if isinstance(fact, OverflowDraw):
        return _Delta(meter=fact.amount, overflow=-fact.amount)
    if isinstance(fact, ReserveDraw):
        return _Delta(meter=fact.amount, reserve=-fact.amount)
    if isinstance(fact, Seed):
        return _Delta(meter=fact.amount, seeded=fact.amount)
    return _delta(fact.of).negated()


# -- the meter ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JackpotMeter:
    """The meter, its overflow, its reserve and the regulators' totals, under ``rules``.

    ``opening`` is the meter + overflow the totals count from: the reset value for a new
    meter, the values read for a meter taken up mid-life (a round record).
    """

    rules: JackpotRules
    meter: Decimal
    overflow: Decimal = ZERO
    opening: Decimal = ZERO
    contributed: Decimal = ZERO
    awarded: Decimal = ZERO
    seeded: Decimal = ZERO
    hits: int = 0
    reserve: Decimal = ZERO

    @classmethod
    def fresh(cls, rules: JackpotRules) -> Self:
        """A newly installed meter: at its reset value, no overflow, all totals zero."""
        return cls(rules, rules.reset, ZERO, rules.reset)

    @classmethod
    def taken_up(cls, rules: JackpotRules, meter: Decimal, overflow: Decimal = ZERO) -> Self:
        """A meter standing at ``meter`` with ``overflow`` (a round record's ``jackpot``)."""
        if meter < rules.reset:
            raise RuleError(f"{format_money(meter)} is below the reset value {format_money(rules.reset)}", "meter")
        if rules.cap is not None and meter > rules.cap:
            raise RuleError(f"{format_money(meter)} is above the cap {format_money(rules.cap)}", "meter")
        if overflow < 0:
            raise RuleError("must be >= 0", "overflow")
        return cls(rules, meter, overflow, meter + overflow)

    @property
    def conserved(self) -> bool:
        """opening + contributed + seeded - awarded == meter + overflow + reserve."""
        return (self.opening + self.contributed + self.seeded - self.awarded
                == self.meter + self.overflow + self.reserve)

    # -- folding facts ------------------------------------------------------------

    def apply(self, fact: JackpotFact) -> Self:
        """The meter after ``fact`` (live play after journaling it, and replay)."""
        d = _delta(fact)
        return replace(
            self,
            meter=self.meter + d.meter,
            overflow=self.overflow + d.overflow,
            contributed=self.contributed + d.contributed,
            awarded=self.awarded + d.awarded,
            seeded=self.seeded + d.seeded,
            hits=self.hits + d.hits,
            reserve=self.reserve + d.reserve,
        )

    def apply_all(self, facts: Iterable[JackpotFact]) -> Self:
        meter = self
        for fact in facts:
            meter = meter.apply(fact)
        return meter

    # -- operations: compute the facts, change nothing ---------------------------

    def contribute(self, stakes: Iterable[tuple[int, Decimal]]) -> list[Contribution]:
        """One contribution per ``(seat, pool stake)``, in the order given."""
        facts: list[Contribution] = []
        meter = self
        for seat, stake in stakes:
            if stake <= 0:
                raise RuleError(f"Pool stake must be > 0, not {format_money(stake)}", f"seat{seat}.pool")
            share = stake * self.rules.rate
            kept = ZERO if self.rules.reserve_rate is None else share * self.rules.reserve_rate
            rest = share - kept
            room = rest if self.rules.cap is None else max(min(rest, self.rules.cap - meter.meter), ZERO)
            fact = Contribution(seat, stake, room, rest - room, kept)
            facts.append(fact)
            meter = meter.apply(fact)
        return facts

    def award(self, seat: int, category: str, percent: Decimal) -> list[Award | OverflowDraw | ReserveDraw | Seed]:
        """The award for one hit, then the raise back to reset if the meter fell below it."""
        if not 0 <= percent <= HUNDRED:
            raise RuleError(f"a Pool award is 0 to 100 percent of the meter, not {format_money(percent)}", f"seat{seat}.pool")
        amount = share_of(self.meter, percent)
        verify_at = self.rules.verify_at
        award = Award(seat, category, percent, amount, verify_at is not None and amount >= verify_at)
        return [award, *self.apply(award).raise_to_reset()]

    def raise_to_reset(self) -> list[OverflowDraw | ReserveDraw | Seed]:
        """What raises a meter below reset back to it: the overflow first, then the reserve, then the house's seed."""
        short = self.rules.reset - self.meter
        facts: list[OverflowDraw | ReserveDraw | Seed] = []
        if short > 0:
            drawn = min(self.overflow, short)
            if drawn > 0:
                facts.append(OverflowDraw(drawn))
            kept = min(max(self.reserve, ZERO), short - drawn)
            if kept > 0:
                facts.append(ReserveDraw(kept))
            if short - drawn - kept > 0:
                facts.append(Seed(short - drawn - kept))
        return facts

    def award_all(self, hits: Iterable[PoolHit]) -> list[Award | OverflowDraw | ReserveDraw | Seed]:
        """Every hit in the order given (settlement order), each from the meter it leaves."""
        facts: list[Award | OverflowDraw | ReserveDraw | Seed] = []
        meter = self
        for hit in hits:
            step = meter.award(hit.seat, hit.category, hit.percent)
            facts.extend(step)
            meter = meter.apply_all(step)
        return facts

    def reverse(self, facts: Sequence[JackpotFact]) -> list[Reversal]:
        """Reversals undoing ``facts`` (a voided round's), newest first.

        Refused when the result would be a meter no round can leave: overflow below zero
        or the meter below reset - which happens when contributions are taken back after
        an award was paid from them; such a round's awards must be reversed with them.
        """
        reversals: list[Reversal] = []
        for fact in reversed(facts):
            if isinstance(fact, Reversal):
                raise RuleError("a reversal cannot itself be reversed", fact.kind)
            reversals.append(Reversal(fact))
        after = self.apply_all(reversals)
        if after.overflow < 0 or after.reserve < 0 or after.meter < self.rules.reset:
            raise RuleError(
                "reversing these facts would leave the meter below reset or the overflow below zero; "
                "reverse the round's awards and seeds with its contributions"
            )
        return reversals


for _fact in (Contribution, Award, OverflowDraw, ReserveDraw, Seed, Reversal):
    register(_fact)


@register
@dataclass(frozen=True, slots=True)
class JackpotInstalled(Event):
    """The meter's rules as installed (or changed) on this table: the journal says which apply."""

    kind: ClassVar[str] = "jackpot_installed"
    table_level: ClassVar[bool] = True
    rules: JackpotRules

    def to_payload(self) -> dict[str, Any]:
        return {k: (v if v is None or isinstance(v, str) else format_money(v))
                for k, v in self.rules.model_dump().items()}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> JackpotInstalled:
        return cls(JackpotRules.model_validate(data))


@register
@dataclass(frozen=True, slots=True)
class JackpotVerified(Event):
    """A supervisor verified a hit held at ``verify_at`` or above; it is paid with the round."""

    kind: ClassVar[str] = "jackpot_verified"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    seat: int
    amount: Decimal
    by: str
    reason: str = ""


def share_of(meter: Decimal, percent: Decimal) -> Decimal:
    """A Pool award: ``percent`` of the meter, down to the cent (GAMES.md §3)."""
    return round_down(meter * percent / HUNDRED, CENT)


def installed(meter: JackpotMeter | None, rules: JackpotRules) -> JackpotMeter:
    """The meter after its rules were (re)installed: a new meter at reset, or new rules kept."""
    return JackpotMeter.fresh(rules) if meter is None else replace(meter, rules=rules)


# -- journal payloads -----------------------------------------------------------------


def fact_payload(fact: JackpotFact) -> dict[str, Any]:
    """The JSON payload of a fact's journal event (money as decimal strings)."""
    if isinstance(fact, Contribution):
        out = {"seat": fact.seat, "stake": format_money(fact.stake),
               "to_meter": format_money(fact.to_meter), "to_overflow": format_money(fact.to_overflow)}
        if fact.to_reserve:  # only a meter with a reserve writes it: older payloads stay as they were
            out["to_reserve"] = format_money(fact.to_reserve)
        return out
    if isinstance(fact, Award):
        return {"seat": fact.seat, "category": fact.category, "percent": format_money(fact.percent),
                "amount": format_money(fact.amount), "needs_verification": fact.needs_verification}
    if isinstance(fact, (OverflowDraw, ReserveDraw, Seed)):
        return {"amount": format_money(fact.amount)}
    return {"of": {"kind": fact.of.kind, **fact_payload(fact.of)}}


FACT_TYPES = (Contribution, Award, OverflowDraw, ReserveDraw, Seed, Reversal)
"""Every kind of fact, for ``isinstance`` checks."""

FACT_KINDS: dict[str, type[JackpotFact]] = {kind.kind: kind for kind in FACT_TYPES}


def fact_from_payload(kind: str, payload: Mapping[str, Any]) -> JackpotFact:
    """The fact a journal event holds (replay); a malformed one is a ``RecordError``."""

    def money(key: str) -> Decimal:
        if key not in payload:
            raise RecordError("missing required key", f"{kind}.{key}")
        return parse_money(payload[key], f"{kind}.{key}")

    def seat() -> int:
        value = payload.get("seat")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"must be a seat number, not {value!r}", f"{kind}.seat")
        return value

    if kind == Contribution.kind:
        reserve = money("to_reserve") if "to_reserve" in payload else ZERO
        return Contribution(seat(), money("stake"), money("to_meter"), money("to_overflow"), reserve)
    if kind == Award.kind:
        category = payload.get("category")
        if not isinstance(category, str):
            raise RecordError(f"must be a hand category, not {category!r}", f"{kind}.category")
        return Award(seat(), category, money("percent"), money("amount"), payload.get("needs_verification") is True)
    if kind == OverflowDraw.kind:
        return OverflowDraw(money("amount"))
    if kind == ReserveDraw.kind:
        return ReserveDraw(money("amount"))
    if kind == Seed.kind:
        return Seed(money("amount"))
    if kind == Reversal.kind:
        inner = payload.get("of")
        if not isinstance(inner, Mapping) or inner.get("kind") not in FACT_KINDS or inner["kind"] == kind:
            raise RecordError("must name the fact it reverses", f"{kind}.of")
        undone = fact_from_payload(inner["kind"], inner)
        if isinstance(undone, Reversal):  # excluded above; narrows the type
            raise RecordError("a reversal cannot itself be reversed", f"{kind}.of")
        return Reversal(undone)
    raise RecordError(f"unknown jackpot fact (known: {', '.join(FACT_KINDS)})", "kind")


def meter_summary(meter: JackpotMeter) -> dict[str, Any]:
    """The regulators' meters as shown and printed (amounts to the cent).

    ``opening`` is the balance the totals count from (the reset the meter was first
    installed with), not today's ``reset``: a later change of the rules moves no money by
    itself (a raise to a higher reset is a journaled seed), so opening + contributed +
    seeded - awarded == meter + overflow holds whatever resets were installed since.
    """
    return {
        "meter": format_cents(meter.meter),
        "overflow": format_cents(meter.overflow),
        "opening": format_cents(meter.opening),
        "reset": format_cents(meter.rules.reset),
        "hits": meter.hits,
        "contributed": format_cents(meter.contributed),
        "awarded": format_cents(meter.awarded),
        "seeded": format_cents(meter.seeded),
    }


HISTORY_SIZE = 25
"""Hits kept in the history the station prints (NY 9 NYCRR 5320.8(b): at least the last 25)."""


class JackpotLedger:
    """The regulators' meters and the hits, folded one journal record at a time.

    ``meters_from_journal`` over a whole journal; the pit's live floor feeds each table's
    records as they reach the floor. Records have ``kind``, ``payload``, ``at`` and
    ``round_id`` (``Journal.events``, the floor's events). A hit is an award no void took
    back, with who verified it, if anyone; hits are kept even before a meter is installed
    (the events of one round, on its own, still say who hit and who verified).
    """

    KINDS = frozenset({"jackpot_installed", "jackpot_verified", "jackpot_link_commit", *FACT_KINDS})

    def __init__(self) -> None:
        self.meter: JackpotMeter | None = None
        self._hits: dict[tuple[str | None, int], dict[str, Any]] = {}
        self._installed: list[dict[str, Any]] = []

    def feed(self, record: Any) -> None:
        """Fold one record (any kind: those of no progressive are ignored)."""
        if record.kind == JackpotInstalled.kind:
            event = JackpotInstalled.from_payload(record.payload)
            self.meter = installed(self.meter, event.rules)
            rules = event.rules
            self._installed.append({
                "at": record.at, "rate": format_money(rules.rate), "reset": format_cents(rules.reset),
                **{key: None if value is None else format_cents(value)
                   for key, value in (("cap", rules.cap), ("verify_at", rules.verify_at))}})
            return
        if record.kind == JackpotVerified.kind:
            hit = self._hits.get((record.round_id, record.payload.get("seat")))
            if hit is not None:
                hit["verified_by"] = record.payload.get("by")
            return
        if record.kind == LinkCommitted.kind:  # a linked table: the shared meter as its controller left it
            commit = LinkCommitted.from_payload(record.payload)
            if self.meter is not None:
                self.meter = commit.meter_after(self.meter.rules)
            for fact in commit.facts:
                self._hit(record, fact)
            return
        if record.kind not in FACT_KINDS:
            return
        fact = fact_from_payload(record.kind, record.payload)
        if self.meter is not None:
            self.meter = self.meter.apply(fact)
        self._hit(record, fact)

    def _hit(self, record: Any, fact: JackpotFact) -> None:
        if isinstance(fact, Award):
            self._hits[(record.round_id, fact.seat)] = {
                "round_id": record.round_id, "seat": fact.seat, "hand": fact.category,
                "amount": format_cents(fact.amount), "at": record.at, "verified_by": None}
        elif isinstance(fact, Reversal) and isinstance(fact.of, Award):
            self._hits.pop((record.round_id, fact.of.seat), None)

    def hits(self, last: int | None = None) -> list[dict[str, Any]]:
        """The hits, newest first (the last ``last`` only)."""
        newest = list(reversed(list(self._hits.values())))
        return newest if last is None else newest[:last]

    def summary(self, history: int = HISTORY_SIZE) -> dict[str, Any] | None:
        """``meter_summary``, every installation of the rules (oldest first: the first is
        the opening, each later one a change), whether the meters reconcile, and the
        latest hits (None: no meter installed)."""
        if self.meter is None:
            return None
        return {**meter_summary(self.meter), "reconciled": self.meter.conserved,
                "installed": list(self._installed), "history": self.hits(history)}


def meters_from_journal(records: Iterable[Any], history: int = HISTORY_SIZE) -> dict[str, Any] | None:
    """The regulators' meters and the latest hits, from a journal's records (None: no meter).

    ``records`` have ``kind``, ``payload``, ``at`` and ``round_id`` (``Journal.events``).
    A hit is an award no void took back; newest first, with who verified it, if anyone.
    """
    ledger = JackpotLedger()
    for record in records:
        ledger.feed(record)
    return ledger.summary(history)


# -- a linked progressive: one meter over a bank of tables (GAMES.md §3) ----------------

STATE_KEYS = ("meter", "overflow", "reserve", "opening", "contributed", "awarded", "seeded")


def meter_state(meter: JackpotMeter) -> dict[str, Any]:
    """The meter's amounts and hits as exact text (what the controller stores and a table journals)."""
    return {**{key: format_money(getattr(meter, key)) for key in STATE_KEYS}, "hits": meter.hits}


def meter_from_state(rules: JackpotRules, state: Mapping[str, Any], field: str = "state") -> JackpotMeter:
    """The meter ``meter_state`` wrote (a malformed one is a ``RecordError``)."""
    amounts = {key: parse_money(state.get(key, "0"), f"{field}.{key}", allow_negative=True) for key in STATE_KEYS}
    hits = state.get("hits", 0)
    if isinstance(hits, bool) or not isinstance(hits, int):
        raise RecordError(f"must be a count, not {hits!r}", f"{field}.hits")
    return JackpotMeter(rules, hits=hits, **amounts)


def facts_payload(facts: Iterable[JackpotFact]) -> list[dict[str, Any]]:
    return [{"kind": fact.kind, **fact_payload(fact)} for fact in facts]


def facts_from_payload(items: Any, field: str) -> tuple[JackpotFact, ...]:
    if not isinstance(items, list):
        raise RecordError("must be a list of jackpot facts", field)
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping) or item.get("kind") not in FACT_KINDS:
            raise RecordError("must be a jackpot fact", f"{field}[{i}]")
        out.append(fact_from_payload(item["kind"], item))
    return tuple(out)


LINK_OPS = ("contribute", "award", "cancel")


@register
@dataclass(frozen=True, slots=True)
class LinkCommitted(Event):
    """What the progressive controller committed for this table's round, journaled as it answered.

    ``seq`` is the link's commit order (every member's commits share one sequence: of two hits
    at the same moment, the lower ``seq`` was awarded first); ``facts`` are the meter's facts
    of this commit, computed at the controller from the shared meter; ``after`` the shared
    meter once they were applied. A table's journal alone therefore says what it put in and
    took out of the link, and the controller's per-table rows must say the same.
    """

    kind: ClassVar[str] = "jackpot_link_commit"
    version: ClassVar[int] = 1
    link: str
    seq: int
    op: str
    round_id: str
    facts: tuple[JackpotFact, ...]
    after: Mapping[str, Any]
    at: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {"link": self.link, "seq": self.seq, "op": self.op, "round_id": self.round_id,
                "facts": facts_payload(self.facts), "after": dict(self.after), "at": self.at}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> LinkCommitted:
        seq, op = data.get("seq"), data.get("op")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise RecordError(f"must be a commit number, not {seq!r}", f"{cls.kind}.seq")
        if op not in LINK_OPS:
            raise RecordError(f"must be one of {', '.join(LINK_OPS)}, not {op!r}", f"{cls.kind}.op")
        after = data.get("after")
        if not isinstance(after, Mapping):
            raise RecordError("must be the shared meter's state", f"{cls.kind}.after")
        return cls(str(data.get("link", "")), seq, op, str(data.get("round_id", "")),
                   facts_from_payload(data.get("facts"), f"{cls.kind}.facts"), dict(after), str(data.get("at", "")))

    def meter_after(self, rules: JackpotRules) -> JackpotMeter:
        return meter_from_state(rules, self.after, f"{self.kind}.after")


@register
@dataclass(frozen=True, slots=True)
class PoolClosed(Event):
    """The round plays no Pool: the controller could not be reached (or never acknowledged the
    contribution) at "no more bets", so its Pool stakes are returned and it can win no Pool award
    (the link-down rule, docs/floor.md "Linked progressive"). ``sent``: the contribution was sent
    and may have reached the controller unacknowledged; it is cancelled there once the link is back.
    """

    kind: ClassVar[str] = "pool_closed"
    version: ClassVar[int] = 1
    link: str
    reason: str
    returned: Mapping[int, Decimal]
    sent: bool = False

    def to_payload(self) -> dict[str, Any]:
        return {"link": self.link, "reason": self.reason, "sent": self.sent,
                "returned": {str(seat): format_money(v) for seat, v in self.returned.items()}}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> PoolClosed:
        returned = data.get("returned")
        if not isinstance(returned, Mapping):
            raise RecordError("must map seats to the Pool stakes returned", f"{cls.kind}.returned")
        return cls(str(data.get("link", "")), str(data.get("reason", "")),
                   {int(seat): parse_money(v, f"{cls.kind}.returned.{seat}") for seat, v in returned.items()},
                   data.get("sent") is True)


@dataclass(frozen=True, slots=True)
class PendingHit:
    """An award held for verification somewhere on the link: shown on every member's screen."""

    table_id: str
    round_id: str
    seat: int
    category: str
    amount: Decimal
    seq: int


@dataclass(frozen=True, slots=True)
class LinkStatus:
    """The shared meter and the hits pending verification, as the controller last said."""

    link: str
    meter: JackpotMeter
    pending: tuple[PendingHit, ...] = ()


@dataclass(frozen=True, slots=True)
class LinkTerms:
    """Every term of a member table that decides what the shared meter pays or costs: the meter's
    rules, the Pool stake, the currency and the Pool pay table. Every member of a link plays the
    same terms; the controller refuses one whose terms differ, and pays by its own copy of them."""

    rules: JackpotRules
    pool_stake: Decimal
    currency: str
    pool: Mapping[str, Decimal]
    """Hand category label -> percent of the meter."""

    def as_json(self) -> dict[str, Any]:
        """Flat, as the controller keeps them: one key per Pool row ("pool.straight"), so a member
        that differs is told which row."""
        return {**self.rules.meter_rules(), "pool_stake": format_money(self.pool_stake), "currency": self.currency,
                **{f"pool.{category}": format_money(percent) for category, percent in sorted(self.pool.items())}}


class LinkUnavailable(DealerStationError):
    """The progressive controller cannot be reached: the Pool is closed until it can."""


class PoolLink:
    """A table's way to its linked progressive's controller (the floor implements it:
    ``dealer_station.floor.link.FloorLink``; the station or the CLI gives it to the session).

    Every call is one transaction at the controller, idempotent per (table, round): a retry
    returns the first answer. A call that cannot reach the controller raises ``LinkUnavailable``;
    one the controller refuses (its figures are not this table's) a ``RuleError``.
    A base class, not an ABC: the session finds its service by this class (``tx.service(PoolLink)``).
    """

    link: str

    def available(self) -> bool:
        """Whether the controller answers now (cheap: a table asks before every round's Pool)."""
        raise NotImplementedError

    def contribute(self, round_id: str, stakes: Sequence[tuple[int, Decimal]]) -> LinkCommit | None:
        """Commit the round's Pool stakes' contributions (None: the round was cancelled there)."""
        raise NotImplementedError

    def award(self, round_id: str, hits: Sequence[PoolHit]) -> LinkCommit:
        """Commit the round's Pool awards, each from the shared meter as it stands at commit (each hit
        with its five ``cards``: the controller evaluates the hands itself)."""
        raise NotImplementedError

    def cancel(self, round_id: str) -> list[LinkCommit]:
        """Take the round's contributions and awards back out (a void, or a round the table settled
        without the Pool); returns every commit of the round, the cancellation last."""
        raise NotImplementedError

    def verify(self, round_id: str, seats: Sequence[int], by: str) -> None:
        """A supervisor verified the round's held awards at this table: they are paid."""
        raise NotImplementedError

    def status(self) -> LinkStatus | None:
        """The shared meter and the pending hits as last heard (None: never heard); never blocks."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class LinkCommit:
    """One commit of the controller: ``seq`` in the link's commit order, its facts, the meter after."""

    link: str
    seq: int
    op: str
    table_id: str
    round_id: str
    facts: tuple[JackpotFact, ...]
    after: Mapping[str, Any]
    at: str = ""

    def event(self) -> LinkCommitted:
        """The journal event a member table writes for it."""
        return LinkCommitted(self.link, self.seq, self.op, self.round_id, self.facts, dict(self.after), self.at)


class TableTotals(NamedTuple):
    """What one table put in and took out of a link (its own facts summed)."""

    contributed: Decimal
    awarded: Decimal
    seeded: Decimal
    hits: int
    to_meter: Decimal
    to_overflow: Decimal
    to_reserve: Decimal


def table_totals(rules: JackpotRules, facts: Iterable[JackpotFact]) -> TableTotals:
    """A member's own part of the link: its facts folded from zero (the meter's own rules of what a fact moves)."""
    zero = JackpotMeter(rules, ZERO, opening=ZERO)
    moved = zero.apply_all(facts)
    return TableTotals(moved.contributed, moved.awarded, moved.seeded, moved.hits, moved.meter, moved.overflow,
                       moved.reserve)
