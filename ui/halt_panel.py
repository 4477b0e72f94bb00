"""A live halt: what happened (the banner says what to do now), and the supervisor's choices.

Shown while a round is halted (red); ``choices`` (the shell puts them in the footer) are
the session's offer for this halt kind (``engine/phases.py``); each opens the PIN dialog -
nothing here acts in one tap. What happened is said from the halt's details in the screen's
language, cards with their glyphs (``halt_words``): a misdeal alarm names both cards, and
its choice says which card stands ("The card is 2♣ as dealt: go on"); a jackpot held for
verification shows the hand, its five cards, the share of the meter and the amount, here
and in the PIN dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from dealer_station.engine.device_policy import REFUSED
from dealer_station.engine.snapshot import TableSnapshot
from dealer_station.money import format_cents
from dealer_station.table.state import Halt, TableState
from dealer_station.view.sensing import bet_alarm_text, clone_text
from dealer_station.view.settlement import held_awards
from dealer_station.view.texts import Text, cause_text, device_text, fault_text, position_text, refusal_text

from . import theme
from .card_widget import CardRow
from .correct_card import card_face
from .format import hand_word, money
from .i18n import say, translate
from .widgets import CURRENT, FitButton, FitLabel

Ask = Callable[[str, Any, str], None]
"""``ask_supervisor(action, run, detail)``: the PIN dialog, saying what the PIN confirms."""


def _cards(cards: list[Any]) -> str:
    return " ".join(card_face(c) for c in cards if isinstance(c, int)) or "-"


def _place(detail: dict[str, Any]) -> Text:
    return Text("place", {"position": position_text(str(detail.get("position", ""))),
                          "number": int(detail.get("index", 0)) + 1})


def halt_words(halt: Halt, state: TableState, read_timeout: float = 0) -> str:
    """What the halt is about, in the screen's language, from its details (never the journal's English)."""
    detail = halt.detail or {}
    if halt.kind == "mismatch" and isinstance(detail.get("expected"), int) and isinstance(detail.get("read"), int):
        return say(Text("halt:mismatch", {"expected": card_face(detail["expected"]), "place": _place(detail),
                                          "read": card_face(detail["read"])}))
    if halt.kind == "unreadable" and "position" in detail:
        return say(Text("halt:unreadable", {"place": _place(detail)}))
    if halt.kind == "no_read" and "position" in detail:
        return say(Text("halt:no_read", {"place": _place(detail), "seconds": f"{read_timeout:g}"}))
    if halt.kind == "deck" and state.deck_report:  # plainly: what is missing, twice, not of this deck
        report = state.deck_report
        wrong = [Text(key, {"cards": _cards(report.get(part, []))}) for part, key in (
            ("missing", "deck:short"), ("duplicates", "deck:twice"), ("extra", "deck:extra")) if report.get(part)]
        return "; ".join(say(t) for t in wrong or [Text("deck:count", {"count": report.get("count")})])
    if halt.kind == "link" and halt.cause == REFUSED:  # which unit and why, as the strip and the banner say it
        refusal = state.device(halt.device or "").refused or {}
        return say(Text("halt:refused", {"device": device_text(halt.device), "model": refusal.get("model", ""),
                                         "serial": refusal.get("serial_number", ""),
                                         "reason": refusal_text(refusal)}))
    if halt.kind == "link":  # by its cause: the driver's own words ("cable unplugged") stay in the journal
        return say(Text("halt:link", {"device": device_text(halt.device), "reason": fault_text(halt.cause)}))
    if halt.kind == "fault":
        said = halt.text.split(": ", 1)[1] if ": " in halt.text else halt.text
        return say(Text("halt:fault", {"device": device_text(halt.device), "text": fault_text(halt.cause, said)}))
    if halt.kind == "internal":
        return say(Text("halt:internal"))
    return halt.text


def jackpot_words(state: TableState) -> list[str]:
    """Each jackpot held for verification: seat, hand, its five cards, the meter at the hit times the share,
    and the amount it makes ("meter at the hit 501.50 × 50% = 250.75")."""
    return [say(Text("action:verify_jackpot_hand" if held.meter is None else "action:verify_jackpot_figures", {
        "seat": held.seat, "hand": hand_word(held.category), "cards": _cards(list(held.cards)),
        "meter": format_cents(held.meter) if held.meter is not None else "",
        "percent": money(held.percent), "amount": format_cents(held.amount)})) for held in held_awards(state.round)]


def choice_words(action: str, halt: Halt | None) -> str:
    """A supervisor's choice in this halt: the misdeal alarm's names the card that stands."""
    expected = (halt.detail or {}).get("expected") if halt is not None else None
    if action == "accept_mismatch" and halt is not None and halt.kind == "mismatch" and isinstance(expected, int):
        return say(Text("action:accept_mismatch_card", {"card": card_face(expected)}))
    if action in ("void", "clear_fault", "restore_stake", "resolve_clone", "accept_device"):  # short on the button
        return say(Text(f"choice:{action}"))
    return say(Text(f"action:{action}"))

CHOICES = ("clear_fault", "accept_mismatch", "verify_jackpot", "resume", "restore_stake", "resolve_clone",
           "accept_device", "void")
"""Supervisor actions a halt may offer, in the order they are shown (the void last)."""


class HaltPanel(QFrame):
    def __init__(self, ask_supervisor: Ask, key_card: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("haltPanel")
        theme.set_role(self, "halt")
        m = CURRENT[0]
        outer = QHBoxLayout(self)  # what happened on the left; a held jackpot's five cards on the right
        outer.setContentsMargins(m.margin * 2, m.margin, m.margin * 2, m.margin)
        outer.setSpacing(m.gap)
        layout = QVBoxLayout()
        layout.setSpacing(m.margin)
        outer.addLayout(layout, 1)
        self.title = FitLabel("", 17, bold=True, role="halt-title")
        self.title.setObjectName("haltTitle")
        self.detail = FitLabel("", 16, role="halt-text", lines=2)
        self.detail.setObjectName("haltDetail")
        layout.addWidget(self.title)
        layout.addWidget(self.detail)
        self.hand = CardRow(5, width=m.card_width)
        self.hand.setObjectName("haltHand")
        outer.addWidget(self.hand)
        self._halt: Halt | None = None
        self._said: dict[str, str] = {}
        # The choices go in the footer, where the table's own commands are while it plays.
        self.choices = QWidget()
        row = QHBoxLayout(self.choices)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(m.gap)
        self.buttons: dict[str, FitButton] = {}
        self.key_button = FitButton("", 14, role="go", name="haltKeyCard")
        self.key_button.tapped.connect(key_card)
        row.addWidget(self.key_button)
        for action in CHOICES:
            button = FitButton("", 13, role="danger" if action == "void" else "supervisor", name=f"sup_{action}",
                               lines=2)
            button.tapped.connect(lambda a=action: ask_supervisor(a, None, self._said.get(a, "")))
            self.buttons[action] = button
            row.addWidget(button, 1)  # the choices share the room evenly, whatever their words
        self.retranslate()

    def retranslate(self) -> None:
        self.key_button.setText(translate("screen", "Key the card"))
        for action, button in self.buttons.items():
            button.setText(choice_words(action, self._halt))  # the supervisor's colour: they press it

    def render_state(self, snap: TableSnapshot) -> None:
        rnd = snap.round
        halt = rnd.halt if rnd is not None and not rnd.finished else None
        self.setVisible(halt is not None)
        self.choices.setVisible(halt is not None)
        if halt is None or rnd is None:
            return
        offer = snap.offer
        device = f" ({say(device_text(halt.device))})" if halt.device else ""
        self.title.setText("\u26a0 " + say(cause_text(halt.cause)) + device)
        self._halt = halt
        self._said = {}
        held = held_awards(rnd) if halt.kind == "jackpot_verify" else []
        if held:
            said = jackpot_words(snap.state)
            self.detail.setText("\n".join(said))  # the cards also drawn beside it
            self._said["verify_jackpot"] = "\n".join(said)
            self.hand.show_cards(list(held[0].cards), len(held[0].cards))
        elif halt.kind == "bet_alarm" and (alarm := bet_alarm_text(snap)) is not None:
            # a chip added or taken after no more bets: the seat, the spot, what was locked, what lies there now
            self.detail.setText(say(alarm))
            self._said["restore_stake"] = self._said["void"] = self.detail.text()
        elif halt.kind == "clone" and (clone := clone_text(snap)) is not None:
            # one chip id on more than one spot: which id, which seats, and whether the clones are off yet
            self.detail.setText(say(clone))
            self._said["resolve_clone"] = self._said["void"] = self.detail.text()
        else:
            self.detail.setText(halt_words(halt, snap.state, snap.table.devices.read_timeout))
        self.hand.setVisible(bool(held))
        self.detail.wrap_if_long()
        for action, button in self.buttons.items():
            button.setText(choice_words(action, halt))
        if halt.kind == "mismatch":
            self._said["accept_mismatch"] = self.detail.text()
        self.key_button.setVisible("key_card" in offer.croupier)
        restorable = halt.kind == "bet_alarm" and (alarm := bet_alarm_text(snap)) is not None \
            and alarm.key == "halt:bet_alarm_back"  # the engine restores only the locked chips, all of them
        resolvable = halt.kind == "clone" and (clone := clone_text(snap)) is not None \
            and clone.key == "halt:clone_gone"  # the engine resolves only once each id lies on one spot
        for action, button in self.buttons.items():
            button.setVisible(action in offer.supervisor)
            button.setEnabled((action != "restore_stake" or restorable) and (action != "resolve_clone" or resolvable))
