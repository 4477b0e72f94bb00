"""Driving the screen by taps, as a croupier does (commands run on the window's worker)."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QPushButton

from ui.widgets import DOUBLE_TAP_MS, FitButton, GuardedButton

TIMEOUT = 5000
MARGIN_MS = 30
"""How much later than a double tap's time a deliberate second press comes."""


def past_double_tap(qtbot, button: QPushButton) -> None:
    """Wait until a press of ``button`` can no longer be taken for a double tap of its last one.

    The double-tap guard is per button (``FitButton._last_tap``): a press of another button, of one
    not pressed within ``DOUBLE_TAP_MS``, or of a key (``debounce`` off), needs no wait, so a test waits
    only what its croupier would."""
    last = button._last_tap if isinstance(button, FitButton) and button.debounce else -1.0
    guard = button.guard_ms if isinstance(button, FitButton) else DOUBLE_TAP_MS
    left_ms = (last + guard / 1000 - time.monotonic()) * 1000
    if last >= 0 and left_ms > -MARGIN_MS:
        qtbot.wait(int(left_ms) + MARGIN_MS)


def click(qtbot, button: QPushButton) -> None:
    """One deliberate tap: never so soon after this button's last that the guard takes it for a bounce
    (a test that means a double tap presses with ``qtbot.mouseClick`` itself)."""
    # The screen renders what the worker did a moment after the session changed: wait for the button as a
    # croupier waits for the screen, then fail naming it.
    try:
        qtbot.waitUntil(lambda: button.isVisible() and button.isEnabled(), timeout=TIMEOUT)
    except qtbot.TimeoutError:
        raise AssertionError(f"{button.objectName()} not visible and enabled within {TIMEOUT} ms") from None
    past_double_tap(qtbot, button)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def tap_again(qtbot, button: QPushButton) -> None:
    """A second press of the same button, slower than a double tap (``click`` sees to that)."""
    click(qtbot, button)


def press(qtbot, button: QPushButton) -> None:
    """Press ``button`` as a croupier does: an irreversible one (``GuardedButton``) is tapped,
    then tapped again to confirm; the first tap alone must not act."""
    click(qtbot, button)
    if isinstance(button, GuardedButton) and button.guard:
        assert button.armed, f"{button.objectName()} did not ask for a second tap"
        tap_again(qtbot, button)


def button(root, name: str) -> QPushButton:
    found = root.findChild(QPushButton, name)
    assert found is not None, name
    return found


def dialog(window, name: str) -> QDialog:
    found = [d for d in window.findChildren(QDialog, name) if d.isVisible()]
    assert found, f"no {name} open"
    return found[-1]


def open_round(qtbot, window) -> None:
    click(qtbot, window.open_button)
    qtbot.waitUntil(lambda: window.session.view().phase == "betting" and not window.panel.bets.locked, timeout=TIMEOUT)


def choose_seat(qtbot, window, seat: int) -> None:
    qtbot.mouseClick(window.panel.seats[seat], Qt.MouseButton.LeftButton)
    assert window.panel.bets.seat == seat


def bet(qtbot, window, seat: int, spot: str, amount: str, expect: str | None = None) -> None:
    """Choose ``seat`` and press its ``spot`` chip worth ``amount`` (``"toggle"``: a toggle)."""
    choose_seat(qtbot, window, seat)
    chip = window.panel.bets.chip(spot, amount)
    click(qtbot, chip)
    if expect is not None:
        qtbot.waitUntil(lambda: window.panel.seats[seat].stake_text(spot) == expect, timeout=TIMEOUT)


def decision_button(window, seat: int, action: str) -> QPushButton | None:
    return next((b for b in window.panel.decision_buttons_for(seat) if b.property("action") == action), None)


def decide(qtbot, window, seat: int, action: str) -> None:
    qtbot.waitUntil(lambda: decision_button(window, seat, action) is not None, timeout=TIMEOUT)
    press(qtbot, decision_button(window, seat, action))
    qtbot.waitUntil(lambda: action in window.session.view().round.seats[seat].actions, timeout=TIMEOUT)


def type_keys(qtbot, root, text: str) -> None:
    """Press the keypad's keys for ``text`` (keys have no double-tap guard: a PIN may repeat a digit)."""
    for key in text:
        click(qtbot, button(root, f"key_{key}"))


def supervisor_answers(qtbot, window, badge: str, pin: str, reason_key: str | None = None) -> None:
    """Type badge and PIN on the open PIN dialog's keypad, pick a reason, press OK."""
    pin_dialog = dialog(window, "pinDialog")
    type_keys(qtbot, pin_dialog, badge)
    click(qtbot, button(pin_dialog, "key_next"))
    type_keys(qtbot, pin_dialog, pin)
    key = reason_key or next(k for k in pin_dialog.reason_buttons if k != "other")
    click(qtbot, pin_dialog.reason_buttons[key])
    click(qtbot, pin_dialog.ok)
