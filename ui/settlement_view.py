"""Settlement as the session computed it, for the seat being paid; or the void's returns.

The seat shown is the next one to settle (highest unpaid seat first, the dealer's right to
left) unless the croupier taps another tile. Per spot: pay / collect / push, with the
payout broken into the profile's chips, largest first. Every number comes from
``round.settlement``; the only arithmetic here is adding the seats' nets for the table
total. A voided round shows who voided it, when (local time), why, and what each seat gets
back.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.view import cause_text, chip_breakdown, chip_set, settlement_order
from dealer_station.table.state import RoundState

from . import theme
from .format import hand_word, local_time, money, net_words, result_word
from .i18n import game_word, say, translate
from .widgets import CURRENT, FitLabel

MAX_SPOTS = 6


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
    return head, by + (f"  \u00b7  {void['reason']}" if void.get("reason") else "")


def chips_text(amount: Decimal, chips: tuple[Decimal, ...]) -> str:
    """``70`` with chips 1/5/25/100 -> ``25x2 + 5x4``, largest first; what no chip makes is added."""
    counts, rest = chip_breakdown(amount, chips)
    parts = [f"{money(chip)}\u00d7{count}" if count > 1 else money(chip) for chip, count in counts]
    if rest:
        parts.append(money(rest))
    return " + ".join(parts)


def next_to_settle(rnd: RoundState) -> int | None:
    return next((s for s in settlement_order(rnd) if not rnd.seats[s].paid), None)


class SettlementView(QFrame):
    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("settlementView")
        theme.set_role(self, "panel")
        m = CURRENT[0]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        layout.setSpacing(2)
        self.head = FitLabel("", 15, bold=True, role="title")
        self.head.setObjectName("settleHead")
        self.total = FitLabel("", 13, bold=True)
        self.total.setObjectName("tableTotal")
        top = QHBoxLayout()
        top.setSpacing(m.gap)
        top.addWidget(self.head, 3)
        top.addWidget(self.total, 2)
        layout.addLayout(top)
        grid = QGridLayout()
        grid.setHorizontalSpacing(m.gap)
        grid.setVerticalSpacing(0)
        self.spot_cells: list[FitLabel] = []
        for i in range(MAX_SPOTS):
            cell = FitLabel("", 13)
            self.spot_cells.append(cell)
            grid.addWidget(cell, i // 3, i % 3)
        layout.addLayout(grid)
        self.chips = FitLabel("", 13, bold=True, role="result")
        self.chips.setObjectName("settleChips")
        layout.addWidget(self.chips)
        self.chip_values = chip_set(session.table)
        self.seat: int | None = None
        self.amounts: dict[tuple[int, str], str] = {}
        """(seat, spot | "total" | "returned"), (0, "table") -> the amount shown (tests)."""

    def choose(self, seat: int | None) -> None:
        self.seat = seat

    def shown_seat(self, rnd: RoundState) -> int | None:
        order = settlement_order(rnd)
        if self.seat in order and not rnd.seats[self.seat].paid:
            return self.seat  # the seat the croupier tapped, until it is done
        return next_to_settle(rnd) or (order[0] if order else None)

    def render_state(self, session: TableSession) -> None:
        rnd = session.round
        self.amounts.clear()
        if rnd is None:
            return
        if rnd.void is not None:
            self._render_void(rnd)
        elif rnd.settlement is not None:
            self._render_settlement(session, rnd)

    def _render_settlement(self, session: TableSession, rnd: RoundState) -> None:
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
        if entry is None:
            self.head.setText("")
            self.chips.setText("")
        else:
            verb, amount = net_words(entry["net"])
            self.head.setText(" \u00b7 ".join((translate("screen", "Seat {seat}").format(seat=seat),
                                               hand_word(str(entry.get("category", ""))),
                                               result_word(str(entry.get("result", ""))),
                                               f"{verb} {amount}".strip())))
            net = Decimal(str(entry["net"]))
            if net > 0:
                self.chips.setText(translate("screen", "Pay {amount}: {chips}").format(
                    amount=money(net), chips=chips_text(net, self.chip_values)))
            elif net < 0:
                self.chips.setText(translate("screen", "Collect {amount}").format(amount=money(-net)))
            else:
                self.chips.setText(translate("screen", "Push: the stakes stay"))
        spots = list((entry or {}).get("bets", {}).items())
        for i, cell in enumerate(self.spot_cells):
            if i < len(spots):
                spot, net = spots[i]
                verb, amount = net_words(net)
                cell.setText(f"{game_word(session.game, spot)}: {verb} {amount}".strip())
                cell.setObjectName(f"settle{seat}_{spot}")
            else:
                cell.setText("")
                cell.setObjectName("")
        verb, amount = net_words(total)
        breakage = settlement.get("breakage")
        extra = ("  \u00b7  " + translate("screen", "breakage {amount}").format(amount=money(breakage))
                 if breakage not in (None, "0") else "")
        self.total.setText(translate("screen", "Table total to players: {what}").format(
            what=f"{verb} {amount}".strip()) + extra)

    def _render_void(self, rnd: RoundState) -> None:
        void = rnd.void or {}
        for seat, stake in void.get("returned", {}).items():
            self.amounts[(int(seat), "returned")] = str(stake)
        head, by = void_words(rnd.number, void)
        self.head.setText(head)
        for cell in self.spot_cells:
            cell.setText("")
        self.chips.setText(by)
        self.total.setText(translate("screen", "Every stake returned"))


def seat_outcome(rnd: RoundState, seat: int) -> tuple[str, str, bool]:
    """(text, role, done) for a seat tile at settlement or after a void."""
    if rnd.void is not None:
        returned = (rnd.void.get("returned") or {}).get(str(seat))
        if returned is None:
            return "", "result", False
        return translate("screen", "Return {amount}").format(amount=money(returned)), "result", True
    entry = next((e for e in (rnd.settlement or {}).get("seats", []) if e["seat"] == seat), None)
    if entry is None:
        return "", "result", False
    net = Decimal(str(entry["net"]))
    paid = rnd.seats[seat].paid
    if paid:
        if net > 0:
            return "\u2713 " + translate("screen", "Paid {amount}").format(amount=money(net)), "done", True
        if net < 0:
            return "\u2713 " + translate("screen", "Collected"), "done", True
        return "\u2713 " + translate("screen", "Push"), "done", True
    verb, amount = net_words(net)
    return f"{verb} {amount}".strip(), "result", False


def paid_label(rnd: RoundState, seat: int) -> str:
    """The settle button's words for ``seat``: what the croupier confirms having done."""
    entry: dict[str, Any] = next((e for e in (rnd.settlement or {}).get("seats", []) if e["seat"] == seat), {})
    net = Decimal(str(entry.get("net", "0")))
    if net > 0:
        return translate("screen", "Paid seat {seat} - {amount}").format(seat=seat, amount=money(net))
    if net < 0:
        return translate("screen", "Collected seat {seat} - {amount}").format(seat=seat, amount=money(-net))
    return translate("screen", "Push seat {seat}").format(seat=seat)
