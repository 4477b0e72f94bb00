"""The table's state as a fold over journal events: ``evolve(state, event)``.

``evolve`` is the only code that changes state. The live session applies each event
after the journal has made it durable, a command's decision step applies the same
events to a scratch copy (``TableState.clone``) to work out what follows, and recovery
replays the file: one piece of code for all three. Nothing here decides whether an
event is allowed; the game family's rules do.

Each fact is stored once: a seat's hole cards are the cards at position ``seatN``; what
a seat has on the table is the game's ``stakes`` of its bets and decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from . import events as ev
from .phases import BETTING, DEALING, NO_MORE_BETS, PAID, SETTLEMENT, VOID


@dataclass(slots=True)
class SeatState:
    seat: int
    bets: dict[str, Decimal] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    paid: bool = False
    player: int | None = None
    """The seat of the player who plays this spot when it is not its own (spot takeover)."""

    def clone(self) -> SeatState:
        return SeatState(self.seat, dict(self.bets), list(self.actions), self.paid, self.player)


@dataclass(frozen=True, slots=True)
class Halt:
    """Why the round is stopped (``kind``: a key of ``phases.HALT_KINDS``)."""

    kind: str
    cause: str
    text: str
    device: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class RoundState:
    round_id: str
    started_at: str
    number: int = 0
    phase: str = BETTING
    seats: dict[int, SeatState] = field(default_factory=dict)
    cards: dict[str, list[int]] = field(default_factory=dict)  # position -> cards as known, in deal order
    packets: list[tuple[str, int]] = field(default_factory=list)
    packet_index: int = 0
    requested: tuple[str, int] | None = None  # the packet the shoe was last asked for
    by_hand: bool = False
    revealed: dict[str, int] = field(default_factory=dict)  # position -> how many of its cards are face up
    manual_entries: int = 0
    exposed: bool = False
    halt: Halt | None = None
    settlement: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    void: dict[str, Any] | None = None
    ended_at: str | None = None
    paid_order: tuple[int, ...] = ()
    """Seats marked paid, in the order the croupier marked them (the last one may be undone)."""
    game_state: Any = None
    """Per-round state a game keeps for itself (immutable values only, e.g. jackpot awards)."""

    @property
    def finished(self) -> bool:
        return self.phase in (PAID, VOID)

    def hole(self, seat: int) -> list[int]:
        """The seat's hole cards as known to the station (one store: ``cards['seatN']``)."""
        return self.cards.get(f"seat{seat}", [])

    def dealt_cards(self) -> list[int]:
        return [c for cards in self.cards.values() for c in cards]

    def packet_size(self, position: str) -> int:
        """Cards dealt to ``position`` this round once every packet is out (poker's board comes in three)."""
        return sum(n for pos, n in self.packets if pos == position)

    def clone(self) -> RoundState:
        return replace(
            self,
            seats={n: s.clone() for n, s in self.seats.items()},
            cards={p: list(c) for p, c in self.cards.items()},
            packets=list(self.packets),
            revealed=dict(self.revealed),
        )


@dataclass(slots=True)
class DeviceState:
    name: str
    connected: bool = False
    identity: dict[str, Any] | None = None
    last_seen: str | None = None
    status: str | None = None

    def clone(self) -> DeviceState:
        return replace(self)


@dataclass(slots=True)
class TableState:
    table_id: str
    round: RoundState | None = None
    rounds_started: int = 0
    rounds_paid: int = 0
    rounds_voided: int = 0
    deck_verified: bool = False
    deck_attempts: int = 0  # deck requests for the round in progress (bounded)
    deck_report: dict[str, Any] | None = None
    devices: dict[str, DeviceState] = field(default_factory=dict)
    last_seq: int = 0
    program: dict[str, Any] | None = None
    journal_info: dict[str, Any] | None = None
    dealer: str | None = None
    """Who deals now, when the croupier said so (``dealer_signed_in``); unknown after a restart."""
    adjustments: dict[str, dict[str, Decimal]] = field(default_factory=dict)  # round id -> seat -> amount
    game_state: Any = None
    """Table-level state a game keeps across rounds (immutable values only, e.g. the jackpot meter)."""

    def device(self, name: str) -> DeviceState:
        """The device's state (a fresh, disconnected one if it never reported)."""
        return self.devices.get(name) or DeviceState(name)

    def _device(self, name: str) -> DeviceState:
        if name not in self.devices:
            self.devices[name] = DeviceState(name)
        return self.devices[name]

    @property
    def round_open(self) -> bool:
        return self.round is not None and not self.round.finished

    def clone(self) -> TableState:
        return replace(
            self,
            round=self.round.clone() if self.round is not None else None,
            devices={n: d.clone() for n, d in self.devices.items()},
            adjustments=dict(self.adjustments),
        )


