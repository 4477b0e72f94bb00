"""A session of hands at a live table: stacks, seats, button and the hand in progress.

``PokerTable`` (the table's ``game_state``) and ``PokerHand`` (the round's) are immutable
values folded from the journal by ``fold`` - for the live table, for a command's scratch
state and for replay alike. What the next hand deals in (``deal_in``) and whether every
chip is accounted for (``chip_count``) are pure functions of them.

Stacks: a seat's ``stack`` in ``PokerTable`` is its chips between hands; during a hand the
chips of a seat dealt in are its ``Player.stack`` (behind) plus its ``Player.total`` (in
the pot), and ``PokerTable`` keeps the stack it started the hand with. So a void needs no
undoing (the hand is dropped) and a settlement sets each dealt-in seat's stack
(``pots_awarded``). Conservation, at every journal position::

    stacks + chips in the pot + rake taken == bought in - cashed out
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum
from typing import Any

from ...errors import RuleError
from ...money import ZERO
from ...table import events as ev
from ...table.folds import COMMON
from ...table.state import RoundState, TableState
from .betting import Action, Hand, Move, apply, start_hand
from .events import (
    ActionTimedOut,
    ChipsAdded,
    HandMucked,
    HandStarted,
    PlayerActed,
    PlayerLeft,
    PlayerSatIn,
    PlayerSatOut,
    PlayerSeated,
    PotsAwarded,
    StreetDealt,
)
from .positions import blind_positions, clockwise, left_of, next_button
from .record import parse_config
from .structure import HandConfig, Street

BETTING_PHASES: dict[str, Street] = {"preflop": Street.PREFLOP, "flop": Street.FLOP, "turn": Street.TURN,
                                     "river": Street.RIVER}
"""The hand's betting rounds as phases of the poker round (``engine/poker.py``)."""


class SeatStatus(StrEnum):
    NEW = "new"
    """Seated (or back from sitting out), not dealt in yet: posts a big blind or waits for it."""
    PLAYING = "playing"
    """Dealt in whenever it has chips."""
    OUT = "out"
    """Sitting out: not dealt in."""


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    seat: int
    stack: Decimal
    """Chips between hands (at the start of the hand in progress, for a seat dealt in)."""
    status: SeatStatus
    post: bool = False
    """A new player posts a big blind to be dealt in (else waits for the big blind)."""
    bought_in: Decimal = ZERO
    """Everything this player brought to the table (buy-in and chips added)."""
    sitting: int = 0
    """Which sitting at the table this is (``PokerTable.sittings`` when the player sat down):
    a seat number alone cannot tell a player from the next one in the same seat."""


@dataclass(frozen=True, slots=True)
class PokerTable:
    """The table between and across hands: players, last button, money in and out, the drop."""

    players: tuple[SeatPlayer, ...] = ()
    """In seat order."""
    button: int | None = None
    """Last hand's button (None before the first hand)."""
    bought_in: Decimal = ZERO
    cashed_out: Decimal = ZERO
    rake: Decimal = ZERO
    """Everything raked into the drop."""
    sittings: int = 0
    """Players seated so far (each ``PlayerSeated``), numbering each sitting."""

    def player(self, seat: int) -> SeatPlayer | None:
        return next((p for p in self.players if p.seat == seat), None)

    def with_player(self, player: SeatPlayer) -> tuple[SeatPlayer, ...]:
        others = [p for p in self.players if p.seat != player.seat]
        return tuple(sorted([*others, player], key=lambda p: p.seat))

    def without(self, seat: int) -> tuple[SeatPlayer, ...]:
        return tuple(p for p in self.players if p.seat != seat)


