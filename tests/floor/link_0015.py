"""The link client as it was up to migration 0015, for a floor still at 0015 only.

Kept for two uses: the upgrade test (a floor that holds link data written this way must keep
working after 0016) and ``benchmarks/bench_link.py``'s "before" figures, measured in the same run
as today's. It talks to 0010's ``floor.link_begin`` (the link's row locked) and ``floor.link_commit``
(the facts this process computed with ``jackpot.py`` stored), in one transaction held across both
round trips and this process's arithmetic: what 0016 replaced. Not for new code.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

import psycopg

from dealer_station.floor.link import commit_from_json
from dealer_station.jackpot import (
    Award,
    JackpotFact,
    JackpotMeter,
    JackpotRules,
    LinkCommit,
    PoolHit,
    Reversal,
    facts_payload,
    meter_from_state,
    meter_state,
)
from dealer_station.money import exact_money, format_money


def award_rows(before: JackpotMeter, facts: Sequence[JackpotFact]) -> list[dict[str, Any]]:
    """Per award of a commit, NJ 13:69E-1.39A's meters (0015's client computed them)."""
    rows: list[dict[str, Any]] = []
    meter = before
    for i, fact in enumerate(facts):
        display = meter.meter
        meter = meter.apply(fact)
        if not isinstance(fact, Award):
            continue
        raise_after: list[JackpotFact] = []
        for later in facts[i + 1:]:
            if isinstance(later, Award):
                break
            raise_after.append(later)
        settled = meter.apply_all(raise_after)
        rows.append({"seat": fact.seat, "category": fact.category, "percent": format_money(fact.percent),
                     "amount": format_money(fact.amount), "needs_verification": fact.needs_verification,
                     "meter_in": format_money(meter.contributed), "display": format_money(display),
                     "hits": meter.hits, "wins": format_money(meter.awarded),
                     "overflow": format_money(settled.overflow), "reserve": format_money(settled.reserve)})
    return rows


class Link0015:
    """One member of ``rules.link`` on a floor at schema 0015, over its own connection."""

    def __init__(self, url: str, rules: JackpotRules, table_id: str) -> None:
        assert rules.link is not None
        self.link, self.rules, self.table_id = rules.link, rules, table_id
        self.conn = psycopg.connect(url, autocommit=True)

    def join(self) -> None:
        with exact_money():
            fresh = meter_state(JackpotMeter.fresh(self.rules))
        self.conn.execute("SELECT floor.link_join(%s, %s, %s::jsonb, %s::jsonb)",
                          (self.link, self.table_id, json.dumps(self.rules.meter_rules()), json.dumps(fresh)))

    def close(self) -> None:
        self.conn.close()

    def _commit(self, op: str, round_id: str, request: Any,
                compute: Callable[[JackpotMeter, list[LinkCommit]], list[JackpotFact] | None]) -> list[LinkCommit]:
        for _attempt in range(3):
            try:
                with self.conn.transaction():
                    begun = self.conn.execute("SELECT floor.link_begin(%s, %s, %s)",
                                              (self.link, self.table_id, round_id)).fetchone()[0]  # type: ignore[index]
                    commits = [commit_from_json(c) for c in begun["round"]]
                    with exact_money():
                        meter = meter_from_state(self.rules, begun["state"])
                        facts = compute(meter, commits)
                        if facts is None:
                            return commits
                        after = meter.apply_all(facts)
                        row = self.conn.execute(
                            "SELECT floor.link_commit(%s, %s, %s, %s, %s, %s::jsonb, %s::jsonb, %s::jsonb, %s::jsonb)",
                            (self.link, self.table_id, round_id, op, begun["version"], json.dumps(request),
                             json.dumps(facts_payload(facts)), json.dumps(meter_state(after)),
                             json.dumps(award_rows(meter, facts)))).fetchone()
                    return [*commits, commit_from_json(row[0])]  # type: ignore[index]
            except psycopg.errors.SerializationFailure:
                continue
        raise RuntimeError(f"link {self.link} kept moving")

    def contribute(self, round_id: str, stakes: Sequence[tuple[int, Decimal]]) -> list[LinkCommit]:
        def compute(meter: JackpotMeter, commits: list[LinkCommit]) -> list[JackpotFact] | None:
            if any(c.op in ("contribute", "cancel") for c in commits):
                return None
            return list(meter.contribute(stakes))

        return self._commit("contribute", round_id, [[s, format_money(v)] for s, v in stakes], compute)

    def award(self, round_id: str, hits: Sequence[PoolHit]) -> list[LinkCommit]:
        def compute(meter: JackpotMeter, commits: list[LinkCommit]) -> list[JackpotFact] | None:
            if any(c.op in ("award", "cancel") for c in commits):
                return None
            return list(meter.award_all(hits))

        return self._commit("award", round_id, [[h.seat, h.category, format_money(h.percent)] for h in hits], compute)

    def cancel(self, round_id: str) -> list[LinkCommit]:
        def compute(meter: JackpotMeter, commits: list[LinkCommit]) -> list[JackpotFact] | None:
            if any(c.op == "cancel" for c in commits):
                return None
            standing = [f for c in commits if c.op != "cancel" for f in c.facts if not isinstance(f, Reversal)]
            reversals: list[JackpotFact] = [Reversal(f) for f in reversed(standing)]  # type: ignore[arg-type]
            return [*reversals, *meter.apply_all(reversals).raise_to_reset()]

        return self._commit("cancel", round_id, [], compute)
