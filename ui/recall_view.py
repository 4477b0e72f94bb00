"""Recall: every finished round, found by number or scrolled by finger, with its timeline.

The list holds every finished round of the journal (newest first), not only the last
ten; "Find" jumps to a round number typed on the keypad. A round shows its cards, bets,
decisions and settlement as journaled (``dealer_station.recall``); "Timeline" shows every
event of it: when (local time), who, what. For a game with a progressive, "Jackpot" shows
the regulators' meters and the last hits (``dealer_station.jackpot.meters_from_journal``).
Reading the journal runs on the command worker, never on the GUI thread.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QListWidget, QListWidgetItem, QScroller, QTextBrowser

from dealer_station.jackpot import meters_from_journal
from dealer_station.recall import finished_round_ids, recall_round
from dealer_station.view.texts import cause_text, phase_text

from .format import hand_word, local_datetime, local_time, money, net_words, result_word
from .i18n import game_word, say, translate
from .keys import Keypad
from .overlay import Overlay
from .settlement_view import reason_words
from .widgets import CURRENT


def round_html(record: dict[str, Any], game: Any) -> str:
    """One recalled round as HTML (read-only: everything comes from the journal)."""
    esc = html.escape
    dealer_word, board_word = translate("screen", "Dealer"), translate("screen", "Board")
    seat_word = translate("screen", "Seat {seat}")
    parts = [f"<h3>{esc(str(record['round_id']))} &nbsp; <small>{esc(local_datetime(record.get('started_at')))}"
             f" - {esc(local_time(record.get('ended_at')))}</small></h3>"]
    parts.append(f"<p>{esc(dealer_word)}: <b>{esc(' '.join(record.get('dealer') or []))}</b> &nbsp; "
                 f"{esc(board_word)}: <b>{esc(' '.join(record.get('board') or []))}</b></p>")
    settled = {s["seat"]: s for s in (record.get("settlement") or {}).get("seats", [])}
    rows = []
    for seat in record.get("seats") or []:
        number = seat["seat"]
        bets = ", ".join(f"{game_word(game, k)} {money(v)}" for k, v in seat.get("bets", {}).items())
        decisions = " \u2192 ".join(game_word(game, a) for a in seat.get("actions", []))
        result = settled.get(number)
        outcome = ""
        if result is not None:
            verb, amount = net_words(result["net"])
            outcome = f"{result_word(str(result.get('result', '')))}: {verb} {amount}"
        rows.append(f"<tr><td>{number}</td><td>{esc(' '.join(seat.get('hole') or []))}</td>"
                    f"<td>{esc(bets)}</td><td>{esc(decisions)}</td><td>{esc(outcome)}</td></tr>")
    titles = (translate("screen", "Seat"), translate("screen", "Hole cards"), translate("screen", "Bets"),
              translate("screen", "Decisions"), translate("screen", "Settlement"))
    head = "".join(f"<th>{esc(h)}</th>" for h in titles)
    parts.append(f"<table border='1' cellpadding='4'><tr>{head}</tr>" + "".join(rows) + "</table>")
    jackpot = (record.get("settlement") or {}).get("jackpot")
    if jackpot:
        awards = ", ".join(f"{seat_word.format(seat=a['seat'])} {hand_word(a['category'])} {a['amount']}"
                           for a in jackpot.get("awards", []))
        jackpot_word = translate("screen", "JACKPOT")
        parts.append(f"<p>{esc(jackpot_word)}: {esc(jackpot.get('meter_before', ''))} \u2192 "
                     f"{esc(jackpot.get('meter_after', ''))} {esc(awards)}</p>")
    void = record.get("void")
    if void:
        void_word = translate("screen", "VOID")
        cause, phase = say(cause_text(void.get("cause"))), say(phase_text(game, str(void.get("phase"))))
        parts.append(f"<p style='color:#ff7b7f'><b>{esc(void_word)}</b>: "
                     f"{esc(cause)} ({esc(phase)}) - {esc(str(void.get('by')))} "
                     f"{esc(local_time(void.get('at')))} {esc(reason_words(str(void.get('reason') or '')))}</p>")
    return "".join(parts)


def timeline_html(round_id: str, events: list[Any]) -> str:
    """Every event of a round: local time, who, what (the journal's own words)."""
    esc = html.escape
    rows = []
    for event in events:
        what = ", ".join(f"{k}={v}" for k, v in event.payload.items() if k not in ("record", "settlement"))
        rows.append(f"<tr><td>{esc(local_time(event.at))}</td><td>{esc(str(event.actor))}</td>"
                    f"<td><b>{esc(event.kind)}</b> {esc(what[:160])}</td></tr>")
    titles = (translate("screen", "When"), translate("screen", "Who"), translate("screen", "What"))
    head = "".join(f"<th>{esc(h)}</th>" for h in titles)
    title = translate("screen", "Timeline of {round}").format(round=round_id)
    return (f"<h3>{esc(title)}</h3>"
            f"<table border='1' cellpadding='3'><tr>{head}</tr>{''.join(rows)}</table>")


def jackpot_html(meters: dict[str, Any] | None) -> str:
    esc = html.escape
    if meters is None:
        none = translate("screen", "This table has no progressive.")
        return f"<p>{esc(none)}</p>"
    jackpot_word = translate("screen", "JACKPOT")
    lines = [f"<h3>{esc(jackpot_word)} {esc(meters['meter'])}</h3><p>"]
    words = {"overflow": translate("screen", "Overflow"), "reset": translate("screen", "Reset"),
             "hits": translate("screen", "Hits"), "contributed": translate("screen", "Contributed"),
             "awarded": translate("screen", "Awarded"), "seeded": translate("screen", "Seeded")}
    for key, word in words.items():
        lines.append(f"{esc(word)}: <b>{esc(str(meters[key]))}</b> &nbsp; ")
    lines.append("</p>")
    rows = [f"<tr><td>{esc(local_datetime(h['at']))}</td><td>{esc(str(h['round_id']))}</td><td>{h['seat']}</td>"
            f"<td>{esc(hand_word(h['hand']))}</td><td>{esc(h['amount'])}</td><td>{esc(str(h['verified_by'] or '-'))}</td></tr>"
            for h in meters.get("history", [])]
    titles = (translate("screen", "When"), translate("screen", "Round"), translate("screen", "Seat"),
              translate("screen", "Hand"), translate("screen", "Amount"), translate("screen", "Verified by"))
    head = "".join(f"<th>{esc(h)}</th>" for h in titles)
    lines.append(f"<table border='1' cellpadding='3'><tr>{head}</tr>{''.join(rows)}</table>")
    return "".join(lines)


def load_ids(journal: Any) -> list[str]:
    return list(reversed(finished_round_ids(journal)))


def load_round(journal: Any, round_id: str) -> tuple[dict[str, Any], list[Any]]:
    return recall_round(journal, round_id), list(journal.events(round_id=round_id))


def load_jackpot(journal: Any) -> dict[str, Any] | None:
    return meters_from_journal(journal.events())


class RecallView(Overlay):
    def __init__(self, shell: Any) -> None:
        super().__init__(shell, translate("screen", "Recall"), "recallView")
        self.shell = shell
        self.game = shell.session.view().game
        m = CURRENT[0]
        row = QHBoxLayout()
        row.setSpacing(m.gap)
        self.list = QListWidget()
        self.list.setObjectName("recallList")
        self.list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        QScroller.grabGesture(self.list.viewport(), QScroller.ScrollerGestureType.LeftMouseButtonGesture)
        self.list.currentItemChanged.connect(self._chosen)
        row.addWidget(self.list, 2)
        self.text = QTextBrowser()
        self.text.setObjectName("recallText")
        QScroller.grabGesture(self.text.viewport(), QScroller.ScrollerGestureType.LeftMouseButtonGesture)
        row.addWidget(self.text, 5)
        self.body.addLayout(row, 1)
        self.find_field: QLineEdit | None = None
        self.add_button(translate("screen", "Find round"), "recallFind", "", self._find)
        self.timeline_button = self.add_button(translate("screen", "Timeline"), "recallTimeline", "", self._timeline)
        self.timeline_button.setEnabled(False)
        if hasattr(self.game, "meters"):
            self.add_button(translate("screen", "Jackpot"), "recallJackpot", "", self._jackpot)
        self.add_close()
        self.ids: list[str] = []
        self.current: tuple[dict[str, Any], list[Any]] | None = None
        shell.worker.done.connect(self._loaded)
        reading = translate("screen", "Reading the journal...")
        self.text.setHtml(f"<p>{html.escape(reading)}</p>")
        shell.submit("recall_ids", load_ids, shell.journal)

    def _loaded(self, label: str, result: object) -> None:
        if label == "recall_ids" and isinstance(result, list):
            self.ids = result
            self.list.clear()
            for round_id in result:
                self.list.addItem(QListWidgetItem(round_id))
            if not result:
                nothing = translate("screen", "No finished round yet.")
                self.text.setHtml(f"<p>{html.escape(nothing)}</p>")
            else:
                self.list.setCurrentRow(0)
        elif label == "recall_round" and isinstance(result, tuple):
            self.current = result
            self.text.setHtml(round_html(result[0], self.game))
            self.timeline_button.setEnabled(True)
        elif label == "recall_jackpot":
            self.text.setHtml(jackpot_html(result if isinstance(result, dict) else None))

    def _chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.timeline_button.setEnabled(False)
            self.shell.submit("recall_round", load_round, self.shell.journal, item.text())

    def show_round(self, round_id: str) -> bool:
        """Select ``round_id`` (or the round whose number it ends with); False if there is none."""
        for i, rid in enumerate(self.ids):
            if rid == round_id or rid.rsplit("-", 1)[-1].lstrip("0") == round_id.lstrip("0"):
                self.list.setCurrentRow(i)
                self.list.scrollToItem(self.list.item(i))
                return True
        return False

    def _find(self) -> None:
        dialog = Overlay(self, translate("screen", "Find round: its number"), "findRound")
        field = QLineEdit()
        field.setObjectName("findNumber")
        dialog.body.addWidget(field)
        pad = Keypad(lambda: field, lambda: None)
        pad.keys["next"].hide()
        dialog.body.addWidget(pad, 1)

        def go() -> None:
            if self.show_round(field.text()):
                dialog.accept()
            else:
                dialog.title.setText(translate("screen", "No finished round {number}").format(number=field.text()))

        dialog.add_button(translate("screen", "Cancel"), "findCancel", "", dialog.reject)
        dialog.add_button(translate("screen", "Show"), "findOk", "go", go)
        field.setFocus()
        dialog.open()

    def _timeline(self) -> None:
        if self.current is not None:
            record, events = self.current
            self.text.setHtml(timeline_html(str(record["round_id"]), events))

    def _jackpot(self) -> None:
        self.shell.submit("recall_jackpot", load_jackpot, self.shell.journal)

    def done(self, result: int) -> None:
        try:
            self.shell.worker.done.disconnect(self._loaded)
        except (RuntimeError, TypeError):
            pass
        super().done(result)



