"""Who sits at a seat: card in (a card read, or an id keyed), card out, pause, and the rating terms.

Both families' flows have these (``DealFlow`` inherits them). Each refuses before it emits: a card of
another casino (its number does not start with the profile's ``players.card_prefix``), a player already
carded in at another seat ("already seated at seat 2"), an excluded player (the list in force, a session
service: ``players.exclusion.ExclusionSource``), a seat that already has a player. A refused card read
journals nothing and logs one line naming the seat and why, never the player or the card.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

import structlog

from ..buy_in import PLAYER_ID
from ..errors import RuleError
from ..money import ZERO, exact_decimal
from ..players.exclusion import ExclusionSource
from ..table.payout import seat_payout
from ..table.seated import (
    CARD,
    KEYED,
    WITHHELD_OUTCOMES,
    CardIn,
    CardOut,
    PlayerHeld,
    PlayerPaused,
    PlayerResumed,
    RatingTerms,
    WinningsWithheld,
    WithheldDecided,
    seat_of,
    seated,
    withheld,
)

if TYPE_CHECKING:
    from ..config import TableConfig
    from ..table.transaction import Transaction as Tx

log = structlog.get_logger()

STATION = "station"

MAX_SOURCE = 200
CARD_SEAT_S = 60.0
"""How long a seat chosen for the table's reader waits for its card."""


@dataclass(frozen=True, slots=True)
class CardNotice:
    """The last card the table refused or could not read, for the croupier's screen (not journaled: nothing
    happened at the table). ``key`` and ``values``: the message (``view/texts.py``); ``at``: monotonic time."""

    at: float
    seat: int | None
    key: str
    values: Mapping[str, str]


