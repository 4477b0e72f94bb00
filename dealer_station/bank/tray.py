"""The sensed tray: an RFID tray antenna's scan after every round, checked against what moved.

After each round the sensed tray's value should equal the tray before it, plus what the
round collected, less what it paid, less the chips given for buy-ins, plus the fills and
less the credits received since. The rule (``TrayCheck.step``, one scan at a time; ``tray_alarms`` over a
shift's scans), exactly:

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


@dataclass(frozen=True)
class TrayCheck:
    """Where the rule stands between two scans: the reference, what moved since it, the run of differences.

    The table keeps one per shift (``table/bank.py``) and steps it at each scan it journals; ``tray_alarms``
    steps one over a whole shift's scans. Immutable: ``step`` returns the next."""

    reference: ChipCount
    since: Decimal = ZERO
    """What the tray's value should have moved by since the reference."""
    slipped: tuple[tuple[Decimal, int], ...] = ()
    """Fills - credits per denomination received since the reference."""
    run: int = 0
    """Scans in a row that showed a difference."""
    first: tuple[str, tuple[tuple[Decimal, int], ...]] | None = None
    """(round, denominations moved) of the run's first scan."""

    def step(self, scan: TrayScan, confirm_rounds: int) -> tuple[TrayCheck, TrayAlarm | None]:
        """The check after ``scan``, and the alarm it raises (None: none)."""
        if confirm_rounds < 1:
            raise ValueError(f"confirm_rounds is at least 1, not {confirm_rounds}")
        with exact_money():
            since = self.since + scan.change
            slipped = dict(self.slipped)
            for denomination, number in scan.fills:
                slipped[denomination] = slipped.get(denomination, 0) + number
            for denomination, number in scan.credits:
                slipped[denomination] = slipped.get(denomination, 0) - number
            difference = scan.sensed.value - (self.reference.value + since)
        if difference == 0:
            return TrayCheck(scan.sensed), None
        first = self.first or (scan.round.round_id, _moved(scan.sensed, self.reference, slipped))
        if self.run + 1 >= confirm_rounds:
            return TrayCheck(scan.sensed), TrayAlarm(first[0], scan.round.round_id, difference, first[1])
        return TrayCheck(self.reference, since, tuple(sorted(slipped.items())), self.run + 1, first), None


def tray_alarms(opener: ChipCount, scans: Iterable[TrayScan], confirm_rounds: int) -> Iterator[TrayAlarm]:
    """The tray alarms of a shift's scans, in order (the rule is the module's docstring)."""
    if confirm_rounds < 1:
        raise ValueError(f"confirm_rounds is at least 1, not {confirm_rounds}")
    check = TrayCheck(opener)
    for scan in scans:
        check, alarm = check.step(scan, confirm_rounds)
        if alarm is not None:
            yield alarm


def _moved(sensed: ChipCount, reference: ChipCount, slipped: dict[Decimal, int]) -> tuple[tuple[Decimal, int], ...]:
    change = sensed.minus(reference)
    for denomination, number in slipped.items():
        change[denomination] = change.get(denomination, 0) - number
    return tuple(sorted((d, n) for d, n in change.items() if n))
