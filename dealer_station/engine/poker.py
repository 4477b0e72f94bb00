"""The poker round (players against each other): a session of hold'em hands at one table.

A hand runs ``shuffle -> dealing -> preflop -> deal_flop -> flop -> deal_turn -> turn ->
deal_river -> river -> showdown -> settlement -> paid`` (``void`` from any step before the
settlement): the shoe verifies a fresh deck, the hole cards are dealt, the betting rounds
follow the rules of ``games.holdem.betting``, each street's burn and board cards are
dealt by the shoe (or by hand, then read or keyed), the live hands are shown or mucked,
and the pots are settled by ``games.holdem.showdown``. A hand won by folds goes straight
to the settlement; a hand whose betting is over early runs the board out.

Between and around hands the croupier seats players, adds their chips, records them
sitting out, coming back and leaving (``live.PokerTable``). Every method decides like
``BankingFlow``'s: it reads the transaction's scratch state, refuses with a ``RuleError``
before emitting, and emits every follow-on step in the same transaction. The deck, the
deal, the reveals and the device reports are ``DealFlow``'s.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from ..errors import RuleError
from ..games.holdem import live
from ..games.holdem.betting import Action, Hand, Move, Options, apply, legal, timeout_action
from ..games.holdem.events import (
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
from ..games.holdem.game import HoldemGame
from ..games.holdem.positions import clockwise, left_of
from ..games.holdem.pots import pots
from ..games.holdem.record import config_json, record_json, settlement_json
from ..games.holdem.showdown import HandResult, settle_hand
from ..games.holdem.structure import Street, check_chips
from ..games.holdem.table import HoldemTableConfig
from ..money import ZERO, format_money, parse_money
from ..table import events as ev
from ..table.commands import DECK_COMMANDS, NO_REFUSED_DEVICE, REFUSED_DEVICE, Command, command_table
from ..table.phases import CLOSED, DEALING, PAID, SETTLEMENT, VOID, Phase, PhaseGraph, Stage
from ..table.state import RoundState, TableState
from ..wire.roles import Role
from .deal import CROUPIER, STATION, DealFlow

if TYPE_CHECKING:
    from ..config import TableConfig
    from ..table.transaction import Transaction as Tx
    from .flow import Flow

SHUFFLE = "shuffle"
SHOWDOWN = "showdown"
STREET_PHASES = {Street.PREFLOP: "preflop", Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}
BOARD_STREETS = (Street.FLOP, Street.TURN, Street.RIVER)
BURN = "burn"
BOARD = "board"


def deal_phase(street: Street) -> str:
    """The phase in which ``street``'s burn and board cards are dealt."""
    return f"deal_{STREET_PHASES[street]}"


def poker_graph(hand_deal: bool) -> PhaseGraph:
    """The phases of a hand and the transitions between them.

    With a shoe a street's board cards are dealt (stage ``DEALING``, the shoe reports
    them); dealt by hand they are read or keyed (stage ``REVEAL``). From the deal on the
    hand only moves forward, skipping what it does not need (a hand won by folds goes to
    the settlement, a hand all in deals the rest of the board without betting).
    """
    board_stage = Stage.REVEAL if hand_deal else Stage.DEALING
    steps = [Phase(STREET_PHASES[Street.PREFLOP], Stage.DECISION, STREET_PHASES[Street.PREFLOP])]
    for street in BOARD_STREETS:
        name = STREET_PHASES[street]
        steps += [Phase(deal_phase(street), board_stage, name), Phase(name, Stage.DECISION, name)]
    steps += [Phase(SHOWDOWN, Stage.REVEAL), Phase(SETTLEMENT, Stage.SETTLEMENT)]
    fixed = [Phase(CLOSED, Stage.IDLE), Phase(SHUFFLE, Stage.LOCKED), Phase(DEALING, Stage.DEALING)]
    ends = [Phase(PAID, Stage.FINISHED), Phase(VOID, Stage.FINISHED)]
    phases = {p.name: p for p in (*fixed, *steps, *ends)}
    moves = {(CLOSED, SHUFFLE), (PAID, SHUFFLE), (VOID, SHUFFLE), (SHUFFLE, DEALING), (SETTLEMENT, PAID)}
    after_deal = [DEALING, *(p.name for p in steps)]
    for i, source in enumerate(after_deal[:-1]):
        for target in after_deal[i + 1:]:
            moves.add((source, target))
    for phase in phases.values():
        if phase.voidable:
            moves.add((phase.name, VOID))
    return PhaseGraph(phases, frozenset(moves))


