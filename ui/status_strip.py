"""The top strip: table and round number, the shift's counters, a local clock, the limits
sign and the devices at a glance; and, for a game with a progressive, its meter, large.

Devices: green when linked, grey when idle or not needed now, red only for a fault that
matters (a configured device that is gone during a round, a deck that failed its check).
A table dealt by hand has no shoe and shows none; a deck not yet verified between rounds
is simply "Deck: next round".
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.money import ZERO
from dealer_station.table.phases import Stage
from dealer_station.view.banner import device_note, linked, meters_shown, pool_note
from dealer_station.view.players import exclusion_since, seat_players, shows_players
from dealer_station.view.settlement import held_awards
from dealer_station.view.shift import ShiftTally
from dealer_station.wire.roles import Role

from . import theme
from .format import money, signed
from .i18n import game_word, say, translate
from .widgets import FitButton, FitLabel


def limits_text(session: TableSession) -> str:
    """The table's limits as the sign on the table says them: "Ante 5-500 · Trips 1-100 EUR"."""
    limits = getattr(session.view().table, "limits", {})
    parts = [f"{game_word(session.view().game, spot)} {money(v.min)}\u2013{money(v.max)}" for spot, v in limits.items()]
    return "  \u00b7  ".join(parts) + (f"  {session.view().table.currency}" if parts else "")


def caught_any(tally: ShiftTally) -> bool:
    return bool(tally.mispays or tally.losing_left or tally.past_posts or tally.pinches or tally.counterfeits
                or tally.overrides)


def caught_text(tally: ShiftTally) -> str:
    """The bet sensor's catches this shift, after its dot: "Shift: mispays 2 (150) · losing bets left 1 · ..."."""
    return translate("screen", "Shift: mispays {mispays} ({amount}) \u00b7 losing bets left {left} "
                               "\u00b7 past-posts {past} \u00b7 pinches {pinch} \u00b7 counterfeits {fake} "
                               "\u00b7 overrides {overrides}").format(
        mispays=tally.mispays, amount=money(tally.mispaid), left=tally.losing_left, past=tally.past_posts,
        pinch=tally.pinches, fake=tally.counterfeits, overrides=tally.overrides)


def players_text(snap: TableSnapshot) -> str:
    """"Players: seat 3 ··1001 · seat 5 ··1002 (paused)", or that nobody is carded in."""
    lines = []
    for p in seat_players(snap):
        line = translate("screen", "seat {seat} {player}").format(seat=p.seat, player=p.short_id)
        if p.held:
            line += " (" + translate("screen", "held: call a supervisor") + ")"
        elif p.paused:
            line += " (" + translate("screen", "paused") + ")"
        lines.append(line)
    since = exclusion_since(snap)
    if since is not None:  # a station that cannot reach the floor says how old its list is
        lines.append(translate("screen", "exclusion list of {since}").format(since=since) if since
                     else translate("screen", "no exclusion list received"))
    return translate("screen", "Players: {players}").format(
        players=" \u00b7 ".join(lines) if lines else translate("screen", "nobody carded in"))


