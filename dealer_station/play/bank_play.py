"""The table bank in ``simulate``: every table plays whole table-shifts (docs/bank.md).

A shift opens with the tray at par (the table's first) or as the last shift closed it (the same
tray carried on), counted by the signed-in dealer and the simulation's supervisor; the scripted
players buy in (every seat when it sits down, then whenever its chips run low, never taking the
tray below a quarter of its par), their cash going into the drop box; the tray gets a fill from
the cage in whole racks when it runs under half its par and sends a credit when it is over one and
a half times its par; at the close it is brought back to par (a fill or a credit: an imprest tray);
the shift closes with the tray the rounds, the buy-ins and the slips left in it, counted chip by
chip (``closer_for``), and the next opens every ``shift_rounds`` rounds. The bank faults
(``bank_faults.py``) break one of these steps; the cage's confirmations and the count team's drop
come after the rounds (``bank_count.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal
from typing import Any

from ..bank.book import Thresholds
from ..bank.chips import ChipCount, count_payload
from ..bank.figures import shift_figures
from ..engine.session import TableSession
from ..errors import RuleError
from ..table.phases import Stage
from .bank_faults import BankFaults

BUY_INS = (Decimal(100), Decimal(200), Decimal(500))
REBUY_UNDER = Decimal(100)
"""A player whose chips run under this buys in again before the next round."""
TRAY_FLOOR = Decimal("0.25")
"""A buy-in never takes the tray below this share of its par."""
FILL_BELOW = Decimal("0.5")
"""A tray under this share of its par gets a fill of whole racks, up to par at least."""
FILL_RACK = Decimal(5000)
"""The cage fills a tray that runs low in whole racks (5,000): it may then hold more than its par."""
CREDIT_ABOVE = Decimal("1.5")
"""A tray over this share of its par sends the excess to the cage."""
FILL_UNIT = Decimal(100)
"""Fills and credits are whole hundreds; at the close, a tray a unit or more off its par is brought back to it
(an imprest tray: the next shift opens at par, give or take a unit)."""


def closer_for(start: ChipCount, value: Decimal, chips: tuple[Decimal, ...]) -> ChipCount:
    """A tray of ``value`` reached from ``start`` by adding (largest chips first) or taking chips out (largest
    first, breaking one larger chip into smaller ones when the rest cannot be taken exactly); made afresh,
    largest chips first, when the tray has too few chips left to take from.

    A value no chip set can make (a THB Pool award paid at the table is a share of the meter, in cents) is
    made down to the smallest chip: the tray cannot hold the cents, and its variance shows them. A tray the
    rounds emptied (no fill is simulated yet) closes empty, its variance the shortfall."""
    descending = sorted(chips, reverse=True)
    smallest = min(chips)
    value = max((value // smallest) * smallest, Decimal(0))
    counts = dict(start.items)
    diff = value - start.value
    if diff >= 0:
        _add(counts, diff, descending)
        return ChipCount.of(counts)
    owed = -diff
    for d in descending:
        take = min(counts.get(d, 0), int(owed // d))
        counts[d] = counts.get(d, 0) - take
        owed -= take * d
    if owed:
        larger = next((d for d in sorted(chips) if d > owed and counts.get(d, 0) > 0), None)
        if larger is None:
            fresh: dict[Decimal, int] = {}
            _add(fresh, value, descending)
            return ChipCount.of(fresh)
        counts[larger] -= 1
        _add(counts, larger - owed, descending)
    return ChipCount.of(counts)


def _add(counts: dict[Decimal, int], amount: Decimal, descending: list[Decimal]) -> None:
    for d in descending:
        n = int(amount // d)
        if n:
            counts[d] = counts.get(d, 0) + n
            amount -= n * d
    if amount:
        raise ValueError(f"{amount} cannot be made of the chip set")


@dataclass(frozen=True)
class BankRun:
    """What one table's simulated shifts leave for the cage and the count team (``bank_count.reconcile``)."""

    table_id: str
    journal: str
    shifts: tuple[int, ...]
    """The shifts this run opened (or found open), in order."""
    drop_boxes: dict[int, Decimal]
    """Each closed shift's drop box as the count team finds it: the cash buy-ins put in it, less a short drop."""
    lost_credits: frozenset[str]
    """Credits whose chips never reached the cage (``missing_credit``): the simulated cage confirms the others."""
    injected: dict[str, int]
    """Bank faults that took effect, by kind."""
    thresholds: Thresholds
    currency: str


