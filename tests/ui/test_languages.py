"""Four languages with Qt's own tools: switched at run time from the screen, set per profile,
kept complete and compiled, and drawn with a font that has the Chinese glyphs.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtGui import QFontMetrics

from ui import theme
from ui.i18n import FOLDER
from ui.i18n.tool import problems

from .conftest import make_session, open_window
from .helpers import TIMEOUT, button, click, dialog, open_round, tap_again

PLACEHOLDER = re.compile(r"\{\w+\}")


def choose_language(qtbot, win, code: str) -> None:
    tap_again(qtbot, win.language_button)
    click(qtbot, button(dialog(win, "languageChooser"), f"lang_{code}"))
    qtbot.waitUntil(lambda: win.language == code, timeout=TIMEOUT)


def test_switch_language_at_run_time_from_the_screen(qtbot, qapp, window, station):
    open_round(qtbot, window)
    window.session.execute("set_bets", 2, {"ante": "5", "blind": "5"})
    qtbot.waitUntil(lambda: window.panel.seats[2].stake_text("ante") == "5", timeout=TIMEOUT)
    choose_language(qtbot, window, "fr")
    assert window.panel.no_more_bets.text() == "RIEN NE VA PLUS"
    assert window.banner.text() == "Faites vos jeux, puis annoncez Rien ne va plus"
    assert window.panel.seats[2].stake_labels["ante"].text() == "Mise 5"  # seed 001's MISE
    assert window.panel.seats[2].stake_labels["blind"].text() == "Blinde 5"
    station[1].hold = True
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: window.panel.bets.lock_label.isVisible(), timeout=TIMEOUT)
    assert window.panel.bets.lock_label.text() == "Rien ne va plus"
    choose_language(qtbot, window, "zh_CN")
    assert window.panel.bets.lock_label.text() == "停止下注"
    assert window.supervisor_button.text() == "主管"
    assert window.panel.seats[2].title.text() == "2号位"
    choose_language(qtbot, window, "zh_TW")
    assert window.recall_button.text() == "回看" and window.open_button.text() == "開始投注"
    choose_language(qtbot, window, "en")
    assert window.panel.bets.lock_label.text() == "No more bets"


def test_the_profile_sets_the_language_at_start(qtbot, qapp, tmp_path: Path):
    session, _shoe, journal = make_session(tmp_path, "thb-default", locale="zh_TW")
    win = open_window(qtbot, qapp, session)
    try:
        assert win.language == "zh_TW"
        assert win.meter.title.text().startswith("頭獎")
        assert win.open_button.text() == "開始投注"
    finally:
        win.worker.shutdown(wait=True)
        journal.close()


def test_chinese_glyphs_come_from_a_font_that_has_them(qtbot, qapp, window):
    assert theme.has_cjk_font(), "no CJK font: run `make fonts` (Debian's fonts-noto-cjk)"
    choose_language(qtbot, window, "zh_CN")
    label = window.supervisor_button
    assert all(QFontMetrics(label.font()).inFontUcs4(ord(ch)) for ch in label.text())


def test_translations_are_complete_current_and_compiled():
    assert problems() == []


def test_every_translation_keeps_its_placeholders():
    for ts in sorted(FOLDER.glob("*.ts")):
        for message in ET.parse(ts).getroot().iter("message"):
            source = message.findtext("source") or ""
            translation = message.findtext("translation") or ""
            assert sorted(PLACEHOLDER.findall(source)) == sorted(PLACEHOLDER.findall(translation)), (
                ts.name, source, translation)
