"""The read side's input: what one table looks like as of its last commit, frozen.

The kernel publishes a ``TableSnapshot`` after every commit (``engine/kernel.py``): the
committed state object (never changed again: the next transaction works on its own copy and
replaces it whole), the rules it is read by, and what the bet sensor saw then. Every reader
reads this and nothing else of the session: the croupier's screen, the pit's table tile, the
croupier's shift counter, the scripted croupier and the tests. What a reader derives from it
(the banner, a seat's payout, the words) is the read side's (``dealer_station/view/``); what is
derived here is only what the rules say (what fits, what is at stake, who acts next), cached
per snapshot.

A snapshot is cheap: it holds references, not copies, and computes what a reader asks for only
when one asks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from ..config import TableConfig
from ..games.base import BankingGame, Game
from ..journal import JournalEvent
from ..table.commands import Offer, offered
from ..table.phases import CLOSED, Phase, Stage
from ..table.state import DeviceState, RoundState, TableState
from ..wire.roles import Role

if TYPE_CHECKING:
    from .bet_sensing import SeatView, SensingRules, SpotCheck
    from .flow import Flow

T = TypeVar("T")


@dataclass(frozen=True)
class SensedView:
    """What the bet sensor saw at the commit, as the rules read it (its tracking changes between scans)."""

    rules: SensingRules
    """What a chip counts for, what is due on a seat's spots (pure: the same whatever is seen)."""
    chips: dict[tuple[int, str], tuple[str, ...]] = field(default_factory=dict)
    """Per antenna (seat, spot), the chips the sensor confirms on it now."""
    read: frozenset[tuple[int, str]] = frozenset()
    """The antennas read in the last inventory round and not down (the others' stakes are keyed)."""
    last_round: int | None = None
    """The sensor's last inventory round the table read."""
    proposed: dict[int, SeatView] = field(default_factory=dict)
    """While betting is open: per seat with chips on it, each spot's proposed stake."""
    checks: dict[int, list[SpotCheck]] = field(default_factory=dict)
    """At the settlement: per unpaid seat, each spot's due against what the sensor sees."""
    alarm: tuple[int, str, Any, Decimal, bool] | None = None
    """A bet alarm holding the round: seat, spot, its locked stake, what is seen, and whether it is back."""
    clones: dict[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    """Chip ids the last inventory round saw in more than one place (a cloned tag), with the places."""

    def chips_on(self, antenna: tuple[int, str]) -> list[str]:
        return list(self.chips.get(antenna, ()))

    def sensed(self, antenna: tuple[int, str]) -> bool:
        """Whether the sensor reads this spot now (else its stake is keyed)."""
        return antenna in self.read


@dataclass(frozen=True, eq=False)
class TableSnapshot:
    """One table as of its last commit (see the module docstring)."""

    state: TableState
    table: TableConfig
    """The table in force: the profile, or the terms the open round was opened under."""
    profile: TableConfig
    """The profile as loaded now: the terms the next round opens under."""
    flow: Flow
    unavailable: str | None = None
    """Why nothing may be played (the journal cannot be written), else None."""
    kept_terms: str | None = None
    """Digest of the open round's own terms while they differ from the profile's (after a restart)."""
    sensed: SensedView | None = None
    """What the bet sensor saw (None: the table has none)."""
    services: tuple[object, ...] = ()
    records: tuple[JournalEvent, ...] = ()
    """What the commit that published this snapshot wrote to the journal (none for a device's view that is
    not journaled): readers that follow the log (the shift counter) read them here, not from the file."""

    # ----------------------------------------------------------------- the table

    @property
    def game(self) -> Game:
        return self.flow.game

    @property
    def round(self) -> RoundState | None:
        return self.state.round

    @property
    def phase(self) -> str:
        rnd = self.state.round
        return CLOSED if rnd is None else rnd.phase

    @property
    def phase_info(self) -> Phase:
        return self.flow.graph.phase(self.phase)

    @property
    def stage(self) -> Stage:
        return self.flow.stage(self.state)

    @property
    def roles(self) -> frozenset[Role]:
        return self.flow.roles

    @property
    def hand_deal(self) -> bool:
        """Dealt by hand with nothing reading the deal: cards become known as they are revealed."""
        return self.flow.hand_deal

    @property
    def reading_shoe(self) -> bool:
        """Dealt by hand from a reading shoe: each card is known as it is drawn."""
        return self.flow.reading_shoe

    @property
    def has_reader(self) -> bool:
        return self.flow.has_reader

    @property
    def tray_seen(self) -> Any:
        """The tray antenna's last scan as the table read it (``table.tray.TraySeen``), or None."""
        return getattr(self.flow, "tray_seen", None)

    @property
    def card_notice(self) -> Any:
        """The last player card refused or not read whole (``engine.seating.CardNotice``), or None: a notice
        for the croupier, not a fact of the table (nothing journaled)."""
        return self.flow.card_notice

    def service(self, kind: type[T]) -> T | None:
        """The first service the station gave the table that is a ``kind`` (THB's link), else None."""
        return next((s for s in self.services if isinstance(s, kind)), None)

    # ----------------------------------------------------------------- what fits

    @cached_property
    def offer(self) -> Offer:
        """The croupier commands and supervisor actions that fit the table right now."""
        if self.unavailable:
            return Offer()
        rnd = self.state.round
        return offered(self.stage, rnd.halt.kind if rnd is not None and rnd.halt is not None else None, self,
                       self.flow.commands)

    def has_bets(self) -> bool:
        rnd = self.state.round
        return bool(rnd and rnd.seats) or bool(self.sensed and self.sensed.proposed)

    def has_paid_seat(self) -> bool:
        rnd = self.state.round
        return bool(rnd and rnd.paid_order)

    def awaiting_key(self) -> bool:
        return self.flow.awaiting_key(self.state.round)

    def exposed(self) -> bool:
        rnd = self.state.round
        return bool(rnd and rnd.exposed)

    def unknown_chips(self) -> list[tuple[int, str, str]]:
        """(seat, spot, chip) of every chip on the layout the casino's inventory does not know."""
        if self.sensed is None:
            return []
        return [(seat, spot, chip) for seat, view in self.sensed.proposed.items()
                for spot, spot_view in view.spots.items() for chip in spot_view.unknown]

    def payout_problems(self) -> dict[int, list[str]]:
        """Per unpaid seat at the settlement, what the bet sensor sees wrong on its spots ({} without one)."""
        if self.sensed is None:
            return {}
        labels = self.game.labels
        out = {}
        for seat, checks in sorted(self.sensed.checks.items()):
            problems = [c.english(labels.get(c.spot, c.spot)) for c in checks if c.mismatch is not None]
            if problems:
                out[seat] = problems
        return out

    def sensed_bets(self) -> dict[int, SeatView]:
        """Per seat, each spot's stake as the bet sensor proposed it at the commit ({} without one)."""
        return {} if self.sensed is None else self.sensed.proposed

    def swapped_devices(self) -> list[str]:
        """The devices held refused as another unit on their port: a supervisor may accept the unit."""
        return [name for name, dev in sorted(self.state.devices.items()) if dev.swapped]
    def all_may_check(self) -> bool:
        """Whether every seat still to act on this street may check (``check_rest`` checks them all)."""
        waiting = self.seats_to_act()
        game = self.game
        rnd = self.state.round
        if not waiting or rnd is None or rnd.halt is not None or not isinstance(game, BankingGame):
            return False
        return all("check" in game.legal_actions(rnd.seats[seat].actions, rnd.phase) for seat in waiting)

    def deck_failed(self) -> bool:
        """Whether the round is halted by a failed deck check (the croupier may have it checked again)."""
        rnd = self.state.round
        return rnd is not None and rnd.halt is not None and rnd.halt.kind == "deck"

    def device_refused(self) -> bool:
        """Whether a device of the table is held refused (no round opens: ``open_round``'s guard)."""
        return any(dev.held_refused for dev in self.state.devices.values())

    def disk_full(self) -> bool:
        """Whether the journal's disk is at the disk watch's halt threshold (no round opens)."""
        return self.state.disk == "halt"

    def refused_devices(self) -> list[DeviceState]:
        """The table's devices held refused now: no round opens while one is."""
        return [dev for _name, dev in sorted(self.state.devices.items()) if dev.held_refused]

    # ----------------------------------------------------------------- the round, as the rules read it

    def legal_actions(self, seat: int) -> list[str]:
        return self.flow.legal_actions(self.state.round, seat)

    def seats_to_act(self, street: str | None = None) -> list[int]:
        return self.flow.seats_to_act(self.state.round, street)

    def next_to_reveal(self) -> tuple[str, int] | None:
        return self.flow.next_to_reveal(self.state.round)

    def to_reveal(self) -> list[tuple[str, int]]:
        """Every card the phase still turns over, in order (``next_to_reveal`` is the first)."""
        return self.flow.to_reveal(self.state.round)

    def cards_due(self) -> int:
        """Card reports the round awaits now from a shoe or reader that sends them back to back."""
        return self.flow.cards_due(self.state.round)

    def deck_due(self) -> bool:
        """The round waits for the shoe's shuffled and checked deck (it shuffles, then reports the check)."""
        rnd = self.state.round
        return (rnd is not None and not rnd.finished and not self.state.deck_verified
                and self.stage in (Stage.BETTING, Stage.LOCKED))

    def cards_on_table(self, position: str) -> list[int | None]:
        return self.flow.cards_on_table(self.state.round, position)

    def correctable_cards(self) -> list[tuple[str, int]]:
        """(position, index) of the cards a supervisor may correct now: only those keyed by hand."""
        return self.flow.correctable(self.state.round)

    def seat_stakes(self, seat: int) -> dict[str, Decimal]:
        """Stake per spot of ``seat`` now, the decision bets included once made."""
        rnd = self.state.round
        return {} if rnd is None else self.flow.stakes(rnd, seat)
