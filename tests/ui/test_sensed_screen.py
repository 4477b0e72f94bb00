"""The croupier's screen at a table with a bet sensor (issue 21 items 2, 4, 5's shift tally and 7).

A real session on the ``uth-rfid`` profile (the scripted shoe of the UI tests, the bet sensor's
inventory rounds fed in process by ``play.table_scripts.SensedLayout``: real chip ids of the profile's
inventory, the typed reports the driver delivers), the real main window offscreen. What the
screen shows is checked against the engine's own figures (``sensed_bets``, ``payout_problems``,
the journal).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtGui import QFontMetrics

from dealer_station.play.table_scripts import COUNTERFEIT, SensedLayout
from dealer_station.table.phases import Stage
from dealer_station.view.shift import ShiftTally
from dealer_station.view.texts import ENGLISH, Text
from tests.reports import link_up
from ui import theme
from ui.i18n import say
from ui.scenes import SCENES, make_rig

from .conftest import BADGE, PIN, make_session, open_window
from .helpers import TIMEOUT, button, click, dialog, supervisor_answers, tap_again, type_keys
from .layout_check import window_problems
from .legibility import window_legibility

SENSOR_KEYS = [k for k in ENGLISH if k.split(":")[0] in ("sensed", "mismatch") or k in (
    "cause:past_post", "cause:pinch", "halt:bet_alarm", "halt:bet_alarm_back", "action:restore_stake",
    "choice:restore_stake", "action:accept_chip", "action:accept_chip_at", "action:override_payout",
    "action:override_payout_seat", "device:bet_sensor", "cause:cloned_chip", "halt:clone", "halt:clone_gone",
    "action:resolve_clone", "choice:resolve_clone")]


@pytest.fixture
def sensed(qtbot, qapp, tmp_path: Path):
    session, shoe, journal = make_session(tmp_path, "uth-rfid")
    session.report(link_up("bet_sensor", "DS-SIM-BETSENSOR"))
    win = open_window(qtbot, qapp, session)
    yield win, SensedLayout(session)
    win.worker.shutdown(wait=True)
    journal.close()


def shown(qtbot, win, check) -> None:
    """Wait until the screen, re-rendered from the session, passes ``check``."""
    qtbot.waitUntil(lambda: (win.render_now(), check())[1], timeout=TIMEOUT)


def menu(qtbot, win):
    tap_again(qtbot, win.supervisor_button)
    return dialog(win, "supervisorMenu")


def to_settlement(session, layout: SensedLayout) -> None:
    """Seat 1 (As Ac) plays 4x and wins, seat 3 (8d 3h) checks to the river and folds."""
    session.execute("no_more_bets")
    hand = session.view().round.seats[1]
    play = session.view().game.stakes_added(hand.bets, hand.actions, session.view().phase, "play4x")  # 4 x the Ante
    assert list(play) == ["play"] and play["play"] == 4 * hand.bets["ante"]
    layout.place(1, "play", play["play"])  # the decision's bet, in chips on its spot before it is keyed
    layout.scan()
    session.execute("decide", 1, "play4x")
    while session.view().phase_info.stage is not Stage.SETTLEMENT:
        if session.view().seats_to_act():
            seat = session.view().seats_to_act()[0]
            session.execute("decide", seat, "check" if "check" in session.view().legal_actions(seat) else "fold")
        else:
            session.execute("reveal")
    layout.scan()


def bets(layout: SensedLayout) -> None:
    layout.place(1, "ante", "25")
    layout.place(1, "ante", "5")
    layout.place(1, "blind", "30")
    layout.place(1, "trips", "5")
    layout.place(3, "ante", "100")
    layout.place(3, "blind", "100")


def test_bet_entry_fills_itself_from_the_chips_on_the_layout(qtbot, sensed):
    win, layout = sensed
    session = win.session
    session.execute("open_round")
    bets(layout)
    layout.put(3, "trips", COUNTERFEIT)
    layout.down = {(1, "trips")}
    layout.scan()
    session.execute("set_bets", 1, {"ante": "30", "blind": "30", "trips": "10"})  # keyed: the antenna is down
    tiles = win.panel.seats
    engine = session.view().sensed_bets()
    assert engine[1].spots["ante"].amount == Decimal(30) and engine[1].spots["trips"].keyed
    shown(qtbot, win, lambda: tiles[3].stake_text("ante") == "100")
    assert [tiles[1].stake_labels[s].text() for s in ("ante", "blind", "trips")] == [
        "Ante 30", "Blind 30", "\u2328 Trips 10"]  # keyed, its antenna down: marked
    assert tiles[1].stake_labels["trips"].property("role") == "keyed"
    assert tiles[3].stake_labels["trips"].text() == "\u26a0 Trips 0"  # the unknown chip counts for nothing
    assert tiles[3].stake_labels["trips"].property("role") == "alert"
    assert tiles[3].title.text().startswith("\u26a0") and tiles[3].title.property("role") == "alert"
    assert win.banner.text() == "\u26a0 Seat 3 Trips: unknown chip: remove it, or a supervisor accepts it"
    qtbot.wait(350)
    click(qtbot, win.panel.no_more_bets)  # refused, naming the chip (and journaled: a counterfeit caught)
    qtbot.waitUntil(lambda: win.message.text() == f"Seat 3 Trips: unknown chip {COUNTERFEIT}: remove it, or a "
                    "supervisor accepts it", timeout=TIMEOUT)
    assert [r.payload["spots"][0]["chip"] for r in session.journal.events(kinds={"sensor_held"})] == [COUNTERFEIT]
    assert session.view().phase == "betting"
    win.panel.bets.choose(1)
    shown(qtbot, win, lambda: win.panel.bets.sensor_note.isVisible())
    assert win.panel.bets.sensor_note.text() == "Trips: antenna down, key the stake"  # drawn as keyed
    # the supervisor's accept: what the chip counts for, then badge, PIN and reason
    shown_menu = menu(qtbot, win)
    assert not button(shown_menu, "menu_override_payout").isEnabled()
    click(qtbot, button(shown_menu, "menu_accept_chip"))
    pad = dialog(win, "amountPad")
    type_keys(qtbot, pad, "5")
    click(qtbot, pad.ok)
    pin = dialog(win, "pinDialog")
    assert pin.detail.text() == f"Accept chip {COUNTERFEIT} on seat 3 Trips at 5"
    supervisor_answers(qtbot, win, BADGE, PIN, "reason:sister_casino_chip")
    qtbot.waitUntil(lambda: not session.view().unknown_chips(), timeout=TIMEOUT)
    accepted = next(session.journal.events(kinds={"chip_accepted"})).payload
    assert accepted == {"chip": COUNTERFEIT, "seat": 3, "spot": "trips", "denomination": "5",
                        "reason": "Chip of a sister casino, checked"}
    shown(qtbot, win, lambda: tiles[3].stake_text("trips") == "5")
    assert not tiles[3].title.text().startswith("\u26a0") and "unknown chip" not in win.banner.text()


def test_settlement_shows_each_spot_against_what_is_due_and_holds_paid_until_right(qtbot, sensed):
    win, layout = sensed
    session = win.session
    session.execute("open_round")
    bets(layout)
    layout.scan()
    to_settlement(session, layout)
    view = win.panel.settlement
    # seat 3 folded: both stakes must be collected; nothing is collected yet
    shown(qtbot, win, lambda: view.seat == 3 or view.shown_seat(session.view().round) == 3)
    shown(qtbot, win, lambda: view.problems == ["Ante: losing bet not collected", "Blind: losing bet not collected"])
    assert view.problems == session.view().payout_problems()[3]  # the engine's words, as said
    assert not win.panel.paid_button.isEnabled()  # "Paid" waits for the chips, and says so
    assert win.panel.paid_button.text() == "Seat 3: the chips do not match yet"
    staked = session.view().round.seats[3].bets  # a fold loses both: each collected, as much as was staked
    assert win.banner.text() == f"\u26a0 Seat 3: collect Ante {staked['ante']} \u00b7 collect Blind {staked['blind']}"
    layout.make(3, "ante", Decimal(0))
    layout.make(3, "blind", Decimal(0))
    layout.scan()
    shown(qtbot, win, lambda: win.panel.paid_button.isEnabled())
    assert [c.text() for c in view.spot_cells if c.isVisible()] == ["\u2713 Ante cleared", "\u2713 Blind cleared"]
    tap_again(qtbot, win.panel.paid_button)
    qtbot.waitUntil(lambda: session.view().round.seats[3].paid, timeout=TIMEOUT)
    # seat 1 won Ante 30 (pays 30), Blind pushes, Play 120 (pays 120), Trips 5 lost: the Ante paid 25 over,
    # the Trips left, the Play short 100
    nets = next(s for s in session.view().round.settlement["seats"] if s["seat"] == 1)["bets"]
    assert nets == {"ante": "30", "blind": "0", "play": "120", "trips": "-5"}
    layout.make(1, "ante", Decimal(85))
    layout.make(1, "play", Decimal(140))
    layout.scan()
    shown(qtbot, win, lambda: view.problems == ["Ante: over 25", "Trips: losing bet not collected",
                                                 "Play: short 100"])
    assert view.problems == session.view().payout_problems()[1]
    cells = {c.objectName(): c.text() for c in view.spot_cells if c.isVisible()}
    # what to do, in verbs (issue 39 item 4), then what the sensor sees against what is due
    assert cells == {"sensed1_ante": "\u2717 take 25 back from Ante (85 \u2192 60)",
                     "sensed1_blind": "\u2713 Blind 30 stays",
                     "sensed1_trips": "\u2717 collect Trips 5",
                     "sensed1_play": "\u2717 add 100 to Play (140 \u2192 240)"}
    shown(qtbot, win, lambda: win.banner.text() == (
        "\u26a0 Seat 1: take 25 back from Ante \u00b7 collect Trips 5 \u00b7 add 100 to Play"))
    assert win.panel.paid_button.text() == "Seat 1: the chips do not match yet"
    assert (view.amounts[(1, "ante:due")], view.amounts[(1, "ante:seen")]) == ("60", "85")
    assert all(view.spot_cells[i].property("role") == "alert" for i in (0, 2, 3))
    assert not win.panel.paid_button.isEnabled()
    assert win.panel.seats[1].result.text().startswith("\u26a0")  # the seat being settled is held
    # "Paid" pressed some other way (the scripted croupier) is refused and journaled: a mispay caught
    with pytest.raises(Exception, match="Ante: over 25; Trips: losing bet not collected; Play: short 100"):
        session.execute("mark_paid", 1)
    # the supervisor overrides with a reason, from the Supervisor menu
    click(qtbot, button(menu(qtbot, win), "menu_override_payout"))
    pin = dialog(win, "pinDialog")
    assert pin.detail.text() == ("Seat 1: pay although Ante: over 25 \u00b7 Trips: losing bet not collected "
                                 "\u00b7 Play: short 100")
    supervisor_answers(qtbot, win, BADGE, PIN, "reason:payout_counted")
    qtbot.waitUntil(lambda: session.view().phase == "paid", timeout=TIMEOUT)
    record = next(session.journal.events(kinds={"payout_overridden"})).payload
    assert record == {"seat": 1, "problems": ["Ante: over 25", "Trips: losing bet not collected", "Play: short 100"],
                      "reason": "Payout counted by hand: it is right"}
    # the shift tally on the strip: the engine's journal, counted
    tally = win.tally  # told by the session's listener after the state changed: the phase can be seen first
    qtbot.waitUntil(lambda: tally.overrides == 1, timeout=TIMEOUT)
    assert (tally.mispays, tally.mispaid, tally.losing_left, tally.overrides) == (2, Decimal(125), 1, 1)
    shown(qtbot, win, lambda: win.strip.caught is not None and win.strip.caught.text() == (
        "Shift: mispays 2 (125) \u00b7 losing bets left 1 \u00b7 past-posts 0 \u00b7 pinches 0 "
        "\u00b7 counterfeits 0 \u00b7 overrides 1"))
    assert win.strip.caught.property("role") == "notice"
    # a restart mid-shift counts the same from the journal
    again = ShiftTally(session.view().table.shifts)
    again.seed(session.journal.events(kinds=set(ShiftTally.KINDS)))
    assert (again.mispays, again.mispaid, again.losing_left, again.overrides, again.rounds) == (2, Decimal(125), 1,
                                                                                                1, 1)


def test_a_bet_alarm_names_seat_and_spot_and_the_supervisor_restores_or_voids(qtbot, sensed):
    win, layout = sensed
    session = win.session
    session.execute("open_round")
    bets(layout)
    layout.scan()
    session.execute("no_more_bets")
    layout.place(3, "ante", "500")  # past-posting: a chip slipped onto a locked Ante
    layout.scan()
    assert session.view().round.halt is not None and session.view().round.halt.cause == "past_post"
    halt = win.halt
    shown(qtbot, win, lambda: halt.isVisible() and halt.detail.text().startswith("Seat 3 Ante"))
    assert halt.title.text() == "\u26a0 Past-posting: chips added after no more bets (bet sensor)"
    assert halt.detail.text() == ("Seat 3 Ante: locked 100, the sensor sees 600. Put the locked chips back to "
                                  "restore the stake, or void the round")
    restore, void = halt.buttons["restore_stake"], halt.buttons["void"]
    assert restore.isVisible() and not restore.isEnabled() and void.isVisible() and void.isEnabled()
    assert win.panel.seats[3].result.text() == "\u26a0 Ante" and win.panel.seats[3].property("active") == "true"
    layout.take(3, "ante")
    layout.place(3, "ante", "100")  # another 100 chip than the one locked: still not the locked stake
    layout.scan()
    win.render_now()
    assert not restore.isEnabled()
    layout.take(3, "ante")
    layout.chips[(3, "ante")] = list(session.view().round.sensed.locked[(3, "ante")].chips)  # the locked chip back
    layout.scan()
    shown(qtbot, win, lambda: restore.isEnabled())
    assert halt.detail.text() == "Seat 3 Ante: the locked 100 is back on the spot. Restore the stake, or void the round"
    click(qtbot, restore)
    supervisor_answers(qtbot, win, BADGE, PIN, "reason:chip_returned")
    qtbot.waitUntil(lambda: session.view().round.halt is None, timeout=TIMEOUT)
    assert [r.payload["reason"] for r in session.journal.events(kinds={"stake_restored"})] == [
        "Chips put back as locked"]
    assert win.tally.past_posts == 1


def test_a_cloned_chip_holds_the_round_until_the_supervisor_resolves_it_with_the_clones_off(qtbot, sensed):
    """Issue 38 item 3 on the screen: the halt names the chip and the seats; Resolve waits for the clones off."""
    win, layout = sensed
    session = win.session
    session.execute("open_round")
    bets(layout)
    cloned = layout.chips[(1, "ante")][0]
    layout.put(2, "ante", cloned)  # two worthless tags carrying the id of seat 1's Ante chip
    layout.put(2, "blind", cloned)
    layout.scan(1)
    halt = win.halt
    shown(qtbot, win, lambda: halt.isVisible() and cloned in halt.detail.text())
    assert halt.title.text() == "\u26a0 Cloned chip: one chip id on more than one spot (bet sensor)"
    assert halt.detail.text() == (f"Chip {cloned} is seen on more than one spot (seats 1, 2). Take the cloned tags "
                                  "off, then a supervisor resolves it, or void the round")
    resolve, void = halt.buttons["resolve_clone"], halt.buttons["void"]
    assert resolve.isVisible() and not resolve.isEnabled() and void.isVisible() and void.isEnabled()
    assert not win.panel.no_more_bets.isVisible() or not win.panel.no_more_bets.isEnabled()
    layout.take(2, "ante")
    layout.take(2, "blind")
    layout.scan(1)
    shown(qtbot, win, lambda: resolve.isEnabled())
    click(qtbot, resolve)
    supervisor_answers(qtbot, win, BADGE, PIN, "reason:clones_removed")
    qtbot.waitUntil(lambda: session.view().round.halt is None, timeout=TIMEOUT)
    assert [r.payload["reason"] for r in session.journal.events(kinds={"clone_resolved"})] == [
        "Cloned tags taken off the layout"]
    assert win.tally.counterfeits == 1


def test_every_sensor_text_is_translated_and_chinese_has_its_glyphs(qtbot, sensed):
    win, layout = sensed
    assert SENSOR_KEYS and len(SENSOR_KEYS) >= 15
    args = {"seat": 3, "spot": "Ante", "amount": "25", "chip": COUNTERFEIT, "locked": "100", "seen": "600",
            "problems": "x", "seats": "1, 2"}
    for code in ("fr", "zh_CN", "zh_TW"):
        win.set_language(code)
        for key in SENSOR_KEYS:
            assert say(Text(key, args)) != ENGLISH[key].format(**args), (code, key)
    win.set_language("zh_CN")
    session = win.session
    session.execute("open_round")
    bets(layout)
    layout.scan()
    to_settlement(session, layout)
    shown(qtbot, win, lambda: win.panel.settlement.problems == ["底注：输注未收", "盲注：输注未收"])
    assert theme.has_cjk_font()
    cell = next(c for c in win.panel.settlement.spot_cells if c.isVisible())
    assert all(QFontMetrics(cell.font()).inFontUcs4(ord(ch)) for ch in cell.text() if not ch.isascii())


@pytest.mark.slow
def test_the_sensed_settlement_reads_at_arms_length_on_the_largest_panel(qapp, tmp_path: Path):
    """At 1920x1080 (800x480 and the other sizes: test_panel_sizes and test_legibility, every phase)."""
    profile, play, options = SCENES["uth-rfid"]
    rig = make_rig(profile, tmp_path, size=(1920, 1080), **options)
    found: list[str] = []
    try:
        for phase in play(rig):
            if phase in ("sensed_betting", "sensed_settlement"):
                rig.render()
                found += [f"{phase}: {p}" for p in window_problems(rig.window, (1920, 1080))]
                found += [f"{phase}: {p}" for p in window_legibility(rig.window)]
    finally:
        rig.close()
    assert not found, "\n".join(found[:40])
