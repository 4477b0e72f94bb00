"""Fault injection described by data (pymodbus / pyvisa-sim style).

A ``FaultPlan`` is a plain mutable record a test, a demo script or the CLI fills in;
the simulators consult it as they run. "after N" faults count cards dispensed since the
last shuffle (shuffler) or cards read (reader) and fire once. Immediate faults
(disconnect, power-cycle, door open, silence) go through ``Simulator.inject``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from dealer_station.cards import parse_card
from dealer_station.errors import CardError, ConfigError

INJECTABLE = ("disconnect", "power_cycle", "door_open", "door_close", "silence", "swap", "jam", "misfeed")


@dataclass
class FaultPlan:
    jam_after: int | None = None
    misfeed_after: int | None = None
    missing: list[int] = field(default_factory=list)  # cards not in the deck
    duplicate: list[int] = field(default_factory=list)  # a second copy of these is in the deck
    extra: list[int] = field(default_factory=list)  # foreign cards (another deck) with these faces
    misread_next: int = 0  # next N cards reported as a different card
    unreadable_next: int = 0  # next N cards not recognised
    corrupt_rate: float = 0.0  # fraction of bytes garbled on the wire, both directions
    bad_crc_rate: float = 0.0  # fraction of frames the device sends with a wrong CRC
    silence_after: int | None = None
    silence_seconds: float = 3.0
    disconnect_after: int | None = None
    disconnect_seconds: float = 0.3
    power_cycle_after: int | None = None
    door_open_after: int | None = None
    impostor: int = 0  # nonzero: answers the station's challenge with a key that is not the enrolled one
    rogue_firmware: int = 0  # nonzero: its program is not the approved image
    swap_after: int | None = None  # after N cards another unit (another serial) appears on the port
    unreadable_rate: float = 0.0  # reading shoe: fraction of draws the shoe cannot read
    alarm_rate: float = 0.0  # reading shoe: chance of an alarm after a draw
    warning_rate: float = 0.0  # reading shoe: chance of a warning code after a draw
    garbage_rate: float = 0.0  # reading shoe: chance of line noise after a message
    stack: dict[int, int] = field(default_factory=dict)
    """Deal position -> card placed there by every shuffle (a stacked deck: Pool hits on demand)."""
    weak_shuffle: int = 0
    """Riffles of the previous order each shuffle does instead of a full shuffle (0: a full shuffle)."""
    repeat_deck: int = 0
    """Each shuffle repeats the order of the shuffle this many shuffles ago (0: never)."""

    @classmethod
    def parse(cls, specs: list[str] | tuple[str, ...]) -> FaultPlan:
        plan = cls()
        for spec in specs:
            plan.apply(spec)
        return plan

    def apply(self, spec: str) -> None:
        """Set one field from ``name=value`` (e.g. ``jam_after=3``, ``missing=As,Kd``, ``corrupt=0.01``)."""
        name, sep, value = spec.partition("=")
        name = _ALIASES.get(name.strip().replace("-", "_"), name.strip().replace("-", "_"))
        fields = {f.name: f for f in dataclasses.fields(self)}
        if name not in fields or not sep:
            known = ", ".join(sorted(fields))
            raise ConfigError(f"bad fault {spec!r}: expected NAME=VALUE with NAME one of {known}")
        current = getattr(self, name)
        try:
            parsed = _parse_value(current, fields[name].type, name, value)
        except (ValueError, CardError):
            raise ConfigError(f"bad fault {spec!r}: invalid value {value!r}") from None
        setattr(self, name, parsed)


def _parse_value(current: object, kind: object, name: str, value: str) -> object:
    """``value`` parsed like the field's current value (cards, a stack, a rate, a count)."""
    if isinstance(current, dict):  # stack=0:Ts,1:Js,5:As
        stack: dict[int, int] = {}
        for item in value.split(","):
            pos, _, card = item.partition(":")
            if not pos.strip().isdigit():
                raise ValueError(item)
            stack[int(pos)] = _card(card)
        if len(set(stack.values())) != len(stack):
            raise ValueError(value)
        return stack
    if isinstance(current, list):
        return [_card(v) for v in value.split(",") if v.strip()]
    if kind in ("float", float):
        rate = float(value)
        if not 0.0 <= rate <= (1.0 if name.endswith("_rate") else 3600.0):
            raise ValueError(value)
        return rate
    count = int(value)
    if count < 0:
        raise ValueError(value)
    return count


_ALIASES = {
    "jam": "jam_after",
    "misfeed": "misfeed_after",
    "misread": "misread_next",
    "unreadable": "unreadable_next",
    "corrupt": "corrupt_rate",
    "bad_crc": "bad_crc_rate",
    "alarm": "alarm_rate",
    "warning": "warning_rate",
    "garbage": "garbage_rate",
    "silence": "silence_after",
    "disconnect": "disconnect_after",
    "power_cycle": "power_cycle_after",
    "door_open": "door_open_after",
    "swap": "swap_after",
}


def _card(text: str) -> int:
    text = text.strip()
    if text.isdigit() and 0 <= int(text) <= 51:
        return int(text)
    return parse_card(text)
