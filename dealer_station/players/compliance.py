"""Cash compliance: the jurisdictions' thresholds and the ledger that applies them
(docs/players.md, "Cash compliance").

``ComplianceLedger`` is the one definition of what a floor must log and raise: fed cash
transactions in any order (a file's lines, or the floor's journal as stations send it), it
answers the same whatever the order, and ``add`` says what the new transaction raised. Its
findings, per jurisdiction:

- ``us`` (31 CFR 1021): an MTL line for every transaction above ``mtl_at``; a CTR due per
  player, gaming day and direction whose sum goes above ``ctr_at`` (at the transaction that
  first takes it there); a structuring alert per player and gaming day with three or more
  cash-ins each from 80% of ``mtl_at`` up to it.
- ``uk`` (UKGC): due diligence when a player's cash-ins within 24 hours reach EUR 2,000.
- ``macau`` (DICJ): identification for any single transaction at or above MOP 500,000.

"Above" is strictly greater, "reaching" and "at or above" are greater or equal. Time order is
the order of the transactions' instants, ties in the order they were added.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from ..errors import ConfigError
from ..money import ZERO, format_money
from ..shifts import gaming_day
from .cash import DIRECTION, CashKind, CashTransaction
from .exact import exact


@dataclass(frozen=True, slots=True)
class Jurisdiction:
    """A jurisdiction profile: which rules apply, their thresholds (in ``currency``), and the
    gaming day (``day_start`` local time in ``tz``). A rule whose threshold is None is not kept."""

    name: str
    currency: str
    tz: str
    day_start: time
    mtl_at: Decimal | None = None
    ctr_at: Decimal | None = None
    structuring_share: Decimal | None = None
    """A cash-in from this share of ``mtl_at`` up to ``mtl_at`` is a structuring candidate."""
    structuring_count: int = 3
    due_diligence_at: Decimal | None = None
    due_diligence_window: timedelta = timedelta(hours=24)
    identification_at: Decimal | None = None

    def with_thresholds(self, *, mtl_at: Decimal | None = None, ctr_at: Decimal | None = None) -> Jurisdiction:
        """The profile with the casino's own MTL / CTR thresholds (where the profile keeps them)."""
        for value, kept, option in ((mtl_at, self.mtl_at, "--mtl-at"), (ctr_at, self.ctr_at, "--ctr-at")):
            if value is not None and kept is None:
                raise ConfigError(f"the {self.name} profile keeps no {option[2:5].upper()} threshold", option)
            if value is not None and value <= 0:
                raise ConfigError(f"a threshold must be above 0, not {format_money(value)}", option)
        return dataclasses.replace(self, mtl_at=self.mtl_at if mtl_at is None else mtl_at,
                                   ctr_at=self.ctr_at if ctr_at is None else ctr_at)

    @property
    def keys(self) -> tuple[str, ...]:
        """The answer's keys: one list per rule the profile keeps."""
        kept = {"mtl": self.mtl_at, "ctr": self.ctr_at,
                "structuring": self.structuring_share if self.mtl_at is not None else None,
                "due_diligence": self.due_diligence_at, "identification": self.identification_at}
        return tuple(key for key, threshold in kept.items() if threshold is not None)


JURISDICTIONS: dict[str, Jurisdiction] = {
    "us": Jurisdiction("us", "USD", "America/New_York", time(6), mtl_at=Decimal(3000), ctr_at=Decimal(10000),
                       structuring_share=Decimal("0.8")),
    "uk": Jurisdiction("uk", "EUR", "Europe/London", time(6), due_diligence_at=Decimal(2000)),
    "macau": Jurisdiction("macau", "MOP", "Asia/Macau", time(6), identification_at=Decimal(500000)),
}


@dataclass(frozen=True, slots=True)
class Entry:
    """A transaction in the ledger: its place among equal times (``seq``) and its gaming day."""

    tx: CashTransaction
    seq: int
    day: date
    order: tuple[datetime, int] = dataclasses.field(init=False, compare=False)
    """Time order: the instant, then the order added."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", (self.tx.at, self.seq))


def _by_order(entry: Entry) -> tuple[datetime, int]:
    return entry.order


@dataclass(frozen=True, slots=True)
class MtlLine:
    """A transaction above ``mtl_at``, on the multiple transaction log."""

    entry: Entry

    @property
    def key(self) -> tuple[Any, ...]:
        return "mtl", self.entry.seq

    def as_json(self) -> dict[str, Any]:
        return _line(self.entry)


@dataclass(frozen=True, slots=True)
class CtrDue:
    """A player's cash in one direction over a gaming day went above ``ctr_at``: a CTR is due."""

    player: str
    day: date
    kind: CashKind
    crossed: Entry
    total: Decimal

    @property
    def key(self) -> tuple[Any, ...]:
        return "ctr", self.player, self.day, self.kind

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "gaming_day": self.day.isoformat(), "direction": DIRECTION[self.kind],
                "total": format_money(self.total), "at": _moment(self.crossed.tx.at)}


