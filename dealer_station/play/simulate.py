"""Headless simulation: complete rounds through the real drivers and the simulators.

The shuffler simulator sits on a real pseudo-terminal and the card reader behind a pyusb
backend (a table with a reading shoe: the Bee-Tek twin on a pty, the simulated dealer drawing
from it in the table's draw order); the station, session and journal are the production ones.
Faults are armed per round with a seeded probability, so a run is reproducible for a seed.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import structlog

from ..bank.desk import InProcessDesk
from ..bank.slips import SlipKind
from ..cards import parse_card
from ..config import BankingTableConfig, TableConfig
from ..engine.session import TableSession
from ..errors import ConfigError, DealerStationError, Interrupted, RuleError
from ..games import get_game
from ..games.holdem import live
from ..money import exact_money, format_money
from ..station import Station
from ..supervisor import SIM_BADGE, SIM_PIN
from ..table.phases import Stage
from ..table.seated import seated
from ..view.ratings import Ratings
from ..wire.auth import REASONS
from ..wire.roles import Role
from .autoplay import AutoCroupier, void_on_halt
from .bank_faults import BANK_FAULTS, FLOOR_FAULTS, BankFaults
from .players import Lobby, Roster, rating_rows
from .sensed_play import FAULTS as BET_SENSOR_FAULTS
from .sensed_play import SensedCroupier

log = structlog.get_logger("dealer_station.play.simulate")

FAULT_KINDS = ("jam", "duplicate", "missing", "extra", "misread", "corrupt", "disconnect", "powercycle", "door",
               "dispute", "pool_hit", "absent", "weak_shuffle", "repeat_deck", "unreadable", "impostor",
               "rogue_firmware", "swap", *BET_SENSOR_FAULTS, *BANK_FAULTS)
"""Device faults the simulators inject; ``dispute``: a supervisor voids the round at a random step;
``pool_hit``: the shoe's deck is stacked so that a seat's hole cards and the flop make a Pool hand;
``absent``: a poker player does not act once in the hand and the action clock acts (the simulated table's
clock is then 1 second); ``weak_shuffle``: the shoe only riffles the previous order ``WEAK_RIFFLES`` times;
``repeat_deck``: the shoe repeats the order of one of its last ``REPEAT_WITHIN`` shuffles
(``dealer-station audit shuffles`` must catch both); ``unreadable``: one card of the round is not read (the
reader's at a reveal, or the reading shoe's as it is drawn) and the scripted croupier keys it; ``past_post``, ``pinch``, ``counterfeit``,
``antenna_down``, ``flaky_read``, ``mispay``, ``missed_collect``: the bet sensor's (``sensed_play.py``), at a
table with one; ``short_fill``, ``unslipped_fill``, ``tray_skim``, ``missing_credit``, ``drop_short``,
``opener_mismatch``: the table bank's (``bank_faults.py``), at a table with a [bank]."""
DEVICE_FAULTS = tuple(kind for kind in FAULT_KINDS if kind not in BANK_FAULTS)
"""What the simulators and the scripted croupier inject, round by round (``FaultArmer``)."""
AUTH_FAULTS = ("impostor", "rogue_firmware", "swap")
"""Devices that must prove who they are (the shoe; ``simulate`` enrols its units and approves their
programs): ``impostor`` / ``rogue_firmware``: before the round the shoe reconnects answering with a
wrong key / an unapproved program, is refused, and the genuine unit is put back; ``swap``: another
unit appears on the shoe's port mid-deal (refused; the round is voided), then the genuine one returns."""
AUTH_WAIT = 10.0
"""Seconds to wait for a refusal, or for the genuine unit to come back up."""
REPLUG_SECONDS = 0.05
"""How long the shoe's port is gone when a unit is unplugged and another (or the same) plugged in."""
SHUFFLE_FAULTS = ("weak_shuffle", "repeat_deck")
SHOE_DECK_FAULTS = ("pool_hit", *SHUFFLE_FAULTS)
"""Faults of the shoe's deck order: a table dealt by hand has none."""
WEAK_RIFFLES = 3
REPEAT_WITHIN = 10