@dataclass(frozen=True, slots=True)
class PokerHand:
    """The hand in progress: its betting state, its actions, and what the station tracks around it."""

    hand: Hand
    posts: tuple[int, ...] = ()
    actions: tuple[Action, ...] = ()
    timeouts: tuple[int, ...] = ()
    """Indexes in ``actions`` of the actions the clock took."""
    mucked: tuple[int, ...] = ()
    awarded: bool = False
    """The pots went to their winners (``pots_awarded``): the chips are in the stacks again."""
    turn: tuple[str, int] | None = None
    """(phase, seat) whose action clock runs, or None."""
    turn_since: str | None = None
    """Journal time at which that turn started (or the station restarted during it)."""
    sittings: tuple[tuple[int, int], ...] = ()
    """(seat, sitting) of every player dealt in: who played the hand, after they leave too."""

    @property
    def config(self) -> HandConfig:
        return self.hand.config

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.hand.players)

    def start_stacks(self) -> dict[int, Decimal]:
        return {p.seat: p.start for p in self.hand.players}

    def showdown_order(self) -> list[int]:
        """Live seats clockwise from the first one left of the button: the order hands are shown."""
        live = [p.seat for p in self.hand.live]
        order = clockwise(live)
        if not order:
            return []
        first = left_of(order, self.hand.button)
        i = order.index(first)
        return order[i:] + order[:i]


def table_of(state: TableState) -> PokerTable:
    table = state.game_state
    return table if isinstance(table, PokerTable) else PokerTable()


def hand_of(rnd: RoundState | None) -> PokerHand | None:
    return rnd.game_state if rnd is not None and isinstance(rnd.game_state, PokerHand) else None


def live_hand(state: TableState) -> PokerHand | None:
    """The hand whose chips are still on the table (not yet awarded, not voided)."""
    rnd = state.round
    hand = hand_of(rnd)
    if rnd is None or hand is None or rnd.void is not None or hand.awarded:
        return None
    return hand


# -- who is dealt in -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealIn:
    """The next hand's seats (with their stacks), button and posts."""

    button: int
    stacks: dict[int, Decimal]
    posts: tuple[int, ...]


def deal_in(table: PokerTable) -> DealIn:
    """Who the next hand deals in (docs/holdem.md, "A session of hands").

    Players with chips who are playing are dealt in. While the game is running (a hand
    was dealt before and two playing seats have chips) a new player is dealt in when it
    posts a big blind, or when the big blind reaches its seat if it waits for it;
    otherwise (the first hand, or a game starting again) every seated player with chips
    is dealt in and nobody posts. The button moves per ``positions.next_button``; a
    poster whose seat gets a blind posts that blind instead.
    """
    with_chips = [p for p in table.players if p.stack > 0 and p.status is not SeatStatus.OUT]
    playing = {p.seat for p in with_chips if p.status is SeatStatus.PLAYING}
    new = [p for p in with_chips if p.status is SeatStatus.NEW]
    running = table.button is not None and len(playing) >= 2
    if not running:
        seats = playing | {p.seat for p in new}
        posters: set[int] = set()
    else:
        posters = {p.seat for p in new if p.post}
        seats = playing | posters
        for p in new:
            if p.post:
                continue
            trial = seats | {p.seat}
            if blind_positions(trial, next_button(trial, table.button)).big_blind == p.seat:
                seats = trial
    if len(seats) < 2:
        raise RuleError(f"a hand needs two players with chips who are not sitting out ({len(seats)} now)")
    button = next_button(seats, table.button)
    positions = blind_positions(seats, button)
    posts = tuple(s for s in sorted(posters) if s not in (positions.small_blind, positions.big_blind))
    stacks = {p.seat: p.stack for p in table.players if p.seat in seats}
    return DealIn(button, stacks, posts)


# -- the fold ------------------------------------------------------------------------------


POKER_FOLDS = COMMON.extended()
"""The table's folds plus the players, their stacks and the hand (``Game.folds``)."""


