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

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

from . import events as ev
from .fold import Folds
from .phases import BETTING, DEALING, NO_MORE_BETS, PAID, SETTLEMENT, VOID

_S = TypeVar("_S")


def _copied(obj: _S, **changes: Any) -> _S:
    """A shallow copy of a slotted state object, with ``changes``: what ``dataclasses.replace`` does,
    without its per-call field walk and ``__init__`` (every command clones the table state, 40 us a
    time with ``replace``)."""
    cls = type(obj)
    new = object.__new__(cls)
    for name in cls.__slots__:  # type: ignore[attr-defined]  # every state class is @dataclass(slots=True)
        setattr(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


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
    terms: str | None = None
    """Digest of the terms the round was opened under (None: a round of a journal before terms)."""
    deal_clock: str | None = None
    """When the round last moved in its deal (entered a phase, or a card was dealt): a reading-shoe
    deal's time limit runs from it."""
    sensed: Any = None
    """The round's bet sensing as journaled (``table/sensing.py``'s immutable ``RoundSensing``), if any."""

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
        return _copied(
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
    refused: dict[str, Any] | None = None
    """The last refusal (model, serial_number, program_hash, reason, detail) until a proven unit comes up."""

    @property
    def held_refused(self) -> bool:
        """Refused at its last connect and no unit up since: no round may count on it."""
        return self.refused is not None and not self.connected

    @property
    def unauthenticated(self) -> bool:
        """Up without having proved who it is (allowed by the profile, or not asked to)."""
        return self.connected and not (self.identity or {}).get("authenticated")

    def refusal_line(self) -> str:
        """One line naming the refused unit and why (halt text, refusals, the pit's tile)."""
        r = self.refused or {}
        return (f"{self.name} {r.get('model', '?')} {r.get('serial_number', '?')} refused: "
                f"{str(r.get('reason', '?')).replace('_', ' ')}")

    def clone(self) -> DeviceState:
        return _copied(self)


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
    terms: dict[str, Any] | None = None
    """The terms installed last (``terms_installed``): those the next round opens under."""
    terms_digest: str | None = None

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
        return _copied(
            self,
            round=self.round.clone() if self.round is not None else None,
            devices={n: d.clone() for n, d in self.devices.items()},
            adjustments=dict(self.adjustments),
        )


COMMON = Folds()
"""The folds of the events every table journals; a game extends them (``Folds.extended``)."""


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
    _round(state).requested = (e.position, e.count)


@COMMON.on(ev.CardDealt)
def _card_dealt(state: TableState, e: ev.CardDealt, at: str) -> None:
    rnd = _round(state)
    rnd.cards.setdefault(e.position, []).append(e.card)
    rnd.deal_clock = at
    if e.manual:
        rnd.manual_entries += 1


@COMMON.on(ev.PacketDone)
def _packet_done(state: TableState, e: ev.PacketDone, at: str) -> None:
    rnd = _round(state)
    rnd.packet_index += 1
    rnd.requested = None


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
    if e.manual:
        rnd.manual_entries += 1


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
    rnd.phase = PAID
    rnd.ended_at = at
    state.rounds_paid += 1
    rnd.halt = None
    state.deck_verified = False  # every round starts from a fresh, verified deck


@COMMON.on(ev.RoundVoided)
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


@COMMON.on(ev.RoundAdjusted)
def _round_adjusted(state: TableState, e: ev.RoundAdjusted, at: str) -> None:
    previous = state.adjustments.get(e.round_id, {})
    merged = dict(previous)
    for seat, amount in e.adjustments.items():
        merged[seat] = merged.get(seat, Decimal(0)) + amount
    state.adjustments[e.round_id] = merged


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


from . import sensing as _sensing  # noqa: E402,F401  (bet sensing's events fold here too: registered on COMMON)
