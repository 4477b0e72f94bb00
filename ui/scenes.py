"""Every phase of every game, on the scripted shoe: for the layout test and the screenshots.

A scene function drives a real session (journal, credentials, the scripted in-process
shoe of the session tests, so the cards are always the same) through a round and
yields a name at each phase worth looking at; the caller renders the window then. Some
scenes open a dialog over the table (PIN, card picker, recall...) and close it after.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog

from dealer_station.cards import parse_card
from dealer_station.engine import TableSession
from dealer_station.errors import DealerStationError
from dealer_station.games import GAMES, BankingGame
from dealer_station.games.thb import ThbTableConfig
from dealer_station.journal import Journal
from dealer_station.money import format_money
from dealer_station.play.table_scripts import (
    BADGE,
    COUNTERFEIT,
    PIN,
    UTH_DECK,
    SensedLayout,
    Unhandled,
    pay,
    place_bets,
    play_decisions,
    poker_actions,
    scripted_identity,
    scripted_table,
    seat_players,
    settled_seats,
    show_down,
    stacked,
)
from dealer_station.players.exclusion import ExclusionCache, ExclusionList
from dealer_station.view.sensing import sensed_settlement
from dealer_station.view.settlement import settlement_order
from dealer_station.wire import reports as rp
from dealer_station.wire.roles import Role

from .shell import MainWindow, delete_now, settle_layout


@dataclass
class Rig:
    """A session on the scripted shoe (or by hand) and its window."""

    session: TableSession
    shoe: Any
    window: MainWindow
    folder: Path
    journals: list[Journal] = field(default_factory=list)
    exclusions: ExclusionCache | None = None
    """The exclusion list the table keeps (a scene that lists a player while seated)."""

    def render(self) -> None:
        QCoreApplication.processEvents()
        self.window.render_now()
        settle_layout(self.window)

    def close(self) -> None:
        for dialog in self.window.findChildren(QDialog):
            dialog.close()
        self.window.worker.shutdown(wait=True)
        self.window.close_now()
        # A closed window still lives until deleted; every live widget is re-polished whenever the
        # application is themed again, so a run of rigs left alive makes each later theming cost seconds.
        delete_now(self.window)
        for journal in self.journals:
            journal.close()


def make_rig(profile: str, folder: Path | None = None, *, deck: list[str] | None = None, has_reader: bool = False,
             reading_shoe: bool = False, language: str = "en", size: tuple[int, int] = (800, 480),
             exclusions: bool = False) -> Rig:
    """The scripted table of ``profile`` (``play.table_scripts.scripted_table``) on the croupier's window; with
    ``exclusions`` it keeps an exclusion list, as a station does."""
    roles = (Role.READER,) if has_reader else (Role.READING_SHOE,) if reading_shoe else ()
    folder = folder or Path(tempfile.mkdtemp(prefix="scenes-"))
    cache = ExclusionCache(folder / f"exclusions-{len(list(folder.glob('exclusions-*')))}.json") if exclusions else None
    table = scripted_table(profile, folder, deck=deck, roles=roles, services=(cache,) if cache is not None else ())
    window = MainWindow(table.session, language=language)
    window.fit_panel(*size)
    window.show()
    return Rig(table.session, table.shoe, window, table.folder, table.journals, cache)


def _release_deal(rig: Rig) -> None:
    rig.shoe.hold = False
    rnd = rig.session.view().round
    for position, count in rnd.asked if rnd is not None else ():  # the whole deal, asked for at once
        rig.shoe.deal_packet(position, count)


def _open_dialog(rig: Rig, open_it: Callable[[], None]) -> None:
    open_it()
    QCoreApplication.processEvents()


def close_dialogs(rig: Rig) -> None:
    for dialog in rig.window.findChildren(QDialog):
        if dialog.isVisible():
            dialog.reject()
    QCoreApplication.processEvents()


# --------------------------------------------------------------------------- scenes


def banking_round(rig: Rig) -> Iterator[str]:
    """A whole round on the shoe: betting to paid, every decision and reveal, then a void."""
    session = rig.session
    seats = list(range(1, session.view().table.seats + 1))
    yield "idle"
    session.execute("open_round")
    place_bets(session, seats)
    rig.window.panel.bets.choose(seats[-1])
    yield "betting"
    rig.shoe.hold = True
    session.execute("no_more_bets")
    yield "lockout"
    _release_deal(rig)
    game = session.view().game
    assert isinstance(game, BankingGame)
    streets = list(game.streets)
    first = True
    for street in streets:
        if session.view().phase_info.stage.value == "reveal":
            yield f"{session.view().phase}"
            session.execute("reveal")
        if session.view().phase == street:
            yield f"decision_{street}"
            last = street == streets[-1]
            bet_big = first  # the first street: every third seat plays its largest bet

            def choose(seat: int, legal: list[str], big: bool = bet_big, end: bool = last) -> str:
                if end:  # the last street: seat 2 folds, the others play
                    return legal[-1] if seat == 2 else legal[0]
                return legal[-1] if big and seat % 3 == 0 else legal[0]

            play_decisions(session, choose)
            first = False
    if session.view().phase_info.stage.value == "reveal":
        yield session.view().phase
        session.execute("reveal")
    yield "settlement"
    order = [e["seat"] for e in settled_seats(session)]
    for seat in order[:2]:
        session.execute("mark_paid", seat)
    yield "settlement_paying"
    for seat in order[2:]:
        session.execute("mark_paid", seat)
    yield "paid"
    session.execute("open_round")
    place_bets(session, seats[:3], "25")
    session.execute("no_more_bets")
    session.supervise("void", BADGE, PIN, "Misdeal")
    yield "void"


def halts(rig: Rig) -> Iterator[str]:
    """A live halt of the kinds a shoe table meets: jam, link lost, deck check, station error."""
    session, shoe = rig.session, rig.shoe
    session.execute("open_round")
    place_bets(session, [1, 2, 3])
    shoe.jam_after = 6
    session.execute("no_more_bets")
    yield "halt_fault"
    _open_dialog(rig, lambda: rig.window.ask_supervisor("clear_fault"))
    yield "pin_dialog"
    pin = rig.window.findChild(QDialog, "pinDialog")
    _open_dialog(rig, lambda: pin.reason_buttons["other"].tapped.emit())  # type: ignore[union-attr]
    yield "keyboard"
    close_dialogs(rig)
    session.supervise("void", BADGE, PIN, "Shoe jam")
    shoe.jam_after = None
    session.execute("open_round")
    place_bets(session, [2])
    shoe.hold = True
    session.execute("no_more_bets")
    session.report(rp.LinkDown(device="shuffler", reason="cable unplugged"))
    yield "halt_link"
    session.supervise("void", BADGE, PIN, "Device fault")
    session.report(rp.LinkUp(device="shuffler", identity=scripted_identity(
        "DS-SCRIPTED", authenticated=session.view().table.devices.authenticates("shuffler"))))
    shoe.hold = False
    shoe.verify_result = (51, [parse_card("As")], [], [])
    session.execute("open_round")
    yield "halt_deck"
    session.supervise("void", BADGE, PIN, "Device fault")
    shoe.verify_result = (52, [], [], [])
    session.execute("open_round")
    place_bets(session, [4])
    session.execute("no_more_bets")
    session.report(Unhandled(device="reader", card=None))  # a report no handler knows: the station halts
    yield "halt_internal"
    _open_dialog(rig, rig.window._supervisor_menu)
    yield "supervisor_menu"
    close_dialogs(rig)
    session.supervise("void", BADGE, PIN, "Device fault")


SHOE_FAULTS = {"jam": "card jam in the feed", "misfeed": "card not fed", "door_open": "door open",
               "internal_error": "motor stall E42", "crc_errors": "malformed frames beyond the retry budget"}
"""A fault of each kind a shoe reports mid-deal, with the device's own (English) words: the screen says its own."""


