"""HARDWARE.md's response table as data: what a device report does to the round.

| fault | station response |
| jam / misfeed during the deal | halt; void unless a supervisor clears it before any card is exposed |
| deck count wrong, missing / extra / duplicate card | void; re-verify the deck before the next round |
| card unreadable | the dealer keys the card in (manual entry) |
| reader card != dealt card | misdeal alarm: the supervisor voids or accepts with a reason |
| link lost / CRC errors / power-cycle | halt; reconnect; void if the round's cards cannot be re-established |

A device fault only touches the round while the round needs that device: the shoe
during the deal, the reader during a reveal. Outside that it is journaled (and, for the
shoe before the deal, costs the deck its verification). The fault codes themselves are
listed once, in the wire protocol (``dealer_station.wire.codec.FAULT_CODES``); a test
checks every one has a response here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..table.phases import Stage
from ..wire.roles import ROLES, Role

SHUFFLER, READER, READING_SHOE, BET_SENSOR = Role.SHUFFLER, Role.READER, Role.READING_SHOE, Role.BET_SENSOR


class Response(StrEnum):
    HALT = "halt"  # stop the round; the halt kind says who may do what
    VOID = "void"  # void the round now (stakes returned)


@dataclass(frozen=True, slots=True)
class FaultRule:
    code: str
    response: Response
    halt: str | None = None
    """The halt kind (``phases.HALT_KINDS``) when the response is a halt."""
    always: bool = False
    """Applies in any phase of a round in progress, not only while the device is needed."""
    from_link: bool = False
    """Raised by the driver's link layer as the link goes down (its ``LinkDown`` follows), not sent by a device."""


FAULT_RULES: dict[str, FaultRule] = {r.code: r for r in (
    FaultRule("jam", Response.HALT, "fault"),
    FaultRule("misfeed", Response.HALT, "fault"),
    FaultRule("door_open", Response.HALT, "fault"),
    FaultRule("internal_error", Response.HALT, "fault"),
    FaultRule("shoe_alarm", Response.HALT, "fault"),  # a reading shoe's alarm (its code and text)
    FaultRule("card_unreadable", Response.HALT, "unreadable"),
    FaultRule("deck_count_wrong", Response.VOID, always=True),
    FaultRule("power_restored", Response.HALT, "link"),
    FaultRule("link_lost", Response.HALT, "link", from_link=True),
    FaultRule("crc_errors", Response.HALT, "link", from_link=True),
)}

LINK_FAULTS = frozenset(code for code, rule in FAULT_RULES.items() if rule.halt == "link")

# Faults the station detects itself from what the devices report.
STATION_FAULTS: dict[str, FaultRule] = {r.code: r for r in (
    FaultRule("duplicate_card", Response.VOID),
    FaultRule("extra_card", Response.VOID),
    FaultRule("missing_card", Response.VOID),
    FaultRule("reader_mismatch", Response.HALT, "mismatch"),
    FaultRule("station_restart", Response.VOID),
)}

NEEDED_IN: dict[str, frozenset[Stage]] = {role.value: frozenset(Stage(s) for s in spec.needed_in)
                                          for role, spec in ROLES.items() if spec.needed_in}
"""The stages in which a round needs each device (``wire.roles``): a fault then touches the round."""


ROUND_ORDER = (Stage.BETTING, Stage.LOCKED, Stage.DEALING, Stage.DECISION, Stage.REVEAL)
"""The stages of a round in progress before its settlement, in the order a round goes through them."""

REFUSED = "device_refused"
"""The halt cause of a device refused at connect (authentication, HARDWARE.md): a ``link`` halt,
cleared (or the round voided, as for a reconnect) when a unit that proves itself comes up."""


def needed_later(device: str, stage: Stage) -> bool:
    """Whether a round at ``stage`` still needs ``device`` now or later (a refused device halts it then).

    The shoe from betting to the end of the deal, the reader until its reveals are over; a
    device whose role names no stage (the bet sensor) is needed until the settlement.
    """
    if stage not in ROUND_ORDER:
        return False
    needed = NEEDED_IN.get(device)
    last = max((ROUND_ORDER.index(s) for s in needed), default=len(ROUND_ORDER) - 1) if needed \
        else len(ROUND_ORDER) - 1
    return ROUND_ORDER.index(stage) <= last


def rule_for(code: str) -> FaultRule:
    """The response to a fault code; an unknown code is treated as an internal device error."""
    return FAULT_RULES.get(code) or FAULT_RULES["internal_error"]


def touches_round(device: str, stage: Stage, code: str) -> bool:
    """Whether a fault of ``device`` matters to a round at ``stage`` (see the module docstring)."""
    if stage in (Stage.IDLE, Stage.SETTLEMENT, Stage.FINISHED):
        return False  # a settled round is never touched by a device again
    if rule_for(code).always:
        return True
    return stage in NEEDED_IN.get(device, frozenset())
