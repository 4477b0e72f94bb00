"""Settlement as a croupier carries it out, for the seat being paid; or the void's returns.

The seat shown is the next one to settle (highest unpaid seat first, the dealer's right to
left) unless the croupier chose another out of order (the panel asks first). In the order
the hands move: first what to collect (every losing spot), then what to pay on each
winning spot with that spot's chips, largest first, the pushes named, a progressive's
award on its own line (paid from the progressive, never from the rack's chips), and the
seat's net second. Pay, collect, push and done each have a sign and a symbol as well as a
colour (``theme.SIGNS``). Every number comes from ``round.settlement``
(``view.settlement.seat_payout``). A voided round shows who voided it, when (local time), why,
and what each seat gets back.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.table.state import RoundState
from dealer_station.view.sensing import SensedSpot, sensed_settlement
from dealer_station.view.settlement import SeatPayout, chip_breakdown, seat_payout, settlement_order, withheld_at
from dealer_station.view.table import chip_set
from dealer_station.view.texts import ENGLISH, Text, cause_text

from . import theme
from .format import hand_word, local_time, money, net_words, result_word
from .i18n import game_word, say, translate
from .widgets import CURRENT, FitLabel

MAX_SPOTS = 6
SIGN = theme.SIGNS


def who(actor: str) -> str:
    """``supervisor:0412`` -> "supervisor 0412"; ``station`` -> "the station"."""
    if actor.startswith("supervisor:"):
        return translate("screen", "supervisor {badge}").format(badge=actor.split(":", 1)[1])
    if actor == "station":
        return translate("screen", "the station")
    return actor


def void_words(number: int, void: Mapping[str, Any]) -> tuple[str, str]:
    """A finished void: "Round 4 void: Shoe jam", and who voided it, when (local time) and why."""
    head = translate("screen", "Round {number} void: {cause}").format(
        number=number, cause=say(cause_text(void.get("cause"))))
    by = translate("screen", "Voided by {who} at {time}").format(
        who=who(str(void.get("by", ""))), time=local_time(void.get("at")))
    said = void.get("reason") if str(void.get("by", "")).startswith("supervisor") else None  # a station's is the journal's
    return head, by + (f"  \u00b7  {reason_words(str(said))}" if said else "")


def reason_words(reason: str) -> str:
    """A journaled reason (English, as picked) in the screen's language; a typed one as typed."""
    key = next((k for k, text in ENGLISH.items() if k.startswith("reason:") and text == reason), None)
    return say(Text(key)) if key is not None else reason


def chips_text(amount: Decimal, chips: tuple[Decimal, ...]) -> str:
    """``70`` with chips 1/5/25/100 -> ``25×2 + 5×4``, largest first; what no chip makes is added."""
    counts, rest = chip_breakdown(amount, chips)
    parts = [f"{money(chip)}×{count}" if count > 1 else money(chip) for chip, count in counts]
    if rest:
        parts.append(money(rest))
    return " + ".join(parts)


def next_to_settle(rnd: RoundState) -> int | None:
    return next((s for s in settlement_order(rnd) if not rnd.seats[s].paid), None)


def collect_line(plan: SeatPayout, game: Any) -> str:
    """"− Collect 1600: Ante 500 · Blind 500 · ..." (one spot: "− Collect Trips 100")."""
    spots = " · ".join(f"{game_word(game, spot)} {money(amount)}" for spot, amount in plan.collect)
    if len(plan.collect) == 1:
        return f"{SIGN['collect']} " + translate("screen", "Collect {spots}").format(spots=spots)
    return f"{SIGN['collect']} " + translate("screen", "Collect {amount}: {spots}").format(
        amount=money(plan.collected), spots=spots)


def pay_line(spot: str, amount: Decimal, game: Any, chips: tuple[Decimal, ...]) -> str:
    """"+ Pay Bonus 625: 500 + 100 + 25" (a single chip of the amount goes unsaid)."""
    words = f"{SIGN['pay']} " + translate("screen", "Pay {spot} {amount}").format(
        spot=game_word(game, spot), amount=money(amount))
    broken = chips_text(amount, chips)
    return words if broken == money(amount) else f"{words}: {broken}"


