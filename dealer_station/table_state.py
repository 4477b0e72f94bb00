"""The table's state as a fold over journal events.

The journal is the source of truth: ``apply`` is the only code that changes state, and
both the live controller (after journaling an event) and recovery (replaying the file)
call it. Nothing here decides whether an event is allowed; that is the controller's job.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

# Phases of a round, in order. Decision phases are named after the game's streets.
CLOSED = "closed"
BETTING = "betting"
NO_MORE_BETS = "no_more_bets"
DEALING = "dealing"
DEALER_REVEAL = "dealer_reveal"
HANDS_REVEAL = "hands_reveal"  # hand deal only: players' cards read at showdown
SETTLEMENT = "settlement"
PAID = "paid"
VOID = "void"


def reveal_phase(street: str) -> str:
    return f"{street}_reveal"


@dataclass
class SeatState:
    seat: int
    bets: dict[str, Decimal] = field(default_factory=dict)
    hole: list[int] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    paid: bool = False


@dataclass
class Halt:
    """Why the round is stopped and who may restart it."""

    kind: str  # "fault" | "mismatch" | "link" | "deck" | "unreadable"
    cause: str  # a fault code or "reader_mismatch" ...
    text: str
    device: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class RoundState:
    round_id: str
    started_at: str
    phase: str = BETTING
    seats: dict[int, SeatState] = field(default_factory=dict)
    cards: dict[str, list[int]] = field(default_factory=dict)  # position -> cards as dealt
    packets: list[tuple[str, int]] = field(default_factory=list)
    packet_index: int = 0
    revealed: dict[str, int] = field(default_factory=dict)  # position -> cards shown
    reads: list[tuple[str, int, int | None]] = field(default_factory=list)  # position, index, card read
    manual_entries: int = 0
    exposed: bool = False
    halt: Halt | None = None
    settlement: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    void: dict[str, Any] | None = None
    ended_at: str | None = None

    @property
    def finished(self) -> bool:
        return self.phase in (PAID, VOID)

    def stakes(self) -> dict[int, Decimal]:
        return {s.seat: sum(s.bets.values(), Decimal(0)) for s in self.seats.values()}

    def dealt_cards(self) -> list[int]:
        return [c for cards in self.cards.values() for c in cards]


@dataclass
class DeviceState:
    name: str
    connected: bool = False
    identity: dict[str, Any] | None = None
    last_seen: str | None = None
    status: str | None = None


@dataclass
class TableState:
    table_id: str
    round: RoundState | None = None
    rounds_started: int = 0
    deck_verified: bool = False
    deck_report: dict[str, Any] | None = None
    devices: dict[str, DeviceState] = field(default_factory=dict)
    last_seq: int = 0
    program: dict[str, Any] | None = None

    def device(self, name: str) -> DeviceState:
        if name not in self.devices:
            self.devices[name] = DeviceState(name)
        return self.devices[name]


def _money(values: Mapping[str, Any]) -> dict[str, Decimal]:
    return {k: Decimal(str(v)) for k, v in values.items()}


def apply(state: TableState, kind: str, payload: Mapping[str, Any], at: str, seq: int = 0) -> None:
    """Fold one journal event into ``state`` (in place)."""
    handler = _HANDLERS.get(kind)
    if handler is not None:
        handler(state, payload, at)
    if seq:
        state.last_seq = seq


def replay(state: TableState, events: Iterable[Any]) -> TableState:
    """Apply journal events (objects with kind, payload, at, seq) in order."""
    for ev in events:
        apply(state, ev.kind, ev.payload, ev.at, ev.seq)
    return state


# --- handlers ---------------------------------------------------------------------

def _round(state: TableState) -> RoundState:
    if state.round is None:  # pragma: no cover - the controller never journals this
        raise RuntimeError("round event with no round open")
    return state.round


def _station_started(state: TableState, p: Mapping[str, Any], at: str) -> None:
    state.program = dict(p)
    state.deck_verified = False  # the shoe's deck is unknown after a restart: verify again
    for dev in state.devices.values():
        dev.connected = False


def _round_opened(state: TableState, p: Mapping[str, Any], at: str) -> None:
    state.round = RoundState(round_id=p["round_id"], started_at=at)
    state.rounds_started = int(p.get("number", state.rounds_started + 1))


def _bets_set(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    seat = int(p["seat"])
    bets = _money(p["bets"])
    if bets:
        rnd.seats[seat] = SeatState(seat=seat, bets=bets)
    else:
        rnd.seats.pop(seat, None)


def _no_more_bets(state: TableState, p: Mapping[str, Any], at: str) -> None:
    _round(state).phase = NO_MORE_BETS


def _deal_started(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    rnd.phase = DEALING
    rnd.packets = [(pos, int(n)) for pos, n in p["packets"]]
    rnd.packet_index = 0
    rnd.cards = {pos: [] for pos, _ in rnd.packets}


def _card_dealt(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    pos = p["position"]
    rnd.cards.setdefault(pos, []).append(int(p["card"]))
    if pos.startswith("seat"):
        seat = rnd.seats.get(int(pos[4:]))
        if seat is not None:
            seat.hole.append(int(p["card"]))
    if p.get("manual"):
        rnd.manual_entries += 1


def _packet_done(state: TableState, p: Mapping[str, Any], at: str) -> None:
    _round(state).packet_index += 1


def _phase(state: TableState, p: Mapping[str, Any], at: str) -> None:
    _round(state).phase = p["phase"]


def _card_revealed(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    pos = p["position"]
    cards = rnd.cards.setdefault(pos, [])
    if int(p["index"]) >= len(cards):  # dealt by hand: the reveal is where the card becomes known
        cards.append(int(p["card"]))
        if pos.startswith("seat") and int(pos[4:]) in rnd.seats:
            rnd.seats[int(pos[4:])].hole.append(int(p["card"]))
    rnd.revealed[pos] = max(rnd.revealed.get(pos, 0), int(p["index"]) + 1)
    rnd.reads.append((pos, int(p["index"]), p.get("read")))
    rnd.exposed = True
    if p.get("manual"):
        rnd.manual_entries += 1


def _card_corrected(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    pos, index, card = p["position"], int(p["index"]), int(p["card"])
    rnd.cards[pos][index] = card
    if pos.startswith("seat"):
        rnd.seats[int(pos[4:])].hole[index] = card


def _decision(state: TableState, p: Mapping[str, Any], at: str) -> None:
    _round(state).seats[int(p["seat"])].actions.append(p["action"])


def _halted(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = state.round
    halt = Halt(kind=p["kind"], cause=p["cause"], text=p.get("text", ""), device=p.get("device"),
                detail=dict(p.get("detail") or {}))
    if rnd is not None and not rnd.finished:
        rnd.halt = halt


def _halt_cleared(state: TableState, p: Mapping[str, Any], at: str) -> None:
    if state.round is not None:
        state.round.halt = None


def _settled(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    rnd.record = p["record"]
    rnd.settlement = p["settlement"]
    rnd.phase = SETTLEMENT


def _seat_paid(state: TableState, p: Mapping[str, Any], at: str) -> None:
    _round(state).seats[int(p["seat"])].paid = True


def _round_paid(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    rnd.phase = PAID
    rnd.ended_at = at
    rnd.halt = None
    state.deck_verified = False  # every round starts from a fresh, verified deck


def _round_voided(state: TableState, p: Mapping[str, Any], at: str) -> None:
    rnd = _round(state)
    rnd.void = {"cause": p["cause"], "phase": p["phase"], "by": p["by"], "at": at}
    if p.get("reason"):
        rnd.void["reason"] = p["reason"]
    rnd.record = p.get("record")
    rnd.phase = VOID
    rnd.ended_at = at
    rnd.halt = None
    state.deck_verified = False


def _deck_verified(state: TableState, p: Mapping[str, Any], at: str) -> None:
    state.deck_verified = bool(p["ok"])
    state.deck_report = dict(p)


def _deck_invalidated(state: TableState, p: Mapping[str, Any], at: str) -> None:
    state.deck_verified = False


def _device_link(state: TableState, p: Mapping[str, Any], at: str) -> None:
    dev = state.device(p["device"])
    dev.connected = bool(p["up"])
    dev.last_seen = at
    if p.get("identity"):
        dev.identity = dict(p["identity"])


def _device_status(state: TableState, p: Mapping[str, Any], at: str) -> None:
    dev = state.device(p["device"])
    dev.status = p["state"]
    dev.last_seen = at


_HANDLERS = {
    "station_started": _station_started,
    "round_opened": _round_opened,
    "bets_set": _bets_set,
    "no_more_bets": _no_more_bets,
    "deal_started": _deal_started,
    "card_dealt": _card_dealt,
    "packet_done": _packet_done,
    "phase": _phase,
    "card_revealed": _card_revealed,
    "card_corrected": _card_corrected,
    "decision": _decision,
    "halted": _halted,
    "halt_cleared": _halt_cleared,
    "settled": _settled,
    "seat_paid": _seat_paid,
    "round_paid": _round_paid,
    "round_voided": _round_voided,
    "deck_verified": _deck_verified,
    "deck_invalidated": _deck_invalidated,
    "device_link": _device_link,
    "device_status": _device_status,
}
