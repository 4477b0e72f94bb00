"""Bet entry for the chosen seat: one row of large chips per spot, toggles for the spots that
take a fixed amount (THB's Pool) or follow another (THB's Bonus = Ante), and the lockout.

Rows are told apart by colour, by the label on the row and by the spot's name on every
chip (``engine.view.chip_rows``: spots, labels, the profile's chips). A press reads the
seat's stakes on the worker, adds the chip (``engine.view.bets_after``) and sends them
all to the session, which checks them; the stakes before the press are kept for Undo.
After No more bets every chip is disabled and the tray is drawn locked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.view import ChipRow, bets_after, chip_rows, money_args
from dealer_station.games import BankingGame
from dealer_station.table.phases import Stage

from . import theme
from .format import money
from .i18n import game_word, translate
from .widgets import CURRENT, FitButton, FitLabel


def press_chip(session: TableSession, seat: int, row: ChipRow, chip: Decimal | None,
               rows: list[ChipRow]) -> tuple[int, dict[str, Decimal]]:
    """On the worker: the seat's stakes now, plus the press, to the session. Returns (seat, stakes before)."""
    rnd = session.round
    before = dict(rnd.seats[seat].bets) if rnd is not None and seat in rnd.seats else {}
    session.execute("set_bets", seat, money_args(bets_after(before, row, chip, rows)))
    return seat, before


def restore_bets(session: TableSession, seat: int, bets: dict[str, Decimal]) -> int:
    """On the worker: put a seat's stakes back as they were (Undo)."""
    session.execute("set_bets", seat, money_args(bets))
    return seat


class BetPanel(QFrame):
    def __init__(self, shell: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shell = shell
        session: TableSession = shell.session
        self.session = session
        self.setObjectName("betPanel")
        theme.set_role(self, "panel")
        game = session.game
        assert isinstance(game, BankingGame), "the bet panel is a banking table's"
        self.rows = chip_rows(game, session.table)
        self.seat = 1
        m = CURRENT[0]
        outer = QHBoxLayout(self)
        outer.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        outer.setSpacing(m.gap * 2)
        self.seat_label = FitLabel("", 20, bold=True, role="title", lines=2)
        self.seat_label.setObjectName("betSeat")
        outer.addWidget(self.seat_label, 2)
        grid = QGridLayout()
        grid.setHorizontalSpacing(m.gap)
        grid.setVerticalSpacing(m.gap)
        self.chips: list[FitButton] = []
        self.row_labels: dict[str, FitLabel] = {}
        self._buttons: dict[tuple[str, str], FitButton] = {}
        toggles = [r for r in self.rows if r.fixed is not None or r.matches is not None]
        chip_rows_ = [r for r in self.rows if r not in toggles]
        for r, row in enumerate(chip_rows_):
            colour = theme.SPOT_COLOURS[self.rows.index(row) % len(theme.SPOT_COLOURS)]
            name = FitLabel("", 13, bold=True, lines=2)
            name.setStyleSheet(f"color: {colour};")
            name.setObjectName(f"row_{row.spot}")
            self.row_labels[row.spot] = name
            grid.addWidget(name, r, 0)
            for c, chip in enumerate(row.chips):
                button = FitButton("", 13, role="chip", name=f"chip_{row.spot}_{money(chip)}", lines=2)
                button.setStyleSheet(f"QPushButton:enabled {{ background: {colour}; }}")
                button.tapped.connect(lambda rw=row, ch=chip: self._press(rw, ch))
                grid.addWidget(button, r, c + 1)
                self.chips.append(button)
                self._buttons[(row.spot, money(chip))] = button
        if toggles:
            line = QHBoxLayout()
            line.setSpacing(m.gap)
            for row in toggles:
                colour = theme.SPOT_COLOURS[self.rows.index(row) % len(theme.SPOT_COLOURS)]
                button = FitButton("", 14, role="toggle", name=f"toggle_{row.spot}")
                button.setStyleSheet(f"QPushButton:enabled {{ background: {colour}; }}")
                button.tapped.connect(lambda rw=row: self._press(rw, None))
                line.addWidget(button)
                self.chips.append(button)
                self._buttons[(row.spot, "toggle")] = button
            grid.addLayout(line, len(chip_rows_), 0, 1, 1 + max((len(r.chips) for r in chip_rows_), default=0))
        outer.addLayout(grid, 9)
        self.lock_label = FitLabel("", 18, bold=True, role="notice")
        self.lock_label.setObjectName("lockLabel")
        outer.addWidget(self.lock_label, 3)
        self.locked = True
        self.retranslate()

    # -- texts -------------------------------------------------------------------

    def retranslate(self) -> None:
        game = self.session.game
        for row in self.rows:
            words = " + ".join(game_word(game, s) for s in (row.spot, *row.paired))
            if row.spot in self.row_labels:
                self.row_labels[row.spot].setText(words)
            for chip in row.chips:
                self._buttons[(row.spot, money(chip))].setText(f"{game_word(game, row.spot)}\n{money(chip)}")
            if row.fixed is not None:
                self._buttons[(row.spot, "toggle")].setText(f"{words} {money(row.fixed)}")
            elif row.matches is not None:
                self._buttons[(row.spot, "toggle")].setText(f"{words} = {game_word(game, row.matches)}")
        self.lock_label.setText(translate("screen", "No more bets"))
        self._show_seat()

    def _show_seat(self) -> None:
        self.seat_label.setText(translate("screen", "Seat {seat}").format(seat=self.seat))

    # -- presses -----------------------------------------------------------------

    def chip(self, spot: str, amount: str) -> FitButton:
        """The chip button of ``spot`` worth ``amount`` (``"toggle"`` for a toggle)."""
        return self._buttons[(spot, amount)]

    def choose(self, seat: int) -> None:
        self.seat = seat
        self._show_seat()

    def _press(self, row: ChipRow, chip: Decimal | None) -> None:
        if self.locked:
            return
        self.shell.submit("bet", press_chip, self.session, self.seat, row, chip, self.rows)

    # -- state -------------------------------------------------------------------

    def render_state(self, session: TableSession) -> None:
        rnd = session.round
        open_for_bets = rnd is not None and session.phase_info.stage is Stage.BETTING and rnd.halt is None
        self.locked = not open_for_bets
        current = rnd.seats[self.seat].bets if rnd is not None and self.seat in rnd.seats else {}
        for row in self.rows:
            for chip in row.chips:
                self._buttons[(row.spot, money(chip))].setEnabled(open_for_bets)
            if (row.spot, "toggle") in self._buttons:
                button = self._buttons[(row.spot, "toggle")]
                button.setEnabled(open_for_bets and (row.matches is None or row.matches in current
                                                     or row.spot in current))
                theme.set_flag(button, "on", row.spot in current)
        self.lock_label.setVisible(rnd is not None and not open_for_bets and not rnd.finished)
        theme.set_role(self, "panel" if open_for_bets else "locked")