@POKER_FOLDS.on(PlayerSeated, ChipsAdded, PlayerSatOut, PlayerSatIn, PlayerLeft, ev.RoundAdjusted)
def _fold_table(state: TableState, e: Any, at: str) -> None:
    table = table_of(state)
    if isinstance(e, PlayerSeated):
        player = SeatPlayer(e.seat, e.buy_in, SeatStatus.NEW, e.post, e.buy_in, table.sittings + 1)
        state.game_state = replace(table, players=table.with_player(player), bought_in=table.bought_in + e.buy_in,
                                   sittings=table.sittings + 1)
    elif isinstance(e, ChipsAdded):
        p = _seated(table, e.seat)
        grown = replace(p, stack=p.stack + e.amount, bought_in=p.bought_in + e.amount)
        state.game_state = replace(table, players=table.with_player(grown), bought_in=table.bought_in + e.amount)
    elif isinstance(e, PlayerSatOut):
        state.game_state = replace(table, players=table.with_player(replace(_seated(table, e.seat),
                                                                            status=SeatStatus.OUT)))
    elif isinstance(e, PlayerSatIn):
        back = replace(_seated(table, e.seat), status=SeatStatus.NEW, post=e.post)
        state.game_state = replace(table, players=table.with_player(back))
    elif isinstance(e, PlayerLeft):
        state.game_state = replace(table, players=table.without(e.seat), cashed_out=table.cashed_out + e.cashed_out)
    elif isinstance(e, ev.RoundAdjusted) and e.moves_chips:  # a correction: chips between seats, or rake back
        moved = {int(seat): amount for seat, amount in e.adjustments.items()}
        players = tuple(replace(p, stack=p.stack + moved[p.seat]) if p.seat in moved else p for p in table.players)
        state.game_state = replace(table, players=players, rake=table.rake - sum(moved.values(), ZERO))


def _seated(table: PokerTable, seat: int) -> SeatPlayer:
    player = table.player(seat)
    if player is None:  # pragma: no cover - the flow refuses it before anything is journaled
        raise RuntimeError(f"seat {seat} has no player")
    return player


@POKER_FOLDS.on(HandStarted, PlayerActed, ActionTimedOut, StreetDealt, HandMucked, PotsAwarded)
def _fold_hand(state: TableState, e: Any, at: str) -> None:
    rnd = state.round
    if isinstance(e, HandStarted):
        assert rnd is not None
        stacks = {int(seat): chips for seat, chips in e.stacks.items()}
        hand = start_hand(parse_config(e.rules), stacks, e.button, posts=e.posts)
        table = table_of(state)
        rnd.game_state = PokerHand(hand, tuple(e.posts),
                                   sittings=tuple((p.seat, p.sitting) for p in table.players if p.seat in stacks))
        dealt = tuple(replace(p, status=SeatStatus.PLAYING, post=False) if p.seat in stacks else p
                      for p in table.players)
        state.game_state = replace(table, players=dealt, button=e.button)
        return
    mine = hand_of(rnd)
    if mine is None or rnd is None:
        return
    if isinstance(e, (PlayerActed, ActionTimedOut)):
        to = getattr(e, "to", None)
        action = Action(e.seat, Move(e.action), to)
        timeouts = (*mine.timeouts, len(mine.actions)) if isinstance(e, ActionTimedOut) else mine.timeouts
        rnd.game_state = replace(mine, hand=apply(mine.hand, action), actions=(*mine.actions, action),
                                 timeouts=timeouts)
    elif isinstance(e, StreetDealt):
        rnd.packets.extend((pos, n) for pos, n in e.packets)
        for pos, _n in e.packets:
            rnd.cards.setdefault(pos, [])
    elif isinstance(e, HandMucked):
        rnd.game_state = replace(mine, mucked=(*mine.mucked, e.seat))
    elif isinstance(e, PotsAwarded):
        table = table_of(state)
        after = {int(seat): chips for seat, chips in e.stacks.items()}
        players = tuple(replace(p, stack=after[p.seat]) if p.seat in after else p for p in table.players)
        state.game_state = replace(table, players=players, rake=table.rake + e.rake)
        rnd.game_state = replace(mine, awarded=True)