@dataclass
class ShiftKeeper:
    """One simulated table's shifts (module docstring)."""

    session: TableSession
    seats: list[int]
    rng: random.Random
    supervisor: tuple[str, str]
    shift_rounds: int | None = None
    dealer: str = "Sim Dealer"
    """Who counts the tray with the supervisor when no dealer is signed in at that moment."""
    faults: BankFaults | None = None
    slips: bool = True
    """Whether the table can have slips numbered (a floor, or the simulation's own desk): else no fill nor credit."""
    rounds_in_shift: int = 0
    opened: list[int] = field(default_factory=list)
    drop_boxes: dict[int, Decimal] = field(default_factory=dict)
    """What went into each shift's drop box (the buy-ins as the players paid them), counted by the simulation."""
    lost_credits: set[str] = field(default_factory=set)
    off_book: Decimal = Decimal(0)
    """Chips in the tray that no journaled event put there (an unslipped fill, less a skim) this shift."""
    tray_faulted: bool = False
    stacks: dict[int, Decimal] = field(default_factory=dict)
    """Each seat's chips: its buy-ins and its rounds' nets."""
    read_to: int = 0
    """The journal's seq up to which the rounds' settlements moved the stacks."""

    @property
    def _bank(self) -> Any:
        return self.session.view().profile.bank

    def _supervise(self, action: str, **args: Any) -> None:
        if self.session.view().state.dealer is None:  # the tray is counted by a dealer and a supervisor
            self.session.execute("dealer_sign_in", self.dealer)
        badge, pin = self.supervisor
        self.session.supervise(action, badge, pin, "", **args)

    def __post_init__(self) -> None:
        self.read_to = self.session.view().state.last_seq  # a continued journal's rounds moved no chip of these players

    def open(self) -> None:
        """Open a shift (unless one is open: a journal the last run left mid-shift); the players buy in before
        the next round (``between_rounds``), as they sit down or run low, and play on across shifts."""
        state = self.session.view().state
        if state.bank.open_shift is not None:
            found = state.bank.open_shift
            self.opened.append(found.number)
            self.drop_boxes[found.number] = sum((b.amount for b in found.buy_ins), Decimal(0))  # the last run's cash
            return
        last = state.bank.last_closer
        opener = last if last is not None else ChipCount.of(self._bank.par_counts())
        if last is not None and self.faults is not None and self.faults.take("opener_mismatch"):
            opener = self._one_chip_off(last)
        self._supervise("open_shift", opener=count_payload(opener))
        shift = self.session.view().state.bank.shift
        assert shift is not None
        self.opened.append(shift.number)
        self.drop_boxes[shift.number] = Decimal(0)
        self.rounds_in_shift = 0
        self.off_book, self.tray_faulted = Decimal(0), False

    def _one_chip_off(self, count: ChipCount) -> ChipCount:
        """``count`` with one chip more or less (a tray touched between the closer and the next opener)."""
        counts = dict(count.items)
        d = self.rng.choice(sorted(d for d, n in counts.items() if n > 0) or sorted(self._bank.chips))
        counts[d] = counts.get(d, 0) + (1 if self.rng.random() < 0.5 or not counts.get(d) else -1)
        return ChipCount.of(counts)

    def between_rounds(self) -> None:
        """Before the next round: the shift rolls over every ``shift_rounds`` rounds, players buy in, bank faults
        are drawn (a tray fault happens now), and the tray gets a fill when low or sends a credit when high."""
        if self.shift_rounds and self.rounds_in_shift >= self.shift_rounds and self._stage() in (
                Stage.IDLE, Stage.FINISHED):
            self.close()
            self.open()
        if self.session.view().game.family != "poker":  # a poker player buys chips at the cage
            for seat in self.seats:
                if self.stacks.get(seat, Decimal(0)) < REBUY_UNDER:
                    self._buy_in(seat)
        if self.faults is not None:
            self.faults.draw()
            kind = self.faults.tray_fault()
            if kind is not None and not self.tray_faulted and self.session.view().state.bank.open_shift is not None:
                self.faults.take(kind)
                chip = self.rng.choice(sorted(self._bank.chips))
                self.off_book += chip if kind == "unslipped_fill" else -chip
                self.tray_faulted = True
        self._keep_tray()

    def round_played(self) -> None:
        """A round ended: each seat's chips move by its net (the journaled settlement; a void moves none)."""
        self.rounds_in_shift += 1
        journal = self.session.journal
        for event in journal.events(since_seq=self.read_to, kinds={"settled"}):
            for seat in (event.payload.get("settlement") or {}).get("seats", []):
                number = int(seat["seat"])
                self.stacks[number] = self.stacks.get(number, Decimal(0)) + Decimal(str(seat["net"]))
        self.read_to = self.session.view().state.last_seq

    def _stage(self) -> Stage:
        return self.session.view().stage

    def _buy_in(self, seat: int) -> None:
        amount = self.rng.choice(BUY_INS)
        expected = self._figures().expected_closer_value
        par = ChipCount.of(self._bank.par_counts()).value
        if expected - amount < par * TRAY_FLOOR or self._stage() not in (Stage.IDLE, Stage.FINISHED, Stage.BETTING):
            return
        try:
            self.session.execute("buy_in", seat, "cash", str(amount))
        except RuleError:  # a device report moved the round on meanwhile: the player buys in later
            return
        shift = self.session.view().state.bank.open_shift
        assert shift is not None
        self.drop_boxes[shift.number] = self.drop_boxes.get(shift.number, Decimal(0)) + amount  # the cash, in the box
        self.stacks[seat] = self.stacks.get(seat, Decimal(0)) + amount

    def _figures(self) -> Any:
        view = self.session.view()
        bank, table = view.profile.bank, view.profile
        shift = view.state.bank.shift
        assert shift is not None and bank is not None
        return shift_figures(shift.book(table.table_id, table.currency, Thresholds(bank.report_at, bank.regulator_at)))

    def _tray(self) -> Decimal:
        """The tray's value as it physically is: what the journal leaves in it, and what went in or out off the book."""
        return Decimal(self._figures().expected_closer_value + self.off_book)

    def _keep_tray(self, closing: bool = False) -> None:
        """A fill of whole racks (up to par at least) when the tray is under ``FILL_BELOW`` of its par; a credit down
        to par when it is over ``CREDIT_ABOVE`` of it; at the close, either (in ``FILL_UNIT``s) when it is a unit
        or more off par."""
        if self.session.view().state.bank.open_shift is None or not self.slips:
            return
        par = ChipCount.of(self._bank.par_counts()).value
        tray = self._tray()
        if tray < par * FILL_BELOW and not closing:
            self._fill(((par - tray) / FILL_RACK).to_integral_value(rounding=ROUND_CEILING) * FILL_RACK)
        elif par - tray >= FILL_UNIT and closing:
            self._fill(((par - tray) // FILL_UNIT) * FILL_UNIT)
        elif tray - par >= FILL_UNIT and (closing or tray > par * CREDIT_ABOVE):
            self._credit(((tray - par) // FILL_UNIT) * FILL_UNIT)

    def _slip(self, action: str, amount: Decimal) -> Any:
        """Ask the floor for a slip of ``amount`` (largest chips first); the slip's line, or None if refused."""
        counts: dict[Decimal, int] = {}
        _add(counts, amount, sorted(self._bank.chips, reverse=True))
        try:
            self._supervise(action, chips=count_payload(ChipCount.of(counts)))
        except RuleError:  # the floor could not number it (cut off): the table asks again later
            return None
        shift = self.session.view().state.bank.open_shift
        assert shift is not None
        return shift.slips[-1]

    def _fill(self, amount: Decimal) -> None:
        """A fill: its chips arrive and the dealer and the supervisor count them against the slip. A short fill
        is refused at the table; the cage then sends the slip's chips on a new one."""
        line = self._slip("request_fill", amount)
        if line is None:
            return
        if self.faults is not None and self.faults.take("short_fill"):
            arrived = dict(line.chips.items)
            smallest = min(d for d, n in arrived.items() if n > 0)
            arrived[smallest] -= 1
            self._supervise("receive_slip", slip=line.slip, chips=count_payload(ChipCount.of(arrived)))
            line = self._slip("request_fill", amount)
            if line is None:
                return
        self._supervise("receive_slip", slip=line.slip, chips=count_payload(line.chips))

    def _credit(self, amount: Decimal) -> None:
        """A credit: the chips are counted out of the tray and handed to the runner for the cage."""
        line = self._slip("request_credit", amount)
        if line is None:
            return
        self._supervise("receive_slip", slip=line.slip, chips=count_payload(line.chips))
        if self.faults is not None and self.faults.take("missing_credit"):
            self.lost_credits.add(line.slip)

    def close(self) -> None:
        """Close the open shift with the tray counted as it is (a tray over par sends its excess first); a short
        drop is the count's: the box holds less than went in."""
        shift = self.session.view().state.bank.open_shift
        if shift is None:
            return
        self._keep_tray(closing=True)
        closer = closer_for(shift.opener, self._tray(), tuple(self._bank.chips))
        self._supervise("close_shift", closer=count_payload(closer))
        box = self.drop_boxes.get(shift.number, Decimal(0))
        if box > 0 and self.faults is not None and self.faults.take("drop_short"):
            self.drop_boxes[shift.number] = box - min(box, self.rng.choice(BUY_INS))

    def run(self, journal: str) -> BankRun:
        """What this table leaves for the cage and the count team."""
        view = self.session.view()
        bank = self._bank
        closed = {n: v for n, v in self.drop_boxes.items()
                  if view.state.bank.open_shift is None or n != view.state.bank.open_shift.number}
        return BankRun(view.profile.table_id, journal, tuple(self.opened), closed, frozenset(self.lost_credits),
                       dict(self.faults.injected) if self.faults is not None else {},
                       Thresholds(bank.report_at, bank.regulator_at), view.profile.currency)


def shifts_json(records: Any, numbers: list[int]) -> list[dict[str, Any]]:
    """``bank.shifts`` of ``simulate --json``: each shift this run opened, with the figures a table knows
    (the drop and what needs it are the floor's count: not here yet)."""
    from ..figures.bank import journal_shifts, shift_line

    keep = ("table_id", "shift", "opener_value", "closer_value", "recorded_drop", "computed_win",
            "expected_closer_value", "tray_variance", "tray_class", "opener_discrepancy", "opener_class")
    wanted = set(numbers)
    lines = [shift_line(s) for s in journal_shifts(records) if s.shift.number in wanted]
    return [{k: line[k] for k in keep} for line in lines]
