"""Bet entry for the chosen seat: one row of large chips per spot, toggles for the spots that
take a fixed amount (THB's Pool) or follow another (THB's Bonus = Ante), and the lockout.

Fast entry (issue 19): each row has the largest chips the spot takes up to its maximum
(``view.table.chip_rows``: 500 at an Ante of 5-500), a keypad that sets the spot to an
amount typed, and "Same as last round" puts back the seat's stakes of the round before
(seven seats at Ante 500 take 13 taps: a seat, then its chip).

Rows are told apart by colour, by the label on the row and by the spot's name on every
chip (``view.table.chip_rows``: spots, labels, the profile's chips). A press reads the
seat's stakes on the worker, adds the chip (``view.table.bets_after``) and sends them
all to the session, which checks them; the stakes before the press are kept for Undo.
After No more bets every chip is disabled and the tray is drawn locked.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.games import BankingGame
from dealer_station.money import parse_money
from dealer_station.table.phases import Stage
from dealer_station.view.sensing import SensedSeat, sensed_entry
from dealer_station.view.table import ChipRow, bets_after, bets_set, chip_rows, money_args
from dealer_station.view.texts import Text, label

from . import theme
from .amount_pad import AmountPad
from .format import money
from .i18n import game_word, say, translate
from .widgets import CURRENT, FitButton, FitLabel


def press_chip(session: TableSession, seat: int, row: ChipRow, chip: Decimal | None,
               rows: list[ChipRow]) -> tuple[int, dict[str, Decimal]]:
    """On the worker: the seat's stakes now, plus the press, to the session. Returns (seat, stakes before)."""
    rnd = session.view().round
    before = dict(rnd.seats[seat].bets) if rnd is not None and seat in rnd.seats else {}
    session.execute("set_bets", seat, money_args(bets_after(before, row, chip, rows)))
    return seat, before


def key_amount(session: TableSession, seat: int, row: ChipRow, text: str,
               rows: list[ChipRow]) -> tuple[int, dict[str, Decimal]]:
    """On the worker: the spot set to the amount keyed (the session checks it). Returns (seat, stakes before)."""
    rnd = session.view().round
    before = dict(rnd.seats[seat].bets) if rnd is not None and seat in rnd.seats else {}
    session.execute("set_bets", seat, money_args(bets_set(before, row, parse_money(text, "amount"), rows)))
    return seat, before


