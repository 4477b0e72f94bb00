"""What the station does with the bet sensor (HARDWARE.md "Bet sensing: what the station does with it").

``BetSensing`` is one table's view of its layout, built from the sensor's inventory rounds
(``wire.reports.ChipInventory`` / ``AntennaFault``) and never journaled scan by scan:

* **betting**: the chips on each spot are that spot's proposed stake (``proposed``, what the
  croupier's screen shows), valued from the casino's chip inventory; the table's limits and
  rules are checked on them as on keyed bets (the game's ``validate_bets``). A chip the
  inventory does not know holds its seat: "no more bets" is refused naming it until it is
  removed or a supervisor accepts it (``chip_accepted``). A spot whose antenna is down (or
  never reported) falls back to the croupier's keyed amount, marked ``keyed``.
* **no more bets** (``lock``, inside the croupier's command): the sensed stakes become the
  seats' bets (``bets_set``) and are journaled with the chip ids behind them (``bets_sensed``).
* **after no more bets** (``watch``): a chip added to or taken from a locked spot is an alarm
  (``bet_alarm`` and a ``bet_alarm`` halt naming seat and spot) once the change has held for
  ``confirm_rounds`` consecutive inventory rounds: one missed read is not an alarm. A
  supervisor restores the stake (the sensor must see exactly the locked chips again) or voids.
  Watching stops at the settlement, and a folded seat's spots are not watched (the croupier
  collects them).
* **a decision that puts a bet down** (Play, Flop, Turn, River; ``check_decision``, inside the
  croupier's ``decide``): the chips on its spot must equal the decision's amount, else the
  decision is refused saying what the sensor sees; the chips are journaled (``decision_sensed``)
  and the spot is locked and watched from then on like the others.
* **"Paid"** (``check_paid`` / ``record_payout``): the chips on each spot must be what is due;
  what lay there (what the player takes off the layout) is journaled (``payout_sensed``), so
  money is conserved checkably: taken minus locked is the seat's net, seat by seat (``balances``).

Debouncing is per chip: a streak counts the consecutive rounds it was seen (> 0) or missed
(< 0); a chip is "on" a spot until it has been missed ``confirm_rounds`` times running.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

import structlog

from ..errors import DealerStationError, RuleError
from ..games.base import BankingGame
from ..money import ZERO, format_money
from ..table import events as ev
from ..table.event_base import CROUPIER
from ..table.phases import Stage
from ..table.sensing import (
    AntennaState,
    BetAlarm,
    BetsSensed,
    ChipAccepted,
    CloneResolved,
    DecisionSensed,
    LockedSpot,
    PayoutSensed,
    RoundSensing,
    SensorHeld,
    StakeRestored,
)
from ..wire.reports import AntennaFault, ChipInventory, DuplicateTag

if TYPE_CHECKING:
    from ..config import TableConfig
    from ..journal import JournalEvent
    from ..table.state import RoundState, TableState
    from ..table.transaction import Transaction as Tx

log = structlog.get_logger("dealer_station.bet_sensing")

DEVICE = "bet_sensor"
ACTOR = f"device:{DEVICE}"
HALT = "bet_alarm"
CLONE_HALT = "clone"
WATCHED = frozenset({Stage.LOCKED, Stage.DEALING, Stage.DECISION, Stage.REVEAL})
Antenna = tuple[int, str]


@dataclass(slots=True)
class SpotTrack:
    """One antenna's chips, debounced: chip id -> streak (> 0 rounds seen running, < 0 missed)."""

    streak: dict[str, int] = field(default_factory=dict)

    def update(self, seen: Iterable[str], confirm: int, keep: Iterable[str] = ()) -> None:
        """Fold one inventory round in; ``keep`` (the locked chips) are counted even when never seen."""
        present = set(seen)
        for chip in present:
            run = self.streak.get(chip, 0)
            self.streak[chip] = run + 1 if run > 0 else 1
        kept = set(keep)
        for chip in kept - present - set(self.streak):
            self.streak[chip] = 0
        for chip, run in list(self.streak.items()):
            if chip in present:
                continue
            run = run - 1 if run < 0 else -1
            if run <= -confirm and chip not in kept:
                del self.streak[chip]
            else:
                self.streak[chip] = run

    def on(self, confirm: int) -> list[str]:
        """The chips on the spot: seen, and not missed ``confirm`` rounds running."""
        return sorted(chip for chip, run in self.streak.items() if run > -confirm)

    def added(self, locked: Iterable[str], confirm: int) -> list[str]:
        known = set(locked)
        return sorted(chip for chip, run in self.streak.items() if chip not in known and run >= confirm)

    def removed(self, locked: Iterable[str], confirm: int) -> list[str]:
        return sorted(chip for chip in locked if self.streak.get(chip, 0) <= -confirm)


