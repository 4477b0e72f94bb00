"""The device roles a table has, and what each can do: one declared mapping.

A role is what a device is *for* at the table, whatever its vendor (a vendor is a dialect,
``drivers/dialects/``): the profile names a URL per role (``[devices] shuffler = "sim://"``),
the drivers registry opens a backend per role and scheme, every report names the role that
made it (``wire.reports``), and the engine decides by what a role can do, never by its name.
A new role is a row here, its reports in ``wire/reports.py`` and its handler in the engine's
intake (``engine/intake.py``); ``drivers/base.py`` gives it an abstract driver.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    """A device's job at the table (the value is the profile's ``[devices]`` key and the journal's word)."""

    SHUFFLER = "shuffler"
    READER = "reader"
    READING_SHOE = "reading_shoe"
    BET_SENSOR = "bet_sensor"
    PLAYER_CARD = "player_card"
    TRAY = "tray"


@dataclass(frozen=True, slots=True)
class RoleSpec:
    """What a device in this role does for the table."""

    role: Role
    summary: str
    commanded: bool = False
    """The station sends it commands (the shoe: shuffle, verify the deck, deal a packet); else it only reports."""
    deals: bool = False
    """The round's cards are known from it as they are dealt (a shuffler's packets, a reading shoe's draws)."""
    reads_reveals: bool = False
    """It reads the cards the croupier turns at a reveal (checked against what was dealt)."""
    senses_stakes: bool = False
    """It sees the chips on the betting spots (stakes are sensed, not keyed)."""
    identifies_players: bool = False
    """It reads the casino's player cards (who sits at a seat): never needed by a round, a fault touches none."""
    senses_tray: bool = False
    """It sees the chips in the tray (the table inventory): never needed by a round, a fault touches none; its
    scan after each round is checked against what the round moved (``engine/tray.py``)."""
    proves: bool = True
    """A table that authenticates its devices asks this role to prove who it is at connect; a device of it
    whose dialect cannot (a receive-only shoe) must then be listed in ``devices.allow_unauthenticated``."""
    several: bool = False
    """A table may have several devices of it (a player card reader at each seat, and one at the table): the
    profile lists their URLs, and each device's URL says where it stands (``?seat=3``; none: the table's)."""
    needed_in: tuple[str, ...] = ()
    """The stages (``table.phases.Stage`` values) in which a round needs it: a fault then touches the round.
    Empty: needed until the settlement (nothing else tells when a round is done with it)."""


ROLES: dict[Role, RoleSpec] = {spec.role: spec for spec in (
    RoleSpec(Role.SHUFFLER, "automatic shuffler / dealing shoe", commanded=True, deals=True, needed_in=("dealing",)),
    RoleSpec(Role.READER, "card reader at the dealer's position", reads_reveals=True, needed_in=("reveal",)),
    RoleSpec(Role.READING_SHOE, "reading shoe the croupier deals from by hand", deals=True, needed_in=("dealing",)),
    RoleSpec(Role.BET_SENSOR, "RFID antennas under the betting spots", senses_stakes=True, proves=False),
    RoleSpec(Role.PLAYER_CARD, "player card reader at a seat or at the table (magstripe or proximity)",
             identifies_players=True, proves=False, several=True),
    RoleSpec(Role.TRAY, "RFID antenna(s) under the chip tray, one per column or one for the tray",
             senses_tray=True, proves=False),
)}


def role_of(name: str) -> Role:
    """The role named ``name`` (a ``KeyError``-free lookup for text from a profile or a report)."""
    try:
        return Role(name)
    except ValueError:
        raise ValueError(f"no device role {name!r} (roles: {', '.join(Role)})") from None
