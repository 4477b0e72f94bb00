"""Ultimate Texas Hold'em (GAMES.md §2): bets, deal order, decisions and settlement.

Settlement follows the GAMES.md table row for row:

* the dealer qualifies with one pair or better from its seven cards;
* a fold loses Ante and Blind (no Play bet is made);
* otherwise the seat's seven cards are compared with the dealer's: a tie pushes Ante,
  Play and Blind; a loss loses all three; a win pays Play 1:1, Ante 1:1 only when the
  dealer qualifies (else the Ante pushes), and the Blind by its pay table - a winning
  hand whose category has no row in the Blind table pushes ("below a straight");
  a non-qualifying dealer returns the Ante whatever the comparison;
* Trips is settled on the seat's own seven cards whatever the dealer holds, even after a
  fold: its pay table's row pays, a category without a row loses the stake.

Every winning payout is rounded down to a multiple of the table's ``min_chip``; what the
rounding keeps back is reported as ``breakage``. Lost stakes are never rounded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ..cards import Card
from ..config import BankingTableConfig, TableConfig
from ..errors import RecordError
from ..evaluator import Category, HandValue, evaluate
from ..money import ZERO, exact_money, format_money, parse_money
from ..profile_loader import TABLE_KEYS, table_for_record
from .against_dealer import Payer, SeatSettlement, holdem_deal_plan
from .base import (
    BankingGame,
    Packet,
    Round,
    SeatHand,
    check_limit,
    check_seat_number,
    ensure_round_distinct,
    must_match,
    parse_record_cards,
    refuse_unknown_keys,
    require,
    require_bet,
    require_object,
)

PLAY_MULTIPLE: dict[str, int] = {"play4x": 4, "play3x": 3, "play2x": 2, "play1x": 1}
"""Each Play action and its stake as a multiple of the Ante."""

STREET_ACTIONS: dict[str, tuple[str, ...]] = {
    "preflop": ("check", "play3x", "play4x"),
    "flop": ("check", "play2x"),
    "river": ("play1x", "fold"),
}
FINAL_ACTIONS = frozenset(PLAY_MULTIPLE) | {"fold"}
"""An action that ends the seat's decisions."""

STREET_LABEL = {"preflop": "pre-flop", "flop": "flop", "river": "river"}
QUALIFYING_CATEGORY = Category.ONE_PAIR
PLACEABLE_SPOTS = ("ante", "blind", "trips")
RECORD_KEYS = ("game", *TABLE_KEYS, "dealer", "board", "seats")
SEAT_KEYS = ("seat", "hole", "bets", "actions")


def dealer_qualifies(dealer: HandValue) -> bool:
    """The dealer needs one pair or better to qualify."""
    return dealer.category >= QUALIFYING_CATEGORY


def play_amount(bets: Mapping[str, Decimal], actions: Sequence[str]) -> Decimal:
    """The Play bet made with ``actions`` (zero after checks and a fold)."""
    last = actions[-1] if actions else None
    return bets["ante"] * PLAY_MULTIPLE[last] if last in PLAY_MULTIPLE else ZERO


def play_stake(seat: SeatHand) -> Decimal:
    return play_amount(seat.bets, seat.actions)


def settle_seat(
    seat: SeatHand,
    board: Sequence[Card],
    dealer: HandValue,
    blind_table: Mapping[Category, Decimal],
    trips_table: Mapping[Category, Decimal],
    payer: Payer,
) -> SeatSettlement:
    """Settle one seat against the dealer's hand (see the module docstring); a fold without its cards (dealt
    by hand, never read) has no hand and nothing left on one."""
    ante, blind = seat.bets["ante"], seat.bets["blind"]
    bets: dict[str, Decimal] = {}
    if not seat.hole:
        return SeatSettlement(seat.seat, None, "fold", {"ante": -ante, "blind": -blind})
    hand = evaluate([*seat.hole, *board])
    if seat.actions[-1] == "fold":
        result = "fold"
        bets["ante"], bets["blind"] = -ante, -blind
    else:
        play = play_stake(seat)
        if hand.strength > dealer.strength:
            result = "win"
            bets["ante"] = payer.pay(ante, Decimal(1)) if dealer_qualifies(dealer) else ZERO
            bets["blind"] = payer.pay(blind, blind_table[hand.category]) if hand.category in blind_table else ZERO
            bets["play"] = payer.pay(play, Decimal(1))
        elif hand.strength < dealer.strength:
            result = "lose"
            bets["ante"] = -ante if dealer_qualifies(dealer) else ZERO  # returned when not qualifying
            bets["blind"], bets["play"] = -blind, -play
        else:
            result = "tie"
            bets["ante"] = bets["blind"] = bets["play"] = ZERO
    if "trips" in seat.bets:
        trips = seat.bets["trips"]
        bets["trips"] = payer.pay(trips, trips_table[hand.category]) if hand.category in trips_table else -trips
    return SeatSettlement(seat.seat, hand, result, bets)


