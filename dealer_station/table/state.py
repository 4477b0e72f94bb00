"""The table's state: what the folds of ``table/folds.py`` build from journal events.

``evolve`` (``table/folds.py``) is the only code that changes state. The live session applies each event
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

from .bank import BankState
from .phases import BETTING, PAID, VOID

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
    asked: tuple[tuple[str, int], ...] = ()
    """The packets the shoe was asked for and has not finished, in order: the one it deals now first (the
    station asks for the whole deal at once, ``PacketRequested.ahead``)."""
    by_hand: bool = False
    revealed: dict[str, int] = field(default_factory=dict)  # position -> how many of its cards are face up
    manual_entries: int = 0
    keyed: frozenset[tuple[str, int]] = frozenset()
    """(position, index) of every card the croupier keyed by hand: the only cards a supervisor may correct."""
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
    """When the round last moved in its deal (entered a phase, a card was dealt or turned up, a halt
    cleared): a reading-shoe deal's time limit and a reveal's wait for the reader run from it."""
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
    unit: dict[str, Any] | None = None
    """The unit that stands on this port (model, serial_number, key_id: "" for whatever key is enrolled for the
    serial): the last that proved itself here, or that a supervisor accepted. Another is a swap, also after
    a restart (the station tells the driver before the port opens)."""

    @property
    def held_refused(self) -> bool:
        """Refused at its last connect and no unit up since: no round may count on it."""
        return self.refused is not None and not self.connected

    @property
    def swapped(self) -> bool:
        """Held refused as another unit than the one that stands on its port: a supervisor may accept it."""
        return self.held_refused and (self.refused or {}).get("reason") == "swap"

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
    bank: BankState = field(default_factory=BankState)
    """The table bank (``table/bank.py``): the shift in progress or the last one (immutable, replaced whole)."""
    seated: Any = None
    """Seat -> the player carded in there (``table/seated.py``: an immutable mapping, replaced by each fold)."""
    withheld: Any = None
    """(round id, seat) -> winnings withheld from a held seat, not yet released or forfeited (``table/seated.py``)."""
    rating_terms: Any = None
    """The last ``rating_terms`` a supervisor journaled (``table/seated.py``), None: the profile's."""
    disk: str = "ok"
    """The journal's disk as the disk watch last journaled it (``disk_space``): ok, warning or halt."""

    def device(self, name: str) -> DeviceState:
        """The device's state (a fresh, disconnected one if it never reported)."""
        return self.devices.get(name) or DeviceState(name)

    def _device(self, name: str) -> DeviceState:
        if name not in self.devices:
            self.devices[name] = DeviceState(name)
        return self.devices[name]

    @property
    def approve_any(self) -> bool:
        """The station that started last accepts any program on its devices (its profile says so)."""
        return bool((self.program or {}).get("approve_any"))

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
