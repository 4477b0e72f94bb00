"""The table's journal events (every game): one frozen class per kind.

Kinds and payload keys are those the station has always written, so every journal
replays; ``docs/journal-events.md`` lists them with who writes each and in which phase.
Game-specific events (the jackpot meter's, poker's) live with their game and register
through the same ``register``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from ..money import format_money
from .event_base import CROUPIER, DEVICE, STATION, SUPERVISOR, Event, EventError, decode, encode, register, upcaster

__all__ = [
    "BuyInTaken", "ShiftClosed", "ShiftOpened", "SlipIssued", "SlipReceived", "SlipRefused", "SlipRequested",
    "SlipVoided",
    "BetsSet", "CardCorrected", "CardDealt", "CardRevealed", "DealStarted", "DealerSignedIn", "DealerSignedOut",
    "Decision", "DeckInvalidated",
    "DeckRequested", "DeckVerified", "DeviceAccepted", "DeviceFault", "DeviceLink", "DeviceRefused", "DeviceStatus", "Event", "EventError", "Halted",
    "HaltCleared", "JournalCreated", "NoMoreBets", "PacketDone", "PacketRequested", "PhaseChanged", "ReadRejected",
    "RoundAdjusted", "RoundOpened", "RoundPaid", "RoundVoided", "SeatPaid", "SeatPaidUndone", "Settled",
    "DiskSpace", "SegmentArchived", "StationStarted",
    "SupervisorAuth", "decode", "encode", "register",
]


@register
@dataclass(frozen=True, slots=True)
class JournalCreated(Event):
    """The journal's first record: which table it belongs to and what it is for (in the chain)."""

    kind: ClassVar[str] = "journal_created"
    table_level: ClassVar[bool] = True
    info: dict[str, Any]

    def to_payload(self) -> dict[str, Any]:
        return dict(self.info)

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> JournalCreated:
        return cls(dict(data))


@register
@dataclass(frozen=True, slots=True)
class StationStarted(Event):
    """The program started on this journal; its identity (version, digest) is the payload, and
    ``approve_any: true`` when its profile accepts any program on the table's devices."""

    kind: ClassVar[str] = "station_started"
    table_level: ClassVar[bool] = True
    program: dict[str, Any]

    def to_payload(self) -> dict[str, Any]:
        return dict(self.program)

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> StationStarted:
        return cls(dict(data))


@register
@dataclass(frozen=True, slots=True)
class DealerSignedIn(Event):
    """Who deals at this table from now on (the croupier says so at the screen): the pit sees it."""

    kind: ClassVar[str] = "dealer_signed_in"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    dealer: str


@register
@dataclass(frozen=True, slots=True)
class DealerSignedOut(Event):
    """The dealer left the table (a break, the end of a shift)."""

    kind: ClassVar[str] = "dealer_signed_out"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    dealer: str


@register
@dataclass(frozen=True, slots=True)
class RoundOpened(Event):
    """A new round; ``phase``: the family's first phase (absent: ``betting``, the banking one);
    ``terms``: the digest of the terms it is settled by (version 2; version 1 named none)."""

    kind: ClassVar[str] = "round_opened"
    version: ClassVar[int] = 2
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    round_id: str
    number: int
    phase: str | None = None
    terms: str | None = None


@upcaster("round_opened", 1)
def _round_opened_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 rounds named no terms: they were settled by the profile of their day."""
    return data


@register
@dataclass(frozen=True, slots=True)
class TermsInstalled(Event):
    """The terms rounds are opened under from now on (``table/terms.py``), with their digest.

    Journaled before the first round that uses them: the next round after a profile edit,
    never the round in progress."""

    kind: ClassVar[str] = "terms_installed"
    table_level: ClassVar[bool] = True
    terms: dict[str, Any]
    digest: str


@register
@dataclass(frozen=True, slots=True)
class BetsSet(Event):
    """Every stake of one seat, replacing what it had (empty: the seat leaves the round)."""

    kind: ClassVar[str] = "bets_set"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    bets: dict[str, Decimal]
    player: int | None = None
    """Spot takeover: the seat of the player who plays this spot (games that allow it)."""


@register
@dataclass(frozen=True, slots=True)
class NoMoreBets(Event):
    """"Rien ne va plus": stakes are locked; ``stakes`` is each seat's total at that moment."""

    kind: ClassVar[str] = "no_more_bets"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    stakes: dict[str, Decimal]


