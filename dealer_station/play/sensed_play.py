"""A simulated croupier and players at a bet-sensing table: real chip ids on the sensor's twin.

``SensedCroupier`` plays rounds like ``AutoCroupier`` but the players' stakes are chips: at
betting each seat's amounts are made of real chip ids from the casino's inventory (``ChipRack``)
placed on the bet sensor's simulated layout, and the station reads them; the croupier only calls
"no more bets". It also does what HARDWARE.md's faults describe, armed per round:

* ``counterfeit``: a chip the inventory does not know among a seat's stake; "no more bets" must be
  refused naming it (caught), and the croupier takes it off;
* ``antenna_down``: one spot's antenna is dead for the round; the croupier keys that seat's bets and
  the lock must mark the spot keyed with the keyed amount (caught);
* ``past_post`` / ``pinch``: after "no more bets" a chip is added to / taken from a locked spot; the
  station must raise a bet alarm naming that seat, spot and cause (caught); the chip is then put
  right and the supervisor restores the stake;
* ``flaky_read``: one locked chip missing from one inventory round; no alarm may follow (caught =
  ridden out);
* ``mispay`` / ``missed_collect``: at the settlement the croupier pays one winning spot a chip short,
  or leaves one losing bet on the layout; "Paid" must be refused naming that spot (caught), and the
  croupier puts it right.

Decision bets (Play, Flop, ...) are chips placed on their spots before the decision is keyed (the
station checks they match it); at the settlement the croupier collects losing spots, leaves pushes and adds each win beside its stake,
then the player takes the seat's chips once it is paid.

Every alarm that is not the injected one is a false alarm. The simulator is duck-typed (``place``,
``take``, ``clear``, ``flake``, ``antenna_down``, ``antenna_up``, ``scan``): the core never
imports the simulators.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import structlog

from ..chip_inventory import ChipInventoryConfig
from ..engine.session import TableSession
from ..errors import DealerStationError, RuleError
from ..games.base import BankingGame
from ..money import format_money
from ..table.phases import Stage
from ..table.sensing import RoundSensing
from .autoplay import AutoCroupier

log = structlog.get_logger("dealer_station.play.sensed_play")

FAULTS = ("past_post", "pinch", "counterfeit", "antenna_down", "flaky_read", "mispay", "missed_collect")
"""The bet sensor's faults the simulated table injects (``simulate --faults``)."""
RESTORE = "simulation: chips put back, stake checked"
WAIT_SECONDS = 3.0
"""How long the croupier waits for the station to see a change (or the alarm to come)."""
READ_SECONDS = 10.0
"""How long the croupier waits for the station to read a scan it asked for, whatever is left of
``WAIT_SECONDS``: a scan asked for always reaches the station, and deciding before it has (a busy machine
slowed the reading past the wait) locked stakes the station had not seen yet - a past-post it raised on no
fault (a false alarm, one run in three under a parallel test suite)."""


class ChipRack:
    """The casino's chips by denomination, each id on the layout at most once at a time."""

    def __init__(self, inventory: ChipInventoryConfig) -> None:
        self._all = inventory.by_denomination()
        self._free: dict[Decimal, list[str]] = {}
        self.reset()

    def reset(self) -> None:
        """Every chip back in the rack (the layout was cleared)."""
        self._free = {denomination: list(ids) for denomination, ids in self._all.items()}

    def hold(self, chips: Sequence[str]) -> list[str]:
        """These chips are on the layout (out of the rack)."""
        out = set(chips)
        for free in self._free.values():
            free[:] = [chip for chip in free if chip not in out]
        return list(chips)

    def smallest(self) -> Decimal:
        return min(self._all)

    def make(self, amount: Decimal) -> list[str]:
        """Chip ids worth exactly ``amount``, largest denominations first."""
        chips: list[str] = []
        left = amount
        for denomination, free in self._free.items():
            while left >= denomination and free:
                chips.append(free.pop())
                left -= denomination
        if left:
            raise RuleError(f"the chip inventory cannot make {format_money(amount)} exactly")
        return chips