def push_line(plan: SeatPayout, game: Any) -> str:
    spots = ", ".join(game_word(game, spot) for spot in plan.push)
    return f"{SIGN['push']} " + translate("screen", "Push {spots}: the stake stays").format(spots=spots)


def jackpot_line(amount: Decimal) -> str:
    return "★ " + translate("screen", "Jackpot {amount}: paid from the progressive, not the rack").format(
        amount=money(amount))


WITHHELD_SIGN = "\u2298"
"""⊘ beside winnings withheld from a held seat (its player excluded): nothing is paid there (the seat's tile says
only the sign and the amount; the payout panel and the banner say "withheld")."""


def withheld_line(amount: Decimal) -> str:
    """"⊘ Withheld 50: do not pay, a supervisor decides" (a held seat's pay, owed by the house)."""
    return f"{WITHHELD_SIGN} " + translate("screen", "Withheld {amount}: do not pay, a supervisor decides").format(
        amount=money(amount))


def done_words(plan: SeatPayout, kept: Decimal | None = None) -> str:
    """What was done at a seat: "collected 100 · paid 1000 · jackpot 250.75" ("push" if nothing moved); a held
    seat's pay is "withheld 50" instead."""
    parts = []
    if plan.collect:
        parts.append(translate("screen", "collected {amount}").format(amount=money(plan.collected)))
    if kept is not None:
        parts.append(translate("screen", "withheld {amount}").format(amount=money(kept)))
        return " · ".join(parts)
    if plan.pay:
        parts.append(translate("screen", "paid {amount}").format(amount=money(plan.paid)))
    if plan.jackpot is not None:
        parts.append(translate("screen", "jackpot {amount}").format(amount=money(plan.jackpot)))
    return " · ".join(parts) or translate("screen", "push")


def todo_words(plan: SeatPayout) -> str:
    """What the croupier does at a seat: "collect 100, then pay 1000" (the jackpot said apart)."""
    parts = []
    if plan.collect:
        parts.append(translate("screen", "collect {amount}").format(amount=money(plan.collected)))
    if plan.pay:
        parts.append(translate("screen", "pay {amount}").format(amount=money(plan.paid)))
    if plan.jackpot is not None:
        parts.append(translate("screen", "jackpot {amount}").format(amount=money(plan.jackpot)))
    return translate("screen", ", then ").join(parts) or translate("screen", "push: the stakes stay")


def sensed_line(spot: SensedSpot, game: Any) -> tuple[str, str]:
    """(text, role) of one spot at a table with a bet sensor: what to do there and what the sensor
    sees ("+ Pay Play 100 → 200 · sensor 100"); once the chips are right, a tick and what lies there."""
    word = game_word(game, spot.spot)
    right = spot.seen is not None and spot.seen == spot.due
    pay = spot.due - spot.stake
    if right:
        said = {"collect": translate("screen", "{spot} cleared").format(spot=word),
                "push": translate("screen", "{spot} {amount} stays").format(spot=word, amount=money(spot.stake)),
                "pay": translate("screen", "{spot}: {amount} on the spot").format(spot=word, amount=money(spot.due))}
        return f"{SIGN['done']} {said[spot.outcome]}", "done"
    todo = {"collect": f"{SIGN['collect']} " + translate("screen", "Collect {spot} {amount}").format(
                spot=word, amount=money(spot.stake)),
            "push": f"{SIGN['push']} " + translate("screen", "{spot} {amount} stays").format(
                spot=word, amount=money(spot.stake)),
            "pay": f"{SIGN['pay']} " + translate("screen", "Pay {spot} {amount} \u2192 {due}").format(
                spot=word, amount=money(pay), due=money(spot.due))}[spot.outcome]
    if spot.problem is not None:  # what to do there, in verbs, then what it sees against what is due
        against = "" if spot.outcome == "collect" or spot.seen is None else " " + translate(
            "screen", "({seen} \u2192 {due})").format(seen=money(spot.seen), due=money(spot.due))
        return f"\u2717 {say(spot.fix or spot.problem)}{against}", "alert"
    sensor = translate("screen", "keyed") if spot.seen is None else translate("screen", "sensor {amount}").format(
        amount=money(spot.seen))
    return f"{todo} \u00b7 {sensor}", spot.outcome


