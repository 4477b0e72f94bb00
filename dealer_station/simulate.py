"""Headless simulation: complete rounds through the real drivers and the simulators.

The shuffler simulator sits on a real pseudo-terminal and the card reader behind a pyusb
backend; the station, session and journal are the production ones. Faults are armed
per round with a seeded probability, so a run is reproducible for a seed.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO

import structlog

from .autoplay import AutoCroupier, void_on_halt
from .cards import parse_card
from .config import TableConfig
from .engine.session import TableSession
from .errors import ConfigError, RuleError
from .games import get_game
from .games.holdem import live
from .money import exact_money, format_money
from .sensed_play import FAULTS as BET_SENSOR_FAULTS
from .sensed_play import SensedCroupier
from .station import Station

log = structlog.get_logger("dealer_station.simulate")

FAULT_KINDS = ("jam", "duplicate", "missing", "extra", "misread", "corrupt", "disconnect", "powercycle", "door",
               "dispute", "pool_hit", "absent", "weak_shuffle", "repeat_deck", *BET_SENSOR_FAULTS)
"""Device faults the simulators inject; ``dispute``: a supervisor voids the round at a random step;
``pool_hit``: the shoe's deck is stacked so that a seat's hole cards and the flop make a Pool hand;
``absent``: a poker player does not act once in the hand and the action clock acts (the simulated table's
clock is then 1 second); ``weak_shuffle``: the shoe only riffles the previous order ``WEAK_RIFFLES`` times;
``repeat_deck``: the shoe repeats the order of one of its last ``REPEAT_WITHIN`` shuffles
(``dealer-station audit shuffles`` must catch both); ``past_post``, ``pinch``, ``counterfeit``, ``antenna_down``,
``flaky_read``, ``mispay``, ``missed_collect``: the bet sensor's (``sensed_play.py``), at a table with one."""
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
DISPUTE_WITHIN = 30  # croupier steps: a dispute lands somewhere in the first 30 steps of a round
SIM_BADGE, SIM_PIN = "9999", "246810"
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
    jackpot: dict[str, Any] | None = None
    """The table's meters at the end (games with a progressive)."""
    poker: dict[str, Any] | None = None
    """A poker table's money at the end and the conservation check of its journal."""
    bet_sensor: dict[str, Any] | None = None
    """A bet-sensing table's faults: per kind injected and caught, and the false alarms."""

    def as_json(self) -> dict[str, Any]:
        if self.poker is not None:
            return {"hands_completed": self.rounds_completed, "voided": dict(sorted(self.voided.items())),
                    **self.poker, "journal": self.journal}
        hold = (self.house_net / self.wagered * 100).quantize(Decimal("0.01")) if self.wagered else Decimal(0)
        out = {
            "rounds_completed": self.rounds_completed,
            "voided": dict(sorted(self.voided.items())),
            "wagered": format_money(self.wagered),
            "house_net": format_money(self.house_net),
            "hold_pct": format_money(hold),
            "journal": self.journal,
        }
        if self.jackpot is not None:
            out["jackpot"] = self.jackpot
        if self.bet_sensor is not None:
            out["bet_sensor"] = self.bet_sensor
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

    def arm(self, seats: int) -> list[str]:
        armed = [k for k in FAULT_KINDS if k in self.rates and self.rng.random() < self.rates[k]]
        deal = 5 + 2 * seats + 2
        plan = self.shoe.faults if self.shoe is not None else None
        some_card = self.rng.randrange(52)
        for kind in armed:
            at = self.rng.randrange(1, deal)
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
        return armed

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
        self.dispute_at = self.absent_at = None
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
            self.reader.faults.misread_next = 0


def fitted_run(table: TableConfig, seats: int, faults: Mapping[str, float] | None) -> tuple[int, dict[str, float]]:
    """The seats and faults of a mixed floor's table: as asked where the game allows it."""
    least = 2 if get_game(table.game).family == "poker" else 1
    kept = {kind: rate for kind, rate in (faults or {}).items()
            if not (kind == "pool_hit" and table.game != "holdem_bonus")
            and not (kind in SHOE_DECK_FAULTS and table.deal_mode != "shuffler")
            and not (kind == "absent" and not hasattr(table, "action_clock_seconds"))
            and not (kind in BET_SENSOR_FAULTS and table.devices.bet_sensor is None)}
    return max(least, min(seats, table.seats)), kept