def device_stops(rig: Rig) -> Iterator[str]:
    """Every way a device stops a round, mid-deal: each fault code a shoe reports, its link lost, the deck
    count wrong (a void), a unit refused mid-round and then between rounds (no betting), and a croupier's
    refusal on the refusal line."""
    session, shoe = rig.session, rig.shoe
    for code, text in SHOE_FAULTS.items():
        session.execute("open_round")
        place_bets(session, [1, 2])
        shoe.hold = True
        session.execute("no_more_bets")
        session.report(rp.DeviceFault(device="shuffler", code=code, text=text))  # type: ignore[arg-type]
        yield f"fault_{code}"
        session.supervise("void", BADGE, PIN, "Device fault")
        session.report(rp.LinkUp(device="shuffler", identity=scripted_identity("DS-SCRIPTED", authenticated=True)))  # the shoe proves itself again
        shoe.hold = False
    session.execute("open_round")
    place_bets(session, [3])
    shoe.hold = True
    session.execute("no_more_bets")
    session.report(rp.LinkDown(device="shuffler", reason="cable unplugged"))
    yield "link_lost"
    session.supervise("void", BADGE, PIN, "Device fault")
    yield "void_by_supervisor"
    session.report(rp.LinkUp(device="shuffler", identity=scripted_identity("DS-SCRIPTED", authenticated=True)))  # the shoe proves itself again
    session.execute("open_round")
    place_bets(session, [4])
    session.execute("no_more_bets")
    session.report(rp.DeviceFault(device="shuffler", code="deck_count_wrong", text="51 cards counted"))
    yield "void_deck_count"
    shoe.hold = False
    session.execute("open_round")
    place_bets(session, [5])
    session.report(rp.DeviceRefused(device="shuffler", model="DS-SHOE-SIM", serial_number="SIM-IMPOSTOR",
                                    program_hash="0" * 64, reason="impostor", detail="challenge answer wrong"))
    yield "refused_mid_round"
    session.supervise("void", BADGE, PIN, "Device fault")
    yield "refused_between_rounds"
    session.report(rp.LinkUp(device="shuffler", identity=scripted_identity("DS-SCRIPTED", authenticated=True)))  # the shoe proves itself again
    session.execute("open_round")
    place_bets(session, [6], "500")
    try:
        place_bets(session, [6], "505")
    except DealerStationError as refused:
        rig.window._refused("bet", refused)  # what the worker hands back: the refusal line
    yield "refusal_line"
    session.supervise("void", BADGE, PIN, "Device fault")


