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

Conservation holds after every fact: opening + contributed + seeded - awarded ==
meter + overflow, where the opening balance of a fresh meter is its reset value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Annotated, Any, ClassVar, NamedTuple, Self

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    model_validator,
)

from .errors import RecordError, RuleError
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


Exact = BeforeValidator(exact_decimal)


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

    @property
    def amount(self) -> Decimal:
        return self.to_meter + self.to_overflow


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
class Seed(_FactEvent):
    """Money the house adds to raise the meter back to reset (after the overflow ran out)."""

    kind: ClassVar[str] = "jackpot_seed"
    amount: Decimal


Change = Contribution | Award | OverflowDraw | Seed


@dataclass(frozen=True, slots=True)
class Reversal(_FactEvent):
    """``of`` undone exactly (a void): every amount and count it moved, moved back."""

    kind: ClassVar[str] = "jackpot_reversal"
    of: Change


JackpotFact = Change | Reversal


class PoolHit(NamedTuple):
    """A winning Pool hand to be paid: seat, hand category label, percent of the meter."""

    seat: int
    category: str
    percent: Decimal


@dataclass(frozen=True, slots=True)
class _Delta:
    meter: Decimal = ZERO
    overflow: Decimal = ZERO
    contributed: Decimal = ZERO
    awarded: Decimal = ZERO
    seeded: Decimal = ZERO
    hits: int = 0

    def negated(self) -> _Delta:
        return _Delta(-self.meter, -self.overflow, -self.contributed, -self.awarded, -self.seeded, -self.hits)


def _delta(fact: JackpotFact) -> _Delta:
    """What one fact moves (the only place the effect of a fact is defined)."""
    if isinstance(fact, Contribution):
        return _Delta(meter=fact.to_meter, overflow=fact.to_overflow, contributed=fact.amount)
    if isinstance(fact, Award):
        return _Delta(meter=-fact.amount, awarded=fact.amount, hits=1)
    if isinstance(fact, OverflowDraw):
        return _Delta(meter=fact.amount, overflow=-fact.amount)
    if isinstance(fact, Seed):
        return _Delta(meter=fact.amount, seeded=fact.amount)
    return _delta(fact.of).negated()


# -- the meter ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JackpotMeter:
    """The meter, its overflow and the regulators' totals, under ``rules``.

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
        """opening + contributed + seeded - awarded == meter + overflow."""
        return self.opening + self.contributed + self.seeded - self.awarded == self.meter + self.overflow

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
            room = share if self.rules.cap is None else max(min(share, self.rules.cap - meter.meter), ZERO)
            fact = Contribution(seat, stake, room, share - room)
            facts.append(fact)
            meter = meter.apply(fact)
        return facts

    def award(self, seat: int, category: str, percent: Decimal) -> list[Award | OverflowDraw | Seed]:
        """The award for one hit, then the raise back to reset if the meter fell below it."""
        if not 0 <= percent <= HUNDRED:
            raise RuleError(f"a Pool award is 0 to 100 percent of the meter, not {format_money(percent)}", f"seat{seat}.pool")
        amount = round_down(self.meter * percent / HUNDRED, CENT)
        verify_at = self.rules.verify_at
        award = Award(seat, category, percent, amount, verify_at is not None and amount >= verify_at)
        return [award, *self.apply(award).raise_to_reset()]

    def raise_to_reset(self) -> list[OverflowDraw | Seed]:
        """What raises a meter below reset back to it: the overflow first, then the house's seed."""
        short = self.rules.reset - self.meter
        facts: list[OverflowDraw | Seed] = []
        if short > 0:
            drawn = min(self.overflow, short)
            if drawn > 0:
                facts.append(OverflowDraw(drawn))
            if short - drawn > 0:
                facts.append(Seed(short - drawn))
        return facts

    def award_all(self, hits: Iterable[PoolHit]) -> list[Award | OverflowDraw | Seed]:
        """Every hit in the order given (settlement order), each from the meter it leaves."""
        facts: list[Award | OverflowDraw | Seed] = []
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
        if after.overflow < 0 or after.meter < self.rules.reset:
            raise RuleError(
                "reversing these facts would leave the meter below reset or the overflow below zero; "
                "reverse the round's awards and seeds with its contributions"
            )
        return reversals


for _fact in (Contribution, Award, OverflowDraw, Seed, Reversal):
    register(_fact)


@register
@dataclass(frozen=True, slots=True)
class JackpotInstalled(Event):
    """The meter's rules as installed (or changed) on this table: the journal says which apply."""

    kind: ClassVar[str] = "jackpot_installed"
    table_level: ClassVar[bool] = True
    rules: JackpotRules

    def to_payload(self) -> dict[str, Any]:
        return {k: (None if v is None else format_money(v)) for k, v in self.rules.model_dump().items()}

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


def installed(meter: JackpotMeter | None, rules: JackpotRules) -> JackpotMeter:
    """The meter after its rules were (re)installed: a new meter at reset, or new rules kept."""
    return JackpotMeter.fresh(rules) if meter is None else replace(meter, rules=rules)


# -- journal payloads -----------------------------------------------------------------


def fact_payload(fact: JackpotFact) -> dict[str, Any]:
    """The JSON payload of a fact's journal event (money as decimal strings)."""
    if isinstance(fact, Contribution):
        return {"seat": fact.seat, "stake": format_money(fact.stake),
                "to_meter": format_money(fact.to_meter), "to_overflow": format_money(fact.to_overflow)}
    if isinstance(fact, Award):
        return {"seat": fact.seat, "category": fact.category, "percent": format_money(fact.percent),
                "amount": format_money(fact.amount), "needs_verification": fact.needs_verification}
    if isinstance(fact, (OverflowDraw, Seed)):
        return {"amount": format_money(fact.amount)}
    return {"of": {"kind": fact.of.kind, **fact_payload(fact.of)}}


FACT_TYPES = (Contribution, Award, OverflowDraw, Seed, Reversal)
"""Every kind of fact, for ``isinstance`` checks."""

FACT_KINDS: dict[str, type[JackpotFact]] = {
    kind.kind: kind for kind in (Contribution, Award, OverflowDraw, Seed, Reversal)
}


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
        return Contribution(seat(), money("stake"), money("to_meter"), money("to_overflow"))
    if kind == Award.kind:
        category = payload.get("category")
        if not isinstance(category, str):
            raise RecordError(f"must be a hand category, not {category!r}", f"{kind}.category")
        return Award(seat(), category, money("percent"), money("amount"), payload.get("needs_verification") is True)
    if kind == OverflowDraw.kind:
        return OverflowDraw(money("amount"))
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

    KINDS = frozenset({"jackpot_installed", "jackpot_verified", *FACT_KINDS})

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
        if record.kind not in FACT_KINDS:
            return
        fact = fact_from_payload(record.kind, record.payload)
        if self.meter is not None:
            self.meter = self.meter.apply(fact)
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