class UltimateTexasHoldem(BankingGame):
    """Ultimate Texas Hold'em against the dealer, 1 to 7 seats."""

    name = "uth"
    spots = ("ante", "blind", "trips", "play")
    placeable_spots = PLACEABLE_SPOTS
    street_actions = STREET_ACTIONS
    street_labels = STREET_LABEL
    incomplete_hint = "must end with a Play bet or a fold"
    fold_loses = ("ante", "blind")
    players = "dealer_station.play.autoplay:UthPlayer"
    par_provider = "dealer_station.par.uth:uth_par"
    paired_spots = {"ante": "blind"}  # Ante and Blind are always equal (GAMES.md §2)
    labels = {"ante": "Ante", "blind": "Blind", "trips": "Trips", "play": "Play",
              "check": "Check", "fold": "Fold", "play4x": "Play 4x", "play3x": "Play 3x",
              "play2x": "Play 2x", "play1x": "Play 1x",
              "street:preflop": "Pre-flop", "street:flop": "Flop", "street:river": "River"}
    streets = ("preflop", "flop", "river")
    reveals = {
        "preflop": (),  # players look at their own hole cards
        "flop": (("board", slice(0, 3)),),
        "river": (("board", slice(3, 5)),),
    }
    final_reveal = (("dealer", slice(0, 2)),)
    max_seats = 7
    limit_spots = ("ante", "trips")  # "ante" bounds the Ante and the Blind alike
    paytable_names = ("blind", "trips")

    # -- bets ---------------------------------------------------------------------

    def stakes(self, bets: Mapping[str, Decimal], actions: Sequence[str]) -> dict[str, Decimal]:
        out = dict(bets)
        play = play_amount(bets, actions)
        if play:
            out["play"] = play
        return out

    def action_stake(self, bets: Mapping[str, Decimal], action: str) -> Decimal | None:
        return bets["ante"] * PLAY_MULTIPLE[action] if action in PLAY_MULTIPLE and "ante" in bets else None

    def validate_bets(
        self, seat: int, bets: Mapping[str, Any], table: TableConfig, field: str
    ) -> dict[str, Decimal]:
        assert isinstance(table, BankingTableConfig)
        check_seat_number(seat, table, field)
        bets = require_object(bets, field)
        for spot in bets:
            if spot == "play":
                raise RecordError("the Play bet is made by a decision (actions), not placed", f"{field}.play")
            if spot not in PLACEABLE_SPOTS:
                raise RecordError(f"unknown spot (spots: {', '.join(PLACEABLE_SPOTS)})", f"{field}.{spot}")
        stakes = {spot: parse_money(require_bet(bets, spot, field), f"{field}.{spot}") for spot in ("ante", "blind")}
        check_limit(stakes["ante"], table.limits["ante"], f"{field}.ante")
        if stakes["blind"] != stakes["ante"]:
            raise must_match("blind", "ante", stakes["ante"], field)
        if "trips" in bets:
            stakes["trips"] = parse_money(bets["trips"], f"{field}.trips")
            check_limit(stakes["trips"], table.limits["trips"], f"{field}.trips")
        return stakes

    # -- deal ---------------------------------------------------------------------

    def deal_plan(self, seats: Sequence[int], deal_mode: str) -> list[Packet]:
        return holdem_deal_plan(seats, deal_mode)

    # -- decisions ----------------------------------------------------------------

    def decided(self, history: Sequence[str]) -> bool:
        return any(a in FINAL_ACTIONS for a in history)

    # -- records ------------------------------------------------------------------

    def parse_record(self, record: Mapping[str, Any], table: TableConfig | None) -> Round:
        record = require_object(record, None)
        refuse_unknown_keys(record, RECORD_KEYS, None)
        if require(record, "game") != self.name:
            raise RecordError(f"not a {self.name} record: {record['game']!r}", "game")
        table = table_for_record(record, table)
        dealer = parse_record_cards(record, "dealer", 2)
        board = parse_record_cards(record, "board", 5)
        seats = self.parse_seats(record, table, self._parse_seat)
        ensure_round_distinct(dealer, board, [(f"seats[{i}].hole", s.hole) for i, s in enumerate(seats)])
        return Round(self.name, table, dealer, board, tuple(seats))

    def _parse_seat(self, entry: object, field: str, table: TableConfig) -> SeatHand:
        entry = require_object(entry, field)
        refuse_unknown_keys(entry, SEAT_KEYS, field)
        seat = check_seat_number(require(entry, "seat", field), table, f"{field}.seat")
        bets = self.validate_bets(seat, require(entry, "bets", field), table, f"{field}.bets")
        actions = self.parse_actions(require(entry, "actions", field), f"{field}.actions")
        return SeatHand(seat, self.record_hole(entry, bets, actions, field), bets, actions)

    # -- settlement ---------------------------------------------------------------

    @exact_money()  # payouts exact in MONEY_CONTEXT: refused, never silently rounded
    def settle(self, round: Round) -> dict[str, Any]:
        dealer = evaluate([*round.dealer, *round.board])
        payer = Payer(round.table.min_chip or ZERO)
        blind_table = round.table.paytable("blind")
        trips_table = round.table.paytable("trips")
        in_order = sorted(round.seats, key=lambda s: s.seat, reverse=True)  # right to left
        seats = [settle_seat(s, round.board, dealer, blind_table, trips_table, payer) for s in in_order]
        return {
            "game": self.name,
            "dealer": {"best5": dealer.best5_str(), "category": dealer.category.label, "qualifies": dealer_qualifies(dealer)},
            "seats": [s.as_record() for s in seats],
            "breakage": format_money(payer.breakage),
        }

