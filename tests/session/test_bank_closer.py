"""``play.bank_play.closer_for``: the simulated closer is a tray of the asked value, built from the opener."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

from dealer_station.bank.chips import ChipCount
from dealer_station.play.bank_play import closer_for

CHIPS = (Decimal("0.5"), Decimal(1), Decimal(5), Decimal(25), Decimal(100), Decimal(500))


def test_closers_have_the_value_asked_whatever_the_opener() -> None:
    rng = random.Random(5)
    for _ in range(300):
        opener = ChipCount.of({d: rng.randrange(0, 60) for d in CHIPS})
        target = Fraction(rng.randrange(1, 2 * max(int(opener.value), 1) + 400) * 1, 2)  # halves: the tray's unit
        closer = closer_for(opener, Decimal(target.numerator) / target.denominator, CHIPS)
        assert sum((Fraction(d) * n for d, n in closer), Fraction(0)) == target


def test_what_no_chip_can_make_is_left_out() -> None:
    opener = ChipCount.of({Decimal(1): 10})
    closer = closer_for(opener, Decimal("12.68"), (Decimal(1), Decimal(5)))
    assert closer.value == 12  # the cents stay out of the tray: its variance shows them


def test_a_tray_with_too_few_chips_or_none_left_still_closes() -> None:
    few = ChipCount.of({Decimal(500): 1})
    assert closer_for(few, Decimal(300), CHIPS).value == 300  # no chip to take 200 from: made afresh
    assert closer_for(few, Decimal(-40), CHIPS) == ChipCount()  # the rounds emptied the tray: it closes empty