@dataclass
class BetSensorTally:
    """Per fault kind, injected and caught; and alarms no fault explains."""

    injected: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    false_alarms: int = 0
    conservation: Counter[str] = field(default_factory=Counter)
    """Paid seats whose layout money was checked (``seats``), did not balance (``mismatched``), or had
    a keyed spot the sensor could not see (``keyed``, not checked): ``BetSensing.balances``."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {kind: {"injected": self.injected[kind], "caught": self.caught[kind]} for kind in FAULTS}
        out["false_alarms"] = self.false_alarms
        out["conservation"] = {key: self.conservation[key] for key in ("seats", "mismatched", "keyed")}
        return out


@dataclass
class _PayoutFault:
    """A mispay (``chips``: the one short) or a missed collect the croupier made on one spot."""

    kind: str
    seat: int
    spot: str
    chips: list[str] = field(default_factory=list)
    caught: bool = False


@dataclass
class _Round:
    """What this croupier did to the current round (the truth the station's journal is checked against)."""

    round_id: str
    faults: set[str]
    counterfeit: tuple[int, str, str] | None = None
    keyed: tuple[int, str, Decimal] | None = None
    after_lock: list[str] = field(default_factory=list)
    injected: tuple[str, int, str, str] | None = None  # (kind, seat, spot, chip), until put right
    expected: list[tuple[str, int, str]] = field(default_factory=list)
    """The alarms the injected faults must raise: (cause, seat, spot)."""
    flaked: tuple[int, str] | None = None
    deciding: dict[tuple[int, str], str] = field(default_factory=dict)
    """(seat, street) -> the action decided, its chips on the layout before the croupier keys it."""
    paid_out: bool = False
    """Every seat's payout is on the layout (the croupier then presses "Paid" seat by seat)."""
    payout_fault: _PayoutFault | None = None
    tallied: bool = False


class SensedCroupier(AutoCroupier):
    """``AutoCroupier`` at a table with a bet sensor (see the module docstring)."""

    def __init__(self, session: TableSession, *, sensor: Any, rng: random.Random, seats: Sequence[int],
                 present: Callable[[int], None] | None = None, on_halt: Callable[[TableSession], bool] | None = None,
                 supervisor: tuple[str, str], fault_rng: random.Random | None = None) -> None:
        super().__init__(session, rng=rng, seats=seats, present=present, on_halt=on_halt)
        inventory = session.view().table.chip_inventory
        if inventory is None or session.view().sensed is None:
            raise RuleError("a sensed croupier needs a table with a bet sensor and its chip inventory")
        self.sensor = sensor
        self.rack = ChipRack(inventory)
        self.confirm = inventory.confirm_rounds
        self.supervisor = supervisor
        self.fault_rng = fault_rng or random.Random(0xBE7)
        self.tally = BetSensorTally()
        self._armed: set[str] = set()
        self._round: _Round | None = None
        self._counterfeits = 0
        snap = session.view()
        spots = getattr(snap.game, "spots", ())
        sensor.add_antennas((seat, spot) for seat in range(1, snap.table.seats + 1) for spot in spots)

    def finish(self) -> BetSensorTally:
        """The run is over: count the last round, put the layout back."""
        if self._round is not None:
            self._tally(self._round)
            if self._round.keyed is not None:
                self.sensor.antenna_up(self._round.keyed[0], self._round.keyed[1])
        return self.tally

    def arm(self, kinds: Sequence[str]) -> None:
        """The bet sensor faults of the next round."""
        self._armed = {kind for kind in kinds if kind in FAULTS}

    # ----------------------------------------------------------------- the croupier's steps

    def step(self) -> bool:
        session = self.session
        rnd = session.view().round
        if rnd is not None and self._round is not None and self._round.round_id == rnd.round_id and rnd.finished:
            self._tally(self._round)
        if rnd is None or rnd.finished:
            return super().step()
        stage = session.view().phase_info.stage
        if stage is not Stage.BETTING and (self._round is None or self._round.round_id != rnd.round_id):
            self._adopt(rnd.round_id)
            return True
        if rnd.halt is not None and rnd.halt.kind == "bet_alarm":
            return self._answer_alarm()
        if stage is Stage.BETTING:
            if self._round is None or self._round.round_id != rnd.round_id:
                self._place_bets(rnd.round_id)
                return True
            return self._lock()
        current = self._round
        if (current is not None and current.round_id == rnd.round_id and current.after_lock and rnd.halt is None
                and stage in (Stage.DECISION, Stage.REVEAL)):
            self._after_lock(current)
            return True
        if stage is Stage.SETTLEMENT and rnd.halt is None and current is not None and current.round_id == rnd.round_id:
            return self._settle(current)
        if stage is Stage.DECISION and rnd.halt is None and current is not None and current.round_id == rnd.round_id:
            return self._decide(current)
        return super().step()

    def _decide(self, current: _Round) -> bool:
        """The players still to act on this street decide: each decision's bet (Play, Flop, ...) goes on
        its spot as chips, and once the sensor sees them the croupier keys the decisions in seat order
        (the station checks each against the chips on its spot)."""
        session = self.session
        rnd = session.view().round
        assert rnd is not None
        waiting = session.view().seats_to_act()
        if not waiting:
            return False
        if (waiting[0], rnd.phase) not in current.deciding:
            game = session.view().game
            assert isinstance(game, BankingGame)
            spots = []
            for seat in waiting:
                action = self.decision(seat)
                hand = rnd.seats[seat]
                for spot, added in game.stakes_added(hand.bets, hand.actions, rnd.phase, action).items():
                    self.sensor.place(seat, spot, self.rack.make(added))
                    spots.append((seat, spot))
                current.deciding[(seat, rnd.phase)] = action
            if spots:
                self._wait_for_sensor(lambda: self._sees(spots), 1)
        session.execute("decide", waiting[0], current.deciding[(waiting[0], rnd.phase)])
        return True

    def _settle(self, current: _Round) -> bool:
        """Collect and pay every seat on the layout, wait for the sensor, then press "Paid" seat by seat
        (right to left), each seat's player taking its chips; put a refused payout right."""
        session = self.session
        snap = session.view()
        rnd = snap.round
        sensed = snap.sensed
        assert rnd is not None and sensed is not None
        unpaid = [seat for seat in sorted(rnd.seats, reverse=True) if not rnd.seats[seat].paid]
        if not unpaid:
            return False
        seat = unpaid[0]
        if not current.paid_out:
            current.paid_out = True
            for each in unpaid:
                self._pay_out(current, each, sensed.rules.due(rnd, each, snap.seat_stakes(each)))
            self._wait_for_sensor(self._settled)
        try:
            session.execute("mark_paid", seat)
        except DealerStationError as exc:
            fault = current.payout_fault
            mine = fault is not None and fault.seat == seat
            if fault is not None and mine and not fault.caught and f"{self._label(fault.spot)}: " in str(exc):
                self.tally.caught[fault.kind] += 1
                fault.caught = True
                self._put_right(fault)
                self._wait_for_sensor(self._settled)
                return True
            if fault is not None and mine and fault.caught:
                self._wait_for_sensor(self._settled, 1)  # the correction is still settling
                return True
            self.tally.false_alarms += 1
            log.warning("payout_refused_without_fault", seat=seat, problem=str(exc), round_id=current.round_id)
            badge, pin = self.supervisor
            session.supervise("override_payout", badge, pin, "simulation: payout checked by the supervisor", seat=seat)
        for spot in getattr(session.view().game, "spots", ()):  # the player takes what lies on the seat's spots
            self.sensor.take(seat, spot)
        return True

    def _label(self, spot: str) -> str:
        return str(self.session.view().game.labels.get(spot, spot))

    def _pay_out(self, current: _Round, seat: int, due: dict[str, Decimal]) -> None:
        snap = self.session.view()
        assert snap.sensed is not None
        for spot, owed in due.items():
            chips = self.sensor.chips(seat, spot)
            have = sum((snap.sensed.rules.value(c, snap.round) or Decimal(0) for c in chips), Decimal(0))
            if owed == have:
                continue
            if owed < have:  # a losing bet (or a Pool stake fed to the meter): collected
                if ("missed_collect" in current.faults and current.payout_fault is None and owed == 0
                        and self._readable(current, seat, spot)):
                    current.payout_fault = _PayoutFault("missed_collect", seat, spot)
                    self.tally.injected["missed_collect"] += 1
                    continue
                self.sensor.take(seat, spot)
                if owed:
                    self.sensor.place(seat, spot, self.rack.make(owed))
                continue
            pay = self.rack.make(owed - have)
            if "mispay" in current.faults and current.payout_fault is None and self._readable(current, seat, spot):
                short = pay.pop()  # one chip short
                current.payout_fault = _PayoutFault("mispay", seat, spot, [short])
                self.tally.injected["mispay"] += 1
            self.sensor.place(seat, spot, pay)

    def _readable(self, current: _Round, seat: int, spot: str) -> bool:
        """A spot the sensor reads (a payout under a dead antenna is the croupier's word, as without one)."""
        sensed = self.session.view().sensed
        keyed = current.keyed is not None and current.keyed[:2] == (seat, spot)
        return sensed is not None and sensed.sensed((seat, spot)) and not keyed

    def _put_right(self, fault: _PayoutFault) -> None:
        if fault.kind == "mispay":
            self.sensor.place(fault.seat, fault.spot, fault.chips)
        else:
            self.sensor.take(fault.seat, fault.spot)

    def _adopt(self, round_id: str) -> None:
        """A round the station recovered from its journal after a restart: the players' locked chips
        are still on the layout (the seats not paid yet), as the journal says; the round goes on."""
        if self._round is not None:
            self._tally(self._round)
        self.sensor.clear()
        self.rack.reset()
        self._round = _Round(round_id, set())
        rnd = self.session.view().round
        if rnd is not None and isinstance(rnd.sensed, RoundSensing) and rnd.sensed.locked is not None:
            for (seat, spot), held in sorted(rnd.sensed.locked.items()):
                hand = rnd.seats.get(seat)
                if held.chips and hand is not None and not hand.paid:
                    self.sensor.place(seat, spot, self.rack.hold(held.chips))
        self._read_rounds(self.confirm)  # the restarted station has read no round yet: every spot keyed
        self._wait_for_sensor(self._settled)

    def _place_bets(self, round_id: str) -> None:
        sensor, session = self.sensor, self.session
        if self._round is not None:
            self._tally(self._round)
            if self._round.keyed is not None:
                sensor.antenna_up(self._round.keyed[0], self._round.keyed[1])
        sensor.clear()
        self.rack.reset()
        current = self._round = _Round(round_id, set(self._armed))
        plan = {seat: self._banker(seat).bets(self.rng, session.view().table) for seat in self.seats}
        if "antenna_down" in current.faults:
            seat = self.fault_rng.choice(self.seats)
            spot = self.fault_rng.choice(sorted(plan[seat]))
            sensor.antenna_down(seat, spot)
            current.keyed = (seat, spot, plan[seat][spot])
            self.tally.injected["antenna_down"] += 1
            session.execute("set_bets", seat, {s: format_money(v) for s, v in plan[seat].items()})  # keyed by hand
        for seat, bets in plan.items():
            for spot, amount in bets.items():
                sensor.place(seat, spot, self.rack.make(amount))
        dead = current.keyed[:2] if current.keyed is not None else None
        readable = [(seat, spot) for seat in self.seats for spot in sorted(plan[seat]) if (seat, spot) != dead]
        if "counterfeit" in current.faults and readable:  # on a spot the sensor reads: under a dead antenna none can
            seat, spot = self.fault_rng.choice(readable)
            self._counterfeits += 1
            fake = f"E0FF{self.fault_rng.getrandbits(32):08X}{self._counterfeits:04X}"
            sensor.place(seat, spot, [fake])
            current.counterfeit = (seat, spot, fake)
            self.tally.injected["counterfeit"] += 1
        current.after_lock = [k for k in ("flaky_read", "past_post", "pinch") if k in current.faults]
        self._wait_for_sensor(self._settled)

    def _settled(self) -> bool:
        """The station sees exactly the chips on the layout (the last round's are gone from its view)."""
        return self._sees(self.sensor.antennas)

    def _sees(self, antennas: Sequence[tuple[int, str]]) -> bool:
        """The station sees exactly the chips on these spots (those it reads)."""
        def matches(_state: object) -> bool:
            sensed = self.session.view().sensed
            assert sensed is not None
            return all(sorted(sensed.chips_on(antenna)) == sorted(self.sensor.chips(*antenna))
                       for antenna in antennas if sensed.sensed(antenna))

        # looked at once, under the session's lock (waiting for a report being applied, not skipping it)
        return self.session.wait_for(matches, 0.0)

    def _lock(self) -> bool:
        session, current = self.session, self._round
        assert current is not None
        try:
            session.execute("no_more_bets")
        except DealerStationError as exc:
            fake = current.counterfeit
            if fake is None or fake[2] not in str(exc):
                raise
            if "caught" not in current.faults:  # the refusal named the unknown chip: held, as it must be
                current.faults.add("caught")
                self.tally.caught["counterfeit"] += 1
            self.sensor.take(fake[0], fake[1], [fake[2]])
            self._wait_for_sensor(lambda: not session.view().unknown_chips())
            return True
        if current.counterfeit is not None and "caught" not in current.faults:
            log.warning("counterfeit_not_caught", chip=current.counterfeit[2], round_id=current.round_id)
        if current.keyed is not None:
            seat, spot, amount = current.keyed
            sensed = next(iter(session.journal.events(round_id=current.round_id, kinds={"bets_sensed"})), None)
            entry = next((s for s in (sensed.payload["spots"] if sensed else [])
                          if s["seat"] == seat and s["spot"] == spot), None)
            if entry is not None and entry["keyed"] and Decimal(entry["amount"]) == amount:
                self.tally.caught["antenna_down"] += 1
        return True

    def _after_lock(self, current: _Round) -> None:
        """Inject this round's after-lock faults, one at a time, and give the station the rounds to react."""
        kind = current.after_lock.pop(0)
        locked = self._locked_spots()
        if not locked:
            return
        seat, spot, chips = self.fault_rng.choice(locked)
        self.tally.injected[kind] += 1
        if kind == "flaky_read":
            self.sensor.flake(seat, spot, chips[0])
            current.flaked = (seat, spot)
            self._read_rounds(self.confirm + 2)
            return
        if kind == "past_post":
            chip = self.rack.make(self.rack.smallest())[0]
            self.sensor.place(seat, spot, [chip])
        else:
            chip = chips[-1]
            self.sensor.take(seat, spot, [chip])
        current.injected = (kind, seat, spot, chip)
        current.expected.append((kind, seat, spot))
        self._wait_for_sensor(lambda: self._halted())

    def _locked_spots(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """Locked, sensed spots of seats still in the hand (a folded hand is collected)."""
        rnd = self.session.view().round
        if rnd is None or not isinstance(rnd.sensed, RoundSensing) or rnd.sensed.locked is None:
            return []
        out = []
        for (seat, spot), held in sorted(rnd.sensed.locked.items()):
            hand = rnd.seats.get(seat)
            if held.keyed or not held.chips or (hand is not None and "fold" in hand.actions):
                continue
            out.append((seat, spot, held.chips))
        return out

    def _halted(self) -> bool:
        rnd = self.session.view().round
        return rnd is None or rnd.halt is not None or rnd.finished

    def _answer_alarm(self) -> bool:
        """Put the chips right (the injected change undone), wait for the sensor to agree, restore."""
        current = self._round
        session = self.session
        if current is not None and current.injected is not None:
            kind, seat, spot, chip = current.injected
            current.injected = None
            if kind == "past_post":
                self.sensor.take(seat, spot, [chip])
            else:
                self.sensor.place(seat, spot, [chip])
        try:
            self._wait_for_sensor(lambda: self._restorable())
            session.supervise("restore_stake", *self.supervisor, RESTORE)
        except DealerStationError as exc:
            log.warning("restore_refused", problem=str(exc))
            return self.on_halt(session) if self.on_halt is not None else False
        return True

    def _restorable(self) -> bool:
        snap = self.session.view()
        rnd = snap.round
        sensed = snap.sensed
        if rnd is None or rnd.halt is None or sensed is None or not isinstance(rnd.sensed, RoundSensing):
            return True
        if rnd.sensed.locked is None:
            return True
        seat, spot = int(rnd.halt.detail["seat"]), str(rnd.halt.detail["spot"])
        return sorted(sensed.chips_on((seat, spot))) == sorted(rnd.sensed.locked[(seat, spot)].chips)

    def _wait_for_sensor(self, done: Callable[[], bool], first: int | None = None) -> None:
        """Have the sensor scan (``first`` rounds, ``confirm`` by default, then one at a time) and the
        station read each, until ``done``, for ``WAIT_SECONDS`` at most. Paced by inventory rounds, not
        by the clock: a chip taken off (or added to a locked spot) counts only once ``confirm`` rounds
        running agree, so that many are asked for at once."""
        deadline = time.monotonic() + WAIT_SECONDS
        ask = self.confirm if first is None else first
        while not done() and time.monotonic() < deadline:
            self._read_rounds(ask, deadline)
            ask = 1

    def _read_rounds(self, count: int, deadline: float | None = None) -> bool:
        """The sensor scans ``count`` rounds now; wait until the station has read the last of them."""
        target = self.sensor.scan(count)
        left = (time.monotonic() + WAIT_SECONDS if deadline is None else deadline) - time.monotonic()

        def read(_state: object) -> bool:
            sensed = self.session.view().sensed
            return sensed is not None and sensed.last_round is not None and sensed.last_round >= target

        return self.session.wait_for(read, max(READ_SECONDS, left))

    # ----------------------------------------------------------------- the tally, from the journal

    def _tally(self, current: _Round) -> None:
        """This round's alarms against what was injected: caught, or false."""
        if current.tallied:
            return
        current.tallied = True
        alarms = [e.payload for e in self.session.journal.events(round_id=current.round_id, kinds={"bet_alarm"})]
        expected = set(current.expected)
        false_at: list[tuple[int, str]] = []
        for alarm in alarms:
            key = (alarm["cause"], alarm["seat"], alarm["spot"])
            if key in expected:
                self.tally.caught[alarm["cause"]] += 1
                expected.discard(key)
            else:
                self.tally.false_alarms += 1
                false_at.append((alarm["seat"], alarm["spot"]))
        if current.flaked is not None and current.flaked not in false_at:
            self.tally.caught["flaky_read"] += 1  # ridden out: no alarm of its own
        sensed = self.session.view().sensed
        assert sensed is not None
        for balance in sensed.rules.balances(self.session.journal.events(round_id=current.round_id)):
            if balance.keyed:
                self.tally.conservation["keyed"] += 1
                continue
            self.tally.conservation["seats"] += 1
            if not balance.conserved:
                self.tally.conservation["mismatched"] += 1
                log.warning("layout_money_not_conserved", seat=balance.seat, taken=str(balance.taken),
                            locked=str(balance.locked), net=str(balance.net), off_layout=str(balance.off_layout),
                            round_id=current.round_id)