@register
@dataclass(frozen=True, slots=True)
class DeckRequested(Event):
    """Journaled before the shoe is told to reset, shuffle and verify a fresh deck."""

    kind: ClassVar[str] = "deck_requested"
    attempt: int = 1


@register
@dataclass(frozen=True, slots=True)
class DeckVerified(Event):
    kind: ClassVar[str] = "deck_verified"
    writers: ClassVar[tuple[str, ...]] = (DEVICE,)
    ok: bool
    count: int
    missing: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    duplicates: tuple[int, ...] = ()


@register
@dataclass(frozen=True, slots=True)
class DeckInvalidated(Event):
    kind: ClassVar[str] = "deck_invalidated"
    reason: str


@register
@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """The packets of the deal, in order; ``by_hand``: the croupier deals, no shoe reports."""

    kind: ClassVar[str] = "deal_started"
    packets: tuple[tuple[str, int], ...]
    by_hand: bool = False


@register
@dataclass(frozen=True, slots=True)
class PacketRequested(Event):
    """Journaled before the shoe is asked for ``count`` cards for ``position``. ``ahead``: asked while the shoe
    still has the packets before it to deal (the station asks for the whole deal at once, one commit): queued
    behind them. Without it the request is for the packet due now and replaces whatever was asked before (a
    shoe reset after a jam forgets its queue)."""

    kind: ClassVar[str] = "packet_requested"
    position: str
    count: int
    ahead: bool | None = None


@register
@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """The shoe (or a reading shoe) reported a card; ``duplicate``/``unexpected`` mark the card that
    voided the round; ``manual``: the croupier keyed a card the reading shoe could not read."""

    kind: ClassVar[str] = "card_dealt"
    writers: ClassVar[tuple[str, ...]] = (DEVICE, CROUPIER)
    position: str
    index: int
    card: int
    duplicate: bool | None = None
    unexpected: bool | None = None
    manual: bool | None = None


@register
@dataclass(frozen=True, slots=True)
class PacketDone(Event):
    kind: ClassVar[str] = "packet_done"
    position: str
    count: int


@register
@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    """The round moved to ``phase`` (a transition of the game family's phase graph)."""

    kind: ClassVar[str] = "phase"
    writers: ClassVar[tuple[str, ...]] = (STATION, CROUPIER)
    phase: str


@register
@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """A card turned face up: read by the reader, keyed, or turned over (no reader)."""

    kind: ClassVar[str] = "card_revealed"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER, DEVICE, SUPERVISOR)
    position: str
    index: int
    card: int
    read: int | None = None
    manual: bool | None = None
    by_hand: bool | None = None
    accepted: bool | None = None


@register
@dataclass(frozen=True, slots=True)
class ReadRejected(Event):
    kind: ClassVar[str] = "read_rejected"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER, DEVICE)
    position: str
    index: int
    card: int
    reason: str
    manual: bool | None = None


@register
@dataclass(frozen=True, slots=True)
class CardCorrected(Event):
    """A supervisor corrected a card the croupier keyed wrong (only a keyed card), before the settlement,
    saying why (``reason``, version 2; a version-1 record has none)."""

    kind: ClassVar[str] = "card_corrected"
    version: ClassVar[int] = 2
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    position: str
    index: int
    card: int
    was: int
    reason: str


@upcaster("card_corrected", 1)
def _card_corrected_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 journaled no reason (the supervisor's was asked, not recorded with the card)."""
    return {**data, "reason": ""}


@register
@dataclass(frozen=True, slots=True)
class Decision(Event):
    kind: ClassVar[str] = "decision"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    street: str
    action: str


@register
@dataclass(frozen=True, slots=True)
class Halted(Event):
    """The round stops until the halt is cleared or the round voided (``halt``: a halt kind)."""

    kind: ClassVar[str] = "halted"
    writers: ClassVar[tuple[str, ...]] = (DEVICE, STATION)
    halt: str
    cause: str
    text: str = ""
    device: str | None = None
    detail: dict[str, Any] | None = None

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.halt, "cause": self.cause, "text": self.text}
        if self.device is not None:
            out["device"] = self.device
        if self.detail:
            out["detail"] = dict(self.detail)
        return out

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> Halted:
        unknown = set(data) - {"kind", "cause", "text", "device", "detail"}
        if unknown or "kind" not in data or "cause" not in data:
            raise EventError(f"halted event is malformed ({', '.join(sorted(unknown)) or 'kind/cause missing'})")
        return cls(str(data["kind"]), str(data["cause"]), str(data.get("text", "")), data.get("device"),
                   dict(data["detail"]) if data.get("detail") else None)