ANY_TIME = frozenset(Stage)
BETWEEN_HANDS = frozenset({Stage.IDLE, Stage.FINISHED})

POKER_COMMANDS: dict[str, Command] = command_table({c.name: c for c in (
    Command("open_round", BETWEEN_HANDS, NO_REFUSED_DEVICE, REFUSED_DEVICE),
    Command("seat_player", ANY_TIME),
    Command("add_chips", BETWEEN_HANDS),
    Command("sit_out", ANY_TIME),
    Command("sit_in", ANY_TIME),
    Command("leave", ANY_TIME),
    Command("deal_done", frozenset({Stage.DEALING}), lambda t: t.hand_deal or t.reading_shoe,
                "the shoe deals at this table: its cards are reported as they come out"),
    Command("act", frozenset({Stage.DECISION})),
    Command("show", frozenset({Stage.REVEAL}), lambda t: t.phase == SHOWDOWN and not t.has_reader and not t.hand_deal,
                "pass the cards over the reader, or key each card dealt by hand"),
    Command("key_card", frozenset({Stage.DEALING, Stage.REVEAL}), lambda t: t.awaiting_key(),
                "keying a card is for a card the reader could not read, or a hand-dealt card"),
    Command("muck", frozenset({Stage.REVEAL}), lambda t: t.phase == SHOWDOWN,
                "a hand is mucked at the showdown"),
    Command("push_pots", frozenset({Stage.SETTLEMENT})),
)} | DECK_COMMANDS)
"""The poker table's commands: the croupier's (``TableSession.execute``) with the shared ones."""


