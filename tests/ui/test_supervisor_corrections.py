"""The supervisor's corrections from the Supervisor menu, behind badge and PIN: a card keyed
wrong before the settlement (``correct_card``) and a settled round's adjustment per seat
(``adjust``). Each journals exactly what the screen showed and the supervisor confirmed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from dealer_station.cards import parse_card
from dealer_station.table.phases import Stage

from .conftest import BADGE, PIN, make_session, open_window
from .helpers import TIMEOUT, button, click, dialog, supervisor_answers, tap_again, type_keys


def menu(qtbot, window) -> QDialog:
    tap_again(qtbot, window.supervisor_button)
    return dialog(window, "supervisorMenu")


def play_to(session, stage: Stage) -> None:
    """Play the open round on (every seat checks, the croupier reveals) until ``stage``."""
    while session.view().phase_info.stage is not stage:
        if session.view().seats_to_act():
            seat = session.view().seats_to_act()[0]
            legal = session.view().legal_actions(seat)
            session.execute("decide", seat, "check" if "check" in legal else legal[0])
        elif session.view().phase_info.stage is Stage.REVEAL:
            session.execute("reveal")
        elif session.view().phase_info.stage is Stage.SETTLEMENT:
            for seat in sorted(session.view().round.seats, reverse=True):
                session.execute("mark_paid", seat)
        else:
            raise AssertionError(f"stuck in {session.view().phase}")


def bets_placed(session) -> None:
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "5", "blind": "5"})
    session.execute("set_bets", 3, {"ante": "10", "blind": "10", "trips": "5"})
    session.execute("no_more_bets")


def test_a_card_the_shoe_dealt_is_offered_for_no_correction_face_down_or_up(qtbot, window) -> None:
    """Issue 38 item 8: at "Reveal the Flop" the menu listed the shoe's face-down cards ("▮") and a
    supervisor replaced board card 1; only a card keyed by hand may be corrected."""
    session = window.session
    bets_placed(session)
    play_to(session, Stage.DECISION)
    session.execute("decide", 1, "check")
    session.execute("decide", 3, "check")
    assert session.view().phase == "flop_reveal"  # the flop lies face down
    shown = menu(qtbot, window)
    assert not button(shown, "menu_correct_card").isEnabled()
    shown.reject()
    session.execute("reveal")  # face up now: the shoe's cards all the same
    qtbot.waitUntil(lambda: session.view().round.revealed.get("board") == 3, timeout=TIMEOUT)
    assert not button(menu(qtbot, window), "menu_correct_card").isEnabled()
    assert not list(session.journal.events(kinds={"card_corrected"}))


@pytest.fixture
def hand_window(qtbot, qapp, tmp_path: Path):
    session, _shoe, journal = make_session(tmp_path, "uth-hand-deal")
    win = open_window(qtbot, qapp, session)
    yield win
    win.worker.shutdown(wait=True)
    journal.close()


def test_a_card_keyed_wrong_is_corrected_on_the_picker_and_journaled_as_shown(qtbot, hand_window) -> None:
    window, session = hand_window, hand_window.session
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "5", "blind": "5"})
    session.execute("no_more_bets")
    session.execute("deal_done")
    session.execute("decide", 1, "check")
    for card in ("2c", "7d", "9h"):  # the croupier keys the flop
        session.execute("key_card", card)
    qtbot.waitUntil(lambda: session.view().round.revealed.get("board") == 3, timeout=TIMEOUT)
    shown = menu(qtbot, window)
    assert not button(shown, "menu_adjust").isEnabled()  # nothing settled yet
    click(qtbot, button(shown, "menu_correct_card"))
    choice = dialog(window, "cardChoice")
    assert set(choice.places) == {("board", 0), ("board", 1), ("board", 2)}  # the keyed cards only
    assert button(choice, "fix_board_1").full_text == "board \u00b7 2\n7\u2666"
    click(qtbot, button(choice, "fix_board_1"))
    picker = dialog(window, "cardPicker")
    assert picker.title.text() == "Correct board card 2 (now 7\u2666)"
    click(qtbot, button(picker, "rank_9"))
    assert not button(picker, "suit_h").isEnabled()  # 9h is on the board already
    click(qtbot, button(picker, "rank_8"))
    click(qtbot, button(picker, "suit_c"))
    click(qtbot, picker.ok)
    pin = dialog(window, "pinDialog")
    assert pin.detail.text() == "board card 2: 7\u2666 becomes 8\u2663"
    assert pin.reason_label.isVisible() and set(pin.reason_buttons) >= {"reason:card_miskeyed", "reason:dispute"}
    supervisor_answers(qtbot, window, BADGE, PIN, "reason:card_miskeyed")
    qtbot.waitUntil(lambda: session.view().round.cards["board"][1] == parse_card("8c"), timeout=TIMEOUT)
    (event,) = session.journal.events(kinds={"card_corrected"})
    assert event.payload == {"v": 2, "position": "board", "index": 1, "card": parse_card("8c"),
                             "was": parse_card("7d"), "reason": "A card was keyed wrong"}
    assert event.actor == f"supervisor:{BADGE}"
    auth = list(session.journal.events(kinds={"supervisor_auth"}))[-1]
    assert auth.payload["action"] == "correct_card" and auth.payload["ok"] is True


def test_a_settled_round_is_adjusted_per_seat_and_journaled_as_shown(qtbot, window) -> None:
    session = window.session
    bets_placed(session)
    play_to(session, Stage.FINISHED)
    shown = menu(qtbot, window)
    assert not button(shown, "menu_void").isEnabled()  # a settled round is corrected, not voided
    assert not button(shown, "menu_correct_card").isEnabled()
    click(qtbot, button(shown, "menu_adjust"))
    adjust = dialog(window, "adjustDialog")
    assert set(adjust.seat_buttons) == {1, 3}  # the seats of the round
    assert not adjust.ok.isEnabled()
    click(qtbot, button(adjust, "adjustSeat1"))
    type_keys(qtbot, adjust, "25")
    click(qtbot, button(adjust, "adjustSeat3"))
    type_keys(qtbot, adjust, "7")
    click(qtbot, button(adjust, "key_point"))
    type_keys(qtbot, adjust, "5")
    click(qtbot, button(adjust, "adjustCollect"))
    assert button(adjust, "adjustSeat3").full_text == "Seat 3\n-7.5"
    click(qtbot, adjust.ok)
    pin = dialog(window, "pinDialog")
    assert pin.detail.text() == "Seat 1: pay 25  \u00b7  Seat 3: collect 7.5"
    supervisor_answers(qtbot, window, BADGE, PIN, "reason:wrong_payout")
    qtbot.waitUntil(lambda: bool(list(session.journal.events(kinds={"round_adjusted"}))), timeout=TIMEOUT)
    (event,) = session.journal.events(kinds={"round_adjusted"})
    assert event.payload == {"v": 2, "round_id": session.view().round.round_id, "adjustments": {"1": "25", "3": "-7.5"},
                             "reason": "Payout counted wrong at the table", "by": f"supervisor:{BADGE}",
                             "moves_chips": True}
    assert session.view().state.adjustments[session.view().round.round_id] == {"1": 25, "3": -7.5}


def test_nothing_is_adjusted_without_the_pin(qtbot, window) -> None:
    session = window.session
    bets_placed(session)
    play_to(session, Stage.FINISHED)
    click(qtbot, button(menu(qtbot, window), "menu_adjust"))
    adjust = dialog(window, "adjustDialog")
    type_keys(qtbot, adjust, "10")
    click(qtbot, adjust.ok)
    pin = dialog(window, "pinDialog")
    click(qtbot, button(pin, "pinCancel"))
    assert not list(session.journal.events(kinds={"round_adjusted"}))
    window.ask_supervisor("adjust")
    adjust = dialog(window, "adjustDialog")
    type_keys(qtbot, adjust, "10")
    click(qtbot, adjust.ok)
    supervisor_answers(qtbot, window, BADGE, "9999", "reason:dispute")
    qtbot.waitUntil(lambda: window.message.text() == "Badge or PIN not accepted", timeout=TIMEOUT)
    assert not list(session.journal.events(kinds={"round_adjusted"}))