# Hole + flop of each Pool hand the stacked deck can make (suits chosen at random per hit).
POOL_HANDS = {
    "royal_flush": (("A", 0), ("K", 0), ("Q", 0), ("J", 0), ("T", 0)),
    "straight_flush": (("9", 0), ("8", 0), ("7", 0), ("6", 0), ("5", 0)),
    "four_of_a_kind": (("7", 0), ("7", 1), ("7", 2), ("7", 3), ("2", 0)),
    "full_house": (("K", 0), ("K", 1), ("K", 2), ("4", 0), ("4", 1)),
    "flush": (("A", 0), ("9", 0), ("6", 0), ("4", 0), ("2", 0)),
    "straight": (("9", 0), ("8", 1), ("7", 2), ("6", 3), ("5", 0)),
}
DISPUTE_WITHIN = 12  # croupier actions: a dispute lands somewhere in the first 12 actions of a round
SIM_DEALER = "Sim Dealer"  # signed in at start: the pit's floor view shows who deals
STALL_SECONDS = 8.0
SIM_CLOCK_SECONDS = 1
"""A simulated poker table's action clock when ``absent`` players are armed."""
CLOCK_WAIT = SIM_CLOCK_SECONDS + 3.0


def parse_faults(text: str | None) -> dict[str, float]:
    """``jam:0.05,misread:0.01`` -> {kind: probability per round}; refuses anything else."""
    rates: dict[str, float] = {}
    if not text:
        return rates
    for item in text.split(","):
        kind, sep, rate = item.strip().partition(":")
        if kind not in FAULT_KINDS:
            raise ConfigError(f"unknown fault kind {kind!r} (known: {', '.join(FAULT_KINDS)})", "faults")
        try:
            value = float(rate) if sep else -1.0
        except ValueError:
            value = -1.0
        if not 0.0 <= value <= 1.0:
            raise ConfigError(f"{item.strip()!r}: RATE must be a probability between 0 and 1", "faults")
        rates[kind] = value
    return rates


@dataclass
class Summary:
    rounds_completed: int = 0
    voided: Counter[str] = field(default_factory=Counter)
    wagered: Decimal = Decimal(0)
    house_net: Decimal = Decimal(0)
    journal: str = ""
    elapsed: float = 0.0
    faults_armed: Counter[str] = field(default_factory=Counter)
    faults_injected: Counter[str] = field(default_factory=Counter)
    """Faults that took effect: the armed ones, except a ``swap`` the round ended before; a bet sensor's, what
    the sensed croupier did inject (one armed for a round that ended before its moment is not), so that the
    summary says one count per fault, the same as its ``bet_sensor`` object."""
    devices_refused: Counter[str] = field(default_factory=Counter)
    """Refusals journaled during the run, by reason (``wire.auth.REASONS``)."""
    jackpot: dict[str, Any] | None = None
    """The table's meters at the end (games with a progressive)."""
    poker: dict[str, Any] | None = None
    """A poker table's money at the end and the conservation check of its journal."""
    bet_sensor: dict[str, Any] | None = None
    """A bet-sensing table's faults: per kind injected and caught, and the false alarms."""
    bank: dict[str, Any] | None = None
    """A table with a [bank]: the shifts this run played (``play/bank_play.py``)."""
    bank_run: Any = None
    """A table with a [bank]: what its shifts leave for the cage and the count (``bank_play.BankRun``)."""
    ratings: list[dict[str, Any]] | None = None
    """``--players``: every rated session of the run (``play/players.rating_rows``)."""

    def devices_json(self) -> dict[str, Any]:
        """Every fault kind ``simulate`` knows and every refusal reason, with its count (0 included)."""
        return {"faults_injected": {kind: self.faults_injected[kind] for kind in FAULT_KINDS},
                "devices_refused": {reason: self.devices_refused[reason] for reason in REASONS}}

    def as_json(self) -> dict[str, Any]:
        bank = {"bank": self.bank} if self.bank is not None else {}
        if self.poker is not None:
            return {"hands_completed": self.rounds_completed, "voided": dict(sorted(self.voided.items())),
                    **self.poker, **self.devices_json(), **bank, "journal": self.journal}
        hold = (self.house_net / self.wagered * 100).quantize(Decimal("0.01")) if self.wagered else Decimal(0)
        out = {
            "rounds_completed": self.rounds_completed,
            "voided": dict(sorted(self.voided.items())),
            "wagered": format_money(self.wagered),
            "house_net": format_money(self.house_net),
            "hold_pct": format_money(hold),
            **self.devices_json(),
            "journal": self.journal,
        }
        if self.jackpot is not None:
            out["jackpot"] = self.jackpot
        if self.bet_sensor is not None:
            out["bet_sensor"] = self.bet_sensor
        out.update(bank)
        if self.ratings is not None:
            out["ratings"] = self.ratings
        return out