GameEvolver = Callable[[TableState, ev.Event, str], bool]
"""A game's own events: ``(state, event, at) -> handled``."""


def evolve(state: TableState, event: ev.Event, at: str, seq: int = 0, game: GameEvolver | None = None) -> TableState:
    """Fold one event into ``state`` (in place) and return it."""
    handler = _HANDLERS.get(type(event))
    if handler is not None:
        handler(state, event, at)
    if game is not None:  # the game sees every event: its own, and the common ones after their fold
        game(state, event, at)
    if seq:
        state.last_seq = seq
    return state


# --- handlers ---------------------------------------------------------------------


def _round(state: TableState) -> RoundState:
    if state.round is None:  # pragma: no cover - no rule journals this
        raise RuntimeError("round event with no round open")
    return state.round


def _journal_created(state: TableState, e: ev.JournalCreated, at: str) -> None:
    state.journal_info = dict(e.info)


def _station_started(state: TableState, e: ev.StationStarted, at: str) -> None:
    state.program = dict(e.program)
    state.deck_verified = False  # the shoe's deck is unknown after a restart: verify again
    state.dealer = None  # and so is who deals, until the croupier says
    for dev in state.devices.values():
        dev.connected = False


def _dealer_signed_in(state: TableState, e: ev.DealerSignedIn, at: str) -> None:
    state.dealer = e.dealer


def _dealer_signed_out(state: TableState, e: ev.DealerSignedOut, at: str) -> None:
    if state.dealer == e.dealer:
        state.dealer = None


def _round_opened(state: TableState, e: ev.RoundOpened, at: str) -> None:
    state.round = RoundState(round_id=e.round_id, started_at=at, number=e.number, phase=e.phase or BETTING)
    state.rounds_started = e.number
    state.deck_attempts = 0


def _bets_set(state: TableState, e: ev.BetsSet, at: str) -> None:
    rnd = _round(state)
    if e.bets:
        rnd.seats[e.seat] = SeatState(seat=e.seat, bets=dict(e.bets), player=e.player)
    else:
        rnd.seats.pop(e.seat, None)


def _no_more_bets(state: TableState, e: ev.NoMoreBets, at: str) -> None:
    _round(state).phase = NO_MORE_BETS


def _deck_requested(state: TableState, e: ev.DeckRequested, at: str) -> None:
    state.deck_attempts = e.attempt


def _deal_started(state: TableState, e: ev.DealStarted, at: str) -> None:
    rnd = _round(state)
    rnd.phase = DEALING
    rnd.packets = [(pos, n) for pos, n in e.packets]
    rnd.packet_index = 0
    rnd.by_hand = e.by_hand
    rnd.cards = {pos: [] for pos, _ in rnd.packets}


def _packet_requested(state: TableState, e: ev.PacketRequested, at: str) -> None:
    _round(state).requested = (e.position, e.count)


def _card_dealt(state: TableState, e: ev.CardDealt, at: str) -> None:
    rnd = _round(state)
    rnd.cards.setdefault(e.position, []).append(e.card)
    if e.manual:
        rnd.manual_entries += 1


def _packet_done(state: TableState, e: ev.PacketDone, at: str) -> None:
    rnd = _round(state)
    rnd.packet_index += 1
    rnd.requested = None


def _phase(state: TableState, e: ev.PhaseChanged, at: str) -> None:
    _round(state).phase = e.phase


def _card_revealed(state: TableState, e: ev.CardRevealed, at: str) -> None:
    rnd = _round(state)
    cards = rnd.cards.setdefault(e.position, [])
    if e.index >= len(cards):  # dealt by hand: the reveal is where the card becomes known
        cards.append(e.card)
    rnd.revealed[e.position] = max(rnd.revealed.get(e.position, 0), e.index + 1)
    rnd.exposed = True
    if e.manual:
        rnd.manual_entries += 1


def _card_corrected(state: TableState, e: ev.CardCorrected, at: str) -> None:
    _round(state).cards[e.position][e.index] = e.card


def _decision(state: TableState, e: ev.Decision, at: str) -> None:
    _round(state).seats[e.seat].actions.append(e.action)


def _halted(state: TableState, e: ev.Halted, at: str) -> None:
    rnd = state.round
    if rnd is not None and not rnd.finished:
        rnd.halt = Halt(e.halt, e.cause, e.text, e.device, dict(e.detail or {}))


