"""Bet sensing's journal events (their folds are in ``table/folds.py``) (HARDWARE.md "Bet sensing: what the station does with it").

What the RFID bet sensor saw matters to the journal at a few moments only, never every scan:
the stakes locked at "no more bets" with the chip ids behind them (``bets_sensed``), a decision's
bet (Play, Flop, ...) on its spot when it is made (``decision_sensed``), what lay on a seat's spots
when it was paid (``payout_sensed``: what the player takes), an
unknown chip a supervisor accepted (``chip_accepted``), a chip added to or taken from a
locked spot (``bet_alarm``, with the halt that follows) and the supervisor restoring that
stake (``stake_restored``), a chip id seen on more than one spot (``sensor_held`` kind ``clone``, with its
``clone`` halt) and the supervisor resolving it once the clones are off (``clone_resolved``), a payout a supervisor let through although the chips were not
what is due (``payout_overridden``), an antenna going down or coming back (``antenna_state``), and
a croupier's command the sensor held (``sensor_held``: "Paid" on chips that are not what is due,
"No more bets" over an unknown chip), which is what a shift's mispays caught, losing bets left and
counterfeit chips are counted from.
The round's part (accepted chips, the locked stakes) folds into ``RoundState.sensed`` as one
immutable ``RoundSensing``, so a restarted station locks exactly what was journaled, whatever
the sensor says when it comes back.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

from ..money import MAX_INTEGER_DIGITS
from .event_base import CROUPIER, DEVICE, STATION, SUPERVISOR, Event, register

__all__ = ["CATCHES", "AntennaState", "BetAlarm", "BetsSensed", "Catch", "CatchCounts", "ChipAccepted", "CloneResolved",
           "DecisionSensed",
           "LockedSpot", "PayoutOverridden", "PayoutSensed", "RoundSensing", "SensorHeld", "StakeRestored", "count_catches",
           "held_catches"]

Antenna = tuple[int, str]


@dataclass(frozen=True, slots=True)
class LockedSpot:
    """One spot's stake at "no more bets": its amount, the chips behind it, or keyed (antenna down)."""

    amount: Decimal
    chips: tuple[str, ...] = ()
    keyed: bool = False


def _empty_accepted() -> Mapping[str, Decimal]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class RoundSensing:
    """The round's bet sensing as journaled (immutable: states are cloned shallowly)."""

    accepted: Mapping[str, Decimal] = field(default_factory=_empty_accepted)
    """Chip ids a supervisor accepted this round, with the value they count for."""
    locked: Mapping[Antenna, LockedSpot] | None = None
    """Per (seat, spot) the stake locked at "no more bets" (None: not locked yet)."""
    alarms: int = 0
    clones: frozenset[str] = frozenset()
    """Chip ids seen on more than one spot (or twice on one) this round and not yet resolved by a supervisor:
    the round accepts nothing while one is (``sensor_held`` kind ``clone``; ``clone_resolved``)."""


@register
@dataclass(frozen=True, slots=True)
class BetsSensed(Event):
    """At "no more bets": every spot's stake, ``[{"seat", "spot", "amount", "chips", "keyed"}]``
    (``keyed``: the spot's antenna was down and the croupier keyed the amount)."""

    kind: ClassVar[str] = "bets_sensed"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    spots: tuple[dict[str, Any], ...]


@register
@dataclass(frozen=True, slots=True)
class DecisionSensed(Event):
    """Inside a decision that puts a bet down (UTH's Play, THB's Flop/Turn/River): the chips on its
    spot, which the sensor saw equal to the decision's ``amount`` (``keyed``: the spot's antenna was
    down, the amount is the decision's). The spot is locked from then on, as "no more bets" locks
    the others."""

    kind: ClassVar[str] = "decision_sensed"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    spot: str
    amount: Decimal
    chips: tuple[str, ...]
    keyed: bool = False


@register
@dataclass(frozen=True, slots=True)
class PayoutSensed(Event):
    """Inside "Paid" (or a supervisor's payout override), before ``seat_paid``: what lay on each of the
    seat's spots, the amount the player takes off the layout, ``[{"spot", "amount", "chips", "keyed"}]``
    (``keyed``: the antenna was down, the amount is what was due: the croupier's word)."""

    kind: ClassVar[str] = "payout_sensed"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    spots: tuple[dict[str, Any], ...]


@register
@dataclass(frozen=True, slots=True)
class ChipAccepted(Event):
    """A supervisor let a chip the inventory does not know count on ``seat``'s ``spot`` this round."""

    kind: ClassVar[str] = "chip_accepted"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    chip: str
    seat: int
    spot: str
    denomination: Decimal
    reason: str


@register
@dataclass(frozen=True, slots=True)
class BetAlarm(Event):
    """After "no more bets" a locked spot changed for ``confirm_rounds`` inventory rounds running:
    ``cause`` ``past_post`` (chips added) or ``pinch`` (chips taken); amounts as locked and as seen."""

    kind: ClassVar[str] = "bet_alarm"
    writers: ClassVar[tuple[str, ...]] = (DEVICE,)
    seat: int
    spot: str
    cause: str
    added: tuple[str, ...]
    removed: tuple[str, ...]
    locked: Decimal
    sensed: Decimal


@register
@dataclass(frozen=True, slots=True)
class StakeRestored(Event):
    """A supervisor saw the locked stake back on its spot (the sensor agrees); the round goes on."""

    kind: ClassVar[str] = "stake_restored"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    seat: int
    spot: str
    reason: str


