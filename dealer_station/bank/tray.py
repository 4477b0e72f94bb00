"""The sensed tray: an RFID tray antenna's scan after every round, checked against what moved.

After each round the sensed tray's value should equal the tray before it, plus what the
round collected, less what it paid, less the chips given for buy-ins, plus the fills and
less the credits received since. The rule (``tray_alarms``), exactly:

- **The reference** is the last tray known to be right: the counted opener at first, then
  every scan that agrees, and the scan that raised an alarm. ``expected`` is the
  reference's value plus every move since it (each scan's round, buy-ins and slips).
- **A difference** is a scan whose value is not ``expected`` (sensed - expected, by value:
  a round's collections and payouts are known by value, not chip by chip).
- **It holds** when ``confirm_rounds`` scans in a row show a difference (any non-zero
  value: a tray the antenna cannot read for that long is an alarm too). A scan that agrees
  ends the run and becomes the reference, so a chip missed for one scan (a difference that
  comes and goes) raises nothing, and its next scan is compared with the reference, never
  with the scan that missed it.
- **The alarm** names the round after which the difference first appeared, the round whose
  scan confirmed it, the difference at that scan, and the denominations that moved in the
  first round: the change in chips per denomination from the reference to that scan, less
  the fills and plus the credits of that denomination received meanwhile. The round's own
  payouts and collections move chips too, and they are known by value only, so the list
  says where to look (the camera, the rack), not which chip went: a skimmed denomination
  the round also paid out or collected may even show no change. The confirming scan then
  becomes the reference: one skim, one alarm.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from ..money import ZERO, exact_money
from .book import RoundMove
from .chips import ChipCount


@dataclass(frozen=True)
class TrayScan:
    """The tray sensed after ``round``, with what else moved chips since the previous scan."""

    round: RoundMove
    sensed: ChipCount
    buy_ins: Decimal = ZERO
    """Value of the chips given from the tray for buy-ins since the previous scan."""
    fills: ChipCount = field(default_factory=ChipCount)
    """Chips of the fills received since the previous scan."""
    credits: ChipCount = field(default_factory=ChipCount)
    """Chips of the credits received since the previous scan."""

    @property
    def change(self) -> Decimal:
        """What the tray's value should have moved by since the previous scan."""
        return self.round.win - self.buy_ins + self.fills.value - self.credits.value


@dataclass(frozen=True)
class TrayAlarm:
    """A difference that held (module docstring)."""

    round_id: str
    confirmed_by: str
    difference: Decimal
    moved: tuple[tuple[Decimal, int], ...]
    """(denomination, signed change in chips) in the round where it appeared, smallest first."""


def tray_alarms(opener: ChipCount, scans: Iterable[TrayScan], confirm_rounds: int) -> Iterator[TrayAlarm]:
    """The tray alarms of a shift's scans, in order (the rule is the module's docstring)."""
    if confirm_rounds < 1:
        raise ValueError(f"confirm_rounds is at least 1, not {confirm_rounds}")
    reference = opener
    since = ZERO
    slipped: dict[Decimal, int] = {}  # fills - credits per denomination since the reference
    run = 0
    first: tuple[str, tuple[tuple[Decimal, int], ...]] | None = None
    with exact_money():
        for scan in scans:
            since += scan.change
            for denomination, number in scan.fills:
                slipped[denomination] = slipped.get(denomination, 0) + number
            for denomination, number in scan.credits:
                slipped[denomination] = slipped.get(denomination, 0) - number
            difference = scan.sensed.value - (reference.value + since)
            if difference == 0:
                reference, since, slipped, run, first = scan.sensed, ZERO, {}, 0, None
                continue
            if first is None:
                first = (scan.round.round_id, _moved(scan.sensed, reference, slipped))
            run += 1
            if run >= confirm_rounds:
                yield TrayAlarm(first[0], scan.round.round_id, difference, first[1])
                reference, since, slipped, run, first = scan.sensed, ZERO, {}, 0, None


def _moved(sensed: ChipCount, reference: ChipCount, slipped: dict[Decimal, int]) -> tuple[tuple[Decimal, int], ...]:
    change = sensed.minus(reference)
    for denomination, number in slipped.items():
        change[denomination] = change.get(denomination, 0) - number
    return tuple(sorted((d, n) for d, n in change.items() if n))