@dataclass(frozen=True, slots=True)
class StructuringAlert:
    """Cash-ins of one player and gaming day just under the MTL, ``structuring_count`` or more."""

    player: str
    day: date
    count: int

    @property
    def key(self) -> tuple[Any, ...]:
        return "structuring", self.player, self.day

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "gaming_day": self.day.isoformat(), "count": self.count}


@dataclass(frozen=True, slots=True)
class DueDiligence:
    """Cash-ins of one player (an anonymous one: this one alone) within the window reached the
    threshold at ``reached``: the customer's due diligence before play goes on at that seat."""

    player: str | None
    reached: Entry
    window: tuple[Entry, ...]

    @property
    def key(self) -> tuple[Any, ...]:
        return "due_diligence", self.reached.seq

    def as_json(self) -> dict[str, Any]:
        tx = self.reached.tx
        return {"player": self.player, "gaming_day": self.reached.day.isoformat(), "at": _moment(tx.at),
                "table_id": tx.table_id, "seat": tx.seat, "window_from": _moment(self.window[0].tx.at),
                "count": len(self.window), "total": format_money(sum((e.tx.amount for e in self.window), ZERO))}


@dataclass(frozen=True, slots=True)
class Identification:
    """A single transaction at or above ``identification_at``: the player is identified before it completes."""

    entry: Entry

    @property
    def key(self) -> tuple[Any, ...]:
        return "identification", self.entry.seq

    def as_json(self) -> dict[str, Any]:
        return _line(self.entry)


Finding = MtlLine | CtrDue | StructuringAlert | DueDiligence | Identification


class ComplianceLedger:
    """Cash transactions of a floor under one jurisdiction, and what they raise.

    ``tz`` and ``day_start`` default to the jurisdiction's. Transactions may be added in any
    order; ``answer()`` is the same for any order of the same transactions (ties in time
    are taken in the order added).
    """

    def __init__(self, jurisdiction: Jurisdiction, tz: tzinfo | None = None, day_start: time | None = None) -> None:
        self.jurisdiction = jurisdiction
        self.tz = tz if tz is not None else ZoneInfo(jurisdiction.tz)
        self.day_start = day_start if day_start is not None else jurisdiction.day_start
        self._entries: list[Entry] = []
        self._day_groups: dict[tuple[str, date, CashKind], list[Entry]] = {}
        self._cash_ins: dict[str, list[Entry]] = {}

    @exact("amount")
    def add(self, tx: CashTransaction) -> list[Finding]:
        """Record ``tx``; the findings it raised that were not raised before (a CTR's total and a
        structuring count keep growing after: ``answer()`` has them whole). Its cost grows with the
        player's transactions so far: a batch that wants only the answer uses ``record``."""
        entry = self._entry(tx)
        before = {f.key for f in self._findings_around(entry, added=False)}
        self._file(entry)
        return [f for f in self._findings_around(entry, added=True) if f.key not in before]

    def record(self, tx: CashTransaction) -> None:
        """Record ``tx`` without working out what it raised (``answer()`` will)."""
        self._file(self._entry(tx))

    def _entry(self, tx: CashTransaction) -> Entry:
        return Entry(tx, len(self._entries), gaming_day(tx.at, self.tz, self.day_start))

    def _file(self, entry: Entry) -> None:
        """File ``entry`` in its player's day group and purchases (put in time order when read)."""
        tx = entry.tx
        self._entries.append(entry)
        if tx.player is not None:
            self._day_groups.setdefault((tx.player, entry.day, tx.kind), []).append(entry)
            if tx.kind == "cash_in":
                self._cash_ins.setdefault(tx.player, []).append(entry)

    def _timed(self, group: list[Entry]) -> list[Entry]:
        """``group`` in time order (sorted in place: a group that arrives in order costs one pass)."""
        group.sort(key=_by_order)
        return group

    def _own_findings(self, entry: Entry) -> list[Finding]:
        """What one transaction raises on its own: its MTL line, its identification, and an anonymous
        player's due diligence (nothing links an anonymous player's transactions)."""
        j, tx = self.jurisdiction, entry.tx
        out: list[Finding] = []
        if j.mtl_at is not None and tx.amount > j.mtl_at:
            out.append(MtlLine(entry))
        if j.due_diligence_at is not None and tx.player is None and tx.kind == "cash_in" \
                and tx.amount >= j.due_diligence_at:
            out.append(DueDiligence(None, entry, (entry,)))
        if j.identification_at is not None and tx.amount >= j.identification_at:
            out.append(Identification(entry))
        return out

    @exact("amount")
    def findings(self) -> list[Finding]:
        """Every finding, each rule's in its answer's order."""
        j = self.jurisdiction
        own = [f for e in sorted(self._entries, key=_by_order) for f in self._own_findings(e)]
        out: list[Finding] = [f for f in own if isinstance(f, MtlLine)]
        if j.ctr_at is not None:
            dues = [d for group in self._day_groups.values() if (d := _ctr(self._timed(group), j.ctr_at)) is not None]
            dues.sort(key=lambda d: d.crossed.order)
            out += dues
        if j.mtl_at is not None and j.structuring_share is not None:
            alerts = [a for (_, _, kind), group in self._day_groups.items()
                      if kind == "cash_in" and (a := _structuring(group, j)) is not None]
            alerts.sort(key=lambda a: (a.day, a.player))
            out += alerts
        if j.due_diligence_at is not None:
            found = [d for group in self._cash_ins.values() for d in _due_diligence(self._timed(group), j)]
            found += [f for f in own if isinstance(f, DueDiligence)]
            found.sort(key=lambda d: d.reached.order)
            out += found
        out += [f for f in own if isinstance(f, Identification)]
        return out

    def answer(self) -> dict[str, list[dict[str, Any]]]:
        """The compliance answer: one list per rule the jurisdiction keeps (docs/players.md)."""
        out: dict[str, list[dict[str, Any]]] = {key: [] for key in self.jurisdiction.keys}
        for finding in self.findings():
            out[finding.key[0]].append(finding.as_json())
        return out

    def _findings_around(self, entry: Entry, *, added: bool) -> list[Finding]:
        """The findings ``entry`` can take part in (its own line once ``added``, its day group's, its
        player's windows)."""
        j, tx = self.jurisdiction, entry.tx
        out: list[Finding] = []
        if added:
            out += self._own_findings(entry)
        if tx.player is None:
            return out
        group = self._timed(self._day_groups.get((tx.player, entry.day, tx.kind), []))
        if j.ctr_at is not None and (due := _ctr(group, j.ctr_at)) is not None:
            out.append(due)
        if j.mtl_at is not None and j.structuring_share is not None and tx.kind == "cash_in" \
                and (alert := _structuring(group, j)) is not None:
            out.append(alert)
        if j.due_diligence_at is not None:
            out += _due_diligence(self._timed(self._cash_ins.get(tx.player, [])), j)
        return out