class FaultArmer:
    """Arms this round's faults on the simulators and disarms them when it ends."""

    def __init__(self, rates: Mapping[str, float], rng: random.Random, shoe_sim: Any, reader_sim: Any,
                 game: Any = None) -> None:
        self.game = game
        self.rates = rates
        self.rng = rng
        self.shoe = shoe_sim
        self.reader = reader_sim
        self.dispute_at: int | None = None
        """Croupier step of this round at which a supervisor voids it (a dispute), if armed."""
        self.absent_at: int | None = None
        """Croupier step of this round from which the next player to act does not (poker), if armed."""
        self.unreadable_at: int | None = None
        """Draw of this round (from 1) the reading shoe cannot read, if armed."""
        self.session: TableSession | None = None
        """Set by ``simulate``: the authentication faults wait on the table's state."""
        self.swap_armed = False
        self.genuine_serial: str | None = None
        """The shoe's own serial number, put back after a swap."""
        self.settled_at = 0.0
        """When the genuine unit put back has been up a link timeout (``time.monotonic``): no fault
        is armed before then."""

    def arm(self, seats: int) -> list[str]:
        armed = [k for k in DEVICE_FAULTS if k in self.rates and self.rng.random() < self.rates[k]]
        deal = 5 + 2 * seats + 2
        plan = self.shoe.faults if self.shoe is not None else None
        some_card = self.rng.randrange(52)
        for kind in armed:
            time.sleep(max(0.0, self.settled_at - time.monotonic()))  # a unit just put back settles first
            at = self.rng.randrange(1, deal)
            if kind == "unreadable":  # the reader's next read, or this draw of the reading shoe's
                self.unreadable_at = at
                if self.reader is not None:
                    self.reader.faults.unreadable_next = 1
                continue
            if plan is None:
                continue
            if kind == "jam":
                plan.jam_after = at
            elif kind == "duplicate":
                plan.duplicate = [some_card]
            elif kind == "missing":
                plan.missing = [some_card]
            elif kind == "extra":
                plan.extra = [some_card]
            elif kind == "corrupt":
                plan.corrupt_rate = 0.01
            elif kind == "disconnect":
                plan.disconnect_after = at
            elif kind == "powercycle":
                plan.power_cycle_after = at
            elif kind == "door":
                plan.door_open_after = at
            elif kind == "misread" and self.reader is not None:
                self.reader.faults.misread_next = 1
            elif kind == "dispute":
                self.dispute_at = self.rng.randrange(1, DISPUTE_WITHIN)
            elif kind == "absent":
                self.absent_at = self.rng.randrange(1, DISPUTE_WITHIN)
            elif kind == "pool_hit":
                plan.stack = self._pool_hit(seats)
            elif kind == "weak_shuffle":
                plan.weak_shuffle = WEAK_RIFFLES
            elif kind == "repeat_deck":
                plan.repeat_deck = self.rng.randrange(1, REPEAT_WITHIN + 1)
            elif kind in ("impostor", "rogue_firmware"):
                self._refused_at_connect(kind)
            elif kind == "swap":
                self.genuine_serial = self.genuine_serial or self.shoe.serial_number
                plan.swap_after = at
                self.swap_armed = True
        return armed

    def _refused_at_connect(self, kind: str) -> None:
        """The shoe reconnects answering with a wrong key or an unapproved program: wait until
        the table journals its refusal, then put the genuine unit back and wait until it is up."""
        assert self.session is not None
        session, shoe = self.session, self.shoe
        before = session.view().state.last_seq
        setattr(shoe.faults, kind, 1)
        shoe.inject("disconnect", seconds=REPLUG_SECONDS)
        refused = session.wait_for(lambda s: s.device("shuffler").held_refused and s.last_seq > before, AUTH_WAIT)
        setattr(shoe.faults, kind, 0)
        self._genuine_back()
        if not refused:
            raise DealerStationError(f"simulate: the shoe armed with {kind} was not refused within {AUTH_WAIT:g} s")

    def _genuine_back(self) -> None:
        """Replug the genuine unit (its own serial, no fault) and wait until it has proved itself."""
        assert self.session is not None
        shoe = self.shoe
        if self.genuine_serial is not None:
            with shoe.lock:
                shoe.serial_number = self.genuine_serial
        shoe.inject("disconnect", seconds=REPLUG_SECONDS)
        if not self.session.wait_for(lambda s: s.device("shuffler").connected, AUTH_WAIT):
            raise DealerStationError(f"simulate: the genuine shoe did not come back within {AUTH_WAIT:g} s")
        # Left to settle for a link timeout, as a unit put back is, before the next fault is armed: the
        # driver counts a link that drops sooner as flapping and backs off its reconnects (up to 2 s
        # each). Rounds without a fault play on meanwhile.
        self.settled_at = time.monotonic() + self.session.view().table.devices.link_timeout

    def injected(self, armed: list[str]) -> list[str]:
        """Of this round's armed faults, those that took effect (a swap needs its card to be dealt)."""
        return [k for k in armed if k != "swap" or self.shoe is None or self.shoe.faults.swap_after is None]

    def _pool_hit(self, seats: int) -> dict[int, int]:
        """Deal positions -> cards so that one seat's hole cards and the flop make a Pool hand."""
        plan = self.game.deal_plan(list(range(1, seats + 1)), "shuffler")
        starts, at = {}, 0
        for position, count in plan:
            starts[position] = at
            at += count
        seat = self.rng.randrange(1, seats + 1)
        suits = list("cdhs")
        self.rng.shuffle(suits)
        hand = POOL_HANDS[self.rng.choice(sorted(POOL_HANDS))]
        cards = [parse_card(rank + suits[suit]) for rank, suit in hand]
        hole, flop = cards[:2], cards[2:]
        places = [starts[f"seat{seat}"], starts[f"seat{seat}"] + 1, starts["board"], starts["board"] + 1,
                  starts["board"] + 2]
        return dict(zip(places, [*hole, *flop], strict=True))

    def disarm(self) -> None:
        self.dispute_at = self.absent_at = self.unreadable_at = None
        if self.swap_armed:
            self.swap_armed = False
            fired = self.shoe.faults.swap_after is None
            self.shoe.faults.swap_after = None
            if fired:  # another unit is on the port: refused once it identified; then the genuine one returns
                assert self.session is not None
                self.session.wait_for(lambda s: s.device("shuffler").held_refused, AUTH_WAIT)
                self._genuine_back()
        if self.shoe is not None:
            p = self.shoe.faults
            p.jam_after = p.disconnect_after = p.power_cycle_after = p.door_open_after = None
            p.duplicate, p.missing, p.extra = [], [], []
            p.corrupt_rate = 0.0
            p.stack = {}
            p.weak_shuffle = p.repeat_deck = 0
            if self.shoe.door_open:
                self.shoe.inject("door_close")
        if self.reader is not None:
            self.reader.faults.misread_next = self.reader.faults.unreadable_next = 0


