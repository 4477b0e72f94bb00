"""The Bank panel: the table-shift at the croupier's screen (docs/bank.md, docs/screen.md).

Reached from the footer's Bank button. It opens on what is done most, a buy-in: seat, a round
amount, OK (with the footer's tap, four taps; another amount on the amount pad; cash by default,
a marker one tap more). Below: open or close the shift (the tray counted per denomination on a
numeric pad), ask for a fill or a credit, receive a slip (its chips counted again) or void one.
Every count is checked here before anything is sent (a negative count, a denomination the tray
does not hold, more chips than any tray: refused on screen, nothing written); the supervisor's
badge and PIN follow on the PIN dialog and the session decides, journal first.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from decimal import Decimal
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from dealer_station.bank.chips import MAX_CHIPS
from dealer_station.errors import RuleError
from dealer_station.money import exact_decimal, format_money
from dealer_station.view.bank import QUICK_AMOUNTS, BankView, bank_view

from . import theme
from .amount_pad import AmountPad
from .format import money
from .host import ScreenHost
from .i18n import say, translate
from .keys import Keypad
from .overlay import Overlay
from .widgets import CURRENT, FitButton, FitLabel

MAX_DIGITS = 7
"""Digits a count field takes: a million chips of one denomination is already more than any tray holds."""


class CountRefused(ValueError):
    """A count keyed on screen that is not one (said in the croupier's language)."""


def read_counts(entries: Mapping[str, str], chips: Collection[Decimal]) -> dict[Decimal, int]:
    """Keyed text per denomination -> chips, or ``CountRefused`` naming what is wrong. Empty is 0."""
    counts: dict[Decimal, int] = {}
    for key, raw in entries.items():
        try:
            denomination = exact_decimal(key)
        except ValueError:
            denomination = None
        if denomination is None or denomination not in chips:
            raise CountRefused(translate("screen", "{denomination} is not a chip of this tray").format(
                denomination=key))
        text = raw.strip()
        if not text:
            continue
        if not text.isascii() or not text.isdigit():
            raise CountRefused(translate("screen", "{denomination}: a count is a whole number of chips, not {text}")
                               .format(denomination=key, text=text))
        number = int(text)
        if number > MAX_CHIPS:
            raise CountRefused(translate("screen", "{denomination}: {number} chips is more than any tray holds")
                               .format(denomination=key, number=number))
        if number:
            counts[denomination] = number
    return counts


def count_value(counts: Mapping[Decimal, int]) -> Decimal:
    return sum((d * n for d, n in counts.items()), Decimal(0))


def count_args(counts: Mapping[Decimal, int]) -> dict[str, int]:
    """A count as the session's commands take it."""
    return {format_money(d): n for d, n in counts.items()}


class CountPad(Overlay):
    """Chips per denomination (largest first) keyed on a numeric pad; OK checks them, then ``on_counts``."""

    def __init__(self, parent: QWidget, title: str, chips: tuple[Decimal, ...], ok_text: str,
                 on_counts: Callable[[dict[Decimal, int]], None], allow_empty: bool = True,
                 start: Mapping[Decimal, int] | None = None) -> None:
        super().__init__(parent, title, "countPad")
        self.chips = chips
        self._on_counts = on_counts
        self.allow_empty = allow_empty
        m = CURRENT[0]
        row = QHBoxLayout()
        row.setSpacing(m.gap * 2)
        left = QVBoxLayout()
        left.setSpacing(m.gap)
        grid = QGridLayout()
        grid.setSpacing(m.gap)
        self.fields: dict[Decimal, QLineEdit] = {}
        half = (len(chips) + 1) // 2
        for i, denomination in enumerate(chips):
            label = FitLabel(money(denomination), 22, bold=True, acted=True)
            field = QLineEdit()
            theme.set_role(field, "count")
            field.setObjectName(f"count_{format_money(denomination)}")
            field.setMaxLength(MAX_DIGITS)
            field.textChanged.connect(self._changed)
            field.installEventFilter(self)
            column = (i // half) * 2
            grid.addWidget(label, i % half, column)
            grid.addWidget(field, i % half, column + 1)
            self.fields[denomination] = field
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        left.addLayout(grid)
        self.total = FitLabel("", 20, bold=True, acted=True)
        self.total.setObjectName("countTotal")
        left.addWidget(self.total)
        self.problem = FitLabel("", 14, bold=True, lines=2, role="quiet")
        self.problem.setObjectName("countProblem")
        left.addWidget(self.problem)
        left.addStretch(1)
        row.addLayout(left, 3)
        self.keypad = Keypad(self._focused, self._next)
        row.addWidget(self.keypad, 2)
        self.body.addLayout(row, 1)
        self.add_button(translate("screen", "Cancel"), "countCancel", "", self.reject)
        self.ok = self.add_button(ok_text, "countOk", "go", self._ok)
        for denomination, number in (start or {}).items():  # what a tray antenna read: confirmed or corrected
            if denomination in self.fields:
                self.fields[denomination].setText(str(number))
        self._current = next(iter(self.fields.values()))
        self._current.setFocus()
        self._changed("")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FocusIn, QEvent.Type.MouseButtonPress) and watched in self.fields.values():
            self._current = watched  # type: ignore[assignment]  # one of the count fields
        return super().eventFilter(watched, event)

    def _focused(self) -> QLineEdit:
        return self._current

    def _next(self) -> None:
        fields = list(self.fields.values())
        self._current = fields[(fields.index(self._current) + 1) % len(fields)]
        self._current.setFocus()

    def entries(self) -> dict[str, str]:
        return {format_money(d): field.text() for d, field in self.fields.items()}

    def _changed(self, _text: str) -> None:
        try:
            value = money(count_value(read_counts(self.entries(), self.chips)))
        except CountRefused:
            value = "?"
        self.total.setText(translate("screen", "Total: {amount}").format(amount=value))
        self.problem.setText("")
        theme.set_role(self.problem, "quiet")

    def _ok(self) -> None:
        self.submit(self.entries())

    def submit(self, entries: Mapping[str, str]) -> bool:
        """Check the keyed counts on screen; refused: said here, nothing sent. True when sent on."""
        try:
            counts = read_counts(entries, self.chips)
            if not counts and not self.allow_empty:
                raise CountRefused(translate("screen", "Key at least one chip"))
        except CountRefused as refused:
            self.problem.setText(str(refused))
            theme.set_role(self.problem, "refusal")
            return False
        self.accept()
        self._on_counts(counts)
        return True


class BankPanel(Overlay):
    """The Bank panel (module docstring)."""

    def __init__(self, parent: QWidget, window: ScreenHost) -> None:
        super().__init__(parent, translate("screen", "Bank"), "bankPanel")
        self.parent_ = parent
        self.window_ = window
        self.seat: int | None = None
        self.amount: Decimal | None = None
        self.kind = "cash"
        view = self.view
        m = CURRENT[0]
        self.status = self.title  # the shift's line is the panel's title: "Bank - Shift 2 open (...)"
        self.figures = FitLabel("", 16, bold=True, acted=True)
        self.figures.setObjectName("bankFigures")
        self.body.addWidget(self.figures)
        self.seat_buttons: dict[int, FitButton] = {}
        self.amount_buttons: dict[Decimal, FitButton] = {}
        self.buy_in: QWidget = QWidget()
        buy = QVBoxLayout(self.buy_in)
        buy.setContentsMargins(0, 0, 0, 0)
        buy.setSpacing(m.gap)
        seats = QHBoxLayout()
        seats.setSpacing(m.gap)
        seats.addWidget(FitLabel(translate("screen", "Buy-in: seat"), 14, bold=True))
        for seat in range(1, view.seats + 1):
            button = FitButton(str(seat), 20, role="key", name=f"bank_seat_{seat}")
            button.tapped.connect(partial(self._choose_seat, seat))
            seats.addWidget(button, 1)
            self.seat_buttons[seat] = button
        buy.addLayout(seats)
        amounts = QHBoxLayout()
        amounts.setSpacing(m.gap)
        for amount in QUICK_AMOUNTS:
            button = FitButton(money(amount), 20, role="key", name=f"bank_amount_{format_money(amount)}")
            button.tapped.connect(partial(self._choose_amount, amount))
            amounts.addWidget(button, 1)
            self.amount_buttons[amount] = button
        other = FitButton(translate("screen", "Other..."), 16, role="key", name="bank_amount_other")
        other.tapped.connect(self._other_amount)
        amounts.addWidget(other, 1)
        buy.addLayout(amounts)
        confirm = QHBoxLayout()
        confirm.setSpacing(m.gap)
        self.kind_buttons: dict[str, FitButton] = {}
        for kind, word in (("cash", translate("screen", "Cash")), ("marker", translate("screen", "Marker"))):
            button = FitButton(word, 18, role="key", name=f"bank_{kind}")
            button.tapped.connect(partial(self._choose_kind, kind))
            confirm.addWidget(button, 1)
            self.kind_buttons[kind] = button
        self.buy_in_ok = FitButton("", 15, role="go", name="bank_buy_in_ok")
        self.buy_in_ok.tapped.connect(self._buy_in)
        confirm.addWidget(self.buy_in_ok, 3)
        buy.addLayout(confirm)
        self.body.addWidget(self.buy_in)
        slips = QHBoxLayout()
        slips.setSpacing(m.gap)
        self.slips = FitLabel("", 15, bold=True)
        self.slips.setObjectName("bankSlips")
        slips.addWidget(self.slips, 2)
        self.receive_button = FitButton(translate("screen", "Receive slip"), 15, role="supervisor", name="bank_receive",
                                        lines=2)
        self.receive_button.tapped.connect(self._receive)
        self.void_button = FitButton(translate("screen", "Void slip"), 15, role="danger", name="bank_void", lines=2)
        self.void_button.tapped.connect(self._void)
        self.tray_line = FitLabel("", 14, bold=True, lines=3, role="notice")  # the banner's tray alarm, whole
        self.tray_line.setObjectName("bankTrayAlarm")
        slips.addWidget(self.tray_line, 2)
        self.tray_button = FitButton(translate("screen", "Clear tray alarm"), 15, role="supervisor",
                                     name="bank_tray_alarm", lines=2)
        self.tray_button.tapped.connect(self._clear_tray_alarm)
        slips.addWidget(self.receive_button, 1)
        slips.addWidget(self.void_button, 1)
        slips.addWidget(self.tray_button, 1)
        self.body.addLayout(slips)
        self.body.addStretch(1)
        self.shift_button = self.add_button("", "bank_shift", "supervisor", self._shift)
        self.fill_button = self.add_button(translate("screen", "Fill"), "bank_fill", "supervisor",
                                           partial(self._request, "request_fill"))
        self.credit_button = self.add_button(translate("screen", "Credit"), "bank_credit", "supervisor",
                                             partial(self._request, "request_credit"))
        # Who sits where, from the panel a buy-in is keyed in: at a table with no card reader and nobody carded
        # in the status strip has no players line, and this is where a player's id is keyed.
        self.players_button = self.add_button(translate("screen", "Players"), "bank_players", "", self._players)
        self.add_close()
        window.bridge.changed.connect(self.refresh)
        self.refresh()

    def _players(self) -> None:
        self.accept()
        self.window_.open_players()

    @property
    def view(self) -> BankView:
        return bank_view(self.window_.session.view())

    # -- showing ------------------------------------------------------------------

    def refresh(self) -> None:
        view = self.view
        self.status.setText(translate("screen", "Bank") + " \u2014 " + say(view.status))
        parts: list[str] = []
        if view.open and view.figures is not None:
            parts.append(translate("screen", "Tray should hold {amount}").format(amount=money(view.tray_expected)))
            parts.append(translate("screen", "buy-ins {amount} ({count})").format(
                amount=money(view.figures.recorded_drop), count=len(view.buy_ins)))
            parts.append(translate("screen", "win so far {amount}").format(amount=money(view.figures.computed_win)))
        discrepancy = view.discrepancy()
        if discrepancy is not None:
            parts.append(say(discrepancy))
        self.figures.setText(" \u00b7 ".join(parts))
        flying = view.in_flight
        self.slips.setText(translate("screen", "In flight: {slips}").format(slips=", ".join(
            f"{s.slip or s.request} {self._kind_word(s.kind.value)} {money(s.chips.value)}" for s in flying))
            if flying else "")
        self.buy_in.setVisible(view.open)
        self.shift_button.setText(translate("screen", "Close shift") if view.open else translate("screen", "Open shift"))
        for button in (self.fill_button, self.credit_button):
            button.setEnabled(view.open)
        self.receive_button.setVisible(bool(flying))
        self.void_button.setVisible(bool(flying))
        self.tray_button.setVisible(view.tray_alarm is not None)
        self.tray_line.setVisible(view.tray_alarm is not None)
        self.tray_line.setText(say(view.tray_alarm) if view.tray_alarm is not None else "")
        for seat, button in self.seat_buttons.items():
            theme.set_flag(button, "on", seat == self.seat)
        for amount, button in self.amount_buttons.items():
            theme.set_flag(button, "on", amount == self.amount)
        for kind, button in self.kind_buttons.items():
            theme.set_flag(button, "on", kind == self.kind)
        ready = self.seat is not None and self.amount is not None
        self.buy_in_ok.setEnabled(ready)
        self.buy_in_ok.setText(translate("screen", "Buy-in {amount} at seat {seat}").format(
            amount=money(self.amount), seat=self.seat) if ready else translate("screen", "Buy-in: seat and amount"))

    @staticmethod
    def _kind_word(kind: str) -> str:
        return translate("screen", "fill") if kind == "fill" else translate("screen", "credit")

    # -- a buy-in -----------------------------------------------------------------

    def _choose_seat(self, seat: int) -> None:
        self.seat = seat
        self.refresh()

    def _choose_amount(self, amount: Decimal) -> None:
        self.amount = amount
        self.refresh()

    def _choose_kind(self, kind: str) -> None:
        self.kind = kind
        self.refresh()

    def _other_amount(self) -> None:
        def keyed(text: str) -> None:
            try:
                amount = exact_decimal(text)
            except ValueError:
                return
            if amount > 0:
                self.amount = amount
                self.refresh()

        AmountPad(self, translate("screen", "Buy-in amount"), lambda text: translate("screen", "Buy-in {amount}")
                  .format(amount=text), keyed).open()

    def _buy_in(self) -> None:
        if self.seat is None or self.amount is None:
            return
        window = self.window_
        window.submit("buy_in", window.session.execute, "buy_in", self.seat, self.kind, format_money(self.amount))
        self.accept()

    # -- the supervisor's -----------------------------------------------------------

    def _shift(self) -> None:
        view = self.view
        action = "close_shift" if view.open else "open_shift"
        if view.open and view.sensed is not None:  # the antenna read the tray: confirm it, or count by hand
            self._count_then(action, translate("screen", "The tray the antenna read: confirm the closer"), "closer",
                             allow_empty=True, start=view.sensed)
            return
        title = translate("screen", "Count the tray: closer") if view.open else translate(
            "screen", "Count the tray: opener")
        self._count_then(action, title, "closer" if view.open else "opener", allow_empty=True)

    def _request(self, action: str) -> None:
        title = translate("screen", "Chips for the fill") if action == "request_fill" else translate(
            "screen", "Chips for the credit")
        self._count_then(action, title, "chips", allow_empty=False)

    def _count_then(self, action: str, title: str, argument: str, allow_empty: bool,
                    start: Mapping[Decimal, int] | None = None) -> None:
        """A count keyed (or, from ``start``, the tray antenna's read confirmed: sent as ``sensed``), then the
        supervisor's badge and PIN."""
        window = self.window_
        chips = self.view.chips
        self.accept()

        def counted(counts: dict[Decimal, int]) -> None:
            detail = translate("screen", "{count} chips, {amount}").format(
                count=sum(counts.values()), amount=money(count_value(counts)))
            sensed = start is not None and {d: n for d, n in counts.items() if n} == dict(start)

            def run(badge: str, pin: str, reason: str) -> Any:
                extra = {"sensed": True} if sensed else {}
                return window.session.supervise(action, badge, pin, reason, **extra,
                                                **{argument: count_args(counts)})

            window.ask_supervisor(action, run, detail)

        CountPad(self.parent_, title, chips, translate("screen", "Counted"), counted, allow_empty, start).open()

    def _choose_slip(self, title: str, then: Callable[[str, str], None]) -> None:
        flying = self.view.in_flight
        self.accept()
        chooser = Overlay(self.parent_, title, "slipChooser")
        for line in flying:
            name = line.slip or line.request
            words = f"{name} \u00b7 {self._kind_word(line.kind.value)} \u00b7 {money(line.chips.value)}"
            button = FitButton(words, 16, role="list", name=f"slip_{name}")
            button.tapped.connect(partial(_chosen, chooser, then, name, words))
            chooser.body.addWidget(button)
        chooser.body.addStretch(1)
        chooser.add_close()
        chooser.open()

    def _receive(self) -> None:
        window = self.window_
        chips = self.view.chips

        def chosen(slip: str, words: str) -> None:
            def counted(counts: dict[Decimal, int]) -> None:
                def run(badge: str, pin: str, reason: str) -> Any:
                    person = window.session.supervise("receive_slip", badge, pin, reason, slip=slip,
                                                      chips=count_args(counts))
                    shift = window.session.view().state.bank.shift
                    line = shift.slip_of(slip) if shift is not None else None
                    if line is not None and line.state.value == "refused":  # journaled: now said on the screen
                        raise RuleError("the chips counted are not the slip's", "slip", key="bank:slip_refused",
                                        values={"slip": slip})
                    return person

                window.ask_supervisor("receive_slip", run, translate("screen", "{slip}: counted {amount}").format(
                    slip=slip, amount=money(count_value(counts))))

            CountPad(self.parent_, translate("screen", "Count the chips of {slip}").format(slip=words), chips,
                     translate("screen", "Counted"), counted, allow_empty=False).open()

        self._choose_slip(translate("screen", "Receive which slip?"), chosen)

    def _clear_tray_alarm(self) -> None:
        """A supervisor looked into the tray alarm: what was found is the reason (journaled)."""
        window = self.window_
        alarm = self.view.tray_alarm
        self.accept()

        def run(badge: str, pin: str, reason: str) -> Any:
            return window.session.supervise("clear_tray_alarm", badge, pin, reason)

        window.ask_supervisor("clear_tray_alarm", run, say(alarm) if alarm is not None else "")

    def _void(self) -> None:
        window = self.window_

        def chosen(slip: str, words: str) -> None:
            def run(badge: str, pin: str, reason: str) -> Any:
                return window.session.supervise("void_slip", badge, pin, reason, slip=slip)

            window.ask_supervisor("void_slip", run, words)

        self._choose_slip(translate("screen", "Void which slip?"), chosen)


def _chosen(dialog: Overlay, then: Callable[[str, str], None], slip: str, words: str) -> None:
    dialog.accept()
    then(slip, words)
