"""Quick bet sizes for the seat to act: the minimum, half the pot, the pot, all in.

A touchscreen's bet entry offers these as one-touch amounts (and a keypad for anything
else); the scripted players pick among them too. Each is a total for the street (``to``)
inside what ``betting.legal`` allows, in whole smallest chips; a size the span cannot
hold is left out. "The pot" is measured as pot limit measures it: the pot after the
seat's call, on top of the current bet (a bet into an unopened pot: the pot itself).
"""

from __future__ import annotations

from decimal import Decimal

from ...money import round_down
from .betting import Hand, Options, legal

QUICK_SIZES = ("min", "half_pot", "pot", "all_in")


def quick_sizes(hand: Hand, options: Options | None = None) -> dict[str, Decimal]:
    """``QUICK_SIZES`` name -> total to bet or raise to, for the seat to act (empty: no bet or raise)."""
    options = options or legal(hand)
    span = options.bet_to or options.raise_to
    if span is None:
        return {}
    player = hand.players[hand.index_of(options.seat)]
    pot_after_call = hand.pot + (hand.current_bet - player.bet)
    chip = hand.config.min_chip
    wanted = {
        "min": span.min_to,
        "half_pot": hand.current_bet + round_down(pot_after_call / 2, chip),
        "pot": hand.current_bet + pot_after_call,
        "all_in": player.bet + player.stack,
    }
    return {name: to for name, to in wanted.items() if span.min_to <= to <= span.max_to}
