"""One shuffler's audit as data: its tests, its verdict, and the integrity alarm a failure raises."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ..floor.report_data import Alarm, parse_at
from .deals import Shuffler, floor_deals
from .shuffles import LEVELS, TestResult, audit, overall

DEFAULT_LEVEL = 99
"""A shuffler fails when any test fails at this level (gaming-device rules: 99%)."""


@dataclass(frozen=True)
class ShufflerAudit:
    shoe: Shuffler
    tests: list[TestResult]
    level: int

    @property
    def verdict(self) -> str:
        return overall(self.tests, self.level)

    def failed(self) -> list[TestResult]:
        return [t for t in self.tests if t.verdict(self.level) == "fail"]

    def as_json(self) -> dict[str, Any]:
        return {"serial": self.shoe.serial, "model": self.shoe.model, "tables": sorted(self.shoe.tables),
                "deals": len(self.shoe.deals), "empty_deals": self.shoe.empty, "level": self.level,
                "verdict": self.verdict, "tests": [t.as_json() for t in self.tests]}


def audit_all(shoes: Mapping[str, Shuffler], level: int = DEFAULT_LEVEL) -> list[ShufflerAudit]:
    """Every shuffler with a deal, by serial."""
    if level not in LEVELS:
        raise ValueError(f"level {level} is not one of {LEVELS}")
    return [ShufflerAudit(shoe, [_named(t, shoe) for t in audit(shoe.deals)], level)
            for _, shoe in sorted(shoes.items()) if shoe.deals]


def _named(test: TestResult, shoe: Shuffler) -> TestResult:
    """A repeated order named by its rounds (table and round id) rather than by deal index."""
    if "repeated" not in test.detail:
        return test

    def name(i: int) -> str:
        deal = shoe.deals[i]
        return f"{deal.table_id} {deal.round_id}"

    rounds = [[name(first), name(again)] for first, again in test.detail["repeated"]]
    return replace(test, detail={**test.detail, "repeated": rounds})


def alarms(audits: Iterable[ShufflerAudit]) -> list[Alarm]:
    """An integrity alarm per table a failing shuffler dealt at, from its first audited deal there."""
    out: list[Alarm] = []
    for result in audits:
        failed = result.failed()
        if not failed:
            continue
        what = ", ".join(f"{t.name} (p={t.p_value:.2g})" for t in failed)
        for table in sorted(result.shoe.tables):
            deals = [d for d in result.shoe.deals if d.table_id == table]
            if not deals:
                continue
            out.append(Alarm(table, deals[0].seq,
                             f"shuffle audit: shuffler {result.shoe.serial} fails {what} at {result.level}% "
                             f"over {len(result.shoe.deals)} deals",
                             parse_at(deals[0].at), parse_at(deals[-1].at), 1))
    return out


def floor_alarms(conn: Any, since: datetime | None, until: datetime | None,
                 tables: Sequence[str] | None = None) -> list[Alarm]:
    """A report's shuffle-audit alarms from the floor (the command's ``report --floor`` and the pit's report
    page, one rule): every shuffler over the deals of the period, the alarms of ``tables`` (all when None)."""
    raised = alarms(audit_all(floor_deals(conn, since=since, until=until)))
    return [a for a in raised if not tables or a.table_id in tables]
