"""What a pit report is computed from: sums per table, game and local time bucket.

Both sources produce this same shape - the floor by SQL aggregation over its derived
facts (``queries.report_data``), a single journal file from its facts in Python
(``from_facts``) - and everything after it (shifts, days, hold, par, intervals,
renderings) is one shared computation (``report``). A bucket is the local hour (or minute,
when a shift boundary is not on the hour) in which a round ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, time
from decimal import Decimal
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from ..figures.measures import Tally
from ..journal import canonical_json
from ..money import ZERO

if TYPE_CHECKING:  # the journal's facts, derived in Python: a floor's report never builds them
    from ..figures.facts import Facts


@dataclass(frozen=True)
class Period:
    """Rounds that ended in [start, end) (either open), bucketed in local time ``tz``."""

    start: datetime | None
    end: datetime | None
    tz: ZoneInfo
    shifts: tuple[time, ...]

    @property
    def unit(self) -> str:
        return "hour" if all(b.minute == 0 and b.second == 0 for b in self.shifts) else "minute"

    def contains(self, moment: datetime) -> bool:
        return (self.start is None or moment >= self.start) and (self.end is None or moment < self.end)

    def bucket(self, moment: datetime) -> datetime:
        """The local bucket start (naive local time) of an aware ``moment``."""
        local = moment.astimezone(self.tz).replace(tzinfo=None, second=0, microsecond=0)
        return local.replace(minute=0) if self.unit == "hour" else local


@dataclass
class RoundSums(Tally):
    """The measures (``measures.Tally``) of the rounds of one table, game and pay tables that ended in one bucket."""

    table_id: str
    game: str
    paytables: str | None  # canonical JSON of the pay tables in force: picks the par sheet
    bucket: datetime
    dealer: str | None = None  # who dealt the rounds (``rounds.dealer``): None, nobody signed in


@dataclass
class StakeSums:
    """Per spot over paid rounds: sum of S (a round's stakes on the spot), of Q (its sum of
    squares over seats) and of S squared: what the par interval needs."""

    table_id: str
    game: str
    paytables: str | None
    bucket: datetime
    spot: str
    total: Decimal = ZERO
    squares: Decimal = ZERO
    total_squared: Decimal = ZERO
    dealer: str | None = None


@dataclass(frozen=True)
class VoidCount:
    table_id: str
    game: str
    bucket: datetime
    cause: str
    count: int
    dealer: str | None = None


@dataclass(frozen=True)
class FaultCount:
    table_id: str
    bucket: datetime
    device: str
    code: str
    count: int


@dataclass(frozen=True)
class SupervisorAction:
    table_id: str
    at: datetime
    round_id: str | None
    badge: str
    ok: bool
    action: str
    reason: str | None
    detail: str | None = None

    @property
    def what(self) -> str:
        """The action with what it did (an adjustment's amounts)."""
        return f"{self.action} {self.detail}" if self.detail else self.action


@dataclass
class JackpotSums:
    table_id: str
    bucket: datetime
    kind: str
    count: int = 0
    amount: Decimal = ZERO


@dataclass(frozen=True)
class Alarm:
    table_id: str
    first_bad_seq: int
    reason: str
    raised_at: datetime
    last_seen_at: datetime
    attempts: int


@dataclass
class ReportData:
    period: Period
    rounds: list[RoundSums] = field(default_factory=list)
    stakes: list[StakeSums] = field(default_factory=list)
    voids: list[VoidCount] = field(default_factory=list)
    faults: list[FaultCount] = field(default_factory=list)
    supervisor: list[SupervisorAction] = field(default_factory=list)
    jackpot: list[JackpotSums] = field(default_factory=list)
    alarms: list[Alarm] = field(default_factory=list)
    table_games: dict[str, str] = field(default_factory=dict)


def parse_at(text: str) -> datetime:
    """A journal time (``2026-11-30T20:14:03.512Z``) as an aware UTC datetime."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


def paytables_key(paytables: Any) -> str | None:
    return None if paytables is None else canonical_json(paytables)


def from_facts(facts: Facts, period: Period) -> ReportData:
    """The report's sums from one journal's facts (the floor computes the same in SQL)."""
    data = ReportData(period)
    rounds: dict[tuple[Any, ...], RoundSums] = {}
    stakes: dict[tuple[Any, ...], StakeSums] = {}
    voids: dict[tuple[Any, ...], int] = {}
    for rnd in facts.rounds.values():
        if rnd.game:
            data.table_games[rnd.table_id] = rnd.game
        if rnd.outcome == "open" or rnd.ended_at is None:
            continue
        ended = parse_at(rnd.ended_at)
        if not period.contains(ended):
            continue
        game, bucket, pays = rnd.game or "?", period.bucket(ended), paytables_key(rnd.paytables)
        key = (rnd.table_id, game, pays, bucket)
        sums = rounds.setdefault((*key, rnd.dealer), RoundSums(*key, dealer=rnd.dealer))
        sums.add_round(rnd)
        if rnd.outcome == "voided":
            cause_key = (rnd.table_id, game, bucket, rnd.void_cause or "unknown", rnd.dealer)
            voids[cause_key] = voids.get(cause_key, 0) + 1
            continue
        for spot, (total, squares) in rnd.stakes.items():
            stake = stakes.setdefault((*key, spot, rnd.dealer), StakeSums(*key, spot, dealer=rnd.dealer))
            stake.total += total
            stake.squares += squares
            stake.total_squared += total * total
    data.rounds = list(rounds.values())
    data.stakes = list(stakes.values())
    data.voids = [VoidCount(t, g, b, c, count, d) for (t, g, b, c, d), count in voids.items()]
    faults: dict[tuple[Any, ...], int] = {}
    for fault in facts.faults:
        moment = parse_at(fault.at)
        if period.contains(moment):
            fkey = (fault.table_id, period.bucket(moment), fault.device or "?", fault.code or "?")
            faults[fkey] = faults.get(fkey, 0) + 1
    data.faults = [FaultCount(t, b, d, c, count) for (t, b, d, c), count in faults.items()]
    data.supervisor = [SupervisorAction(a.table_id, parse_at(a.at), a.round_id, a.badge or "?", a.ok, a.action or "?",
                                        a.reason, a.detail)
                       for a in facts.supervisor_actions if period.contains(parse_at(a.at))]
    jackpot: dict[tuple[Any, ...], JackpotSums] = {}
    for j in facts.jackpot_events:
        moment = parse_at(j.at)
        if period.contains(moment):
            jkey = (j.table_id, period.bucket(moment), j.kind)
            sums_j = jackpot.setdefault(jkey, JackpotSums(*jkey))
            sums_j.count += 1
            sums_j.amount += j.amount
    data.jackpot = list(jackpot.values())
    return data
