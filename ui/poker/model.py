"""What the poker table panel shows, computed from a table snapshot: no Qt, and no rule of its own.

Whose turn it is and what that seat may do come from ``betting.legal`` (through the flow),
the quick sizes from ``sizing.quick_sizes``, the pots from ``pots.pots`` during the hand
and from the settlement (``showdown.settle_hand``) after it, the clock from the journal's
time of the turn. Words are the panel's (``words.py``); the banner is the flow's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from dealer_station.engine.poker import BOARD, SHOWDOWN, PokerFlow
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.evaluator import HandValue, evaluate
from dealer_station.games.holdem import live
from dealer_station.games.holdem.betting import Options
from dealer_station.games.holdem.pots import pots
from dealer_station.games.holdem.showdown import HandResult
from dealer_station.games.holdem.sizing import quick_sizes
from dealer_station.money import ZERO, format_money
from dealer_station.table.phases import DEALING


@dataclass(frozen=True)
class SeatView:
    seat: int
    occupied: bool
    stack: Decimal = ZERO
    status: str | None = None
    """``out``, ``waiting``, ``posting``, ``busted``, ``folded``, ``mucked``, ``all_in``, or None
    for a player simply in the game (``words.status_word``)."""
    in_hand: bool = False
    bet: Decimal = ZERO
    """Chips in front of the seat on this street."""
    cards: tuple[int | None, ...] = ()
    """The seat's cards as the dealer sees them: shown ones, None face down, () none dealt."""
    button: bool = False
    blind: str | None = None
    """``small_blind``, ``big_blind`` or ``post``."""
    to_act: bool = False
    wins: Decimal | None = None
    """Chips pushed to the seat at the settlement (winnings and uncalled chips)."""
    hand: HandValue | None = None
    """The best five of a hand shown at the showdown (both cards face up, a full board)."""
    to_show: bool = False
    """Its hand is the one the showdown waits for: shown (or read, keyed) or mucked."""


@dataclass(frozen=True)
class PotView:
    number: int
    """0: the main pot; 1, 2...: side pots."""
    amount: Decimal
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[tuple[int, Decimal], ...] = ()
    rake: Decimal | None = None


@dataclass(frozen=True)
class ScreenModel:
    hand: str | None
    number: int | None
    """The hand's round number."""
    phase: str
    void: Mapping[str, Any] | None
    """The void of the hand on the table (``round_voided``: cause, by, at, reason, returned), or None."""
    seats: tuple[SeatView, ...]
    board: tuple[int | None, ...]
    pots: tuple[PotView, ...]
    bets_in_front: Decimal
    rake_to_drop: Decimal | None
    returned: tuple[int, Decimal] | None
    """Uncalled chips going back to their owner at the settlement (seat, chips)."""
    options: Options | None
    sizes: dict[str, Decimal]
    deadline: datetime | None
    """When the seat to act's action clock runs out (None: no clock running)."""
    commands: frozenset[str]
    structure: str
    """``no_limit``, ``pot_limit`` or ``fixed_limit``."""
    stakes: str
    """Blinds, and a fixed-limit table's bets: ``1/2``, ``1/2 (2/4)``."""
    buy_in: tuple[Decimal, Decimal | None]
    min_chip: Decimal

    def clock_seconds(self, now: datetime | None = None) -> int | None:
        """Whole seconds left on the action clock (rounded up), or None."""
        if self.deadline is None:
            return None
        left = (self.deadline - (now or datetime.now(UTC))).total_seconds()
        return max(0, int(left + 0.999))

    def seat(self, number: int | None) -> SeatView | None:
        return next((s for s in self.seats if s.seat == number), None)