class SettlementView(QFrame):
    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("settlementView")
        theme.set_role(self, "panel")
        m = CURRENT[0]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        layout.setSpacing(1)
        self.head = FitLabel("", 18, bold=True, role="title", acted=True)
        self.head.setObjectName("settleHead")
        self.net = FitLabel("", 16, role="muted", acted=True)
        self.net.setObjectName("settleNet")
        self.total = FitLabel("", 12, role="muted", minor=True)
        self.total.setObjectName("tableTotal")
        top = QHBoxLayout()
        top.setSpacing(m.gap)
        top.addWidget(self.head, 4)
        top.addWidget(self.net, 2)
        top.addWidget(self.total, 3)
        layout.addLayout(top)
        self.collect = FitLabel("", 17, bold=True, role="collect", acted=True)
        self.collect.setObjectName("settleCollect")
        layout.addWidget(self.collect)
        grid = QGridLayout()
        grid.setHorizontalSpacing(m.gap * 2)
        grid.setVerticalSpacing(0)
        self.spot_cells: list[FitLabel] = []
        """The pay lines, one per winning spot (collect first, above them)."""
        for i in range(MAX_SPOTS):
            cell = FitLabel("", 17, bold=True, role="pay", acted=True)
            self.spot_cells.append(cell)
            grid.addWidget(cell, i // 2, i % 2)
        layout.addLayout(grid)
        bottom = QHBoxLayout()
        bottom.setSpacing(m.gap)
        self.push = FitLabel("", 16, bold=True, role="push", acted=True)
        self.push.setObjectName("settlePush")
        self.jackpot = FitLabel("", 16, bold=True, role="jackpot", acted=True)
        self.jackpot.setObjectName("settleJackpot")
        bottom.addWidget(self.push, 2)
        bottom.addWidget(self.jackpot, 3)
        layout.addLayout(bottom)
        self.problems: list[str] = []
        """At a table with a bet sensor, what is wrong on the shown seat's spots, as said (tests)."""
        self.sensed: list[SensedSpot] = []
        """The shown seat's spots as the bet sensor sees them against what is due (tests)."""
        self.chips = self.jackpot  # the void's "who and why" line goes here too
        self.chip_values = chip_set(session.view().table)
        self.seat: int | None = None
        self.plan: SeatPayout | None = None
        """The seat shown, as the croupier carries it out (tests)."""
        self.amounts: dict[tuple[int, str], str] = {}
        """(seat, spot | "total" | "returned"), (0, "table") -> the amount shown (tests)."""

    def choose(self, seat: int | None) -> None:
        self.seat = seat

    def shown_seat(self, rnd: RoundState) -> int | None:
        order = settlement_order(rnd)
        if self.seat in order and not rnd.seats[self.seat].paid:
            return self.seat  # the seat the croupier chose out of order, until it is done
        return next_to_settle(rnd) or (order[0] if order else None)

    def render_state(self, snap: TableSnapshot) -> None:
        rnd = snap.round
        self.amounts.clear()
        self.plan = None
        self.sensed = []
        self.problems = []
        if rnd is None:
            return
        if rnd.void is not None:
            self._render_void(rnd)
        elif rnd.settlement is not None:
            self._render_settlement(snap, rnd)

    def _lines(self, labels: list[FitLabel], texts: list[str]) -> None:
        for label, text in zip(labels, [*texts, *[""] * (len(labels) - len(texts))]):
            label.setText(text)
            label.setVisible(bool(text))

    def _render_settlement(self, snap: TableSnapshot, rnd: RoundState) -> None:
        settlement = rnd.settlement or {}
        entries = {e["seat"]: e for e in settlement.get("seats", [])}
        for seat, entry in entries.items():
            for spot, net in entry.get("bets", {}).items():
                self.amounts[(seat, spot)] = net
            self.amounts[(seat, "total")] = entry["net"]
        total = sum((Decimal(str(e["net"])) for e in entries.values()), Decimal(0))
        self.amounts[(0, "table")] = str(total)
        seat = self.shown_seat(rnd)
        entry = entries.get(seat) if seat is not None else None
        plan = seat_payout(settlement, seat) if seat is not None else None
        self.plan = plan
        game = snap.game
        if entry is None or plan is None:
            self._lines([self.head, self.net, self.collect, self.push, self.jackpot, *self.spot_cells], [])
        elif seat is not None and (kept := withheld_at(snap.state, seat)) is not None:  # held: collect, pay nothing
            self._render_withheld(seat, entry, plan, kept, game)
        else:
            self.head.setText(" · ".join(w for w in (translate("screen", "Seat {seat}").format(seat=seat),
                                                         hand_word(str(entry.get("category", ""))),
                                                         result_word(str(entry.get("result", "")))) if w))
            self.head.setVisible(True)
            self.net.setText(translate("screen", "Net {amount}").format(amount=signed_net(plan.net)))
            self.net.setVisible(True)
            sensed = sensed_settlement(snap, seat) if seat is not None else []
            self.sensed = sensed
            if sensed and seat is not None:
                self._render_sensed(snap, seat, sensed)
            else:
                self._lines([self.collect], [collect_line(plan, game)] if plan.collect else [])
                self._lines(self.spot_cells, [pay_line(spot, amount, game, self.chip_values)
                                              for spot, amount in plan.pay])
                for i, cell in enumerate(self.spot_cells):
                    theme.set_role(cell, "pay")
                    cell.setObjectName(f"settle{seat}_{plan.pay[i][0]}" if i < len(plan.pay) else "")
                self._lines([self.push], [push_line(plan, game)] if plan.push else [])
            theme.set_role(self.jackpot, "jackpot")
            self._lines([self.jackpot], [jackpot_line(plan.jackpot)] if plan.jackpot is not None else [])
        verb, amount = net_words(total)
        breakage = settlement.get("breakage")
        extra = ("  \u00b7  " + translate("screen", "breakage {amount}").format(amount=money(breakage))
                 if breakage not in (None, "0") else "")
        self.total.setText(translate("screen", "Table total to players: {what}").format(
            what=f"{verb} {amount}".strip()) + extra)

    def _render_withheld(self, seat: int, entry: Mapping[str, Any], plan: SeatPayout, kept: Decimal, game: Any) -> None:
        """A held seat (its player excluded): its losing spots are collected, its pay is withheld, not paid."""
        self.head.setText(" · ".join(w for w in (translate("screen", "Seat {seat}").format(seat=seat),
                                                     hand_word(str(entry.get("category", ""))),
                                                     result_word(str(entry.get("result", "")))) if w))
        self.head.setVisible(True)
        self.net.setText(translate("screen", "Net {amount}").format(amount=signed_net(plan.net)))
        self.net.setVisible(True)
        self._lines([self.collect], [collect_line(plan, game)] if plan.collect else [])
        self._lines(self.spot_cells, [withheld_line(kept)])
        theme.set_role(self.spot_cells[0], "collect")
        self.spot_cells[0].setObjectName(f"withheld{seat}")
        self._lines([self.push], [push_line(plan, game)] if plan.push else [])
        self._lines([self.jackpot], [])
        self.amounts[(seat, "withheld")] = money(kept)

    def _render_sensed(self, snap: TableSnapshot, seat: int, sensed: list[SensedSpot]) -> None:
        """Per spot what to do and what the bet sensor sees; below, what is wrong, in the engine's words."""
        game = snap.game
        self._lines([self.collect, self.push], [])
        lines = [sensed_line(spot, game) for spot in sensed]
        self._lines(self.spot_cells, [text for text, _role in lines])
        for i, cell in enumerate(self.spot_cells):
            if i < len(sensed):
                theme.set_role(cell, lines[i][1])
                cell.setObjectName(f"sensed{seat}_{sensed[i].spot}")
                self.amounts[(seat, f"{sensed[i].spot}:due")] = money(sensed[i].due)
                self.amounts[(seat, f"{sensed[i].spot}:seen")] = "" if sensed[i].seen is None else \
                    money(sensed[i].seen)
            else:
                cell.setObjectName("")
        self.problems = [say(spot.problem) for spot in sensed if spot.problem is not None]

    def _render_void(self, rnd: RoundState) -> None:
        void = rnd.void or {}
        for seat, stake in void.get("returned", {}).items():
            self.amounts[(int(seat), "returned")] = str(stake)
        head, by = void_words(rnd.number, void)
        self.head.setText(head)
        self.head.setVisible(True)
        self._lines([self.net, self.collect, self.push, *self.spot_cells], [])
        theme.set_role(self.jackpot, "muted")
        self._lines([self.jackpot], [by])
        self.total.setText(translate("screen", "Every stake returned"))


def seat_outcome(rnd: RoundState, seat: int, kept: Decimal | None = None) -> tuple[str, str, bool]:
    """(text, role, done) for a seat tile at settlement or after a void: sign, word and amount (``kept``: the
    seat's pay withheld, shown so and never as paid)."""
    if rnd.void is not None:
        returned = (rnd.void.get("returned") or {}).get(str(seat))
        if returned is None:
            return "", "result", False
        return f"\u21a9 {money(returned)}", "result", True  # every stake back
    plan = seat_payout(rnd.settlement or {}, seat)
    if plan is None:
        return "", "result", False
    if kept is not None:
        return f"{WITHHELD_SIGN} {money(kept)}", "done" if rnd.seats[seat].paid else "collect", \
            rnd.seats[seat].paid  # the tile is narrow: the sign says withheld, the panel and the banner in words
    if rnd.seats[seat].paid:  # done: the tick, grey, and what the seat ended with
        return f"{SIGN['done']} {signed_net(plan.net)}", "done", True
    net = plan.net - (plan.jackpot or 0)  # the tile: the rack's sign and amount, and a star for a jackpot
    star = " \u2605" if plan.jackpot is not None else ""
    if net > 0:
        return f"{SIGN['pay']} {money(net)}{star}", "pay", False
    if net < 0:
        return f"{SIGN['collect']} {money(-net)}{star}", "collect", False
    return f"{SIGN['push']} " + (star.strip() or translate("screen", "push")), "push", False


def signed_net(net: Decimal) -> str:
    """``+900``, ``−3000`` (the minus sign), ``=`` for nothing either way."""
    return f"+{money(net)}" if net > 0 else f"−{money(-net)}" if net < 0 else SIGN["push"]


def paid_label(rnd: RoundState, seat: int, kept: Decimal | None = None) -> str:
    """The settle button's words for ``seat``: what the croupier confirms having done."""
    plan = seat_payout(rnd.settlement or {}, seat)
    done = done_words(plan, kept) if plan is not None else ""
    return f"{SIGN['done']} " + translate("screen", "Seat {seat} done: {what}").format(seat=seat, what=done)


def settle_banner(rnd: RoundState, seat: int, kept: Decimal | None = None) -> str:
    """The banner while settling: the seat shown and what to do there (a held seat: pay nothing, ``kept`` is
    withheld), and whether it is out of order."""
    plan = seat_payout(rnd.settlement or {}, seat)
    if kept is not None:
        said = "\u26a0 " + say(Text("settle_seat_withheld", {"seat": seat, "amount": money(kept)}))
    else:
        said = translate("screen", "Settle seat {seat}: {what}").format(seat=seat,
                                                                      what=todo_words(plan) if plan else "")
    following = next_to_settle(rnd)
    if following is not None and following != seat:
        said += " " + translate("screen", "(out of order: seat {seat} next)").format(seat=following)
    return said