@register
@dataclass(frozen=True, slots=True)
class HaltCleared(Event):
    kind: ClassVar[str] = "halt_cleared"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR, CROUPIER, STATION)
    by: str
    reason: str = ""
    accepted: dict[str, Any] | None = None


@register
@dataclass(frozen=True, slots=True)
class Settled(Event):
    """The round record and its settlement, as ROUND_RECORD.md has them (what recall prints)."""

    kind: ClassVar[str] = "settled"
    record: dict[str, Any]
    settlement: dict[str, Any]


@register
@dataclass(frozen=True, slots=True)
class SeatPaid(Event):
    kind: ClassVar[str] = "seat_paid"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    net: Decimal


@register
@dataclass(frozen=True, slots=True)
class SeatPaidUndone(Event):
    """The croupier took back the round's last ``seat_paid`` (a mis-tap), while the round is open."""

    kind: ClassVar[str] = "seat_paid_undone"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int


@register
@dataclass(frozen=True, slots=True)
class RoundPaid(Event):
    """Every seat paid: the round is over. ``handle``: everything staked (version 2)."""

    kind: ClassVar[str] = "round_paid"
    version: ClassVar[int] = 2
    writers: ClassVar[tuple[str, ...]] = (CROUPIER, STATION)
    house_net: Decimal
    handle: Decimal | None = None
    rake: Decimal | None = None


@upcaster("round_paid", 1)
def _round_paid_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not record the handle: it stays unknown (reports derive it from the record)."""
    return data


@register
@dataclass(frozen=True, slots=True)
class RoundVoided(Event):
    """The round is void: ``returned`` is every stake each seat had on the table."""

    kind: ClassVar[str] = "round_voided"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR, STATION, DEVICE)
    cause: str
    phase: str
    by: str
    returned: dict[str, Decimal]
    reason: str = ""
    record: dict[str, Any] | None = None


@register
@dataclass(frozen=True, slots=True)
class RoundAdjusted(Event):
    """A supervisor's correction of a settled round: amounts to pay (+) or collect (-) per seat.

    Version 2 adds ``moves_chips``: at a poker table the amounts move chips between the
    stacks (and rake back to them). Version 1 only recorded them, so an old journal's
    corrections are read with ``moves_chips`` False and replay as they were played.
    """

    kind: ClassVar[str] = "round_adjusted"
    version: ClassVar[int] = 2
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    round_id: str
    adjustments: dict[str, Decimal]
    reason: str
    by: str
    moves_chips: bool = True


@upcaster("round_adjusted", 1)
def _round_adjusted_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 corrections changed no poker stack."""
    return {**data, "moves_chips": False}


@register
@dataclass(frozen=True, slots=True)
class DeviceLink(Event):
    kind: ClassVar[str] = "device_link"
    writers: ClassVar[tuple[str, ...]] = (DEVICE,)
    table_level: ClassVar[bool] = True
    device: str
    up: bool
    identity: dict[str, Any] | None = None
    reason: str = ""

    def to_payload(self) -> dict[str, Any]:  # identity is always written, null when absent
        return {"device": self.device, "up": self.up, "identity": self.identity, "reason": self.reason}


@register
@dataclass(frozen=True, slots=True)
class DeviceStatus(Event):
    kind: ClassVar[str] = "device_status"
    writers: ClassVar[tuple[str, ...]] = (DEVICE,)
    table_level: ClassVar[bool] = True
    device: str
    state: str


@register
@dataclass(frozen=True, slots=True)
class DeviceFault(Event):
    """A device fault that did not halt the round (outside the phase that needs the device)."""

    kind: ClassVar[str] = "device_fault"
    writers: ClassVar[tuple[str, ...]] = (DEVICE,)
    device: str
    code: str
    text: str