class ShoeDealer:
    """The simulated dealer at a table with a reading shoe: draws the next card from the twin
    whenever the deal expects one (the shoe's driver reports it, the station places it), and
    keys the face of a card the shoe could not read, as a dealer would."""

    def __init__(self, session: TableSession, sim: Any, armer: FaultArmer) -> None:
        self.session = session
        self.sim = sim
        self.armer = armer
        self._round: str | None = None
        self._draws = 0

    def step(self) -> bool | None:
        """One dealer action; None when the deal needs none (the croupier acts instead)."""
        session = self.session
        rnd = session.view().round
        if rnd is None or rnd.finished or session.view().phase_info.stage is not Stage.DEALING:
            return None
        halt = rnd.halt
        if halt is not None:
            if halt.kind != "unreadable" or halt.device != "reading_shoe":
                return None  # a link to wait for, or a fault for the pit
            unread = next(d for d in reversed(self.sim.drawn) if d.card is None)
            session.execute("key_card", unread.face)
            return True
        if self._round != rnd.round_id:  # a new round: the dealer deals it from a fresh deck
            self._round, self._draws = rnd.round_id, 0
            self.sim.shuffle()
        self._draws += 1
        if self._draws == self.armer.unreadable_at:
            self.sim.faults.unreadable_next = 1
        before = session.view().state.last_seq
        self.sim.draw()
        session.wait_for(lambda state: bool(state.last_seq != before), 2.0)
        return True


def shoe_serial(table: TableConfig, seed: int) -> str:
    """The simulated shoe's serial number: one unit per table and seed (``SIM-SHUFFLER-T1-7``), so two tables
    simulated with the same seed are two shoes to the shuffle audit, as two real units would be."""
    return f"SIM-SHUFFLER-{table.table_id}-{seed % 10**12}"


def deck_seed(seed: int, journaled: int) -> int:
    """The simulated shoe's own seed: ``seed`` on a journal with no round yet (a run is reproducible from its
    seed), mixed with the journal's last seq when the run continues one, so that a second run with the same
    seed deals other decks than the first - not a replay, which the shuffle audit rightly flags as repeats."""
    if not journaled:
        return seed
    return int.from_bytes(hashlib.sha256(f"{seed}/{journaled}".encode()).digest()[:4], "big")


