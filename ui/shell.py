"""The croupier's screen: one window that fits the panel, around a game family's table panel.

The window never changes game state itself: buttons submit session commands to the
``CommandWorker``; the session's listener raises ``StateBridge.changed`` (queued onto the
GUI thread) and every view re-renders from the session. What fits now comes from the
session's offer (``table/commands.py``), texts from ``dealer_station/view/`` in the screen's
language. Layout, top to bottom: the status strip (and a progressive's meter), the cards
in the middle beside the banner, the family's table panel, the halt panel, one fixed line
for refusals, and the footer (the panel's commands, the shell's, Supervisor, Recall,
Language). See ``ui/panel.py`` for how a panel plugs in.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any

import structlog
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QApplication, QGridLayout, QHBoxLayout, QLayout, QMainWindow, QVBoxLayout, QWidget

from dealer_station.cards import card_str
from dealer_station.engine import TableSession
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.table.phases import Stage
from dealer_station.view.banner import banner, instruction, table_stopped
from dealer_station.view.history import RoundHistory
from dealer_station.view.players import card_notice, card_reader_at_table, seat_players
from dealer_station.view.settlement import withheld_pending
from dealer_station.view.shift import ShiftTally
from dealer_station.view.table import all_cards, face_up, seats_in_round
from dealer_station.view.texts import Text, device_text, position_text, refusal_of

from . import theme
from .adjust_dialog import AdjustDialog, adjustment_args, adjustment_words
from .card_picker import CardPicker
from .card_widget import CardRow
from .correct_card import FACE_DOWN, CardChoice, Placed, card_face, place_words, table_order
from .format import money
from .halt_panel import HaltPanel
from .i18n import LANGUAGES, Translations, say, translate
from .overlay import Overlay
from .panel import SHELL_COMMANDS, make_panel
from .pin_dialog import PinDialog
from .side_panel import SidePanel
from .status_strip import MeterBox, StatusStrip
from .widgets import FitButton, FitLabel, set_metrics
from .worker import CommandWorker, StateBridge

log = structlog.get_logger("ui.shell")

RETRY_MS = 30  # re-render soon when a command holds the session (never block the GUI)
BANK_IN_BETTING_FROM = 1024
"""The footer's Bank button shows between rounds on every panel, and while bets are open from this width up:
on a smaller panel the betting footer (undo, clear, No more bets, Supervisor, Recall, Language) has no room
left for it in French, and the bank waits for the round's end (docs/bank.md)."""
SUPERVISOR_MENU = ("accept_chip", "override_payout", "void", "correct_card", "adjust", "view_cards", "accept_device",
                   "release_withheld", "forfeit_withheld")
WITHHELD_ACTIONS = ("release_withheld", "forfeit_withheld")
"""What the Supervisor button offers outside a halt (each behind the PIN), when the session's offer has it
(a bet sensor's: accept an unknown chip, pay a seat although its chips do not match)."""


