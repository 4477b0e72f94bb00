"""The floor's measures, declared once: what a pit report sums over the rounds that ended.

A measure is one field of ``Tally``, declared with ``measure()``: which ended rounds it sums
(``over``: paid, voided, or every ended round) and which round fact it sums (``fact``: a
``facts.RoundFact`` field, the same-named column of ``floor.rounds``, money unless ``counts``;
none: it counts the rounds). Everything that
carries the figures is a ``Tally`` and gets the field from it: ``report_data.RoundSums`` (the
sums per table, game, pay tables and bucket, from the floor's SQL or a journal's facts) and
``report.ReportRow`` (a report's row and its totals); the floor's SQL aggregate is
``Measure.sql``, a journal's ``Measure.of``. A report column is one entry in
``report.COLUMNS``.

Adding a measure (docs/floor.md, "Adding a measure"): the fact it sums (a ``RoundFact`` field
and its ``floor.rounds`` column, derived by a small SQL function and its twin in ``facts.py``),
one ``measure()`` field here, one ``report.COLUMNS`` entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import Field, dataclass, field, fields
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from ..money import ZERO

if TYPE_CHECKING:
    from .facts import RoundFact

Outcome = Literal["paid", "voided", "ended"]
"""The rounds a measure sums: paid, voided, or both (an alarm counts whatever became of its round)."""


@dataclass(frozen=True)
class Measure:
    """How one measure is taken from a round and summed."""

    name: str
    over: Outcome  # the ended rounds it sums
    fact: str | None  # the RoundFact field / floor.rounds column it sums; None: it counts rounds
    counts: bool = False  # the fact is a whole number (an integer column), not money

    @property
    def zero(self) -> int | Decimal:
        return 0 if self.fact is None or self.counts else ZERO

    @property
    def sql(self) -> str:
        """Its aggregate over ``floor.rounds`` (the floor's side of ``of``)."""
        only = "FILTER (WHERE outcome <> 'open')" if self.over == "ended" else f"FILTER (WHERE outcome = '{self.over}')"
        return f"count(*) {only}" if self.fact is None else f"coalesce(sum({self.fact}) {only}, 0)"

    def of(self, fact: RoundFact, *, so_far: bool = False) -> Any:
        """What one round adds (a journal's side of ``sql``); ``so_far``: a round still open counts what
        it has already, for the measures every round counts whatever becomes of it (what the bet sensor
        caught: the croupier's shift counter shows a catch the moment it is journaled)."""
        if fact.outcome == "open" and not (so_far and self.over == "ended"):
            return self.zero
        if self.over != "ended" and fact.outcome != self.over:
            return self.zero
        return 1 if self.fact is None else getattr(fact, self.fact)


def measure(over: Outcome, fact: str | None = None, *, counts: bool = False) -> Any:
    """A ``Tally`` field that is a measure (starting at 0; ``counts``: the fact is a whole number)."""
    return field(default=0 if fact is None or counts else ZERO, metadata={"measure": (over, fact, counts)})


@dataclass(kw_only=True)
class Tally:
    """Every measure, summed: rounds paid, voids, handle, win (the house's), rake; and the bet sensor's:
    rounds it locked, past-posting and pinching alarms, payouts a supervisor let through, mispays caught
    (count and the amounts short or over), losing bets left, counterfeit chips (docs/floor.md)."""

    rounds: int = measure("paid")
    voids: int = measure("voided")
    handle: Decimal = measure("paid", "handle")
    win: Decimal = measure("paid", "win")
    rake: Decimal = measure("paid", "rake")
    sensed_rounds: int = measure("ended", "sensed", counts=True)
    past_posts: int = measure("ended", "past_posts", counts=True)
    pinches: int = measure("ended", "pinches", counts=True)
    overrides: int = measure("ended", "overrides", counts=True)
    mispays: int = measure("ended", "mispays", counts=True)
    mispaid: Decimal = measure("ended", "mispaid")
    losing_left: int = measure("ended", "losing_left", counts=True)
    counterfeits: int = measure("ended", "counterfeits", counts=True)

    def add(self, other: Tally) -> None:
        """Add another tally's figures (rows into a coarser row, rows into the totals)."""
        for m in MEASURES:
            setattr(self, m.name, getattr(self, m.name) + getattr(other, m.name))

    def add_round(self, fact: RoundFact, *, so_far: bool = False) -> None:
        """Add one ended round's figures (a journal's facts, as the floor's SQL sums its rounds); ``so_far``:
        a round still open adds what it has caught so far (``Measure.of``)."""
        for m in MEASURES:
            setattr(self, m.name, getattr(self, m.name) + m.of(fact, so_far=so_far))


def _measures(declared: tuple[Field[Any], ...]) -> tuple[Measure, ...]:
    return tuple(Measure(f.name, *f.metadata["measure"]) for f in declared if "measure" in f.metadata)


MEASURES = _measures(fields(Tally))
"""Every measure, in ``Tally``'s order (the floor's query selects them in this order)."""


def measure_values(values: tuple[Any, ...] | list[Any], measures: Sequence[Measure] = MEASURES) -> dict[str, Any]:
    """The measures' values, by name, from a row selecting ``Measure.sql`` of ``measures`` in their order."""
    return {m.name: v for m, v in zip(measures, values, strict=True)}