def reading_shoe_stops(rig: Rig) -> Iterator[str]:
    """Dealt by hand from a reading shoe: a card it cannot read (keyed), then its alarm mid-deal."""
    session = rig.session
    session.report(rp.LinkUp(device="reading_shoe", identity=scripted_identity("DS-SCRIPTED-SHOE")))
    session.execute("open_round")
    place_bets(session, [1, 2])
    session.execute("no_more_bets")
    yield "drawing"
    session.report(rp.CardDrawn(device="reading_shoe", card=parse_card("As")))
    session.report(rp.Unreadable(device="reading_shoe", reason="the shoe could not read the card"))
    yield "draw_unreadable"
    session.execute("key_card", "Kd")
    session.report(rp.Alarm(device="reading_shoe", severity="alarm", code="A3", text="card path blocked"))
    yield "shoe_alarm"
    session.supervise("void", BADGE, PIN, "Device fault")
    yield "void_alarm"


def reader_halts(rig: Rig) -> Iterator[str]:
    """With a reader: a misread (misdeal alarm) and an unreadable card keyed on the picker."""
    session = rig.session
    session.execute("open_round")
    place_bets(session, [1, 2])
    session.execute("no_more_bets")
    play_decisions(session, lambda seat, legal: "check")
    target = session.view().next_to_reveal()
    assert target is not None
    rnd = session.view().round
    assert rnd is not None
    dealt = rnd.cards[target[0]][target[1]]
    misread = (dealt + 4) % 52 if (dealt + 4) % 52 not in rnd.dealt_cards() else 51 - dealt
    session.report(rp.CardRead(device="reader", card=misread))
    yield "halt_mismatch"
    session.supervise("accept_mismatch", BADGE, PIN, "Card checked")
    session.report(rp.CardRead(device="reader", card=None))
    yield "halt_unreadable"
    _open_dialog(rig, rig.window.key_card)
    yield "card_picker"
    close_dialogs(rig)
    rnd = session.view().round
    assert rnd is not None and session.view().next_to_reveal() is not None
    pos, i = session.view().next_to_reveal()  # type: ignore[misc]
    session.execute("key_card", rnd.cards[pos][i])
    wait = session.view().table.devices.read_timeout
    session.tick(datetime.now(UTC) + timedelta(seconds=wait + 1))  # the next card is never read
    yield "halt_no_read"