def compliance_answer(transactions: Iterable[CashTransaction], jurisdiction: Jurisdiction,
                      tz: tzinfo | None = None, day_start: time | None = None) -> dict[str, list[dict[str, Any]]]:
    """The answer for a batch of transactions (in the order given, for ties in time)."""
    ledger = ComplianceLedger(jurisdiction, tz, day_start)
    for tx in transactions:
        ledger.record(tx)
    return ledger.answer()


def _ctr(group: list[Entry], ctr_at: Decimal) -> CtrDue | None:
    """The day group's CTR due: the first entry whose running sum goes above ``ctr_at``."""
    running = ZERO
    crossed: Entry | None = None
    for entry in group:
        running += entry.tx.amount
        if crossed is None and running > ctr_at:
            crossed = entry
    if crossed is None:
        return None
    tx = crossed.tx
    assert tx.player is not None
    return CtrDue(tx.player, crossed.day, tx.kind, crossed, running)


def _structuring(group: list[Entry], j: Jurisdiction) -> StructuringAlert | None:
    assert j.mtl_at is not None and j.structuring_share is not None
    floor = j.structuring_share * j.mtl_at
    count = sum(1 for e in group if floor <= e.tx.amount <= j.mtl_at)
    if count < j.structuring_count:
        return None
    first = group[0]
    assert first.tx.player is not None
    return StructuringAlert(first.tx.player, first.day, count)


def _due_diligence(cash_ins: list[Entry], j: Jurisdiction) -> list[DueDiligence]:
    """Each time a player's cash-ins within the window reach the threshold; the next count starts
    after the transaction that reached it (due diligence done then covers what came before)."""
    assert j.due_diligence_at is not None
    found: list[DueDiligence] = []
    start, running = 0, ZERO
    for i, entry in enumerate(cash_ins):
        running += entry.tx.amount
        while cash_ins[start].tx.at <= entry.tx.at - j.due_diligence_window:
            running -= cash_ins[start].tx.amount
            start += 1
        if running >= j.due_diligence_at:
            found.append(DueDiligence(entry.tx.player, entry, tuple(cash_ins[start:i + 1])))
            start, running = i + 1, ZERO
    return found


def _line(entry: Entry) -> dict[str, Any]:
    """A transaction as a log line (MTL, identification)."""
    tx = entry.tx
    out: dict[str, Any] = {"at": _moment(tx.at), "table_id": tx.table_id, "seat": tx.seat, "player": tx.player,
                           "kind": tx.kind, "amount": format_money(tx.amount), "gaming_day": entry.day.isoformat()}
    if tx.description is not None:
        out["description"] = tx.description
    if tx.recorded_by is not None:
        out["recorded_by"] = tx.recorded_by
    return out


def _moment(at: datetime) -> str:
    return at.isoformat()