def check_run(table: TableConfig, *, rounds: int, seats: int, faults: Mapping[str, float] | None) -> None:
    """Refuse a run this table cannot play (``ConfigError``), before anything is created."""
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
    for kind in BET_SENSOR_FAULTS:
        if faults and kind in faults and table.devices.bet_sensor is None:
            raise ConfigError(f"{kind} is a fault of the bet sensor: this table has none (try uth-rfid)", "faults")


def simulate(
    table: TableConfig,
    *,
    rounds: int,
    seed: int,
    seats: int = 7,
    faults: Mapping[str, float] | None = None,
    journal: str | Path,
    progress: TextIO | None = sys.stderr,
    on_round: Callable[[Station], None] | None = None,
    floor_url: str | None = None,
) -> Summary:
    """Play ``rounds`` rounds (after recovering ``journal``) and summarise them; with
    ``floor_url`` the station forwards the journal there while it plays."""
    check_run(table, rounds=rounds, seats=seats, faults=faults)
    if faults and "absent" in faults:
        table = table.model_copy(update={"action_clock_seconds": SIM_CLOCK_SECONDS})
    from .journal import Journal, ensure_folder
    from .supervisor import CredentialStore, credentials_path

    journal = Path(journal)
    journal = ensure_folder(journal)
    # A simulation journal only: refused (in one line) before any credential is written, so the
    # simulation's supervisor never exists next to a live or demo table's journal; and only in a
    # credential file of this very journal (not one an archived live journal left at this path).
    with Journal(journal, table_id=table.table_id, purpose="simulation") as opened:
        credentials = CredentialStore(credentials_path(journal))
        credentials.bind(opened)
        if SIM_BADGE not in credentials.badges():
            credentials.add(SIM_BADGE, SIM_PIN, builtin=True)

    devices = table.devices.model_copy(update={
        "shuffler": f"sim://shuffler?seed={seed}",
        "reader": f"sim://usb?seed={seed + 1}" if table.devices.reader else None,
        "bet_sensor": f"sim://betsensor?seed={seed + 2}&interval=0.01" if table.devices.bet_sensor else None,
        "link_timeout": min(table.devices.link_timeout, 0.5),
    })
    table = table.model_copy(update={"devices": devices})
    station = Station(table, journal_path=journal, credentials=credentials, purpose="simulation", floor_url=floor_url)
    summary = Summary(journal=str(journal))
    started = time.monotonic()
    session = station.start()
    try:
        needed = ("shuffler",) + (("reader",) if station.reader else ()) + (("bet_sensor",) if station.bet_sensor else ())
        session.wait_for(lambda s: all(s.device(n).connected for n in needed), 10.0)
        session.dealer_sign_in(SIM_DEALER)
        rng = random.Random(seed)
        armer = FaultArmer(faults or {}, random.Random(seed ^ 0xFA17), station.simulator("shuffler"),
                           station.simulator("reader"), session.game)
        croupier: AutoCroupier
        if station.bet_sensor is not None:
            croupier = SensedCroupier(session, sensor=station.simulator("bet_sensor"), rng=rng,
                                      seats=list(range(1, seats + 1)), present=station.present_card,
                                      on_halt=void_on_halt(SIM_BADGE, SIM_PIN), supervisor=(SIM_BADGE, SIM_PIN),
                                      fault_rng=random.Random(seed ^ 0xBE75))
        else:
            croupier = AutoCroupier(session, rng=rng, seats=list(range(1, seats + 1)), present=station.present_card,
                                    on_halt=void_on_halt(SIM_BADGE, SIM_PIN))
        played = 0
        last_report = time.monotonic()
        # A recovered round in progress is finished first, as the station does after a crash.
        if session.round is not None and not session.round.finished:
            _finish_round(station, croupier, summary, None)
        while played < rounds:
            armer.disarm()
            armed = armer.arm(seats)  # before the round's shuffle: deck faults need it
            for kind in armed:
                summary.faults_armed[kind] += 1
            if isinstance(croupier, SensedCroupier):
                croupier.arm(armed)
            if session.round is None or session.round.finished:
                # (a device report can end a round between two croupier steps, and the
                # croupier's next step then opens the next one itself)
                croupier.open_round()
            _finish_round(station, croupier, summary, armer.dispute_at, armer.absent_at)
            played += 1
            if on_round is not None:
                on_round(station)
            now = time.monotonic()
            if progress is not None and (now - last_report >= 2.0 or played == rounds):
                rate = played / max(now - started, 1e-9)
                progress.write(f"simulate: {played}/{rounds} rounds, {sum(summary.voided.values())} voided, "
                               f"{rate:.1f} rounds/s\n")
                progress.flush()
                last_report = now
        armer.disarm()
        if isinstance(croupier, SensedCroupier):
            summary.bet_sensor = croupier.finish().as_json()
        meters = getattr(session.game, "meters", None)
        summary.jackpot = meters(session.state) if meters is not None else None
        if session.game.family == "poker":
            summary.poker = poker_summary(session)
    finally:
        station.stop()
    summary.elapsed = time.monotonic() - started
    return summary