def hand_deal_round(rig: Rig) -> Iterator[str]:
    """Dealt by hand: Cards dealt, then every card keyed at its reveal, hands read at showdown."""
    session = rig.session
    session.execute("open_round")
    place_bets(session, [1, 2, 3])
    session.execute("no_more_bets")
    yield "dealing_by_hand"
    session.execute("deal_done")
    yield "decision_preflop"
    play_decisions(session, lambda seat, legal: "check" if "check" in legal else legal[0])
    yield "key_flop"
    _open_dialog(rig, rig.window.key_card)
    yield "key_picker"
    close_dialogs(rig)
    free = iter(c for c in range(51, -1, -1))
    corrected = False
    while session.view().round is not None and session.view().phase_info.stage.value in ("reveal", "decision"):
        rnd = session.view().round
        assert rnd is not None
        if not corrected and rnd.revealed.get("board", 0) >= 2:  # a card keyed wrong: the supervisor corrects it
            corrected = True
            _open_dialog(rig, rig.window.correct_card)
            yield "card_choice"
            _press(rig, "fix_board_1")
            yield "correct_card_picker"
            close_dialogs(rig)
        if session.view().phase_info.stage.value == "decision":
            if session.view().phase == "river":  # seat 2 folds with nothing on its cards: set apart at once
                for seat in (1, 2):
                    session.execute("decide", seat, "fold" if seat == 2 else session.view().legal_actions(seat)[0])
                yield "fold_set_apart"
            play_decisions(session, lambda seat, legal: legal[0])
            continue
        if session.view().phase == "hands_reveal" and rnd.revealed.get("seat1", 0) == 0:
            yield "hands_reveal"
        card = next(c for c in free if c not in rnd.dealt_cards())
        session.execute("key_card", card)
    yield "settlement"


def jackpot_round(rig: Rig) -> Iterator[str]:
    """THB: a Pool hit held for the supervisor's verification, then the Bonus payout."""
    session = rig.session
    session.execute("open_round")
    place_bets(session, list(range(1, session.view().table.seats + 1)), "25")
    yield "betting"
    session.execute("no_more_bets")
    yield "decision_preflop"
    play_decisions(session, lambda seat, legal: legal[0])
    yield "flop_reveal"
    session.execute("reveal")
    yield "jackpot_verify"
    _open_dialog(rig, lambda: rig.window.ask_supervisor("verify_jackpot"))
    yield "jackpot_pin"
    close_dialogs(rig)
    session.supervise("verify_jackpot", BADGE, PIN, "Hand checked")
    while session.view().phase_info.stage.value in ("decision", "reveal"):
        if session.view().phase_info.stage.value == "reveal":
            session.execute("reveal")
        else:
            yield f"decision_{session.view().phase}"
            play_decisions(session, lambda seat, legal: legal[0])
    rig.window.panel.settlement.choose(2)
    yield "settlement_bonus"
    for seat in [e["seat"] for e in settled_seats(session)]:
        session.execute("mark_paid", seat)
    _open_dialog(rig, rig.window._recall)
    yield "recall"
    close_dialogs(rig)
    _open_dialog(rig, rig.window._choose_language)
    yield "language"
    close_dialogs(rig)


# --------------------------------------------------------------------------- a table with a bet sensor


