"""The hand's betting state machine (GAMES.md §4): ``start_hand``, ``legal``, ``apply``.

A ``Hand`` is an immutable value; ``apply(hand, action)`` returns the next one or raises
a ``RuleError`` naming the rule the action breaks. ``settle`` replays a record through
it, the live table applies one action at a time and asks ``legal`` what the seat to act
may do, and a journal replays the same actions: one set of rules for all three.

Decisions taken here (docs/holdem.md states them for people):

* Pre-flop the big blind is the opening bet, even when its poster is all in for less:
  others call the full big blind, and a raise is at least one more big blind.
* A full bet or raise is at least the last full bet or raise of the round (the big
  blind, or the fixed-limit bet size, to start with). An all-in for less changes the
  amount to call but not the size of the next full raise, and does not count towards the
  fixed-limit cap.
* A seat that has acted may raise again only when what it now faces adds up to at least
  a full raise (one full raise, or several all-ins for less that together make one).
* A seat is asked to act only when it has something to decide: it faces a bet, or it
  has not acted and some other seat still has chips to answer a bet. A seat to act may
  always fold: with nothing to call the fold is binding and recorded as a fold
  (GAMES.md §4; real hand histories contain such folds), never turned into a check.
* A raise needs an opponent who could call more than the current bet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from ...errors import RuleError
from ...money import ZERO, format_money
from .positions import blind_positions
from .structure import (
    MAX_BETS_PER_ROUND,
    HandConfig,
    Street,
    Structure,
    check_chips,
    raise_limits,
)


class Move(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's decision; ``to`` is the seat's total for the round (bet and raise only)."""

    seat: int
    move: Move
    to: Decimal | None = None

    def __str__(self) -> str:
        if self.move is Move.ALL_IN:
            return "all in"
        if self.to is not None:
            return f"{self.move.value} to {format_money(self.to)}"
        return self.move.value


@dataclass(frozen=True, slots=True)
class Player:
    """One seat in the hand: chips behind, chips put in, and where it stands in the round."""

    seat: int
    start: Decimal
    """Chips at the start of the hand."""
    stack: Decimal
    """Chips still behind."""
    bet: Decimal = ZERO
    """Chips put in on this street."""
    total: Decimal = ZERO
    """Chips put in during the hand (this street included)."""
    folded: bool = False
    acted_at: Decimal | None = None
    """The round's bet when this seat last acted on this street; ``None`` until it acts."""

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0


@dataclass(frozen=True, slots=True)
class Span:
    """The totals a bet or raise may go to, both ends included."""

    min_to: Decimal
    max_to: Decimal


@dataclass(frozen=True, slots=True)
class Options:
    """What the seat to act may do now: the single answer the screen, players and rules use."""

    seat: int
    fold: bool
    """Always true: a seat may fold with nothing to call, and the fold binds (GAMES.md §4)."""
    check: bool
    call: Decimal | None
    """Chips a call puts in (all the stack when it is short), or ``None``."""
    bet_to: Span | None
    raise_to: Span | None
    all_in: Decimal | None
    """Chips going all in puts in (the whole stack), or ``None`` when it is not allowed."""
    no_raise: str | None
    """Why no bet or raise is open to the seat, when none is."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand of hold'em between its seats, at one point of its betting."""

    config: HandConfig
    players: tuple[Player, ...]
    """Seats in the hand, clockwise (increasing seat number)."""
    button: int
    small_blind: int
    big_blind: int
    street: Street
    to_act: int | None
    """Index in ``players`` of the seat to act; ``None`` once the hand is over."""
    current_bet: Decimal
    """The round's bet: what every seat must have put in this street to stay in."""
    full_raise: Decimal
    """Size of the last full bet or raise this street (the next raise is at least this)."""
    bets_made: int
    """Full bets and raises this street (pre-flop the big blind counts as the bet)."""

    @property
    def over(self) -> bool:
        return self.to_act is None

    @property
    def seat_to_act(self) -> int | None:
        return None if self.to_act is None else self.players[self.to_act].seat

    @property
    def live(self) -> tuple[Player, ...]:
        """Seats that have not folded."""
        return tuple(p for p in self.players if not p.folded)

    @property
    def won_by_fold(self) -> bool:
        return self.over and len(self.live) == 1

    @property
    def pot(self) -> Decimal:
        """Every chip put in so far, this street's bets included."""
        return sum((p.total for p in self.players), ZERO)

    def player(self, seat: int) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise RuleError(f"seat {seat} is not in the hand")

    def index_of(self, seat: int) -> int:
        for i, p in enumerate(self.players):
            if p.seat == seat:
                return i
        raise RuleError(f"seat {seat} is not in the hand")


