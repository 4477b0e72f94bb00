"""Round, fault, supervisor and jackpot facts of a journal file, as the floor derives them.

The floor computes these facts server-side, on ingest, in ``floor.event_facts`` and the rules
beside it (``migrations/0002_facts.sql`` onward; one statement trigger applies them since 0015):
the pit must not depend on what a station says about its
own figures. A report over one journal file (no floor at hand: an auditor's laptop) needs
the same facts; this module derives them from the journal's events with the same rules,
field for field, and ``tests/floor/test_report.py`` pins the two together on the same journal.

Rules (ROUND_RECORD.md and the journal's event payloads):
* handle: ``round_paid.handle`` when journaled, else the stakes the record shows (every
  placed bet plus decision bets: the game's own ``stakes()``, UTH's Play = Ante x 4/3/2/1);
  a voided round's handle and win are 0 (every stake was returned);
* rake: ``round_paid.rake`` when journaled, else the settlement's ``rake`` (a poker hand's),
  else 0;
* win: ``round_paid.house_net`` (a poker hand's is its rake; the rake when a hand journaled
  no house_net), minus the round's adjustments;
* adjustments (``round_adjusted``: seat -> + paid to the seat / - collected from it): their
  sum is the round's ``adjusted``; the round's win changes by minus it, before or after
  ``round_paid``; the supervisor action that authorised it (the table's last, granted
  ``adjust`` by the same badge, without a reason yet) gets its reason and its amounts
  (``detail``), else the adjustment is listed as an action of its own;
* max payout: the largest positive seat ``net`` of the settlement;
* stakes: per placed spot, the sum over seats and the sum of squares (for the par interval);
  a round with Pool stakes adds ``pool_meter``: per Pool stake, the meter it was paid from
  (the record's ``jackpot.meter``, as the round found it, plus what this round's
  contributions put in the meter: ``pool_to_meter``, the sum of their ``to_meter``);
* jackpot amounts: a contribution's ``to_meter + to_overflow``, else the fact's ``amount``;
  a reversal's, that of the fact it undoes;
* the bet sensor (migration 0012): ``sensed`` is 1 when the round journaled ``bets_sensed``
  (the sensor locked its stakes); ``past_posts`` and ``pinches`` count its ``bet_alarm`` events
  by cause, ``overrides`` its ``payout_overridden`` (a seat paid although its chips were not
  what is due); and (migration 0013) from its ``sensor_held`` events (a croupier's command it held)
  ``mispays`` and ``mispaid`` (the amounts short or over), ``losing_left`` and ``counterfeits``, each
  counted once per round and spot (a counterfeit: per chip id) however often the command was pressed,
  by the croupier's screen's own rule (``table.sensing.count_catches``);
* dealer (migration 0014, ``floor.dealer_at``): who was signed in at the table when the round opened
  (``dealer_signed_in``; a ``dealer_signed_out`` of that dealer, or a ``station_started``, leaves nobody:
  None), the station's own rule (``table.state``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..journal import JournalEvent
from ..money import ZERO
from ..par import POOL_METER
from ..table.sensing import count_catches

SENSOR_KINDS = frozenset({"bets_sensed", "bet_alarm", "payout_overridden", "sensor_held"})
"""The bet sensor's events the round facts count (``floor.fact_sensor``, migration 0012; ``sensor_held``:
``floor.fact_sensor_held``, 0013)."""
DEALER_KINDS = frozenset({"station_started", "dealer_signed_in", "dealer_signed_out"})
"""The table events that say who deals (``floor.dealer_at``, migration 0014)."""
FACT_KINDS = SENSOR_KINDS | DEALER_KINDS | frozenset({
    "round_opened", "settled", "round_paid", "round_voided", "round_adjusted", "device_fault", "halted", "device_status",
    "supervisor_auth", "halt_cleared", "card_corrected", "jackpot_contribution", "jackpot_award", "jackpot_seed",
    "jackpot_reversal",
})
JACKPOT_KINDS = ("jackpot_contribution", "jackpot_award", "jackpot_seed", "jackpot_reversal")
SUPERVISOR_PREFIX = "supervisor:"
GAME_HOLDS = frozenset({"jackpot_verify"})
"""Halt kinds that are a game's own hold for a supervisor, not a device's fault (migration 0007)."""


@dataclass
class RoundFact:
    table_id: str
    round_id: str
    number: int | None = None
    game: str | None = None
    opened_seq: int | None = None
    opened_at: str | None = None
    record_seq: int | None = None
    ended_seq: int | None = None
    ended_at: str | None = None
    outcome: str = "open"
    handle: Decimal = ZERO
    record_handle: Decimal | None = None
    win: Decimal = ZERO
    rake: Decimal = ZERO
    adjusted: Decimal = ZERO
    max_payout: Decimal = ZERO
    seats: list[int] = field(default_factory=list)
    stakes: dict[str, tuple[Decimal, Decimal]] = field(default_factory=dict)
    paytables: dict[str, Any] | None = None
    void_cause: str | None = None
    voided_by: str | None = None
    supervisor_acted: bool = False
    jackpot_hit: bool = False
    pool_to_meter: Decimal = ZERO
    sensed: int = 0
    past_posts: int = 0
    pinches: int = 0
    overrides: int = 0
    mispays: int = 0
    mispaid: Decimal = ZERO
    losing_left: int = 0
    counterfeits: int = 0
    dealer: str | None = None


@dataclass(frozen=True)
class FaultFact:
    table_id: str
    seq: int
    at: str
    round_id: str | None
    source: str
    device: str | None
    code: str | None
    text: str | None


@dataclass
class SupervisorFact:
    table_id: str
    seq: int
    at: str
    round_id: str | None
    badge: str | None
    ok: bool
    action: str | None
    reason: str | None
    detail: str | None = None


@dataclass(frozen=True)
class JackpotFact:
    table_id: str
    seq: int
    at: str
    round_id: str | None
    kind: str
    seat: int | None
    category: str | None
    amount: Decimal


@dataclass
class Facts:
    rounds: dict[tuple[str, str], RoundFact] = field(default_factory=dict)
    faults: list[FaultFact] = field(default_factory=list)
    supervisor_actions: list[SupervisorFact] = field(default_factory=list)
    jackpot_events: list[JackpotFact] = field(default_factory=list)
    caught: set[tuple[Any, ...]] = field(default_factory=set)
    """Per table, round, catch and key, what a ``sensor_held`` caught already (``floor.sensor_catches``)."""
    dealers: dict[str, str | None] = field(default_factory=dict)
    """Per table, who is signed in now (``floor.dealer_at``)."""


def record_stakes(record: Mapping[str, Any]) -> tuple[dict[str, tuple[Decimal, Decimal]], Decimal]:
    """Per placed spot (sum, sum of squares) over the seats, and the handle the record shows."""
    from ..games import GAMES

    game = GAMES.get(str(record.get("game")))
    stakes_of = getattr(game, "stakes", None)  # banking games add their decision bets; others have none
    stakes: dict[str, tuple[Decimal, Decimal]] = {}
    handle = ZERO
    for seat in record.get("seats") or []:
        bets = {spot: Decimal(str(amount)) for spot, amount in (seat.get("bets") or {}).items()}
        for spot, amount in bets.items():
            total, squares = stakes.get(spot, (ZERO, ZERO))
            stakes[spot] = (total + amount, squares + amount * amount)
        if stakes_of is not None:
            handle += sum(stakes_of(bets, list(seat.get("actions") or [])).values(), ZERO)
        else:
            handle += sum(bets.values(), ZERO)
    return stakes, handle


def derive(events: Iterable[JournalEvent], facts: Facts | None = None) -> Facts:
    """Fold journal events (in seq order) into facts."""
    facts = facts or Facts()
    for event in events:
        if event.kind in FACT_KINDS:
            _apply(facts, event)
    return facts


def _round(facts: Facts, table_id: str, round_id: str) -> RoundFact:
    key = (table_id, round_id)
    if key not in facts.rounds:
        facts.rounds[key] = RoundFact(table_id, round_id)
    return facts.rounds[key]


def _apply_record(rnd: RoundFact, seq: int, record: Mapping[str, Any]) -> None:
    rnd.game = record.get("game") or rnd.game
    rnd.record_seq = seq
    rnd.seats = sorted(int(s["seat"]) for s in record.get("seats") or [])
    rnd.stakes, rnd.record_handle = record_stakes(record)
    rnd.stakes.update(pool_meter_stakes(record, rnd.pool_to_meter))
    rnd.paytables = record.get("paytables")


def pool_meter_stakes(record: Mapping[str, Any], to_meter: Decimal) -> dict[str, tuple[Decimal, Decimal]]:
    """``pool_meter`` (``floor.pool_meter_stakes``): per Pool stake the meter it was paid from, summed and squared."""
    jackpot = record.get("jackpot")
    found = jackpot.get("meter") if isinstance(jackpot, Mapping) else None
    stakes = sum(1 for seat in record.get("seats") or [] if "pool" in (seat.get("bets") or {}))
    if found is None or not stakes:
        return {}
    meter = Decimal(str(found)) + to_meter
    return {POOL_METER: (stakes * meter, stakes * meter * meter)}


def _money(value: Any) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def _fact_amount(fact: Any) -> Decimal | None:
    """What one jackpot fact moved (``floor.fact_amount``)."""
    if not isinstance(fact, Mapping):
        return None
    if fact.get("to_meter") is not None:
        return Decimal(str(fact["to_meter"])) + (_money(fact.get("to_overflow")) or ZERO)
    return _money(fact.get("amount"))


def _apply_adjustment(facts: Facts, e: JournalEvent) -> None:
    """``round_adjusted`` (``floor.apply_adjustment``)."""
    p = e.payload
    rid = p.get("round_id") or e.round_id
    if not rid:
        return  # the floor records a derive error for it
    who = e.actor if e.actor.startswith(SUPERVISOR_PREFIX) else (p.get("by") or e.actor)
    badge = who[len(SUPERVISOR_PREFIX):] if who.startswith(SUPERVISOR_PREFIX) else who
    amounts = sorted((p.get("adjustments") or {}).items(), key=lambda item: int(item[0]))
    total = sum((Decimal(str(v)) for _, v in amounts), ZERO)
    detail = ", ".join(f"seat {k} {'+' if Decimal(str(v)) > 0 else ''}{v}" for k, v in amounts) or None
    rnd = _round(facts, e.table_id, rid)
    rnd.adjusted += total
    if rnd.outcome != "voided":
        rnd.win -= total
    rnd.supervisor_acted = True
    reason = p.get("reason") or None
    mine = [a for a in facts.supervisor_actions if a.table_id == e.table_id and a.seq < e.seq]
    last = mine[-1] if mine else None
    if last is not None and last.ok and last.reason is None and last.action == "adjust" and last.badge == badge:
        last.reason, last.detail = reason, detail
    else:
        facts.supervisor_actions.append(SupervisorFact(e.table_id, e.seq, e.at, rid, badge, True, "adjust", reason,
                                                       detail))


def max_payout(settlement: Mapping[str, Any]) -> Decimal:
    """The largest seat net win of a settlement (``floor.max_payout``)."""
    nets = [Decimal(str(s["net"])) for s in settlement.get("seats", [])]
    return max((n for n in nets if n > 0), default=ZERO)


def settled_rake(settlement: Mapping[str, Any], rake: Decimal) -> Decimal:
    """A poker hand's settlement carries its rake (``floor.settled_rake``)."""
    journaled = _money(settlement.get("rake"))
    return rake if journaled is None else journaled