@register
@dataclass(frozen=True, slots=True)
class DeviceRefused(Event):
    """A device that failed authentication at connect (HARDWARE.md): which unit, what program
    it answered with (hex), why (``wire.auth.REASONS``). It stays out of every round until a
    unit that proves itself comes up on that port (``device_link`` up)."""

    kind: ClassVar[str] = "device_refused"
    writers: ClassVar[tuple[str, ...]] = (DEVICE,)
    table_level: ClassVar[bool] = True
    device: str
    model: str
    serial_number: str
    program_hash: str
    reason: str
    detail: str = ""


@register
@dataclass(frozen=True, slots=True)
class DeviceAccepted(Event):
    """A supervisor accepted the unit held refused as a swap (another serial, or another key, on a port where
    a unit proved itself - while the station ran or while it was off): from now on it is the unit that
    stands on that port (``replaces``: the serial that stood there). It must still prove itself at connect."""

    kind: ClassVar[str] = "device_accepted"
    version: ClassVar[int] = 1
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    device: str
    model: str
    serial_number: str
    replaces: str
    reason: str


@register
@dataclass(frozen=True, slots=True)
class SupervisorAuth(Event):
    """Every supervisor authentication attempt, granted or not (never the PIN)."""

    kind: ClassVar[str] = "supervisor_auth"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    ok: bool
    reason: str
    badge: str | None = None
    action: str | None = None


# --------------------------------------------------------------------------- the table bank (docs/bank.md)
# A count is ``{"25": 100, ...}``: denomination text -> chips, as ``bank.chips.count_payload`` writes it.
# Every one is about the table, not a round: none moves money in a round.


@register
@dataclass(frozen=True, slots=True)
class ShiftOpened(Event):
    """A table-shift opens with its opener, counted by the signed-in dealer and a supervisor, checked against
    the previous shift's closer (``previous_closer`` null for the table's first shift, and then no
    discrepancy): ``discrepancy`` is opener - previous closer, classed by the profile's thresholds."""

    kind: ClassVar[str] = "shift_opened"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    shift: int
    gaming_day: str
    opener: dict[str, int]
    previous_closer: dict[str, int] | None
    discrepancy: Decimal | None
    discrepancy_class: str | None
    dealer: str
    supervisor: str


@register
@dataclass(frozen=True, slots=True)
class BuyInTaken(Event):
    """A buy-in at a seat (``buy_in.BuyIn``: cash or marker, the player or null), journaled before the chips
    leave the tray; the cash or the marker goes into the drop box."""

    kind: ClassVar[str] = "buy_in"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    table_level: ClassVar[bool] = True
    shift: int
    seat: int
    kind_: str
    amount: Decimal
    player: str | None

    def to_payload(self) -> dict[str, Any]:
        return {"shift": self.shift, "seat": self.seat, "kind": self.kind_, "amount": format_money(self.amount),
                "player": self.player}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> BuyInTaken:
        _exact_keys("buy_in", data, ("shift", "seat", "kind", "amount", "player"))
        return cls(int(data["shift"]), int(data["seat"]), str(data["kind"]), Decimal(str(data["amount"])),
                   None if data["player"] is None else str(data["player"]))


@register
@dataclass(frozen=True, slots=True)
class SlipRequested(Event):
    """A supervisor asks for a fill (chips from the cage) or a credit (chips to the cage): ``request`` is
    ``<table_id>-R<n>``, the table's own name for it until the floor numbers it."""

    kind: ClassVar[str] = "slip_requested"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    shift: int
    request: str
    kind_: str
    chips: dict[str, int]
    amount: Decimal
    by: str

    def to_payload(self) -> dict[str, Any]:
        return {"shift": self.shift, "request": self.request, "kind": self.kind_, "chips": dict(self.chips),
                "amount": format_money(self.amount), "by": self.by}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> SlipRequested:
        _exact_keys("slip_requested", data, ("shift", "request", "kind", "chips", "amount", "by"))
        return cls(int(data["shift"]), str(data["request"]), str(data["kind"]), dict(data["chips"]),
                   Decimal(str(data["amount"])), str(data["by"]))