def poker_summary(session: TableSession) -> dict[str, Any]:
    """The table's money at the end, and its whole journal replayed to check every chip."""
    table = live.table_of(session.state)
    audit = live.audit_journal(session.journal.events(), session.table.table_id)
    return {
        "rake": format_money(table.rake),
        "bought_in": format_money(table.bought_in),
        "cashed_out": format_money(table.cashed_out),
        "stacks": {str(seat): format_money(chips) for seat, chips in live.stacks_now(session.state).items()},
        "conserved": audit.conserved,
        "conservation_checked_at": audit.events,
        "side_pot_hands": audit.side_pot_hands,
        "timeouts": audit.timeouts,
    }


NO_PROGRESS = frozenset({"read_rejected"})
"""Journal records that do not move a round on: a card refused again and again is a stall."""


def _progressed(session: TableSession, since: int) -> bool:
    """Whether anything that moves the round on was journaled after ``since``."""
    return session.state.last_seq != since and any(e.kind not in NO_PROGRESS for e in session.journal.events(since_seq=since))


def _finish_round(station: Station, croupier: AutoCroupier, summary: Summary, dispute_at: int | None,
                  absent_at: int | None = None) -> None:
    """Step the croupier until the current round is paid or void; count it.

    With ``dispute_at`` a supervisor voids the round at that croupier step if it can
    still be voided then (after decisions included: Play bets are on the table).
    """
    session = station.session
    assert session is not None and session.round is not None
    round_id = session.round.round_id
    idle_since = time.monotonic()
    steps = 0
    while session.round is not None and session.round.round_id == round_id and not session.round.finished:
        seq = session.state.last_seq
        steps += 1
        if steps == dispute_at and "void" in session.offer().supervisor:
            session.void(SIM_BADGE, SIM_PIN, f"simulated dispute in {session.phase.replace('_', ' ')}")
            continue
        if absent_at is not None and steps >= absent_at and "act" in session.offer().croupier:
            absent_at = None  # this player does not act: the station's pump lets the action clock act
            session.wait_for(lambda state: bool(state.last_seq != seq), CLOCK_WAIT)  # noqa: B023 - waited on here
            idle_since = time.monotonic()
            continue
        try:
            acted = croupier.step()
        except RuleError as exc:  # a device report raced the croupier: look again
            log.info("croupier_retry", reason=str(exc), round_id=round_id)
            acted = False
        if not acted:
            def moved(state: Any, before: int = seq) -> bool:
                return bool(state.last_seq != before)

            session.wait_for(moved, 0.5)
        if _progressed(session, seq):
            idle_since = time.monotonic()
        elif (time.monotonic() - idle_since > STALL_SECONDS and session.round is not None
              and session.round.round_id == round_id and not session.round.finished):
            log.warning("round_stalled", round_id=round_id, phase=session.phase)
            session.void(SIM_BADGE, SIM_PIN, f"simulation: no progress for {STALL_SECONDS:.0f} s in {session.phase}")
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