def build(snap: TableSnapshot) -> ScreenModel:
    """The whole table as of the snapshot."""
    flow = snap.flow
    assert isinstance(flow, PokerFlow)
    state = snap.state
    rnd = state.round
    mine = live.hand_of(rnd)
    table = live.table_of(state)
    hand_open = rnd is not None and not rnd.finished and mine is not None
    options = flow.options(rnd)
    result = flow.result(rnd) if hand_open else None
    seats = []
    for number in range(1, snap.table.seats + 1):
        player = table.player(number)
        seats.append(SeatView(number, False) if player is None else
                     _seat_view(snap, flow, number, player, mine if hand_open else None, result))
    board: tuple[int | None, ...] = ()
    if rnd is not None and mine is not None:
        board = tuple(flow.cards_on_table(rnd, BOARD)[:5]) if rnd.void is None else tuple(rnd.cards.get(BOARD, []))
        shown = rnd.revealed.get(BOARD, 0)
        board = tuple(card if i < shown or card is None else None for i, card in enumerate(board))
    pot_views: tuple[PotView, ...] = ()
    in_front = ZERO
    if result is not None:
        pot_views = tuple(PotView(i, p.amount, p.eligible, p.winners, p.shares, p.rake)
                          for i, p in enumerate(result.pots))
    elif hand_open and mine is not None:
        pot_views = tuple(PotView(i, p.amount, p.eligible) for i, p in enumerate(pots(mine.hand)))
        if not mine.hand.over:
            in_front = sum((p.bet for p in mine.hand.players), ZERO)
    config = flow.config
    stakes = f"{format_money(config.small_blind)}/{format_money(config.big_blind)}"
    if config.bet_sizes is not None:
        stakes += f" ({format_money(config.bet_sizes[0])}/{format_money(config.bet_sizes[1])})"
    return ScreenModel(
        hand=rnd.round_id if rnd is not None else None,
        number=rnd.number if rnd is not None else None,
        phase=snap.phase,
        void=rnd.void if rnd is not None else None,
        seats=tuple(seats),
        board=board,
        pots=pot_views,
        bets_in_front=in_front,
        rake_to_drop=result.rake if result is not None else None,
        returned=result.returned if result is not None else None,
        options=options,
        sizes=quick_sizes(mine.hand, options) if options is not None and mine is not None else {},
        deadline=flow.deadline(state),
        commands=snap.offer.croupier,
        structure=config.structure.value,
        stakes=stakes,
        buy_in=(flow.holdem.buy_in_min, flow.holdem.buy_in.max),
        min_chip=config.min_chip,
    )


def _seat_view(snap: TableSnapshot, flow: PokerFlow, number: int, player: live.SeatPlayer,
               mine: live.PokerHand | None, result: HandResult | None) -> SeatView:
    rnd = snap.state.round
    status: str | None = None
    if player.status is live.SeatStatus.OUT:
        status = "out"
    elif player.status is live.SeatStatus.NEW:
        status = "posting" if player.post else "waiting"
    elif player.stack == 0 and (mine is None or number not in mine.seats):
        status = "busted"
    if mine is None or rnd is None or number not in mine.seats:
        return SeatView(number, True, player.stack, status)
    hand = mine.hand
    p = hand.player(number)
    status = "folded" if p.folded else "mucked" if number in mine.mucked else "all_in" if p.all_in else None
    position = f"seat{number}"
    shown = rnd.revealed.get(position, 0)
    dealt = flow.cards_on_table(rnd, position) or ([None, None] if rnd.by_hand and rnd.phase != DEALING else [])
    cards: tuple[int | None, ...] = tuple(c if i < shown else None for i, c in enumerate(dealt[:2]))
    if p.folded or number in mine.mucked:
        cards = ()  # game protection: a hand out of play is never shown
    blind = "small_blind" if number == hand.small_blind and number != hand.big_blind else \
        "big_blind" if number == hand.big_blind else "post" if number in mine.posts else None
    wins = None
    if result is not None:
        wins = sum((chips for pot in result.pots for seat, chips in pot.shares if seat == number), ZERO)
        if result.returned is not None and result.returned[0] == number:
            wins += result.returned[1]
    board = [c for c in flow.cards_on_table(rnd, BOARD)[:5] if c is not None]
    known = [c for c in cards if c is not None]
    value = evaluate([*known, *board]) if len(known) == 2 and len(board) == 5 \
        and rnd.revealed.get(BOARD, 0) >= 5 else None
    due = flow.next_to_reveal(rnd) if rnd.phase == SHOWDOWN else None
    return SeatView(number, True, p.stack, status, True, p.bet if not hand.over else ZERO, cards,
                    number == hand.button, blind, hand.seat_to_act == number and flow.betting(rnd), wins, value,
                    due is not None and due[0] == position)