def sensed_round(rig: Rig) -> Iterator[str]:
    """UTH with a bet sensor: stakes from the chips on the layout (one spot keyed, its antenna down;
    a counterfeit chip holding a seat), a past-post alarm after no more bets and the stake restored,
    decision bets in chips, and a settlement whose chips are wrong on one seat until put right."""
    session = rig.session
    game = session.view().game
    assert isinstance(game, BankingGame)
    session.report(rp.LinkUp(device="bet_sensor", identity=scripted_identity("DS-SIM-BETSENSOR", "BS-1")))
    layout = SensedLayout(session)
    session.execute("open_round")
    table = session.view().table
    thb = isinstance(table, ThbTableConfig)
    side = "bonus" if thb else "trips"  # the optional spot: THB's Bonus (= Ante), UTH's Trips
    stakes = {1: ("25", "5"), 2: ("100", None), 3: ("10", "5"), 4: ("50", "10"), 5: ("500", "25"),
              6: ("25", "25"), 7: ("5", None)}
    for seat, (ante, extra) in list(stakes.items())[:table.seats]:
        layout.place(seat, "ante", ante)
        if isinstance(table, ThbTableConfig):
            layout.place(seat, "pool", table.options.pool_stake)
            if extra:
                layout.place(seat, "bonus", ante)
        else:
            layout.place(seat, "blind", ante)
            if extra:
                layout.place(seat, "trips", extra)
    keyed = {spot: format_money(sum((layout.rack_value(c) for c in layout.chips.get((6, spot), [])), Decimal(0)))
             for spot in game.placeable_spots if layout.chips.get((6, spot))}
    layout.down = {(6, side)}
    layout.put(4, side, COUNTERFEIT)
    layout.scan()
    session.execute("set_bets", 6, keyed)  # keyed: the antenna under seat 6's side bet is down
    rig.window.panel.bets.choose(6)
    yield "sensed_betting"
    with suppress(DealerStationError):
        session.execute("no_more_bets")  # held: the counterfeit chip (journaled for the shift's tally)
    layout.take(4, side, [COUNTERFEIT])
    layout.scan()
    session.execute("no_more_bets")
    yield "sensed_locked"
    slipped = layout.rack.make(Decimal(100))
    layout.chips[(2, "ante")].extend(slipped)  # past-posting: a chip slipped onto the Ante
    layout.scan()
    yield "bet_alarm"
    layout.take(2, "ante", slipped)
    layout.scan()
    yield "bet_alarm_back"
    session.supervise("restore_stake", BADGE, PIN, "Chips put back as locked")

    def decide(seat: int, legal: list[str]) -> str:
        return legal[0] if seat in (1, 5) else "check" if "check" in legal else legal[-1]

    while session.view().phase_info.stage.value in ("decision", "reveal"):
        if session.view().phase_info.stage.value == "reveal":
            session.execute("reveal")
            continue
        while session.view().seats_to_act():  # a decision's bet goes on its spot as chips, then it is keyed
            seat = session.view().seats_to_act()[0]
            action = decide(seat, session.view().legal_actions(seat))
            current = session.view().round
            hand = current.seats[seat] if current else None
            assert hand is not None
            for spot, added in game.stakes_added(hand.bets, hand.actions, session.view().phase, action).items():
                layout.place(seat, spot, added)
            layout.scan()
            session.execute("decide", seat, action)
        layout.scan()
    rnd = session.view().round
    assert rnd is not None and session.view().sensed is not None
    order = [e["seat"] for e in settled_seats(session)]
    wrong = next(seat for seat in order if any(s.outcome == "pay" for s in sensed_settlement(session.view(), seat))
                 and any(s.outcome == "collect" for s in sensed_settlement(session.view(), seat)))
    for seat in order[:order.index(wrong)]:
        pay(layout, session, seat)
    layout.scan()
    for seat in order[:order.index(wrong)]:
        session.execute("mark_paid", seat)
        for spot in game.spots:
            layout.take(seat, spot)  # the player takes what lies on the spots
    paying = [owed for owed in sensed_settlement(session.view(), wrong) if owed.outcome == "pay"]
    for owed in sensed_settlement(session.view(), wrong):  # a mispay: the last pay short, a losing bet left, 25 over on another pay
        if owed.spot == paying[-1].spot:
            short = Decimal(100) if owed.due - owed.stake > 100 else owed.due - owed.stake
            layout.make(wrong, owed.spot, owed.due - short)
        elif owed.outcome == "pay":
            layout.make(wrong, owed.spot, owed.due + Decimal(25))
        elif owed.outcome == "push":
            layout.make(wrong, owed.spot, owed.due)
    layout.scan()
    with suppress(DealerStationError):
        session.execute("mark_paid", wrong)  # held: the mispay is journaled for the shift's tally
    yield "sensed_settlement"
    pay(layout, session, wrong)
    layout.scan()
    yield "sensed_settlement_right"
    unpaid = session.view().round
    assert unpaid is not None
    for seat in [s for s in order if not unpaid.seats[s].paid]:
        pay(layout, session, seat)
        layout.scan()
        session.execute("mark_paid", seat)
    yield "sensed_paid"


