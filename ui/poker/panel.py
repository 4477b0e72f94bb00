"""The poker family's table panel for the croupier's screen shell (``ui/panel.py``'s protocol).

The shell owns the window, the banner, the halt panel, the supervisor's menu and its own
commands (open the round, cards dealt, key a card); this panel is the poker table in the
middle - the painted table with its seats, board and pots - and on its right the seat to
act's legal actions with the bet entry, the seat commands for a tapped seat, and the
poker commands only this family has (show, muck, pots pushed). The standalone
``window.PokerWindow`` puts the same two widgets in a window of its own.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QWidget

from dealer_station.engine import TableSession

from . import model as screen
from .actions import ActionPanel
from .style import scale_for, stylesheet
from .table_view import TableView
from .texts import say

PANEL_COMMANDS = ("show", "muck", "push_pots")
"""Croupier commands this panel shows; the shell shows open_round, deal_done and key_card."""


class PokerPanel(QWidget):
    """``PokerPanel(shell)``: ``header``, ``action_bar``, ``render_state``, ``retranslate``, ``rescale``,
    ``highlight`` and ``limits_sign``, as ``ui/panel.py`` asks of a family's panel."""

    def __init__(self, shell: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pokerPanel")
        self.shell = shell
        self.session: TableSession = shell.session
        self.selected: int | None = None
        self.model: screen.ScreenModel | None = None
        self.header: QWidget | None = None
        self.action_bar = QWidget()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.table = TableView()
        self.table.seat_clicked.connect(self._select)
        layout.addWidget(self.table, 1)
        self.moves = ActionPanel(self._submit, commands=PANEL_COMMANDS, supervisor=False)
        layout.addWidget(self.moves)
        self.rescale()

    def _submit(self, label: str, command: str, *args: Any) -> None:
        self.shell.submit(label, self.session.execute, command, *args)

    def _select(self, seat: int) -> None:
        self.selected = seat
        self.render_state(self.session)

    def render_state(self, session: TableSession) -> None:
        self.model = screen.build(session)
        self.table.show_model(self.model, self.selected)
        self.moves.show_model(self.model, self.selected)

    def retranslate(self) -> None:
        """Every word comes from ``texts.phrase`` at each render: render again."""
        if self.model is not None:
            self.render_state(self.session)

    def rescale(self) -> None:
        """The table scales itself; the action column takes about a third of the panel, its
        buttons sized to the room the shell leaves it."""
        width = self.width() or 1280
        self.moves.setFixedWidth(max(250, min(420, round(width * 0.3))))
        sheet = stylesheet(scale_for(self.window().height() or 800, self.height() or None))
        if self.moves.styleSheet() != sheet:
            self.moves.setStyleSheet(sheet)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.rescale()

    def highlight(self, target: tuple[str, int] | None) -> None:
        """The card being keyed: the board's next card or a shown hand's (drawn face down until read)."""

    def limits_sign(self) -> str:
        """The table's structure and stakes, for the shell's limits sign."""
        return say(screen.build(self.session).title)