def same_bets(session: TableSession, seat: int, bets: dict[str, Decimal]) -> tuple[int, dict[str, Decimal]]:
    """On the worker: the seat's stakes of the round before, again. Returns (seat, stakes before)."""
    rnd = session.view().round
    before = dict(rnd.seats[seat].bets) if rnd is not None and seat in rnd.seats else {}
    session.execute("set_bets", seat, money_args(bets))
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
        game = session.view().game
        assert isinstance(game, BankingGame), "the bet panel is a banking table's"
        self.rows = chip_rows(game, session.view().table)
        self.seat = 1
        m = CURRENT[0]
        outer = QHBoxLayout(self)
        outer.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        outer.setSpacing(m.gap * 2)
        self.seat_label = FitLabel("", 20, bold=True, role="title", lines=2)
        self.seat_label.setObjectName("betSeat")
        side = QVBoxLayout()
        side.setSpacing(m.gap)
        side.addWidget(self.seat_label)
        self.same_button = FitButton("", 15, name="sameBets", lines=2)
        self.same_button.tapped.connect(self._same)
        side.addWidget(self.same_button)
        self.sensor_note = FitLabel("", 14, bold=True, role="keyed", lines=3)
        self.sensor_note.setObjectName("sensorNote")  # a spot of this seat the bet sensor cannot read
        self.sensor_note.hide()
        side.addWidget(self.sensor_note)
        side.addStretch(1)
        outer.addLayout(side, 2)
        self.last_bets: dict[int, dict[str, Decimal]] = {}
        """Each seat's stakes in the round before this one ("Same as last round")."""
        self._round: tuple[str | None, dict[int, dict[str, Decimal]]] = (None, {})
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
            name = FitLabel("", 14, bold=True, lines=2)
            name.setStyleSheet(f"color: {colour};")
            name.setObjectName(f"row_{row.spot}")
            self.row_labels[row.spot] = name
            grid.addWidget(name, r, 0)
            for c, chip in enumerate(row.chips):
                button = FitButton("", 13, role="chip", name=f"chip_{row.spot}_{money(chip)}", lines=2, pad=0,
                                   repeat=True)  # three taps are three chips: only a bounce is one
                button.setStyleSheet(f"QPushButton:enabled {{ background: {colour}; }}")
                button.tapped.connect(lambda rw=row, ch=chip: self._press(rw, ch))
                grid.addWidget(button, r, c + 1)
                self.chips.append(button)
                self._buttons[(row.spot, money(chip))] = button
            pad = FitButton("", 13, name=f"keypad_{row.spot}", lines=2)
            pad.tapped.connect(lambda rw=row: self._keypad(rw))
            grid.addWidget(pad, r, 1 + max(len(each.chips) for each in chip_rows_))  # one column for every keypad
            self.chips.append(pad)
            self._buttons[(row.spot, "keypad")] = pad
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
            grid.addLayout(line, len(chip_rows_), 0, 1, 2 + max((len(r.chips) for r in chip_rows_), default=0))
        outer.addLayout(grid, 9)
        self.lock_label = FitLabel("", 18, bold=True, role="notice")
        self.lock_label.setObjectName("lockLabel")
        outer.addWidget(self.lock_label, 3)
        self.locked = True
        self.retranslate()

    # -- texts -------------------------------------------------------------------

    def retranslate(self) -> None:
        game = self.session.view().game
        for row in self.rows:
            words = " + ".join(game_word(game, s) for s in (row.spot, *row.paired))
            if row.spot in self.row_labels:
                self.row_labels[row.spot].setText(words)
            for chip in row.chips:
                self._buttons[(row.spot, money(chip))].setText(f"{game_word(game, row.spot)}\n{money(chip)}")
            if (row.spot, "keypad") in self._buttons:
                self._buttons[(row.spot, "keypad")].setText(translate("screen", "Amount..."))
            if row.fixed is not None:
                self._buttons[(row.spot, "toggle")].setText(f"{words} {money(row.fixed)}")
            elif row.matches is not None:
                self._buttons[(row.spot, "toggle")].setText(f"{words} = {game_word(game, row.matches)}")
        self.lock_label.setText(translate("screen", "No more bets"))
        self._show_seat()

    def _show_seat(self) -> None:
        self.seat_label.setText(translate("screen", "Seat {seat}").format(seat=self.seat))
        self.seat_label.wrap_if_long()  # one line when it fits: room for the sensor's note under it
        last = self.last_bets.get(self.seat)
        game = self.session.view().game
        self.same_button.setText(translate("screen", "Same as last round: {bets}").format(
            bets=" \u00b7 ".join(f"{game_word(game, spot)} {money(v)}" for spot, v in last.items()))
            if last else translate("screen", "Same as last round"))

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

    def _keypad(self, row: ChipRow) -> None:
        """Key the spot's amount (a banking table's keypad): OK sets it, the session checks it."""
        if self.locked:
            return
        seat, game = self.seat, self.session.view().game
        words = " + ".join(game_word(game, s) for s in (row.spot, *row.paired))

        def send(text: str) -> None:  # a bad amount is refused on the refusal line, like any bet
            self.shell.submit("bet", key_amount, self.session, seat, row, text, self.rows)

        AmountPad(self.window(), translate("screen", "Seat {seat}: {spot}").format(seat=seat, spot=words),
                  lambda text: f"{words} {text}", send).open()

    def _same(self) -> None:
        last = self.last_bets.get(self.seat)
        if last and not self.locked:
            self.shell.submit("bet", same_bets, self.session, self.seat, dict(last))

    # -- state -------------------------------------------------------------------

    def render_state(self, snap: TableSnapshot, sensed: dict[int, SensedSeat] | None = None) -> None:
        """``sensed``: the bet sensor's proposed stakes, when the caller has them already (``sensed_entry``)."""
        rnd = snap.round
        open_for_bets = rnd is not None and snap.phase_info.stage is Stage.BETTING and rnd.halt is None
        self.locked = not open_for_bets
        current = rnd.seats[self.seat].bets if rnd is not None and self.seat in rnd.seats else {}
        for row in self.rows:
            for chip in row.chips:
                self._buttons[(row.spot, money(chip))].setEnabled(open_for_bets)
            if (row.spot, "keypad") in self._buttons:  # off the tray once locked: room for the lock sign
                self._buttons[(row.spot, "keypad")].setEnabled(open_for_bets)
                self._buttons[(row.spot, "keypad")].setVisible(open_for_bets)
            if (row.spot, "toggle") in self._buttons:
                button = self._buttons[(row.spot, "toggle")]
                button.setEnabled(open_for_bets and (row.matches is None or row.matches in current
                                                     or row.spot in current))
                theme.set_flag(button, "on", row.spot in current)
        self.lock_label.setVisible(rnd is not None and not open_for_bets and not rnd.finished)
        round_id = rnd.round_id if rnd is not None else None
        if round_id != self._round[0]:  # a new round: the one before is "last round"
            if self._round[1]:
                self.last_bets = self._round[1]
            self._round = (round_id, {})
        if rnd is not None:
            self._round = (round_id, {seat: dict(st.bets) for seat, st in rnd.seats.items() if st.bets})
        # at a table with a bet sensor the chips are the stakes: only a spot it cannot read is keyed
        self.same_button.setVisible(open_for_bets and snap.sensed is None)
        self.same_button.setEnabled(open_for_bets and self.seat in self.last_bets)
        entry = (sensed if sensed is not None else sensed_entry(snap)).get(self.seat)
        keyed = [spot for spot, view in entry.spots.items() if view.keyed] if entry is not None else []
        self.sensor_note.setText("\n".join(say(Text("sensed:keyed", {"spot": label(snap.game, spot)}))
                                           for spot in keyed[:2]))
        self.sensor_note.setVisible(bool(keyed))
        self._show_seat()
        theme.set_role(self, "panel" if open_for_bets else "locked")
