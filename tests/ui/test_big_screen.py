"""A big panel shows more, not just bigger (issue 39 item 11): at 1920x1080 each seat's stakes say the chips
that make them, by denomination; the limits and the next step stand together beside the table with the round's
history; at 800x480 none of it takes the small panel's room."""

from __future__ import annotations

from decimal import Decimal

from .helpers import TIMEOUT, bet, click, open_round


def _resize(qtbot, window, size: tuple[int, int]) -> None:
    window.fit_panel(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=TIMEOUT)
    window.render_now()


def test_a_big_panel_shows_chips_limits_next_step_and_history_the_small_one_keeps_its_room(qtbot, window):
    session = window.session
    _resize(qtbot, window, (1920, 1080))
    open_round(qtbot, window)
    bet(qtbot, window, 3, "ante", "100", expect="100")
    bet(qtbot, window, 3, "ante", "25", expect="125")
    bet(qtbot, window, 3, "ante", "25", expect="150")
    bet(qtbot, window, 3, "trips", "5", expect="5")
    label = window.panel.seats[3].stake_labels["ante"]
    qtbot.waitUntil(lambda: label.text() == "Ante 150 \u00b7 100 + 25\u00d72", timeout=TIMEOUT)  # its chips
    assert window.panel.seats[3].stake_labels["trips"].text() == "Trips 5"  # one chip: nothing more to say
    side = window.side
    assert side.isVisible() and side.limits.text() == "Ante 5\u2013500  \u00b7  Trips 1\u2013100  EUR"
    assert side.next_step.text() == window.banner.text() == "Place your bets, then call No more bets"
    assert not window.strip.limits.isVisible()  # said once, beside the next step
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: session.view().phase == "preflop", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: any("No more bets" in line for line in side.lines), timeout=TIMEOUT)
    number = session.view().round.number
    steps = [line.split("  ", 1)[1] for line in side.lines]
    assert steps[:3] == [f"Round {number} opened", "No more bets", "Cards dealt"], steps
    journaled = [e.kind for e in session.journal.events(round_id=session.view().round.round_id)]
    assert journaled.index("no_more_bets") < journaled.index("deal_started")  # the strip follows the journal
    assert window.panel.seats[3].stake_labels["ante"].font().pixelSize() >= 16
    _resize(qtbot, window, (800, 480))
    qtbot.waitUntil(lambda: not window.side.isVisible(), timeout=TIMEOUT)
    assert window.panel.seats[3].stake_labels["ante"].text() == "Ante 150"  # the small panel's tile as it was
    assert window.strip.limits.isVisible()
    assert session.view().round.seats[3].bets["ante"] == Decimal(150)
