"""Recall on the screen: every finished round (not only the last ten), found by number,
scrolled by finger, with the timeline of every event in local time."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QScroller

from ui.format import local_time

from .conftest import BADGE, PIN
from .helpers import TIMEOUT, button, click, dialog, type_keys


def test_recall_finds_any_round_and_shows_its_timeline(qtbot, window, station):
    session = window.session
    station[1].hold = True
    for _ in range(12):  # twelve rounds, each voided at no more bets
        session.execute("open_round")
        session.execute("set_bets", 1, {"ante": "5", "blind": "5"})
        session.execute("no_more_bets")
        session.supervise("void", BADGE, PIN, "Misdeal")
    click(qtbot, window.recall_button)
    recall = dialog(window, "recallView")
    qtbot.waitUntil(lambda: recall.list.count() == 12, timeout=TIMEOUT)
    assert QScroller.hasScroller(recall.list.viewport())  # finger scrolling
    click(qtbot, button(recall, "recallFind"))
    find = dialog(window, "findRound")
    type_keys(qtbot, find, "2")
    click(qtbot, button(find, "findOk"))
    qtbot.waitUntil(lambda: recall.list.currentItem().text() == "T1-000002", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: "T1-000002" in recall.text.toPlainText(), timeout=TIMEOUT)
    qtbot.waitUntil(lambda: recall.timeline_button.isEnabled(), timeout=TIMEOUT)
    click(qtbot, recall.timeline_button)
    text = recall.text.toPlainText()
    events = list(session.journal.events(round_id="T1-000002"))
    assert "Timeline of T1-000002" in text
    for event in events:
        assert event.kind in text
    voided = next(e for e in events if e.kind == "round_voided")
    assert local_time(voided.at) in text and f"supervisor:{BADGE}" in text


def test_a_voided_round_says_its_phase_and_cause_in_words(qapp):
    """Recall said "jam (flop_reveal)": the phase ids of the journal, now said in the croupier's words and
    language (issue 38, item 17)."""
    from dealer_station.games import get_game
    from ui.i18n import Translations
    from ui.recall_view import round_html

    def voided(game: str, phase: str, cause: str = "jam") -> str:
        record = {"round_id": "T1-000001", "seats": [], "started_at": None, "ended_at": None,
                  "void": {"cause": cause, "phase": phase, "by": "supervisor:0412", "at": None}}
        return html.unescape(round_html(record, get_game(game)))

    said = {(game, phase): voided(game, phase) for game, phase in (
        ("uth", "flop_reveal"), ("uth", "river"), ("uth", "no_more_bets"), ("uth", "dealing"),
        ("uth", "dealer_reveal"), ("holdem_bonus", "turn"), ("holdem", "deal_turn"), ("holdem", "preflop"))}
    expected = {("uth", "flop_reveal"): "Flop revealed", ("uth", "river"): "River decision",
                ("uth", "no_more_bets"): "No more bets", ("uth", "dealing"): "Dealing",
                ("uth", "dealer_reveal"): "Dealer's hand revealed", ("holdem_bonus", "turn"): "Turn decision",
                ("holdem", "deal_turn"): "Dealing the turn", ("holdem", "preflop"): "Pre-flop decision"}
    for key, words in expected.items():
        assert f"({words})" in said[key], (key, said[key])
        assert f"({key[1]})" not in said[key]
    assert "Shoe jam (River decision)" in said[("uth", "river")] and ": jam (" not in said[("uth", "river")]
    languages = Translations()
    try:
        languages.use("fr")
        french = voided("uth", "flop_reveal")
        assert "Sabot bloqué" in french and "(Flop revealed)" not in french and "flop_reveal" not in french
    finally:
        languages.use("en")
