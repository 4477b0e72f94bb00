"""A round's progressive on its page, fact by fact, so that its figures add up.

"meter 506.00 -> 500.00" beside a round that paid 500.00 + 50.67 says nothing a supervisor can check.
``round_meter`` lays the round's jackpot facts (as journaled: contributions, awards, the overflow, the
reserve and the house's seed raising the meter back to reset, a void's reversals) one per line, each
with what it moved on the meter and the meter after it, from the meter the round's record found to
the one it left; and says whether that is the meter the round's settlement says (``adds_up``). The
meter's arithmetic is ``jackpot.JackpotMeter.apply``'s, the station's own: nothing is computed twice.

A *linked* round's facts are its controller's commits (``jackpot_link_commit``): the shared meter
moved with the other members' play between them, so each commit starts from the meter as the
controller had it then (its stored meter after, its facts taken back), and the check is that the
round's settlement holds exactly the commits' contributions and awards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from markupsafe import Markup

from ..errors import DealerStationError
from ..jackpot import (
    FACT_KINDS,
    Award,
    Contribution,
    JackpotFact,
    JackpotMeter,
    JackpotRules,
    LinkCommitted,
    OverflowDraw,
    ReserveDraw,
    Reversal,
    Seed,
    fact_from_payload,
    fact_payload,
    table_totals,
)
from ..money import ZERO, exact_money, format_cents, parse_money
from .texts import say
from .timeline import Names, sentence


@dataclass(frozen=True)
class MeterLine:
    """One step of the meter: what happened, what it moved on the meter (signed), the meter after it, and
    what it moved elsewhere (the overflow, the reserve), if anything."""

    what: Markup
    change: Decimal | None
    meter: Decimal
    aside: Markup | None = None
    kind: str = "fact"  # "start", "fact", "moved" (other tables' play, linked), "end"


@dataclass(frozen=True)
class RoundMeter:
    link: str | None
    lines: list[MeterLine]
    before: Decimal
    after: Decimal
    recorded: Decimal | None  # the meter after the round as its settlement says (None: a void, or linked)
    contributed: Decimal
    awarded: Decimal
    seeded: Decimal
    drawn: Decimal  # from the overflow and the reserve, back into the meter
    adds_up: bool
    verdict: Markup
    awards: list[tuple[int, str, Decimal]] = field(default_factory=list)

    @property
    def changes(self) -> Decimal:
        return sum((line.change for line in self.lines if line.change is not None), ZERO)


def awards_held(kind: str, payload: Mapping[str, Any]) -> list[tuple[int, bool]]:
    """(seat, held for verification) of each award a record holds: a ``jackpot_award`` of the table's own
    meter, or the awards of a linked round's controller commit."""
    if kind == Award.kind:
        facts: list[Any] = [payload]
    elif kind == LinkCommitted.kind and isinstance(payload.get("facts"), list):
        facts = [f for f in payload["facts"] if isinstance(f, Mapping) and f.get("kind") == Award.kind]
    else:
        return []
    return [(f["seat"], f.get("needs_verification") is True) for f in facts
            if isinstance(f.get("seat"), int) and not isinstance(f.get("seat"), bool)]


def _rules(block: Mapping[str, Any]) -> JackpotRules:
    return JackpotRules.model_validate({k: block[k] for k in ("rate", "reset", "cap") if block.get(k) is not None})


def _cents(value: Decimal) -> str:
    return format_cents(value)


def _line(fact: JackpotFact, before: JackpotMeter, after: JackpotMeter, lang: str) -> MeterLine:
    """One fact's line (a contribution's is summed with its neighbours by the caller)."""
    change = after.meter - before.meter
    if isinstance(fact, Award):
        what = say("meter:award", lang, seat=fact.seat, category=fact.category.replace("_", " "),
                   percent=format_cents(fact.percent).removesuffix(".00"), meter=_cents(before.meter))
        aside = say("meter:held", lang) if fact.needs_verification else None
        return MeterLine(what, change, after.meter, aside)
    if isinstance(fact, OverflowDraw):
        return MeterLine(say("meter:from_overflow", lang), change, after.meter)
    if isinstance(fact, ReserveDraw):
        return MeterLine(say("meter:from_reserve", lang), change, after.meter)
    if isinstance(fact, Seed):
        return MeterLine(say("meter:seed", lang), change, after.meter)
    if isinstance(fact, Reversal):
        return MeterLine(say("meter:reversal", lang, what=sentence(fact.of.kind, fact_payload(fact.of), Names(lang=lang))),
                         change, after.meter)
    return MeterLine(Markup.escape(fact.kind), change, after.meter)


