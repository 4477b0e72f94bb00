"""The screen at a hand-dealt table: Cards dealt, then every card keyed as it is shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QInputDialog

from dealer_station.config import load_profile
from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from tests.controller.conftest import PROGRAM

from .conftest import open_window
from .test_touchscreen import TIMEOUT, bet, click, decide, open_round


@pytest.fixture
def hand_window(qtbot, qapp, tmp_path: Path):
    table = load_profile("uth-hand-deal")
    journal = Journal(tmp_path / "hand.sqlite", table_id=table.table_id)
    ctl = TableSession(table, journal)
    ctl.start(PROGRAM)
    win = open_window(qtbot, qapp, ctl)
    yield win
    win.worker.shutdown(wait=True)
    journal.close()


def test_cards_dealt_then_each_card_keyed(qtbot, hand_window, monkeypatch):
    win, ctl = hand_window, hand_window.ctl
    open_round(qtbot, win)
    bet(qtbot, win, 2, "ante", "5", expect_ante="5")
    assert not win.deal_done_button.isVisible()
    click(qtbot, win.bets.no_more_bets)
    qtbot.waitUntil(lambda: win.deal_done_button.isVisible(), timeout=TIMEOUT)
    assert not win.reveal_button.isVisible()  # nothing to turn over: the station knows no card yet
    click(qtbot, win.deal_done_button)
    qtbot.waitUntil(lambda: win.table.board.describe() == ["face down"] * 5, timeout=TIMEOUT)
    decide(qtbot, win, 2, "check")
    keyed = iter(["2c", "7d", "9h"])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (next(keyed), True))
    for n in range(1, 4):
        qtbot.waitUntil(lambda: win.key_button.isVisible(), timeout=TIMEOUT)
        click(qtbot, win.key_button)
        qtbot.waitUntil(lambda n=n: ctl.round.revealed.get("board", 0) == n, timeout=TIMEOUT)
    qtbot.waitUntil(lambda: win.table.board.describe() == ["2c", "7d", "9h", "face down", "face down"],
                    timeout=TIMEOUT)
    assert ctl.phase == "flop"
    assert win.table.seats[2].hole.describe() == ["face down", "face down"]  # dealt, not yet seen
    assert not win.key_button.isVisible()  # decisions now, not keying