def paid_rake(p: Mapping[str, Any], rake: Decimal) -> Decimal:
    """``round_paid.rake`` when journaled, else what the round had (``floor.paid_rake``)."""
    journaled = _money(p.get("rake"))
    return rake if journaled is None else journaled


def paid_win(p: Mapping[str, Any], rake: Decimal, adjusted: Decimal) -> Decimal:
    """``house_net`` when journaled, else the rake; minus the adjustments (``floor.paid_win``)."""
    house = _money(p.get("house_net"))
    return (rake if house is None else house) - adjusted


def paid_handle(p: Mapping[str, Any], record_handle: Decimal | None) -> Decimal:
    """``round_paid.handle`` when journaled, else the record's, else 0 (``floor.paid_handle``)."""
    handle = _money(p.get("handle"))
    return handle if handle is not None else (record_handle if record_handle is not None else ZERO)


Rule = Callable[[Facts, JournalEvent, Mapping[str, Any], str], None]


def _round_opened(facts: Facts, e: JournalEvent, p: Mapping[str, Any], rid: str) -> None:
    """``floor.fact_round_opened``."""
    rnd = _round(facts, e.table_id, rid)
    rnd.number, rnd.opened_seq, rnd.opened_at = p.get("number"), e.seq, e.at
    rnd.dealer = facts.dealers.get(e.table_id)  # ``floor.derive_rule``'s round_dealer


