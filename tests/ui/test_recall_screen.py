"""Recall on the screen: every finished round (not only the last ten), found by number,
scrolled by finger, with the timeline of every event in local time."""

from __future__ import annotations

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
