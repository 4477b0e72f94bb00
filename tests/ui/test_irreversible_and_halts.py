"""What cannot be taken back asks once and looks unlike its neighbours; a misdeal alarm names
both cards with their glyphs and its choice names the card that stands (issue 19 item 4)."""

from __future__ import annotations

from pathlib import Path

from dealer_station.cards import card_str
from ui.correct_card import card_face
from ui.scenes import make_rig, reader_halts

from .helpers import TIMEOUT, bet, click, decide, decision_button, open_round, tap_again


def test_fold_asks_once_and_looks_unlike_play(qtbot, window):
    session = window.session
    open_round(qtbot, window)
    bet(qtbot, window, 1, "ante", "5", expect="5")
    click(qtbot, window.panel.no_more_bets)
    qtbot.waitUntil(lambda: session.view().phase == "preflop", timeout=TIMEOUT)
    for street in ("preflop", "flop"):  # check twice; the river offers Fold
        qtbot.waitUntil(lambda st=street: session.view().phase == st, timeout=TIMEOUT)
        decide(qtbot, window, 1, "check")
        qtbot.waitUntil(lambda: window.reveal_button.isVisible(), timeout=TIMEOUT)
        tap_again(qtbot, window.reveal_button)
    qtbot.waitUntil(lambda: decision_button(window, 1, "fold") is not None, timeout=TIMEOUT)
    fold = decision_button(window, 1, "fold")
    play = next(b for b in window.panel.decision_buttons_for(1) if b.property("action") != "fold")
    assert fold.property("role") == "final" and play.property("role") == "action"
    assert fold.text().startswith("\u2715 ")
    tap_again(qtbot, fold)  # the button may be newer than the layout's last pass: its width can still grow
    qtbot.waitUntil(lambda: fold.armed and fold.text() == "Tap again: \u2715 Fold", timeout=TIMEOUT)
    qtbot.wait(200)
    assert "fold" not in session.view().round.seats[1].actions, "one tap on Fold folds nothing"
    tap_again(qtbot, fold)
    qtbot.waitUntil(lambda: "fold" in session.view().round.seats[1].actions, timeout=TIMEOUT)


def test_misread_halt_names_both_cards_and_the_card_that_stands(qapp, tmp_path: Path):
    rig = make_rig("uth-default", tmp_path, has_reader=True)
    try:
        scene = reader_halts(rig)
        assert next(scene) == "halt_mismatch"
        rig.render()
        halt = rig.session.view().round.halt
        dealt, read = halt.detail["expected"], halt.detail["read"]
        detail = rig.window.halt.detail.text()
        assert card_face(dealt) in detail and card_face(read) in detail
        assert card_str(dealt) not in detail.split() and card_str(read) not in detail.split()  # glyphs, not "3c"
        choice = rig.window.halt.buttons["accept_mismatch"]
        assert choice.full_text == f"The card is {card_face(dealt)} as dealt: go on"
    finally:
        rig.close()
