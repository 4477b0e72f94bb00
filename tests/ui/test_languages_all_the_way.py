"""Every language all the way (issue 19 item 8): halt details, causes and picked reasons in the
screen's language, French undo and void in distinct words, recall themed like the screen."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QTextBrowser

from dealer_station.view.texts import ENGLISH, REASONS, Text
from ui.i18n import Translations, say, translate
from ui.scenes import banking_round, make_rig, reader_halts
from ui.settlement_view import reason_words

from .colour import contrast, rgb


def test_french_says_undo_and_void_in_different_words(qapp):
    words = Translations()
    try:
        words.use("fr")
        undo = translate("screen", "Undo seat {seat}")
        undo_paid = translate("screen", "Undo paid seat {seat}")
        void = say(Text("action:void"))
        cancel = translate("screen", "Cancel")
        assert undo.split()[0] == undo_paid.split()[0] != void.split()[0]
        assert not any("nnul" in w for w in (undo, undo_paid, void)), (undo, undo_paid, void)
        assert cancel == "Annuler"  # Cancel (a dialog) is neither
    finally:
        words.use("en")


def test_halt_details_and_reasons_in_the_screens_language(qapp, tmp_path: Path):
    for language, dealt_word in (("fr", "Le sabot a donné"), ("zh_CN", "发牌机发出")):
        (tmp_path / language).mkdir()
        rig = make_rig("uth-default", tmp_path / language, has_reader=True, language=language)
        try:
            assert next(reader_halts(rig)) == "halt_mismatch"
            rig.render()
            detail = rig.window.halt.detail.text()
            assert detail.startswith(dealt_word), detail
            assert "misdeal alarm" not in detail and "shoe dealt" not in detail
            for key in REASONS["void"]:
                assert say(Text(key)) != ENGLISH[key], (language, key)  # every pick-list reason said
            assert reason_words("Misdeal") == say(Text("reason:misdeal")) != "Misdeal"
        finally:
            rig.close()


def test_recall_is_dark_like_the_rest(qapp, tmp_path: Path):
    rig = make_rig("uth-default", tmp_path)
    try:
        for phase in banking_round(rig):
            if phase == "paid":
                break
        rig.window._recall()
        QApplication.processEvents()
        browser = next(b for b in rig.window.findChildren(QTextBrowser) if b.isVisible())
        image = browser.grab().toImage()
        back = image.pixelColor(image.width() // 2, image.height() - 4)
        back_rgb = (back.redF(), back.greenF(), back.blueF())
        assert contrast(back_rgb, rgb("#000000")) < 2, "recall is not a white page on a dark screen"
    finally:
        rig.close()