def _settled(facts: Facts, e: JournalEvent, p: Mapping[str, Any], rid: str) -> None:
    """``floor.fact_settled``."""
    rnd = _round(facts, e.table_id, rid)
    _apply_record(rnd, e.seq, p.get("record") or {})
    settlement = p.get("settlement") or {}
    rnd.max_payout = max_payout(settlement)
    rnd.rake = settled_rake(settlement, rnd.rake)


def _round_paid(facts: Facts, e: JournalEvent, p: Mapping[str, Any], rid: str) -> None:
    """``floor.fact_round_paid``."""
    rnd = _round(facts, e.table_id, rid)
    rnd.outcome, rnd.ended_seq, rnd.ended_at = "paid", e.seq, e.at
    rnd.rake = paid_rake(p, rnd.rake)
    rnd.win = paid_win(p, rnd.rake, rnd.adjusted)
    rnd.handle = paid_handle(p, rnd.record_handle)


def _round_voided(facts: Facts, e: JournalEvent, p: Mapping[str, Any], rid: str) -> None:
    """``floor.fact_round_voided``: every stake returned."""
    rnd = _round(facts, e.table_id, rid)
    if isinstance(p.get("record"), Mapping):
        _apply_record(rnd, e.seq, p["record"])
    rnd.outcome, rnd.ended_seq, rnd.ended_at = "voided", e.seq, e.at
    rnd.handle = rnd.win = rnd.rake = rnd.max_payout = ZERO
    rnd.void_cause, rnd.voided_by = p.get("cause"), p.get("by")