@dataclass(frozen=True, slots=True)
class SpotView:
    """What the screen shows for one spot: the sensed amount and chips, or that it is keyed."""

    amount: Decimal
    chips: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    keyed: bool = False


@dataclass(frozen=True, slots=True)
class SeatView:
    spots: dict[str, SpotView]
    problem: str | None = None
    """Why this seat cannot be locked in as it stands (unknown chip, a limit), in the croupier's words."""
    refusal: DealerStationError | None = None
    """The same as a refusal with its message key and values (the screen says it in its language)."""


class SensorRefusal(RuleError):
    """A croupier's command the bet sensor holds (see ``SensorHeld``): the session journals it, then refuses."""

    def __init__(self, problem: str, *, command: str, seat: int, spots: Iterable[Mapping[str, str]], key: str,
                 values: Mapping[str, str]) -> None:
        super().__init__(problem, key=key, values=values)
        self.command = command
        self.seat = seat
        self.spots = tuple(dict(spot) for spot in spots)

    def event(self) -> SensorHeld:
        return SensorHeld(self.command, self.seat, self.spots)


MISMATCH: dict[str, str] = {
    "short": "{spot}: short {amount}",
    "over": "{spot}: over {amount}",
    "not_collected": "{spot}: losing bet not collected",
}
"""What is wrong on a spot at the settlement (message key ``mismatch:<kind>``; the screen's catalogue has them)."""


@dataclass(frozen=True, slots=True)
class SpotCheck:
    """One spot of a seat at the settlement: what must lie on it and what the sensor sees there
    (``seen`` None: keyed or not read, the croupier's word as at a table without a sensor)."""

    spot: str
    due: Decimal
    seen: Decimal | None

    @property
    def mismatch(self) -> tuple[str, Decimal] | None:
        """(kind, amount) of what is wrong (a key of ``MISMATCH``), None when right or not sensed."""
        if self.seen is None or self.seen == self.due:
            return None
        if self.due == 0:
            return "not_collected", self.seen
        return ("short", self.due - self.seen) if self.seen < self.due else ("over", self.seen - self.due)

    def english(self, label: str) -> str:
        wrong = self.mismatch
        return "" if wrong is None else MISMATCH[wrong[0]].format(spot=label, amount=format_money(wrong[1]))


@dataclass(frozen=True, slots=True)
class SeatBalance:
    """One paid seat's money on the layout, from the journal: what the player took off (``taken``, the
    ``payout_sensed`` amounts) minus what was locked (``bets_sensed`` and ``decision_sensed``) must be
    the seat's net (``seat_paid``), less what is paid off the layout (``off_layout``: THB's Pool award,
    paid by the jackpot). ``keyed``: a spot of the seat was keyed (antenna down), so the sensor could
    not see all of its money and the balance is not checked."""

    seat: int
    taken: Decimal
    locked: Decimal
    net: Decimal
    off_layout: Decimal = ZERO
    keyed: bool = False

    @property
    def conserved(self) -> bool:
        return self.taken - self.locked == self.net - self.off_layout


