"""The table bank's part of the table's state: the shift in progress (or the last one), its opener,
buy-ins, slips and their states, what its rounds moved through the tray, its closer (docs/bank.md).

Immutable values, replaced whole by the folds (``table/folds.py`` registers them): a snapshot
shares them without a copy. The rules that decide the events are the flow's
(``engine/bank.py``); the figures are ``bank.figures.shift_figures`` over ``book()``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from ..bank.book import RoundMove, ShiftBook, Thresholds
from ..bank.chips import ChipCount, count_from_payload
from ..bank.slips import Slip, SlipKind, SlipState
from ..bank.tray import TrayAlarm, TrayCheck
from ..buy_in import BuyIn, BuyInKind
from ..money import ZERO, exact_decimal
from . import events as ev
from .tray import TrayWatch


@dataclass(frozen=True, slots=True)
class SlipLine:
    """One fill or credit of the shift, from its request on (``number`` None until the floor gave one)."""

    request: str
    kind: SlipKind
    chips: ChipCount
    by: str
    """The requester's badge: never the one who voids it."""
    state: SlipState = SlipState.REQUESTED
    number: int | None = None
    seen: ChipCount | None = None
    """What the table counted when it refused the slip."""

    @property
    def slip(self) -> str | None:
        """``F000041`` once numbered."""
        return None if self.number is None else f"{self.kind.series}{self.number:06d}"

    @property
    def in_flight(self) -> bool:
        """Requested or issued: neither received, refused nor void."""
        return self.state in (SlipState.REQUESTED, SlipState.ISSUED)

    def named(self, name: str) -> bool:
        return name in (self.request, self.slip)


@dataclass(frozen=True, slots=True)
class ShiftState:
    """One table-shift as journaled so far."""

    number: int
    gaming_day: str
    opened_at: str
    opener: ChipCount
    previous_closer: ChipCount | None
    discrepancy: Decimal | None
    discrepancy_class: str | None
    dealer: str
    supervisor: str
    buy_ins: tuple[BuyIn, ...] = ()
    slips: tuple[SlipLine, ...] = ()
    collected: Decimal = ZERO
    """Σ chips the shift's rounds collected into the tray (a voided round none)."""
    paid: Decimal = ZERO
    """Σ chips they paid from it."""
    rounds: int = 0
    """Rounds that ended in the shift, paid or voided."""
    voided: int = 0
    last_round: str | None = None
    """The round that ended last: the only one a supervisor may still correct (the settled round on the table).
    Sums, not a list of every round: a shift of 100,000 simulated rounds folds each in constant time."""
    closer: ChipCount | None = None
    closed_at: str | None = None
    closed_by: tuple[str, str] | None = None
    """(dealer, supervisor) who counted the closer."""
    tray: TrayWatch | None = None
    """The sensed tray's watch (``table/tray.py``), from the opener on: what moved since the last scan."""

    @property
    def open(self) -> bool:
        return self.closer is None

    def slip_of(self, name: str) -> SlipLine | None:
        """The slip named by its number (``F000041``) or its request (``T1-R3``)."""
        return next((s for s in self.slips if s.named(name)), None)

    def book(self, table_id: str, currency: str, thresholds: Thresholds,
             chip_set: frozenset[Decimal] | None = None) -> ShiftBook:
        """The shift's book for ``bank.figures.shift_figures`` (the drop is the count team's: unknown here)."""
        def slips(kind: SlipKind) -> tuple[Slip, ...]:
            return tuple(Slip(kind, s.number, s.state, s.chips) for s in self.slips
                         if s.kind is kind and s.number is not None)

        return ShiftBook(table_id, f"{self.gaming_day}/{self.number}", self.opener, self.closer, None,
                         self.previous_closer, slips(SlipKind.FILL), slips(SlipKind.CREDIT), self.buy_ins,
                         self.moves(), currency, thresholds, chip_set)

    def moves(self) -> tuple[RoundMove, ...]:
        """What the shift's rounds moved through the tray, as one move (only its collected - paid counts)."""
        return (RoundMove(f"{self.rounds} rounds", self.collected, self.paid),) if self.rounds else ()


