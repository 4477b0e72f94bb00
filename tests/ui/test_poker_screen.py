"""The poker table on the croupier's screen shell, as a real Qt app offscreen on a real session.

The shell's ``MainWindow`` with the ``PokerPanel``: seats round the table, the legal
actions with their amounts (``betting.legal``), quick sizes and the keypad, pots with who
is in them and at the settlement what to push to whom and the rake, the flow's banner,
the poker commands in the footer, and every word in the screen's language.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from dealer_station.games.holdem import live
from dealer_station.play.table_scripts import BADGE, PIN, seat_players, stacked
from ui.scenes import Rig, capped_round, make_rig, side_pot_hand, split_pot_hand

from .helpers import TIMEOUT, button, click, dialog, press, supervisor_answers, type_keys
from .helpers import tap_again as tap

HOLES = {1: ["As", "Ad"], 2: ["Kc", "Kh"], 3: ["7c", "8d"]}
BOARD = ["3c", "7d", "9h", "Jc", "4s"]


@pytest.fixture
def rigs(qapp, tmp_path: Path) -> Iterator[list[Rig]]:
    made: list[Rig] = []
    yield made
    for rig in made:
        rig.close()


def poker_rig(rigs: list[Rig], tmp_path: Path, profile: str = "holdem-nl-1-2", size: tuple[int, int] = (1280, 800),
              language: str = "en") -> Rig:
    rig = make_rig(profile, tmp_path, deck=stacked(HOLES, BOARD, 1), size=size, language=language)
    rigs.append(rig)
    rig.render()
    return rig


def played_to(rig: Rig, scene, wanted: str) -> Rig:
    """Drive a scene of ``ui.scenes`` on ``rig`` until it shows ``wanted``."""
    for phase in scene(rig):
        if phase == wanted:
            rig.render()
            return rig
    raise AssertionError(f"{scene.__name__} never showed {wanted}")


def shown(text: str) -> list[str]:
    """A label's lines as read (its no-break spaces as spaces)."""
    return text.replace("\u00a0", " ").split("\n")


def actions(rig: Rig) -> list[dict]:
    return [e.payload for e in rig.session.journal.events(kinds={"poker_action"})]


def wait_render(qtbot, rig: Rig, check) -> None:
    def ok() -> bool:
        rig.window.render_now()
        return bool(check())
    qtbot.waitUntil(ok, timeout=TIMEOUT)


def test_legal_actions_quick_sizes_and_keypad_send_the_croupiers_bet(qtbot, rigs, tmp_path) -> None:
    rig = poker_rig(rigs, tmp_path)
    seat_players(rig.session, {1: 200, 2: 150, 3: 100})
    rig.session.execute("open_round")
    rig.render()
    window = rig.window
    assert window.banner.text() == "Pre-flop: seat 1 to act (call 2, raise to 4..200)"
    assert button(window, "call").full_text == "Call 2"
    assert button(window, "all_in").full_text == "All in 200"
    assert not button(window, "check").isVisible()  # facing the big blind
    assert button(window, "bet").full_text == "Raise to 4"  # the entry starts at the minimum
    assert button(window, "size_pot").full_text == "Pot\n7"  # the pot after the call, on the bet
    assert button(window, "size_half_pot").full_text == "1/2 pot\n4"
    assert window.panel.model.clock_seconds() in (29, 30)
    assert window.panel.moves.heading.text().startswith("Seat 1 to act \u00b7 ")
    click(qtbot, button(window, "size_pot"))
    assert button(window, "bet").full_text == "Raise to 7"
    click(qtbot, button(window, "bet"))
    qtbot.waitUntil(lambda: len(actions(rig)) == 1, timeout=TIMEOUT)
    assert actions(rig)[-1] == {"seat": 1, "action": "raise", "to": "7", "street": "preflop"}
    wait_render(qtbot, rig, lambda: button(window, "call").full_text == "Call 6")  # seat 2, small blind in
    click(qtbot, button(window, "keypad"))
    pad = dialog(window, "amountPad")
    assert pad.title.text() == "Seat 2: raise to (12\u2013150)"
    type_keys(qtbot, pad, "25")
    assert pad.ok.full_text == "Raise to 25"
    click(qtbot, pad.ok)
    qtbot.waitUntil(lambda: len(actions(rig)) == 2, timeout=TIMEOUT)
    assert actions(rig)[-1]["to"] == "25"
    # an illegal amount is refused by the session, in the croupier's words, and nothing is journaled
    wait_render(qtbot, rig, lambda: window.panel.model.options.seat == 3)
    tap(qtbot, button(window, "keypad"))
    pad = dialog(window, "amountPad")
    type_keys(qtbot, pad, "30")
    click(qtbot, pad.ok)
    qtbot.waitUntil(lambda: window.message.text() != "", timeout=TIMEOUT)
    assert window.message.text() == "Seat 3: a raise to 30 is below the minimum raise to 43"
    assert len(actions(rig)) == 2