def fitted_run(table: TableConfig, seats: int | None,
               faults: Mapping[str, float] | None) -> tuple[int, dict[str, float]]:
    """The seats and faults of a mixed floor's table: as asked where the game allows it
    (no seats asked: every seat of the profile)."""
    least = 2 if get_game(table.game).family == "poker" else 1
    kept = {kind: rate for kind, rate in (faults or {}).items()
            if not (kind == "pool_hit" and table.game != "holdem_bonus")
            and not (kind in (*SHOE_DECK_FAULTS, *AUTH_FAULTS) and table.deal_mode != "shuffler")
            and not (kind == "absent" and not hasattr(table, "action_clock_seconds"))
            and not (kind in BET_SENSOR_FAULTS and table.devices.bet_sensor is None)
            and not (kind in BANK_FAULTS and table.bank is None)}
    return max(least, min(table.seats if seats is None else seats, table.seats)), kept


def check_run(table: TableConfig, *, rounds: int, seats: int, faults: Mapping[str, float] | None,
              floor: bool | None = None) -> None:
    """Refuse a run this table cannot play (``ConfigError``), before anything is created (``floor``: whether
    the run goes to a floor; None: not known here)."""
    least = 2 if get_game(table.game).family == "poker" else 1  # players against each other: two at least
    if not least <= seats <= table.seats:
        raise ConfigError(f"--seats must be {least} to {table.seats} for this table", "seats")
    if rounds < 0:
        raise ConfigError("--rounds must not be negative", "rounds")
    if faults and "pool_hit" in faults and table.game != "holdem_bonus":
        raise ConfigError(f"pool_hit stacks a Pool hand: a holdem_bonus table only, not {table.game}", "faults")
    if faults and "pool_hit" in faults and table.deal_mode != "shuffler":
        raise ConfigError("pool_hit stacks the shoe's deck: a table dealt by hand has none", "faults")
    for kind in SHUFFLE_FAULTS:
        if faults and kind in faults and table.deal_mode != "shuffler":
            raise ConfigError(f"{kind} is a fault of the shoe's shuffle: a table dealt by hand has none", "faults")
    if faults and "absent" in faults and not hasattr(table, "action_clock_seconds"):
        raise ConfigError(f"absent players need an action clock: a poker table only, not {table.game}", "faults")
    for kind in AUTH_FAULTS:
        if faults and kind in faults and table.deal_mode != "shuffler":
            raise ConfigError(f"{kind} is a fault of the dealing shoe's authentication: a table dealt by hand "
                              "has no shoe", "faults")
    for kind in BET_SENSOR_FAULTS:
        if faults and kind in faults and table.devices.bet_sensor is None:
            raise ConfigError(f"{kind} is a fault of the bet sensor: this table has none (try uth-rfid)", "faults")
    for kind in BANK_FAULTS:
        if faults and kind in faults and table.bank is None:
            raise ConfigError(f"{kind} is a fault of the table bank: this table's profile has no [bank]", "faults")
        if faults and kind in faults and kind in FLOOR_FAULTS and floor is False:
            raise ConfigError(f"{kind} is caught by the cage on the floor: give --floor URL", "faults")