@register
@dataclass(frozen=True, slots=True)
class SlipIssued(Event):
    """The floor gave the request its number in the casino's series of its kind (``F000041``)."""

    kind: ClassVar[str] = "slip_issued"
    table_level: ClassVar[bool] = True
    request: str
    kind_: str
    slip: str
    number: int

    def to_payload(self) -> dict[str, Any]:
        return {"request": self.request, "kind": self.kind_, "slip": self.slip, "number": self.number}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> SlipIssued:
        _exact_keys("slip_issued", data, ("request", "kind", "slip", "number"))
        return cls(str(data["request"]), str(data["kind"]), str(data["slip"]), int(data["number"]))


@register
@dataclass(frozen=True, slots=True)
class SlipReceived(Event):
    """The dealer and a supervisor counted the slip's chips at the table and they are the slip's: a fill's
    chips went into the tray, a credit's were handed to the runner."""

    kind: ClassVar[str] = "slip_received"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    slip: str
    kind_: str
    chips: dict[str, int]
    amount: Decimal
    dealer: str
    supervisor: str

    def to_payload(self) -> dict[str, Any]:
        return {"slip": self.slip, "kind": self.kind_, "chips": dict(self.chips), "amount": format_money(self.amount),
                "dealer": self.dealer, "supervisor": self.supervisor}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> SlipReceived:
        _exact_keys("slip_received", data, ("slip", "kind", "chips", "amount", "dealer", "supervisor"))
        return cls(str(data["slip"]), str(data["kind"]), dict(data["chips"]), Decimal(str(data["amount"])),
                   str(data["dealer"]), str(data["supervisor"]))


@register
@dataclass(frozen=True, slots=True)
class SlipRefused(Event):
    """The chips counted at the table are not the slip's (``chips_seen``): the slip is refused, nothing moves."""

    kind: ClassVar[str] = "slip_refused"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    slip: str
    kind_: str
    chips_seen: dict[str, int]
    reason: str
    dealer: str
    supervisor: str

    def to_payload(self) -> dict[str, Any]:
        return {"slip": self.slip, "kind": self.kind_, "chips_seen": dict(self.chips_seen), "reason": self.reason,
                "dealer": self.dealer, "supervisor": self.supervisor}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> SlipRefused:
        _exact_keys("slip_refused", data, ("slip", "kind", "chips_seen", "reason", "dealer", "supervisor"))
        return cls(str(data["slip"]), str(data["kind"]), dict(data["chips_seen"]), str(data["reason"]),
                   str(data["dealer"]), str(data["supervisor"]))


@register
@dataclass(frozen=True, slots=True)
class SlipVoided(Event):
    """A slip (or a request the floor has not numbered) voided before it was received, with a reason, by a
    supervisor who is not its requester."""

    kind: ClassVar[str] = "slip_voided"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    kind_: str
    reason: str
    by: str
    slip: str | None = None
    request: str | None = None

    def to_payload(self) -> dict[str, Any]:
        named = {"slip": self.slip} if self.slip is not None else {"request": self.request}
        return {**named, "kind": self.kind_, "reason": self.reason, "by": self.by}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> SlipVoided:
        _exact_keys("slip_voided", data, ("kind", "reason", "by"), ("slip", "request"))
        slip, request = data.get("slip"), data.get("request")
        if (slip is None) == (request is None):
            raise EventError("slip_voided event names a slip or a request, one of them")
        return cls(str(data["kind"]), str(data["reason"]), str(data["by"]), None if slip is None else str(slip),
                   None if request is None else str(request))


@register
@dataclass(frozen=True, slots=True)
class ShiftClosed(Event):
    """The shift closes with its closer, counted by the dealer and a supervisor (``sensed``: read by a tray
    antenna and confirmed by them rather than counted by hand)."""

    kind: ClassVar[str] = "shift_closed"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    shift: int
    closer: dict[str, int]
    dealer: str
    supervisor: str
    sensed: bool = False

    def to_payload(self) -> dict[str, Any]:
        return {"shift": self.shift, "closer": dict(self.closer), "dealer": self.dealer,
                "supervisor": self.supervisor, "sensed": self.sensed}


