"""What happens next at the table, in one line (the banner), and what the screen adds to a device or the Pool.

Read from a ``TableSnapshot`` only (``engine/snapshot.py``); said as message keys (``view.texts``).
A family may say its own banner (poker: ``view.poker.banner``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.device_policy import REFUSED
from ..engine.snapshot import TableSnapshot
from ..jackpot import PoolLink, meter_summary
from ..money import format_cents, format_money
from ..table.phases import DEALER_REVEAL, HANDS_REVEAL, PAID, VOID, Stage
from ..wire.roles import ROLES
from . import poker
from .settlement import withheld_at, withheld_seats
from .texts import Text, cause_text, device_text, label, position_text, refusal_text

FAMILY_BANNERS: dict[str, Callable[[TableSnapshot], Text]] = {"poker": poker.banner}
"""A game family's own banner (its rounds say what happens next their own way), by family."""


def device_note(snap: TableSnapshot, device: str) -> Text | None:
    """What the screen adds to a device's name: refused (and why), or "unauthenticated" for a device
    the profile lets skip the proof on a table whose other devices prove who they are, or "any program
    approved" on a table whose profile says ``approve_any = true``. On a table that asks no device to
    (a demo's or a simulation's with no approved programs), every device is so: the strip stays short
    and the pit tile says it per device."""
    dev = snap.state.devices.get(device)
    if dev is None:
        return None
    if dev.held_refused:
        return Text("device_refused_short", {"reason": refusal_text(dev.refused or {})})
    if dev.unauthenticated and snap.state.approve_any:
        return Text("any_program")  # the profile says approve_any = true: no program is checked
    proves = any(role.value == device and spec.proves for role, spec in ROLES.items())
    if dev.unauthenticated and snap.table.devices.authenticating and proves:
        return Text("unauthenticated")  # (a bet sensor is never asked to prove itself: nothing to say)
    return None


def linked(snap: TableSnapshot) -> bool:
    """The table's Pool feeds a linked progressive (its meter's rules name a link)."""
    return getattr(getattr(snap.state.game_state, "rules", None), "link", None) is not None


def meters_shown(snap: TableSnapshot) -> dict[str, Any] | None:
    """The progressive's meters the screen shows: the table's own, or a linked table's shared meter
    as its controller last said (every member shows the same), None for a game without one."""
    meters = getattr(snap.game, "meters", None)
    own: dict[str, Any] | None = meters(snap.state) if callable(meters) else None
    link = snap.service(PoolLink)
    status = link.status() if link is not None and own is not None and linked(snap) else None
    return meter_summary(status.meter) if status is not None else own


def pool_note(snap: TableSnapshot) -> Text | None:
    """What a linked table's croupier must see of the link: "Pool closed: no link" while its controller
    cannot be reached (no Pool bet is taken, NJ 13:69E-1.39B), else a hit held for verification
    anywhere on the link (pending on every member). None for a table's own meter."""
    if not linked(snap):
        return None
    link = snap.service(PoolLink)
    if link is None or not link.available():
        return Text("pool_closed")
    status = link.status()
    if status is not None and status.pending:
        hit = status.pending[0]
        return Text("pool_pending", {"table": hit.table_id, "amount": format_cents(hit.amount)})
    return None


def tray_alarm(snap: TableSnapshot) -> Text | None:
    """The shift's tray alarm, until a supervisor clears it (``engine/tray.py``): None when there is none."""
    shift = snap.state.bank.open_shift
    alarm = None if shift is None or shift.tray is None else shift.tray.alarm
    if alarm is None:
        return None
    moved = ", ".join(f"{n:+d} x {format_money(d)}" for d, n in sorted(alarm.moved, reverse=True)) or "-"
    return Text("tray_alarm", {"round": alarm.round_id, "amount": format_money(alarm.difference), "moved": moved})


