"""The one way a device report enters a table: by its type, to its handler.

Every dialect turns its vendor's bytes into a typed report (``wire.reports``); the session
takes each at one entry, ``TableSession.report``, which looks the report's type up here and
runs its handler in a transaction (journal first, as a command is). A new kind of report is a
row here and its flow method; a report kind with no row is refused by a test
(``tests/engine/test_intake.py``), not forgotten.

A handler is ``(flow, tx, report) -> bool | None``: False when the report was not expected now
(nothing is journaled and a line is logged), anything else when it was handled. ``log``, when
given, is the operational log line the report earns before it is handled (a fault, a refusal).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..wire import reports as rp

if TYPE_CHECKING:
    from ..table.transaction import Transaction
    from .flow import Flow

Handler = Callable[["Flow", "Transaction", Any], object]


@dataclass(frozen=True, slots=True)
class Intake:
    """How one kind of report is handled."""

    what: str
    """The word logs use for it ("card", "fault", ...)."""
    handle: Handler | None
    """None: nothing to do with it (a ``ShuffleDone``: the ``DeviceStatus`` after it is what counts)."""
    log: tuple[str, str, tuple[str, ...]] | None = None
    """(level, event, fields of the report) logged before it is handled."""
    shown: bool = False
    """What it did shows on the screen even when nothing was journaled (a refused player card): the table's
    snapshot is published again."""


INTAKE: dict[type, Intake] = {
    rp.CardDispensed: Intake("card", lambda f, tx, r: f.on_card_dispensed(tx, r.position, r.index, r.card)),
    rp.PacketDone: Intake("packet_done", lambda f, tx, r: f.on_packet_done(tx, r.position, r.count)),
    rp.DeckVerified: Intake("deck_verified", lambda f, tx, r: f.on_deck_verified(
        tx, r.count, list(r.missing), list(r.extra), list(r.duplicates))),
    rp.CardRead: Intake("read", lambda f, tx, r: f.on_card_read(tx, r.card)),
    rp.DeviceFault: Intake("fault", lambda f, tx, r: f.on_device_fault(tx, r.device, r.code, r.text),
                           ("warning", "device_fault", ("device", "code", "text"))),
    rp.LinkUp: Intake("link", lambda f, tx, r: f.on_link(tx, r.device, True, r.identity.model_dump(), ""),
                      ("info", "device_connected", ("device",))),
    rp.LinkDown: Intake("link", lambda f, tx, r: f.on_link(tx, r.device, False, None, r.reason),
                        ("warning", "device_link_lost", ("device", "reason"))),
    rp.DeviceStatus: Intake("status", lambda f, tx, r: f.on_status(tx, r.device, r.state)),
    rp.ShuffleDone: Intake("shuffle_done", None),
    rp.DeviceRefused: Intake("device_refused", lambda f, tx, r: f.on_device_refused(
        tx, r.device, r.model, r.serial_number, r.program_hash, r.reason, r.detail),
        ("error", "device_refused", ("device", "model", "serial_number", "program_hash", "reason", "detail"))),
    rp.CardDrawn: Intake("draw", lambda f, tx, r: f.on_card_drawn(tx, r.card, r.burn)),
    rp.Unreadable: Intake("draw", lambda f, tx, r: f.on_draw_unreadable(tx, r.burn, r.reason),
                          ("warning", "card_unreadable", ("device", "reason"))),
    rp.Alarm: Intake("alarm", lambda f, tx, r: f.on_shoe_alarm(tx, r.severity, r.code, r.text),
                     ("warning", "device_alarm", ("device", "severity", "code", "text"))),
    # the bet sensor's reports go to the table's bet sensing (``engine/bet_sensing.py``): only what
    # matters is journaled (an antenna's state, an alarm, a cloned chip); the rest only refreshes what is seen
    rp.ChipInventory: Intake("bet_sensor", None),
    rp.AntennaFault: Intake("bet_sensor", None),
    rp.DuplicateTag: Intake("bet_sensor", None),
    # a player card: the player at a seat (``engine/seating.py``); the card's number is never logged
    rp.PlayerCardRead: Intake("player_card", lambda f, tx, r: f.on_player_card(tx, r.device, r.seat, r.number),
                              shown=True),
    rp.PlayerCardBad: Intake("player_card", lambda f, tx, r: f.on_player_card_bad(tx, r.seat),
                             ("warning", "player_card_unreadable", ("device", "seat", "reason")), shown=True),
    # the tray antenna: each scan is read (the screen's), the first after a round journaled and checked
    # (``engine/tray.py``); a scan every second or so is not logged
    rp.TraySensed: Intake("tray", lambda f, tx, r: f.on_tray_sensed(tx, r)),
    # the journal's disk (``disk_watch.py``): a threshold crossed is journaled, the pit is told through the floor
    rp.DiskSpace: Intake("disk", lambda f, tx, r: f.on_disk_space(tx, r.level, r.free_bytes, r.warn_bytes,
                                                                 r.halt_bytes),
                         ("warning", "disk_space", ("level", "free_bytes", "warn_bytes", "halt_bytes"))),
}
"""Every kind of device report and its handler."""

SENSED: tuple[type, ...] = (rp.ChipInventory, rp.AntennaFault, rp.DuplicateTag)
"""The reports a table's bet sensing reads (the session hands them to it, not to the flow)."""


def intake_of(report: rp.DeviceReport) -> Intake:
    """The row for ``report``'s type (a ``KeyError`` names a report kind no one handles: a defect)."""
    return INTAKE[type(report)]