class StatusStrip(QWidget):
    players_tapped = Signal()
    """The croupier tapped the players line: card in, card out, pause."""

    def __init__(self, session: TableSession, tally: ShiftTally, last_heard: Callable[[str], float | None] | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.tally = tally
        self._last_heard = last_heard
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        row = QHBoxLayout()
        outer.addLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        self.round = FitLabel("", 14, bold=True, role="title", minor=True)
        self.round.setObjectName("roundNumber")
        self.clock = FitLabel("", 14, bold=True, role="strip", minor=True)
        self.clock.setObjectName("clock")
        self.shift = FitLabel("", 12, role="strip", minor=True)
        self.shift.setObjectName("shiftCounters")
        self.limits = FitLabel("", 12, bold=True, role="sign", minor=True)
        self.limits.setObjectName("limitsSign")
        self.devices: dict[str, FitLabel] = {}
        row.addWidget(self.round)
        row.addWidget(self.limits)
        row.addWidget(self.shift)
        for name in self._device_names():
            dot = FitLabel("", 12, role="dot-idle", minor=True)
            dot.setObjectName(f"device_{name}")
            self.devices[name] = dot
            if name != "bet_sensor":
                row.addWidget(dot)
        row.addWidget(self.clock)
        self.caught: FitLabel | None = None
        """At a table with a bet sensor, what it caught this shift (a second line under the strip, after its dot)."""
        if session.view().sensed is not None:
            second = QHBoxLayout()
            second.setContentsMargins(0, 0, 0, 0)
            second.setSpacing(8)
            self.caught = FitLabel("", 12, role="strip", minor=True)
            self.caught.setObjectName("sensorTally")
            second.addWidget(self.devices["bet_sensor"])
            second.addWidget(self.caught, 1)
            outer.addLayout(second)
        self.players: FitButton | None = None
        """Who is carded in at each seat (a table with a player card reader, or anyone carded in): tap to card in
        or out."""
        if shows_players(session.view()):
            self.players = FitButton("", 12, role="list", name="playersLine")
            self.players.tapped.connect(self.players_tapped.emit)
            outer.addWidget(self.players)
        self._tick = QTimer(self)
        self._tick.timeout.connect(self._tick_clock)
        self._tick.start(1000)
        self.retranslate()

    def _device_names(self) -> list[str]:
        names = []
        if Role.SHUFFLER in self.session.view().roles:  # a table dealt by hand has none: nothing to show
            names += ["shuffler", "deck"]
        if self.session.view().has_reader:
            names.append("reader")
        if self.session.view().sensed is not None:
            names.append("bet_sensor")
        return names

    def retranslate(self) -> None:
        self.limits.setText(limits_text(self.session))
        self.render_state(self.session.view())

    def _tick_clock(self) -> None:
        self.clock.setText(datetime.now().astimezone().strftime("%H:%M:%S"))

    def render_state(self, snap: TableSnapshot) -> None:
        self._tick_clock()
        rnd = snap.round
        number = translate("screen", "Round {number}").format(number=rnd.number) if rnd is not None else ""
        table = snap.table.table_id
        self.round.setText(f"{table} \u00b7 {number}" if number else table)
        tally = self.tally
        tally.roll()  # a new shift starts its counters at zero even before its first round
        self.shift.setText(translate("screen", "Shift: rounds {rounds} \u00b7 table win {result}").format(
            rounds=tally.rounds, result=signed(tally.result)))
        if self.players is not None:
            self.players.setText(players_text(snap))
        if self.caught is not None:
            self.caught.setText(caught_text(tally))
            theme.set_role(self.caught, "notice" if caught_any(tally) else "strip")
        stage = snap.phase_info.stage
        in_round = stage not in (Stage.IDLE, Stage.FINISHED)
        halted = rnd is not None and rnd.halt is not None and not rnd.finished
        self.limits.setVisible(not snap.device_refused() and not halted)  # no bet is taken then: room for the rest
        for name, dot in self.devices.items():
            role, text = self._device(snap, name, in_round, stage)
            dot.setText(text)
            theme.set_role(dot, role)

    def _device(self, snap: TableSnapshot, name: str, in_round: bool, stage: Stage) -> tuple[str, str]:
        words = {"shuffler": translate("screen", "Shoe"), "reader": translate("screen", "Reader"),
                 "deck": translate("screen", "Deck"), "bet_sensor": translate("screen", "Bet sensor")}
        if name == "deck":
            report = snap.state.deck_report
            if snap.state.deck_verified:
                return "dot-ok", "\u25cf " + words["deck"] + " \u2713"
            rnd = snap.round
            if rnd is not None and rnd.halt is not None and rnd.halt.kind == "deck" and report and not report["ok"]:
                return "dot-bad", "\u25cf " + words["deck"] + " \u2717"
            return "dot-idle", "\u25cb " + words["deck"]
        dev = snap.state.devices.get(name)
        note = device_note(snap, name)  # refused and why, or "unauthenticated"
        if dev is not None and dev.held_refused:
            return "dot-bad", "\u25cf " + words[name] + " \u2717 " + say(note)
        if dev is not None and dev.connected:
            return "dot-ok", "\u25cf " + words[name] + (f" ({say(note)})" if note is not None else "")
        if in_round and stage in (Stage.LOCKED, Stage.DEALING, Stage.REVEAL):
            return "dot-bad", "\u25cf " + words[name] + " \u2717"
        return "dot-idle", "\u25cb " + words[name]


class MeterBox(QFrame):
    """A progressive's meter, always on screen, updated as each contribution lands."""

    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("meterBox")
        theme.set_role(self, "meterbox")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.setSpacing(0)
        self.title = FitLabel("", 11, bold=True, role="meter-title", minor=True)
        self.value = FitLabel("", 26, bold=True, role="meter")
        self.value.setObjectName("meterValue")
        self.pending = FitLabel("", 12, bold=True, role="notice", lines=2, minor=True)
        self.pending.setObjectName("meterPending")
        self.pending.setMinimumWidth(150)  # two short lines, the box a little wider while a hit waits
        layout.addWidget(self.title)
        layout.addWidget(self.value)
        layout.addWidget(self.pending)
        self.render_state(session.view())
        if linked(session.view()):  # the shared meter and the link's pending hits move with other tables' play
            self._tick = QTimer(self)
            self._tick.timeout.connect(lambda: self.render_state(self.session.view()))
            self._tick.start(1000)

    def render_state(self, snap: TableSnapshot) -> None:
        meters = meters_shown(snap)  # a linked table: the shared meter, as its controller says
        self.title.setText(translate("screen", "JACKPOT") + (
            f" \u00b7 {snap.table.currency}" if meters else ""))
        self.value.setText(meters["meter"] if meters else "-")
        held = held_awards(snap.state.round)  # a hit awaiting a supervisor is not paid yet
        note = pool_note(snap)  # a linked table: "Pool closed: no link", or a hit pending on the link
        self.pending.setText(translate("screen", "{amount} pending verification").format(
            amount=money(sum((h.amount for h in held), ZERO))) if held else say(note) if note is not None else "")
        self.pending.setVisible(bool(held) or note is not None)