def simulate(
    table: TableConfig,
    *,
    rounds: int,
    seed: int,
    seats: int | None = None,
    faults: Mapping[str, float] | None = None,
    journal: str | Path,
    progress: Callable[[str], None] | None = None,
    on_round: Callable[[Station], None] | None = None,
    floor_url: str | None = None,
    shift_rounds: int | None = None,
    players: int = 0,
    lobby: Lobby | None = None,
    index: int = 0,
) -> Summary:
    """Play ``rounds`` rounds (after recovering ``journal``) and summarise them, with
    ``seats`` players (default: every seat of the profile); with ``floor_url`` the
    station forwards the journal there while it plays. ``progress`` is given a line every
    two seconds or so; Ctrl-C raises ``errors.Interrupted`` saying what was kept. A table with a
    ``[bank]`` plays whole table-shifts (``play/bank_play.py``), a new one every ``shift_rounds`` rounds."""
    seats = table.seats if seats is None else seats
    check_run(table, rounds=rounds, seats=seats, faults=faults, floor=bool(floor_url))
    if faults and "absent" in faults:
        table = table.model_copy(update={"action_clock_seconds": SIM_CLOCK_SECONDS})
    from ..journal import Journal, ensure_folder
    from ..supervisor import CredentialStore, credentials_path

    journal = Path(journal)
    journal = ensure_folder(journal)
    # A simulation journal only: refused (in one line) before any credential is written, so the
    # simulation's supervisor never exists next to a live or demo table's journal; and only in a
    # credential file of this very journal (not one an archived live journal left at this path).
    with Journal(journal, table_id=table.table_id, purpose="simulation", game=table.game) as opened:
        before = opened.last_seq  # what this run finds: its recovery's void and its own rounds come after
        continued = any(True for _ in opened.events(kinds={"round_opened"}))
        slips_used: dict[SlipKind, int] = {}  # a continued journal's slip numbers: the simulation's own desk goes on
        for issued in opened.events(kinds={"slip_issued"}):
            series = SlipKind(issued.payload["kind"])
            slips_used[series] = max(slips_used.get(series, 0), int(issued.payload["number"]))
        credentials = CredentialStore(credentials_path(journal))
        credentials.bind(opened)
        if SIM_BADGE not in credentials.badges():
            credentials.add(SIM_BADGE, SIM_PIN, builtin=True)

    reading_shoe = table.devices.reading_shoe is not None
    # The bet sensor scans 4 times a second as a reader does, and whenever the sensed croupier asks
    # (``SensedCroupier._read_rounds``): the run is paced by the inventory rounds the checks need.
    devices = table.devices.model_copy(update={
        "shuffler": None if reading_shoe and not table.devices.shuffler else
        f"sim://shuffler?seed={deck_seed(seed, before if continued else 0)}&serial_number={shoe_serial(table, seed)}",
        "reader": f"sim://usb?seed={seed + 1}" if table.devices.reader else None,
        "reading_shoe": f"sim://beetek?seed={seed + 2}" if reading_shoe else None,
        "bet_sensor": f"sim://betsensor?seed={seed + 2}&interval=0.25" if table.devices.bet_sensor else None,
        "tray": None,  # the scripted croupier does not rack chips in a tray twin (yet): no antenna, no false alarm
        "link_timeout": min(table.devices.link_timeout, 0.5),
    })
    table = table.model_copy(update={"devices": devices})
    # Its simulated units are enrolled and approved when the run needs them to prove who they are.
    authenticate = table.devices.authenticating or bool(faults and any(kind in faults for kind in AUTH_FAULTS))
    # With no floor, a run with bank faults numbers its own slips (``InProcessDesk``) so that its fills and credits
    # happen; such a journal is never sent to a floor (the floor knows none of these numbers). Any other run with
    # no floor issues no slip, as a live table cut off from its floor.
    bank_faults = {kind: rate for kind, rate in (faults or {}).items() if kind in BANK_FAULTS}
    desk = InProcessDesk(slips_used) if table.bank is not None and not floor_url and bank_faults else None
    station = Station(table, journal_path=journal, credentials=credentials, purpose="simulation", floor_url=floor_url,
                      enrol_simulated=authenticate, slip_desk=desk)
    summary = Summary(journal=str(journal))
    started = time.monotonic()
    session = station.start()
    try:
        # A round the last run left mid-deal was voided by the recovery (as after a crash): counted here.
        summary.voided.update(str(e.payload.get("cause", "unknown"))
                              for e in session.journal.events(since_seq=before, kinds={"round_voided"}))
        session.wait_for(lambda s: all(s.device(n).connected for n in station.drivers), 10.0)
        session.execute("dealer_sign_in", SIM_DEALER)
        keeper = None
        if table.bank is not None:
            from .bank_play import ShiftKeeper

            keeper = ShiftKeeper(session, list(range(1, seats + 1)), random.Random(seed ^ 0xBA4C),
                                 (SIM_BADGE, SIM_PIN), shift_rounds, SIM_DEALER,
                                 BankFaults(bank_faults, random.Random(seed ^ 0xFA11)) if bank_faults else None,
                                 slips=desk is not None or bool(floor_url))
        rng = random.Random(seed)
        armer = FaultArmer(faults or {}, random.Random(seed ^ 0xFA17), station.simulator("shuffler"),
                           station.simulator("reader"), session.view().game)
        armer.session = session
        first_seq = session.view().state.last_seq
        croupier: AutoCroupier
        if Role.BET_SENSOR in station.drivers:
            croupier = SensedCroupier(session, sensor=station.simulator("bet_sensor"), rng=rng,
                                      seats=list(range(1, seats + 1)), present=station.present_card,
                                      on_halt=void_on_halt(SIM_BADGE, SIM_PIN), supervisor=(SIM_BADGE, SIM_PIN),
                                      fault_rng=random.Random(seed ^ 0xBE75))
        else:
            croupier = AutoCroupier(session, rng=rng, seats=list(range(1, seats + 1)), present=station.present_card,
                                    on_halt=void_on_halt(SIM_BADGE, SIM_PIN))
        roster = Roster(players, croupier.seats, table.game, seed, table.table_id, lobby, index) if players else None
        scripted = roster.at_seat if roster is not None else {}
        croupier.at_seat.update(scripted)
        for seat, player in scripted.items():
            if seat not in seated(session.view().state):  # a continued run's players are still in
                session.execute("card_in", seat, player.player_id)
        shoe_sim = station.simulator("reading_shoe")
        dealer = ShoeDealer(session, shoe_sim, armer) if shoe_sim is not None else None
        played = 0
        last_report = time.monotonic()
        # A recovered round in progress is finished first, as the station does after a crash.
        if session.view().state.round_open:
            _finish_round(station, croupier, summary, None, dealer=dealer)
        if keeper is not None:
            keeper.open()
        while played < rounds:
            armer.disarm()
            armed = armer.arm(seats)  # before the round's shuffle: deck faults need it
            for kind in armed:
                summary.faults_armed[kind] += 1
            if isinstance(croupier, SensedCroupier):
                croupier.arm(armed)
            if keeper is not None:
                keeper.between_rounds()
            if not session.view().state.round_open:
                # (a device report can end a round between two croupier steps, and the
                # croupier's next step then opens the next one itself)
                croupier.open_round()
            _finish_round(station, croupier, summary, armer.dispute_at, armer.absent_at, dealer=dealer)
            if keeper is not None:
                keeper.round_played()
            summary.faults_injected.update(armer.injected(armed))
            played += 1
            last = session.view().round
            paid = last is not None and last.void is None
            for seat, leaving, coming in (roster.after_round(paid) if roster is not None else ()):
                session.execute("card_out", seat)  # the player leaves (for home, or another table); the next sits
                assert roster is not None          # down (a new player, or one from another table)
                roster.gone(leaving)
                croupier.at_seat[seat] = coming
                session.execute("card_in", seat, coming.player_id)
            if on_round is not None:
                on_round(station)
            now = time.monotonic()
            if progress is not None and (now - last_report >= 2.0 or played == rounds):
                rate = played / max(now - started, 1e-9)
                progress(f"{played}/{rounds} rounds, {sum(summary.voided.values())} voided, {rate:.1f} rounds/s")
                last_report = now
        armer.disarm()
        if keeper is not None:
            from .bank_play import shifts_json

            keeper.close()
            from ..figures.bank import KINDS

            summary.bank = {"shifts": shifts_json(session.journal.events(kinds=set(KINDS)), keeper.opened)}
            summary.bank_run = keeper.run(str(journal))
            summary.faults_injected.update(summary.bank_run.injected)
        for seat in scripted:
            session.execute("card_out", seat)
        if players:
            banking = session.view().table
            assert isinstance(banking, BankingTableConfig)  # --players is refused at a poker table
            ratings = Ratings(banking).add_all(session.journal.events(since_seq=first_seq))
            default = getattr(croupier.player, "strategy", "optimal")
            assert roster is not None
            summary.ratings = rating_rows(ratings.sessions(), roster.everyone, default, table.table_id)
        summary.devices_refused.update(str(e.payload["reason"]) for e in session.journal.events(
            since_seq=first_seq, kinds={"device_refused"}))
        if isinstance(croupier, SensedCroupier):
            summary.bet_sensor = croupier.finish().as_json()
            for kind in BET_SENSOR_FAULTS:
                summary.faults_injected[kind] = summary.bet_sensor[kind]["injected"]
        meters = getattr(session.view().game, "meters", None)
        summary.jackpot = meters(session.view().state) if meters is not None else None
        if session.view().game.family == "poker":
            summary.poker = poker_summary(session)
    except KeyboardInterrupt:  # Ctrl-C: every round so far is journaled; the one in progress is the next run's
        ended = sum(1 for _ in session.journal.events(since_seq=before, kinds={"round_paid", "round_voided"}))
        raise Interrupted(f"interrupted after {ended} round{'' if ended == 1 else 's'}; journal {journal}") from None
    finally:
        station.stop()
    summary.elapsed = time.monotonic() - started
    return summary


