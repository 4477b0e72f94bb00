"""Who plays at each seat: the player-at-the-seat events, what they fold into, and the rating terms.

Card in (a player card read at the seat, or an id the croupier keyed), card out, a pause and its end, a
seat held because its player is excluded, the winnings withheld from it and a supervisor's decision on them, and a supervisor's change of the rating terms (the edge per spot
and the comp rate: in force from the next round, 25 CFR 543.12). An anonymous player journals nothing here.
The journal holds the player ids; logs never do (``engine/seating.py`` logs "player on seat 3").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar

from .event_base import CROUPIER, DEVICE, STATION, SUPERVISOR, Event, register
from .fold import Folds
from .state import TableState

CARD, KEYED = "card", "keyed"


@register
@dataclass(frozen=True, slots=True)
class CardIn(Event):
    """``player`` sits at ``seat``: by a card (``source`` card, ``reader`` the device) or keyed by the croupier."""

    kind: ClassVar[str] = "card_in"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (CROUPIER, DEVICE)
    seat: int
    player: str
    source: str
    reader: str | None

    def to_payload(self) -> dict[str, object]:
        return {"seat": self.seat, "player": self.player, "source": self.source, "reader": self.reader}

    @classmethod
    def from_payload(cls, data: dict[str, object]) -> CardIn:
        seat, player, source, reader = data["seat"], data["player"], data["source"], data.get("reader")
        if not isinstance(seat, int) or not isinstance(player, str) or source not in (CARD, KEYED) \
                or not (reader is None or isinstance(reader, str)) or set(data) - {"seat", "player", "source", "reader"}:
            raise ValueError("card_in needs seat, player, source (card|keyed), reader")
        return cls(seat, player, str(source), reader)


@register
@dataclass(frozen=True, slots=True)
class CardOut(Event):
    kind: ClassVar[str] = "card_out"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (CROUPIER, DEVICE)
    seat: int
    player: str


@register
@dataclass(frozen=True, slots=True)
class PlayerPaused(Event):
    """The player at ``seat`` stepped away: time on game stops until ``player_resumed``."""

    kind: ClassVar[str] = "player_paused"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    player: str


@register
@dataclass(frozen=True, slots=True)
class PlayerResumed(Event):
    kind: ClassVar[str] = "player_resumed"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (CROUPIER,)
    seat: int
    player: str


@register
@dataclass(frozen=True, slots=True)
class PlayerHeld(Event):
    """A seat whose player became excluded (listed after card in): no new stake there, winnings withheld."""

    kind: ClassVar[str] = "player_held"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (STATION,)
    seat: int
    player: str
    reason: str
    list_as_of: str | None
    """The exclusion list's time (null when the list never said): the key is always written."""

    def to_payload(self) -> dict[str, object]:
        return {"seat": self.seat, "player": self.player, "reason": self.reason, "list_as_of": self.list_as_of}


@register
@dataclass(frozen=True, slots=True)
class RatingTerms(Event):
    """The rating terms from the next round on: house edge per unit staked per spot, the comp rate, their
    source, and the supervisor who signed the change."""

    kind: ClassVar[str] = "rating_terms"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    theo: dict[str, Decimal]
    comp_rate: Decimal
    source: str
    by: str


WITHHELD_OUTCOMES = ("released", "forfeited")
"""What a supervisor decides for winnings withheld: paid to the player after all, or kept from them."""


@register
@dataclass(frozen=True, slots=True)
class WinningsWithheld(Event):
    """At a round's settlement, what a held seat would have been paid (the rack's pay and any progressive
    award): not paid, owed by the house and kept apart until a supervisor releases or forfeits it."""

    kind: ClassVar[str] = "winnings_withheld"
    writers: ClassVar[tuple[str, ...]] = (STATION,)
    round_id: str
    seat: int
    player: str
    amount: Decimal


@register
@dataclass(frozen=True, slots=True)
class WithheldDecided(Event):
    """A supervisor's decision on winnings withheld (``outcome`` released or forfeited), with the reason."""

    kind: ClassVar[str] = "withheld_decided"
    table_level: ClassVar[bool] = True
    writers: ClassVar[tuple[str, ...]] = (SUPERVISOR,)
    round_id: str
    seat: int
    player: str
    amount: Decimal
    outcome: str
    reason: str
    by: str
    """The supervisor's badge."""


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """The player carded in at a seat."""

    player: str
    source: str
    paused: bool = False
    held: bool = False


def seated(state: TableState) -> Mapping[int, SeatedPlayer]:
    """Seat -> the player carded in there (never changed in place: each fold makes a new mapping)."""
    found: Mapping[int, SeatedPlayer] | None = getattr(state, "seated", None)
    return found or {}


def seat_of(state: TableState, player: str) -> int | None:
    """The seat ``player`` is carded in at, if any."""
    return next((seat for seat, p in seated(state).items() if p.player == player), None)


def withheld(state: TableState) -> Mapping[tuple[str, int], WinningsWithheld]:
    """(round id, seat) -> winnings withheld there that no supervisor has decided yet (oldest first)."""
    found: Mapping[tuple[str, int], WinningsWithheld] | None = getattr(state, "withheld", None)
    return found or {}


def _replace(state: TableState, seat: int, player: SeatedPlayer | None) -> None:
    now = dict(seated(state))
    if player is None:
        now.pop(seat, None)
    else:
        now[seat] = player
    state.seated = now


def fold_into(folds: Folds) -> None:
    """Register the folds of the player-at-the-seat events (``table/folds.py`` calls it for ``COMMON``)."""

    @folds.on(CardIn)
    def _card_in(state: TableState, e: CardIn, at: str) -> None:
        _replace(state, e.seat, SeatedPlayer(e.player, e.source))

    @folds.on(CardOut)
    def _card_out(state: TableState, e: CardOut, at: str) -> None:
        _replace(state, e.seat, None)

    @folds.on(PlayerPaused, PlayerResumed)
    def _pause(state: TableState, e: PlayerPaused | PlayerResumed, at: str) -> None:
        current = seated(state).get(e.seat)
        if current is not None:
            _replace(state, e.seat, SeatedPlayer(current.player, current.source, isinstance(e, PlayerPaused),
                                                 current.held))

    @folds.on(PlayerHeld)
    def _held(state: TableState, e: PlayerHeld, at: str) -> None:
        current = seated(state).get(e.seat)
        if current is not None:
            _replace(state, e.seat, SeatedPlayer(current.player, current.source, current.paused, True))

    @folds.on(WinningsWithheld)
    def _withheld(state: TableState, e: WinningsWithheld, at: str) -> None:
        state.withheld = {**withheld(state), (e.round_id, e.seat): e}

    @folds.on(WithheldDecided)
    def _decided(state: TableState, e: WithheldDecided, at: str) -> None:
        state.withheld = {k: v for k, v in withheld(state).items() if k != (e.round_id, e.seat)}

    @folds.on(RatingTerms)
    def _terms(state: TableState, e: RatingTerms, at: str) -> None:
        state.rating_terms = e
