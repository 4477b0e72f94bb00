"""The column beside the poker table: what the croupier can press for the seat in question.

One of three pages at a time: the seat to act's legal actions with their amounts
(``betting.legal`` via the model) and the bet entry (quick sizes min, 1/2 pot, pot, all in,
and the keypad); a tapped seat's commands (seat a player, add chips, sit out or in, cash
out); or the pots with who is in each, and at the settlement what to push to whom and
the rake. Buttons only submit commands; the session decides and refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from dealer_station.games.holdem.sizing import QUICK_SIZES
from dealer_station.money import format_money
from dealer_station.view.poker import no_raise_text

from .. import theme
from ..amount_pad import AmountPad
from ..i18n import say
from ..settlement_view import void_words
from ..widgets import CURRENT, FitButton, FitLabel, GuardedButton
from . import words
from .model import ScreenModel, SeatView

Submit = Callable[..., None]
"""``submit(label, command, *args)``: run a poker command (``TableSession.execute``) on the worker."""

SEAT_COMMANDS = ("seat_player", "add_chips", "sit_out", "sit_in", "leave")


class ActionColumn(QStackedWidget):
    """Built once; ``show_model`` picks the page and shows, hides and labels its buttons."""

    def __init__(self, submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pokerActions")
        self.submit = submit
        self.model: ScreenModel | None = None
        self.selected: int | None = None
        self.entry = ""
        """The amount the bet or raise button sends (a quick size or the keypad sets it)."""
        self._entry_for: tuple[Any, ...] | None = None
        self.post_chosen = False
        self.betting = self._betting_page()
        self.seat_page = self._seat_page()
        self.pots_page = self._pots_page()
        for page in (self.betting, self.seat_page, self.pots_page):
            self.addWidget(page)

    # -- building -------------------------------------------------------------------------

    @staticmethod
    def _page() -> tuple[QWidget, QVBoxLayout]:
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(CURRENT[0].gap)
        return page, column

    def _button(self, name: str, handler: Callable[[], Any], role: str = "", lines: int = 1) -> FitButton:
        button = FitButton("", 15, role=role, name=name, lines=lines)
        button.tapped.connect(handler)
        return button

    def _betting_page(self) -> QWidget:
        page, column = self._page()
        self.heading = FitLabel("", 16, bold=True, role="title", acted=True)
        self.heading.setObjectName("toAct")
        column.addWidget(self.heading)
        moves = QGridLayout()
        moves.setSpacing(CURRENT[0].gap)
        # Fold and All in cannot be taken back: drawn unlike Check and Call, each asks for a second tap.
        self.fold = GuardedButton("", 16, name="fold")
        self.fold.tapped.connect(lambda: self._act("fold"))
        self.check = self._button("check", lambda: self._act("check"), "action")
        self.call = self._button("call", lambda: self._act("call"), "action", lines=2)
        self.all_in = GuardedButton("", 15, name="all_in")
        self.all_in.tapped.connect(lambda: self._act("all_in"))
        self.bet = self._button("bet", self._bet, "go", lines=2)
        self.keypad = self._button("keypad", self._open_keypad)
        moves.addWidget(self.fold, 0, 0)
        moves.addWidget(self.check, 0, 1)
        moves.addWidget(self.call, 0, 1)
        moves.addWidget(self.all_in, 0, 2)
        moves.addWidget(self.bet, 1, 0, 1, 2)
        moves.addWidget(self.keypad, 1, 2)
        column.addLayout(moves)
        sizes = QHBoxLayout()
        sizes.setSpacing(CURRENT[0].gap)
        self.sizes: dict[str, FitButton] = {}
        for name in QUICK_SIZES:
            button = FitButton("", 13, role="size", name=f"size_{name}", lines=2, pad=0)
            button.tapped.connect(lambda n=name: self._size(n))
            self.sizes[name] = button
            sizes.addWidget(button)
        column.addLayout(sizes)
        self.no_raise = FitLabel("", 14, lines=2, role="muted")
        self.no_raise.setObjectName("noRaise")
        column.addWidget(self.no_raise)
        column.addStretch(1)
        return page

    def _seat_page(self) -> QWidget:
        page, column = self._page()
        self.seat_heading = FitLabel("", 15, bold=True, role="title", lines=2)
        self.seat_heading.setObjectName("seatHeading")
        column.addWidget(self.seat_heading)
        row = QHBoxLayout()
        row.setSpacing(CURRENT[0].gap)
        self.seat_buttons: dict[str, FitButton] = {}
        for name in SEAT_COMMANDS:
            button = self._button(name, partial(self._seat_command, name), "go" if name == "seat_player" else "",
                                  lines=2)
            self.seat_buttons[name] = button
            row.addWidget(button)
        column.addLayout(row)
        self.post = FitButton("", 14, role="key", name="post", lines=2)
        self.post.tapped.connect(self._toggle_post)
        column.addWidget(self.post)
        column.addStretch(1)
        return page

    def _pots_page(self) -> QWidget:
        page, column = self._page()
        self.pots = FitLabel("", 16, bold=True, lines=2, acted=True)  # wraps a long line; grows with the page
        self.pots.setObjectName("potLines")
        self.pots.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.pots.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        column.addWidget(self.pots, 1)
        return page

    # -- the bet entry ----------------------------------------------------------------------

    def _span(self) -> tuple[str, Decimal, Decimal] | None:
        """("bet" or "raise", least, most) open to the seat to act, or None."""
        options = self.model.options if self.model is not None else None
        if options is None:
            return None
        if options.bet_to is not None:
            return "bet", options.bet_to.min_to, options.bet_to.max_to
        if options.raise_to is not None:
            return "raise", options.raise_to.min_to, options.raise_to.max_to
        return None

    def _size(self, name: str) -> None:
        if self.model is not None and name in self.model.sizes:
            self.entry = format_money(self.model.sizes[name])
            self._show_entry()

    def _show_entry(self) -> None:
        span = self._span()
        if span is not None:
            self.bet.setText(words.move_word(span[0], self.entry or span[1]))
        for name, button in self.sizes.items():
            amount = self.model.sizes.get(name) if self.model is not None else None
            theme.set_flag(button, "on", amount is not None and format_money(amount) == self.entry)

    def _open_keypad(self) -> None:
        span = self._span()
        options = self.model.options if self.model is not None else None
        if span is None or options is None:
            return
        kind, least, most = span

        def send(text: str) -> None:
            self.entry = text
            self._show_entry()
            self._act(kind, text)

        AmountPad(self.window(), words.entry_title(kind, options.seat, least, most),
                  lambda text: words.move_word(kind, text), send).open()

    # -- commands ---------------------------------------------------------------------------

    def _act(self, move: str, to: str | None = None) -> None:
        options = self.model.options if self.model is not None else None
        if options is not None:
            self.submit("act", "act", options.seat, move, *(() if to is None else (to,)))

    def _bet(self) -> None:
        span = self._span()
        if span is not None:
            self._act(span[0], self.entry or format_money(span[1]))

    def _toggle_post(self) -> None:
        self.post_chosen = not self.post_chosen
        theme.set_flag(self.post, "on", self.post_chosen)

    def _seat_command(self, name: str) -> None:
        seat, model = self.selected, self.model
        if seat is None or model is None:
            return
        if name == "seat_player":
            low, high = model.buy_in
            self._key_amount(name, seat, low, high, lambda text: (name, seat, text, self.post_chosen))
        elif name == "add_chips":
            view = model.seat(seat)
            high = model.buy_in[1]
            room = None if high is None or view is None else high - view.stack
            self._key_amount(name, seat, model.min_chip, room, lambda text: (name, seat, text))
        elif name == "sit_in":
            self.submit(name, name, seat, self.post_chosen)
        else:
            self.submit(name, name, seat)

    def _key_amount(self, name: str, seat: int, low: Decimal, high: Decimal | None,
                    args: Callable[[str], tuple[Any, ...]]) -> None:
        """The keypad for a buy-in or chips to add; OK sends the command with the amount."""

        def said(text: str) -> str:
            return f"{words.command_word(name)} - {text}"

        AmountPad(self.window(), words.entry_title(name, seat, low, high), said,
                  lambda text: self.submit(name, *args(text))).open()

    # -- rendering ---------------------------------------------------------------------

    def show_model(self, model: ScreenModel, selected: int | None) -> None:
        if selected != self.selected:
            self.post_chosen = False  # posting a big blind is chosen for one seat at a time
        self.model, self.selected = model, selected
        options = model.options
        if options is not None and selected is None:
            self._show_betting(model)
            page = self.betting
        elif selected is not None or not (model.pots or model.void):
            self._show_seat(model, model.seat(selected))
            page = self.seat_page
        else:
            self._show_pots(model)
            page = self.pots_page
        self.setCurrentWidget(page)
        for each in (self.betting, self.seat_page, self.pots_page):  # only the page shown asks for room
            policy = QSizePolicy.Policy.Preferred if each is page else QSizePolicy.Policy.Ignored
            each.setSizePolicy(policy, policy)

    def tick(self) -> None:
        """The action clock moved: say the seconds left beside the seat to act."""
        model = self.model
        if model is not None and model.options is not None:
            seconds = model.clock_seconds()
            text = words.to_act_word(model.options.seat)
            self.heading.setText(text if seconds is None else f"{text} \u00b7 {words.clock_word(seconds)}")

    def _show_betting(self, model: ScreenModel) -> None:
        options = model.options
        assert options is not None
        self.tick()
        self.fold.setVisible(options.fold)
        self.fold.setText("\u2715 " + words.move_word("fold"))
        self.check.setVisible(options.check)
        self.check.setText(words.move_word("check"))
        self.call.setVisible(options.call is not None)
        if options.call is not None:
            self.call.setText(words.move_word("call", options.call))
        self.all_in.setVisible(options.all_in is not None)
        if options.all_in is not None:
            self.all_in.setText(words.move_word("all_in", options.all_in))
        span = self._span()
        self.bet.setVisible(span is not None)
        self.keypad.setVisible(span is not None)
        self.keypad.setText(words.command_word("keypad"))
        for name, button in self.sizes.items():
            amount = model.sizes.get(name)
            button.setVisible(amount is not None)
            if amount is not None:
                button.setText(f"{words.size_word(name)}\n{format_money(amount)}")
        self.no_raise.setVisible(options.no_raise is not None and span is None)
        self.no_raise.setText(say(no_raise_text(options.no_raise)) if options.no_raise else "")
        turn = (model.hand, options.seat, model.phase, span)
        if span is not None and turn != self._entry_for:  # a new decision: the entry starts at the minimum
            self._entry_for = turn
            self.entry = format_money(span[1])
        self._show_entry()

    def _show_seat(self, model: ScreenModel, seat: SeatView | None) -> None:
        if seat is None:
            self.seat_heading.setText(words.choose_seat_word())
        elif not seat.occupied:
            self.seat_heading.setText(words.seat_heading(seat.seat, words.empty_word()))
        else:
            what = words.money(seat.stack) + (f" \u00b7 {words.status_word(seat.status)}" if seat.status else "")
            self.seat_heading.setText(words.seat_heading(seat.seat, what))
        between = "add_chips" in model.commands
        for name, button in self.seat_buttons.items():
            fits = seat is not None and name in model.commands and (name == "seat_player") != seat.occupied
            if fits and seat is not None and name == "sit_out":
                fits = seat.status != "out"
            if fits and seat is not None and name == "sit_in":
                fits = seat.status == "out"
            if fits and seat is not None and name == "leave":
                fits = between or not seat.in_hand
            button.setVisible(fits)
            button.setText(words.command_word(name))
        self.post.setVisible(self.seat_buttons["seat_player"].isVisibleTo(self.seat_page)
                             or self.seat_buttons["sit_in"].isVisibleTo(self.seat_page))
        self.post.setText(words.command_word("post"))
        theme.set_flag(self.post, "on", self.post_chosen)

    def _show_pots(self, model: ScreenModel) -> None:
        lines: list[str] = []
        if model.void is not None and model.number is not None:
            lines += void_words(model.number, model.void)
            returned = model.void.get("returned", {})
            lines += [words.returned_line(int(seat), Decimal(str(chips))) for seat, chips in sorted(
                returned.items(), key=lambda item: int(item[0]))]
        for pot in model.pots:
            lines.append(words.pot_push_line(pot) if pot.shares else words.pot_line(pot))
        if model.returned is not None:
            lines.append(words.uncalled_line(*model.returned))
        if model.rake_to_drop is not None:
            lines.append(words.rake_line(model.rake_to_drop))
        self.pots.setText("\n".join(lines))