def _seat_arg(value: object, seats: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= seats:
        raise RuleError(f"{value!r} is not a seat of this table (1..{seats})", "seat")
    return value


def _flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(f"must be true or false, not {value!r}", field)
    return value


class PokerFlow(DealFlow):
    """Rules of a poker-room hold'em table for one profile and the devices it has."""

    commands = POKER_COMMANDS
    game: HoldemGame

    def __init__(self, game: HoldemGame, table: TableConfig, roles: Collection[Role] = ()) -> None:
        super().__init__(table, roles)
        if not isinstance(table, HoldemTableConfig):
            raise RuleError(f"a {game.name} table needs a hold'em profile", "game")
        self.game = game
        self.holdem = table
        self.config = table.hand_config()
        self.graph: PhaseGraph = poker_graph(self.hand_deal)

    # ----------------------------------------------------------------- queries (pure)

    def hand(self, rnd: RoundState | None) -> live.PokerHand | None:
        return live.hand_of(rnd)

    def _hand(self, rnd: RoundState) -> live.PokerHand:
        mine = live.hand_of(rnd)
        if mine is None:
            raise RuleError("no hand in progress (deal the next hand first)")
        return mine

    def betting(self, rnd: RoundState | None) -> bool:
        """Whether a betting round is waiting for the seat to act."""
        mine = live.hand_of(rnd)
        return (rnd is not None and mine is not None and not rnd.finished and rnd.halt is None
                and rnd.phase in live.BETTING_PHASES and mine.hand.to_act is not None)

    def options(self, rnd: RoundState | None) -> Options | None:
        """What the seat to act may do now (``betting.legal``), or None when nobody acts."""
        mine = live.hand_of(rnd)
        return legal(mine.hand) if mine is not None and self.betting(rnd) else None

    def stakes(self, rnd: RoundState, seat: int) -> dict[str, Decimal]:
        """Chips ``seat`` has put into this hand's pot (this street's bet included)."""
        mine = live.hand_of(rnd)
        if mine is None or seat not in mine.seats:
            return {}
        return {"pot": mine.hand.player(seat).total}

    def seats_to_act(self, rnd: RoundState | None, street: str | None = None) -> list[int]:
        mine = live.hand_of(rnd)
        if mine is None or not self.betting(rnd) or (street is not None and rnd is not None and street != rnd.phase):
            return []
        seat = mine.hand.seat_to_act
        return [] if seat is None else [seat]

    def legal_actions(self, rnd: RoundState | None, seat: int) -> list[str]:
        options = self.options(rnd)
        if options is None or options.seat != seat:
            return []
        named = [(Move.FOLD, options.fold), (Move.CHECK, options.check), (Move.CALL, options.call is not None),
                 (Move.BET, options.bet_to is not None), (Move.RAISE, options.raise_to is not None),
                 (Move.ALL_IN, options.all_in is not None)]
        return [move.value for move, ok in named if ok]

    def reveal_targets(self, rnd: RoundState, phase: str) -> list[tuple[str, int]]:
        """Board cards read in a hand-dealt street; at the showdown each live hand not mucked, in order."""
        mine = live.hand_of(rnd)
        if mine is None:
            return []
        if phase == SHOWDOWN:
            return [(f"seat{s}", i) for s in mine.showdown_order() if s not in mine.mucked for i in range(2)]
        if self.hand_deal:
            for street in BOARD_STREETS:
                if phase == deal_phase(street):
                    before = Street(street - 1).board_size
                    return [(BOARD, i) for i in range(before, street.board_size)]
        return []

    def deadline(self, state: TableState) -> datetime | None:
        """When the seat to act's time is up (the action clock), or None."""
        if not self.betting(state.round):
            return None
        return live.deadline(state, self.holdem.action_clock_seconds)

    def record(self, rnd: RoundState) -> dict[str, Any]:
        """The hand as a ``holdem`` record (ROUND_RECORD.md): what recall prints and settle reads.

        Hole cards are those the station knows, except a live hand mucked at the showdown
        (a record's hole cards are the hands shown: a mucked hand wins nothing).
        """
        mine = self._hand(rnd)
        holes: dict[int, list[int]] = {}
        for p in mine.hand.players:
            cards = rnd.hole(p.seat)
            if len(cards) == 2 and p.seat not in mine.mucked and (p.folded or rnd.phase != SHOWDOWN
                                                                   or rnd.revealed.get(f"seat{p.seat}", 0) >= 2):
                holes[p.seat] = cards
        return record_json(mine.config, mine.start_stacks(), mine.hand.button, mine.actions,
                           rnd.cards.get(BOARD, []), holes, mine.posts)

    # ----------------------------------------------------------------- the table's players

    def seat_player(self, tx: Tx, seat: object, buy_in: object, post: object = False) -> None:
        """Seat a player with a buy-in: the profile's minimum to maximum (fixed limit: at least 10 big blinds)."""
        number = _seat_arg(seat, self.table.seats)
        table = live.table_of(tx.state)
        if table.player(number) is not None:
            raise RuleError(f"seat {number} is taken", "seat")
        amount = parse_money(buy_in, "buy_in")
        check_chips(amount, self.config.min_chip, "buy_in", RuleError)
        low, high = self.holdem.buy_in_min, self.holdem.buy_in.max
        if amount < low:
            raise RuleError(f"{format_money(amount)} is below the minimum buy-in {format_money(low)}", "buy_in",
                            key="poker:refuse_buy_in_min", values={"amount": format_money(amount),
                                                                   "limit": format_money(low)})
        if high is not None and amount > high:
            raise RuleError(f"{format_money(amount)} is above the maximum buy-in {format_money(high)}", "buy_in",
                            key="poker:refuse_buy_in_max", values={"amount": format_money(amount),
                                                                   "limit": format_money(high)})
        tx.emit(PlayerSeated(number, amount, _flag(post, "post")), CROUPIER)

    def add_chips(self, tx: Tx, seat: object, amount: object) -> None:
        """Chips a seated player buys, between hands; the stack may not pass the maximum buy-in."""
        player = self._player(tx, seat)
        chips = parse_money(amount, "amount")
        check_chips(chips, self.config.min_chip, "amount", RuleError)
        high = self.holdem.buy_in.max
        if high is not None and player.stack + chips > high:
            raise RuleError(f"seat {player.seat} would have {format_money(player.stack + chips)}, above the "
                            f"maximum buy-in {format_money(high)}", "amount")
        tx.emit(ChipsAdded(player.seat, chips), CROUPIER)

    def sit_out(self, tx: Tx, seat: object) -> None:
        player = self._player(tx, seat)
        if player.status is live.SeatStatus.OUT:
            raise RuleError(f"seat {player.seat} is already sitting out", "seat")
        tx.emit(PlayerSatOut(player.seat), CROUPIER)

    def sit_in(self, tx: Tx, seat: object, post: object = False) -> None:
        """A player sitting out comes back: posts a big blind to be dealt in, or waits for it."""
        player = self._player(tx, seat)
        if player.status is not live.SeatStatus.OUT:
            raise RuleError(f"seat {player.seat} is not sitting out", "seat")
        tx.emit(PlayerSatIn(player.seat, _flag(post, "post")), CROUPIER)

    def leave(self, tx: Tx, seat: object) -> None:
        """The player leaves with the whole stack (a seat in the hand in progress waits for its end)."""
        player = self._player(tx, seat)
        rnd = tx.state.round
        mine = live.hand_of(rnd)
        if rnd is not None and not rnd.finished and mine is not None and player.seat in mine.seats:
            raise RuleError(f"seat {player.seat} is in the hand: it can leave when the hand is over", "seat")
        tx.emit(PlayerLeft(player.seat, player.stack), CROUPIER)

    def _player(self, tx: Tx, seat: object) -> live.SeatPlayer:
        number = _seat_arg(seat, self.table.seats)
        player = live.table_of(tx.state).player(number)
        if player is None:
            raise RuleError(f"seat {number} has no player", "seat")
        return player

    # ----------------------------------------------------------------- a hand

    def open_round(self, tx: Tx) -> str:
        """Deal the next hand: who is dealt in, the button, the blinds; then a verified deck."""
        plan = live.deal_in(live.table_of(tx.state))
        number = tx.state.rounds_started + 1
        round_id = f"{self.table.table_id}-{number:06d}"
        tx.emit(ev.RoundOpened(round_id, number, SHUFFLE, terms=tx.state.terms_digest), CROUPIER)
        tx.emit(HandStarted(plan.button, live.stacks_json(plan.stacks), config_json(self.config), plan.posts),
                STATION)
        self.request_deck(tx)
        self.start_deal(tx)
        return round_id

    def start_deal(self, tx: Tx) -> None:
        """Two hole cards to each seat dealt in, from the first seat left of the button."""
        if self.has_shoe and not tx.state.deck_verified:
            return  # the deal starts when the deck verification arrives
        mine = self._hand(tx.round)
        order = clockwise(mine.seats)
        first = order.index(left_of(order, mine.hand.button))
        seats = order[first:] + order[:first]
        tx.emit(ev.DealStarted(tuple((f"seat{s}", 2) for s in seats), by_hand=not self.shoe_deals), STATION)
        self.deal_next_part(tx)

    def deal_done(self, tx: Tx) -> None:
        """Dealt by hand: the croupier has dealt the hole cards (from a reading shoe: before the plan was)."""
        if self.reading_shoe:
            self.shoe_deal_done(tx)
            return
        self.advance(tx)

    def packets_done(self, tx: Tx) -> None:
        """The shoe dealt what was asked: the board it dealt lies face up; the hand moves on."""
        rnd = tx.round
        board = rnd.cards.get(BOARD, [])
        for i in range(rnd.revealed.get(BOARD, 0), len(board)):
            tx.emit(ev.CardRevealed(BOARD, i, board[i]), STATION)
        self.advance(tx)

    def advance(self, tx: Tx) -> None:
        """The next step of the hand: settle a hand won by folds, deal the next street, bet, or show down."""
        rnd = tx.round
        hand = self._hand(rnd).hand
        if hand.won_by_fold:
            self.settle(tx)
            return
        board = len(rnd.cards.get(BOARD, []))
        if board < hand.street.board_size:
            street = next(s for s in BOARD_STREETS if s.board_size > board)
            tx.emit(ev.PhaseChanged(deal_phase(street)), STATION)
            cards = street.board_size - Street(street - 1).board_size
            tx.emit(StreetDealt(STREET_PHASES[street], ((BURN, 1), (BOARD, cards))), STATION)
            self.deal_next_part(tx)
            return
        if hand.over:
            tx.emit(ev.PhaseChanged(SHOWDOWN), STATION)
            if any(p.all_in for p in hand.live) and self.shoe_deals and not self.has_reader:
                self.table_all(tx)
            return
        tx.emit(ev.PhaseChanged(STREET_PHASES[hand.street]), STATION)

    def table_all(self, tx: Tx) -> None:
        """A player is all in and every other's betting is over: every live hand is turned face up at once, as
        rooms do (none may be mucked), and the hand is settled. The shoe dealt them: their cards are known."""
        rnd = tx.round
        for position, i in self.reveal_targets(rnd, SHOWDOWN):
            tx.emit(ev.CardRevealed(position, i, rnd.cards[position][i]), STATION)
        self.after_reveal(tx)

    def act(self, tx: Tx, seat: object, action: object, to: object = None) -> None:
        """The seat to act folds, checks, calls, bets or raises (``to``: its total for the street), or goes all in."""
        rnd = tx.round
        hand = self._hand(rnd).hand
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RuleError(f"not a seat: {seat!r}", "seat")
        if seat != hand.seat_to_act:
            raise RuleError(f"seat {seat} is out of turn: seat {hand.seat_to_act} is to act", "seat")
        moves = {m.value: m for m in Move}
        if not isinstance(action, str) or action not in moves:
            raise RuleError(f"unknown action {action!r} (actions: {', '.join(moves)})", "action")
        amount = None if to is None else parse_money(to, "to")
        done = Action(seat, moves[action], amount)
        try:
            apply(hand, done)  # the one check: the rule broken, e.g. "raise to 3 is below the minimum raise to 4"
        except RuleError as exc:
            raise exc.located(f"seat {seat}", seat=str(seat)) from None
        tx.emit(PlayerActed(seat, action, STREET_PHASES[hand.street], amount), CROUPIER)
        self.after_action(tx, hand)

    def after_action(self, tx: Tx, before: Hand) -> None:
        hand = self._hand(tx.round).hand
        if hand.over or hand.street != before.street:
            self.advance(tx)

    def read_overdue(self, state: TableState, now: datetime) -> bool:
        """A board card the reader has not read in time (a shown hand waits for its player: muck or show)."""
        rnd = state.round
        return rnd is not None and rnd.phase != SHOWDOWN and super().read_overdue(state, now)

    def clock_due(self, state: TableState, now: datetime) -> bool:
        due = self.deadline(state)
        return super().clock_due(state, now) or (due is not None and now >= due)

    def on_clock(self, tx: Tx, now: datetime) -> None:
        """The action clock ran out: the seat to act is folded, or checked when checking is free
        (or a reading-shoe deal stopped short: ``DealFlow.on_clock``)."""
        if super().clock_due(tx.state, now):
            super().on_clock(tx, now)
            return
        due = self.deadline(tx.state)
        if due is None or now < due:
            return
        hand = self._hand(tx.round).hand
        action = timeout_action(hand)
        stamp = due.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        tx.emit(ActionTimedOut(action.seat, action.move.value, STREET_PHASES[hand.street], stamp), STATION)
        self.after_action(tx, hand)

    # ----------------------------------------------------------------- showdown

    def _next_to_show(self, rnd: RoundState, seat: object) -> int:
        target = self.next_to_reveal(rnd)
        if target is None:
            raise RuleError("no hand is waiting to be shown")
        due = int(target[0].removeprefix("seat"))
        if seat is not None and seat != due:
            raise RuleError(f"seat {due} shows or mucks first (clockwise from the button)", "seat")
        return due

    def show(self, tx: Tx, seat: object = None) -> None:
        """The next live hand is turned face up (the shoe dealt it: its cards are known)."""
        rnd = tx.round
        due = self._next_to_show(rnd, seat)
        position = f"seat{due}"
        for i in range(rnd.revealed.get(position, 0), 2):
            tx.emit(ev.CardRevealed(position, i, rnd.cards[position][i]), CROUPIER)
        self.after_reveal(tx)

    def muck(self, tx: Tx, seat: object = None) -> None:
        """The next live hand is thrown away unshown; the last hand in a contested pot must show."""
        rnd = tx.round
        mine = self._hand(rnd)
        due = self._next_to_show(rnd, seat)
        if rnd.revealed.get(f"seat{due}", 0):
            raise RuleError(f"seat {due} has shown a card: the hand is shown", "seat")
        for pot in pots(mine.hand):
            others = [s for s in pot.eligible if s != due and s not in mine.mucked]
            if due in pot.eligible and len(pot.eligible) > 1 and not others:
                raise RuleError(f"seat {due} holds the last hand in a pot of {format_money(pot.amount)}: "
                                "it must show to win it", "seat")
        tx.emit(HandMucked(due), CROUPIER)
        self.after_reveal(tx)

    def after_reveal(self, tx: Tx) -> None:
        rnd = tx.round
        if self.next_to_reveal(rnd) is not None:
            return
        if rnd.phase == SHOWDOWN:
            self.settle(tx)
        elif self.graph.phase(rnd.phase).stage is Stage.REVEAL:
            self.advance(tx)  # a hand-dealt street's board is read

    def result(self, rnd: RoundState | None) -> HandResult | None:
        """The hand settled (``showdown.settle_hand``: pots, winners, shares, rake), once it can be."""
        mine = live.hand_of(rnd)
        if rnd is None or mine is None or rnd.void is not None or not mine.hand.over:
            return None
        if not mine.hand.won_by_fold and (rnd.phase != SHOWDOWN and rnd.settlement is None
                                          or self.next_to_reveal(rnd) is not None):
            return None
        shown = {p.seat: tuple(rnd.hole(p.seat)) for p in mine.hand.live
                 if rnd.revealed.get(f"seat{p.seat}", 0) >= 2 and p.seat not in mine.mucked}
        return settle_hand(mine.hand, shown, tuple(rnd.cards.get(BOARD, [])))

    def settle(self, tx: Tx) -> None:
        """Pots, winners, splits, odd chips and rake, journaled with each seat's stack after the hand."""
        rnd = tx.round
        result = self.result(rnd)
        if result is None:  # pragma: no cover - only called once the hand is over and shown
            raise RuntimeError(f"hand {rnd.round_id} cannot be settled in {rnd.phase}")
        tx.emit(ev.Settled(self.record(rnd), settlement_json(result)), STATION)
        tx.emit(PotsAwarded(live.stacks_json(result.stacks(self._hand(rnd).hand)), result.rake), STATION)

    def push_pots(self, tx: Tx) -> None:
        """The croupier pushed each pot to its winners and dropped the rake: the hand is over.

        ``round_paid`` carries the hand's ``rake`` (also its house result) and its
        ``handle``: the chips that were in the pots (uncalled chips went back unraked).
        """
        settlement = tx.round.settlement or {}
        rake = Decimal(settlement.get("rake", "0"))
        handle = sum((Decimal(pot["amount"]) for pot in settlement.get("pots", [])), ZERO)
        tx.emit(ev.RoundPaid(rake, handle, rake), CROUPIER)

    def check_adjustment(self, state: TableState, rnd: RoundState, adjustments: Mapping[int, Decimal]) -> None:
        """At a poker table the players' chips are each other's: a correction moves chips between
        seats (summing to zero) or gives back rake the hand took - never more than its rake, never
        chips the house makes or takes - in whole chips, from stacks that hold them."""
        for seat, amount in adjustments.items():
            check_chips(abs(amount), self.config.min_chip, f"adjustments.{seat}", RuleError)
        total = sum(adjustments.values(), ZERO)
        if total < 0:
            raise RuleError("a poker correction moves chips between seats or gives back rake: the house takes "
                            f"nothing here, but these collect {format_money(-total)} more than they pay", "adjustments")
        rake = Decimal(str((rnd.settlement or {}).get("rake", "0")))
        returned = sum(state.adjustments.get(rnd.round_id, {}).values(), ZERO)
        if total + returned > rake:
            raise RuleError(f"these pay {format_money(total)} more than they collect; only the hand's rake "
                            f"{format_money(rake)} can be given back ({format_money(returned)} already)", "adjustments")
        stacks = live.stacks_now(state)
        table, mine = live.table_of(state), self._hand(rnd)
        played = dict(mine.sittings)
        for seat, amount in adjustments.items():
            player = table.player(seat)
            if player is None or player.sitting != played.get(seat):
                raise RuleError(f"the player of seat {seat} in this hand has left the table (settle it at the cage)",
                                "seat")
            if stacks[seat] + amount < 0:
                raise RuleError(f"seat {seat} has {format_money(stacks[seat])} in front, not {format_money(-amount)}",
                                f"adjustments.{seat}")

    # ----------------------------------------------------------------- void, recovery

    def void(self, tx: Tx, cause: str, actor: str, reason: str = "") -> None:
        """Void the hand: every chip put in goes back; the stacks are those it started with."""
        rnd = tx.round
        mine = self._hand(rnd)
        returned = {str(p.seat): p.total for p in mine.hand.players if p.total > 0}
        tx.emit(ev.RoundVoided(cause, rnd.phase, actor, returned, reason, self.record(rnd)), actor)

    def resume_pending(self, tx: Tx) -> None:
        """Take an automatic step the hand is due (after recovery or a cleared halt)."""
        rnd = tx.state.round
        if rnd is None or rnd.finished or rnd.halt is not None or live.hand_of(rnd) is None:
            return
        stage = self.stage(tx.state)
        if stage is Stage.LOCKED:
            self.start_deal(tx)
        elif stage is Stage.REVEAL and self.next_to_reveal(rnd) is None:
            self.after_reveal(tx)
        elif stage is Stage.DECISION and not self.betting(rnd):
            self.advance(tx)


if TYPE_CHECKING:
    def _is_a_flow(flow: PokerFlow) -> Flow:  # mypy checks that PokerFlow is what the session asks of a flow
        return flow
