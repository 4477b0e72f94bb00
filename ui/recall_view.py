"""Recall: the last 10 finished rounds from the journal, with cards, decisions, settlement."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtWidgets import QDialog, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from .format import action_label, money, net_words


def round_html(record: dict[str, Any]) -> str:
    """One recalled round as HTML (read-only: everything comes from the journal)."""
    esc = html.escape
    parts = [f"<h3>{esc(record['round_id'])} &nbsp; <small>{esc(str(record.get('started_at') or ''))}</small></h3>"]
    parts.append(f"<p>Dealer: <b>{esc(' '.join(record.get('dealer') or []))}</b> &nbsp; "
                 f"Board: <b>{esc(' '.join(record.get('board') or []))}</b></p>")
    settled = {s["seat"]: s for s in (record.get("settlement") or {}).get("seats", [])}
    rows = []
    for seat in record.get("seats") or []:
        number = seat["seat"]
        bets = ", ".join(f"{k} {money(v)}" for k, v in seat.get("bets", {}).items())
        decisions = " \u2192 ".join(action_label(a) for a in seat.get("actions", []))
        result = settled.get(number)
        outcome = ""
        if result is not None:
            verb, amount = net_words(result["net"])
            outcome = f"{esc(str(result.get('result', '')))}: {verb} {amount}"
        rows.append(f"<tr><td>Seat {number}</td><td>{esc(' '.join(seat.get('hole') or []))}</td>"
                    f"<td>{esc(bets)}</td><td>{esc(decisions)}</td><td>{esc(outcome)}</td></tr>")
    parts.append("<table border='1' cellpadding='4'><tr><th>Seat</th><th>Hole</th><th>Bets</th>"
                 "<th>Decisions</th><th>Settlement</th></tr>" + "".join(rows) + "</table>")
    void = record.get("void")
    if void:
        parts.append(f"<p style='color:#c8102e'><b>VOID</b>: {esc(str(void.get('cause')))} during "
                     f"{esc(str(void.get('phase')))} by {esc(str(void.get('by')))} "
                     f"{esc(str(void.get('reason') or ''))} - stakes returned</p>")
    return "".join(parts)


class RecallView(QDialog):
    def __init__(self, records: list[dict[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recallView")
        self.setWindowTitle("Recall: last rounds")
        self.resize(1100, 700)
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setObjectName("recallText")
        body = "<hr>".join(round_html(r) for r in reversed(records)) or "<p>No finished round yet.</p>"
        self.text.setHtml(body)
        layout.addWidget(self.text)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        layout.addWidget(close)