def _walk(meter: JackpotMeter, facts: Sequence[JackpotFact], lang: str) -> tuple[list[MeterLine], JackpotMeter]:
    """The facts' lines from ``meter``: neighbouring contributions as one line (what each stake put in is the
    timeline's); returns the lines and the meter after."""
    lines: list[MeterLine] = []
    i = 0
    while i < len(facts):
        fact = facts[i]
        if isinstance(fact, Contribution):
            group: list[Contribution] = []
            start = meter
            while i < len(facts) and isinstance(facts[i], Contribution):
                step = facts[i]
                assert isinstance(step, Contribution)
                group.append(step)
                meter = meter.apply(step)
                i += 1
            stakes = sum((c.stake for c in group), ZERO)
            overflow = sum((c.to_overflow for c in group), ZERO)
            reserve = sum((c.to_reserve for c in group), ZERO)
            aside = None
            if overflow or reserve:
                aside = say("meter:aside", lang, overflow=_cents(overflow), reserve=_cents(reserve))
            lines.append(MeterLine(say("meter:contributions", lang, count=len(group), stakes=_cents(stakes),
                                       rate=str(meter.rules.rate)), meter.meter - start.meter, meter.meter, aside))
            continue
        after = meter.apply(fact)
        lines.append(_line(fact, meter, after, lang))
        meter = after
        i += 1
    return lines, meter


def _facts(events: Sequence[Any], round_id: str) -> list[JackpotFact]:
    return [fact_from_payload(e.kind, e.payload) for e in events if e.kind in FACT_KINDS and e.round_id == round_id]


def _awards(facts: Sequence[JackpotFact]) -> list[tuple[int, str, Decimal]]:
    """The awards the facts leave standing (a void's reversal takes one back)."""
    out = [(f.seat, f.category, f.amount) for f in facts if isinstance(f, Award)]
    for f in facts:
        if isinstance(f, Reversal) and isinstance(f.of, Award):
            out.remove((f.of.seat, f.of.category, f.of.amount))
    return out


def _settled_awards(block: Mapping[str, Any]) -> list[tuple[int, str, Decimal]]:
    return [(int(a["seat"]), str(a["category"]), parse_money(a["amount"], "awards.amount"))
            for a in block.get("awards") or []]


def round_meter(record: Mapping[str, Any], events: Sequence[Any], round_id: str, lang: str = "en") -> RoundMeter | None:
    """The round's meter, fact by fact (None: the round has no progressive, or its record cannot be read:
    the page shows the rest)."""
    block = record.get("jackpot")
    if not isinstance(block, Mapping):
        return None
    settled = (record.get("settlement") or {}).get("jackpot")
    try:
        with exact_money():
            if block.get("link"):
                return _linked(block, settled if isinstance(settled, Mapping) else {}, events, round_id, lang)
            return _own(block, settled if isinstance(settled, Mapping) else None, events, round_id, lang)
    except (DealerStationError, ValueError, KeyError, TypeError, ArithmeticError):
        return None