# -- starting a hand -------------------------------------------------------------------


def start_hand(
    config: HandConfig, stacks: Mapping[int, Decimal], button: int, *, posts: Iterable[int] = ()
) -> Hand:
    """A new hand: blinds posted from ``button`` (``positions.blind_positions``), first seat to act.

    ``stacks`` maps each seat dealt in to its chips. ``posts`` are seats that post a big
    blind to be dealt in (seed 002: a player joining a running table); the post is live.
    A blind or post larger than a stack puts the seat all in.
    """
    for seat, stack in stacks.items():
        check_chips(stack, config.min_chip, f"seat {seat} stack", RuleError)
    positions = blind_positions(stacks.keys(), button)
    players = [Player(seat, stacks[seat], stacks[seat]) for seat in sorted(stacks)]
    index = {p.seat: i for i, p in enumerate(players)}
    _post(players, index[positions.small_blind], config.small_blind)
    _post(players, index[positions.big_blind], config.big_blind)
    for seat in dict.fromkeys(posts):
        if seat not in index or seat in (positions.small_blind, positions.big_blind):
            raise RuleError(f"seat {seat} cannot post to come in: it is not dealt in or is in a blind", "posts")
        _post(players, index[seat], config.big_blind)
    hand = Hand(
        config=config,
        players=tuple(players),
        button=positions.button,
        small_blind=positions.small_blind,
        big_blind=positions.big_blind,
        street=Street.PREFLOP,
        to_act=None,
        current_bet=config.big_blind,
        full_raise=config.bet_unit(Street.PREFLOP),
        bets_made=1,
    )
    first = _next_to_act(hand.players, index[positions.big_blind], hand.current_bet)
    return _with_turn(hand, first) if first is not None else _end_round(hand)


def _post(players: list[Player], i: int, amount: Decimal) -> None:
    players[i] = _put_in(players[i], min(amount, players[i].stack), None)


# Copies with a few fields changed. Written out rather than ``dataclasses.replace``,
# which took half of the time of settling a record.


def _put_in(p: Player, amount: Decimal, acted_at: Decimal | None) -> Player:
    return Player(p.seat, p.start, p.stack - amount, p.bet + amount, p.total + amount, p.folded, acted_at)


def _acted(p: Player, acted_at: Decimal, folded: bool) -> Player:
    return Player(p.seat, p.start, p.stack, p.bet, p.total, folded, acted_at)


def _hand(
    hand: Hand,
    players: tuple[Player, ...],
    street: Street,
    to_act: int | None,
    current_bet: Decimal,
    full_raise: Decimal,
    bets_made: int,
) -> Hand:
    return Hand(
        hand.config, players, hand.button, hand.small_blind, hand.big_blind,
        street, to_act, current_bet, full_raise, bets_made,
    )


def _with_turn(hand: Hand, to_act: int | None, street: Street | None = None) -> Hand:
    return _hand(
        hand, hand.players, hand.street if street is None else street, to_act,
        hand.current_bet, hand.full_raise, hand.bets_made,
    )


# -- whose turn ------------------------------------------------------------------------


def _can_answer_raise(players: tuple[Player, ...], i: int, current_bet: Decimal) -> bool:
    """Could some seat other than ``i`` put in more than ``current_bet``?"""
    for j, q in enumerate(players):
        if j != i and not q.folded and q.stack > 0 and q.bet + q.stack > current_bet:
            return True
    return False


def _needs_action(players: tuple[Player, ...], i: int, current_bet: Decimal) -> bool:
    p = players[i]
    if p.folded or p.stack == 0:
        return False
    if p.bet < current_bet:
        return True
    return p.acted_at is None and _can_answer_raise(players, i, current_bet)


