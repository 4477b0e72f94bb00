"""PokerKit (an independent, maintained poker engine) set up to play a hand by GAMES.md §4.

Where PokerKit's defaults differ from GAMES.md it is configured, or its output read
through a stated translation:

* Fixed-limit cap: PokerKit counts raises from zero on every street, so its stock
  fixed-limit game allows four raises over the big blind pre-flop. Here the pre-flop
  street is built with a limit of three (the big blind is the bet), the others four.
* Rake: PokerKit's rake hook is called for every pot it builds, including the pieces it
  merges into one pot, with a cap per call; it cannot hold GAMES.md's one cap per hand.
  So PokerKit plays unraked, and ``reference_rake`` (written here from GAMES.md, not
  taken from our code) rakes PokerKit's pots: main pot first, rounded down, the hand's
  one cap, no flop no drop.
* Awarding: at showdown PokerKit first kills every hand that wins nothing, then rebuilds
  the pots from the hands left, merging neighbouring pots those hands share, and splits
  each merged pot giving every chip left over to the first winner left of the button.
  GAMES.md splits each pot on its own, one left-over chip each to the winners in that
  order. So the pots are compared as they stand when the betting is over (before the
  killing: ``_BettingPotsState``), and ``pokerkit_awards`` says what PokerKit pushes given
  our pots and winners; our stacks are then PokerKit's minus its pushes plus our shares.
  A hand won by folds: PokerKit hands the winner's whole bet of the last street back
  instead of putting its called part in the pot (GAMES.md: only uncalled chips go back,
  and that matters to the rake); ``_BettingPotsState`` adds the called part to the pot.
* A seat with nothing to decide: PokerKit asks a seat to check even when nobody is left
  who could answer a bet; GAMES.md needs no action there. ``skip_idle_turns`` checks for
  it (after asserting that checking is all PokerKit allows the seat).

PokerKit ranks the hands with eval7 here (``_Eval7HighHand``): its own pure-Python ranking
made a hand cost ~30 ms. eval7 is a third evaluator, independent of ours (which
``benchmarks/bench_evaluator.py`` finds it agrees with on 100,000 hands, as does treys).

Seats map to PokerKit's player indices clockwise starting left of the button (index 0
is the small blind, or the big blind heads-up; the button is the last index).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import eval7
from pokerkit import (
    Automation,
    BetCollection,
    BettingStructure,
    ChipsPushing,
    Deck,
    Mode,
    Opening,
    StandardHighHand,
    State,
    Street,
)

from dealer_station.cards import Card, card_str
from dealer_station.games.holdem import Action, HandConfig, Move, RakeRule, Structure

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

STRUCTURES = {
    Structure.NO_LIMIT: BettingStructure.NO_LIMIT,
    Structure.POT_LIMIT: BettingStructure.POT_LIMIT,
    Structure.FIXED_LIMIT: BettingStructure.FIXED_LIMIT,
}


def reference_rake(amounts: Sequence[int], rule: RakeRule, flop_dealt: bool) -> list[int]:
    """GAMES.md §4: each pot, main first, x percent rounded down, one cap for the hand."""
    if rule.no_flop_no_drop and not flop_dealt:
        return [0] * len(amounts)
    left = None if rule.cap is None else int(rule.cap)
    rakes = []
    for amount in amounts:
        rake = int(Decimal(amount) * rule.percent // 100)
        if left is not None:
            rake = min(rake, left)
            left -= rake
        rakes.append(rake)
    return rakes


class _Eval7HighHand(StandardHighHand):
    """PokerKit's standard high hand, ranked by eval7 (another independent evaluator, in C).

    PokerKit's own ranking is pure Python over the 21 five-card hands of seven cards, and
    its showdown ranks each hand many times; that made a hand cost ~30 ms. Everything
    else at the showdown (who can still win, pots, splits) stays PokerKit's.
    """

    _value: int

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> _Eval7HighHand:
        cards = [*hole_cards, *board_cards]
        if len(cards) < 5:
            raise ValueError("a high hand needs five cards")
        hand = object.__new__(cls)
        hand._value = eval7.evaluate([eval7.Card(repr(card)) for card in cards])
        return hand

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Eval7HighHand) and self._value == other._value

    def __lt__(self, other: Any) -> bool:
        return bool(self._value < other._value)

    def __hash__(self) -> int:
        return hash(self._value)


class _BettingPotsState(State):
    """PokerKit's ``State``, keeping its pots ``(amount, player indices)`` as they stand when
    the betting is over."""

    betting_pots: list[tuple[int, tuple[int, ...]]] | None = None
    called_back: tuple[int, int] | None = None
    """Won by folds: (winner's index, called chips PokerKit handed back with its last bet)."""

    def _begin_showdown(self) -> None:
        self.betting_pots = [(pot.amount, pot.player_indices) for pot in self.pots]
        super()._begin_showdown()

    def _begin_chips_pushing(self) -> None:
        if self.betting_pots is None:  # won by folds: no showdown
            (pot,) = self.pots
            winner = self.statuses.index(True)
            collected = self.operations[-1]
            assert isinstance(collected, BetCollection)  # the others' last bets, now in the pot
            called = min(self.bets[winner], max(collected.bets))
            self.betting_pots = [(pot.amount + called, pot.player_indices)]
            self.called_back = (winner, called)
        super()._begin_chips_pushing()


def _streets(config: HandConfig) -> tuple[Street, ...]:
    fixed = config.structure is Structure.FIXED_LIMIT
    small, big = config.bet_sizes if config.bet_sizes is not None else (config.big_blind, config.big_blind)
    caps = (3, 4, 4, 4) if fixed else (None, None, None, None)
    return (
        Street(False, (False, False), 0, False, Opening.POSITION, int(small), caps[0]),
        Street(True, (), 3, False, Opening.POSITION, int(small), caps[1]),
        Street(True, (), 1, False, Opening.POSITION, int(big), caps[2]),
        Street(True, (), 1, False, Opening.POSITION, int(big), caps[3]),
    )


@dataclass(frozen=True)
class ReferenceOptions:
    """PokerKit's answer to "what may the seat to act do", in our terms."""

    seat: int
    fold: bool
    call: int  # 0 = check
    raise_to: tuple[int, int] | None
    no_raise: str | None


class PokerKitHand:
    """One hand in PokerKit, driven with our seats and actions."""

    def __init__(
        self,
        config: HandConfig,
        stacks: Mapping[int, Decimal],
        button: int,
        ranking: type[StandardHighHand] = _Eval7HighHand,
    ) -> None:
        """``ranking``: the hand type PokerKit ranks with (``StandardHighHand`` is stock)."""
        seats = sorted(stacks)
        start = seats.index(button) + 1
        self.order = seats[start:] + seats[:start]
        self.index = {seat: i for i, seat in enumerate(self.order)}
        self.rule = config.rake
        self.state = _BettingPotsState(
            AUTOMATIONS,
            Deck.STANDARD,
            (ranking,),
            _streets(config),
            STRUCTURES[config.structure],
            True,
            0,
            (int(config.small_blind), int(config.big_blind)),
            0,
            tuple(int(stacks[seat]) for seat in self.order),
            len(self.order),
            mode=Mode.TOURNAMENT,
        )
        self.starting = {seat: int(stacks[seat]) for seat in seats}

    # -- cards -----------------------------------------------------------------------

    def deal_holes(self, holes: Mapping[int, Sequence[Card]]) -> None:
        for _ in self.order:
            seat = self.order[self.state.hole_dealee_index]
            self.state.deal_hole("".join(card_str(c) for c in holes[seat]))

    def deal_due_board(self, board: Sequence[Card]) -> None:
        while self.state.can_deal_board():
            have = len(self.state.board_cards)
            count = 3 if have == 0 else 1
            self.state.deal_board("".join(card_str(c) for c in board[have : have + count]))

    # -- turns -------------------------------------------------------------------------

    @property
    def seat_to_act(self) -> int | None:
        index = self.state.actor_index
        return None if index is None else self.order[index]

    def options(self) -> ReferenceOptions:
        state = self.state
        seat = self.seat_to_act
        assert seat is not None
        try:
            state.verify_completion_betting_or_raising_to()
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            raise_to: tuple[int, int] | None = (low, high)
            no_raise = None
        except ValueError as exc:
            raise_to, no_raise = None, str(exc)
        return ReferenceOptions(seat, state.can_fold(), state.checking_or_calling_amount or 0, raise_to, no_raise)

    def skip_idle_turns(self, our_seat_to_act: int | None) -> int:
        """Check for every seat PokerKit asks that we do not (see the module docstring)."""
        skipped = 0
        while self.state.actor_index is not None and self.seat_to_act != our_seat_to_act:
            options = self.options()
            assert options.call == 0 and options.raise_to is None, (options, our_seat_to_act)
            self.state.check_or_call()
            skipped += 1
        return skipped

    def act(self, action: Action, all_in_to: Decimal | None = None) -> None:
        """Apply our ``action``; ``all_in_to`` is the seat's round total after an all-in."""
        state = self.state
        if action.move is Move.FOLD:
            state.fold()
        elif action.move in (Move.CHECK, Move.CALL):
            state.check_or_call()
        elif action.move is Move.ALL_IN:
            assert all_in_to is not None
            if all_in_to <= max(state.bets):
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(int(all_in_to))
        else:
            assert action.to is not None
            state.complete_bet_or_raise_to(int(action.to))

    # -- results -------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return not self.state.status

    def stacks(self) -> dict[int, int]:
        return {seat: self.state.stacks[i] for seat, i in self.index.items()}

    def pots(self) -> list[dict[str, Any]]:
        """The pots when the betting was over: amount, eligible seats, and the rake GAMES.md
        takes from them (``reference_rake``)."""
        assert self.state.betting_pots is not None
        result: list[dict[str, Any]] = [
            {"amount": amount, "eligible": tuple(sorted(self.order[i] for i in indices))}
            for amount, indices in self.state.betting_pots
        ]
        rakes = reference_rake([p["amount"] for p in result], self.rule, any(self.state.board_cards))
        for pot, rake in zip(result, rakes):
            pot["rake"] = rake
        return result

    def pushed(self) -> dict[int, int]:
        """Chips PokerKit pushed to each seat (all pots), counting the called chips it
        handed back to the winner of a hand won by folds."""
        total: dict[int, int] = {}
        if self.state.called_back is not None:
            winner, called = self.state.called_back
            total[self.order[winner]] = called
        for operation in self.state.operations:
            if isinstance(operation, ChipsPushing):
                for i, amount in enumerate(operation.amounts):
                    if amount:
                        total[self.order[i]] = total.get(self.order[i], 0) + amount
        return total


def pokerkit_awards(pots: Sequence[tuple[Decimal, tuple[int, ...], tuple[int, ...]]]) -> dict[int, int]:
    """What PokerKit pushes, unraked, for our ``(amount, eligible, winners in odd-chip order)``.

    Seats that win nothing are dropped from every pot; neighbouring pots left with the same
    seats merge; each is split evenly with every left-over chip to its first winner.
    """
    alive = {seat for _, _, winners in pots for seat in winners}
    merged: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
    for amount, eligible, winners in pots:
        contenders = tuple(seat for seat in eligible if seat in alive)
        if merged and merged[-1][0] == contenders:
            merged[-1] = (contenders, merged[-1][1] + int(amount), merged[-1][2])
        else:
            merged.append((contenders, int(amount), winners))
    pushes: dict[int, int] = {}
    for _, amount, winners in merged:
        share, left_over = divmod(amount, len(winners))
        for k, seat in enumerate(winners):
            pushes[seat] = pushes.get(seat, 0) + share + (left_over if k == 0 else 0)
    return {seat: chips for seat, chips in pushes.items() if chips}