def poker_summary(session: TableSession) -> dict[str, Any]:
    """The table's money at the end, and its whole journal replayed to check every chip."""
    table = live.table_of(session.view().state)
    audit = live.audit_journal(session.journal.events(), session.view().table.table_id)
    return {
        "rake": format_money(table.rake),
        "bought_in": format_money(table.bought_in),
        "cashed_out": format_money(table.cashed_out),
        "stacks": {str(seat): format_money(chips) for seat, chips in live.stacks_now(session.view().state).items()},
        "conserved": audit.conserved,
        "conservation_checked_at": audit.events,
        "side_pot_hands": audit.side_pot_hands,
        "timeouts": audit.timeouts,
    }


NO_PROGRESS = frozenset({"read_rejected"})
"""Journal records that do not move a round on: a card refused again and again is a stall."""


def _open_round_id(session: TableSession) -> str | None:
    """The id of the round in progress at the table (None between rounds)."""
    rnd = session.view().round
    return rnd.round_id if rnd is not None and not rnd.finished else None


def _progressed(session: TableSession, since: int) -> bool:
    """Whether anything that moves the round on was journaled after ``since``."""
    return session.view().state.last_seq != since and any(e.kind not in NO_PROGRESS for e in session.journal.events(since_seq=since))


def _actions_in_hand(state: Any) -> tuple[str | None, int]:
    """(round, actions so far) of the poker hand on the table: what changes when a seat acts or times out."""
    rnd = state.round
    mine = live.hand_of(rnd)
    return (rnd.round_id if rnd is not None else None, len(mine.actions) if mine is not None else -1)


