"""The table bank in ``simulate``: every table plays whole table-shifts (docs/bank.md).

A shift opens with the tray at par (the table's first) or as the last shift closed it (the same
tray carried on), counted by the signed-in dealer and the simulation's supervisor; the scripted
players buy in (every seat when the shift opens, then now and then between rounds, never taking
the tray below a quarter of its par); the shift closes with the tray the rounds, the buy-ins and
the slips left in it, counted chip by chip (``closer_for``), and the next opens every
``shift_rounds`` rounds. Fills, credits, the count team's drop and the fault kinds that break
them are not simulated here yet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..bank.book import Thresholds
from ..bank.chips import ChipCount, count_payload
from ..bank.figures import shift_figures
from ..engine.session import TableSession
from ..errors import RuleError
from ..table.phases import Stage

BUY_INS = (Decimal(100), Decimal(200), Decimal(500))
BUY_IN_RATE = 0.02
"""Chance a seat buys in again between two rounds."""
TRAY_FLOOR = Decimal("0.25")
"""A buy-in never takes the tray below this share of its par (no fill is simulated)."""


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
    rounds_in_shift: int = 0
    opened: list[int] = field(default_factory=list)

    @property
    def _bank(self) -> Any:
        return self.session.view().profile.bank

    def _supervise(self, action: str, **args: Any) -> None:
        if self.session.view().state.dealer is None:  # the tray is counted by a dealer and a supervisor
            self.session.execute("dealer_sign_in", self.dealer)
        badge, pin = self.supervisor
        self.session.supervise(action, badge, pin, "", **args)

    def open(self) -> None:
        """Open a shift (unless one is open: a journal the last run left mid-shift) and buy every seat in."""
        state = self.session.view().state
        if state.bank.open_shift is not None:
            self.opened.append(state.bank.open_shift.number)
            return
        last = state.bank.last_closer
        opener = last if last is not None else ChipCount.of(self._bank.par_counts())
        self._supervise("open_shift", opener=count_payload(opener))
        shift = self.session.view().state.bank.shift
        assert shift is not None
        self.opened.append(shift.number)
        self.rounds_in_shift = 0
        for seat in self.seats:
            self._buy_in(seat)

    def between_rounds(self) -> None:
        """Before the next round: the shift rolls over every ``shift_rounds`` rounds, and players buy in."""
        if self.shift_rounds and self.rounds_in_shift >= self.shift_rounds and self._stage() in (
                Stage.IDLE, Stage.FINISHED):
            self.close()
            self.open()
        for seat in self.seats:
            if self.rng.random() < BUY_IN_RATE:
                self._buy_in(seat)

    def round_played(self) -> None:
        self.rounds_in_shift += 1

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

    def _figures(self) -> Any:
        view = self.session.view()
        bank, table = view.profile.bank, view.profile
        shift = view.state.bank.shift
        assert shift is not None and bank is not None
        return shift_figures(shift.book(table.table_id, table.currency, Thresholds(bank.report_at, bank.regulator_at)))

    def close(self) -> None:
        """Close the open shift with the tray counted as it is."""
        shift = self.session.view().state.bank.open_shift
        if shift is None:
            return
        closer = closer_for(shift.opener, self._figures().expected_closer_value, tuple(self._bank.chips))
        self._supervise("close_shift", closer=count_payload(closer))


def shifts_json(records: Any, numbers: list[int]) -> list[dict[str, Any]]:
    """``bank.shifts`` of ``simulate --json``: each shift this run opened, with the figures a table knows
    (the drop and what needs it are the floor's count: not here yet)."""
    from ..figures.bank import journal_shifts, shift_line

    keep = ("table_id", "shift", "opener_value", "closer_value", "recorded_drop", "computed_win",
            "expected_closer_value", "tray_variance", "tray_class", "opener_discrepancy", "opener_class")
    wanted = set(numbers)
    lines = [shift_line(s) for s in journal_shifts(records) if s.shift.number in wanted]
    return [{k: line[k] for k in keep} for line in lines]