class SensingRules:
    """What the bet sensing's rules say whatever the sensor sees now: what a chip counts for, what is
    due on a seat's spots, and a round's layout money from its journal. Pure; readers share it."""

    def __init__(self, game: BankingGame, table: TableConfig) -> None:
        inventory = table.chip_inventory
        if inventory is None:  # the profile model refuses a bet sensor without one
            raise RuleError("a bet sensor needs the casino's chip inventory")
        self.game = game
        self.table = table
        self.inventory = inventory

    def value(self, chip: str, rnd: RoundState | None) -> Decimal | None:
        """What a chip counts for: its inventory denomination, or what a supervisor accepted it at."""
        known = self.inventory.chip(chip)
        if known is not None:
            return known.denomination
        sensed = rnd.sensed if rnd is not None else None
        if isinstance(sensed, RoundSensing):
            return sensed.accepted.get(chip)
        return None

    @staticmethod
    def _locked(rnd: RoundState | None) -> Mapping[Antenna, LockedSpot]:
        sensed = rnd.sensed if rnd is not None else None
        if isinstance(sensed, RoundSensing) and sensed.locked is not None:
            return sensed.locked
        return {}

    def due(self, rnd: RoundState, seat: int, stakes: Mapping[str, Decimal]) -> dict[str, Decimal]:
        """What must lie on each of ``seat``'s spots before it is paid: nothing on a losing spot, the
        stake on a push, stake + pay on a win. A fixed-stake spot (THB's Pool) is always collected:
        its stake feeds the meter and an award is paid by the jackpot, not on the layout."""
        entry = next((s for s in (rnd.settlement or {}).get("seats", []) if s["seat"] == seat), None)
        nets = {spot: Decimal(str(v)) for spot, v in (entry or {}).get("bets", {}).items()}
        fixed = self.game.fixed_stakes(self.table)
        out: dict[str, Decimal] = {}
        for spot in self.game.spots:
            if spot not in stakes and spot not in nets:
                continue
            owed = stakes.get(spot, ZERO) + nets.get(spot, ZERO)
            out[spot] = ZERO if spot in fixed or owed < 0 else owed
        return out

    def balances(self, records: Iterable[JournalEvent]) -> list[SeatBalance]:
        """Per paid seat of one round (its journal records), the layout's money (``SeatBalance``)."""
        locked: dict[Antenna, Decimal] = {}
        keyed: set[int] = set()
        taken: dict[int, Decimal] = {}
        nets: dict[int, Decimal] = {}
        spot_nets: dict[int, dict[str, Decimal]] = {}
        paid: list[int] = []
        for record in records:
            payload = record.payload
            if record.kind == "bets_sensed":
                for entry in payload["spots"]:
                    locked[(int(entry["seat"]), str(entry["spot"]))] = Decimal(str(entry["amount"]))
                    if entry.get("keyed"):
                        keyed.add(int(entry["seat"]))
            elif record.kind == "decision_sensed":
                locked[(int(payload["seat"]), str(payload["spot"]))] = Decimal(str(payload["amount"]))
                if payload.get("keyed"):
                    keyed.add(int(payload["seat"]))
            elif record.kind == "payout_sensed":
                seat = int(payload["seat"])
                taken[seat] = sum((Decimal(str(e["amount"])) for e in payload["spots"]), ZERO)
                if any(e.get("keyed") for e in payload["spots"]):
                    keyed.add(seat)
            elif record.kind == "settled":
                spot_nets = {int(e["seat"]): {k: Decimal(str(v)) for k, v in e.get("bets", {}).items()}
                             for e in payload["settlement"].get("seats", [])}
            elif record.kind == "seat_paid":
                nets[int(payload["seat"])] = Decimal(str(payload["net"]))
                paid.append(int(payload["seat"]))
            elif record.kind == "seat_paid_undone":
                paid.remove(int(payload["seat"]))
        fixed = self.game.fixed_stakes(self.table)
        out = []
        for seat in paid:
            stakes = {spot: amount for (s, spot), amount in locked.items() if s == seat}
            off = sum((spot_nets.get(seat, {}).get(spot, ZERO) + stakes.get(spot, ZERO)
                       for spot in fixed if spot in stakes), ZERO)
            out.append(SeatBalance(seat, taken.get(seat, ZERO), sum(stakes.values(), ZERO), nets[seat], off,
                                   seat in keyed))
        return out


