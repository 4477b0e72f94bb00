"""What the poker screen shows, computed from the session: no Qt, and no rule of its own.

Whose turn it is and what that seat may do come from ``betting.legal`` (through the flow),
the quick sizes from ``sizing.quick_sizes``, the pots from ``pots.pots`` during the hand
and from the settlement (``showdown.settle_hand``) after it, the clock from the journal's
time of the turn. Texts are message keys with arguments (``Line``) for ``texts.phrase``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from dealer_station.engine.phases import Stage
from dealer_station.engine.poker import BOARD, SHOWDOWN, PokerFlow
from dealer_station.engine.session import TableSession
from dealer_station.errors import RuleError
from dealer_station.games.holdem import live
from dealer_station.games.holdem.betting import Options
from dealer_station.games.holdem.pots import pots
from dealer_station.games.holdem.sizing import quick_sizes
from dealer_station.money import ZERO, format_money

from .texts import Line

STREET_KEYS = {"preflop": "street_preflop", "flop": "street_flop", "turn": "street_turn", "river": "street_river"}


@dataclass(frozen=True)
class SeatView:
    seat: int
    occupied: bool
    stack: Decimal = ZERO
    status: str | None = None
    """A ``status_*`` key, or None for a player simply in the game."""
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
    title: Line
    hand: str | None
    phase: str
    stage: Stage
    banner: Line
    alarm: bool
    """The banner is a halt, a stop or a void."""
    seats: tuple[SeatView, ...]
    board: tuple[int | None, ...]
    pots: tuple[PotView, ...]
    bets_in_front: Decimal
    rake_to_drop: Decimal | None
    returned: tuple[int, Decimal] | None
    """Uncalled chips going back to their owner at the settlement (seat, chips)."""
    options: Options | None
    sizes: dict[str, Decimal]
    clock_seconds: int | None
    commands: frozenset[str]
    supervisor: frozenset[str]


def _money(value: Decimal) -> str:
    return format_money(value)


def build(session: TableSession, now: datetime | None = None) -> ScreenModel:
    """The whole screen at this moment (call it with the session held still)."""
    flow = session.flow
    assert isinstance(flow, PokerFlow)
    state = session.state
    rnd = state.round
    mine = live.hand_of(rnd)
    table = live.table_of(state)
    stage = flow.stage(state)
    offer = session.offer()
    hand_open = rnd is not None and not rnd.finished and mine is not None
    options = flow.options(rnd)
    result = flow.result(rnd) if hand_open else None
    now = now or datetime.now(UTC)
    deadline = flow.deadline(state)
    clock = None if deadline is None else max(0, int((deadline - now).total_seconds() + 0.999))

    seats = []
    for number in range(1, session.table.seats + 1):
        player = table.player(number)
        if player is None:
            seats.append(SeatView(number, False))
            continue
        seats.append(_seat_view(session, flow, number, player, mine if hand_open else None, result))
    board: tuple[int | None, ...] = ()
    if rnd is not None and mine is not None:
        board = tuple(flow.cards_on_table(rnd, BOARD)[:5]) if rnd.void is None else tuple(rnd.cards.get(BOARD, []))
        shown = rnd.revealed.get(BOARD, 0)
        board = tuple(card if i < shown or card is None else None for i, card in enumerate(board))
    pot_views: tuple[PotView, ...] = ()
    in_front = ZERO
    rake = None
    if result is not None:
        pot_views = tuple(PotView(i, p.amount, p.eligible, p.winners, p.shares, p.rake)
                          for i, p in enumerate(result.pots))
        rake = result.rake
    elif hand_open and mine is not None:
        pot_views = tuple(PotView(i, p.amount, p.eligible) for i, p in enumerate(pots(mine.hand)))
        if not mine.hand.over:
            in_front = sum((p.bet for p in mine.hand.players), ZERO)
    config = flow.config
    blinds = f"{_money(config.small_blind)}/{_money(config.big_blind)}"
    if config.bet_sizes is not None:
        blinds += f" ({_money(config.bet_sizes[0])}/{_money(config.bet_sizes[1])})"
    return ScreenModel(
        title=Line("table_title", {"table": session.table.table_id, "structure": Line(config.structure.value),
                                   "blinds": blinds}),
        hand=rnd.round_id if rnd is not None else None,
        phase=session.phase,
        stage=stage,
        banner=_banner(session, flow, offer.croupier),
        alarm=bool(session.unavailable) or (rnd is not None and (rnd.halt is not None or rnd.phase == "void")),
        seats=tuple(seats),
        board=board,
        pots=pot_views,
        bets_in_front=in_front,
        rake_to_drop=rake,
        returned=result.returned if result is not None else None,
        options=options,
        sizes=quick_sizes(mine.hand, options) if options is not None and mine is not None else {},
        clock_seconds=clock,
        commands=offer.croupier,
        supervisor=offer.supervisor,
    )


def _seat_view(session: TableSession, flow: PokerFlow, number: int, player: live.SeatPlayer,
               mine: live.PokerHand | None, result: Any) -> SeatView:
    rnd = session.state.round
    status: str | None = None
    if player.status is live.SeatStatus.OUT:
        status = "status_out"
    elif player.status is live.SeatStatus.NEW:
        status = "status_posting" if player.post else "status_waiting"
    elif player.stack == 0 and (mine is None or number not in mine.seats):
        status = "status_busted"
    if mine is None or rnd is None or number not in mine.seats:
        return SeatView(number, True, player.stack, status)
    hand = mine.hand
    p = hand.player(number)
    if p.folded:
        status = "status_folded"
    elif number in mine.mucked:
        status = "status_mucked"
    elif p.all_in:
        status = "status_all_in"
    else:
        status = None
    position = f"seat{number}"
    shown = rnd.revealed.get(position, 0)
    dealt = flow.cards_on_table(rnd, position) or ([None, None] if rnd.by_hand and rnd.phase != "dealing" else [])
    cards: tuple[int | None, ...] = tuple(c if i < shown else None for i, c in enumerate(dealt[:2]))
    if p.folded or number in mine.mucked:
        cards = ()
    blind = "small_blind" if number == hand.small_blind and number != hand.big_blind else \
        "big_blind" if number == hand.big_blind else "post" if number in mine.posts else None
    wins = None
    if result is not None:
        pushed = sum((chips for pot in result.pots for seat, chips in pot.shares if seat == number), ZERO)
        if result.returned is not None and result.returned[0] == number:
            pushed += result.returned[1]
        wins = pushed
    return SeatView(number, True, p.stack, status, True, p.bet if not hand.over else ZERO, cards,
                    number == hand.button, blind, hand.seat_to_act == number and flow.betting(rnd), wins)


def _banner(session: TableSession, flow: PokerFlow, commands: frozenset[str]) -> Line:
    if session.unavailable:
        return Line("stopped", {"what": session.unavailable})
    rnd = session.round
    table = live.table_of(session.state)
    if rnd is None or rnd.phase == "paid":
        ready = "open_round" in commands
        try:
            live.deal_in(table)
        except RuleError:
            ready = False
        return Line("deal_next" if ready else "seat_players") if rnd is None else \
            Line("hand_over" if ready else "seat_players")
    if rnd.phase == "void":
        return Line("hand_void", {"cause": (rnd.void or {}).get("cause", "")})
    if rnd.halt is not None:
        return Line("halted", {"what": rnd.halt.text or rnd.halt.cause})
    stage = flow.stage(session.state)
    info = flow.graph.phase(rnd.phase)
    street = Line(STREET_KEYS.get(info.street or "", "street_preflop"))
    if stage is Stage.LOCKED:
        return Line("shuffling")
    if rnd.phase == "dealing":
        return Line("deal_by_hand") if session.hand_deal else Line("dealing_shoe")
    if stage is Stage.DEALING:
        return Line("dealing_street", {"street": street})
    if stage is Stage.DECISION:
        seats = flow.seats_to_act(rnd)
        return Line("to_act", {"seat": seats[0], "street": street}) if seats else Line("dealing_shoe")
    if rnd.phase == SHOWDOWN:
        target = flow.next_to_reveal(rnd)
        seat = int(target[0].removeprefix("seat")) if target else 0
        return Line("showdown_turn", {"seat": seat})
    if stage is Stage.REVEAL:
        return Line("read_board", {"street": street})
    return Line("push")