class MainWindow(QMainWindow):
    def __init__(self, session: TableSession, *, worker: CommandWorker | None = None, journal: Any = None,
                 screenshot_dir: Path | None = None, last_heard: Callable[[str], float | None] | None = None,
                 language: str | None = None, kiosk: bool = False,
                 present: Callable[[int], Any] | None = None) -> None:
        super().__init__()
        self.session = session
        self.present = present
        """On simulated hardware only (training): ``present(card)`` passes a card over the simulated reader,
        so a round is played by hand on a display with nothing else to feed the reader."""
        self.worker = worker or CommandWorker(self)
        self.worker.together = session.together  # taps queued behind a commit are journaled as one
        self.journal = journal if journal is not None else session.journal
        self.screenshot_dir = screenshot_dir
        self.kiosk = kiosk
        self.allow_close = not kiosk
        self.translations = Translations()
        self.big = False
        """A panel of ``theme.BIG`` or more: the side column shows (limits, next step, the round's history)."""
        self.history = RoundHistory(session.view().game)
        rnd = session.view().round
        if rnd is not None:
            self.history.seed(self.journal.events(round_id=rnd.round_id))
        session.add_listener(self.history.observe)
        self.tally = ShiftTally(session.view().table.shifts)
        self.tally.seed(self.journal.events(kinds=set(ShiftTally.KINDS)))  # a restart loses nothing
        self._tally_listener = self.tally.observe  # every commit's records, as the floor counts them
        session.add_listener(self._tally_listener)
        self.setWindowTitle(f"Dealer Station - table {session.view().table.table_id}")
        self.setObjectName("mainWindow")
        self._metrics = theme.Metrics(1.0)
        set_metrics(self._metrics)
        self.setStyleSheet(theme.stylesheet(self._metrics))
        self._last_phase_key: tuple[Any, ...] | None = None
        self.picker: CardPicker | None = None
        """The picker keying a hand-dealt reveal, while open (it follows the positions)."""
        self._dismissed: set[tuple[str, str]] = set()
        """(round, phase) whose keying picker the croupier closed: not opened again by itself."""
        self._render_pending = False
        self.shots: list[Path] = []
        self._build(last_heard)
        self.worker.refused.connect(self._refused)
        self.worker.done.connect(self._done)
        self.bridge = StateBridge(session, self)
        self.bridge.changed.connect(self.schedule_render)
        self.set_language(str(language or getattr(session.view().table, "locale", "en")))
        self.resize(*theme.DESIGN)

    # -- building -----------------------------------------------------------------

    def _build(self, last_heard: Callable[[str], float | None] | None) -> None:
        m = self._metrics
        central = QWidget()
        root = QVBoxLayout(central)
        root.setContentsMargins(m.margin, m.margin, m.margin, m.margin)
        root.setSpacing(m.margin)
        top = QGridLayout()
        top.setHorizontalSpacing(m.margin * 2)
        top.setVerticalSpacing(m.margin)
        self.strip = StatusStrip(self.session, self.tally, last_heard)
        self.strip.players_tapped.connect(self.open_players)
        self._card_notice_at: float | None = None
        self.banner = FitLabel("", 19, bold=True, lines=2, role="banner", acted=True)
        self.banner.setObjectName("phaseBanner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.panel = make_panel(self.session.view().game.family, self)
        self.table = self.panel  # tests and the demo reach the table through here
        top.addWidget(self.strip, 0, 0, 1, 2)
        if self.panel.header is not None:
            top.addWidget(self.panel.header, 1, 0)
        top.addWidget(self.banner, 1, 1)
        top.setColumnStretch(1, 1)
        self.meter: MeterBox | None = None
        snap = self.session.view()
        meters = getattr(snap.game, "meters", None)
        if callable(meters) and meters(snap.state) is not None:
            self.meter = MeterBox(self.session)
            top.addWidget(self.meter, 0, 2, 2, 1)
            top.setColumnStretch(2, 0)
        root.addLayout(top)
        middle = QHBoxLayout()
        middle.setSpacing(m.margin * 2)
        middle.addWidget(self.panel, 1)
        self.side = SidePanel()  # a big panel: the limits, the next step and the round's history beside the table
        self.side.hide()
        middle.addWidget(self.side)
        root.addLayout(middle, 1)
        self.halt = HaltPanel(self.ask_supervisor, self.key_card)
        root.addWidget(self.halt)
        self.message = FitLabel("", 16, bold=True, role="quiet", acted=True)
        self.message.setObjectName("message")
        root.addWidget(self.message)
        footer = QHBoxLayout()
        footer.setSpacing(m.gap)
        # What the table offers now goes in one area that keeps its width when nothing fits, so Supervisor,
        # Recall and Language never slide under the thumb that was about to tap the next step.
        self.commands_area = QWidget()
        self.commands_area.setObjectName("commandsArea")
        commands = QHBoxLayout(self.commands_area)
        commands.setContentsMargins(0, 0, 0, 0)
        commands.setSpacing(m.gap)
        commands.addWidget(self.panel.action_bar, 1)
        commands.addWidget(self.halt.choices, 3)
        self.command_buttons: dict[str, FitButton] = {}
        for command in SHELL_COMMANDS:
            button = FitButton("", 15, role="go", name={"open_round": "openRound", "deal_done": "dealDone",
                                                        "reveal": "reveal", "key_card": "keyCard",
                                                        "recheck_deck": "recheckDeck"}[command], lines=2)
            button.tapped.connect(lambda c=command: self._command(c))
            self.command_buttons[command] = button
            commands.addWidget(button, 2 if command == "recheck_deck" else 1)
        self.training_button = FitButton("", 15, role="training", name="trainingPass", lines=2)
        self.training_button.tapped.connect(self._pass_training_card)
        self.training_button.hide()
        commands.addWidget(self.training_button, 1)
        footer.addWidget(self.commands_area, 1)
        self.open_button = self.command_buttons["open_round"]
        self.deal_done_button = self.command_buttons["deal_done"]
        self.reveal_button = self.command_buttons["reveal"]
        self.key_button = self.command_buttons["key_card"]
        self.supervisor_button = FitButton("", 13, role="supervisor", name="supervisor")
        self.supervisor_button.tapped.connect(self._supervisor_menu)
        self.recall_button = FitButton("", 13, name="recall")
        self.recall_button.tapped.connect(self._recall)
        self.bank_button = FitButton("", 13, role="supervisor", name="bank")
        self.bank_button.tapped.connect(self.open_bank)
        self.bank_button.hide()  # shown by ``_render`` at a table that keeps a bank, when the footer has room
        self.language_button = FitButton("", 13, name="language")
        self.language_button.tapped.connect(self._choose_language)
        for button in (self.bank_button, self.supervisor_button, self.recall_button, self.language_button):
            footer.addWidget(button)
        root.addLayout(footer)
        self.setCentralWidget(central)
        # The panel's size is the window's: the contents never push the window past it.
        root.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        own = self.layout()
        if own is not None:
            own.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)

    # -- scaling ------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.rescale(event.size().width(), event.size().height())

    def fit_panel(self, width: int, height: int) -> None:
        """Take exactly a ``width`` x ``height`` panel: scale first, then resize."""
        self.rescale(width, height)
        self.resize(width, height)

    def rescale(self, width: int, height: int) -> None:
        """Scale type, cards, targets and spacing to a ``width`` x ``height`` panel."""
        metrics = theme.Metrics(theme.scale_for(width, height))
        self.big = theme.big_panel(width, height)
        self.side.setVisible(self.big)
        self.side.setFixedWidth(round(width * theme.SIDE_SHARE) if self.big else 0)
        own = getattr(self.panel, "set_big", None)  # a family that shows more on a big panel
        if callable(own):
            own(self.big)
        if metrics == self._metrics:
            self.schedule_render()
            return
        built_at = self._metrics.scale  # what every layout not seen yet was built for
        self._metrics = metrics
        self.setStyleSheet(theme.stylesheet(metrics))
        set_metrics(metrics, self)
        for layout in self.findChildren(QLayout):
            self._scale_layout(layout, built_at, metrics.scale)
        self.panel.rescale()
        self.schedule_render()

    def _scale_layout(self, layout: QLayout, built_at: float, scale: float) -> None:
        """Spacing and margins at ``scale``, from what the layout had when built at ``built_at``."""
        design = layout.property("design")
        if not design:  # first seen: remember it at scale 1 on the layout itself
            margins = layout.contentsMargins()
            design = [v / built_at for v in (layout.spacing(), margins.left(), margins.top(), margins.right(),
                                             margins.bottom())]
            layout.setProperty("design", design)
        spacing, *design = design
        if spacing >= 0:
            layout.setSpacing(round(spacing * scale))
        layout.setContentsMargins(*(round(v * scale) for v in design))

    # -- language -----------------------------------------------------------------

    def set_language(self, code: str) -> None:
        """Switch the screen's language now (also the profile's ``locale`` at start-up)."""
        self.translations.use(code)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setFont(theme.app_font(code))
        self.setFont(theme.app_font(code))
        self.retranslate()

    @property
    def language(self) -> str:
        return self.translations.language

    def retranslate(self) -> None:
        own = getattr(self.panel, "command_label", None)  # a family may say a shell command its own way
        for command, button in self.command_buttons.items():
            said = own(command) if callable(own) else None
            button.setText(said or {"open_round": translate("screen", "Open betting"),
                                    "deal_done": translate("screen", "Cards dealt"),
                                    "reveal": translate("screen", "Reveal"),
                                    "key_card": translate("screen", "Key card"),
                                    "recheck_deck": translate("screen", "Re-check the deck")}[command])
        self.training_button.setText(translate("screen", "Training: pass the card"))
        self.supervisor_button.setText(translate("screen", "Supervisor"))
        self.recall_button.setText(translate("screen", "Recall"))
        self.bank_button.setText(translate("screen", "Bank"))
        self.language_button.setText(LANGUAGES[self.language])
        self.halt.retranslate()
        self.strip.retranslate()
        self.panel.retranslate()
        for widget in self.findChildren(QWidget):
            if isinstance(widget, (FitLabel, FitButton)):
                widget.refit()
        self._render_pending = False
        self.render_now()

    def _choose_language(self) -> None:
        dialog = Overlay(self, translate("screen", "Language"), "languageChooser")
        for code, name in LANGUAGES.items():
            button = FitButton(name, 20, role="list", name=f"lang_{code}")
            theme.set_flag(button, "on", code == self.language)
            button.tapped.connect(partial(_accept_then, dialog, partial(self.set_language, code)))
            dialog.body.addWidget(button)
        dialog.body.addStretch(1)
        dialog.add_close()
        dialog.open()

    # -- commands -----------------------------------------------------------------

    def submit(self, label: str, fn: Callable[..., Any], *args: Any) -> None:
        self.worker.submit(label, fn, *args)

    def _command(self, command: str) -> None:
        if command == "key_card":
            self.key_card()
        else:
            self.submit(command, self.session.execute, command)

    def key_card(self) -> None:
        """The card picker for the card the round waits for, framed on the table. At a hand-dealt reveal it
        stays open, a card in two taps, position after position, until the round needs no more keying."""
        session = self.session
        snap = session.view()
        target = snap.next_to_reveal()
        rnd = snap.round
        if target is None or rnd is None:
            return
        if self.picker is not None and self.picker.isVisible():
            self.picker.raise_()
            return
        title, shown = self._key_target(snap)
        halt = rnd.halt
        read = halt.detail.get("read") if halt is not None else None
        continuous = snap.hand_deal and halt is None
        picker = CardPicker(self, title, lambda card: self.submit("key_card", session.execute, "key_card", card),
                            shown, read if isinstance(read, int) else None, continuous=continuous)
        if continuous:
            self.picker = picker
            key = (rnd.round_id, snap.phase)
            picker.rejected.connect(lambda k=key: self._dismissed.add(k))  # Cancel: not opened again for this reveal
        picker.open()

    def _key_target(self, snap: TableSnapshot) -> tuple[str, list[int]]:
        """The picker's title for the card due, and the cards it cannot be: those face up on the table (the
        shoe's face-down cards, this one among them, stay choosable)."""
        rnd = snap.round
        target = snap.next_to_reveal()
        if rnd is None or target is None:
            return "", []
        title = translate("screen", "Key the card: {position} card {number}").format(
            position=say(position_text(target[0])), number=target[1] + 1)
        return title, [card for pos, cards in rnd.cards.items() for card in cards[:face_up(snap, pos)]]

    def _follow_keying(self, snap: TableSnapshot) -> None:
        """At a hand-dealt reveal the picker opens by itself and follows the positions; it closes when the
        round needs no more keying (the croupier's Cancel keeps it closed for the rest of that reveal)."""
        rnd = snap.round
        due = rnd is not None and snap.hand_deal and rnd.halt is None and "key_card" in snap.offer.croupier \
            and snap.next_to_reveal() is not None
        picker = self.picker if self.picker is not None and self.picker.isVisible() else None
        if picker is not None:
            if due:
                picker.retarget(*self._key_target(snap))
            else:
                picker.accept()
                self.picker = None
        elif due and rnd is not None and (rnd.round_id, snap.phase) not in self._dismissed:
            self.key_card()

    def _training_card(self, snap: TableSnapshot) -> int | None:
        """The card the simulated reader waits for now (the shoe dealt it), when training is on; else None."""
        rnd = snap.round
        waiting = rnd is not None and not rnd.finished and snap.has_reader and not snap.hand_deal \
            and snap.stage is Stage.REVEAL and (rnd.halt is None or rnd.halt.kind in ("no_read", "unreadable"))
        target = snap.next_to_reveal() if self.present is not None and waiting else None
        if target is None or rnd is None:
            return None
        dealt = rnd.cards.get(target[0], [])
        return dealt[target[1]] if target[1] < len(dealt) else None

    def _pass_training_card(self) -> None:
        card = self._training_card(self.session.view())
        if card is not None and self.present is not None:
            self.submit("training", self.present, card)  # the simulated reader reads it, as the dealer's pass

    def pick_card(self, title: str, on_card: Callable[[int], None], in_play: Collection[int] = (),
                  preselect: int | None = None) -> None:
        CardPicker(self, title, on_card, in_play, preselect).open()

    def ask_supervisor(self, action: str, run: Callable[[str, str, str], Any] | None = None,
                       detail: str = "") -> None:
        """The PIN dialog for ``action``; on OK the action runs on the worker as that supervisor.

        ``correct_card`` and ``adjust`` first ask what to correct (their own screens)."""
        if run is None and action in ("correct_card", "adjust"):
            (self.correct_card if action == "correct_card" else self.adjust_round)()
            return
        swapped = self.session.view().swapped_devices() if action == "accept_device" and run is None else []
        if swapped:  # the unit held refused as a swap: named in the dialog, accepted for its port
            device = swapped[0]
            refused = self.session.view().state.device(device).refused or {}
            detail = f"{say(device_text(device))} {refused.get('model', '')} {refused.get('serial_number', '')}"

            def accept(badge: str, pin: str, reason: str) -> Any:
                return self.session.supervise("accept_device", badge, pin, reason, device=device)

            run = accept
        pending = withheld_pending(self.session.view().state) if action in WITHHELD_ACTIONS and run is None else []
        if pending:  # the oldest winnings withheld: named in the dialog (the next, once it is decided)
            kept = pending[0]
            detail = translate("screen", "Seat {seat}, round {round}: {amount} withheld").format(
                seat=kept.seat, round=kept.round_id, amount=money(kept.amount))

            def decide(badge: str, pin: str, reason: str) -> Any:
                return self.session.supervise(action, badge, pin, reason, round_id=kept.round_id, seat=kept.seat)

            run = decide
        own = getattr(self.panel, "supervise", None)  # a panel's action that asks for more first
        if run is None and callable(own) and own(action):
            return
        def supervised(badge: str, pin: str, reason: str) -> Any:
            return self.session.supervise(action, badge, pin, reason)

        job = run or supervised
        PinDialog(self, action, lambda badge, pin, reason: self.submit(f"sup_{action}", job, badge, pin, reason),
                  detail).open()

    def correct_card(self) -> None:
        """A card keyed wrong, before the settlement: the card on the table (only a keyed one: the engine's
        ``correctable_cards``), the right card, badge, PIN and reason."""
        view = self.session.view()
        rnd = view.round
        if rnd is None:
            return
        keyed = set(view.correctable_cards())
        cards = [Placed(position, index, card, index < face_up(view, position))
                 for position, dealt in sorted(all_cards(rnd).items(), key=lambda item: table_order(item[0]))
                 for index, card in enumerate(dealt) if (position, index) in keyed]

        def picked(placed: Placed) -> None:
            title = translate("screen", "Correct {place} (now {card})").format(
                place=place_words(placed.position, placed.index),
                card=card_face(placed.card) if placed.face_up else FACE_DOWN)
            others = [c for c in rnd.dealt_cards() if c != placed.card]
            self.pick_card(title, lambda card: self._confirm_correction(placed, card), others)

        CardChoice(self, cards, picked).open()

    def _confirm_correction(self, placed: Placed, card: int) -> None:
        detail = translate("screen", "{place}: {was} becomes {card}").format(
            place=place_words(placed.position, placed.index),
            was=card_face(placed.card) if placed.face_up else FACE_DOWN, card=card_face(card))

        def run(badge: str, pin: str, reason: str) -> Any:
            return self.session.supervise("correct_card", badge, pin, reason, position=placed.position, index=placed.index, card=card_str(card))

        self.ask_supervisor("correct_card", run, detail)

    def adjust_round(self) -> None:
        """A settled round corrected: per seat an amount to pay or collect, then badge, PIN and reason."""
        rnd = self.session.view().round
        seats = seats_in_round(self.session.view())
        if rnd is None or not seats:
            return

        def confirm(adjustments: dict[int, Decimal]) -> None:
            def run(badge: str, pin: str, reason: str) -> Any:
                return self.session.supervise("adjust", badge, pin, reason, adjustments=adjustment_args(adjustments), round_id=rnd.round_id)

            self.ask_supervisor("adjust", run, adjustment_words(adjustments))

        AdjustDialog(self, rnd.number, seats, confirm).open()

    def _supervisor_menu(self) -> None:
        offer = self.session.offer()
        dialog = Overlay(self, translate("screen", "Supervisor"), "supervisorMenu")
        rnd = self.session.view().round
        for action in SUPERVISOR_MENU:
            if action in ("accept_chip", "override_payout") and self.session.view().sensed is None:
                continue  # a bet sensor's actions: only at a table that has one
            fits = (rnd is not None or action == "accept_device") and (action == "view_cards" or action in offer.supervisor)
            if action in WITHHELD_ACTIONS:  # about the table, not the round: while any winnings wait for a decision
                fits = bool(withheld_pending(self.session.view().state))
            if action == "view_cards":
                fits = fits and rnd is not None and bool(all_cards(rnd))
            if action == "correct_card":  # only a card the croupier keyed by hand
                fits = fits and bool(self.session.view().correctable_cards())
            if action == "adjust":
                fits = fits and rnd is not None and rnd.settlement is not None and bool(seats_in_round(self.session.view()))
            ready = getattr(self.panel, "supervise_fits", None)  # what the panel would ask it for is there
            if callable(ready):
                fits = fits and ready(action)
            button = FitButton(say(Text(f"action:{action}")), 16, role="danger" if action == "void" else "list",
                               name=f"menu_{action}")
            button.setEnabled(fits)
            button.tapped.connect(partial(_accept_then, dialog, partial(self.ask_supervisor, action)))
            dialog.body.addWidget(button)
        dialog.body.addStretch(1)
        dialog.add_close()
        dialog.open()

    def open_bank(self) -> None:
        """The Bank panel (``ui/bank_panel.py``): buy-ins, the shift, fills and credits."""
        from .bank_panel import BankPanel

        BankPanel(self, self).open()

    def open_players(self) -> None:
        """Who sits where: card a player out, pause or resume one, or (a table with a reader) choose the seat
        the next card swiped is for."""
        snap = self.session.view()
        dialog = Overlay(self, translate("screen", "Players"), "playersMenu")
        carded = {p.seat: p for p in seat_players(snap)}
        for seat in range(1, snap.table.seats + 1):
            player = carded.get(seat)
            if player is None:
                row = QHBoxLayout()
                if card_reader_at_table(snap):
                    text = translate("screen", "Seat {seat}: card in (then swipe the card)").format(seat=seat)
                    button = FitButton(text, 16, role="list", name=f"cardIn_{seat}")
                    button.tapped.connect(partial(_accept_then, dialog, partial(self._card_in_at, seat)))
                    row.addWidget(button, 3)
                keyed = FitButton(translate("screen", "Seat {seat}: key an id").format(seat=seat), 16, role="list",
                                  name=f"keyId_{seat}")
                keyed.tapped.connect(partial(_accept_then, dialog, partial(self._key_id_at, seat)))
                row.addWidget(keyed, 2)
                dialog.body.addLayout(row)
                continue
            out = FitButton(translate("screen", "Seat {seat} {player}: card out").format(
                seat=seat, player=player.short_id), 16, role="list", name=f"cardOut_{seat}")
            out.tapped.connect(partial(_accept_then, dialog, partial(self.submit, "card_out", self.session.execute,
                                                                     "card_out", seat)))
            dialog.body.addWidget(out)
            pause = "resume_player" if player.paused else "pause_player"
            words = translate("screen", "Seat {seat}: resume") if player.paused else \
                translate("screen", "Seat {seat}: pause")
            button = FitButton(words.format(seat=seat), 16, role="list", name=f"{pause}_{seat}")
            button.tapped.connect(partial(_accept_then, dialog, partial(self.submit, pause, self.session.execute,
                                                                        pause, seat)))
            dialog.body.addWidget(button)
        dialog.body.addStretch(1)
        dialog.add_close()
        dialog.open()

    def _key_id_at(self, seat: int) -> None:
        """The croupier keys the player's id (``ui/player_id_pad.py``), or leaves the seat anonymous."""
        from .player_id_pad import PlayerIdPad

        PlayerIdPad(self, seat, lambda player: self.submit("card_in", self.session.execute, "card_in", seat,
                                                           player)).open()

    def _card_in_at(self, seat: int) -> None:
        self.submit("card_seat", self.session.execute, "card_seat", seat)
        self.show_message(translate("screen", "Swipe the player's card now: seat {seat}").format(seat=seat))

    def _recall(self) -> None:
        from .recall_view import RecallView

        RecallView(self).open()

    # -- results ------------------------------------------------------------------

    def _refused(self, label: str, error: object) -> None:
        text = say(refusal_of(error, self.session.view().game)) if isinstance(error, BaseException) else str(error)
        self.show_message(text, "refusal")

    def show_message(self, text: str, role: str = "notice") -> None:
        """The one fixed line for refusals and notices: it never moves anything."""
        self.message.setText(text)
        theme.set_role(self.message, role if text else "quiet")

    def _done(self, label: str, result: object) -> None:
        if label in ("demo", "recall"):
            return
        failed = getattr(result, "failed_attempts", 0)
        if label.startswith("sup_") and failed:
            self.show_message(translate("screen", "Badge {badge}: {count} failed attempt(s) since its last sign-in")
                              .format(badge=getattr(result, "badge", ""), count=failed))
        else:
            self.show_message("")
        if label == "sup_view_cards":
            self._show_all_cards()

    def _show_all_cards(self) -> None:
        rnd = self.session.view().round
        if rnd is None:
            return
        dialog = Overlay(self, translate("screen", "Every card of round {number} (supervisor)").format(
            number=rnd.number), "allCards")
        grid = QGridLayout()
        grid.setSpacing(self._metrics.gap)
        for i, (position, cards) in enumerate(all_cards(rnd).items()):
            name = FitLabel(say(position_text(position)), 14, bold=True)
            row = CardRow(len(cards), width=self._metrics.card_width)
            row.show_cards(cards, len(cards))
            grid.addWidget(name, i % 5, (i // 5) * 2)
            grid.addWidget(row, i % 5, (i // 5) * 2 + 1)
        dialog.body.addLayout(grid)
        dialog.body.addStretch(1)
        dialog.add_close()
        dialog.open()

    # -- rendering ----------------------------------------------------------------

    def schedule_render(self) -> None:
        """Coalesce bursts of state changes (a deal is many events) into one render."""
        if not self._render_pending:
            self._render_pending = True
            QTimer.singleShot(0, self, self.render_now)  # dropped if the window is deleted first

    def render_now(self) -> None:
        self._render_pending = False
        self._render(self.session.view())  # a frozen snapshot: never waits for a command in progress

    def _render(self, snap: TableSnapshot) -> None:
        notice = card_notice(snap)
        if notice is not None and notice[0] != self._card_notice_at:  # each refused swipe said once
            self._card_notice_at = notice[0]
            self.show_message(say(notice[1]), "refusal")
        rnd = snap.round
        halt = rnd.halt if rnd is not None and not rnd.finished else None
        offer = snap.offer
        now = snap.phase_info.stage  # the footer first: what the panel fits its words into depends on it
        self.bank_button.setVisible(snap.profile.bank is not None and halt is None and (
            now in (Stage.IDLE, Stage.FINISHED) or (now is Stage.BETTING and self.width() >= BANK_IN_BETTING_FROM)))
        self.strip.render_state(snap)
        sign = getattr(self.panel, "limits_sign", None)  # a family whose limits are not spot limits
        if callable(sign):
            self.strip.limits.setText(sign())
        if self.big:
            self.strip.limits.hide()  # beside the table, with the next step
        if self.meter is not None:
            self.meter.render_state(snap)
        self.panel.render_state(snap)
        self.halt.render_state(snap)
        bar = self.panel.action_bar
        bar.setVisible(any(w.isVisibleTo(bar) for w in bar.findChildren(QWidget)))
        if halt is not None:  # what to do now; the halt panel below says what happened
            text = "\u26a0 " + say(instruction(snap))
            role = "fault"
        elif table_stopped(snap):  # a refused device between rounds: no betting, a person must act
            text = "\u26a0 " + say(banner(snap))
            role = "fault"
        elif rnd is not None and rnd.void is not None:
            text = say(banner(snap))
            role = "void"
        else:
            own = getattr(self.panel, "banner_text", None)  # a panel that says the banner its own way now
            said = own() if callable(own) else None
            text = said if said is not None else say(banner(snap))
            role = "banner"
        self.banner.set_lines(3 if table_stopped(snap) else 2)  # no round on the felt: room for what to do
        self.banner.setText(text)
        theme.set_role(self.banner, role)
        if self.big:
            self.side.show_state(self.strip.limits.text(), text, self.history.steps(rnd.round_id if rnd else None))
        for command, button in self.command_buttons.items():
            button.setVisible(command in offer.croupier and not (command == "key_card" and halt is not None))
        self.training_button.setVisible(self._training_card(snap) is not None)
        keyed = snap.next_to_reveal() if "key_card" in offer.croupier else None
        self.panel.highlight(keyed)
        self._follow_keying(snap)
        stage = snap.phase_info.stage
        key = (rnd.round_id if rnd else None, snap.phase, halt.cause if halt else None, self.language)
        if key != self._last_phase_key:
            self._last_phase_key = key
            self._phase_changed(key, stage)

    def _phase_changed(self, key: tuple[Any, ...], stage: Stage) -> None:
        round_id, phase, cause, language = key
        log.info("phase_shown", round_id=round_id, phase=phase, halt=cause, stage=str(stage))
        if self.screenshot_dir is not None and self.isVisible():  # never the window before it is sized and shown
            name = f"{round_id or 'none'}_{phase}{'_' + cause if cause else ''}.png"
            self.save_screenshot(self.screenshot_dir / name)

    @property
    def banner_is_fault(self) -> bool:
        return self.banner.property("role") in ("fault", "void")

    def save_screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        settle_layout(self)
        self.grab().save(str(path), "PNG")
        self.shots.append(path)
        return path

    # -- closing ------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.allow_close:
            event.ignore()
            self._confirm_close()
            return
        self.worker.shutdown(wait=False)
        self.bridge.detach()
        self.session.remove_listener(self._tally_listener)
        self.session.remove_listener(self.history.observe)
        super().closeEvent(event)

    def _confirm_close(self) -> None:
        dialog = Overlay(self, translate("screen", "Close the station? The table stops taking bets."), "confirmClose")
        dialog.body.addStretch(1)
        dialog.add_button(translate("screen", "Keep running"), "keepRunning", "go", dialog.reject)
        dialog.add_button(translate("screen", "Close the station"), "closeStation", "danger",
                          partial(_accept_then, dialog, self.close_now))
        dialog.open()

    def close_now(self) -> None:
        """Close without asking (the demo's end, or a confirmed close)."""
        self.allow_close = True
        self.close()


def delete_now(*widgets: QWidget) -> None:
    """Delete ``widgets`` (closed ones stay alive until then) and any deletion already queued."""
    for widget in widgets:
        widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def settle_layout(window: QWidget) -> None:
    """Lay out what the last render built (nested layouts need a pass per level)."""
    for _ in range(4):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QCoreApplication.processEvents()


def _accept_then(dialog: Any, then: Callable[[], object]) -> None:
    """Close ``dialog`` as accepted, then do what was chosen in it."""
    dialog.accept()
    then()
