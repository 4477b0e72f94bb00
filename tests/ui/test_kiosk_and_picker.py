"""Full screen asks before it closes; the card picker starts on the reader's read."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from dealer_station.cards import parse_card
from ui.card_picker import CardPicker
from ui.shell import MainWindow, delete_now

from .helpers import button, click, dialog


def test_kiosk_window_asks_before_it_closes(qtbot, qapp, station):
    win = MainWindow(station[0], kiosk=True)
    qtbot.addWidget(win)
    win.fit_panel(800, 480)
    win.show()
    win.close()
    assert win.isVisible()  # still there: it asked
    ask = dialog(win, "confirmClose")
    click(qtbot, button(ask, "keepRunning"))
    assert win.isVisible() and not any(d.isVisible() for d in win.findChildren(QDialog))
    win.close()
    click(qtbot, button(dialog(win, "confirmClose"), "closeStation"))
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=2000)
    win.worker.shutdown(wait=True)


def test_picker_preselects_the_read_and_refuses_a_card_in_play(qtbot, qapp, window):
    chosen: list[int] = []
    picker = CardPicker(window, "Key the card", chosen.append, in_play=[parse_card("As")],
                        preselect=parse_card("Td"))
    qtbot.addWidget(picker)
    picker.open()
    assert picker.card == parse_card("Td") and picker.preview.describe() == "10d"
    click(qtbot, picker.ok)
    assert chosen == [parse_card("Td")]


def test_a_closed_and_deleted_window_hears_no_more_from_the_table(qtbot, qapp, station):
    """The table runs on after its screen goes (a restart of the UI): nothing may reach dead widgets."""
    from structlog.testing import capture_logs

    session, shoe = station
    win = MainWindow(session)  # not given to qtbot: this test deletes it itself
    win.fit_panel(800, 480)
    win.show()
    win.schedule_render()  # a render queued, as a burst of device events leaves one
    win.close_now()
    win.worker.shutdown(wait=True)
    delete_now(win)
    with capture_logs() as logs:
        shoe.connect()  # the table changes: a live window would re-render
        qtbot.wait(50)  # the queued render and any signal would run now (pytest-qt fails on their errors)
    assert session.view().state.devices["shuffler"].connected
    assert not [line for line in logs if line["event"] == "listener_failed"], logs
