"""Every word the poker screen shows, by message key: ``phrase(key, **args)`` is the one way in.

English is the catalogue today; another language is another dict with the same keys
(``tests/ui/test_poker_screen.py`` checks that every key used is in the catalogue). The
name is not ``tr``: Qt's ``lupdate`` would take every key for an English source text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ENGLISH: dict[str, str] = {
    # banner: what happens next
    "seat_players": "Seat at least two players with chips, then deal",
    "deal_next": "Deal the next hand",
    "shuffling": "Waiting for the shoe's verified deck",
    "dealing_shoe": "The shoe deals the hole cards",
    "deal_by_hand": "Deal two cards to each seat from the button's left, then press Cards dealt",
    "to_act": "Seat {seat} to act - {street}",
    "dealing_street": "The shoe burns and deals the {street}",
    "read_board": "Burn, deal the {street} and pass it over the reader (or key it)",
    "showdown_turn": "Showdown: seat {seat} shows or mucks",
    "push": "Push each pot to its winners, drop the rake, then press Pots pushed",
    "hand_over": "Hand over - deal the next hand",
    "hand_void": "Hand void ({cause}): every chip put in is returned",
    "halted": "HALTED - {what}",
    "stopped": "STOPPED - {what}",
    # streets
    "street_preflop": "pre-flop", "street_flop": "flop", "street_turn": "turn", "street_river": "river",
    # seats
    "seat": "Seat {seat}",
    "empty": "empty",
    "status_waiting": "waits for big blind",
    "status_posting": "posts to come in",
    "status_out": "sitting out",
    "status_folded": "folded",
    "status_all_in": "ALL IN",
    "status_busted": "no chips",
    "status_mucked": "mucked",
    "button": "D",
    "small_blind": "SB",
    "big_blind": "BB",
    "post": "POST",
    "clock": "{seconds} s",
    "wins": "+{amount}",
    # pots
    "main_pot": "Main pot {amount}",
    "side_pot": "Side pot {number} {amount}",
    "eligible": "seats {seats}",
    "push_to": "push {shares}",
    "share": "seat {seat}: {amount}",
    "pot_rake": "rake {amount}",
    "rake_to_drop": "Rake to drop: {amount}",
    "uncalled": "Uncalled {amount} back to seat {seat}",
    "bets_in_front": "Bets in front: {amount}",
    # actions
    "fold": "Fold",
    "check": "Check",
    "call": "Call {amount}",
    "bet_to": "Bet {amount}",
    "raise_to": "Raise to {amount}",
    "all_in": "All in {amount}",
    "size_min": "Min {amount}",
    "size_half_pot": "1/2 pot {amount}",
    "size_pot": "Pot {amount}",
    "size_all_in": "All in {amount}",
    "no_raise": "No raise: {why}",
    "amount": "Amount",
    "clear": "C",
    "back": "<",
    # croupier commands
    "act": "Action",
    "open_round": "Deal next hand",
    "deal_done": "Cards dealt",
    "show": "Show",
    "muck": "Muck",
    "key_card": "Key card",
    "push_pots": "Pots pushed",
    "seat_player": "Seat player",
    "add_chips": "Add chips",
    "sit_out": "Sit out",
    "sit_in": "Sit in",
    "leave": "Cash out",
    "post_choice": "Post a big blind",
    "wait_choice": "Wait for the big blind",
    "void": "Supervisor: void hand",
    "refused": "{command} refused: {reason}",
    "key_card_prompt": "Card as read by eye (e.g. As, Td):",
    "badge_prompt": "Supervisor badge:",
    "pin_prompt": "PIN:",
    "reason_prompt": "Reason:",
    "void_reason": "supervisor void",
    "selected_seat": "Seat {seat}: {what}",
    "choose_seat": "Tap a seat to seat a player or change it",
    "table_title": "Table {table} - {structure} {blinds}",
    "hand_title": "Hand {round}",
    "no_limit": "No limit", "pot_limit": "Pot limit", "fixed_limit": "Fixed limit",
}


def phrase(key: str, **args: Any) -> str:
    """The screen's text for ``key`` with its arguments (the catalogue's English today)."""
    return ENGLISH[key].format(**args)


@dataclass(frozen=True)
class Line:
    """A message key of the catalogue and its arguments (an argument may be a ``Line`` itself)."""

    key: str
    args: dict[str, Any] = field(default_factory=dict)


def say(line: Line) -> str:
    """``phrase`` of a ``Line``, its nested lines said first."""
    return phrase(line.key, **{k: say(v) if isinstance(v, Line) else v for k, v in line.args.items()})