def bank_shift(rig: Rig) -> Iterator[str]:
    """The table bank (issue 40): a shift open with two buy-ins and a fill in flight, the Bank panel with a
    buy-in half chosen, then the closer being counted on the pad."""
    session = rig.session
    bank = session.view().profile.bank
    assert bank is not None
    session.execute("dealer_sign_in", "7021")  # the dealer's badge number: the same in every language
    session.supervise("open_shift", BADGE, PIN, "", opener={format_money(d): n for d, n in bank.par_counts().items()})
    session.execute("buy_in", 3, "cash", "500")
    session.execute("buy_in", 5, "marker", "2000")
    session.supervise("request_fill", BADGE, PIN, "", chips={"100": 20})
    rig.window.open_bank()
    QCoreApplication.processEvents()
    _press(rig, "bank_seat_2")
    _press(rig, "bank_amount_500")
    yield "bank_panel"
    close_dialogs(rig)
    rig.window.open_bank()
    QCoreApplication.processEvents()
    _press(rig, "bank_shift")
    _type(rig, "6")
    _press(rig, "key_next")
    _type(rig, "33")
    yield "bank_count"
    close_dialogs(rig)


def players_scene(rig: Rig) -> Iterator[str]:
    """The player at the seat (issue 41): the croupier keys a player's id on the pad; then a player listed while
    seated is held within the round, and the payout screen withholds the seat's pay (a supervisor decides)."""
    session = rig.session
    assert rig.exclusions is not None
    session.execute("card_in", 1, "P-1001")
    session.execute("card_in", 2, "P-2002")
    rig.window.strip.players_tapped.emit()
    QCoreApplication.processEvents()
    _press(rig, "keyId_4")
    for key in "P-4004":
        _press(rig, f"id_{key}")
    yield "player_id_pad"
    close_dialogs(rig)
    seats = list(range(1, session.view().table.seats + 1))
    session.execute("open_round")
    place_bets(session, seats)
    session.execute("no_more_bets")
    play_decisions(session, lambda seat, legal: "play4x" if seat in (1, 2) and "play4x" in legal else "check")
    rig.exclusions.update(ExclusionList(frozenset({"P-1001"}), datetime(2026, 12, 5, 6, 0, tzinfo=UTC)))
    session.execute("hold_excluded")  # listed mid-round: seat 1 is held, its winnings will be withheld
    while (stage := session.view().phase_info.stage.value) in ("reveal", "decision"):
        if stage == "reveal":
            session.execute("reveal")
        else:
            play_decisions(session, lambda seat, legal: "check" if "check" in legal else "fold")
    rnd = session.view().round
    assert rnd is not None
    for seat in [s for s in settlement_order(rnd) if s != 1]:
        session.execute("mark_paid", seat)
    yield "withheld_settlement"


# --------------------------------------------------------------------------- poker scenes

def _press(rig: Rig, name: str) -> None:
    """Press one of the screen's buttons by its name, as a finger would (dialogs it opens stay open)."""
    from .widgets import FitButton

    shown = [d for d in rig.window.findChildren(QDialog) if d.isVisible()]
    button = (shown[-1] if shown else rig.window).findChild(FitButton, name)
    assert button is not None and button.isVisible(), name
    button.tapped.emit()
    QCoreApplication.processEvents()


def _type(rig: Rig, keys: str) -> None:
    for key in keys:
        _press(rig, f"key_{'point' if key == '.' else key}")


HOLDEM_HOLES = {1: ["As", "Kd"], 2: ["Qh", "Qc"], 3: ["7c", "6d"], 4: ["Jh", "Ts"], 5: ["9s", "9d"]}
HOLDEM_BOARD = ["Ah", "Td", "4c", "Qs", "3h"]


def holdem_hand(rig: Rig) -> Iterator[str]:
    """A no-limit hand from an empty table: seating, blinds, every street, showdown and the pushes."""
    session = rig.session
    panel = rig.window.panel
    yield "seating"
    panel._tapped(3)
    yield "seat_chosen"
    _press(rig, "seat_player")
    _type(rig, "120")
    yield "buy_in_keypad"
    close_dialogs(rig)
    seat_players(session, {1: 200, 2: 150, 3: 100, 4: 120, 5: 80})
    session.execute("sit_out", 5)
    yield "seated"
    rig.shoe.load(stacked({s: h for s, h in HOLDEM_HOLES.items() if s != 5}, HOLDEM_BOARD, 1))
    rig.shoe.hold = True
    session.execute("open_round")
    session.execute("seat_player", 6, "60")  # a newcomer waits for the big blind
    yield "blinds_posted"
    _release_deal(rig)
    yield "preflop"
    poker_actions(session, [(4, "call"), (1, "raise", "8")])
    yield "preflop_raise"
    _press(rig, "keypad")
    _type(rig, "24")
    yield "bet_keypad"
    close_dialogs(rig)
    poker_actions(session, [(2, "call"), (3, "fold"), (4, "call")])
    yield "flop"
    poker_actions(session, [(2, "check"), (4, "bet", "10"), (1, "call"), (2, "call")])
    yield "turn"
    poker_actions(session, [(2, "check"), (4, "check"), (1, "bet", "30"), (2, "call"), (4, "fold")])
    yield "river"
    poker_actions(session, [(2, "check"), (1, "check")])
    yield "showdown"
    show_down(session)
    yield "settlement"
    session.execute("push_pots")
    yield "paid"