@register
@dataclass(frozen=True, slots=True)
class PayoutOverridden(Event):
    """A supervisor let ``seat`` be paid although the chips on its spots were not what is due
    (``problems``: what the station said was wrong); the ``seat_paid`` follows."""

    kind: ClassVar[str] = "payout_overridden"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    seat: int
    problems: tuple[str, ...]
    reason: str


@register
@dataclass(frozen=True, slots=True)
class SensorHeld(Event):
    """The bet sensor held a croupier's ``command`` for ``seat``: "Paid" (``mark_paid``) on chips that are
    not what is due, or "No more bets" over a chip the inventory does not know. ``spots``:
    ``[{"spot", "kind", "amount", "chip"}]``, kind ``short``, ``over``, ``not_collected`` or ``unknown_chip``
    (a refusal journaled, as a refused badge is: nothing else of the command was). Or, written by the
    sensor itself with ``command`` ``round``, the whole round held by a cloned chip: kind ``clone``, one
    record per seat the id was seen at, each of its spots there (folded into ``RoundSensing.clones``)."""

    kind: ClassVar[str] = "sensor_held"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER, DEVICE)
    command: str
    seat: int
    spots: tuple[dict[str, Any], ...]


@register
@dataclass(frozen=True, slots=True)
class CloneResolved(Event):
    """A supervisor saw the cloned tags off the layout (the sensor agrees: each id on one spot at most)
    and says why: the round accepts stakes again (``chips``: the ids it held the round for)."""

    kind: ClassVar[str] = "clone_resolved"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    chips: tuple[str, ...]
    reason: str


CATCHES: Mapping[str, str] = MappingProxyType({
    "short": "mispay", "over": "mispay", "not_collected": "losing_left", "unknown_chip": "counterfeit",
    "clone": "counterfeit"})
"""What each kind of spot a ``sensor_held`` names is, as a catch: a mispay (short or over: one concept,
counted once per spot), a losing bet left, a counterfeit chip (one the inventory does not know, or a
cloned tag: an id on more than one spot; once per chip id either way). Migrations 0013 and 0018's
``floor.held_catches`` say the same in SQL."""


@dataclass(frozen=True, slots=True)
class Catch:
    """One thing a ``sensor_held`` caught: ``what`` (``CATCHES``), the ``key`` a round counts it once by
    (a mispay or a losing bet: ``seat/spot``; a counterfeit: the chip id) and a mispay's ``amount``
    (what the spot was short or over by; 0 for the others)."""

    what: str
    key: str
    amount: Decimal


UNREADABLE = Decimal(10) ** MAX_INTEGER_DIGITS
"""A mispay amount from here on is none a table holds (migration 0013 checks the same)."""


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def held_catches(payload: Mapping[str, Any]) -> list[Catch]:
    """What one ``sensor_held`` payload caught, spot by spot in its order (a kind it does not know: nothing).
    A record with a mispay amount that is no amount a table can hold ("NaN", 10^18) is read as nothing at
    all, as the floor reads it (a derive error)."""
    seat = payload.get("seat")
    found: list[Catch] = []
    spots = payload.get("spots")
    for spot in spots if isinstance(spots, list | tuple) else ():
        kind = spot.get("kind") if isinstance(spot, Mapping) else None
        what = CATCHES.get(kind) if isinstance(kind, str) else None
        if what is None:
            continue
        key = _text(spot.get("chip")) if what == "counterfeit" else f"{_text(seat)}/{_text(spot.get('spot'))}"
        amount = Decimal(0)
        if what == "mispay":
            try:
                amount = Decimal(_text(spot.get("amount")) or "0")
            except InvalidOperation:
                return []
            if not amount.is_finite() or abs(amount) >= UNREADABLE:
                return []
        found.append(Catch(what, key, amount))
    return found


class CatchCounts(Protocol):
    """What counts a sensor's catches: the croupier's shift tally (``view.shift.ShiftTally``) and a
    floor round's facts (``figures.facts.RoundFact``)."""

    mispays: int
    mispaid: Decimal
    losing_left: int
    counterfeits: int


def count_catches(counts: CatchCounts, seen: set[tuple[Any, ...]], round_key: Hashable,
                  payload: Mapping[str, Any]) -> None:
    """Add what a ``sensor_held`` of the round ``round_key`` (its id; on a floor with its table's) caught
    that ``seen`` does not hold yet: per round a mispay once per seat and spot (short or over, the first
    amount), a losing bet left once per seat and spot, a counterfeit once per chip id, however often the
    command was pressed. ``seen`` keeps the keys (``floor.sensor_catches`` on a floor, migration 0013)."""
    for caught in held_catches(payload):
        key = (round_key, caught.what, caught.key)
        if key in seen:
            continue
        seen.add(key)
        if caught.what == "mispay":
            counts.mispays += 1
            counts.mispaid += caught.amount
        elif caught.what == "losing_left":
            counts.losing_left += 1
        else:
            counts.counterfeits += 1


@register
@dataclass(frozen=True, slots=True)
class AntennaState(Event):
    """An antenna went down (``code``: the sensor's) or came back: that spot is keyed meanwhile."""

    kind: ClassVar[str] = "antenna_state"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (DEVICE, STATION)
    seat: int
    spot: str
    up: bool
    code: str = ""
