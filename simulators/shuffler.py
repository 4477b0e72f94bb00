"""Shuffler / dealing-shoe simulator on a real pseudo-terminal.

The driver opens ``port_path`` with pyserial exactly as it would /dev/ttyUSB0. Every
``shuffle`` reloads the whole deck (with the plan's missing / duplicate / foreign cards)
and shuffles it with ``random.Random(seed)``; packets deal from the top in order.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import structlog

from dealer_station.wire import codec as p

from .deck import HISTORY, PhysicalCard, load_deck, next_order, shuffle_seed, stack, verify
from .device import Endpoint, PtyEndpoint, SimulatedDevice
from .faults import FaultPlan

log = structlog.get_logger()


class ShufflerSimulator(SimulatedDevice):
    kind = "shuffler"
    model = "DS-SHOE-SIM"

    @classmethod
    def for_url(cls, name: str, params: dict[str, Any]) -> ShufflerSimulator:
        """``sim://shuffler?seed=7&delay=0.1&fault=jam_after=3&serial_number=SIM-SHUFFLER-T1-7``."""
        faults = FaultPlan.parse(params.pop("fault", []))
        return cls(seed=params.pop("seed", None), delay=params.pop("delay", 0.0), faults=faults,
                   serial_number=params.pop("serial_number", None))

    @classmethod
    def standalone(cls, seed: int | None, delay: float, faults: list[str]) -> ShufflerSimulator:
        """``delay``: seconds per dispensed card."""
        return cls(seed=seed, delay=delay, faults=FaultPlan.parse(faults))

    def __init__(self, seed: int | None = None, delay: float = 0.0, faults: FaultPlan | None = None,
                 serial_number: str | None = None, **link: Any) -> None:
        """``serial_number``: the unit's own (default: from the seed, ``SIM-SHUFFLER-000B`` for seed 11)."""
        super().__init__(seed, faults, **link)
        if serial_number:
            self.serial_number = serial_number
        self.delay = delay
        self.dealt: list[tuple[str, int]] = []
        self.shuffles = 0
        self.last_shuffle_seed: int | None = None
        self.orders: deque[list[PhysicalCard]] = deque(maxlen=HISTORY)  # the orders shuffles left, oldest first
        self._pty: PtyEndpoint | None = None
        self.power_on()

    def power_on(self) -> None:
        self.deck: list[PhysicalCard] = load_deck(self.faults.missing, self.faults.duplicate, self.faults.extra)
        self.jammed: str | None = None
        self.since_shuffle = 0
        self._packets: deque[tuple[str, int]] = deque()
        self._current: tuple[str, int, int] | None = None  # position, count, dispensed so far
        self._next_due = 0.0

    def _make_endpoint(self) -> Endpoint:
        self._pty = PtyEndpoint("shuffler")
        return self._pty

    @property
    def port_path(self) -> str:
        """Stable path the driver opens (a symlink to the current /dev/pts/N)."""
        assert self._pty is not None, "start() the simulator first"
        return self._pty.path

    @property
    def pty_path(self) -> str:
        assert self._pty is not None, "start() the simulator first"
        return self._pty.slave_name

    @property
    def url(self) -> str:
        return f"serial://{self.port_path}"

    @property
    def state(self) -> str:
        if self.door_open:
            return "door_open"
        if self._current is not None or self._packets:
            return "dealing"
        return "ready" if self.deck else "empty"

    # -- commands (device thread, lock held)
    def handle(self, message: p.Message) -> None:
        match message:
            case p.Shuffle(seed=seed):
                self._shuffle(seed)
            case p.VerifyDeck():
                result = verify(self.deck)
                self.emit(p.DeckVerifiedMsg(result.count, result.missing, result.extra, result.duplicates))
                if not result.ok:
                    self.fault(
                        "deck_count_wrong",
                        f"{result.count} cards, missing {len(result.missing)}, extra {len(result.extra)}, "
                        f"duplicated {len(result.duplicates)}",
                    )
            case p.DealPacket(position=position, count=count):
                if self.jammed and not self.door_open:
                    return  # the rest of a deal asked for at once, arriving behind the jam (reported once): the
                    # RESET that clears the jam clears it with the queue
                if self._refuse():
                    return
                was_idle = self.state != "dealing"
                self._packets.append((position, count))
                if was_idle:
                    self.set_state_event()
            case p.Reset():
                self.jammed = None
                self._packets.clear()
                self._current = None
                self.set_state_event()
            case p.Stop():
                if self._current is not None:
                    self.emit(p.PacketDoneMsg(self._current[0], self._current[2]))
                self._current = None
                self._packets.clear()
                self.set_state_event()
            case p.StatusRequest():
                self.set_state_event()
            case _:
                self.fault("internal_error", f"unsupported command {type(message).__name__}")

    def _refuse(self) -> bool:
        """Door open or jammed: the mechanism will not move (reports why again)."""
        if self.door_open:
            self.fault("door_open", "door is open")
            return True
        if self.jammed:
            self.fault(self.jammed, f"{self.jammed} not cleared; send reset")
            return True
        return False

    def _shuffle(self, seed: int | None) -> None:
        if self._refuse():
            return
        if seed is None:
            seed = shuffle_seed(self.seed, self.shuffles)
        self.shuffles += 1
        self.last_shuffle_seed = seed
        self._packets.clear()
        self._current = None
        self.emit(p.StatusMsg("shuffling"))
        plan = self.faults
        loaded = load_deck(plan.missing, plan.duplicate, plan.extra)
        order = next_order(loaded, seed, list(self.orders), riffles=plan.weak_shuffle,
                           repeat=plan.repeat_deck)
        self.deck = stack(order, plan.stack)
        self.orders.append(list(self.deck))
        self.since_shuffle = 0
        self.emit(p.ShuffleDoneMsg())
        self.set_state_event()

    def mechanical_fault(self, code: str) -> None:
        with self.lock:
            self.jammed = code
            if self._current is not None:
                self._current = None
            self._packets.clear()
            super().mechanical_fault(code)

    # -- dispensing: one card at a time, the next once the last report is acknowledged
    def busy(self) -> bool:
        return self._current is not None or bool(self._packets)

    def tick(self, now: float) -> None:
        if self._current is None:
            if not self._packets:
                return
            position, count = self._packets.popleft()
            self._current = (position, count, 0)
        if self.jammed or self.door_open or not self.channel.idle or now < self._next_due:
            return
        self._next_due = now + self.delay
        self._dispense_one()

    def _dispense_one(self) -> None:
        assert self._current is not None
        position, count, done = self._current
        plan = self.faults
        for code in ("jam", "misfeed"):
            limit = getattr(plan, f"{code}_after")
            if limit is not None and self.since_shuffle >= limit:
                setattr(plan, f"{code}_after", None)
                self.mechanical_fault(code)
                return
        if not self.deck:
            self.emit(p.PacketDoneMsg(position, done))
            self._current = None
            self._packets.clear()
            self.set_state_event()
            return
        card = self.deck.pop(0)
        self.since_shuffle += 1
        self.dealt.append((position, card.face))
        if plan.unreadable_next > 0:
            plan.unreadable_next -= 1
            self.fault("card_unreadable", f"card {done} of the packet for {position} not recognised")
        else:
            face = card.face
            if plan.misread_next > 0:
                plan.misread_next -= 1
                face = (face + 1 + self.rng.randrange(51)) % 52
            self.emit(p.CardDispensedMsg(position, done, face))
        done += 1
        self._current = (position, count, done)
        if done >= count:
            self.emit(p.PacketDoneMsg(position, done))
            self._current = None
            if not self._packets:
                self.set_state_event()
        self.after_card(self.since_shuffle)