@POKER_FOLDS.every
def _run_clock(state: TableState, event: Any, at: str) -> None:
    """Start the action clock when the seat to act changes (a restart or a halt restarts it)."""
    rnd = state.round
    mine = hand_of(rnd)
    if rnd is None or mine is None:
        return
    turn: tuple[str, int] | None = None
    seat = mine.hand.seat_to_act
    if not rnd.finished and rnd.halt is None and rnd.phase in BETTING_PHASES and seat is not None:
        turn = (rnd.phase, seat)
    restarted = isinstance(event, ev.StationStarted) and turn is not None
    if turn != mine.turn or restarted:
        rnd.game_state = replace(mine, turn=turn, turn_since=at if turn is not None else None)


def deadline(state: TableState, clock_seconds: int) -> datetime | None:
    """When the seat to act's time is up (None: no action clock runs now)."""
    mine = hand_of(state.round)
    if mine is None or mine.turn is None or mine.turn_since is None:
        return None
    return datetime.fromisoformat(mine.turn_since) + timedelta(seconds=clock_seconds)


# -- conservation ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChipCount:
    """Every chip of the table at one journal position."""

    stacks: Decimal
    """Chips in front of the players (behind, for a seat in the hand)."""
    in_pot: Decimal
    rake: Decimal
    bought_in: Decimal
    cashed_out: Decimal

    @property
    def conserved(self) -> bool:
        return self.stacks + self.in_pot + self.rake == self.bought_in - self.cashed_out


def chip_count(state: TableState) -> ChipCount:
    table = table_of(state)
    hand = live_hand(state)
    in_hand = {p.seat: p for p in hand.hand.players} if hand is not None else {}
    stacks = sum((in_hand[p.seat].stack if p.seat in in_hand else p.stack for p in table.players), ZERO)
    pot = hand.hand.pot if hand is not None else ZERO
    return ChipCount(stacks, pot, table.rake, table.bought_in, table.cashed_out)


def stacks_now(state: TableState) -> dict[int, Decimal]:
    """Each seated player's chips in front of it now (behind, during a hand it is in)."""
    hand = live_hand(state)
    in_hand = {p.seat: p.stack for p in hand.hand.players} if hand is not None else {}
    return {p.seat: in_hand.get(p.seat, p.stack) for p in table_of(state).players}


def stacks_json(stacks: Mapping[int, Decimal] | Iterable[tuple[int, Decimal]]) -> dict[str, Decimal]:
    items = stacks.items() if isinstance(stacks, Mapping) else stacks
    return {str(seat): chips for seat, chips in sorted(items)}


@dataclass(frozen=True, slots=True)
class JournalAudit:
    """A poker table's journal replayed event by event: the chip count checked at every position."""

    events: int
    unbalanced: tuple[tuple[int, ChipCount], ...]
    """(seq, chip count) of every position where the chips do not add up."""
    hands_settled: int
    side_pot_hands: int
    """Settled hands with more than one pot."""
    timeouts: int
    final: ChipCount

    @property
    def conserved(self) -> bool:
        return not self.unbalanced


def audit_journal(records: Iterable[Any], table_id: str) -> JournalAudit:
    """Replay ``records`` (``Journal.events()``) with the poker fold and check conservation after each."""
    state = TableState(table_id)
    unbalanced: list[tuple[int, ChipCount]] = []
    events = settled = side_pots = timeouts = 0
    for record in records:
        event = ev.decode(record.kind, record.payload)
        POKER_FOLDS.evolve(state, event, record.at, record.seq)
        events += 1
        count = chip_count(state)
        if not count.conserved:
            unbalanced.append((record.seq, count))
        if isinstance(event, ev.Settled):
            settled += 1
            side_pots += len(event.settlement.get("pots", [])) > 1
        elif isinstance(event, ActionTimedOut):
            timeouts += 1
    return JournalAudit(events, tuple(unbalanced), settled, side_pots, timeouts, chip_count(state))
