"""The folds of the events every table journals: ``COMMON``, ``evolve`` and ``replay``.

``evolve`` is the only code that changes the table's state (``table/state.py``). The live
session applies each event after the journal has made it durable, a command's decision step
applies the same events to a scratch copy (``TableState.clone``) to work out what follows, and
recovery replays the file: one piece of code for all three. Nothing here decides whether an
event is allowed; the game family's rules do. A game extends ``COMMON`` with its own events'
folds (``COMMON.extended()``, ``table/fold.py``); the bet sensor's events (``table/sensing.py``)
are common to every banking table and fold here.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from ..bank.book import RoundMove
from . import bank, seated
from . import events as ev
from .event_base import Event
from .fold import Folds
from .phases import BETTING, DEALING, NO_MORE_BETS, PAID, SETTLEMENT, VOID
from .sensing import (
    AntennaState,
    BetAlarm,
    BetsSensed,
    ChipAccepted,
    CloneResolved,
    DecisionSensed,
    LockedSpot,
    PayoutOverridden,
    PayoutSensed,
    RoundSensing,
    SensorHeld,
    StakeRestored,
)
from .state import Halt, RoundState, SeatState, TableState

COMMON = Folds()
"""The folds of the events every table journals; a game extends them (``Folds.extended``)."""
seated.fold_into(COMMON)  # the player at the seat (card in, out, pause, held, rating terms)


def evolve(state: TableState, event: ev.Event, at: str, seq: int = 0, folds: Folds = COMMON) -> TableState:
    """Fold one event into ``state`` (in place) with ``folds`` (a game's, or the common ones)."""
    return folds.evolve(state, event, at, seq)


# --- handlers ---------------------------------------------------------------------


def _round(state: TableState) -> RoundState:
    if state.round is None:  # pragma: no cover - no rule journals this
        raise RuntimeError("round event with no round open")
    return state.round


@COMMON.on(ev.JournalCreated)
def _journal_created(state: TableState, e: ev.JournalCreated, at: str) -> None:
    state.journal_info = dict(e.info)


@COMMON.on(ev.StationStarted)
def _station_started(state: TableState, e: ev.StationStarted, at: str) -> None:
    state.program = dict(e.program)
    state.deck_verified = False  # the shoe's deck is unknown after a restart: verify again
    state.dealer = None  # and so is who deals, until the croupier says
    for dev in state.devices.values():
        dev.connected = False


@COMMON.on(ev.SegmentArchived)
def _segment_archived(state: TableState, e: ev.SegmentArchived, at: str) -> None:
    """Records left the live file for the archive: the table itself is unchanged."""


@COMMON.on(ev.DiskSpace)
def _disk_space(state: TableState, e: ev.DiskSpace, at: str) -> None:
    state.disk = e.level


@COMMON.on(ev.DealerSignedIn)
def _dealer_signed_in(state: TableState, e: ev.DealerSignedIn, at: str) -> None:
    state.dealer = e.dealer


@COMMON.on(ev.DealerSignedOut)
def _dealer_signed_out(state: TableState, e: ev.DealerSignedOut, at: str) -> None:
    if state.dealer == e.dealer:
        state.dealer = None


@COMMON.on(ev.RoundOpened)
def _round_opened(state: TableState, e: ev.RoundOpened, at: str) -> None:
    state.round = RoundState(round_id=e.round_id, started_at=at, number=e.number, phase=e.phase or BETTING,
                             terms=e.terms)
    state.rounds_started = e.number
    state.deck_attempts = 0


@COMMON.on(ev.TermsInstalled)
def _terms_installed(state: TableState, e: ev.TermsInstalled, at: str) -> None:
    state.terms, state.terms_digest = dict(e.terms), e.digest


@COMMON.on(ev.BetsSet)
def _bets_set(state: TableState, e: ev.BetsSet, at: str) -> None:
    rnd = _round(state)
    if e.bets:
        rnd.seats[e.seat] = SeatState(seat=e.seat, bets=dict(e.bets), player=e.player)
    else:
        rnd.seats.pop(e.seat, None)


@COMMON.on(ev.NoMoreBets)
def _no_more_bets(state: TableState, e: ev.NoMoreBets, at: str) -> None:
    _round(state).phase = NO_MORE_BETS


@COMMON.on(ev.DeckRequested)
def _deck_requested(state: TableState, e: ev.DeckRequested, at: str) -> None:
    state.deck_attempts = e.attempt


@COMMON.on(ev.DealStarted)
def _deal_started(state: TableState, e: ev.DealStarted, at: str) -> None:
    rnd = _round(state)
    rnd.phase = DEALING
    rnd.packets = [(pos, n) for pos, n in e.packets]
    rnd.packet_index = 0
    rnd.by_hand = e.by_hand
    rnd.cards = {pos: [] for pos, _ in rnd.packets}
    rnd.deal_clock = at


@COMMON.on(ev.PacketRequested)
def _packet_requested(state: TableState, e: ev.PacketRequested, at: str) -> None:
    rnd = _round(state)
    rnd.asked = (*rnd.asked, (e.position, e.count)) if e.ahead else ((e.position, e.count),)


@COMMON.on(ev.CardDealt)
def _card_dealt(state: TableState, e: ev.CardDealt, at: str) -> None:
    rnd = _round(state)
    rnd.cards.setdefault(e.position, []).append(e.card)
    rnd.deal_clock = at
    if e.manual:
        rnd.manual_entries += 1
        rnd.keyed = rnd.keyed | {(e.position, e.index)}


@COMMON.on(ev.PacketDone)
def _packet_done(state: TableState, e: ev.PacketDone, at: str) -> None:
    rnd = _round(state)
    rnd.packet_index += 1
    rnd.asked = rnd.asked[1:]


@COMMON.on(ev.PhaseChanged)
def _phase(state: TableState, e: ev.PhaseChanged, at: str) -> None:
    rnd = _round(state)
    rnd.phase = e.phase
    rnd.deal_clock = at


@COMMON.on(ev.CardRevealed)
def _card_revealed(state: TableState, e: ev.CardRevealed, at: str) -> None:
    rnd = _round(state)
    cards = rnd.cards.setdefault(e.position, [])
    if e.index >= len(cards):  # dealt by hand: the reveal is where the card becomes known
        cards.append(e.card)
    rnd.revealed[e.position] = max(rnd.revealed.get(e.position, 0), e.index + 1)
    rnd.exposed = True
    rnd.deal_clock = at
    if e.manual:
        rnd.manual_entries += 1
        rnd.keyed = rnd.keyed | {(e.position, e.index)}


@COMMON.on(ev.CardCorrected)
def _card_corrected(state: TableState, e: ev.CardCorrected, at: str) -> None:
    _round(state).cards[e.position][e.index] = e.card


@COMMON.on(ev.Decision)
def _decision(state: TableState, e: ev.Decision, at: str) -> None:
    _round(state).seats[e.seat].actions.append(e.action)


@COMMON.on(ev.Halted)
def _halted(state: TableState, e: ev.Halted, at: str) -> None:
    rnd = state.round
    if rnd is not None and not rnd.finished:
        rnd.halt = Halt(e.halt, e.cause, e.text, e.device, dict(e.detail or {}))


@COMMON.on(ev.HaltCleared)
def _halt_cleared(state: TableState, e: ev.HaltCleared, at: str) -> None:
    if state.round is not None:
        state.round.halt = None
        state.round.deal_clock = at  # a deal released from a halt has its whole time limit again


@COMMON.on(ev.Settled)
def _settled(state: TableState, e: ev.Settled, at: str) -> None:
    rnd = _round(state)
    rnd.record = e.record
    rnd.settlement = e.settlement
    rnd.phase = SETTLEMENT


@COMMON.on(ev.SeatPaid)
def _seat_paid(state: TableState, e: ev.SeatPaid, at: str) -> None:
    rnd = _round(state)
    rnd.seats[e.seat].paid = True
    rnd.paid_order = (*rnd.paid_order, e.seat)


@COMMON.on(ev.SeatPaidUndone)
def _seat_paid_undone(state: TableState, e: ev.SeatPaidUndone, at: str) -> None:
    rnd = _round(state)
    rnd.seats[e.seat].paid = False
    rnd.paid_order = tuple(s for s in rnd.paid_order if s != e.seat)


@COMMON.on(ev.RoundPaid)
def _round_paid(state: TableState, e: ev.RoundPaid, at: str) -> None:
    rnd = _round(state)
    state.bank = bank.round_moved(state.bank, bank.settlement_move(rnd.round_id, rnd.settlement, e.rake))
    rnd.phase = PAID
    rnd.ended_at = at
    state.rounds_paid += 1
    rnd.halt = None
    state.deck_verified = False  # every round starts from a fresh, verified deck


@COMMON.on(ev.RoundVoided)
def _round_voided(state: TableState, e: ev.RoundVoided, at: str) -> None:
    rnd = _round(state)
    state.bank = bank.round_moved(state.bank, RoundMove(rnd.round_id, Decimal(0), Decimal(0), voided=True))
    rnd.void = {"cause": e.cause, "phase": e.phase, "by": e.by, "at": at,
                "returned": dict(e.returned)}
    if e.reason:
        rnd.void["reason"] = e.reason
    rnd.record = e.record
    rnd.phase = VOID
    rnd.ended_at = at
    state.rounds_voided += 1
    rnd.halt = None
    state.deck_verified = False


@COMMON.on(ev.RoundAdjusted)
def _round_adjusted(state: TableState, e: ev.RoundAdjusted, at: str) -> None:
    previous = state.adjustments.get(e.round_id, {})
    merged = dict(previous)
    for seat, amount in e.adjustments.items():
        merged[seat] = merged.get(seat, Decimal(0)) + amount
    state.adjustments[e.round_id] = merged
    state.bank = bank.round_adjusted(state.bank, e.round_id, dict(e.adjustments))


@COMMON.on(ev.DeckVerified)
def _deck_verified(state: TableState, e: ev.DeckVerified, at: str) -> None:
    state.deck_verified = e.ok
    state.deck_report = {"ok": e.ok, "count": e.count, "missing": list(e.missing), "extra": list(e.extra),
                         "duplicates": list(e.duplicates)}


@COMMON.on(ev.DeckInvalidated)
def _deck_invalidated(state: TableState, e: ev.DeckInvalidated, at: str) -> None:
    state.deck_verified = False


@COMMON.on(ev.DeviceLink)
def _device_link(state: TableState, e: ev.DeviceLink, at: str) -> None:
    dev = state._device(e.device)
    dev.connected = e.up
    dev.last_seen = at
    if e.identity:
        dev.identity = dict(e.identity)
    if e.up:
        dev.refused = None  # the unit that came up proved itself (or was not asked to)
        if e.identity and e.identity.get("authenticated"):  # the unit that stands on this port from now on
            dev.unit = {"model": e.identity.get("model", ""), "serial_number": e.identity.get("serial_number", ""),
                        "key_id": e.identity.get("key_id", "")}


@COMMON.on(ev.DeviceAccepted)
def _device_accepted(state: TableState, e: ev.DeviceAccepted, at: str) -> None:
    dev = state._device(e.device)
    dev.unit = {"model": e.model, "serial_number": e.serial_number, "key_id": ""}  # its key: pinned when it proves itself
    dev.refused = None


@COMMON.on(ev.DeviceRefused)
def _device_refused(state: TableState, e: ev.DeviceRefused, at: str) -> None:
    dev = state._device(e.device)
    dev.connected = False
    dev.last_seen = at
    dev.refused = {"model": e.model, "serial_number": e.serial_number, "program_hash": e.program_hash,
                   "reason": e.reason, "detail": e.detail}


@COMMON.on(ev.DeviceStatus)
def _device_status(state: TableState, e: ev.DeviceStatus, at: str) -> None:
    dev = state._device(e.device)
    dev.status = e.state
    dev.last_seen = at


@COMMON.on(ev.DeviceFault, ev.ReadRejected, ev.SupervisorAuth)
def _ignore(state: TableState, e: ev.Event, at: str) -> None:
    """Journaled for the audit trail; the table's state does not depend on it."""


def replay(state: TableState, records: Any, folds: Folds = COMMON) -> TableState:
    """Apply journal records (objects with ``kind``, ``payload``, ``at``, ``seq``) in order."""
    return folds.replay(state, records)


# --- bet sensing (``table/sensing.py``) -------------------------------------------


def _sensing(state: TableState) -> RoundSensing:
    rnd = state.round
    assert rnd is not None
    current = rnd.sensed
    return current if isinstance(current, RoundSensing) else RoundSensing()


@COMMON.on(BetsSensed)
def _bets_sensed(state: TableState, e: BetsSensed, at: str) -> None:
    locked = {(int(s["seat"]), str(s["spot"])): LockedSpot(Decimal(str(s["amount"])), tuple(s.get("chips", ())),
                                                           bool(s.get("keyed", False))) for s in e.spots}
    assert state.round is not None
    state.round.sensed = replace(_sensing(state), locked=MappingProxyType(locked))


@COMMON.on(DecisionSensed)
def _decision_sensed(state: TableState, e: DecisionSensed, at: str) -> None:
    current = _sensing(state)
    assert state.round is not None
    locked = {**(current.locked or {}), (e.seat, e.spot): LockedSpot(e.amount, tuple(e.chips), e.keyed)}
    state.round.sensed = replace(current, locked=MappingProxyType(locked))


@COMMON.on(ChipAccepted)
def _chip_accepted(state: TableState, e: ChipAccepted, at: str) -> None:
    current = _sensing(state)
    assert state.round is not None
    state.round.sensed = replace(current, accepted=MappingProxyType({**current.accepted, e.chip: e.denomination}))


@COMMON.on(BetAlarm)
def _bet_alarm(state: TableState, e: BetAlarm, at: str) -> None:
    current = _sensing(state)
    assert state.round is not None
    state.round.sensed = replace(current, alarms=current.alarms + 1)


@COMMON.on(SensorHeld)
def _sensor_held(state: TableState, e: SensorHeld, at: str) -> None:
    """A cloned chip holds the round until a supervisor resolves it; the other kinds are refusals, on record."""
    cloned = frozenset(str(s.get("chip", "")) for s in e.spots if isinstance(s, dict) and s.get("kind") == "clone")
    if not cloned or state.round is None:
        return
    current = _sensing(state)
    state.round.sensed = replace(current, clones=current.clones | cloned)


@COMMON.on(CloneResolved)
def _clone_resolved(state: TableState, e: CloneResolved, at: str) -> None:
    current = _sensing(state)
    assert state.round is not None
    state.round.sensed = replace(current, clones=current.clones - frozenset(e.chips))


@COMMON.on(StakeRestored, AntennaState, PayoutOverridden, PayoutSensed)
def _nothing_to_fold(state: TableState, e: Event, at: str) -> None:
    """Journaled for the record; the halt's clearing (``halt_cleared``) is what moves the round on."""


# --- the table bank (``table/bank.py``; the rules are ``engine/bank.py``) ----------------------


@COMMON.on(*ev.BANK_EVENTS)
def _bank_event(state: TableState, e: ev.Event, at: str) -> None:
    state.bank = bank.apply(state.bank, e, at)


@COMMON.on(*ev.TRAY_EVENTS)
def _tray_event(state: TableState, e: ev.Event, at: str) -> None:
    state.bank = bank.tray_event(state.bank, e)