def banner(snap: TableSnapshot) -> Text:
    """One line saying what happens next (a family may say its own: ``FAMILY_BANNERS``)."""
    if snap.unavailable:
        return Text("journal_unavailable", {"reason": snap.unavailable})
    rnd = snap.round
    refused = snap.refused_devices() if rnd is None or rnd.finished else []
    if refused:  # no round opens while a device is refused (``TableSession.open_round``)
        dev, refusal = refused[0], refused[0].refused or {}
        return Text("device_refused", {"device": device_text(dev.name), "model": refusal.get("model", ""),
                                       "serial": refusal.get("serial_number", ""), "reason": refusal_text(refusal)})
    between = rnd is None or rnd.finished
    if between and snap.disk_full():  # no round opens (``TableSession.open_round``); the last one was finished
        return Text("disk_full")
    tray = tray_alarm(snap) if between else None
    if tray is not None:  # between rounds, before the next opens: the croupier calls a supervisor now
        return tray
    if between and snap.state.disk == "warning":
        return Text("disk_low")
    own = FAMILY_BANNERS.get(snap.game.family)
    if own is not None:
        return own(snap)
    stage = snap.stage
    waiting = withheld_seats(snap.state)
    if (rnd is None or rnd.phase == PAID) and waiting:  # a supervisor decides what becomes of them
        return Text("withheld_call", {"seats": ", ".join(map(str, waiting))})
    if rnd is None or rnd.phase == PAID:
        return Text("open_betting")
    if rnd.phase == VOID:
        return Text("round_void", {"cause": cause_text((rnd.void or {}).get("cause"))})
    if rnd.halt is not None:
        return Text("halted", {"what": rnd.halt.text or rnd.halt.cause})  # logs; the screen says the halt itself
    if stage is Stage.BETTING:
        return Text("place_bets")
    if stage is Stage.LOCKED:
        return Text("waiting_deck")
    if stage is Stage.DEALING:
        if snap.reading_shoe:
            return Text("deal_from_shoe", {"order": Text(f"draw:{snap.table.devices.draw_order}")})
        return Text("deal_by_hand") if snap.hand_deal else Text("dealing")
    if stage is Stage.DECISION:
        waiting = snap.seats_to_act()
        deciding = label(snap.game, f"street:{rnd.phase}", rnd.phase.capitalize())
        return Text("decision", {"street": deciding, "seat": waiting[0]}) if waiting else Text("dealing")
    if stage is Stage.REVEAL:
        target = snap.next_to_reveal()
        street = snap.phase_info.street
        what: Any = {DEALER_REVEAL: Text("what_dealer"), HANDS_REVEAL: Text("what_hands")}.get(
            rnd.phase, label(snap.game, f"street:{street}", street or "") if street else "")
        how = Text("how_reader") if snap.has_reader else Text("how_key") if snap.hand_deal else Text("how_turn")
        where: Any = Text("reveal_target", {"position": position_text(target[0]), "number": target[1] + 1}) \
            if target else ""
        return Text("reveal", {"what": what, "how": how, "target": where})
    if stage is Stage.SETTLEMENT:
        unpaid = [s for s in sorted(rnd.seats, reverse=True) if not rnd.seats[s].paid]
        if not unpaid:
            return Text("settled")
        kept = withheld_at(snap.state, unpaid[0])
        if kept is not None:
            return Text("settle_seat_withheld", {"seat": unpaid[0], "amount": format_cents(kept)})
        return Text("settle_seat", {"seat": unpaid[0]})
    return Text("dealing")


def instruction(snap: TableSnapshot) -> Text | None:
    """What the croupier should do about the halt holding the round (None: not halted). A device held
    refused will not come back by itself: no waiting for it, a person must replace it."""
    rnd = snap.round
    if rnd is None or rnd.halt is None or rnd.finished:
        return None
    kind = snap.offer.halt
    if kind is None:
        return None
    if rnd.halt.cause == REFUSED:
        return Text("do_not_deal")
    return Text(kind.instruction, {"device": device_text(rnd.halt.device)})


def table_stopped(snap: TableSnapshot) -> bool:
    """Whether the table cannot play on until a person acts, with no round halted to say so: the
    journal cannot be written, or, between rounds, a device is held refused or the journal's disk is full (no
    betting is offered). The screen draws it as a halt."""
    rnd = snap.round
    return bool(snap.unavailable) or (rnd is None or rnd.finished) and (snap.device_refused() or snap.disk_full())