SIDE_POT_HOLES = {1: ["As", "Ad"], 2: ["Kc", "Kh"], 4: ["Qs", "Qd"], 6: ["9c", "8c"]}
SIDE_POT_BOARD = ["3c", "7d", "9h", "Jc", "4s"]


def side_pot_hand(rig: Rig) -> Iterator[str]:
    """Seat 2 all in for 50, seat 4 for 100, seat 1 covers: a main pot and a side pot, both to seat 1."""
    session = rig.session
    rig.shoe.load(stacked(SIDE_POT_HOLES, SIDE_POT_BOARD, 1))
    seat_players(session, {1: 200, 2: 50, 4: 100, 6: 120})
    session.execute("open_round")
    poker_actions(session, [(6, "fold"), (1, "raise", "6"), (2, "all_in"), (4, "all_in")])
    yield "all_in"
    poker_actions(session, [(1, "call")])
    yield "all_in_showdown"
    show_down(session)
    yield "side_pot_settlement"


NINE_HOLES = {1: ["As", "Ad"], 2: ["Kc", "Kh"], 3: ["Qs", "Qd"], 4: ["Jc", "Jh"], 5: ["Tc", "Th"],
              6: ["9c", "9d"], 7: ["8c", "8d"], 8: ["7c", "7h"], 9: ["6c", "6d"]}
NINE_BOARD = ["2s", "3h", "4d", "Ks", "5s"]


def nine_all_in_hand(rig: Rig) -> Iterator[str]:
    """Nine seats in pre-flop with stacks 40 to 120, eight all in (seat 9 calls the 110 it can be
    called for): a main pot and seven side pots, every hand shown."""
    session = rig.session
    rig.shoe.load(stacked(NINE_HOLES, NINE_BOARD, 1))
    seat_players(session, {seat: 30 + 10 * seat for seat in range(1, 10)})
    session.execute("open_round")
    poker_actions(session, [(seat, "all_in") for seat in (4, 5, 6, 7, 8)])
    poker_actions(session, [(9, "call"), *((seat, "all_in") for seat in (1, 2, 3))])
    yield "nine_all_in"
    show_down(session)
    yield "nine_settlement"


def split_pot_hand(rig: Rig) -> Iterator[str]:
    """Two aces make the same straight: 22 less a rake of 1 splits 11 / 10, the odd chip to the
    first winner left of the button."""
    session = rig.session
    rig.shoe.load(stacked({1: ["5h", "6h"], 2: ["Ah", "3c"], 3: ["Ad", "4c"]}, ["Ts", "Jh", "Qd", "Kc", "2s"], 1))
    seat_players(session, {1: 100, 2: 100, 3: 100})
    session.execute("open_round")
    poker_actions(session, [(1, "call"), (2, "call"), (3, "raise", "8"), (1, "fold"), (2, "call"),
                            (2, "bet", "2"), (3, "call"), (2, "check"), (3, "check"), (2, "check"), (3, "check")])
    show_down(session)
    yield "split_settlement"


def capped_round(rig: Rig) -> Iterator[str]:
    """Fixed limit at a 10-seat table: raises to 4, 6 and 8 cap the pre-flop round; seat 1 may only call or fold."""
    session = rig.session
    rig.shoe.load(stacked({1: ["Kd", "Kh"], 2: ["Ac", "Qc"], 3: ["Jd", "Js"]}, ["3c", "7d", "9h", "Jc", "4s"], 1))
    seat_players(session, {1: 60, 2: 60, 3: 60})
    session.execute("open_round")
    poker_actions(session, [(1, "raise", "4"), (2, "raise", "6"), (3, "raise", "8")])
    yield "capped"


