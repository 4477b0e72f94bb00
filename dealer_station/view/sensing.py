"""What the bet sensor sees, as the croupier's screen shows it: proposed stakes, what is due against
what lies on each spot, and a bet alarm or a cloned chip in words. Read from a ``TableSnapshot``'s ``sensed`` view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..engine.bet_sensing import SpotView
from ..engine.snapshot import TableSnapshot
from ..money import ZERO, format_money
from ..table.phases import Stage
from ..table.sensing import RoundSensing
from ..table.state import RoundState
from .texts import Text, label, refusal_of

# --------------------------------------------------------------------------- the bet sensor


@dataclass(frozen=True)
class SensedSeat:
    """A seat's stakes as the bet sensor proposes them while betting is open (its tile's view)."""

    spots: Mapping[str, SpotView]
    problem: Text | None = None
    """Why it cannot be locked in as it stands (an unknown chip, a limit), in the croupier's words."""
    unknown: tuple[tuple[str, str], ...] = ()
    """(spot, chip) of each chip the inventory does not know: the seat is held for a supervisor."""


def sensed_entry(snap: TableSnapshot) -> dict[int, SensedSeat]:
    """While betting is open at a table with a bet sensor, each seat's sensed stakes ({} otherwise)."""
    rnd = snap.round
    if snap.sensed is None or rnd is None or rnd.halt is not None or snap.phase_info.stage is not Stage.BETTING:
        return {}
    out = {}
    for seat, view in snap.sensed_bets().items():
        unknown = tuple((spot, chip) for spot, spot_view in view.spots.items() for chip in spot_view.unknown)
        problem = Text("sensed:held", {"seat": seat, "spot": label(snap.game, unknown[0][0])}) if unknown else \
            refusal_of(view.refusal, snap.game) if view.refusal else None  # the chip's id: in the refusal
        out[seat] = SensedSeat(view.spots, problem, unknown)
    return out


@dataclass(frozen=True)
class SensedSpot:
    """One spot of a seat at the settlement: what must lie there against what the sensor sees."""

    spot: str
    stake: Decimal
    due: Decimal
    seen: Decimal | None
    """None: the spot is keyed (its antenna down), the croupier's word."""
    problem: Text | None = None
    """What is wrong ("Play: short 100"), None when the chips are what is due or the spot is keyed."""
    fix: Text | None = None
    """What to do about it, in verbs ("add 100 to Play"), None when nothing is wrong."""

    @property
    def outcome(self) -> str:
        """``collect`` (nothing may stay), ``push`` (the stake stays) or ``pay`` (stake and pay)."""
        return "collect" if self.due == 0 else "push" if self.due == self.stake else "pay"


def mismatch_text(game: Any, spot: str, mismatch: tuple[str, Decimal] | None) -> Text | None:
    """A spot's ``SpotCheck.mismatch`` in the croupier's words (the engine's own wording, translated)."""
    if mismatch is None:
        return None
    return Text(f"mismatch:{mismatch[0]}", {"spot": label(game, spot), "amount": format_money(mismatch[1])})


def fix_text(game: Any, spot: str, mismatch: tuple[str, Decimal] | None) -> Text | None:
    """What puts a spot's chips right, in verbs: "take 25 back from Ante", "add 100 to Play", "collect
    Trips 25" (a ``SpotCheck.mismatch`` said as the croupier's next move)."""
    if mismatch is None:
        return None
    return Text(f"fix:{mismatch[0]}", {"spot": label(game, spot), "amount": format_money(mismatch[1])})


def seat_fixes(snap: TableSnapshot, seat: int) -> list[Text]:
    """Each move that puts ``seat``'s chips right at the settlement, in the spots' order ([] when right)."""
    return [spot.fix for spot in sensed_settlement(snap, seat) if spot.fix is not None]


def sensed_settlement(snap: TableSnapshot, seat: int) -> list[SensedSpot]:
    """``seat``'s spots at the settlement, due against seen ([] without a bet sensor, or once it is paid)."""
    rnd = snap.round
    sensed = snap.sensed
    if sensed is None or rnd is None or rnd.settlement is None or rnd.finished or seat not in rnd.seats \
            or rnd.seats[seat].paid:
        return []
    stakes = snap.seat_stakes(seat)
    return [SensedSpot(check.spot, stakes.get(check.spot, ZERO), check.due, check.seen,
                       mismatch_text(snap.game, check.spot, check.mismatch),
                       fix_text(snap.game, check.spot, check.mismatch))
            for check in sensed.checks.get(seat, [])]


def payout_held(snap: TableSnapshot) -> dict[int, dict[str, Text]]:
    """Per unpaid seat whose chips are not what is due, what is wrong on which spot ("Paid" is held
    until it is right, or a supervisor overrides): the engine's ``payout_problems``, as message keys."""
    rnd = snap.round
    if snap.sensed is None or rnd is None or rnd.settlement is None or rnd.finished:
        return {}
    out = {}
    for seat in sorted(rnd.seats):
        wrong = {spot.spot: spot.problem for spot in sensed_settlement(snap, seat) if spot.problem is not None}
        if wrong:
            out[seat] = wrong
    return out


def bet_alarm_text(snap: TableSnapshot) -> Text | None:
    """A bet alarm holding the round, from the sensor's view now: the seat, the spot, what was locked,
    what it sees there now - or that the locked stake is back (the supervisor may restore it)."""
    alarm = snap.sensed.alarm if snap.sensed is not None else None
    if alarm is None:
        return None
    seat, spot, held, seen, back = alarm
    args = {"seat": seat, "spot": label(snap.game, spot), "locked": format_money(held.amount),
            "seen": format_money(seen)}
    return Text("halt:bet_alarm_back" if back else "halt:bet_alarm", args)


def clone_text(snap: TableSnapshot) -> Text | None:
    """A cloned chip holding the round: its id and the seats it was seen at, and whether the sensor still
    sees it in more than one place (then the supervisor cannot resolve it yet)."""
    rnd = snap.round
    halt = rnd.halt if rnd is not None and not rnd.finished else None
    if halt is None or halt.kind != "clone":
        return None
    spots = halt.detail.get("spots") or []
    seats = ", ".join(str(seat) for seat in sorted({int(place[0]) for place in spots}))
    seen = snap.sensed is not None and bool(snap.sensed.clones)
    return Text("halt:clone" if seen else "halt:clone_gone", {"chip": str(halt.detail.get("chip", "")),
                                                              "seats": seats or "?"})


def locked_stake(rnd: RoundState | None, seat: int, spot: str) -> Decimal | None:
    """The stake locked on ``seat``'s ``spot`` at "no more bets" (the journaled one), None if none."""
    sensed = rnd.sensed if rnd is not None else None
    if not isinstance(sensed, RoundSensing) or sensed.locked is None or (seat, spot) not in sensed.locked:
        return None
    return sensed.locked[(seat, spot)].amount