def test_side_pots_say_who_is_in_each_then_what_to_push_and_the_rake(qtbot, rigs, tmp_path) -> None:
    rig = poker_rig(rigs, tmp_path)
    scene = side_pot_hand(rig)
    assert next(scene) == "all_in"
    rig.render()
    model = rig.window.panel.model
    assert model.pots == () and model.bets_in_front == 156  # this street's bets are still in front
    assert rig.window.banner.text() == "Pre-flop: seat 1 to act (call 94)"
    assert "no opponent has chips left" in rig.window.panel.moves.no_raise.text()
    assert [s.status for s in model.seats if s.occupied] == [None, "all_in", "all_in", "folded"]
    assert next(scene) == "all_in_showdown"
    rig.render()
    model = rig.window.panel.model
    # players all in, the betting over: every hand tabled at once (issue 39 item 10) - nobody asked to show or muck
    assert not button(rig.window, "show").isVisible() and not button(rig.window, "muck").isVisible()
    assert all(len(s.cards) == 2 and None not in s.cards for s in model.seats if s.in_hand and s.status != "folded")
    assert rig.window.banner.text() == "Push the pots to the winners, drop the rake, then Pots pushed"
    for _ in scene:
        pass
    rig.render()
    model = rig.window.panel.model
    assert [(p.amount, p.eligible, p.winners, p.rake) for p in model.pots] == [
        (150, (1, 2, 4), (1,), 5), (100, (1, 4), (1,), 0)]
    assert model.rake_to_drop == 5 and {s.seat: s.wins for s in model.seats if s.wins} == {1: 245}
    board = rig.window.panel.showdown  # full width until Pots pushed: each pot, where it goes, each hand
    assert board.isVisible() and not rig.window.panel.table.isVisible()
    assert shown("\n".join(board.pots)) == ["Main pot: 150 \u2192 seat 1: 145 \u00b7 rake 5", "Side pot 1: 100 \u2192 seat 1: 100",
                          "Rake to drop: 5"]
    assert shown("\n".join(board.hands)) == ["Seat 1: A\u2660 A\u2666 pair of aces \u00b7 +245", "Seat 2: K\u2663 K\u2665 pair of kings",
                           "Seat 4: Q\u2660 Q\u2666 pair of queens"]
    assert board.winners == board.hands[:1]  # the winner's line marked, the others not
    assert board.hand_lines[0].property("role") == "jackpot" and board.hand_lines[1].property("role") == "strip"
    assert rig.window.banner.text() == "Push the pots to the winners, drop the rake, then Pots pushed"
    push = button(rig.window, "push_pots")
    assert push.property("role") == "final"  # unlike Show; one tap only asks
    press(qtbot, push)
    qtbot.waitUntil(lambda: rig.session.view().phase == "paid", timeout=TIMEOUT)
    wait_render(qtbot, rig, lambda: rig.window.banner.text() == "Hand over: deal the next hand")
    assert rig.window.open_button.text() == "Deal next hand"


def test_split_pot_shows_the_odd_chip_to_the_first_winner_left_of_the_button(rigs, tmp_path) -> None:
    rig = played_to(poker_rig(rigs, tmp_path), split_pot_hand, "split_settlement")
    (pot,) = rig.window.panel.model.pots
    assert (pot.amount, pot.winners, pot.shares, pot.rake) == (22, (2, 3), ((2, 11), (3, 10)), 1)
    assert "Main pot: 22 \u2192 seat 2: 11, seat 3: 10 \u00b7 rake 1" in shown("\n".join(rig.window.panel.showdown.pots))
    assert [line.split(" \u00b7 ")[0] for line in shown("\n".join(rig.window.panel.showdown.hands))] == [
        "Seat 2: A\u2665 3\u2663 straight to the ace", "Seat 3: A\u2666 4\u2663 straight to the ace"]


