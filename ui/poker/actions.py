"""The poker screen's right-hand panel: what the croupier can press now.

The seat to act's legal actions with their amounts (``betting.legal`` via the model), a
bet entry for a touchscreen (quick sizes min, 1/2 pot, pot, all in, and a keypad), the
croupier's commands the session offers now, and the seat commands for the seat tapped on
the table. Buttons only submit commands; the session decides and refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_station.games.holdem.sizing import QUICK_SIZES
from dealer_station.money import format_money

from .model import ScreenModel
from .texts import phrase

Submit = Callable[..., None]
"""``submit(label, command, *args)``: run a session command off the GUI thread."""

CROUPIER_BUTTONS = ("open_round", "deal_done", "show", "muck", "key_card", "push_pots")
SEAT_BUTTONS = ("seat_player", "add_chips", "sit_out", "sit_in", "leave")
KEYS = ("7", "8", "9", "4", "5", "6", "1", "2", "3", "clear", "0", "back")


def _on_click(button: QPushButton, handler: Callable[[], Any]) -> None:
    """Call ``handler()`` on a click (``clicked`` passes a flag the handlers do not take)."""
    button.clicked.connect(lambda: handler())


class ActionPanel(QWidget):
    """Buttons built once; ``show_model`` shows, hides and labels them from the model."""

    key_card_wanted = Signal()
    void_wanted = Signal()

    def __init__(self, submit: Submit, parent: QWidget | None = None, *,
                 commands: tuple[str, ...] = CROUPIER_BUTTONS, supervisor: bool = True) -> None:
        """``commands``: the croupier commands it shows (a shell may show some itself);
        ``supervisor``: whether it has its own Void button (a shell may have a supervisor menu)."""
        super().__init__(parent)
        self.setObjectName("pokerActions")
        self.submit = submit
        self.supervisor = supervisor
        self.model: ScreenModel | None = None
        self.selected: int | None = None
        self.entry = ""
        self._entry_for: tuple[Any, ...] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.heading = QLabel("")
        self.heading.setObjectName("heading")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)

        moves = QGridLayout()
        moves.setSpacing(4)
        self.fold = self._button("fold", lambda: self._act("fold"), "danger")
        self.check = self._button("check", lambda: self._act("check"))
        self.call = self._button("call", lambda: self._act("call"))
        self.bet = self._button("bet", self._bet, "go")
        self.all_in = self._button("all_in", lambda: self._act("all_in"), "danger")
        moves.addWidget(self.fold, 0, 0)
        moves.addWidget(self.check, 0, 1)
        moves.addWidget(self.call, 0, 1)
        moves.addWidget(self.bet, 1, 0)
        moves.addWidget(self.all_in, 1, 1)
        layout.addLayout(moves)
        self.no_raise = QLabel("")
        self.no_raise.setObjectName("noRaise")
        self.no_raise.setWordWrap(True)
        layout.addWidget(self.no_raise)

        self.commands: dict[str, QPushButton] = {}
        row = QGridLayout()
        row.setSpacing(4)
        for i, name in enumerate(commands):
            button = self._button(name, partial(self._command, name), "go")
            self.commands[name] = button
            row.addWidget(button, i // 2, i % 2)
        layout.addLayout(row)

        seats = QGridLayout()
        seats.setSpacing(4)
        self.seat_buttons: dict[str, QPushButton] = {}
        for i, name in enumerate(SEAT_BUTTONS):
            button = self._button(name, partial(self._seat_command, name))
            self.seat_buttons[name] = button
            seats.addWidget(button, i // 2, i % 2)
        self.post = QCheckBox(phrase("post_choice"))
        self.post.setObjectName("post")
        seats.addWidget(self.post, 2, 1)
        layout.addLayout(seats)

        self.amount = QLabel("")
        self.amount.setObjectName("amount")
        self.amount.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.amount)
        sizes = QHBoxLayout()
        sizes.setSpacing(4)
        self.sizes: dict[str, QPushButton] = {}
        for name in QUICK_SIZES:
            button = self._button(f"size_{name}", partial(self._size, name), "size")
            self.sizes[name] = button
            sizes.addWidget(button)
        layout.addLayout(sizes)
        pad = QGridLayout()
        pad.setSpacing(4)
        for i, key in enumerate(KEYS):
            label = phrase(key) if key in ("clear", "back") else key
            button = QPushButton(label)
            button.setObjectName(f"key_{key}")
            _on_click(button, partial(self._key, key))
            pad.addWidget(button, i // 3, i % 3)
        layout.addLayout(pad)
        self.void = self._button("void", self.void_wanted.emit, "danger")
        layout.addWidget(self.void)
        layout.addStretch(1)

    def _button(self, name: str, handler: Callable[[], Any], role: str = "") -> QPushButton:
        button = QPushButton(name)
        button.setObjectName(name)
        if role:
            button.setProperty("role", role)
        _on_click(button, handler)
        return button

    # -- the entry ------------------------------------------------------------------------

    def entered(self) -> Decimal | None:
        try:
            return Decimal(self.entry) if self.entry else None
        except InvalidOperation:
            return None

    def _key(self, key: str) -> None:
        if key == "clear":
            self.entry = ""
        elif key == "back":
            self.entry = self.entry[:-1]
        elif len(self.entry) < 9:
            self.entry = (self.entry + key).lstrip("0") or "0"
        self._show_entry()

    def _size(self, name: str) -> None:
        if self.model is not None and name in self.model.sizes:
            self.entry = format_money(self.model.sizes[name])
            self._show_entry()

    def _show_entry(self) -> None:
        self.amount.setText(f"{phrase('amount')}: {self.entry or '-'}")
        options = self.model.options if self.model is not None else None
        span = None if options is None else (options.bet_to or options.raise_to)
        if span is not None and options is not None:
            key = "bet_to" if options.bet_to is not None else "raise_to"
            self.bet.setText(phrase(key, amount=self.entry or format_money(span.min_to)))

    # -- commands -----------------------------------------------------------------------

    def _act(self, move: str, to: str | None = None) -> None:
        options = self.model.options if self.model is not None else None
        if options is not None:
            self.submit("act", "act", options.seat, move, *(() if to is None else (to,)))

    def _bet(self) -> None:
        options = self.model.options if self.model is not None else None
        if options is None:
            return
        span = options.bet_to or options.raise_to
        if span is None:
            return
        move = "bet" if options.bet_to is not None else "raise"
        self._act(move, self.entry or format_money(span.min_to))

    def _command(self, name: str) -> None:
        if name == "key_card":
            self.key_card_wanted.emit()
        else:
            self.submit(name, name)

    def _seat_command(self, name: str) -> None:
        seat = self.selected
        if seat is None:
            return
        if name == "seat_player":
            self.submit(name, name, seat, self.entry or "0", self.post.isChecked())
        elif name == "add_chips":
            self.submit(name, name, seat, self.entry or "0")
        elif name == "sit_in":
            self.submit(name, name, seat, self.post.isChecked())
        else:
            self.submit(name, name, seat)

    # -- rendering ---------------------------------------------------------------------

    def show_model(self, model: ScreenModel, selected: int | None) -> None:
        self.model, self.selected = model, selected
        options = model.options
        betting = options is not None
        if betting and options is not None:
            self.heading.setText(phrase("seat", seat=options.seat))
            self.fold.setVisible(options.fold)
            self.fold.setText(phrase("fold"))
            self.check.setVisible(options.check)
            self.check.setText(phrase("check"))
            self.call.setVisible(options.call is not None)
            if options.call is not None:
                self.call.setText(phrase("call", amount=format_money(options.call)))
            span = options.bet_to or options.raise_to
            self.bet.setVisible(span is not None)
            self.all_in.setVisible(options.all_in is not None)
            if options.all_in is not None:
                self.all_in.setText(phrase("all_in", amount=format_money(options.all_in)))
            self.no_raise.setVisible(options.no_raise is not None and span is None)
            self.no_raise.setText(phrase("no_raise", why=options.no_raise or ""))
            turn = (model.hand, options.seat, model.phase, span)
            if span is not None and turn != self._entry_for:  # a new decision: the entry starts at the minimum
                self._entry_for = turn
                self.entry = format_money(span.min_to)
        else:
            for button in (self.fold, self.check, self.call, self.bet, self.all_in):
                button.setVisible(False)
            self.no_raise.setVisible(False)
            self.heading.setText(self._seat_heading(model, selected))
        for name, button in self.commands.items():
            button.setVisible(name in model.commands)
            button.setText(phrase(name))
        seat_view = next((s for s in model.seats if s.seat == selected), None)
        for name, button in self.seat_buttons.items():
            fits = name in model.commands and seat_view is not None and not betting
            if fits and seat_view is not None:
                fits = (name == "seat_player") != seat_view.occupied
                if name == "sit_out":
                    fits = fits and seat_view.status != "status_out"
                if name == "sit_in":
                    fits = fits and seat_view.status == "status_out"
            button.setVisible(fits)
            button.setText(phrase(name))
        self.post.setVisible(self.seat_buttons["seat_player"].isVisible() or self.seat_buttons["sit_in"].isVisible())
        self.post.setText(phrase("post_choice"))
        can_bet = options is not None and (options.bet_to or options.raise_to) is not None
        typing = can_bet or any(self.seat_buttons[n].isVisible() for n in ("seat_player", "add_chips"))
        for name, button in self.sizes.items():
            button.setVisible(betting and name in model.sizes)
            if name in model.sizes:
                button.setText(phrase(f"size_{name}", amount=format_money(model.sizes[name])))
        self.amount.setVisible(typing)
        for i in range(12):
            item = self.findChild(QPushButton, f"key_{KEYS[i]}")
            if item is not None:
                item.setVisible(typing)
        self.void.setVisible(self.supervisor and "void" in model.supervisor)
        self.void.setText(phrase("void"))
        self._show_entry()

    @staticmethod
    def _seat_heading(model: ScreenModel, selected: int | None) -> str:
        seat = next((s for s in model.seats if s.seat == selected), None)
        if seat is None:
            return phrase("choose_seat")
        what = phrase("empty") if not seat.occupied else (phrase(seat.status) if seat.status else format_money(seat.stack))
        return phrase("selected_seat", seat=seat.seat, what=what)
