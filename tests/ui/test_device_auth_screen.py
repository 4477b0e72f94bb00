"""The croupier's screen says which device was refused and why, and which one runs
unauthenticated (issue 20 item 4), on a live station: real drivers, the shoe on a pty."""

from __future__ import annotations

from pathlib import Path

from tests.session.test_device_auth import SHOE_SERIAL, _station

from .conftest import open_window


def test_a_refused_shoe_is_named_on_the_banner_and_the_strip(qtbot, qapp, tmp_path: Path) -> None:
    station = _station(tmp_path, "impostor=1")
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, 10)
        win = open_window(qtbot, qapp, session)
        shoe = win.strip.devices["shuffler"]
        assert shoe.property("role") == "dot-bad" and "refused: wrong key" in shoe.text()
        qtbot.waitUntil(lambda: SHOE_SERIAL in win.banner.text(), timeout=5000)
        assert "refused: wrong key" in win.banner.text()
        french = open_window(qtbot, qapp, session, language="fr")
        assert "refusé : mauvaise clé" in french.strip.devices["shuffler"].text()
        for shown in (win, french):
            shown.worker.shutdown(wait=True)
    finally:
        station.stop()


def test_a_reader_allowed_unauthenticated_says_so_on_the_strip(qtbot, qapp, tmp_path: Path) -> None:
    station = _station(tmp_path, reader=True, allow=("reader",))
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, 10)
        win = open_window(qtbot, qapp, session)
        assert win.strip.devices["reader"].text().endswith("(unauthenticated)")
        assert "unauthenticated" not in win.strip.devices["shuffler"].text()  # the shoe proved who it is
        win.worker.shutdown(wait=True)
    finally:
        station.stop()


def test_a_unit_swapped_while_the_station_was_off_is_accepted_from_the_supervisor_menu(qtbot, qapp,
                                                                                       tmp_path: Path) -> None:
    """Issue 38 item 6 on the screen: the menu offers to accept the unit held refused as a swap, names it in
    the PIN dialog and asks a reason; the unit then comes up."""
    from tests.session.test_device_swap_restart import BADGE, FIRST, PIN, SECOND, SERIAL, station

    from .helpers import TIMEOUT, button, click, dialog, supervisor_answers, tap_again

    first = station(tmp_path, FIRST)
    session = first.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected, 10)
    finally:
        first.stop()
    swapped = station(tmp_path, SECOND)
    session = swapped.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, 10)
        win = open_window(qtbot, qapp, session)
        assert "refused: another unit on its port" in win.strip.devices["shuffler"].text()
        tap_again(qtbot, win.supervisor_button)
        accept = button(dialog(win, "supervisorMenu"), "menu_accept_device")
        assert accept.isEnabled()
        click(qtbot, accept)
        assert SERIAL[SECOND] in dialog(win, "pinDialog").detail.text()
        supervisor_answers(qtbot, win, BADGE, PIN, "reason:device_replaced")
        qtbot.waitUntil(lambda: session.view().state.device("shuffler").connected, timeout=TIMEOUT)
        (accepted,) = session.journal.events(kinds={"device_accepted"})
        assert accepted.payload["serial_number"] == SERIAL[SECOND] and accepted.payload["reason"]
        win.worker.shutdown(wait=True)
    finally:
        swapped.stop()

def _shown_texts(win) -> list[str]:
    from PySide6.QtWidgets import QAbstractButton, QLabel

    return [w.text() for kind in (QLabel, QAbstractButton) for w in win.findChildren(kind)
            if w.isVisibleTo(win) and w.text()]


def test_a_refused_device_is_a_halt_with_one_reason_what_to_do_and_no_betting(qtbot, qapp, tmp_path: Path) -> None:
    """Issue 39 item 3: halt style, the strip's reason, "do not deal", no Open betting to tap."""
    station = _station(tmp_path, "impostor=1")
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, 10)
        assert "open_round" not in session.offer().croupier  # the rules offer no betting
        for language, reason, todo in (("en", "wrong key", "Do not deal; call a supervisor and a technician"),
                                       ("fr", "mauvaise clé", "Ne distribuez pas ; appelez un superviseur et un technicien"),
                                       ("zh_CN", "密钥错误", "请勿发牌；请呼叫主管和技术员")):
            win = open_window(qtbot, qapp, session, language=language)
            qtbot.waitUntil(lambda w=win: SHOE_SERIAL in w.banner.text(), timeout=5000)
            assert win.banner_is_fault and win.banner.property("role") == "fault", win.banner.property("role")
            assert reason in win.banner.text() and todo in win.banner.text(), win.banner.text()
            assert reason in win.strip.devices["shuffler"].text()
            assert not win.open_button.isVisible()
            shown = " ".join(_shown_texts(win))
            assert "impostor" not in shown and "wrong key" not in shown or language == "en", shown
            win.worker.shutdown(wait=True)
            win.close_now()
    finally:
        station.stop()
