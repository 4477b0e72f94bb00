"""The poker family's table panel for the croupier's screen shell (``ui/panel.py``'s protocol).

The shell owns the window, the banner (``PokerFlow.banner``), the halt panel, the
supervisor's menu and its own commands (deal the next hand, cards dealt, key a card);
this panel is the painted table in the middle - seats round the table with their stacks
and status, the button and blinds, whose turn it is with its clock, the board, the pots
with who is in each - and beside it the action column (``actions.py``). The footer gets
the poker commands only this family has: show, muck, pots pushed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QStackedWidget, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot

from ..widgets import CURRENT, FitButton, GuardedButton
from . import model as screen
from . import words
from .actions import ActionColumn
from .showdown import ShowdownBoard
from .table_view import TableView

FOOTER_COMMANDS = ("show", "muck", "push_pots")
FINAL_COMMANDS = ("muck", "push_pots")
"""Footer commands that cannot be taken back: drawn unlike Show, each asks for a second tap."""
"""Croupier commands this panel shows in the footer; the shell shows open_round, deal_done and key_card."""
CLOCK_MS = 500
DESIGN_COLUMN = 300
"""The action column's width on an 800x480 panel: four quick sizes a finger wide."""


class PokerPanel(QWidget):
    """``PokerPanel(shell)``: ``header``, ``action_bar``, ``render_state``, ``retranslate``, ``rescale``,
    ``highlight``, ``limits_sign`` and ``command_label``, as ``ui/panel.py`` asks of a family's panel."""

    def __init__(self, shell: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pokerPanel")
        self.shell = shell
        self.session: TableSession = shell.session
        self.selected: int | None = None
        self._selected_for: tuple[Any, ...] | None = None
        self.model: screen.ScreenModel | None = None
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.pages = QStackedWidget()
        outer.addWidget(self.pages)
        playing = QWidget()
        layout = QHBoxLayout(playing)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(CURRENT[0].gap)
        self.table = TableView()
        self.table.seat_clicked.connect(self._tapped)
        layout.addWidget(self.table, 1)
        self.moves = ActionColumn(self._submit)
        layout.addWidget(self.moves)
        self.playing = playing
        self.showdown = ShowdownBoard()
        self.header: QWidget | None = self.showdown.board  # the board beside the banner, while the pushes are shown
        self.header.hide()
        self.pages.addWidget(playing)
        self.pages.addWidget(self.showdown)
        self.action_bar = QWidget()
        row = QHBoxLayout(self.action_bar)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(CURRENT[0].gap)
        self.commands: dict[str, FitButton] = {}
        for name in FOOTER_COMMANDS:
            button = GuardedButton("", 16, name=name) if name in FINAL_COMMANDS else \
                FitButton("", 16, role="go", name=name)
            button.tapped.connect(lambda n=name: self._submit(n, n))
            self.commands[name] = button
            row.addWidget(button)
        self.clock = QTimer(self)
        self.clock.timeout.connect(self._tick)
        self.clock.start(CLOCK_MS)
        self.rescale()

    def _submit(self, label: str, command: str, *args: Any) -> None:
        self.shell.submit(label, self.session.execute, command, *args)

    def _tapped(self, seat: int) -> None:
        """A tap selects a seat for its commands; the same seat again (or the seat to act) goes back."""
        to_act = self.model.options.seat if self.model is not None and self.model.options is not None else None
        self.selected = None if seat in (self.selected, to_act) else seat
        if self.model is not None:
            self.table.show_model(self.model, self.selected)
            self.moves.show_model(self.model, self.selected)

    def _tick(self) -> None:
        if self.model is not None and self.model.deadline is not None:
            self.table.update()
            self.moves.tick()

    def render_state(self, snap: TableSnapshot) -> None:
        """Called by the shell with the table's latest snapshot."""
        model = screen.build(snap)
        turn = (model.hand, model.phase, model.options.seat if model.options is not None else None)
        if turn != self._selected_for:  # the hand moved on: the seat tapped before is forgotten
            self._selected_for = turn
            self.selected = None
        self.model = model
        self.table.show_model(model, self.selected)
        self.moves.show_model(model, self.selected)
        settled = "push_pots" in model.commands and any(pot.shares for pot in model.pots)
        if settled:  # the pushes and the hands, full width, until Pots pushed
            self.showdown.show_model(model)
        self.pages.setCurrentWidget(self.showdown if settled else self.playing)
        self.showdown.board.setVisible(settled)
        for name, button in self.commands.items():
            button.setVisible(name in model.commands)
            button.setText(words.command_word(name))

    def retranslate(self) -> None:
        """Every word is said at each render: render again."""
        if self.model is not None:
            self.render_state(self.session.view())

    def rescale(self) -> None:
        """The table scales itself; the column keeps four quick sizes a finger wide."""
        self.showdown.rescale()
        width = self.width() or 800
        self.moves.setFixedWidth(max(round(DESIGN_COLUMN * CURRENT[0].scale), round(width * 0.36)))

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.rescale()

    def highlight(self, target: tuple[str, int] | None) -> None:
        """The card being keyed: the board's next card or a shown hand's, framed in gold."""
        self.table.highlight(target)

    def limits_sign(self) -> str:
        """The table's structure, stakes and buy-in, for the shell's limits sign."""
        model = self.model or screen.build(self.session.view())
        return words.limits_sign(model.structure, model.stakes, model.buy_in, self.session.view().table.currency)

    @staticmethod
    def command_label(command: str) -> str | None:
        """The shell's footer commands in poker's words ("Deal next hand"); None: the shell's own."""
        return words.command_word(command) if command == "open_round" else None
