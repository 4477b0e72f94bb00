"""Settlement as a croupier pays it (issue 19): one current seat that banner, highlight and
button agree on; out of order only by an explicit choice; the last Paid undone while the
round is open (journaled); the Paid that closes the round asks once; pay, collect, push and
done apart by sign, symbol and colour, also to a deuteranope."""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt

from ui import theme
from ui.settlement_view import seat_outcome

from .colour import contrast, delta_e, deuteranopia, rgb
from .helpers import TIMEOUT, button, click, dialog, tap_again
from .test_touchscreen import play_to_settlement


def current(window) -> tuple[str, list[int], object]:
    """(banner, seats highlighted, the seat the Paid button names)."""
    panel = window.panel
    lit = [s for s, tile in panel.seats.items() if tile.property("active") == "true"]
    return window.banner.text(), lit, panel.paid_button.property("seat")


def test_one_current_seat_and_out_of_order_only_when_chosen(qtbot, window):
    play_to_settlement(qtbot, window)
    session = window.session
    qtbot.waitUntil(lambda: window.panel.paid_button.property("seat") == 3, timeout=TIMEOUT)
    said, lit, seat = current(window)
    assert said == "Settle seat 3: collect 20" and lit == [3] and seat == 3
    qtbot.mouseClick(window.panel.seats[1], Qt.MouseButton.LeftButton)  # a tap out of order only asks
    ask = dialog(window, "outOfOrder")
    assert current(window)[1:] == ([3], 3)
    click(qtbot, button(ask, "stayInOrder"))
    qtbot.waitUntil(lambda: not ask.isVisible(), timeout=TIMEOUT)
    assert current(window)[1:] == ([3], 3)
    qtbot.mouseClick(window.panel.seats[1], Qt.MouseButton.LeftButton)
    click(qtbot, button(dialog(window, "outOfOrder"), "settleOutOfOrder"))
    qtbot.waitUntil(lambda: window.panel.paid_button.property("seat") == 1, timeout=TIMEOUT)
    said, lit, seat = current(window)
    assert said == "Settle seat 1: collect 5, then pay 50 (out of order: seat 3 next)"
    assert lit == [1] and seat == 1 and window.panel.settlement.plan.seat == 1
    qtbot.wait(350)
    click(qtbot, window.panel.paid_button)  # not the last seat: no second tap, it can be undone
    qtbot.waitUntil(lambda: session.view().round.seats[1].paid, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: current(window)[1:] == ([3], 3), timeout=TIMEOUT)
    assert window.banner.text() == "Settle seat 3: collect 20"


def test_the_last_paid_is_undone_and_the_closing_paid_asks_once(qtbot, window):
    play_to_settlement(qtbot, window)
    session = window.session
    panel = window.panel
    qtbot.waitUntil(lambda: panel.paid_button.property("seat") == 3, timeout=TIMEOUT)
    assert not panel.undo_paid_button.isVisible()
    tap_again(qtbot, panel.paid_button)
    qtbot.waitUntil(lambda: session.view().round.seats[3].paid and panel.undo_paid_button.isVisible(), timeout=TIMEOUT)
    assert panel.undo_paid_button.text() == "\u21b6 Undo paid seat 3"
    tap_again(qtbot, panel.undo_paid_button)
    qtbot.waitUntil(lambda: not session.view().round.seats[3].paid, timeout=TIMEOUT)
    assert [e.payload for e in session.journal.events(kinds={"seat_paid_undone"})] == [{"seat": 3}]
    # the screen re-renders from the session on its own timer: seat 3 is the current one again once it has
    qtbot.waitUntil(lambda: current(window)[1:] == ([3], 3), timeout=TIMEOUT)
    tap_again(qtbot, panel.paid_button)
    qtbot.waitUntil(lambda: panel.paid_button.property("seat") == 1, timeout=TIMEOUT)
    last = panel.paid_button
    assert last.property("role") == "final" and last.guard  # it closes the round: unlike the others
    tap_again(qtbot, last)
    assert last.armed and last.text() == "Tap again: seat 1 is the last, the round closes"
    qtbot.wait(100)
    assert not session.view().round.seats[1].paid, "one tap on the closing Paid does nothing yet"
    tap_again(qtbot, last)
    qtbot.waitUntil(lambda: session.view().phase == "paid" and not panel.undo_paid_button.isVisible(), timeout=TIMEOUT)


def test_an_armed_button_left_alone_disarms(qtbot, window):
    play_to_settlement(qtbot, window)
    panel = window.panel
    tap_again(qtbot, panel.paid_button)
    qtbot.waitUntil(lambda: panel.paid_button.property("seat") == 1, timeout=TIMEOUT)
    tap_again(qtbot, panel.paid_button)
    assert panel.paid_button.armed
    qtbot.waitUntil(lambda: not panel.paid_button.armed, timeout=TIMEOUT)  # ARM_MS later
    assert not window.session.view().round.seats[1].paid


def test_pay_collect_push_done_apart_by_sign_symbol_and_colour(qtbot, window):
    play_to_settlement(qtbot, window)
    rnd = window.session.view().round
    texts = {role: text for text, role, _ in (seat_outcome(rnd, s) for s in rnd.seats)}
    assert set(texts) == {"pay", "collect"}  # a seat still to settle is drawn as what to do there, never "pending"
    assert texts["collect"].startswith("\u2212 ") and texts["pay"].startswith("+ ")
    assert len(set(theme.SIGNS.values())) == 4 and "-" not in theme.SIGNS.values()  # a minus sign, not a hyphen
    colours = {"pay": theme.PAY, "collect": theme.COLLECT, "push": theme.PUSH, "done": theme.DONE}
    for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
        seen = delta_e(deuteranopia(rgb(ca)), deuteranopia(rgb(cb)))
        assert seen > 20, f"{a} and {b} look alike to a deuteranope (\u0394E {seen:.1f})"
    for name, colour in colours.items():
        assert contrast(rgb(colour), rgb(theme.PANEL)) >= 4.5, name