def _finish_round(station: Station, croupier: AutoCroupier, summary: Summary, dispute_at: int | None,
                  absent_at: int | None = None, dealer: ShoeDealer | None = None) -> None:
    """Step the croupier until the current round is paid or void; count it.

    With ``dispute_at`` a supervisor voids the round once the croupier has taken that many
    actions, if it can still be voided then (after decisions included: Play bets are on the
    table). Actions, not turns of this loop: a turn that only waits for a device does not
    count, so how fast the journal or the devices answer never moves the dispute in the round.
    """
    session = station.session
    assert session is not None
    first = session.view().round
    assert first is not None
    round_id = first.round_id
    idle_since = time.monotonic()
    steps = 0
    while _open_round_id(session) == round_id:
        seq = session.view().state.last_seq
        if steps + 1 == dispute_at and "void" in session.offer().supervisor:
            session.supervise("void", SIM_BADGE, SIM_PIN, f"simulated dispute in {session.view().phase.replace('_', ' ')}")
            continue
        if absent_at is not None and steps >= absent_at and "act" in session.offer().croupier:
            absent_at = None  # this player does not act: the station's pump lets the action clock act
            before = _actions_in_hand(session.view().state)
            # Until the hand moves on (the clock's fold or check), not until any event: a device
            # report journaled meanwhile must not let the scripted croupier act for the absent player.
            session.wait_for(lambda state: _actions_in_hand(state) != before, CLOCK_WAIT)  # noqa: B023 - waited on here
            idle_since = time.monotonic()
            continue
        try:
            drew = dealer.step() if dealer is not None else None
            acted = croupier.step() if drew is None else drew
        except RuleError as exc:  # a device report raced the croupier: look again
            log.info("croupier_retry", reason=str(exc), round_id=round_id)
            acted = False
        steps += bool(acted)
        if not acted:
            def moved(state: Any, before: int = seq) -> bool:
                return bool(state.last_seq != before)

            session.wait_for(moved, 0.5)
        if _progressed(session, seq):
            idle_since = time.monotonic()
        elif time.monotonic() - idle_since > STALL_SECONDS and _open_round_id(session) == round_id:
            log.warning("round_stalled", round_id=round_id, phase=session.view().phase)
            session.supervise("void", SIM_BADGE, SIM_PIN, f"simulation: no progress for {STALL_SECONDS:.0f} s in {session.view().phase}")
    # How this round ended, from its journal (the croupier may already have opened the next one).
    ends = list(session.journal.events(round_id=round_id, kinds={"round_paid", "round_voided"}))
    if not ends:
        return
    end = ends[-1]
    if end.kind == "round_voided":
        summary.voided[str(end.payload.get("cause", "unknown"))] += 1
        return
    summary.rounds_completed += 1
    with exact_money():  # the round's own journaled figures: handle and house result
        summary.wagered += Decimal(end.payload.get("handle") or 0)
        summary.house_net += Decimal(end.payload["house_net"])

