"""A table dealt by hand from a reading shoe: each card drawn goes to the place the deal plan expects next.

These feed the session the typed reports the Bee-Tek driver delivers (``wire.reports``); the real
driver and its twin on a pty play whole rounds in ``test_reading_shoe_simulate.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.cards import parse_card
from dealer_station.config import TableConfig
from dealer_station.engine import TableSession
from dealer_station.engine.deal import draw_sequence
from dealer_station.errors import ConfigError, RuleError
from dealer_station.journal import Journal
from dealer_station.profile_loader import build_table, load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.view.banner import banner
from dealer_station.wire import reports as rp
from dealer_station.wire.roles import Role

PROGRAM = {"version": "test"}
SHOE = "reading_shoe"
IDENTITY = rp.DeviceIdentity(model="Bee-Tek USPC", serial_number="BT-0042", firmware="", protocol_version=0)


def c(text: str) -> int:
    return parse_card(text)


MakeSession = Callable[..., TableSession]


@pytest.fixture
def make(tmp_path: Path) -> Iterator[MakeSession]:
    journals: list[Journal] = []
    credentials = CredentialStore(tmp_path / "credentials.json")
    credentials.add("0412", "2468")

    def build(profile: str = "uth-beetek", *, connected: bool = True, path: Path | None = None,
              **devices: object) -> TableSession:
        table = load_profile(profile)
        if devices:
            table = table.model_copy(update={"devices": table.devices.model_copy(update=devices)})
        journal = Journal(path or tmp_path / "shoe.sqlite", table_id=table.table_id)
        journals.append(journal)
        session = TableSession(table, journal, roles=(Role.READING_SHOE,), credentials=credentials)
        session.start(PROGRAM)
        if connected:
            session.report(rp.LinkUp(device=SHOE, identity=IDENTITY))
        return session

    yield build
    for journal in journals:
        journal.close()


def draw(session: TableSession, *cards: str, burn: bool = False) -> None:
    for card in cards:
        session.report(rp.CardDrawn(device=SHOE, card=c(card), burn=burn))


def bets(session: TableSession, *seats: int) -> None:
    session.execute("open_round")
    for seat in seats:
        session.execute("set_bets", seat, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")


def void_cause(session: TableSession) -> tuple[str, str]:
    rnd = session.view().round
    assert rnd is not None and rnd.void is not None, f"not void: {rnd and rnd.phase}"
    return rnd.void["cause"], rnd.void.get("reason", "")


# --------------------------------------------------------------------------- the draw order


def test_draw_orders_deal_the_hands_round_robin_or_two_at_a_time_and_the_board_as_planned() -> None:
    plan = [("seat1", 2), ("seat3", 2), ("dealer", 2), ("board", 5)]
    assert draw_sequence(plan, "round_robin") == [
        "seat1", "seat3", "dealer", "seat1", "seat3", "dealer", *["board"] * 5]
    assert draw_sequence(plan, "packets") == [
        "seat1", "seat1", "seat3", "seat3", "dealer", "dealer", *["board"] * 5]
    poker = [("seat4", 2), ("seat1", 2), ("burn", 1), ("board", 3), ("burn", 1), ("board", 1)]
    assert draw_sequence(poker, "round_robin") == [
        "seat4", "seat1", "seat4", "seat1", "burn", "board", "board", "board", "burn", "board"]


def test_profile_needs_a_hand_deal_and_an_explicit_allowance_for_the_receive_only_shoe() -> None:
    base = load_profile("uth-beetek").model_dump(mode="json")
    no_allowance = {**base, "devices": {**base["devices"], "allow_unauthenticated": []}}
    with pytest.raises(ConfigError, match="devices: a reading shoe is receive-only"):
        build_table(no_allowance, "p")
    with pytest.raises(ConfigError, match='needs deal_mode = "hand"'):
        build_table({**base, "deal_mode": "shuffler", "devices": {**base["devices"], "shuffler": "sim://shuffler"}},
                    "p")
    with pytest.raises(ConfigError, match="devices.draw_order"):
        build_table({**base, "devices": {**base["devices"], "draw_order": "three_at_a_time"}}, "p")
    table: TableConfig = load_profile("holdem-beetek")
    assert table.devices.reading_shoe == "sim://beetek" and table.deal_mode == "hand"


# --------------------------------------------------------------------------- a round dealt from the shoe


def test_each_card_drawn_goes_where_the_plan_expects_and_the_round_moves_on_by_itself(make: MakeSession) -> None:
    session = make()
    bets(session, 1, 3)
    assert session.view().phase == "dealing"
    said = banner(session.view()).english()
    assert "Reading shoe, one card at a time around the table" in said, said
    assert "deal_done" in set(session.offer().croupier) and "key_card" not in set(session.offer().croupier)
    draw(session, "As", "2c", "Kd", "Ah", "3c", "7c", "Qs", "Js", "Ts", "4d", "5h")
    rnd = session.view().round
    assert rnd is not None and session.view().phase == "preflop"  # no "Cards dealt" press
    assert rnd.cards == {"seat1": [c("As"), c("Ah")], "seat3": [c("2c"), c("3c")], "dealer": [c("Kd"), c("7c")],
                         "board": [c(x) for x in ("Qs", "Js", "Ts", "4d", "5h")]}
    dealt = list(session.journal.events(kinds={"card_dealt"}, round_id=rnd.round_id))
    assert [e.actor for e in dealt] == ["device:reading_shoe"] * 11
    assert dealt[2].payload["position"] == "dealer" and dealt[3].payload == {"position": "seat1", "index": 1,
                                                                            "card": c("Ah")}
    # The cards are known: the croupier turns them over, never keys one the shoe read.
    session.execute("decide", 1, "play4x")
    session.execute("decide", 3, "check")
    assert "reveal" in set(session.offer().croupier) and not session.view().awaiting_key()
    while session.view().phase_info.stage.value != "settlement":
        if session.view().seats_to_act():
            seat = session.view().seats_to_act()[0]
            legal = session.view().legal_actions(seat)
            session.execute("decide", seat, "check" if "check" in legal else "play1x")
        else:
            session.execute("reveal")
    assert session.view().round is not None and session.view().round.manual_entries == 0
    assert {s["seat"] for s in session.view().round.settlement["seats"]} == {1, 3}


def test_two_at_a_time_deals_each_hand_whole(make: MakeSession) -> None:
    session = make(draw_order="packets")
    bets(session, 1, 3)
    assert "two cards at a time" in banner(session.view()).english()
    draw(session, "As", "Ah", "2c", "3c", "Kd", "7c", "Qs", "Js", "Ts", "4d", "5h")
    assert session.view().round is not None and session.view().phase == "preflop"
    assert session.view().round.hole(1) == [c("As"), c("Ah")] and session.view().round.cards["dealer"] == [c("Kd"), c("7c")]


# --------------------------------------------------------------------------- misdeals (HARDWARE.md: void)


def test_a_card_drawn_when_none_is_due_voids_the_round(make: MakeSession) -> None:
    session = make()
    bets(session, 2)
    draw(session, "As", "Kd", "Ah", "7c", "Qs", "Js", "Ts", "4d", "5h")
    assert session.view().phase == "preflop"
    draw(session, "9c")
    cause, reason = void_cause(session)
    assert cause == "extra_card" and "9c drawn: no card is due" in reason
    assert session.view().round is not None and session.view().round.void["returned"] == {"2": Decimal("20")}


def test_a_card_seen_twice_voids_the_round(make: MakeSession) -> None:
    session = make()
    bets(session, 1, 2)
    draw(session, "As", "Kd", "7c", "As")
    cause, reason = void_cause(session)
    assert cause == "duplicate_card" and "As drawn twice" in reason
    last = list(session.journal.events(kinds={"card_dealt"}))[-1]
    assert last.payload["duplicate"] is True


def test_a_burn_card_where_the_plan_has_none_is_a_misdeal(make: MakeSession) -> None:
    session = make()
    bets(session, 1)
    draw(session, "As", burn=True)
    cause, reason = void_cause(session)
    assert cause == "extra_card" and "a burn card where seat1 is due" in reason


def test_the_croupier_saying_dealt_before_the_plan_is_complete_is_a_short_deal(make: MakeSession) -> None:
    session = make()
    bets(session, 1, 3)
    draw(session, "As", "2c", "Kd", "Ah")
    session.execute("deal_done")
    cause, reason = void_cause(session)
    assert cause == "missing_card" and "seat3: 1 of 2 cards" in reason


def test_a_deal_with_no_draw_for_its_time_limit_is_a_short_deal(make: MakeSession) -> None:
    session = make(deal_timeout=30)
    bets(session, 1)
    draw(session, "As", "Kd", "Ah", "7c")
    now = datetime.now(UTC)
    assert not session.tick(now + timedelta(seconds=5))
    assert session.tick(now + timedelta(seconds=31))
    cause, reason = void_cause(session)
    assert cause == "missing_card" and "no card drawn for 30 s: board: 0 of 5 cards" in reason


def test_a_draw_with_no_round_dealing_is_journaled_and_touches_nothing(make: MakeSession) -> None:
    session = make()
    session.execute("open_round")
    draw(session, "As")
    faults = list(session.journal.events(kinds={"device_fault"}))
    assert faults[-1].payload["code"] == "extra_card" and session.view().phase == "betting"


# --------------------------------------------------------------------------- unreadable cards, alarms, link


def test_an_unreadable_card_waits_for_the_dealer_to_key_it_as_manual_entry(make: MakeSession) -> None:
    session = make()
    bets(session, 1, 3)
    draw(session, "As")
    session.report(rp.Unreadable(device=SHOE, reason="the shoe could not read the card"))
    rnd = session.view().round
    assert rnd is not None and rnd.halt is not None and rnd.halt.kind == "unreadable"
    assert "seat3 card 1" in banner(session.view()).english()
    assert set(session.offer().croupier) == {"key_card"}
    with pytest.raises(RuleError, match="already in play"):
        session.execute("key_card", "As")
    session.execute("key_card", "2c")
    draw(session, "Kd", "Ah", "3c", "7c", "Qs", "Js", "Ts", "4d", "5h")
    rnd = session.view().round
    assert rnd is not None and session.view().phase == "preflop" and rnd.hole(3) == [c("2c"), c("3c")]
    assert rnd.manual_entries == 1
    keyed = [e for e in session.journal.events(kinds={"card_dealt"}) if e.payload.get("manual")]
    assert [(e.actor, e.payload["position"], e.payload["index"]) for e in keyed] == [("croupier", "seat3", 0)]


def test_a_draw_while_an_unread_card_waits_for_its_key_is_a_misdeal(make: MakeSession) -> None:
    session = make()
    bets(session, 1, 3)
    session.report(rp.Unreadable(device=SHOE))
    draw(session, "2c")
    cause, reason = void_cause(session)
    assert cause == "extra_card" and "halted (card_unreadable)" in reason


def test_an_alarm_halts_the_deal_and_a_warning_is_only_journaled(make: MakeSession) -> None:
    session = make()
    bets(session, 1)
    session.report(rp.Alarm(device=SHOE, severity="warning", code="W0x01"))
    assert session.view().round is not None and session.view().round.halt is None
    draw(session, "As")
    session.report(rp.Alarm(device=SHOE, severity="alarm", code="E3", text="Card Not Read"))
    rnd = session.view().round
    assert rnd is not None and rnd.halt is not None and rnd.halt.kind == "fault" and rnd.halt.cause == "shoe_alarm"
    assert "E3 Card Not Read" in rnd.halt.text
    codes = [e.payload["code"] for e in session.journal.events(kinds={"device_fault"})]
    assert codes == ["shoe_warning"]
    session.supervise("clear_fault", "0412", "2468", "shoe checked")  # no card exposed: the deal goes on
    draw(session, "Kd", "Ah", "7c", "Qs", "Js", "Ts", "4d", "5h")
    assert session.view().phase == "preflop"


def test_link_lost_mid_deal_halts_and_the_round_is_void_when_the_shoe_comes_back(make: MakeSession) -> None:
    session = make()
    bets(session, 1)
    draw(session, "As", "Kd")
    session.report(rp.LinkDown(device=SHOE, reason="port went away"))
    rnd = session.view().round
    assert rnd is not None and rnd.halt is not None and rnd.halt.kind == "link"
    session.report(rp.LinkUp(device=SHOE, identity=IDENTITY))
    cause, reason = void_cause(session)
    assert cause == "link_lost" and "reconnected mid-deal" in reason


def test_a_deal_waits_for_a_shoe_that_is_not_connected(make: MakeSession) -> None:
    session = make(connected=False)
    bets(session, 1)
    rnd = session.view().round
    assert rnd is not None and rnd.halt is not None and rnd.halt.kind == "link"
    session.report(rp.LinkUp(device=SHOE, identity=IDENTITY))
    assert session.view().round is not None and session.view().round.halt is None
    draw(session, "As", "Kd", "Ah", "7c", "Qs", "Js", "Ts", "4d", "5h")
    assert session.view().phase == "preflop"


def test_a_restart_mid_deal_voids_the_round_by_rule(make: MakeSession, tmp_path: Path) -> None:
    path = tmp_path / "restart.sqlite"
    session = make(path=path)
    bets(session, 1)
    draw(session, "As", "Kd")
    session.journal.close()
    again = make(path=path)
    cause, reason = void_cause(again)
    assert cause == "station_restart" and "deal interrupted" in reason


# --------------------------------------------------------------------------- poker: holes, burns, streets


def test_poker_deals_holes_then_burn_and_board_street_by_street(make: MakeSession) -> None:
    session = make("holdem-beetek")
    for seat in (1, 2):
        session.execute("seat_player", seat, "100")
    session.execute("open_round")
    assert session.view().phase == "dealing" and "reading shoe" in banner(session.view()).english()
    rnd = session.view().round
    assert rnd is not None
    order = [pos for pos, _n in rnd.packets]
    draw(session, "As", "Kd", "Ah", "Kh")
    rnd = session.view().round
    assert rnd is not None and session.view().phase == "preflop"
    assert rnd.cards[order[0]] == [c("As"), c("Ah")] and rnd.cards[order[1]] == [c("Kd"), c("Kh")]
    while session.view().phase == "preflop":
        seat = session.view().seats_to_act()[0]
        legal = session.view().legal_actions(seat)
        session.execute("act", seat, "call" if "call" in legal else "check")
    assert session.view().phase == "deal_flop" and "deal_done" in set(session.offer().croupier)
    draw(session, "2c", burn=True)
    draw(session, "7d", "8d", "9d")
    rnd = session.view().round
    assert rnd is not None and session.view().phase == "flop"
    assert rnd.cards["burn"] == [c("2c")] and rnd.cards["board"] == [c("7d"), c("8d"), c("9d")]
    assert rnd.revealed["board"] == 3
    seat = session.view().seats_to_act()[0]
    session.execute("act", seat, "check")
    seat = session.view().seats_to_act()[0]
    session.execute("act", seat, "check")
    assert session.view().phase == "deal_turn"
    draw(session, "3c", "Td")  # the burn card need not be drawn in burn mode: the plan says it is one
    rnd = session.view().round
    assert rnd is not None and rnd.cards["burn"] == [c("2c"), c("3c")] and session.view().phase == "turn"


def test_poker_card_drawn_during_the_betting_is_a_misdeal(make: MakeSession) -> None:
    session = make("holdem-beetek")
    for seat in (1, 2):
        session.execute("seat_player", seat, "100")
    session.execute("open_round")
    draw(session, "As", "Kd", "Ah", "Kh", "2c")
    cause, _reason = void_cause(session)
    assert cause == "extra_card"