def test_fixed_limit_cap_leaves_call_or_fold_and_says_why(rigs, tmp_path) -> None:
    rig = played_to(poker_rig(rigs, tmp_path, "holdem-fl-2-4"), capped_round, "capped")
    window = rig.window
    assert window.banner.text() == "Pre-flop: seat 1 to act (call 4)"
    assert button(window, "call").full_text == "Call 4"
    assert not button(window, "bet").isVisible() and not button(window, "keypad").isVisible()
    assert not any(b.isVisible() for b in window.panel.moves.sizes.values())  # nothing to size
    assert window.panel.moves.no_raise.text() == "No raise: the betting is capped (a bet and three raises)"
    assert window.strip.limits.text() == "Fixed limit 1/2 (2/4) \u00b7 buy-in 20\u2013200 EUR"


def test_tapping_a_seat_seats_a_player_with_a_keyed_buy_in_then_offers_its_commands(qtbot, rigs, tmp_path) -> None:
    rig = poker_rig(rigs, tmp_path)
    window, session = rig.window, rig.session
    assert window.banner.text() == "Seat at least two players with chips, then deal the next hand"
    table = window.panel.table
    centre = table.seat_centre(2, session.view().table.seats)  # seat 3
    near = QPoint(round(centre.x()) + 20, round(centre.y()) - 25)  # a finger beside the box still hits it
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=near)
    assert window.panel.selected == 3
    assert window.panel.moves.seat_heading.text() == "Seat 3: empty"
    assert not button(window, "leave").isVisible()
    click(qtbot, button(window, "post"))
    click(qtbot, button(window, "seat_player"))
    pad = dialog(window, "amountPad")
    assert pad.title.text() == "Seat 3: buy-in (40\u2013200)"
    type_keys(qtbot, pad, "120")
    assert pad.ok.full_text == "Seat player - 120"
    click(qtbot, pad.ok)
    qtbot.waitUntil(lambda: live.table_of(session.view().state).player(3) is not None, timeout=TIMEOUT)
    player = live.table_of(session.view().state).player(3)
    assert player is not None and player.stack == 120 and player.post
    wait_render(qtbot, rig, lambda: button(window, "leave").isVisible())
    assert button(window, "add_chips").isVisible() and button(window, "sit_out").isVisible()
    assert window.panel.moves.seat_heading.text() == "Seat 3: 120 \u00b7 posts BB"
    click(qtbot, button(window, "sit_out"))
    qtbot.waitUntil(lambda: live.table_of(session.view().state).player(3).status is live.SeatStatus.OUT, timeout=TIMEOUT)
    wait_render(qtbot, rig, lambda: button(window, "sit_in").isVisible())


def test_a_jam_halts_the_hand_and_the_void_needs_the_pin_then_says_what_goes_back(qtbot, rigs, tmp_path) -> None:
    rig = poker_rig(rigs, tmp_path)
    window, session = rig.window, rig.session
    seat_players(session, {1: 200, 2: 150, 3: 100})
    rig.shoe.jam_after = 3
    click(qtbot, window.open_button)
    wait_render(qtbot, rig, lambda: window.halt.isVisible())
    assert window.banner.text() == "\u26a0 Call a supervisor" and "Shoe jam" in window.halt.title.text()
    click(qtbot, window.halt.buttons["void"])
    assert session.view().phase == "dealing"  # one tap opens the PIN dialog; nothing is voided
    supervisor_answers(qtbot, window, BADGE, PIN, "reason:misdeal")
    qtbot.waitUntil(lambda: session.view().phase == "void", timeout=TIMEOUT)
    wait_render(qtbot, rig, lambda: window.banner.property("role") == "void")
    assert window.banner.text() == "Hand void (Shoe jam): every chip put in goes back"
    lines = window.panel.moves.pots.text().split("\n")
    assert lines[0] == "Round 1 void: Shoe jam" and lines[1].startswith(f"Voided by supervisor {BADGE} at ")
    assert lines[1].endswith("Misdeal") and lines[2:] == ["Seat 2 gets back 1", "Seat 3 gets back 2"]


