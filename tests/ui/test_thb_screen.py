"""Texas Hold'em Bonus on the croupier's screen (issue 9): the meter, Bonus and Pool on the
bet panel, decisions with amounts, a Pool hit held for the supervisor, Bonus payouts, and
the jackpot history on recall.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from dealer_station.jackpot import meters_from_journal
from dealer_station.play.table_scripts import THB_DECK

from .conftest import BADGE, PIN, make_session, open_window
from .helpers import TIMEOUT, bet, button, click, decide, dialog, open_round, press, supervisor_answers, tap_again


@pytest.fixture
def thb_window(qtbot, qapp, tmp_path: Path):
    session, _shoe, journal = make_session(tmp_path, "thb-default", deck=THB_DECK)
    win = open_window(qtbot, qapp, session, size=(800, 480))
    yield win
    win.worker.shutdown(wait=True)
    journal.close()


def test_meter_pool_and_bonus_toggles_and_decision_amounts(qtbot, thb_window):
    win, session = thb_window, thb_window.session
    assert win.meter is not None and win.meter.isVisible()
    assert win.meter.value.text() == "500.00"
    open_round(qtbot, win)
    bonus = win.panel.bets.chip("bonus", "toggle")
    assert not bonus.isEnabled()  # the Bonus equals the Ante: there is none yet
    bet(qtbot, win, 1, "ante", "25", expect="25")
    bet(qtbot, win, 1, "bonus", "toggle", expect="25")
    bet(qtbot, win, 1, "pool", "toggle", expect="1")  # one tap: the table's fixed Pool stake
    bet(qtbot, win, 1, "ante", "5", expect="30")
    assert session.view().round.seats[1].bets == {"ante": Decimal(30), "bonus": Decimal(30), "pool": Decimal(1)}
    bet(qtbot, win, 2, "ante", "25", expect="25")
    bet(qtbot, win, 2, "pool", "toggle", expect="1")
    bet(qtbot, win, 2, "pool", "toggle")  # a second tap takes it off
    qtbot.waitUntil(lambda: "pool" not in session.view().round.seats[2].bets, timeout=TIMEOUT)
    tap_again(qtbot, win.panel.bets.chip("pool", "toggle"))
    qtbot.waitUntil(lambda: "pool" in session.view().round.seats[2].bets, timeout=TIMEOUT)
    click(qtbot, win.panel.no_more_bets)
    qtbot.waitUntil(lambda: win.meter.value.text() == "500.50", timeout=TIMEOUT)  # 2 x 1 x 0.25 landed
    qtbot.waitUntil(lambda: bool(win.panel.decision_buttons_for(1)), timeout=TIMEOUT)
    assert [b.text() for b in win.panel.decision_buttons_for(1)] == ["Flop \u00b7 60", "\u2715 Fold"]


def test_pool_hit_held_for_the_supervisor_then_bonus_paid_and_history_on_recall(qtbot, thb_window):
    win, session = thb_window, thb_window.session
    open_round(qtbot, win)
    bet(qtbot, win, 1, "ante", "25", expect="25")
    bet(qtbot, win, 1, "pool", "toggle", expect="1")
    bet(qtbot, win, 2, "ante", "25", expect="25")
    bet(qtbot, win, 2, "bonus", "toggle", expect="25")
    click(qtbot, win.panel.no_more_bets)
    decide(qtbot, win, 1, "flop")
    decide(qtbot, win, 2, "flop")
    qtbot.waitUntil(lambda: win.reveal_button.isVisible(), timeout=TIMEOUT)
    click(qtbot, win.reveal_button)  # the flop: 7h 6h 5h gives seat 1 a straight flush
    qtbot.waitUntil(lambda: win.halt.isVisible(), timeout=TIMEOUT)
    assert win.banner.text() == "\u26a0 Jackpot: call a supervisor to verify it"
    # the hand, its five cards, and figures that add up (issue 39 item 8): the meter at the hit - the reset the
    # round found plus what its Pool stakes put in, from the journal - times the share, to the cent
    put_in = sum((Decimal(e.payload["to_meter"]) for e in session.journal.events(kinds={"jackpot_contribution"})),
                 Decimal(0))
    at_hit = session.view().table.options.jackpot.reset + put_in
    award = Fraction(at_hit) * Fraction(50, 100)
    cents = Decimal(math.floor(award * 100)) / 100
    said = (f"Jackpot: seat 1, Straight flush 9\u2665 8\u2665 7\u2665 6\u2665 5\u2665: meter at the hit {at_hit:.2f} "
            f"\u00d7 50% = {cents:.2f}")
    assert said.endswith("500.25 \u00d7 50% = 250.12")
    assert win.halt.detail.text() == said
    assert win.halt.hand.isVisible() and win.halt.hand.describe() == ["9h", "8h", "7h", "6h", "5h"]
    tile = win.panel.seats[1]  # the winning seat framed, its hand face up there
    assert tile.property("active") == "true" and win.panel.seats[2].property("active") == "false"
    assert tile.hole.describe() == ["9h", "8h"] and win.panel.seats[2].hole.describe() == ["face down"] * 2
    assert tile.result.text() == f"\u2605 {cents:.2f}"
    assert win.meter.pending.text() == "250.12 pending verification"
    assert win.halt.buttons["verify_jackpot"].isVisible() and win.halt.buttons["void"].isVisible()
    click(qtbot, win.halt.buttons["verify_jackpot"])
    assert dialog(win, "pinDialog").detail.text() == said  # the PIN confirms that hand and amount
    supervisor_answers(qtbot, win, BADGE, PIN, "reason:hand_checked")
    qtbot.waitUntil(lambda: session.view().round.halt is None and session.view().phase == "flop", timeout=TIMEOUT)
    qtbot.waitUntil(lambda: not win.meter.pending.isVisible(), timeout=TIMEOUT)
    for street, action in (("flop", "turn"), ("turn", "river")):
        for seat in (1, 2):
            qtbot.waitUntil(lambda st=street: session.view().phase == st, timeout=TIMEOUT)
            decide(qtbot, win, seat, action)
        qtbot.waitUntil(lambda: win.reveal_button.isVisible(), timeout=TIMEOUT)
        tap_again(qtbot, win.reveal_button)
    qtbot.waitUntil(lambda: session.view().phase == "settlement", timeout=TIMEOUT)
    settle = {e["seat"]: e for e in session.view().round.settlement["seats"]}
    assert settle[1]["bets"]["pool"] == "249.12"  # the award less the stake
    assert settle[2]["bets"]["bonus"] == "625"  # A-K suited 25:1
    qtbot.mouseClick(win.panel.seats[2], Qt.MouseButton.LeftButton)  # the croupier looks at seat 2
    qtbot.waitUntil(lambda: "+ Pay Bonus 625: 500 + 100 + 25" in [c.text() for c in win.panel.settlement.spot_cells],
                    timeout=TIMEOUT)
    for seat in (2, 1):
        qtbot.waitUntil(lambda s=seat: win.panel.paid_button.property("seat") == s, timeout=TIMEOUT)
        if seat == 1:  # the Pool award on its own line, never in the rack's chips
            view = win.panel.settlement
            assert view.jackpot.text() == "\u2605 Jackpot 250.12: paid from the progressive, not the rack"
            assert all("250.12" not in c.text() and "249.12" not in c.text() for c in view.spot_cells)
            assert "Pool 1" in view.collect.text()  # its stake is collected like any losing spot
            assert win.panel.seats[1].result.text().endswith(" \u2605")  # the tile: the rack's net and a star
        press(qtbot, win.panel.paid_button)
        qtbot.waitUntil(lambda s=seat: session.view().round.seats[s].paid, timeout=TIMEOUT)
    click(qtbot, win.recall_button)
    recall = dialog(win, "recallView")
    qtbot.waitUntil(lambda: recall.list.count() == 1, timeout=TIMEOUT)
    click(qtbot, button(recall, "recallJackpot"))
    history = meters_from_journal(session.journal.events())["history"]
    qtbot.waitUntil(lambda: "Verified by" in recall.text.toPlainText(), timeout=TIMEOUT)
    assert "250.12" in recall.text.toPlainText()
    assert history[0]["verified_by"] == f"supervisor:{BADGE}"
    assert f"supervisor:{BADGE}" in recall.text.toPlainText()


def test_a_linked_table_without_its_controller_shows_the_pool_closed_and_takes_no_pool_bet(qtbot, qapp, tmp_path):
    """thb-linked with no floor: "Pool closed: no link" under the meter (in the croupier's language),
    a Pool bet refused in the croupier's words, every other bet taken."""
    from dealer_station.errors import RuleError

    session, _shoe, journal = make_session(tmp_path, "thb-linked", deck=THB_DECK)
    win = open_window(qtbot, qapp, session, size=(800, 480), language="fr")
    try:
        qtbot.waitUntil(lambda: win.meter.pending.isVisible(), timeout=TIMEOUT)
        assert win.meter.pending.text() == "Pool fermé\u00a0: pas de liaison"
        session.execute("open_round")
        with pytest.raises(RuleError) as refused:
            session.execute("set_bets", 1, {"ante": "25", "pool": "1"})
        assert refused.value.key == "refuse_pool_closed"
        session.execute("set_bets", 1, {"ante": "25"})
        assert session.view().round.seats[1].bets == {"ante": Decimal(25)}
    finally:
        win.worker.shutdown(wait=True)
        journal.close()