@dataclass(frozen=True, slots=True)
class BankState:
    """The table's bank: the current (or last) shift and the table's request counter."""

    shift: ShiftState | None = None
    requests: int = 0
    """Fill and credit requests the table has made (its next is ``<table_id>-R<requests + 1>``)."""

    @property
    def open_shift(self) -> ShiftState | None:
        shift = self.shift
        return shift if shift is not None and shift.open else None

    @property
    def last_closer(self) -> ChipCount | None:
        shift = self.shift
        return None if shift is None else shift.closer


# --------------------------------------------------------------------------- folds (pure: old -> new)


def opened(bank: BankState, e: ev.ShiftOpened, at: str) -> BankState:
    previous = None if e.previous_closer is None else count_from_payload(e.previous_closer)
    opener = count_from_payload(e.opener)
    return replace(bank, shift=ShiftState(e.shift, e.gaming_day, at, opener, previous, e.discrepancy,
                                          e.discrepancy_class, e.dealer, e.supervisor, tray=TrayWatch(TrayCheck(opener))))


def _with_shift(bank: BankState, **changes: Any) -> BankState:
    """The shift with ``changes``. The rules journal bank events only within a shift; a reader that folds from the
    middle of one (the pit's live floor starts at the table's last ``round_opened``) has none: nothing to change,
    never a crash of its view."""
    if bank.shift is None:
        return bank
    return replace(bank, shift=replace(bank.shift, **changes))


def bought_in(bank: BankState, e: ev.BuyInTaken) -> BankState:
    shift = bank.shift
    if shift is None:  # folded from the middle of a shift (``_with_shift``)
        return bank
    return _with_shift(bank, buy_ins=(*shift.buy_ins, BuyIn(e.seat, BuyInKind(e.kind_), e.amount, e.player)),
                       tray=shift.tray and shift.tray.bought_in(e.amount))


def requested(bank: BankState, e: ev.SlipRequested) -> BankState:
    shift = bank.shift
    if shift is None:  # folded from the middle of a shift (``_with_shift``): the counter still counts
        return replace(bank, requests=bank.requests + 1)
    line = SlipLine(e.request, SlipKind(e.kind_), count_from_payload(e.chips), e.by)
    return replace(_with_shift(bank, slips=(*shift.slips, line)), requests=bank.requests + 1)


def _slip(bank: BankState, name: str, **changes: Any) -> BankState:
    shift = bank.shift
    if shift is None:  # folded from the middle of a shift (``_with_shift``)
        return bank
    return _with_shift(bank, slips=tuple(replace(s, **changes) if s.named(name) else s for s in shift.slips))


def issued(bank: BankState, e: ev.SlipIssued) -> BankState:
    return _slip(bank, e.request, number=e.number, state=SlipState.ISSUED)


def received(bank: BankState, e: ev.SlipReceived) -> BankState:
    bank = _slip(bank, e.slip, state=SlipState.RECEIVED)
    shift = bank.shift
    if shift is None or shift.tray is None:
        return bank
    return _with_shift(bank, tray=shift.tray.slip_received(SlipKind(e.kind_), count_from_payload(e.chips)))


def refused(bank: BankState, e: ev.SlipRefused) -> BankState:
    return _slip(bank, e.slip, state=SlipState.REFUSED, seen=count_from_payload(e.chips_seen))


def voided(bank: BankState, e: ev.SlipVoided) -> BankState:
    return _slip(bank, e.slip or e.request or "", state=SlipState.VOID)


def closed(bank: BankState, e: ev.ShiftClosed, at: str) -> BankState:
    return _with_shift(bank, closer=count_from_payload(e.closer), closed_at=at, closed_by=(e.dealer, e.supervisor))