def _halt_cleared(state: TableState, e: ev.HaltCleared, at: str) -> None:
    if state.round is not None:
        state.round.halt = None


def _settled(state: TableState, e: ev.Settled, at: str) -> None:
    rnd = _round(state)
    rnd.record = e.record
    rnd.settlement = e.settlement
    rnd.phase = SETTLEMENT


def _seat_paid(state: TableState, e: ev.SeatPaid, at: str) -> None:
    rnd = _round(state)
    rnd.seats[e.seat].paid = True
    rnd.paid_order = (*rnd.paid_order, e.seat)


def _seat_paid_undone(state: TableState, e: ev.SeatPaidUndone, at: str) -> None:
    rnd = _round(state)
    rnd.seats[e.seat].paid = False
    rnd.paid_order = tuple(s for s in rnd.paid_order if s != e.seat)


def _round_paid(state: TableState, e: ev.RoundPaid, at: str) -> None:
    rnd = _round(state)
    rnd.phase = PAID
    rnd.ended_at = at
    state.rounds_paid += 1
    rnd.halt = None
    state.deck_verified = False  # every round starts from a fresh, verified deck


def _round_voided(state: TableState, e: ev.RoundVoided, at: str) -> None:
    rnd = _round(state)
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


def _round_adjusted(state: TableState, e: ev.RoundAdjusted, at: str) -> None:
    previous = state.adjustments.get(e.round_id, {})
    merged = dict(previous)
    for seat, amount in e.adjustments.items():
        merged[seat] = merged.get(seat, Decimal(0)) + amount
    state.adjustments[e.round_id] = merged


def _deck_verified(state: TableState, e: ev.DeckVerified, at: str) -> None:
    state.deck_verified = e.ok
    state.deck_report = {"ok": e.ok, "count": e.count, "missing": list(e.missing), "extra": list(e.extra),
                         "duplicates": list(e.duplicates)}


def _deck_invalidated(state: TableState, e: ev.DeckInvalidated, at: str) -> None:
    state.deck_verified = False


def _device_link(state: TableState, e: ev.DeviceLink, at: str) -> None:
    dev = state._device(e.device)
    dev.connected = e.up
    dev.last_seen = at
    if e.identity:
        dev.identity = dict(e.identity)


def _device_status(state: TableState, e: ev.DeviceStatus, at: str) -> None:
    dev = state._device(e.device)
    dev.status = e.state
    dev.last_seen = at


def _ignore(state: TableState, e: ev.Event, at: str) -> None:
    """Journaled for the audit trail; the table's state does not depend on it."""


_HANDLERS: dict[type[ev.Event], Callable[[TableState, Any, str], None]] = {
    ev.JournalCreated: _journal_created,
    ev.StationStarted: _station_started,
    ev.DealerSignedIn: _dealer_signed_in,
    ev.DealerSignedOut: _dealer_signed_out,
    ev.RoundOpened: _round_opened,
    ev.BetsSet: _bets_set,
    ev.NoMoreBets: _no_more_bets,
    ev.DeckRequested: _deck_requested,
    ev.DealStarted: _deal_started,
    ev.PacketRequested: _packet_requested,
    ev.CardDealt: _card_dealt,
    ev.PacketDone: _packet_done,
    ev.PhaseChanged: _phase,
    ev.CardRevealed: _card_revealed,
    ev.CardCorrected: _card_corrected,
    ev.Decision: _decision,
    ev.Halted: _halted,
    ev.HaltCleared: _halt_cleared,
    ev.Settled: _settled,
    ev.SeatPaid: _seat_paid,
    ev.SeatPaidUndone: _seat_paid_undone,
    ev.RoundPaid: _round_paid,
    ev.RoundVoided: _round_voided,
    ev.RoundAdjusted: _round_adjusted,
    ev.DeckVerified: _deck_verified,
    ev.DeckInvalidated: _deck_invalidated,
    ev.DeviceLink: _device_link,
    ev.DeviceStatus: _device_status,
    ev.DeviceFault: _ignore,
    ev.ReadRejected: _ignore,
    ev.SupervisorAuth: _ignore,
}


def replay(state: TableState, records: Any, game: GameEvolver | None = None) -> TableState:
    """Apply journal records (objects with ``kind``, ``payload``, ``at``, ``seq``) in order."""
    for record in records:
        evolve(state, ev.decode(record.kind, record.payload), record.at, record.seq, game=game)
    return state