def _sensor(facts: Facts, e: JournalEvent, p: Mapping[str, Any], rid: str) -> None:
    """``floor.fact_sensor``: what a bet sensor event adds to its round."""
    rnd = _round(facts, e.table_id, rid)
    if e.kind == "bets_sensed":
        rnd.sensed = 1
    elif e.kind == "bet_alarm":
        cause = p.get("cause")
        rnd.past_posts += int(cause == "past_post")
        rnd.pinches += int(cause == "pinch")
    elif e.kind == "sensor_held":
        count_catches(rnd, facts.caught, (e.table_id, rid), p)  # ``floor.fact_sensor_held``
    else:
        rnd.overrides += 1


ROUND_RULES: dict[str, Rule] = {
    "round_opened": _round_opened, "settled": _settled, "round_paid": _round_paid, "round_voided": _round_voided,
}
"""What each round event sets on its round (a round event naming no round is left out; the floor
records a derive error for it)."""


def _dealer(facts: Facts, e: JournalEvent, p: Mapping[str, Any]) -> None:
    """Who deals at the table from now on (``floor.dealer_at``)."""
    dealer = p.get("dealer")
    if e.kind == "dealer_signed_in":
        facts.dealers[e.table_id] = str(dealer) if dealer else None
    elif e.kind == "station_started" or (dealer and facts.dealers.get(e.table_id) == str(dealer)):
        facts.dealers[e.table_id] = None


