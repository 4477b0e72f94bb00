"""The croupier's shift counter (the status strip's tally): the shift's rounds and what the bet sensor
caught, as the floor counts them.

It is the floor's own definition, not a second one: the journal's events fold into round facts
(``figures.facts``, the Python twin of the floor's SQL) and the shift's figures are the floor's
measures summed over the rounds that ended in the shift (``figures.measures.Tally``). A round counts
in the shift in which it ended, as in the pit's reports, with the station's local time and the
profile's shift boundaries; what the bet sensor caught in a round still open counts at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, time
from decimal import Decimal
from typing import Any, ClassVar

from ..figures.facts import FACT_KINDS, Facts, RoundFact, derive
from ..figures.measures import Tally
from ..shifts import DEFAULT_SHIFTS, local_shift_start


def _local_now() -> datetime:
    return datetime.now().astimezone()


def _utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class ShiftTally:
    """The croupier's shift counters: rounds and the table's result, and at a table with a bet
    sensor what it caught - mispays (count and amount), losing bets left, past-posting and pinching
    alarms, counterfeit chips, supervisor overrides (see the module docstring).

    ``seed`` folds what the journal already holds (records of ``KINDS``), so a restart mid-shift loses
    nothing; ``observe`` is called with every snapshot the table publishes (a session listener) and
    folds the records its commit wrote, so every round that ends is counted once, however fast rounds
    go. A record is folded once, whichever way it arrives. All start afresh when the next shift begins.
    """

    KINDS: ClassVar[frozenset[str]] = FACT_KINDS

    shifts: Sequence[time] = DEFAULT_SHIFTS
    clock: Callable[[], datetime] = _local_now
    started: datetime | None = None
    read_to: int = 0
    """The journal's sequence number up to which records were folded."""
    totals: Tally = field(default_factory=Tally)
    """The floor's measures over the rounds that ended in this shift."""
    _facts: Facts = field(default_factory=Facts)
    _counted: dict[tuple[str, str], Tally] = field(default_factory=dict)

    # -- the figures the strip shows (the floor's measures) ----------------------------

    @property
    def rounds(self) -> int:
        """Rounds that ended this shift, paid or voided."""
        return self.totals.rounds + self.totals.voids

    @property
    def voided(self) -> int:
        return self.totals.voids

    @property
    def result(self) -> Decimal:
        """The table's result (the house's win) over the paid rounds."""
        return self.totals.win

    @property
    def mispays(self) -> int:
        return self.totals.mispays

    @property
    def mispaid(self) -> Decimal:
        """The amounts the mispays caught were short or over by."""
        return self.totals.mispaid

    @property
    def losing_left(self) -> int:
        return self.totals.losing_left

    @property
    def past_posts(self) -> int:
        return self.totals.past_posts

    @property
    def pinches(self) -> int:
        return self.totals.pinches

    @property
    def counterfeits(self) -> int:
        return self.totals.counterfeits

    @property
    def overrides(self) -> int:
        return self.totals.overrides

    # -- following the journal ----------------------------------------------------------

    def roll(self) -> None:
        """Start afresh if a new shift has begun since the counters' own."""
        start = local_shift_start(self.clock(), self.shifts)
        if self.started != start:
            self.started = start
            self.totals = Tally()
            self._counted.clear()
            since = _utc_text(start)
            facts = self._facts  # what ended before the shift is the floor's business now: forget it
            facts.rounds = {key: fact for key, fact in facts.rounds.items()
                            if fact.ended_at is None or fact.ended_at >= since}
            facts.faults.clear()
            facts.supervisor_actions.clear()
            facts.jackpot_events.clear()
            for key, fact in facts.rounds.items():  # rounds that ended since the boundary count in the new shift
                self._count(key, fact)

    def seed(self, records: Iterable[Any]) -> None:
        """Fold the journal's records (of ``KINDS``): what the current shift already holds."""
        self.roll()
        self.follow(records)

    def observe(self, snapshot: Any) -> None:
        """After a commit: fold the records it wrote (``TableSnapshot.records``)."""
        self.roll()
        self.follow(snapshot.records)

    def follow(self, records: Iterable[Any]) -> None:
        """Fold records not folded yet, and count each round they end (or correct) in this shift."""
        assert self.started is not None
        since = _utc_text(self.started)
        fresh = [r for r in records if r.seq > self.read_to and r.kind in FACT_KINDS]
        if not fresh:
            return
        self.read_to = fresh[-1].seq
        derive(fresh, self._facts)
        touched = {(r.table_id, str(r.round_id or r.payload.get("round_id"))) for r in fresh}
        for key in touched:
            fact = self._facts.rounds.get(key)
            if fact is not None and (fact.ended_at is None or fact.ended_at >= since):
                self._count(key, fact)

    def _count(self, key: tuple[str, str], fact: RoundFact) -> None:
        """The round's figures in the shift's totals (again, when a correction changed them)."""
        mine = Tally()
        mine.add_round(fact, so_far=True)
        self._counted[key] = mine
        totals = Tally()
        for each in self._counted.values():
            totals.add(each)
        self.totals = totals