def poker_supervisor(rig: Rig) -> Iterator[str]:
    """A shoe jam halts the deal and the hand is voided; then a settled hand adjusted (a card is corrected
    only where the croupier keyed it: the hand-dealt table's scene)."""
    session, shoe = rig.session, rig.shoe
    holes = {1: ["As", "Kd"], 2: ["Qh", "Qc"], 3: ["7c", "6d"]}
    seat_players(session, {1: 200, 2: 150, 3: 100})
    shoe.load(stacked(holes, HOLDEM_BOARD, 1))
    shoe.jam_after = 3
    session.execute("open_round")
    yield "halt_fault"
    _open_dialog(rig, rig.window._supervisor_menu)
    yield "supervisor_menu"
    close_dialogs(rig)
    session.supervise("void", BADGE, PIN, "Shoe jam")
    yield "void"
    shoe.jam_after = None
    shoe.load(stacked(holes, HOLDEM_BOARD, 2))
    session.execute("open_round")  # the button moves to seat 2: seat 3 small blind, seat 1 big blind
    poker_actions(session, [(2, "call"), (3, "call"), (1, "check")])
    poker_actions(session, [(3, "check"), (1, "check"), (2, "check")] * 3)
    show_down(session)
    _open_dialog(rig, rig.window.adjust_round)
    _press(rig, "adjustSeat2")  # poker: chips move between seats (the pot went to the wrong hand)
    _type(rig, "12")
    _press(rig, "adjustSeat3")
    _type(rig, "12")
    _press(rig, "adjustCollect")
    yield "adjust"
    _press(rig, "adjustNext")
    yield "adjust_pin"
    close_dialogs(rig)


POKER_DECK = stacked(HOLDEM_HOLES, HOLDEM_BOARD, 1)

SCENES: dict[str, tuple[str, Callable[[Rig], Iterator[str]], dict[str, Any]]] = {
    "uth": ("uth-default", banking_round, {}),
    "uth-halts": ("uth-default", halts, {}),
    "uth-reader": ("uth-default", reader_halts, {"has_reader": True}),
    "uth-faults": ("uth-default", device_stops, {"has_reader": True}),
    "uth-reading-shoe": ("uth-beetek", reading_shoe_stops, {"reading_shoe": True}),
    "uth-hand": ("uth-hand-deal", hand_deal_round, {}),
    "thb": ("thb-default", banking_round, {"deck": UTH_DECK}),
    "thb-jackpot": ("thb-default", jackpot_round, {}),
    "uth-rfid": ("uth-rfid", sensed_round, {}),
    "uth-bank": ("uth-default", bank_shift, {}),
    "uth-players": ("uth-default", players_scene, {"exclusions": True}),
    "thb-rfid": ("thb-rfid", sensed_round, {"deck": UTH_DECK}),
    "holdem": ("holdem-nl-1-2", holdem_hand, {"deck": POKER_DECK}),
    "holdem-side-pot": ("holdem-nl-1-2", side_pot_hand, {"deck": POKER_DECK}),
    "holdem-split": ("holdem-nl-1-2", split_pot_hand, {"deck": POKER_DECK}),
    "holdem-nine": ("holdem-nl-1-2", nine_all_in_hand, {"deck": POKER_DECK}),
    "holdem-limit": ("holdem-fl-2-4", capped_round, {"deck": POKER_DECK}),
    "holdem-supervisor": ("holdem-nl-1-2", poker_supervisor, {"deck": POKER_DECK}),
}
"""Scene sets: profile, scene function, rig options. tests/ui/test_panel_sizes.py renders each
phase of each on every panel size. A game registered without one of its own (an entry point,
a new module in ``game_registry``) gets its family's round on its default profile
(``_family_scenes``): nothing to add here for a new banking game."""


def _family_scenes() -> dict[str, tuple[str, Callable[[Rig], Iterator[str]], dict[str, Any]]]:
    """A generic scene for every registered game whose default profile no scene plays yet."""
    played = {profile for profile, _, _ in SCENES.values()}
    return {name: (game.default_profile(), banking_round if isinstance(game, BankingGame) else holdem_hand, {})
            for name, game in GAMES.items()
            if game.default_profile() not in played and name not in SCENES}


SCENES.update(_family_scenes())