class BetSensing(SensingRules):
    """One table's bet sensing (see the module docstring). Called under the session's lock."""

    def __init__(self, game: BankingGame, table: TableConfig, stage_of: Callable[[TableState], Stage]) -> None:
        super().__init__(game, table)
        self.stage_of = stage_of
        self.confirm = self.inventory.confirm_rounds
        self.tracks: dict[Antenna, SpotTrack] = {}
        self.down: dict[Antenna, str] = {}
        self.live: set[Antenna] = set()
        """Antennas read in the last inventory round."""
        self.rounds = 0
        self.last_round: int | None = None
        self.places: dict[str, list[Antenna]] = {}
        """The chip ids of the inventory round ``places_round`` and the antennas that saw each (an id seen
        twice by one antenna: that antenna twice). More than one place is a cloned tag."""
        self.places_round: int | None = None
        self.present: dict[str, Antenna] = {}
        """Where each chip was seen in the last inventory round: a tag lies on one spot, so a chip moved
        from one spot to another counts where it is now, not also where it was while that spot waits out
        its misses."""

    # ----------------------------------------------------------------- queries

    def chips_on(self, antenna: Antenna) -> list[str]:
        track = self.tracks.get(antenna)
        if track is None:
            return []
        return [chip for chip in track.on(self.confirm) if self.present.get(chip, antenna) == antenna]

    @property
    def clones(self) -> dict[str, tuple[Antenna, ...]]:
        """Chip ids the last inventory round saw in more than one place, with the places (sorted)."""
        return {chip: tuple(sorted(at)) for chip, at in sorted(self.places.items()) if len(at) > 1}

    def where(self, places: Iterable[Antenna]) -> str:
        """"seat 1 Ante, seat 2 Blind (twice)": the places a chip id was seen, in the croupier's words."""
        counted: dict[Antenna, int] = {}
        for antenna in places:
            counted[antenna] = counted.get(antenna, 0) + 1
        return ", ".join(f"seat {seat} {self.game.labels.get(spot, spot)}" + (f" ({n} times)" if n > 1 else "")
                         for (seat, spot), n in sorted(counted.items()))

    def sensed(self, antenna: Antenna) -> bool:
        """Whether the sensor reads this spot now (else its stake is keyed)."""
        return antenna in self.live and antenna not in self.down

    def spot_view(self, rnd: RoundState | None, seat: int, spot: str) -> SpotView | None:
        antenna = (seat, spot)
        if not self.sensed(antenna):
            keyed = rnd.seats[seat].bets.get(spot) if rnd is not None and seat in rnd.seats else None
            return None if keyed is None else SpotView(keyed, keyed=True)
        chips = self.chips_on(antenna)
        if not chips:
            return None
        values = [self.value(chip, rnd) for chip in chips]
        unknown = tuple(chip for chip, v in zip(chips, values, strict=True) if v is None)
        return SpotView(sum((v for v in values if v is not None), ZERO), tuple(chips), unknown)

    def proposed(self, rnd: RoundState | None) -> dict[int, SeatView]:
        """Per seat with anything on it, each betting spot's proposed stake (the screen's view)."""
        out: dict[int, SeatView] = {}
        for seat in range(1, self.table.seats + 1):
            spots = {spot: view for spot in self.game.placeable_spots
                     if (view := self.spot_view(rnd, seat, spot)) is not None}
            if spots:
                refusal = self._refusal(seat, spots)
                out[seat] = SeatView(spots, None if refusal is None else str(refusal), refusal)
        return out

    def has_stakes(self, rnd: RoundState | None) -> bool:
        return bool(self.proposed(rnd))

    def unknown_chips(self, rnd: RoundState | None) -> list[tuple[int, str, str]]:
        """(seat, spot, chip) of every chip on the layout the inventory does not know (nor a supervisor accepted)."""
        return [(seat, spot, chip) for seat, view in self.proposed(rnd).items()
                for spot, spot_view in view.spots.items() for chip in spot_view.unknown]

    def _refusal(self, seat: int, spots: Mapping[str, SpotView]) -> DealerStationError | None:
        unknown = [(spot, chip) for spot, view in spots.items() for chip in view.unknown]
        if unknown:
            spot, chip = unknown[0]
            return SensorRefusal(f"seat {seat} {self.game.labels.get(spot, spot)}: unknown chip {chip}: "
                                 "remove it, or a supervisor accepts it", command="no_more_bets", seat=seat,
                                 spots=[{"spot": s, "kind": "unknown_chip", "amount": "0", "chip": c} for s, c in unknown],
                                 key="sensed:unknown_chip", values={"seat": str(seat), "spot": spot, "chip": chip})
        try:
            self.game.validate_bets(seat, {s: v.amount for s, v in spots.items()}, self.table, f"seat{seat}.bets")
        except DealerStationError as exc:
            return exc
        return None

    # ----------------------------------------------------------------- inventory rounds

    def on_report(self, tx: Tx, report: ChipInventory | AntennaFault | DuplicateTag) -> bool:
        """Fold one report into the view and journal what matters; True when the view changed."""
        if isinstance(report, DuplicateTag):  # the antenna's reading is withheld; the clone is what counts
            antenna = (report.seat, report.spot)
            self._places_of(report.round)
            self.live.discard(antenna)
            self.places.setdefault(report.chip, []).extend([antenna] * report.count)
            self.present[report.chip] = antenna
            self.catch_clones(tx)
            self.hold_for_clones(tx)
            return True
        if isinstance(report, AntennaFault):
            antenna = (report.seat, report.spot)
            self.live.discard(antenna)
            if antenna not in self.down:
                self.down[antenna] = report.code
                tx.emit(AntennaState(report.seat, report.spot, False, report.code), ACTOR)
                log.warning("antenna_down", seat=report.seat, spot=report.spot, code=report.code)
                return True
            return False
        self.rounds += 1
        self.last_round = report.round
        rnd = tx.state.round
        locked = self._locked(rnd)
        self.live = set()
        self._places_of(report.round)
        for read in report.antennas:
            antenna = (read.seat, read.spot)
            self.live.add(antenna)
            if antenna in self.down:
                del self.down[antenna]
                tx.emit(AntennaState(read.seat, read.spot, True), ACTOR)
            keep = locked[antenna].chips if antenna in locked else ()
            self.tracks.setdefault(antenna, SpotTrack()).update(read.chips, self.confirm, keep)
            for chip in read.chips:
                self.places.setdefault(chip, []).append(antenna)
        self.present = {chip: at[-1] for chip, at in self.places.items()}
        self.catch_clones(tx)
        self.watch(tx)
        self.hold_for_clones(tx)
        return True

    def _places_of(self, number: int) -> None:
        """Start inventory round ``number``'s places unless they are started (its reports come one by one)."""
        if self.places_round != number:
            self.places, self.places_round = {}, number

    # ----------------------------------------------------------------- cloned tags

    def catch_clones(self, tx: Tx) -> None:
        """Journal each chip id seen in more than one place that the round does not hold yet: per seat it was
        seen at, a ``sensor_held`` (``round``, kind ``clone``) - counted as the other counterfeit catches are."""
        rnd = tx.state.round
        if rnd is None or rnd.finished:
            return
        for chip, places in self.clones.items():
            if chip in self._sensing(rnd).clones:
                continue
            seats: dict[int, list[dict[str, str]]] = {}
            for seat, spot in sorted(set(places)):
                seats.setdefault(seat, []).append({"spot": spot, "kind": "clone", "amount": "0", "chip": chip})
            for seat, spots in sorted(seats.items()):
                tx.emit(SensorHeld("round", seat, tuple(spots)), ACTOR)
            log.warning("cloned_chip", chip=chip, places=[f"{s}.{p}" for s, p in places], round_id=rnd.round_id)

    def hold_for_clones(self, tx: Tx) -> None:
        """A round with a cloned chip not resolved halts (nothing is accepted until a supervisor resolves it)."""
        rnd = tx.state.round
        if rnd is None or rnd.finished or rnd.halt is not None:
            return
        held = self._sensing(rnd).clones
        if not held:
            return
        seen = self.clones
        chip = next((c for c in seen if c in held), min(held))
        places = seen.get(chip, ())
        text = (f"cloned chip {chip}: one id seen on {self.where(places) or 'more than one spot'} in one inventory "
                "round: take the cloned tags off, then a supervisor resolves it (or voids the round)")
        tx.emit(ev.Halted(CLONE_HALT, "cloned_chip", text, DEVICE,
                          {"chip": chip, "spots": [[seat, spot] for seat, spot in places]}), ACTOR)

    def _refuse_while_cloned(self, rnd: RoundState) -> None:
        """Nothing is locked, decided or paid while a cloned chip holds the round (or is seen now)."""
        held = self._sensing(rnd).clones | frozenset(self.clones)
        if held:
            raise RuleError(f"cloned chip {min(held)} holds the round: take the cloned tags off and a supervisor "
                            "resolves it first")

    @staticmethod
    def _sensing(rnd: RoundState) -> RoundSensing:
        return rnd.sensed if isinstance(rnd.sensed, RoundSensing) else RoundSensing()

    def link_lost(self) -> None:
        """The sensor's link went down: nothing is read until it is back (every spot keyed meanwhile)."""
        self.live = set()

    # ----------------------------------------------------------------- no more bets

    def lock(self, tx: Tx) -> None:
        """Inside "no more bets": the sensed stakes become the bets, journaled with their chips."""
        rnd = tx.round
        self._refuse_while_cloned(rnd)
        spots: list[dict[str, object]] = []
        for seat in range(1, self.table.seats + 1):
            keyed = dict(rnd.seats[seat].bets) if seat in rnd.seats else {}
            views = {spot: view for spot in self.game.placeable_spots
                     if (view := self.spot_view(rnd, seat, spot)) is not None}
            refusal = self._refusal(seat, views) if views else None
            if refusal is not None:
                raise refusal
            bets = {spot: view.amount for spot, view in views.items()}
            if bets:
                bets = self.game.validate_bets(seat, bets, self.table, f"seat{seat}.bets")
            if bets != keyed:
                tx.emit(ev.BetsSet(seat, bets), CROUPIER)
            spots.extend({"seat": seat, "spot": spot, "amount": format_money(view.amount), "chips": list(view.chips),
                          "keyed": view.keyed} for spot, view in views.items())
        tx.emit(BetsSensed(tuple(spots)), CROUPIER)

    # ----------------------------------------------------------------- decisions

    def check_decision(self, tx: Tx, seat: int, before: Mapping[str, Decimal], after: Mapping[str, Decimal]) -> None:
        """Inside a decision: each spot it puts a bet on (``after`` over ``before``) must hold exactly that
        bet in chips, else the decision is refused; journaled with the chips (``decision_sensed``), which
        locks the spot. An antenna down: the decision's amount is the croupier's word, marked keyed."""
        rnd = tx.round
        self._refuse_while_cloned(rnd)
        for spot, amount in after.items():
            if amount == before.get(spot, ZERO):
                continue
            antenna = (seat, spot)
            if not self.sensed(antenna):
                tx.emit(DecisionSensed(seat, spot, amount, (), True), CROUPIER)
                continue
            chips = self.chips_on(antenna)
            label = self.game.labels.get(spot, spot)
            values = [self.value(chip, rnd) for chip in chips]
            unknown = [chip for chip, v in zip(chips, values, strict=True) if v is None]
            if unknown:
                raise RuleError(f"seat {seat} {label}: unknown chip {unknown[0]} on the spot: remove it")
            seen = sum((v for v in values if v is not None), ZERO)
            if seen != amount:
                raise RuleError(f"seat {seat} {label}: the decision puts {format_money(amount)} down, the sensor sees "
                                f"{format_money(seen)} on the spot")
            tx.emit(DecisionSensed(seat, spot, amount, tuple(chips)), CROUPIER)

    # ----------------------------------------------------------------- after no more bets

    def watch(self, tx: Tx) -> None:
        """Raise the alarm for a locked spot whose chips changed for ``confirm`` rounds running."""
        rnd = tx.state.round
        if rnd is None or rnd.finished or rnd.halt is not None:
            return
        if self.stage_of(tx.state) not in WATCHED:
            return
        for (seat, spot), held in self._locked(rnd).items():
            if held.keyed or not self.sensed((seat, spot)):
                continue
            hand = rnd.seats.get(seat)
            if hand is not None and "fold" in hand.actions:
                continue  # the croupier collects a folded hand's stakes
            track = self.tracks.get((seat, spot))
            if track is None:
                continue
            added, removed = track.added(held.chips, self.confirm), track.removed(held.chips, self.confirm)
            if not added and not removed:
                continue
            seen = sum((self.value(c, rnd) or ZERO for c in track.on(self.confirm)), ZERO)
            cause = "past_post" if added else "pinch"
            label = self.game.labels.get(spot, spot)
            what = (f"{len(added)} chip(s) added" if added else "") + (" and " if added and removed else "") + (
                f"{len(removed)} chip(s) taken" if removed else "")
            text = (f"seat {seat} {label}: {what} after no more bets (locked {format_money(held.amount)}, "
                    f"on the spot {format_money(seen)})")
            tx.emit(BetAlarm(seat, spot, cause, tuple(added), tuple(removed), held.amount, seen), ACTOR)
            tx.emit(ev.Halted(HALT, cause, text, DEVICE, {"seat": seat, "spot": spot}), ACTOR)
            log.warning("bet_alarm", seat=seat, spot=spot, cause=cause, added=added, removed=removed,
                        round_id=rnd.round_id)
            return

    # ----------------------------------------------------------------- settlement

    def checks(self, rnd: RoundState, seat: int, stakes: Mapping[str, Decimal]) -> list[SpotCheck]:
        """Per spot of ``seat`` with anything due or at stake, what is due against what the sensor sees."""
        locked = self._locked(rnd)
        out = []
        for spot, owed in self.due(rnd, seat, stakes).items():
            antenna = (seat, spot)
            held = locked.get(antenna)
            if not self.sensed(antenna) or (held is not None and held.keyed):
                out.append(SpotCheck(spot, owed, None))  # keyed: the croupier's word, as at a table without a sensor
                continue
            out.append(SpotCheck(spot, owed, sum((self.value(c, rnd) or ZERO for c in self.chips_on(antenna)), ZERO)))
        return out

    def payout_problems(self, rnd: RoundState, seat: int, stakes: Mapping[str, Decimal]) -> list[str]:
        """Per sensed spot of ``seat``, what is wrong with the chips on it against what is due
        ("Play: short 100", "Trips: losing bet not collected", "Ante: over 25"); [] when right."""
        return [check.english(self.game.labels.get(check.spot, check.spot))
                for check in self.checks(rnd, seat, stakes) if check.mismatch is not None]

    def check_paid(self, tx: Tx, seat: int, stakes: Mapping[str, Decimal]) -> None:
        """Inside "Paid": refused, saying what is wrong on which spot, unless the sensed chips are what is due."""
        self._refuse_while_cloned(tx.round)
        wrong = [check for check in self.checks(tx.round, seat, stakes) if check.mismatch is not None]
        if wrong:
            problems = [check.english(self.game.labels.get(check.spot, check.spot)) for check in wrong]
            spots = [{"spot": c.spot, "kind": k, "amount": format_money(a), "chip": ""}
                     for c in wrong for k, a in [c.mismatch or ("", ZERO)]]
            raise SensorRefusal(f"seat {seat}: " + "; ".join(problems) + " (a supervisor may override with a reason)",
                                command="mark_paid", seat=seat, spots=spots, key=f"mismatch:{spots[0]['kind']}",
                                values={"seat": str(seat), "spot": wrong[0].spot, "amount": spots[0]["amount"]})

    def record_payout(self, tx: Tx, seat: int, stakes: Mapping[str, Decimal]) -> None:
        """Inside "Paid" (checked or overridden): what lies on each of ``seat``'s spots, the amount the
        player takes off the layout (``payout_sensed``); a keyed spot counts what was due."""
        rnd = tx.round
        locked = self._locked(rnd)
        spots: list[dict[str, object]] = []
        for spot, owed in self.due(rnd, seat, stakes).items():
            antenna = (seat, spot)
            held = locked.get(antenna)
            if not self.sensed(antenna) or (held is not None and held.keyed):
                spots.append({"spot": spot, "amount": format_money(owed), "chips": [], "keyed": True})
                continue
            chips = self.chips_on(antenna)
            seen = sum((self.value(c, rnd) or ZERO for c in chips), ZERO)
            spots.append({"spot": spot, "amount": format_money(seen), "chips": chips, "keyed": False})
        tx.emit(PayoutSensed(seat, tuple(spots)), CROUPIER)

    # ----------------------------------------------------------------- supervisor

    def accept(self, tx: Tx, actor: str, chip: str, denomination: Decimal, reason: str) -> None:
        rnd = tx.round
        where = next(((seat, spot) for seat, spot, c in self.unknown_chips(rnd) if c == chip), None)
        if where is None:
            raise RuleError(f"chip {chip} is not an unknown chip on the layout", "chip")
        tx.emit(ChipAccepted(chip, where[0], where[1], denomination, reason), actor)

    def alarm_spot(self, rnd: RoundState) -> tuple[int, str, LockedSpot, Decimal, bool] | None:
        """The spot a bet alarm holds the round on: seat, spot, its locked stake, what the sensor sees
        there now, and whether that is exactly the locked chips (then a supervisor may restore it)."""
        halt = rnd.halt
        if halt is None or halt.kind != HALT:
            return None
        seat, spot = int(halt.detail["seat"]), str(halt.detail["spot"])
        held = self._locked(rnd).get((seat, spot))
        if held is None:
            return None
        chips = self.chips_on((seat, spot))
        seen = sum((self.value(c, rnd) or ZERO for c in chips), ZERO)
        return seat, spot, held, seen, sorted(chips) == sorted(held.chips) and self.sensed((seat, spot))

    def restore(self, tx: Tx, actor: str, reason: str) -> None:
        rnd = tx.round
        alarm = self.alarm_spot(rnd)
        if alarm is None:
            raise RuleError("no bet alarm holds the round")
        seat, spot, held, seen, back = alarm
        if not back:
            raise RuleError(f"seat {seat} {self.game.labels.get(spot, spot)}: the sensor sees {format_money(seen)}, "
                            f"{format_money(held.amount)} was locked: put the stake back first", "stake")
        tx.emit(StakeRestored(seat, spot, reason), actor)
        tx.emit(ev.HaltCleared(actor, reason), actor)
        self.hold_for_clones(tx)

    def resolve(self, tx: Tx, actor: str, reason: str) -> None:
        """A supervisor resolves the cloned chips holding the round: refused until the sensor, reading the
        layout, sees each id on one spot at most. A chip taken or added elsewhere meanwhile is alarmed at once."""
        rnd = tx.round
        held = self._sensing(rnd).clones
        if not held:
            raise RuleError("no cloned chip holds the round")
        if not self.live:
            raise RuleError("the bet sensor reads nothing now: wait until it reads the layout again", "sensor")
        seen = self.clones
        if seen:
            chip, places = next(iter(seen.items()))
            raise RuleError(f"chip {chip} is still seen on {self.where(places)}: take the cloned tags off first", "chip")
        tx.emit(CloneResolved(tuple(sorted(held)), reason), actor)
        if rnd.halt is not None and rnd.halt.kind == CLONE_HALT:
            tx.emit(ev.HaltCleared(actor, reason), actor)
        self.watch(tx)