def apply(bank: BankState, event: ev.Event, at: str) -> BankState:
    """``bank`` after one of the bank's own events (``events.BANK_EVENTS``): the table's folds and a journal
    report's reading (``figures/bank.py``) both go through here."""
    if isinstance(event, ev.ShiftOpened):
        return opened(bank, event, at)
    if isinstance(event, ev.BuyInTaken):
        return bought_in(bank, event)
    if isinstance(event, ev.SlipRequested):
        return requested(bank, event)
    if isinstance(event, ev.SlipIssued):
        return issued(bank, event)
    if isinstance(event, ev.SlipReceived):
        return received(bank, event)
    if isinstance(event, ev.SlipRefused):
        return refused(bank, event)
    if isinstance(event, ev.SlipVoided):
        return voided(bank, event)
    if isinstance(event, ev.ShiftClosed):
        return closed(bank, event, at)
    raise TypeError(f"not a bank event: {event.kind}")


def tray_event(bank: BankState, event: ev.Event) -> BankState:
    """``bank`` after one of the sensed tray's events (``events.TRAY_EVENTS``), within the open shift."""
    shift = bank.open_shift
    if shift is None or shift.tray is None:
        return bank  # journaled only within a shift: a defect elsewhere, never a crash of the replay
    watch = shift.tray
    if isinstance(event, ev.TrayScanned):
        watch = watch.step(count_from_payload(event.sensed), event.confirm_rounds)[0]
    elif isinstance(event, ev.TrayAlarmRaised):
        watch = watch.raised(TrayAlarm(event.after_round, event.confirmed_by, event.difference,
                                       tuple((exact_decimal(k), n) for k, n in event.moved.items())))
    elif isinstance(event, ev.TrayAlarmCleared):
        watch = watch.raised(None)
    else:
        raise TypeError(f"not a tray event: {event.kind}")
    return _with_shift(bank, tray=watch)


def round_moved(bank: BankState, move: RoundMove) -> BankState:
    """A round ended within the open shift: what it moved is added to the shift's (a voided round: nothing)."""
    shift = bank.open_shift
    if shift is None:
        return bank  # a round with no shift open (a table without a bank, or before its first shift)
    won = not move.voided
    return _with_shift(bank, collected=shift.collected + (move.collected if won else ZERO),
                       paid=shift.paid + (move.paid if won else ZERO), rounds=shift.rounds + 1,
                       voided=shift.voided + (not won), last_round=move.round_id,
                       tray=shift.tray and shift.tray.ended(move))


def round_adjusted(bank: BankState, round_id: str, adjustments: dict[str, Decimal]) -> BankState:
    """A supervisor's correction of the shift's last round (+ paid to a seat, - collected from it)."""
    shift = bank.open_shift
    if shift is None or shift.last_round != round_id:
        return bank  # the round ended before this shift (or with no shift open): not this shift's
    move = adjusted_move(RoundMove(round_id, ZERO, ZERO), round_id, adjustments)
    return _with_shift(bank, collected=shift.collected + move.collected, paid=shift.paid + move.paid,
                       tray=shift.tray and shift.tray.adjusted(move))


def settlement_move(round_id: str, settlement: dict[str, Any] | None, rake: Decimal | None) -> RoundMove:
    """What a paid round moved through the tray: each losing seat's stake collected, each winning seat's net
    paid (``net`` of the settlement, seat by seat); a poker hand's rake is collected, its pots move between
    players only."""
    if rake is not None:
        return RoundMove(round_id, rake, ZERO)
    nets = [Decimal(str(s["net"])) for s in (settlement or {}).get("seats", [])]
    return RoundMove(round_id, -sum((n for n in nets if n < 0), ZERO), sum((n for n in nets if n > 0), ZERO))


def adjusted_move(move: RoundMove | None, round_id: str, adjustments: dict[str, Decimal]) -> RoundMove:
    """A supervisor's correction (+ paid to a seat, - collected from it) added to the round's move."""
    base = move or RoundMove(round_id, ZERO, ZERO)
    paid = sum((a for a in adjustments.values() if a > 0), ZERO)
    collected = -sum((a for a in adjustments.values() if a < 0), ZERO)
    return replace(base, collected=base.collected + collected, paid=base.paid + paid)