def test_poker_words_and_the_banner_follow_the_screens_language(qtbot, rigs, tmp_path) -> None:
    rig = poker_rig(rigs, tmp_path, language="fr")
    window, session = rig.window, rig.session
    seat_players(session, {1: 200, 2: 150, 3: 100})
    session.execute("open_round")
    rig.render()
    assert window.banner.text() == "Pré-flop\u00a0: place 1 de parler (suivre 2, relancer à 4..200)"
    assert button(window, "fold").full_text == "\u2715 Se coucher"
    assert button(window, "call").full_text == "Suivre 2"
    window.set_language("zh_CN")
    assert button(window, "fold").full_text == "\u2715 弃牌"
    assert window.banner.text() == "翻牌前：1号位行动（跟注 2，加注到 4..200）"
    assert window.strip.limits.text() == "无限注 1/2 · 买入 40–200 EUR"
    window.set_language("en")
    assert button(window, "fold").full_text == "\u2715 Fold"


def test_run_demo_plays_poker_hands_offscreen_with_pictures(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DEALER_STATION_LOG_LEVEL="error")
    done = subprocess.run(
        [sys.executable, "-m", "dealer_station", "run", "--config", "holdem-nl-1-2", "--demo", "--rounds", "3",
         "--step-ms", "20", "--seed", "3", "--journal", str(tmp_path / "demo.sqlite"),
         "--screenshot-dir", "var/shots"],  # (made: a folder under var/)
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "3 round(s) finished" in done.stdout
    shots = {p.name for p in (tmp_path / "var" / "shots").glob("*.png")}
    assert any("_preflop" in name for name in shots) and any(name.endswith("_paid.png") for name in shots)


def test_the_seat_asked_to_show_is_framed_and_the_button_never_covers_its_seats_cards(qtbot, rigs, tmp_path) -> None:
    """Issue 39 item 10: at a showdown with no one all in, the seat asked to show or muck is framed in gold on the
    felt; at 800x480 the dealer button lies clear of the button seat's cards."""
    from PySide6.QtGui import QColor

    from ui.poker.model import SeatView
    from ui.scenes import SCENES
    from ui.theme import GOLD

    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    def scene_rig(name: str, folder: Path, size: tuple[int, int]) -> Rig:
        profile, play, options = SCENES[name]
        made = make_rig(profile, folder, size=size, **options)
        rigs.append(made)
        for phase in play(made):  # rendered at every phase, as the croupier sees it (the scene taps what is shown)
            made.render()
            if phase == {"holdem": "showdown", "holdem-nine": "nine_all_in"}[name]:
                return made
        raise AssertionError(f"{name} never reached its phase")

    rig = scene_rig("holdem", tmp_path / "a", (800, 480))
    view = rig.window.panel.table
    due = rig.session.view().next_to_reveal()
    assert due is not None and rig.window.banner.text().startswith(f"Showdown: seat {due[0][4:]}")
    seats: list[SeatView] = list(rig.window.panel.model.seats)
    asked = [s.seat for s in seats if s.to_show]
    assert asked == [int(due[0][4:])]
    image = view.grab().toImage()
    index = next(i for i, s in enumerate(seats) if s.to_show)
    gold = QColor(GOLD)

    def border(i: int) -> QColor:
        rect = view.seat_rect(i, len(seats))
        return image.pixelColor(int(rect.center().x()), round(rect.bottom()))

    def near_gold(colour: QColor) -> bool:
        return max(abs(colour.red() - gold.red()), abs(colour.green() - gold.green()),
                   abs(colour.blue() - gold.blue())) < 40

    assert near_gold(border(index))  # its border drawn gold
    others = [i for i, s in enumerate(seats) if s.occupied and not s.to_show and not s.to_act]
    assert others and not any(near_gold(border(i)) for i in others)
    nine = scene_rig("holdem-nine", tmp_path / "b", (800, 480))
    felt = nine.window.panel.table
    nine.window.panel.pages.setCurrentWidget(nine.window.panel.playing)  # the felt under the settlement board
    nine.render()
    felt.grab()
    button_seat = next(s.seat for s in nine.window.panel.model.seats if s.button)
    assert felt.button_disc is not None and felt.drawn_cards.get(button_seat)
    assert not any(felt.button_disc.intersects(place) for place in felt.drawn_cards[button_seat])
