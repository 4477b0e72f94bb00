"""The footer and the strip (issue 39 item 12): when no command fits, no other button slides into the
place the croupier's thumb was about to tap; the shift strip says what its figure is; a dashed border
means one thing - out of play."""

from __future__ import annotations

import re

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QPushButton

from ui import theme

from .helpers import TIMEOUT, bet, click, open_round


def _where(window, widget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def test_nothing_slides_under_the_thumb_when_no_command_fits(qtbot, window, station):
    session, shoe = station
    supervisor, recall = _where(window, window.supervisor_button), _where(window, window.recall_button)
    opened_at = _where(window, window.open_button)
    open_round(qtbot, window)
    bet(qtbot, window, 2, "ante", "5", expect="5")
    shoe.hold = True  # the shoe takes its time dealing: nothing for the croupier to press meanwhile
    thumb = _where(window, window.panel.no_more_bets)
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: session.view().phase == "dealing" and not window.panel.no_more_bets.isVisible(),
                    timeout=TIMEOUT)
    qtbot.wait(50)
    assert not session.offer().croupier  # no command fits now
    shown = [b for b in window.findChildren(QPushButton) if b.isVisibleTo(window) and b.window() is window]
    for place in (thumb, opened_at):
        under = [b.objectName() for b in shown if _where(window, b).intersects(place)]
        assert not under, f"{under} moved under the thumb"
    assert _where(window, window.supervisor_button) == supervisor and _where(window, window.recall_button) == recall


def test_the_shift_strip_says_what_its_figure_is(qtbot, window):
    said = window.strip.shift.text()
    assert re.fullmatch(r"Shift: rounds \d+ \u00b7 table win [+-]?[\d.]+", said), said


def test_a_dashed_border_means_out_of_play_and_nothing_else():
    sheet = theme.stylesheet(theme.Metrics(1.0))
    for rule in re.findall(r"([^{}]+)\{\{?([^{}]*)\}", sheet):
        selector, body = rule[0].strip(), rule[1]
        if "dashed" in body:
            assert ":disabled" in selector or 'role="locked"' in selector, selector
    assert re.search(r"QPushButton:disabled \{[^}]*dashed", sheet)  # every button out of play, whatever its role