def _next_to_act(players: tuple[Player, ...], after: int, current_bet: Decimal) -> int | None:
    """First seat clockwise after index ``after`` that has something to decide."""
    n = len(players)
    for step in range(1, n + 1):
        j = (after + step) % n
        if _needs_action(players, j, current_bet):
            return j
    return None


def _end_round(hand: Hand) -> Hand:
    """The betting round is over: the hand ends, or the next street starts (or runs out)."""
    if len(hand.live) == 1:
        return _with_turn(hand, None)
    if hand.street >= Street.RIVER:
        return _with_turn(hand, None, Street.SHOWDOWN)
    street = Street(hand.street + 1)
    players = tuple(Player(p.seat, p.start, p.stack, ZERO, p.total, p.folded, None) for p in hand.players)
    first = _next_to_act(players, hand.index_of(hand.button), ZERO)
    if first is None:  # at most one seat has chips: the board is run out
        street = Street.SHOWDOWN
    return _hand(hand, players, street, first, ZERO, hand.config.bet_unit(street), 0)


# -- what is legal ----------------------------------------------------------------------


def _raise_refusal(hand: Hand, i: int) -> str | None:
    """Why seat ``i`` may not bet or raise now, or ``None`` when it may."""
    p = hand.players[i]
    if p.stack <= hand.current_bet - p.bet:
        return "the stack only covers a call"
    if hand.config.structure is Structure.FIXED_LIMIT and hand.bets_made >= MAX_BETS_PER_ROUND:
        return f"the betting is capped ({MAX_BETS_PER_ROUND} bets: a bet and three raises)"
    if not _can_answer_raise(hand.players, i, hand.current_bet):
        return "no opponent has chips left to call a raise"
    if p.acted_at is not None and hand.current_bet - p.acted_at < hand.full_raise:
        return "the betting is not reopened by an all-in for less than a full raise"
    return None


def _limits(hand: Hand, i: int) -> tuple[Decimal, Decimal | None]:
    p = hand.players[i]
    pot_after_call = hand.pot + (hand.current_bet - p.bet)
    return raise_limits(hand.config, hand.current_bet, hand.full_raise, pot_after_call)


def legal(hand: Hand) -> Options:
    """What the seat to act may do now (``RuleError`` once the hand is over)."""
    if hand.to_act is None:
        raise RuleError("the hand is over")
    i = hand.to_act
    p = hand.players[i]
    to_call = hand.current_bet - p.bet
    facing = to_call > 0
    refusal = _raise_refusal(hand, i)
    span: Span | None = None
    all_in: Decimal | None = None
    if refusal is None:
        everything = p.bet + p.stack
        least, most = _limits(hand, i)
        top = everything if most is None else min(most, everything)
        if least <= top:
            span = Span(least, top)
        if most is None or everything <= most:
            all_in = p.stack
    elif p.stack <= to_call:
        all_in = p.stack
    opening = hand.current_bet == 0
    return Options(
        seat=p.seat,
        fold=True,  # even with nothing to call: a binding fold (GAMES.md §4)
        check=not facing,
        call=min(to_call, p.stack) if facing else None,
        bet_to=span if opening else None,
        raise_to=None if opening else span,
        all_in=all_in,
        no_raise=refusal,
    )


def timeout_action(hand: Hand) -> Action:
    """What the action clock does to a seat that did not act: check when free, else fold."""
    options = legal(hand)
    return Action(options.seat, Move.CHECK if options.check else Move.FOLD)


# -- applying an action -------------------------------------------------------------------


def apply(hand: Hand, action: Action) -> Hand:
    """The hand after ``action``, or a ``RuleError`` naming the rule it breaks."""
    if hand.to_act is None:
        raise RuleError("the hand is over")
    i = hand.to_act
    p = hand.players[i]
    if action.seat != p.seat:
        raise RuleError(f"out of turn: seat {p.seat} is to act")
    options = legal(hand)
    move = action.move
    if action.to is not None and move not in (Move.BET, Move.RAISE):
        raise RuleError(f"{move.value} takes no amount (to)")
    if move is Move.FOLD:
        return _advance(hand, i, _acted(p, hand.current_bet, True))
    if move is Move.CHECK:
        if not options.check:
            raise RuleError(f"check facing a bet of {format_money(hand.current_bet)} (call {format_money(options.call or ZERO)})")
        return _advance(hand, i, _acted(p, hand.current_bet, False))
    if move is Move.CALL:
        if options.call is None:
            raise RuleError("call with no bet to call: check")
        return _advance(hand, i, _put_in(p, options.call, hand.current_bet))
    if move is Move.ALL_IN:
        if options.all_in is None:
            raise RuleError(f"all in for {format_money(p.stack)}: {_all_in_refusal(hand, i, options)}")
        return _bet_to(hand, i, p.bet + p.stack)
    return _bet_to(hand, i, _checked_raise(hand, i, options, action))