def _exact_keys(kind: str, data: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """A bank event's payload has exactly its keys (as the generic reader checks the others')."""
    unknown = set(data) - {*required, *optional}
    if unknown:
        raise EventError(f"{kind} event has unknown field(s) {', '.join(sorted(unknown))}")
    missing = [k for k in required if k not in data]
    if missing:
        raise EventError(f"{kind} event lacks {missing[0]!r}")


@register
@dataclass(frozen=True, slots=True)
class TrayScanned(Event):
    """The tray antenna's first scan after round ``after_round`` ended (docs/bank.md, "The sensed tray at the
    table"): the chips it sensed per denomination (``unread``: columns it could not read, their chips missing
    from ``sensed``; ``unknown``: tags the chip inventory does not know, worth nothing here). ``confirm_rounds``
    is the profile's when it was scanned: the rule the table's state steps with it."""

    kind: ClassVar[str] = "tray_scanned"
    writers: ClassVar[tuple[str, ...]] = (DEVICE,)
    table_level: ClassVar[bool] = True
    shift: int
    after_round: str
    sensed: dict[str, int]
    confirm_rounds: int
    unread: tuple[int, ...] = ()
    unknown: int = 0


@register
@dataclass(frozen=True, slots=True)
class TrayAlarmRaised(Event):
    """A difference between the sensed tray and what moved held for ``confirm_rounds`` scans: it appeared after
    ``after_round`` and ``confirmed_by``'s scan confirmed it; ``difference`` is sensed - expected at that scan,
    ``moved`` the chips per denomination that moved in the first round beyond the slips (where to look). A
    supervisor's call: it halts nothing (docs/bank.md says why)."""

    kind: ClassVar[str] = "tray_alarm"
    writers: ClassVar[tuple[str, ...]] = (STATION,)
    table_level: ClassVar[bool] = True
    shift: int
    after_round: str
    confirmed_by: str
    difference: Decimal
    moved: dict[str, int]


@register
@dataclass(frozen=True, slots=True)
class TrayAlarmCleared(Event):
    """A supervisor looked into the tray alarm raised after ``after_round`` and took it off the banner, saying
    what was found (``reason``)."""

    kind: ClassVar[str] = "tray_alarm_cleared"
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    table_level: ClassVar[bool] = True
    shift: int
    after_round: str
    supervisor: str
    reason: str


TRAY_EVENTS = (TrayScanned, TrayAlarmRaised, TrayAlarmCleared)
"""The sensed tray's events (``table/tray.py``): a shift's, folded into its state beside the bank's."""

BANK_EVENTS = (ShiftOpened, BuyInTaken, SlipRequested, SlipIssued, SlipReceived, SlipRefused, SlipVoided, ShiftClosed)
"""The table bank's events (what a floor ingests of the bank from a forwarded journal)."""


@register
@dataclass(frozen=True, slots=True)
class SegmentArchived(Event):
    """A closed range of this journal's records was exported to the archive (``segments.py``), read back and
    checked, and every record in it acknowledged by the floor: journaled BEFORE the records leave the live
    file, it vouches for the gap they leave there (``journal verify`` accepts none without it) and names the
    file's sha256, so a segment replaced in the archive is caught. Changes nothing of the table's state."""

    kind: ClassVar[str] = "segment_archived"
    version: ClassVar[int] = 1
    writers: ClassVar[tuple[str, ...]] = (STATION,)
    table_level: ClassVar[bool] = True
    first_seq: int
    last_seq: int
    first_prev_hash: str
    last_hash: str
    sha256: str
    gaming_day: str
    records: int
    file: str


@register
@dataclass(frozen=True, slots=True)
class DiskSpace(Event):
    """The journal's disk crossed a threshold of the disk watch (``disk_watch.py``): ``level`` ``warning`` (the
    screen and the pit are told), ``halt`` (no round opens, a round in progress halts for a supervisor while
    there is still room to finish or void it) or ``ok`` again. Bytes free and the thresholds when it was seen."""

    kind: ClassVar[str] = "disk_space"
    version: ClassVar[int] = 1
    writers: ClassVar[tuple[str, ...]] = (STATION,)
    table_level: ClassVar[bool] = True
    level: str
    free_bytes: int
    warn_bytes: int
    halt_bytes: int