def _own(block: Mapping[str, Any], settled: Mapping[str, Any] | None, events: Sequence[Any], round_id: str,
         lang: str) -> RoundMeter:
    rules = _rules(block)
    meter, overflow = parse_money(block["meter"], "jackpot.meter"), parse_money(block.get("overflow", "0"), "overflow")
    start = JackpotMeter(rules, meter, overflow, opening=meter + overflow)
    facts = _facts(events, round_id)
    lines, end = _walk(start, facts, lang)
    recorded = parse_money(settled["meter_after"], "meter_after") if settled and "meter_after" in settled else None
    drawn = sum((f.amount for f in facts if isinstance(f, (OverflowDraw, ReserveDraw))), ZERO) - sum(
        (f.of.amount for f in facts if isinstance(f, Reversal) and isinstance(f.of, (OverflowDraw, ReserveDraw))), ZERO)
    awards = _awards(facts)
    if settled is not None:
        adds_up = recorded == end.meter and sorted(_settled_awards(settled)) == sorted(awards)
    else:  # a void: every fact taken back, the meter where the round found it
        adds_up = end.meter == start.meter
    to_meter = sum((f.to_meter for f in facts if isinstance(f, Contribution)), ZERO) - sum(
        (f.of.to_meter for f in facts if isinstance(f, Reversal) and isinstance(f.of, Contribution)), ZERO)
    values = {"before": _cents(start.meter), "contributed": _cents(to_meter), "awarded": _cents(end.awarded),
              "drawn": _cents(drawn), "seeded": _cents(end.seeded), "after": _cents(end.meter),
              "recorded": _cents(recorded) if recorded is not None else "-"}
    key = ("meter:adds_up" if settled is not None else "meter:void_adds_up") if adds_up else "meter:does_not_add_up"
    return RoundMeter(None, [MeterLine(say("meter:before", lang), None, start.meter, kind="start"), *lines,
                             MeterLine(say("meter:after", lang), None, end.meter, kind="end")],
                      start.meter, end.meter, recorded, end.contributed, end.awarded, end.seeded, drawn, adds_up,
                      say(key, lang, **values), awards)


def _linked(block: Mapping[str, Any], settled: Mapping[str, Any], events: Sequence[Any], round_id: str,
            lang: str) -> RoundMeter:
    rules = _rules(block)
    commits = [LinkCommitted.from_payload(e.payload) for e in events
               if e.kind == LinkCommitted.kind and e.payload.get("round_id") == round_id]
    lines: list[MeterLine] = []
    first: JackpotMeter | None = None
    last: JackpotMeter | None = None
    facts: list[JackpotFact] = []
    for commit in commits:
        after = commit.meter_after(rules)
        moved = table_totals(rules, commit.facts)  # what the commit's facts moved, from zero
        before = replace(after, meter=after.meter - moved.to_meter, overflow=after.overflow - moved.to_overflow,
                         reserve=after.reserve - moved.to_reserve, contributed=after.contributed - moved.contributed,
                         awarded=after.awarded - moved.awarded, seeded=after.seeded - moved.seeded,
                         hits=after.hits - moved.hits)
        if last is not None and before.meter != last.meter:
            lines.append(MeterLine(say("meter:moved", lang), before.meter - last.meter, before.meter, kind="moved"))
        if first is None:
            first = before
            lines.append(MeterLine(say("meter:link_before", lang, link=commit.link), None, before.meter, kind="start"))
        lines.append(MeterLine(say("meter:commit", lang, seq=commit.seq, op=commit.op), None, before.meter, kind="moved"))
        walked, end = _walk(before, commit.facts, lang)
        lines.extend(walked)
        facts.extend(commit.facts)
        last = end
    start = first or JackpotMeter(rules, parse_money(block["meter"], "jackpot.meter"))
    end = last or start
    lines.append(MeterLine(say("meter:link_after", lang), None, end.meter, kind="end"))
    contributed = sum((f.amount for f in facts if isinstance(f, Contribution)), ZERO) - sum(
        (f.of.amount for f in facts if isinstance(f, Reversal) and isinstance(f.of, Contribution)), ZERO)
    awarded = sum((a[2] for a in _awards(facts)), ZERO)
    seeded = sum((f.amount for f in facts if isinstance(f, Seed)), ZERO)
    drawn = sum((f.amount for f in facts if isinstance(f, (OverflowDraw, ReserveDraw))), ZERO)
    settled_contributed = parse_money(settled.get("contributions", "0"), "contributions")
    awards = _awards(facts)
    adds_up = bool(settled) and settled_contributed == contributed and sorted(_settled_awards(settled)) == sorted(awards)
    verdict = say("meter:link_adds_up" if adds_up else "meter:link_differs", lang, contributed=_cents(contributed),
                  awarded=_cents(awarded), commits=len(commits),
                  settled_contributed=_cents(settled_contributed) if settled else "-")
    return RoundMeter(str(block["link"]), lines, start.meter, end.meter, None, contributed, awarded, seeded, drawn,
                      adds_up, verdict, awards)
