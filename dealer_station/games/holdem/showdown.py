"""Who wins each pot, the rake, the splits and the odd chips (GAMES.md §4).

* Each pot is won by the best hand (best five of seven, ``evaluator.strength7``) among
  its eligible seats that showed; a seat alone in a pot wins it without showing. A seat
  that mucked cannot win a contested pot.
* Rake: each pot, main first, is raked its amount x percent rounded down to the
  smallest chip, limited by what remains of the one cap of the hand; no rake when the
  hand ends before the flop and the table plays "no flop, no drop".
* Equal hands share a pot in whole smallest chips; the chips left over go one each to
  the winners in order, starting from the first winner left of the button.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ...cards import Card
from ...errors import RuleError
from ...evaluator import strength7
from ...money import ZERO, round_down
from .betting import Hand
from .pots import Pot, build_pots, final_stakes, uncalled
from .structure import RakeRule, Street


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot settled: its amount before rake, who could win, who won, the rake, the shares."""

    amount: Decimal
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    rake: Decimal
    shares: tuple[tuple[int, Decimal], ...]
    """(seat, chips) pushed to each winner, in odd-chip order."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: each seat's net after rake, the rake, the pots, the chips returned."""

    nets: tuple[tuple[int, Decimal], ...]
    """(seat, net) in increasing seat number; the nets sum to minus the rake."""
    rake: Decimal
    pots: tuple[PotResult, ...]
    returned: tuple[int, Decimal] | None
    """Uncalled chips given back to their owner (seat, chips), if any."""

    def stacks(self, hand: Hand) -> dict[int, Decimal]:
        """Each seat's chips after the hand."""
        start = {p.seat: p.start for p in hand.players}
        return {seat: start[seat] + net for seat, net in self.nets}


def is_raked(hand: Hand) -> bool:
    """No flop, no drop: a hand that ends before the flop is dealt pays no rake."""
    rule = hand.config.rake
    if rule.percent == 0:
        return False
    return hand.street >= Street.FLOP or not rule.no_flop_no_drop


def rake_pots(amounts: Sequence[Decimal], rule: RakeRule, min_chip: Decimal) -> list[Decimal]:
    """Rake of each pot in order, with the hand's one cap taken main pot first."""
    left = rule.cap
    rakes = []
    for amount in amounts:
        rake = round_down(amount * rule.percent / 100, min_chip)
        if left is not None:
            rake = min(rake, left)
            left -= rake
        rakes.append(rake)
    return rakes


def odd_chip_order(hand: Hand, seats: Sequence[int]) -> tuple[int, ...]:
    """``seats`` clockwise starting from the first one left of the button."""
    n = len(hand.players)
    button = hand.index_of(hand.button)
    return tuple(sorted(seats, key=lambda seat: (hand.index_of(seat) - button - 1) % n))


def split(amount: Decimal, winners: Sequence[int], min_chip: Decimal) -> tuple[tuple[int, Decimal], ...]:
    """``amount`` shared by ``winners`` (in odd-chip order) in whole smallest chips."""
    chips, odd = divmod(int(amount / min_chip), len(winners))  # whole chips: exact, never a rounded quotient
    share = min_chip * chips
    return tuple((seat, share + (min_chip if k < odd else ZERO)) for k, seat in enumerate(winners))


def pot_winners(pot: Pot, strengths: Mapping[int, int], number: int) -> tuple[int, ...]:
    """The eligible seats with the best shown hand (a lone eligible seat needs no show)."""
    if len(pot.eligible) == 1:
        return pot.eligible
    shown = [seat for seat in pot.eligible if seat in strengths]
    if not shown:
        seats = ", ".join(str(s) for s in pot.eligible)
        raise RuleError(f"pot {number} (seats {seats}) is contested but no seat in it shows a hand", "seats")
    best = max(strengths[seat] for seat in shown)
    return tuple(seat for seat in shown if strengths[seat] == best)


def showdown_strengths(
    hand: Hand, holes: Mapping[int, Sequence[Card]], board: Sequence[Card]
) -> dict[int, int]:
    """Strength of every live seat that showed its hole cards (the board must be complete)."""
    if hand.won_by_fold:
        return {}
    return {p.seat: strength7((*holes[p.seat], *board)) for p in hand.live if p.seat in holes}


def settle_hand(hand: Hand, holes: Mapping[int, Sequence[Card]], board: Sequence[Card]) -> HandResult:
    """Settle a finished hand. ``holes`` holds the shown hands (a mucked seat is absent)."""
    if not hand.over:
        raise RuleError(f"the hand is not over: seat {hand.seat_to_act} is to act")
    config = hand.config
    pots = build_pots(final_stakes(hand))
    strengths = showdown_strengths(hand, holes, board)
    if is_raked(hand):
        rakes = rake_pots([pot.amount for pot in pots], config.rake, config.min_chip)
    else:
        rakes = [ZERO] * len(pots)
    results = []
    won = {p.seat: ZERO for p in hand.players}
    for number, (pot, rake) in enumerate(zip(pots, rakes), start=1):
        winners = odd_chip_order(hand, pot_winners(pot, strengths, number))
        shares = split(pot.amount - rake, winners, config.min_chip)
        for seat, chips in shares:
            won[seat] += chips
        results.append(PotResult(pot.amount, pot.eligible, tuple(sorted(winners)), rake, shares))
    returned = uncalled(hand.players)
    nets = []
    for p in hand.players:
        back = returned[1] if returned is not None and returned[0] == p.seat else ZERO
        nets.append((p.seat, won[p.seat] + back - p.total))
    return HandResult(tuple(nets), sum(rakes, ZERO), tuple(results), returned)
