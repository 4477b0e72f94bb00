"""The table panel of the banking family (each seat against the dealer: UTH, THB).

It draws the seats and the cards in the middle, the bet tray, the settlement of the seat
being paid, and its own commands in the footer: No more bets, Undo and Clear for the
chosen seat, the acting seat's decisions with their amounts ("Play 4x - 40"), and the
paid / collected confirmation. What fits comes from the session's offer and views.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.games import BankingGame
from dealer_station.money import format_cents
from dealer_station.table.phases import Stage
from dealer_station.view.sensing import SensedSeat, bet_alarm_text, payout_held, seat_fixes, sensed_entry
from dealer_station.view.settlement import held_awards, withheld_at
from dealer_station.view.table import decision_stake, face_up
from dealer_station.view.texts import Text, label

from .amount_pad import AmountPad
from .bet_panel import BetPanel, restore_bets
from .format import money
from .i18n import game_word, say, translate
from .overlay import Overlay
from .settlement_view import SettlementView, chips_text, paid_label, seat_outcome, settle_banner
from .table_view import CenterCards, SeatsRow, keyed_position
from .theme import set_role
from .widgets import CURRENT, FitButton, FitLabel, GuardedButton

MAX_DECISIONS = 4
BANNER_FIXES = 2
"""The moves a held seat's banner names; the settlement's lines below name every one."""


class BankingPanel(QWidget):
    def __init__(self, shell: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.shell = shell
        self.session: TableSession = shell.session
        self.setObjectName("bankingPanel")
        m = CURRENT[0]
        self.header = CenterCards()
        self.table = self.header  # the dealer's and the board's cards
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(m.margin)
        self.seats_row = SeatsRow(self.session)
        self.seats_row.tapped.connect(self._tapped)
        layout.addWidget(self.seats_row, 3)
        self.work = QStackedWidget()
        self.bets = BetPanel(shell)
        self.settlement = SettlementView(self.session)
        self.empty = QWidget()
        for page in (self.bets, self.settlement, self.empty):
            self.work.addWidget(page)
        layout.addWidget(self.work, 2)
        self._layout = layout
        self.undo_history: dict[tuple[str, int], list[dict[str, Decimal]]] = {}
        self.big = False
        """A big panel (``theme.BIG``): the tiles show each stake's chips."""
        self._sensed: dict[int, SensedSeat] = {}
        """The bet sensor's proposed stakes as of the last render (the banner says them too)."""
        self.action_bar = self._actions()
        shell.worker.done.connect(self._done)
        self.retranslate()

    @property
    def seats(self) -> dict[int, Any]:
        return self.seats_row.seats

    # -- footer commands ------------------------------------------------------------

    def _actions(self) -> QWidget:
        bar = QWidget()
        row = QHBoxLayout(bar)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(CURRENT[0].gap)
        self.undo_button = FitButton("", 13, name="undoChip", lines=2)
        self.undo_button.tapped.connect(self._undo)
        self.clear_button = FitButton("", 13, name="clearSeat", lines=2)
        self.clear_button.tapped.connect(self._clear)
        self.no_more_bets = FitButton("", 16, role="big", name="noMoreBets")
        self.no_more_bets.tapped.connect(lambda: self.shell.submit("no_more_bets", self.session.execute, "no_more_bets"))
        self.acting = FitLabel("", 16, bold=True, role="title", acted=True)
        self.acting.setObjectName("actingSeat")
        self.decision_buttons = [GuardedButton("", 16, role="action", name=f"decision{i}", lines=2)
                                 for i in range(MAX_DECISIONS)]
        for button in self.decision_buttons:
            button.tapped.connect(lambda b=button: self._decide(b))
        self.check_rest_button = FitButton("", 16, role="action", name="checkRest", lines=2)
        self.check_rest_button.tapped.connect(
            lambda: self.shell.submit("check_rest", self.session.execute, "check_rest"))
        self.undo_paid_button = FitButton("", 16, role="undo", name="undoPaid", lines=2)
        self.undo_paid_button.tapped.connect(self._undo_paid)
        self.paid_button = GuardedButton("", 16, role="go", name="paidSeat")
        self.paid_button.tapped.connect(self._paid)
        for widget in (self.undo_button, self.clear_button, self.no_more_bets, self.acting,
                       *self.decision_buttons, self.check_rest_button, self.undo_paid_button, self.paid_button):
            row.addWidget(widget, 2 if widget in (self.no_more_bets, self.paid_button) else 0 if widget is self.acting
                          else 1)
            widget.hide()
        return bar

    def retranslate(self) -> None:
        self.header.retranslate()
        self.bets.retranslate()
        self.no_more_bets.setText(translate("screen", "NO MORE BETS"))
        self.render_state(self.session.view())

    def set_big(self, big: bool) -> None:
        """A big panel: each seat's stakes also say the chips that make them, by denomination."""
        self.big = big

    def rescale(self) -> None:
        self.header.rescale()
        for tile in self.seats.values():
            tile.rescale()

    def highlight(self, target: tuple[str, int] | None) -> None:
        keyed_position(self.header, target)
        self.seats_row.highlight(target)

    # -- presses --------------------------------------------------------------------

    def _tapped(self, seat: int) -> None:
        rnd = self.session.view().round
        if self.session.view().phase_info.stage is Stage.SETTLEMENT and rnd is not None:
            shown = self.settlement.shown_seat(rnd)
            if seat in rnd.seats and not rnd.seats[seat].paid and seat != shown:
                self._ask_out_of_order(seat, shown)
            return
        self.bets.choose(seat)
        self.render_state(self.session.view())

    def _ask_out_of_order(self, seat: int, shown: int | None) -> None:
        """Settling out of order is the croupier's explicit choice, never a stray tap on a tile."""
        dialog = Overlay(self.window(), translate("screen", "Settle seat {seat} now, before seat {shown}?").format(
            seat=seat, shown=shown), "outOfOrder")
        dialog.body.addStretch(1)
        dialog.add_button(translate("screen", "Stay on seat {seat}").format(seat=shown), "stayInOrder", "",
                          dialog.reject)

        def chosen() -> None:
            dialog.accept()
            self.settlement.choose(seat)
            self.shell.render_now()  # banner, highlight and button change together

        dialog.add_button(translate("screen", "Settle seat {seat} now").format(seat=seat), "settleOutOfOrder", "go",
                          chosen)
        dialog.open()

    def banner_text(self) -> str | None:
        """The shell's banner while settling: the one seat shown, what to do there; while betting at a
        table with a bet sensor, what holds a seat from being locked in (None: the engine's)."""
        rnd = self.session.view().round
        held = [entry.problem for entry in self._sensed.values() if entry.problem is not None]
        if held:
            return "\u26a0 " + say(held[0])
        if rnd is None or rnd.settlement is None or rnd.finished or rnd.halt is not None:
            return None
        seat = self.settlement.shown_seat(rnd)
        fixes = seat_fixes(self.session.view(), seat) if seat is not None else []
        if fixes:  # the chips on its spots are not what is due: the moves that put them right (the lines say all)
            shown = fixes if len(fixes) <= BANNER_FIXES + 1 else fixes[:BANNER_FIXES]  # never "1 more"
            said = [say(f) for f in shown]
            if len(fixes) > len(shown):
                said.append(translate("screen", "{count} more below").format(count=len(fixes) - BANNER_FIXES))
            return "\u26a0 " + say(Text("fix_seat", {"seat": seat, "fixes": " \u00b7 ".join(said)}))
        return settle_banner(rnd, seat, withheld_at(self.session.view().state, seat)) if seat is not None else None

    def _key(self, seat: int) -> tuple[str, int]:
        rnd = self.session.view().round
        return (rnd.round_id if rnd is not None else "", seat)

    def _done(self, label: str, result: object) -> None:
        if label == "bet" and isinstance(result, tuple):
            seat, before = result
            self.undo_history.setdefault(self._key(seat), []).append(before)
        elif label == "undo" and isinstance(result, int):
            history = self.undo_history.get(self._key(result))
            if history:
                history.pop()

    def _undo(self) -> None:
        history = self.undo_history.get(self._key(self.bets.seat))
        if history:
            self.shell.submit("undo", restore_bets, self.session, self.bets.seat, history[-1])

    def _clear(self) -> None:
        seat = self.bets.seat
        self.shell.submit("bet", self._clear_seat, seat)

    def _clear_seat(self, seat: int) -> tuple[int, dict[str, Decimal]]:
        rnd = self.session.view().round
        before = dict(rnd.seats[seat].bets) if rnd is not None and seat in rnd.seats else {}
        self.session.execute("set_bets", seat, {})
        return seat, before

    def _decide(self, button: FitButton) -> None:
        seat, action = button.property("seat"), button.property("action")
        if seat is not None and action:
            self.shell.submit("decide", self.session.execute, "decide", int(seat), str(action))

    def _paid(self) -> None:
        seat = self.paid_button.property("seat")
        if seat is not None:
            self.settlement.choose(None)  # back to the settlement order after a seat chosen out of it
            self.shell.submit("paid", self.session.execute, "mark_paid", int(seat))

    def supervise(self, action: str) -> bool:
        """The Supervisor menu's actions this panel asks more for first (True: handled here): an
        unknown chip's value, the seat paid although its chips are not what is due."""
        if action == "accept_chip":
            self._accept_chip()
            return True
        if action == "override_payout":
            rnd = self.session.view().round
            self._override(self.settlement.shown_seat(rnd) if rnd is not None and rnd.settlement is not None else None)
            return True
        return False

    def supervise_fits(self, action: str) -> bool:
        """Whether the Supervisor menu's ``action`` has what ``supervise`` asks for: an unknown chip on the
        layout, the seat shown at the settlement held by the bet sensor."""
        if action == "accept_chip":
            return self.unknown_chip() is not None
        if action == "override_payout":
            rnd = self.session.view().round
            seat = self.settlement.shown_seat(rnd) if rnd is not None and rnd.settlement is not None else None
            return seat is not None and seat in payout_held(self.session.view())
        return True

    def unknown_chip(self) -> tuple[int, str, str] | None:
        """(seat, spot, chip) of the first chip the inventory does not know, while betting is open."""
        return next(((seat, spot, chip) for seat, entry in sorted(sensed_entry(self.session.view()).items())
                     for spot, chip in entry.unknown), None)

    def _accept_chip(self) -> None:
        """A supervisor lets an unknown chip count this round: what it counts for, then badge, PIN and reason."""
        held = self.unknown_chip()
        if held is None:
            return
        seat, spot, chip = held
        where = translate("screen", "Seat {seat} {spot}: chip {chip} counts for").format(
            seat=seat, spot=game_word(self.session.view().game, spot), chip=chip)

        def keyed(text: str) -> None:
            detail = say(Text("action:accept_chip_at", {"chip": chip, "seat": seat,
                                                        "spot": label(self.session.view().game, spot), "amount": text}))

            def run(badge: str, pin: str, reason: str) -> object:
                return self.session.supervise("accept_chip", badge, pin, reason, chip=chip, denomination=text)

            self.shell.ask_supervisor("accept_chip", run, detail)

        AmountPad(self.window(), where, lambda text: translate("screen", "Counts for {amount}").format(amount=text),
                  keyed).open()

    def _override(self, seat: object) -> None:
        """A supervisor pays ``seat`` although the sensed chips are not what is due (badge, PIN, reason)."""
        wrong = payout_held(self.session.view()).get(seat) if isinstance(seat, int) else None
        if not wrong or not isinstance(seat, int):
            return
        detail = say(Text("action:override_payout_seat", {"seat": seat, "problems": " \u00b7 ".join(
            say(text) for text in wrong.values())}))

        def run(badge: str, pin: str, reason: str) -> object:
            return self.session.supervise("override_payout", badge, pin, reason, seat=seat)

        self.shell.ask_supervisor("override_payout", run, detail)

    def _undo_paid(self) -> None:
        seat = self.undo_paid_button.property("seat")
        if seat is not None:
            self.shell.submit("undo_paid", self.session.execute, "undo_paid", int(seat))

    def decision_buttons_for(self, seat: int) -> list[FitButton]:
        """The decision buttons shown for ``seat`` now (tests)."""
        return [b for b in self.decision_buttons if b.isVisibleTo(self.action_bar) and b.property("seat") == seat]

    # -- rendering ------------------------------------------------------------------

    def render_state(self, snap: TableSnapshot) -> None:
        rnd = snap.round
        stage = snap.phase_info.stage
        offer = snap.offer
        halted = rnd is not None and rnd.halt is not None and not rnd.finished
        sensed = sensed_entry(snap)  # betting at a table with a bet sensor: the chips on the layout
        self._sensed = sensed
        self.header.render_state(snap)
        self.bets.render_state(snap, sensed)
        self.settlement.render_state(snap)
        waiting = snap.seats_to_act() if rnd is not None and not halted and stage is Stage.DECISION else []
        shown_settle = self.settlement.shown_seat(rnd) if rnd is not None and rnd.settlement is not None else None
        game = snap.game
        assert isinstance(game, BankingGame), "the banking panel is a banking table's"
        words = {spot: game_word(game, spot) for spot in game.spots}
        held = payout_held(snap)  # settling there: what is wrong on which spot
        alarm = bet_alarm_text(snap)
        alarm_seat = int(alarm.args["seat"]) if alarm is not None else None
        hits = {held.seat: held for held in held_awards(rnd)} if halted and rnd is not None \
            and rnd.halt is not None and rnd.halt.kind == "jackpot_verify" else {}  # framed, its hand shown
        for seat, tile in self.seats.items():
            st = rnd.seats.get(seat) if rnd is not None else None
            title = translate("screen", "Seat {seat}").format(seat=seat)
            if st is not None and st.player is not None:
                title += " \u2192 " + str(st.player)
            result, role, done = "", "result", False
            outcome = rnd is not None and (rnd.settlement is not None or rnd.void is not None)
            if outcome and rnd is not None:
                result, role, done = seat_outcome(rnd, seat, withheld_at(snap.state, seat))
            elif st is not None and st.actions and st.actions[-1] == "fold":  # set apart now: collect its stakes
                result, role = translate("screen", "collect now"), "collect"  # its stakes are on the tile
                done = game.done_at_fold(st.bets, st.actions)  # greyed: nothing left on its cards
            elif st is not None and st.actions:
                result = game_word(game, st.actions[-1])
            if stage is Stage.BETTING:
                active = seat == self.bets.seat
            elif stage is Stage.SETTLEMENT:
                active = seat == shown_settle
            else:
                active = bool(waiting) and waiting[0] == seat
            stakes = snap.seat_stakes(seat)
            marks: dict[str, tuple[str, str]] = {}
            entry = sensed.get(seat)
            if entry is not None:
                stakes = {spot: view.amount for spot, view in entry.spots.items()}
                marks = {spot: ("\u2328", "keyed") for spot, view in entry.spots.items() if view.keyed}  # antenna down
                marks.update({spot: ("\u26a0", "alert") for spot, _chip in entry.unknown})
                if entry.problem is not None:  # held: the banner says why, the tile which seat
                    title = "\u26a0 " + title
            if seat == alarm_seat and alarm is not None:
                result, role, active = "\u26a0 " + say(alarm.args["spot"]), "fault", True
            if seat in held and seat == shown_settle:  # "Paid" is held: the settlement panel says what is wrong
                result, role = "\u26a0 " + result, "fault"
            shown = face_up(snap, f"seat{seat}")
            if seat in hits:  # a jackpot held for verification: the supervisor checks this seat's hand
                result, role, active, shown = "\u2605 " + format_cents(hits[seat].amount), "jackpot", True, 2
            elif hits:
                active = False
            chips = {spot: chips_text(amount, self.settlement.chip_values) for spot, amount in stakes.items()} \
                if self.big else None
            tile.render_seat(title, words, stakes, snap.cards_on_table(f"seat{seat}"),
                             shown, result, role, active, done, show_stakes=not outcome,
                             marks=marks, alert=entry is not None and entry.problem is not None, chips=chips)
        # the work area
        if halted:
            self.work.setCurrentWidget(self.empty)
        elif stage in (Stage.BETTING, Stage.LOCKED, Stage.DEALING):
            self.work.setCurrentWidget(self.bets)  # drawn locked from No more bets until the cards are out
        elif rnd is not None and (rnd.settlement is not None or rnd.void is not None):
            self.work.setCurrentWidget(self.settlement)
        else:
            self.work.setCurrentWidget(self.empty)
        for page in (self.bets, self.settlement, self.empty):  # only the page shown asks for room
            policy = QSizePolicy.Policy.Preferred if page is self.work.currentWidget() else QSizePolicy.Policy.Ignored
            page.setSizePolicy(policy, policy)
        self.work.setVisible(self.work.currentWidget() is not self.empty)
        # the footer
        betting = "set_bets" in offer.croupier
        history = self.undo_history.get(self._key(self.bets.seat))
        self.undo_button.setText(translate("screen", "Undo seat {seat}").format(seat=self.bets.seat))
        self.clear_button.setText(translate("screen", "Clear seat {seat}").format(seat=self.bets.seat))
        # at a table with a bet sensor only a spot it cannot read is keyed: Undo and Clear are for those
        chosen = sensed.get(self.bets.seat)
        keying = betting and (snap.sensed is None or chosen is not None and any(
            view.keyed for view in chosen.spots.values()))
        self.undo_button.setVisible(keying)
        self.undo_button.setEnabled(bool(history))
        self.clear_button.setVisible(keying)
        self.clear_button.setEnabled(rnd is not None and self.bets.seat in rnd.seats)
        self.no_more_bets.setVisible(betting or stage is Stage.LOCKED)
        self.no_more_bets.setEnabled("no_more_bets" in offer.croupier)
        self._render_decisions(snap, waiting)
        settling_now = rnd is not None and stage is Stage.SETTLEMENT and shown_settle is not None
        if settling_now:
            assert rnd is not None and shown_settle is not None
            seat = shown_settle
            self.paid_button.setProperty("seat", seat)
            paid = rnd.seats[seat].paid
            unpaid = [s for s in rnd.seats if not rnd.seats[s].paid]
            last = unpaid == [seat]  # this Paid closes the round: it cannot be undone, so it asks once
            self.paid_button.guard = last
            set_role(self.paid_button, "final" if last else "go")
            self.paid_button.armed_text = translate("screen", "Tap again: seat {seat} is the last, the round closes") \
                .format(seat=seat) if last else ""
            self.paid_button.setText(translate("screen", "Seat {seat}: the chips do not match yet").format(seat=seat)
                                     if seat in held and not paid else paid_label(rnd, seat, withheld_at(snap.state, seat)))
            # at a table with a bet sensor "Paid" waits for the chips to be what is due (the engine refuses otherwise)
            self.paid_button.setEnabled(not paid and "mark_paid" in offer.croupier and seat not in held)
            self.paid_button.show()
        else:
            self.paid_button.hide()

        order: tuple[int, ...] = rnd.paid_order if rnd is not None else ()
        can_undo = bool(order) and "undo_paid" in offer.croupier and settling_now
        self.undo_paid_button.setVisible(can_undo)
        if can_undo:
            self.undo_paid_button.setProperty("seat", order[-1])
            self.undo_paid_button.setText("\u21b6 " + translate("screen", "Undo paid seat {seat}").format(
                seat=order[-1]))

    def _render_decisions(self, snap: TableSnapshot, waiting: list[int]) -> None:
        seat = waiting[0] if waiting else None
        legal = snap.legal_actions(seat) if seat is not None else []
        rest = "check_rest" in snap.offer.croupier and len(waiting) > 1  # one seat left: its own Check says it
        self.check_rest_button.setVisible(rest)
        self.acting.setVisible(bool(legal) and not rest)  # room for it: the banner names the seat to act
        if rest:
            self.check_rest_button.setText(translate("screen", "All: {action}").format(
                action=game_word(snap.game, "check")))
        if seat is not None:
            self.acting.setText(translate("screen", "Seat {seat}").format(seat=seat))
        for i, button in enumerate(self.decision_buttons):
            if i < len(legal):
                action = legal[i]
                stake = decision_stake(snap, seat or 0, action)
                text = game_word(snap.game, action)
                final = action == "fold"  # the hand is gone: it asks once, and looks unlike Check and Play
                button.guard = final
                set_role(button, "final" if final else "action")
                button.setText(f"\u2715 {text}" if final else f"{text} \u00b7 {money(stake)}" if stake is not None
                               else text)
                button.setProperty("seat", seat)
                button.setProperty("action", action)
                button.show()
            else:
                button.setProperty("seat", None)
                button.setProperty("action", None)
                button.hide()
