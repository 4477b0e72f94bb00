"""The poker dealer's screen as a real Qt app, offscreen, on a real session and journal.

It shows what the session says (legal actions and amounts from ``betting.legal``, pots
with who is in them, the settlement's pushes and rake), sends the croupier's presses as
session commands, fits 1280x800 and 800x480, and every word goes through ``texts.phrase``.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton

from dealer_station.games.holdem import live
from ui.poker import screenshots as scenes
from ui.poker.texts import ENGLISH, phrase
from ui.poker.window import PokerWindow

POKER_UI = Path(__file__).resolve().parents[2] / "ui" / "poker"


@pytest.fixture
def open_window(qtbot, qapp):
    windows: list[PokerWindow] = []

    def make(ctl, size=(1280, 800)) -> PokerWindow:
        window = PokerWindow(ctl)
        qtbot.addWidget(window)
        window.fit_to(*size)
        window.show()
        qtbot.waitExposed(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.worker.shutdown(wait=True)


def click(qtbot, window: PokerWindow, name: str) -> None:
    button = window.findChild(QPushButton, name)
    assert button is not None and button.isVisible(), name
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def wait_seq(qtbot, ctl, before: int) -> None:
    qtbot.waitUntil(lambda: ctl.journal.last_seq > before, timeout=5000)


def test_legal_actions_quick_sizes_and_keypad_send_the_croupiers_bet(qtbot, open_window, tmp_path) -> None:
    ctl = scenes.table(tmp_path, "holdem-nl-1-2", scenes.stacked(
        {1: ["As", "Ad"], 2: ["Kc", "Kh"], 3: ["7c", "2d"]}, ["3c", "7d", "9h", "Jc", "4s"], 1))
    scenes.play(ctl, {1: 200, 2: 150, 3: 100}, [])
    window = open_window(ctl)
    assert window.findChild(QPushButton, "call").text() == "Call 2"
    assert window.findChild(QPushButton, "all_in").text() == "All in 200"
    assert not window.findChild(QPushButton, "check").isVisible()  # facing the big blind
    assert window.findChild(QPushButton, "bet").text() == "Raise to 4"  # the entry starts at the minimum
    assert window.findChild(QPushButton, "size_pot").text() == "Pot 7"  # the pot after the call, on the bet
    assert window.findChild(QPushButton, "size_half_pot").text() == "1/2 pot 4"
    assert "Seat 1 to act - pre-flop" in window.banner.text()
    assert window.model is not None and window.model.clock_seconds in (29, 30)
    click(qtbot, window, "size_pot")
    assert window.findChild(QLabel, "amount").text() == "Amount: 7"
    before = ctl.journal.last_seq
    click(qtbot, window, "bet")
    wait_seq(qtbot, ctl, before)
    action = list(ctl.journal.events(kinds={"poker_action"}))[-1].payload
    assert action == {"seat": 1, "action": "raise", "to": "7", "street": "preflop"}
    qtbot.waitUntil(lambda: window.findChild(QPushButton, "call").text() == "Call 6")  # seat 2, small blind in
    for key in ("clear", "2", "5"):
        click(qtbot, window, f"key_{key}")
    before = ctl.journal.last_seq
    click(qtbot, window, "bet")
    wait_seq(qtbot, ctl, before)
    assert list(ctl.journal.events(kinds={"poker_action"}))[-1].payload["to"] == "25"
    # an illegal amount is refused by the session and the refusal is shown
    qtbot.waitUntil(lambda: window.model.options is not None and window.model.options.seat == 3)  # re-rendered
    for key in ("clear", "3"):
        click(qtbot, window, f"key_{key}")
    click(qtbot, window, "bet")
    qtbot.waitUntil(lambda: window.message.isVisible())
    assert "below the minimum raise" in window.message.text()


def test_side_pot_settlement_shows_each_pot_its_winners_pushes_and_the_rake(qtbot, open_window, tmp_path) -> None:
    ctl = scenes.side_pot(tmp_path)
    window = open_window(ctl)
    model = window.model
    assert [(p.amount, p.eligible, p.winners, p.rake) for p in model.pots] == [
        (150, (1, 2, 4), (1,), 5), (100, (1, 4), (1,), 0)]
    assert model.rake_to_drop == 5 and dict((s.seat, s.wins) for s in model.seats if s.wins) == {1: 245}
    assert [s.status for s in model.seats if s.occupied] == [None, "status_all_in", "status_all_in", "status_folded"]
    assert "Push each pot" in window.banner.text()
    before = ctl.journal.last_seq
    click(qtbot, window, "push_pots")
    wait_seq(qtbot, ctl, before)
    assert ctl.phase == "paid"
    qtbot.waitUntil(lambda: "deal the next hand" in window.banner.text())


def test_split_pot_shows_the_odd_chip_to_the_first_winner_left_of_the_button(open_window, tmp_path) -> None:
    ctl = scenes.split_pot(tmp_path)
    window = open_window(ctl)
    (pot,) = window.model.pots
    assert (pot.amount, pot.winners, pot.shares, pot.rake) == (22, (2, 3), ((2, 11), (3, 10)), 1)


def test_fixed_limit_cap_leaves_call_or_fold_and_says_why(open_window, tmp_path) -> None:
    window = open_window(scenes.capped(tmp_path))
    assert window.findChild(QPushButton, "call").text() == "Call 4"
    assert not window.findChild(QPushButton, "bet").isVisible()
    assert "capped" in window.findChild(QLabel, "noRaise").text()
    assert not window.findChild(QLabel, "amount").isVisible()  # nothing to type


def test_tapping_a_seat_between_hands_seats_a_player_with_a_keyed_buy_in(qtbot, open_window, tmp_path) -> None:
    ctl = scenes.table(tmp_path, "holdem-nl-1-2", [])
    window = open_window(ctl)
    assert "Seat at least two players" in window.banner.text()
    index = 2  # seat 3
    centre = window.table.seat_centre(index, ctl.table.seats)
    qtbot.mouseClick(window.table, Qt.MouseButton.LeftButton, pos=QPoint(round(centre.x()), round(centre.y())))
    assert window.selected == 3
    assert window.findChild(QPushButton, "seat_player").isVisible()
    assert not window.findChild(QPushButton, "leave").isVisible()
    for key in ("1", "2", "0"):
        click(qtbot, window, f"key_{key}")
    window.findChild(QCheckBox, "post").setChecked(True)
    before = ctl.journal.last_seq
    click(qtbot, window, "seat_player")
    wait_seq(qtbot, ctl, before)
    player = live.table_of(ctl.state).player(3)
    assert player is not None and player.stack == 120 and player.post
    qtbot.waitUntil(lambda: window.findChild(QPushButton, "leave").isVisible())
    assert window.findChild(QPushButton, "add_chips").isVisible()


@pytest.mark.parametrize("size", [(1280, 800), (800, 480)])
def test_the_screen_fits_the_panel_without_clipping(qtbot, open_window, tmp_path, size) -> None:
    for scene in (scenes.side_pot, scenes.capped):
        folder = tmp_path / scene.__name__
        folder.mkdir()
        window = open_window(scene(folder), size)
        qtbot.waitUntil(lambda w=window: (w.width(), w.height()) == size)
        frame = window.rect()
        widgets = [w for kind in (QPushButton, QLabel, QCheckBox) for w in window.findChildren(kind)]
        assert len(widgets) > 20
        for widget in widgets:
            if not widget.isVisible():
                continue
            hint = widget.minimumSizeHint()
            assert widget.width() >= hint.width() and widget.height() >= hint.height(), \
                (widget.objectName(), widget.size(), hint)
            corner = widget.mapTo(window, widget.rect().bottomRight())
            assert frame.contains(corner), (widget.objectName(), corner, frame)
        assert window.table.width() >= 400 and window.table.height() >= 280


def test_every_text_key_the_screen_uses_is_in_the_catalogue() -> None:
    used: set[str] = set()
    for path in POKER_UI.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("phrase", "Line") and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                used.add(node.args[0].value)
    source = "".join(p.read_text(encoding="utf-8") for p in POKER_UI.glob("*.py"))
    used |= set(re.findall(r'"(status_[a-z_]+|street_[a-z]+|size_[a-z_]+)"', source))
    assert used and used <= set(ENGLISH), sorted(used - set(ENGLISH))
    assert phrase("call", amount="6") == "Call 6"


def test_run_demo_plays_poker_hands_offscreen_with_pictures(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DEALER_STATION_LOG_LEVEL="error")
    done = subprocess.run(
        [sys.executable, "-m", "dealer_station", "run", "--config", "holdem-nl-1-2", "--demo", "--rounds", "3",
         "--step-ms", "20", "--seed", "3", "--journal", str(tmp_path / "demo.sqlite"),
         "--screenshot-dir", str(tmp_path / "shots")],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "3 round(s) finished" in done.stdout
    shots = {p.name for p in (tmp_path / "shots").glob("*.png")}
    assert any("_preflop" in name for name in shots) and any(name.endswith("_paid.png") for name in shots)


class _Shell:
    """What ``ui/panel.py``'s shell gives a family panel, running commands on the spot."""

    def __init__(self, session) -> None:
        self.session = session
        self.refused: list[str] = []

    def submit(self, label, fn, *args) -> None:
        try:
            fn(*args)
        except Exception as exc:  # the shell shows a refusal in its refusal line
            self.refused.append(f"{label}: {exc}")


def test_the_poker_panel_plugs_into_the_croupier_screen_shell(qtbot, tmp_path) -> None:
    from ui.poker.panel import PokerPanel

    ctl = scenes.table(tmp_path, "holdem-nl-1-2", [])
    scenes.play(ctl, {1: 200, 2: 150, 3: 100}, [])
    shell = _Shell(ctl)
    panel = PokerPanel(shell)
    qtbot.addWidget(panel)
    assert panel.header is None and panel.action_bar is not None
    panel.resize(1000, 560)
    panel.show()
    panel.render_state(ctl)
    assert panel.findChild(QPushButton, "call").text() == "Call 2"
    assert panel.findChild(QPushButton, "open_round") is None  # the shell has its own
    assert not panel.findChild(QPushButton, "void").isVisible()  # so has its supervisor menu
    qtbot.mouseClick(panel.findChild(QPushButton, "fold"), Qt.MouseButton.LeftButton)
    assert live.hand_of(ctl.round).hand.player(1).folded and not shell.refused
    panel.render_state(ctl)
    assert panel.model.options.seat == 2 and panel.limits_sign() == "Table P1 - No limit 1/2"
    panel.retranslate()
    panel.highlight(("board", 0))
