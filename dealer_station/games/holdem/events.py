"""The poker table's own journal events (docs/journal-events-poker.md): one frozen class per kind.

The seat events are about the table, not the hand in progress (no round id); the hand's
events carry the round id of the hand. With the common events (``round_opened``,
``deal_started``, ``card_dealt``, ``card_revealed``, ``settled``, ``round_paid``,
``round_voided`` ...) they explain every chip: ``live.PokerTable`` and ``live.PokerHand``
are their fold.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar

from ...table.event_base import CROUPIER, Event, register

__all__ = [
    "ActionTimedOut", "ChipsAdded", "HandMucked", "HandStarted", "PlayerActed", "PlayerLeft", "PlayerSatIn",
    "PlayerSatOut", "PlayerSeated", "PotsAwarded", "StreetDealt",
]


# -- the table: players come, add chips, sit out, come back, leave --------------------------


@register
@dataclass(frozen=True, slots=True)
class PlayerSeated(Event):
    """The croupier seats a player with a buy-in (any time; dealt in from a later hand).

    ``post``: the player posts a big blind to be dealt in at once; otherwise the player
    waits for the big blind (seed 002).
    """

    kind: ClassVar[str] = "player_seated"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    table_level: ClassVar[bool] = True
    seat: int
    buy_in: Decimal
    post: bool = False


@register
@dataclass(frozen=True, slots=True)
class ChipsAdded(Event):
    """The croupier adds chips a seated player bought (between hands only)."""

    kind: ClassVar[str] = "chips_added"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    table_level: ClassVar[bool] = True
    seat: int
    amount: Decimal


@register
@dataclass(frozen=True, slots=True)
class PlayerSatOut(Event):
    """The croupier records a player sitting out: not dealt in until the player comes back."""

    kind: ClassVar[str] = "player_sat_out"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    table_level: ClassVar[bool] = True
    seat: int


@register
@dataclass(frozen=True, slots=True)
class PlayerSatIn(Event):
    """A player sitting out comes back: posts a big blind (``post``) or waits for it, as a new player."""

    kind: ClassVar[str] = "player_sat_in"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    table_level: ClassVar[bool] = True
    seat: int
    post: bool = False


@register
@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    """A player leaves the table and cashes out ``cashed_out`` (the whole stack)."""

    kind: ClassVar[str] = "player_left"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    table_level: ClassVar[bool] = True
    seat: int
    cashed_out: Decimal


# -- one hand -------------------------------------------------------------------------------


@register
@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """Who is dealt in and where the button is, journaled with ``round_opened``.

    ``stacks``: each seat dealt in and its chips before the blinds; ``posts``: seats that
    post a big blind to come in; ``rules``: the hand's rules as a ``holdem`` record
    carries them (structure, blinds, bet sizes, rake, smallest chip). The blinds are
    posted from the button by these rules (``betting.start_hand``).
    """

    kind: ClassVar[str] = "hand_started"
    button: int
    stacks: dict[str, Decimal]
    rules: dict[str, Any]
    posts: tuple[int, ...] = ()


@register
@dataclass(frozen=True, slots=True)
class StreetDealt(Event):
    """A street's burn and board cards are to be dealt: ``packets`` ([position, count])
    the shoe is asked for, or the croupier deals by hand and the board is then read."""

    kind: ClassVar[str] = "street_dealt"
    street: str
    packets: tuple[tuple[str, int], ...]


@register
@dataclass(frozen=True, slots=True)
class PlayerActed(Event):
    """The croupier enters the action of the seat to act: ``action`` as a ``holdem`` record
    has it (fold, check, call, bet, raise, all_in) and ``to`` (the seat's total for the
    street) for a bet or raise. Checked against ``betting.legal`` before it is journaled."""

    kind: ClassVar[str] = "poker_action"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    action: str
    street: str
    to: Decimal | None = None


@register
@dataclass(frozen=True, slots=True)
class ActionTimedOut(Event):
    """The action clock ran out for the seat to act: the station folds it, or checks it when
    checking is free (``action``). ``deadline``: when its time was up (journal time of the
    turn plus the profile's ``action_clock_seconds``)."""

    kind: ClassVar[str] = "action_timeout"
    seat: int
    action: str
    street: str
    deadline: str


@register
@dataclass(frozen=True, slots=True)
class HandMucked(Event):
    """At showdown the seat throws its cards away unshown: it can win no contested pot."""

    kind: ClassVar[str] = "hand_mucked"
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int


@register
@dataclass(frozen=True, slots=True)
class PotsAwarded(Event):
    """The hand's pots are won (journaled with ``settled``): each seat's chips after the hand
    (``stacks``, every seat dealt in) and the rake that goes to the drop."""

    kind: ClassVar[str] = "pots_awarded"
    stacks: dict[str, Decimal]
    rake: Decimal