def _fault(facts: Facts, e: JournalEvent, p: Mapping[str, Any]) -> None:
    """``floor.fact_fault``: device_fault, halted (not a game's own hold), device_status "fault:CODE"."""
    if e.kind == "device_fault":
        code, text = p.get("code"), p.get("text")
    elif e.kind == "halted":
        if p.get("kind") in GAME_HOLDS:
            return
        code, text = p.get("cause"), p.get("text")
    elif str(p.get("state", "")).startswith("fault:"):
        code, text = str(p["state"])[len("fault:"):], None
    else:
        return
    facts.faults.append(FaultFact(e.table_id, e.seq, e.at, e.round_id, e.kind, p.get("device"), code, text))


def _supervisor_auth(facts: Facts, e: JournalEvent, p: Mapping[str, Any]) -> None:
    """``floor.fact_supervisor_auth``."""
    ok = bool(p.get("ok"))
    facts.supervisor_actions.append(SupervisorFact(e.table_id, e.seq, e.at, e.round_id, p.get("badge"), ok,
                                                   p.get("action"), None if ok else p.get("reason")))
    if ok and e.round_id:
        _round(facts, e.table_id, e.round_id).supervisor_acted = True


def _jackpot(facts: Facts, e: JournalEvent, p: Mapping[str, Any]) -> None:
    """``floor.fact_jackpot`` (and ``floor.event_pool_meter``'s contributions)."""
    amount = _fact_amount(p)
    if amount is None:
        amount = _fact_amount(p.get("of"))
    facts.jackpot_events.append(JackpotFact(e.table_id, e.seq, e.at, e.round_id, e.kind, p.get("seat"),
                                            p.get("category"), ZERO if amount is None else amount))
    if e.kind == "jackpot_award" and e.round_id:
        _round(facts, e.table_id, e.round_id).jackpot_hit = True
    elif e.kind == "jackpot_contribution" and e.round_id:
        _round(facts, e.table_id, e.round_id).pool_to_meter += _money(p.get("to_meter")) or ZERO


def _supervisor_reason(facts: Facts, e: JournalEvent, p: Mapping[str, Any]) -> None:
    """``floor.supervisor_reason``: the reason goes with the action it authorised."""
    badge = e.actor[len(SUPERVISOR_PREFIX):]
    mine = [a for a in facts.supervisor_actions if a.table_id == e.table_id and a.seq < e.seq]
    if mine and mine[-1].ok and mine[-1].reason is None and mine[-1].badge == badge:
        mine[-1].reason = p["reason"]


def _apply(facts: Facts, e: JournalEvent) -> None:
    """``floor.event_facts``: one rule per event kind."""
    p = e.payload
    rid = e.round_id or p.get("round_id")
    kind = e.kind
    if kind in ROUND_RULES:
        if rid:
            ROUND_RULES[kind](facts, e, p, rid)
    elif kind in SENSOR_KINDS:
        if e.round_id:  # the floor's trigger reads the record's own round id only
            _sensor(facts, e, p, e.round_id)
    elif kind in DEALER_KINDS:
        _dealer(facts, e, p)
    elif kind == "round_adjusted":
        _apply_adjustment(facts, e)
    elif kind in ("device_fault", "halted", "device_status"):
        _fault(facts, e, p)
    elif kind == "supervisor_auth":
        _supervisor_auth(facts, e, p)
    elif kind in JACKPOT_KINDS:
        _jackpot(facts, e, p)
    if (e.actor.startswith(SUPERVISOR_PREFIX) and kind in ("round_voided", "halt_cleared", "card_corrected")
            and p.get("reason")):
        _supervisor_reason(facts, e, p)