def _all_in_refusal(hand: Hand, i: int, options: Options) -> str:
    if options.no_raise is not None:
        return options.no_raise
    least, most = _limits(hand, i)
    if hand.config.structure is Structure.FIXED_LIMIT:
        return f"more than the fixed-limit {_kind(hand)} to {format_money(least)}"
    return f"above the pot limit ({_kind(hand)} to {format_money(most or least)} at most)"


def _kind(hand: Hand) -> str:
    return "bet" if hand.current_bet == 0 else "raise"


def _checked_raise(hand: Hand, i: int, options: Options, action: Action) -> Decimal:
    """The total of a legal bet or raise, or the ``RuleError`` for the rule it breaks."""
    p = hand.players[i]
    kind = _kind(hand)
    if action.move.value != kind:
        if kind == "bet":
            raise RuleError("raise with no bet to raise: bet")
        raise RuleError(f"bet facing a bet of {format_money(hand.current_bet)}: raise")
    to = action.to
    if to is None:
        raise RuleError(f"{kind} needs the amount to bet or raise to (to)")
    said = f"{kind} to {format_money(to)}"
    if to % hand.config.min_chip:
        raise RuleError(f"{said} is not a multiple of the smallest chip {format_money(hand.config.min_chip)}")
    everything = p.bet + p.stack
    if to == everything and options.all_in is not None and to > hand.current_bet:
        return to  # the seat's whole stack: an all-in bet or raise, whatever its size
    if options.no_raise is not None:
        raise RuleError(f"{said}: {options.no_raise}")
    amount = {"amount": format_money(to)}
    if to > everything:
        raise RuleError(f"{said} is above the stack (all in is {kind} to {format_money(everything)})",
                        key="poker:refuse_above_stack", values={**amount, "everything": format_money(everything)})
    least, most = _limits(hand, i)
    if hand.config.structure is Structure.FIXED_LIMIT and to != least:
        raise RuleError(f"{said} is not the fixed-limit {kind} to {format_money(least)}",
                        key="poker:refuse_fixed_limit", values={**amount, "least": format_money(least)})
    if to < least:
        raise RuleError(f"{said} is below the minimum {kind} to {format_money(least)}",
                        key=f"poker:refuse_min_{kind}", values={**amount, "least": format_money(least)})
    if most is not None and to > most:
        raise RuleError(f"{said} is above the pot limit ({kind} to {format_money(most)} at most)",
                        key="poker:refuse_pot_limit", values={**amount, "most": format_money(most)})
    return to


def _bet_to(hand: Hand, i: int, to: Decimal) -> Hand:
    """Seat ``i`` puts its round total up to ``to``: a call for less, a bet or a raise."""
    p = hand.players[i]
    if to <= hand.current_bet:  # an all-in that only calls (or calls for less)
        return _advance(hand, i, _put_in(p, to - p.bet, hand.current_bet))
    increment = to - hand.current_bet
    full = increment >= hand.full_raise  # an all-in for less changes neither
    raised = _hand(
        hand, hand.players, hand.street, i, to,
        increment if full else hand.full_raise, hand.bets_made + 1 if full else hand.bets_made,
    )
    return _advance(raised, i, _put_in(p, to - p.bet, to))


def _advance(hand: Hand, i: int, player: Player) -> Hand:
    """``hand`` with seat ``i`` now ``player``: the next seat to act, or the round's end."""
    players = hand.players[:i] + (player,) + hand.players[i + 1 :]
    live = sum(1 for p in players if not p.folded)
    following = None if live == 1 else _next_to_act(players, i, hand.current_bet)
    moved = _hand(hand, players, hand.street, following, hand.current_bet, hand.full_raise, hand.bets_made)
    if following is None and live > 1:
        return _end_round(moved)
    return moved
