"""Who is carded in at each seat, as the croupier's screen shows it: a short masked id, never the id.

The screen needs enough to tell two players apart and to check the right card went in ("··1001"),
not a player's whole id: the id is the journal's (docs/players.md). Reads a ``TableSnapshot`` only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.snapshot import TableSnapshot
from ..players.exclusion import ExclusionSource
from ..table.seated import seated
from ..wire.roles import Role
from .texts import Text

SHOWN = 4
"""Characters of a player id the screen shows (its end, after "··")."""


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    seat: int
    short_id: str
    paused: bool
    held: bool


def short_id(player: str) -> str:
    """"··1001" for "P-1001": the id's last characters, enough to tell players apart at one table."""
    return "\u00b7\u00b7" + player[-SHOWN:]


def seat_players(snap: TableSnapshot) -> list[SeatPlayer]:
    """Every seat with a player carded in, in seat order."""
    return [SeatPlayer(seat, short_id(p.player), p.paused, p.held) for seat, p in sorted(seated(snap.state).items())]


def shows_players(snap: TableSnapshot) -> bool:
    """The screen has a players line when the table has a player card reader or anyone is carded in."""
    return Role.PLAYER_CARD in snap.roles or bool(seated(snap.state))


def card_reader_at_table(snap: TableSnapshot) -> bool:
    """A reader the croupier chooses the seat for before a swipe (``card_seat``)."""
    return Role.PLAYER_CARD in snap.roles


def card_notice(snap: TableSnapshot) -> tuple[float, Text] | None:
    """The last card refused or not read whole, in the croupier's words, with when it happened (the screen says
    each once, on its message line)."""
    notice = snap.card_notice
    if notice is None:
        return None
    args = {"seat": notice.seat if notice.seat is not None else "-", **notice.values}  # a refusal's own seat first
    return notice.at, Text(notice.key, args)


def exclusion_since(snap: TableSnapshot) -> str | None:
    """Since when the exclusion list in force is ("2026-12-05 06:00"), "" when none was ever received, None when
    the table has no list at all (no station gave it one)."""
    source = snap.service(ExclusionSource)
    if source is None:
        return None
    when = source.current().as_of
    return "" if when is None else when.astimezone().strftime("%Y-%m-%d %H:%M")