class SeatingRules:
    """The player-at-the-seat commands and the card reader's report (a mixin of the flows)."""

    table: TableConfig
    card_notice: CardNotice | None = None
    """The last card refused or not read whole (the screen says why; ``TableSnapshot.card_notice``)."""
    _card_seat: tuple[int, float] | None = None
    """A table reader's next card goes to this seat until this monotonic time (``card_seat``): a choice on the
    screen, not a fact of the table, so it is not journaled (after a restart the croupier taps the seat again)."""

    # -- the croupier's commands (rows in ``table.commands.TABLE_COMMANDS``)

    def card_in(self, tx: Tx, seat: object, player: object) -> None:
        """The croupier keys ``player``'s id at ``seat`` (a card the reader cannot read, or no reader)."""
        if not isinstance(player, str) or not PLAYER_ID.fullmatch(player):
            raise RuleError("a player id is 1-64 letters, digits or . _ : / - (starting with a letter or digit)",
                            "player")
        self._seat_player(tx, self._seat(seat), player, KEYED, None)

    def card_seat(self, tx: Tx, seat: object) -> None:
        """At a table with one reader for the whole table: the next card it reads (within ``CARD_SEAT_S``) is for
        ``seat``."""
        self._card_seat = (self._seat(seat), time.monotonic() + CARD_SEAT_S)

    def card_out(self, tx: Tx, seat: object) -> None:
        """The player at ``seat`` leaves (their session ends now)."""
        number = self._seat(seat)
        current = seated(tx.state).get(number)
        if current is None:
            raise RuleError(f"no player is carded in at seat {number}", "seat", key="refuse_no_player",
                            values={"seat": str(number)})
        tx.emit(CardOut(number, current.player), "croupier")
        log.info("player_card_out", seat=number)

    def pause_player(self, tx: Tx, seat: object) -> None:
        """The player at ``seat`` steps away: time on game stops."""
        number = self._seat(seat)
        current = seated(tx.state).get(number)
        if current is None or current.paused:
            raise RuleError(f"no player is playing at seat {number}", "seat")
        tx.emit(PlayerPaused(number, current.player), "croupier")

    def resume_player(self, tx: Tx, seat: object) -> None:
        number = self._seat(seat)
        current = seated(tx.state).get(number)
        if current is None or not current.paused:
            raise RuleError(f"no player is paused at seat {number}", "seat")
        tx.emit(PlayerResumed(number, current.player), "croupier")

    def hold_excluded(self, tx: Tx) -> list[int]:
        """The exclusion list changed (the station asks after each list it receives): a seat whose player is now
        on it is held - no new stake accepted there - and a supervisor is called. Returns the seats held now."""
        source_of_list = tx.service(ExclusionSource)
        if source_of_list is None:
            return []
        listed = source_of_list.current()
        as_of = None if listed.as_of is None else listed.as_of.isoformat(timespec="seconds")
        held = []
        for seat, current in sorted(seated(tx.state).items()):
            if not current.held and listed.excludes(current.player):
                tx.emit(PlayerHeld(seat, current.player, "excluded", as_of), STATION)
                log.warning("player_held", seat=seat, reason="excluded", list_as_of=as_of)
                held.append(seat)
        return held

    def refuse_held_stake(self, tx: Tx, seat: int, staked: bool) -> None:
        """No new stake at a held seat (its player is excluded): a supervisor sees to it."""
        current = seated(tx.state).get(seat)
        if staked and current is not None and current.held:
            raise RuleError(f"seat {seat} is held (its player is on the exclusion list): no stake is taken there; "
                            "call a supervisor", "seat", key="refuse_seat_held", values={"seat": str(seat)})

    def withhold_winnings(self, tx: Tx, settlement: Mapping[str, object]) -> None:
        """At the settlement: a held seat is paid nothing. What it would have been paid (the rack's pay on its
        winning spots and any progressive award; its losing spots are collected as usual, a push stays) is
        journaled as withheld - owed by the house until a supervisor releases or forfeits it - and the screen
        calls a supervisor. The round's settlement itself is unchanged, so its figures stay exact."""
        round_id = tx.round.round_id
        for seat, current in sorted(seated(tx.state).items()):
            plan = seat_payout(settlement, seat) if current.held else None
            amount = ZERO if plan is None else plan.paid + (plan.jackpot or ZERO)
            if amount > 0:
                tx.emit(WinningsWithheld(round_id, seat, current.player, amount), STATION)
                log.warning("winnings_withheld", seat=seat, round_id=round_id)

    # -- the reader's report (``engine/intake.py``)

    def on_player_card(self, tx: Tx, device: str, seat: int | None, number: str) -> bool:
        """A card read whole at ``seat``'s reader: the casino's card of a player not seated elsewhere sits down.
        False (nothing journaled, one log line) when it is refused."""
        prefix = self.table.players.card_prefix
        if seat is None:  # the table's reader: the seat the croupier chose for it
            chosen, self._card_seat = self._card_seat, None
            if chosen is None or chosen[1] < time.monotonic():
                return self._card_refused(seat, "a card read at the table's reader: choose the seat first",
                                          "refuse_card_no_seat")
            seat = chosen[0]
        if not number.startswith(prefix) or len(number) == len(prefix):
            return self._card_refused(seat, "a card of another casino", "refuse_foreign_card")
        player = number[len(prefix):]
        try:
            self._seat_player(tx, seat, player, CARD, device)
        except RuleError as refused:
            return self._card_refused(seat, refused.problem, refused.key or "refused", refused.values)
        self.card_notice = None
        return True

    def on_player_card_bad(self, tx: Tx, seat: int | None) -> None:
        """A swipe the reader could not read whole: the screen asks for it again (the log has said why)."""
        self.card_notice = CardNotice(time.monotonic(), seat, "refuse_bad_swipe", {})

    def _card_refused(self, seat: int | None, reason: str, key: str, values: Mapping[str, str] | None = None) -> bool:
        log.warning("player_card_refused", seat=seat, reason=reason)
        self.card_notice = CardNotice(time.monotonic(), seat, key, dict(values or {"problem": reason}))
        return False

    # -- a supervisor's action (``table.commands.SUPERVISOR_COMMANDS``)

    def set_rating_terms(self, tx: Tx, actor: str, reason: str, theo: Mapping[str, object] | None = None,
                         comp_rate: object = None, source: object = "") -> None:
        """New rating terms, in force from the next round: every spot's edge and the comp rate (both given)."""
        if not isinstance(theo, Mapping) or not theo or comp_rate is None:
            raise RuleError("the rating terms are the edge of every staked spot and the comp rate", "theo")
        spots = self.rated_spots()
        edges: dict[str, Decimal] = {}
        for spot, edge in theo.items():
            if spot not in spots:
                raise RuleError(f"no such spot with an edge of its own (spots: {', '.join(spots)})", f"theo.{spot}")
            value = _decimal(edge, f"theo.{spot}")
            if not Decimal(-1) <= value <= 1:
                raise RuleError("an edge is a share of the stake from -1 to 1", f"theo.{spot}")
            edges[str(spot)] = value
        rate = _decimal(comp_rate, "comp_rate")
        if not 0 <= rate <= 1:
            raise RuleError("a comp rate is a share of theo from 0 to 1", "comp_rate")
        if not isinstance(source, str) or not source.strip() or len(source) > MAX_SOURCE or not source.isprintable():
            raise RuleError(f"say where the edges come from (1-{MAX_SOURCE} printable characters)", "source")
        tx.emit(RatingTerms(edges, rate, source.strip(), actor.removeprefix("supervisor:")), actor)

    def release_withheld(self, tx: Tx, actor: str, reason: str, round_id: object = None, seat: object = None) -> None:
        """The winnings withheld at ``seat`` in ``round_id`` are paid to the player after all."""
        self._decide_withheld(tx, actor, reason, round_id, seat, "released")

    def forfeit_withheld(self, tx: Tx, actor: str, reason: str, round_id: object = None, seat: object = None) -> None:
        """The winnings withheld at ``seat`` in ``round_id`` are kept from the player (the casino's rules say
        where they go)."""
        self._decide_withheld(tx, actor, reason, round_id, seat, "forfeited")

    def _decide_withheld(self, tx: Tx, actor: str, reason: str, round_id: object, seat: object, outcome: str) -> None:
        assert outcome in WITHHELD_OUTCOMES
        pending = withheld(tx.state)
        entry = pending.get((round_id, seat)) if isinstance(round_id, str) and isinstance(seat, int) else None
        if entry is None:
            waiting = ", ".join(f"{r} seat {s}" for r, s in pending) or "none"
            raise RuleError(f"no winnings are withheld at that round and seat (waiting: {waiting})", "seat",
                            key="refuse_nothing_withheld")
        tx.emit(WithheldDecided(entry.round_id, entry.seat, entry.player, entry.amount, outcome, reason.strip(),
                                actor.removeprefix("supervisor:")), actor)
        log.info("withheld_decided", seat=entry.seat, round_id=entry.round_id, outcome=outcome)

    def rated_spots(self) -> tuple[str, ...]:
        """The spots a rating's theo counts (placed, with an edge of their own): the family says."""
        return ()

    # -- shared

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.table.seats:
            raise RuleError(f"a seat is 1 to {self.table.seats}", "seat")
        return seat

    def _seat_player(self, tx: Tx, seat: int, player: str, source: str, reader: str | None) -> None:
        state = tx.state
        elsewhere = seat_of(state, player)
        if elsewhere is not None:
            raise RuleError(f"already seated at seat {elsewhere}", "player", key="refuse_already_seated",
                            values={"seat": str(elsewhere)})
        if seat in seated(state):
            raise RuleError(f"seat {seat} has a player carded in: card them out first", "seat", key="refuse_seat_taken",
                            values={"seat": str(seat)})
        source_of_list = tx.service(ExclusionSource)
        if source_of_list is not None:
            listed = source_of_list.current()
            if listed.excludes(player):
                since = "never" if listed.as_of is None else listed.as_of.isoformat(timespec="seconds")
                raise RuleError(f"excluded: this player is on the exclusion list (list as of {since})", "player",
                                key="refuse_excluded", values={"since": since})
        tx.emit(CardIn(seat, player, source, reader), "croupier" if source == KEYED else f"device:{reader}")
        log.info("player_card_in", seat=seat, source=source)


def _decimal(value: object, field: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
        raise RuleError("a decimal number as text", field)
    try:
        return exact_decimal(value)
    except (ValueError, ArithmeticError):
        raise RuleError("a decimal number as text", field) from None
