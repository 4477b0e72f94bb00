"""The pit's alarms as work items: every alarm in one list, what it means, what to do, and where it stands.

An alarm used to be a p-value or "first bad seq 24" and nothing to do. Here each is an ``AlarmItem``: the
floor's (``floor.alarm_work.floor_alarms``: the ingest's, the linked progressive's, a station login's, a
record the floor cannot read) and the pit's own shuffle audit's (one per failing shuffler, whatever tables
it dealt at), each with its meaning and what to do in words (``texts``: ``alarm:<kind>:title|means|todo``),
its statistics for whoever wants them, and its steps (acknowledge, assign, resolve, each with a note, who
and when), kept on the floor (migration 0017).

An alarm is **open** until a resolve newer than the last time it was seen: an ingest alarm whose station
keeps sending, or a shuffler that deals again while it still fails, opens again (``reopened``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from markupsafe import Markup

from ..floor.alarm_work import FloorAlarm, Step
from ..floor.report_data import parse_at
from .shuffle_watch import ShuffleAudits
from .texts import say

KINDS = ("journal", "bounded", "link", "login", "unreadable", "shuffle")


@dataclass(frozen=True)
class AlarmItem:
    """One alarm to be worked: which (``key``), of what kind, at which tables, since when, its words'
    values, its statistics (label, value) and the steps taken on it, oldest first."""

    key: str
    kind: str
    tables: tuple[str, ...]
    raised_at: datetime
    last_seen_at: datetime
    values: Mapping[str, Any]
    stats: tuple[tuple[str, str], ...]
    steps: tuple[Step, ...] = field(default=())

    @property
    def table_id(self) -> str | None:
        """The table a step is filed under (the first of a shuffler's tables; none for a login)."""
        return self.tables[0] if self.tables else None

    @property
    def anchor(self) -> str:
        return "alarm-" + re.sub(r"[^A-Za-z0-9_-]", "-", self.key)

    @property
    def resolution(self) -> Step | None:
        return next((s for s in reversed(self.steps) if s.step == "resolve"), None)

    @property
    def resolved(self) -> bool:
        done = self.resolution
        return done is not None and done.at >= self.last_seen_at

    @property
    def reopened(self) -> bool:
        return self.resolution is not None and not self.resolved

    @property
    def current(self) -> tuple[Step, ...]:
        """The steps since the last resolve (all of them, if none)."""
        done = self.resolution
        if done is None or self.resolved:
            return self.steps
        return self.steps[self.steps.index(done) + 1:]

    @property
    def state(self) -> str:
        """new, acknowledged, assigned or resolved."""
        if self.resolved:
            return "resolved"
        kinds = [s.step for s in self.current]
        return "assigned" if "assign" in kinds else "acknowledged" if "acknowledge" in kinds else "new"

    @property
    def assignee(self) -> str | None:
        return next((s.assignee for s in reversed(self.current) if s.step == "assign"), None)

    def title(self, lang: str = "en") -> Markup:
        return say(f"alarm:{self.kind}:title", lang, **self.values)

    def means(self, lang: str = "en") -> Markup:
        return say(f"alarm:{self.kind}:means", lang, **self.values)

    def todo(self, lang: str = "en") -> Markup:
        return say(f"alarm:{self.kind}:todo", lang, **self.values)

    def state_line(self, when: Callable[[datetime], str], lang: str = "en") -> Markup:
        """Where it stands, in a sentence ("Assigned to Bob by sam (supervisor) at 06:15.")."""
        state = self.state
        if state == "new":
            return say("alarm:state:new", lang)
        last = (self.resolution if state == "resolved" else
                next(s for s in reversed(self.current) if s.step == ("assign" if state == "assigned" else "acknowledge")))
        assert last is not None
        return say(f"alarm:state:{state}", lang, who=who_did(last, lang), at=when(last.at), assignee=last.assignee or "")

    def step_line(self, step: Step, lang: str = "en") -> Markup:
        return say(f"alarm:step:{step.step}", lang, who=who_did(step, lang), assignee=step.assignee or "")


def who_did(step: Step, lang: str = "en") -> Markup:
    return say("who:pit_user", lang, user=step.by_user, role=step.by_role)


def _floor_item(alarm: FloorAlarm) -> AlarmItem:
    tables = (alarm.table_id,) if alarm.table_id else ()
    values: dict[str, Any] = {"table": alarm.table_id or "", "seq": alarm.seq}
    stats: list[tuple[str, str]] = []
    if alarm.kind == "login":
        login = alarm.key.split(":", 1)[1]
        values.update(login=login, last=alarm.subject or "?")
        stats = [("the floor's reason", alarm.reason), ("last table tried", alarm.subject), ("attempts", str(alarm.attempts))]
    elif alarm.kind == "unreadable":
        values["kind"] = alarm.subject.replace("_", " ")
        stats = [("record", f"seq {alarm.seq} ({alarm.subject})"), ("the floor's error", alarm.reason)]
    else:
        stats = [("first diverging seq" if alarm.kind == "journal" else "seq", str(alarm.seq)),
                 ("the floor's reason", alarm.reason), ("attempts", str(alarm.attempts))]
    return AlarmItem(alarm.key, alarm.kind, tables, alarm.raised_at, alarm.last_seen_at, values, tuple(stats))


def _shuffle_items(audits: ShuffleAudits) -> list[AlarmItem]:
    out = []
    for audit in audits.audits:
        failed = audit.failed()
        if not failed or not audit.shoe.deals:
            continue
        shoe = audit.shoe
        tests = ", ".join(t.name for t in failed)
        tables = tuple(sorted(shoe.tables))
        stats = [*((f"{t.name} test", f"p = {t.p_value:.2g} over {t.deals} deals (fails below {1 - audit.level / 100:.2g})")
                   for t in failed if t.p_value is not None),
                 ("shuffler", f"{shoe.serial} ({shoe.model or 'model unknown'})"),
                 ("deals audited", f"{len(shoe.deals)} since {shoe.deals[0].at}"),
                 ("first deal audited", f"{shoe.deals[0].table_id} seq {shoe.deals[0].seq}"),
                 ("level", f"{audit.level}%")]
        out.append(AlarmItem(f"shuffle:{shoe.serial}", "shuffle", tables, parse_at(shoe.deals[0].at),
                             parse_at(shoe.deals[-1].at),
                             {"serial": shoe.serial, "tests": tests, "deals": len(shoe.deals),
                              "tables": ", ".join(tables)}, tuple(stats)))
    return out


def collect(floor: Iterable[FloorAlarm], audits: ShuffleAudits | None, steps: Sequence[Step]) -> list[AlarmItem]:
    """Every alarm with its steps: the open ones first (the last seen first), then the resolved (the last
    resolved first)."""
    items = [_floor_item(a) for a in floor] + (_shuffle_items(audits) if audits is not None else [])
    by_key: dict[str, list[Step]] = {}
    for step in steps:
        by_key.setdefault(step.alarm, []).append(step)
    worked = [AlarmItem(i.key, i.kind, i.tables, i.raised_at, i.last_seen_at, i.values, i.stats,
                        tuple(by_key.get(i.key, ()))) for i in items]
    open_ = sorted((i for i in worked if not i.resolved), key=lambda i: i.last_seen_at, reverse=True)
    done = sorted((i for i in worked if i.resolved), key=lambda i: i.resolution.at if i.resolution else i.raised_at,
                  reverse=True)
    return [*open_, *done]


def keys_of(floor: Iterable[FloorAlarm], audits: ShuffleAudits | None) -> list[str]:
    """The keys of every alarm (what the steps are read for)."""
    return [a.key for a in floor] + [i.key for i in (_shuffle_items(audits) if audits is not None else [])]
