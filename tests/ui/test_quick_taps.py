"""Every deliberate tap on a chip counts, and shows that it did (issue 39 item 2): three taps on
"Ante 1" about 170 ms apart are +3, each flashed as it is counted; a contact's bounce (a few ms)
is still one chip, and the one-shot commands keep their double-tap guard."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt

from ui.widgets import DOUBLE_TAP_MS

from .helpers import TIMEOUT, bet, choose_seat, open_round


def test_three_quick_taps_on_a_chip_are_three_chips_each_acknowledged(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 3, "ante", "5", expect="5")
    chip = window.panel.bets.chip("ante", "1")
    qtbot.wait(DOUBLE_TAP_MS)  # the press before is long gone
    for n in range(1, 4):
        if n > 1:
            qtbot.wait(170)  # a croupier counting chips onto the spot
        before = chip.acknowledged
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
        assert chip.acknowledged == before + 1, f"tap {n} not acknowledged"
        assert chip.property("ack") == "true", f"tap {n} did not flash"
    qtbot.waitUntil(lambda: session.view().round.seats[3].bets.get("ante") == Decimal(8), timeout=TIMEOUT)
    qtbot.wait(300)
    assert session.view().round.seats[3].bets == {"ante": Decimal(8), "blind": Decimal(8)}
    qtbot.waitUntil(lambda: chip.property("ack") == "false", timeout=TIMEOUT)  # the flash ends by itself


def test_a_bounce_is_one_chip_and_one_shot_commands_keep_the_double_tap_guard(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    choose_seat(qtbot, window, 4)
    chip = window.panel.bets.chip("ante", "5")
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)  # the contact bouncing: well within BOUNCE_MS
    qtbot.waitUntil(lambda: 4 in session.view().round.seats, timeout=TIMEOUT)
    qtbot.wait(300)
    assert chip.acknowledged == 1
    assert session.view().round.seats[4].bets["ante"] == Decimal(5)
    for one_shot in (window.panel.no_more_bets, window.panel.paid_button, window.open_button,
                     *window.panel.decision_buttons):
        assert one_shot.guard_ms == DOUBLE_TAP_MS, one_shot.objectName()  # a second tap within it is the same
    assert chip.guard_ms <= 50  # a bounce filter of tens of ms at most
