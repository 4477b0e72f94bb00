"""Bet sensing in the round (issue 21 items 3-4): sensed stakes, the lock, alarms after no more bets.

The session is fed the sensor's typed reports (what the real driver delivers; the pty path is
tests/drivers/test_betsensor.py and test_bet_sensing_station.py); the shoe is the scripted one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from itertools import count

import pytest

from dealer_station.errors import DealerStationError, RuleError
from dealer_station.profile_loader import load_profile
from dealer_station.wire.reports import AntennaFault, AntennaRead, ChipInventory

DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]
SPOTS = ("ante", "blind", "trips", "play")
DENOMS = {"1": 1, "5": 2, "25": 3, "100": 4, "500": 5}
BADGE, PIN = "0412", "2468"


def chip(denomination: str, n: int) -> str:
    """A chip of the shipped simulated inventory (config/chips-sim.csv)."""
    return f"E004{DENOMS[denomination]:02X}00{n:08X}"


COUNTERFEIT = "E0FF000000000001"


@pytest.fixture
def table():
    return load_profile("uth-rfid")


class Sensor:
    """Inventory rounds as the driver delivers them: a layout, every antenna of seats 1-7."""

    def __init__(self, session) -> None:
        self.session = session
        self.layout: dict[tuple[int, str], list[str]] = {}
        self.down: set[tuple[int, str]] = set()
        self.numbers = count(1)

    def place(self, seat: int, spot: str, chips: Sequence[str]) -> None:
        self.layout.setdefault((seat, spot), []).extend(chips)

    def take(self, seat: int, spot: str, chips: Sequence[str]) -> None:
        self.layout[(seat, spot)] = [c for c in self.layout[(seat, spot)] if c not in chips]

    def scan(self, rounds: int = 1, missing: Mapping[tuple[int, str], Sequence[str]] | None = None) -> None:
        for _ in range(rounds):
            number = next(self.numbers)
            reads = [AntennaRead(seat=seat, spot=spot,
                                 chips=tuple(c for c in self.layout.get((seat, spot), [])
                                             if c not in (missing or {}).get((seat, spot), ())))
                     for seat in range(1, 8) for spot in SPOTS if (seat, spot) not in self.down]
            self.session.report(ChipInventory(device="bet_sensor", round=number, antennas=tuple(reads)))
            for seat, spot in sorted(self.down):
                self.session.report(AntennaFault(device="bet_sensor", round=number, seat=seat, spot=spot, code="E1"))


def kinds(session, since: int = 0) -> list[str]:
    return [r.kind for r in session.journal.events(since_seq=since)]


def bet(sensor: Sensor, seat: int, ante: str = "25", trips: str | None = None, start: int = 0) -> None:
    """Ante and Blind of ``ante`` each (one chip), Trips if given."""
    sensor.place(seat, "ante", [chip(ante, start + seat * 10)])
    sensor.place(seat, "blind", [chip(ante, start + seat * 10 + 1)])
    if trips:
        sensor.place(seat, "trips", [chip(trips, start + seat * 10 + 2)])


def test_the_chips_on_each_spot_are_its_stake_and_no_more_bets_journals_them_with_their_ids(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    sensor = Sensor(session)
    sensor.place(1, "ante", [chip("25", 1), chip("5", 1)])
    sensor.place(1, "blind", [chip("25", 2), chip("5", 2)])
    sensor.place(1, "trips", [chip("1", 1)] * 1)
    bet(sensor, 3, "100")
    sensor.scan()
    view = session.view().sensed_bets()
    assert {s: {k: v.amount for k, v in seat.spots.items()} for s, seat in view.items()} == {
        1: {"ante": Decimal(30), "blind": Decimal(30), "trips": Decimal(1)},
        3: {"ante": Decimal(100), "blind": Decimal(100)}}
    assert view[1].problem is None and view[1].spots["ante"].chips == tuple(sorted([chip("25", 1), chip("5", 1)]))
    assert session.view().round.seats == {}  # the view is not journaled, scan after scan
    assert "no_more_bets" in set(session.offer().croupier)  # the croupier still calls it
    seq = session.view().state.last_seq
    session.execute("no_more_bets")
    assert kinds(session, seq)[:4] == ["bets_set", "bets_set", "bets_sensed", "no_more_bets"]
    assert session.view().round.seats[1].bets == {"ante": Decimal(30), "blind": Decimal(30), "trips": Decimal(1)}
    sensed = next(session.journal.events(kinds={"bets_sensed"})).payload["spots"]
    assert {"seat": 1, "spot": "ante", "amount": "30", "chips": sorted([chip("25", 1), chip("5", 1)]),
            "keyed": False} in sensed
    assert len(sensed) == 5


def test_limits_are_checked_on_sensed_stakes_as_on_keyed_ones(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    sensor = Sensor(session)
    sensor.place(2, "ante", [chip("1", 1)])
    sensor.place(2, "blind", [chip("1", 2)])
    sensor.scan()
    assert "below the table minimum" in (session.view().sensed_bets()[2].problem or "")
    seq = session.view().state.last_seq
    with pytest.raises(DealerStationError, match="below the table minimum"):
        session.execute("no_more_bets")
    assert session.view().state.last_seq == seq
    sensor.place(2, "ante", [chip("5", 3)])  # Ante 6, Blind 1: the pair must match
    sensor.scan()
    with pytest.raises(DealerStationError, match="seat2.bets.blind"):
        session.execute("no_more_bets")
    assert session.view().state.last_seq == seq


def test_an_unknown_chip_holds_its_seat_until_removed_or_accepted_by_a_supervisor(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    sensor = Sensor(session)
    bet(sensor, 4)
    sensor.place(4, "trips", [COUNTERFEIT])
    sensor.scan()
    assert session.view().unknown_chips() == [(4, "trips", COUNTERFEIT)]
    assert "accept_chip" in session.offer().supervisor
    seq = session.view().state.last_seq
    with pytest.raises(RuleError, match=f"seat 4 Trips: unknown chip {COUNTERFEIT}: remove it, or a supervisor"):
        session.execute("no_more_bets")
    # the refusal alone is journaled (what a shift's counterfeit chips are counted from), nothing of the command
    assert [(r.kind, r.payload) for r in session.journal.events(since_seq=seq)] == [
        ("sensor_held", {"command": "no_more_bets", "seat": 4,
                         "spots": [{"spot": "trips", "kind": "unknown_chip", "amount": "0", "chip": COUNTERFEIT}]})]
    assert session.view().phase == "betting"
    with pytest.raises(RuleError, match="not an unknown chip"):
        session.supervise("accept_chip", BADGE, PIN, "sister casino chip", chip=chip("25", 1), denomination="25")
    session.supervise("accept_chip", BADGE, PIN, "sister casino chip, checked", chip=COUNTERFEIT, denomination="5")
    accepted = next(session.journal.events(kinds={"chip_accepted"})).payload
    assert accepted == {"chip": COUNTERFEIT, "seat": 4, "spot": "trips", "denomination": "5",
                        "reason": "sister casino chip, checked"}
    assert session.view().unknown_chips() == [] and "accept_chip" not in session.offer().supervisor
    session.execute("no_more_bets")
    assert session.view().round.seats[4].bets["trips"] == Decimal(5)


def test_a_removed_unknown_chip_frees_the_seat(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    sensor = Sensor(session)
    bet(sensor, 4)
    sensor.place(4, "trips", [COUNTERFEIT])
    sensor.scan()
    sensor.take(4, "trips", [COUNTERFEIT])
    sensor.scan(3)  # gone for confirm_rounds rounds running
    session.execute("no_more_bets")
    assert "trips" not in session.view().round.seats[4].bets


def test_a_spot_whose_antenna_is_down_falls_back_to_keyed_entry_marked_so(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    sensor = Sensor(session)
    bet(sensor, 5)
    sensor.down = {(5, "trips")}
    sensor.scan()
    assert [r.payload for r in session.journal.events(kinds={"antenna_state"})] == [
        {"seat": 5, "spot": "trips", "up": False, "code": "E1"}]
    sensor.scan(2)
    assert len(list(session.journal.events(kinds={"antenna_state"}))) == 1  # changes only, not every scan
    session.execute("set_bets", 5, {"ante": "25", "blind": "25", "trips": "10"})
    assert session.view().sensed_bets()[5].spots["trips"].keyed
    session.execute("no_more_bets")
    sensed = next(session.journal.events(kinds={"bets_sensed"})).payload["spots"]
    assert {"seat": 5, "spot": "trips", "amount": "10", "chips": [], "keyed": True} in sensed
    assert session.view().round.seats[5].bets["trips"] == Decimal(10)
    sensor.down = set()
    sensor.scan()
    assert [r.payload["up"] for r in session.journal.events(kinds={"antenna_state"})] == [False, True]


def locked_round(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    sensor = Sensor(session)
    bet(sensor, 1, "25", trips="5")
    bet(sensor, 3, "100")
    sensor.scan()
    session.execute("no_more_bets")
    assert session.view().phase == "preflop"
    return session, shoe, sensor


def test_past_posting_is_an_alarm_naming_seat_and_spot_only_after_confirm_rounds(make_session):
    session, shoe, sensor = locked_round(make_session)
    sensor.place(3, "ante", [chip("500", 1)])
    sensor.scan(2)
    assert session.view().round.halt is None  # two rounds: not yet
    sensor.scan()
    halt = session.view().round.halt
    assert halt is not None and halt.kind == "bet_alarm" and halt.cause == "past_post"
    assert halt.text == "seat 3 Ante: 1 chip(s) added after no more bets (locked 100, on the spot 600)"
    alarm = next(session.journal.events(kinds={"bet_alarm"})).payload
    assert alarm == {"seat": 3, "spot": "ante", "cause": "past_post", "added": [chip("500", 1)], "removed": [],
                     "locked": "100", "sensed": "600"}
    assert session.offer().supervisor >= {"restore_stake", "void"}
    with pytest.raises(RuleError, match="round halted"):
        session.execute("decide", 1, "check")  # the round is held
    with pytest.raises(RuleError, match="the sensor sees 600, 100 was locked: put the stake back first"):
        session.supervise("restore_stake", BADGE, PIN, "chip returned to the player")
    sensor.take(3, "ante", [chip("500", 1)])
    sensor.scan(3)
    assert len(list(session.journal.events(kinds={"bet_alarm"}))) == 1  # one alarm while held
    session.supervise("restore_stake", BADGE, PIN, "chip returned to the player")
    assert session.view().round.halt is None and kinds(session)[-2:] == ["stake_restored", "halt_cleared"]
    session.execute("decide", 1, "check")


def test_one_missed_read_of_a_locked_chip_is_not_an_alarm(make_session):
    session, shoe, sensor = locked_round(make_session)
    one = {(1, "ante"): [chip("25", 10)]}
    for _ in range(5):
        sensor.scan(missing=one)   # a chip missed in one round ...
        sensor.scan()              # ... and seen in the next
    sensor.scan(2, missing=one)    # even confirm_rounds - 1 rounds running
    sensor.scan()
    assert session.view().round.halt is None and not list(session.journal.events(kinds={"bet_alarm"}))


def test_pinching_a_locked_stake_is_an_alarm_and_a_supervisor_may_void(make_session):
    session, shoe, sensor = locked_round(make_session)
    sensor.take(1, "trips", [chip("5", 12)])
    sensor.scan(3)
    halt = session.view().round.halt
    assert halt is not None and halt.cause == "pinch" and halt.text.startswith("seat 1 Trips: 1 chip(s) taken")
    session.supervise("void", BADGE, PIN, "pinch: player took back the Trips")
    assert session.view().phase == "void"


def test_on_restart_the_locked_stakes_are_the_journaled_ones_whatever_the_sensor_says(make_session, tmp_path):
    session, shoe, sensor = locked_round(make_session)
    session.journal.close()
    again, shoe2 = make_session(tmp_path / "journal.sqlite")
    assert again.view().round.seats[3].bets["ante"] == Decimal(100)
    moved = Sensor(again)
    bet(moved, 1, "25", trips="5")
    moved.place(3, "ante", [chip("100", 999)])  # another 100 chip than the one locked
    moved.place(3, "blind", [chip("100", 31)])
    moved.scan(3)
    halt = again.view().round.halt
    assert halt is not None and halt.kind == "bet_alarm" and halt.detail == {"seat": 3, "spot": "ante"}


def to_settlement(make_session):
    """Seat 1 (Ante/Blind 25, Trips 5) plays 4x with As Ac and wins; seat 3 (100) folds at the river."""
    session, shoe, sensor = locked_round(make_session)
    sensor.place(1, "play", [chip("100", 40)])  # the Play bet, in chips on its spot before it is keyed
    sensor.scan()
    session.execute("decide", 1, "play4x")
    session.execute("decide", 3, "check")
    session.execute("reveal")
    session.execute("decide", 3, "check")
    session.execute("reveal")
    session.execute("decide", 3, "fold")
    session.execute("reveal")
    assert session.view().phase == "settlement"
    sensor.scan()
    return session, sensor


def test_paid_goes_through_only_when_the_chips_on_each_spot_are_what_is_due(make_session):
    session, sensor = to_settlement(make_session)
    nets = {s["seat"]: s["bets"] for s in session.view().round.settlement["seats"]}
    assert nets[1] == {"ante": "25", "blind": "0", "play": "100", "trips": "-5"}
    seq = session.view().state.last_seq
    with pytest.raises(RuleError, match=r"seat 3: Ante: losing bet not collected; Blind: losing bet not collected"):
        session.execute("mark_paid", 3)
    sensor.take(3, "ante", sensor.layout[(3, "ante")])
    sensor.take(3, "blind", sensor.layout[(3, "blind")])
    sensor.scan(3)
    session.execute("mark_paid", 3)
    sensor.place(1, "ante", [chip("25", 50), chip("25", 51)])  # the Ante's pay, and 25 too many
    sensor.scan()
    assert session.view().payout_problems() == {1: ["Ante: over 25", "Trips: losing bet not collected", "Play: short 100"]}
    held = session.view().state.last_seq
    with pytest.raises(RuleError, match=r"seat 1: Ante: over 25; Trips: losing bet not collected; Play: short 100"):
        session.execute("mark_paid", 1)
    assert [(r.kind, r.payload) for r in session.journal.events(since_seq=held)] == [
        ("sensor_held", {"command": "mark_paid", "seat": 1, "spots": [
            {"spot": "ante", "kind": "over", "amount": "25", "chip": ""},
            {"spot": "trips", "kind": "not_collected", "amount": "5", "chip": ""},
            {"spot": "play", "kind": "short", "amount": "100", "chip": ""}]})]
    assert [k for k in kinds(session, seq) if k == "seat_paid"] == ["seat_paid"]  # seat 3 only
    sensor.take(1, "ante", [chip("25", 51)])
    sensor.take(1, "trips", sensor.layout[(1, "trips")])
    sensor.place(1, "play", [chip("100", 41)])
    sensor.scan(3)
    assert session.view().payout_problems() == {}
    session.execute("mark_paid", 1)
    assert session.view().phase == "paid"


def test_a_supervisor_may_override_the_payout_check_with_a_reason(make_session):
    session, sensor = to_settlement(make_session)
    assert "override_payout" in session.offer().supervisor
    with pytest.raises(RuleError, match="needs a reason"):
        session.supervise("override_payout", BADGE, PIN, " ", seat=3)
    session.supervise("override_payout", BADGE, PIN, "chips collected by hand, antenna misread", seat=3)
    record = next(session.journal.events(kinds={"payout_overridden"})).payload
    assert record == {"seat": 3, "problems": ["Ante: losing bet not collected", "Blind: losing bet not collected"],
                      "reason": "chips collected by hand, antenna misread"}
    assert session.view().round.seats[3].paid
    with pytest.raises(RuleError, match="nothing to override"):
        session.supervise("override_payout", BADGE, PIN, "again", seat=3)


def test_a_decision_bet_must_be_on_its_spot_in_chips_when_the_decision_is_keyed(make_session):
    session, shoe, sensor = locked_round(make_session)
    seq = session.view().state.last_seq
    with pytest.raises(RuleError, match="seat 1 Play: the decision puts 100 down, the sensor sees 0 on the spot"):
        session.execute("decide", 1, "play4x")  # nothing on the Play spot yet
    sensor.place(1, "play", [chip("25", 40), chip("25", 41), chip("25", 42)])
    sensor.scan()
    with pytest.raises(RuleError, match="seat 1 Play: the decision puts 100 down, the sensor sees 75 on the spot"):
        session.execute("decide", 1, "play4x")
    sensor.place(1, "play", [COUNTERFEIT])
    sensor.scan()
    with pytest.raises(RuleError, match=f"seat 1 Play: unknown chip {COUNTERFEIT} on the spot: remove it"):
        session.execute("decide", 1, "play4x")
    assert session.view().state.last_seq == seq and session.view().round.seats[1].actions == []
    sensor.take(1, "play", [COUNTERFEIT])
    sensor.place(1, "play", [chip("25", 43)])
    sensor.scan(3)
    session.execute("decide", 1, "play4x")
    assert kinds(session, seq) == ["decision", "decision_sensed"]
    sensed = next(session.journal.events(kinds={"decision_sensed"})).payload
    assert sensed == {"seat": 1, "spot": "play", "amount": "100", "chips": sorted(chip("25", n) for n in (40, 41, 42, 43)),
                      "keyed": False}
    assert session.view().round.sensed.locked[(1, "play")].amount == Decimal(100)


def test_a_decided_bet_is_locked_a_chip_taken_from_it_is_an_alarm(make_session):
    session, shoe, sensor = locked_round(make_session)
    sensor.place(1, "play", [chip("100", 40)])
    sensor.scan()
    session.execute("decide", 1, "play4x")
    sensor.take(1, "play", [chip("100", 40)])
    sensor.scan(3)
    halt = session.view().round.halt
    assert halt is not None and halt.cause == "pinch" and halt.detail == {"seat": 1, "spot": "play"}


def test_a_decision_on_a_spot_whose_antenna_is_down_is_keyed_marked_so(make_session):
    session, shoe, sensor = locked_round(make_session)
    sensor.down = {(1, "play")}
    sensor.scan()
    session.execute("decide", 1, "play4x")
    sensed = next(session.journal.events(kinds={"decision_sensed"})).payload
    assert sensed == {"seat": 1, "spot": "play", "amount": "100", "chips": [], "keyed": True}


def test_paid_journals_what_the_player_takes_and_the_layout_money_balances_each_seats_net(make_session):
    session, sensor = to_settlement(make_session)
    sensor.take(3, "ante", sensor.layout[(3, "ante")])
    sensor.take(3, "blind", sensor.layout[(3, "blind")])
    sensor.take(1, "trips", sensor.layout[(1, "trips")])
    sensor.place(1, "ante", [chip("25", 50)])  # Ante wins 25; Blind pushes
    sensor.place(1, "play", [chip("100", 41)])  # Play wins 100
    sensor.scan(3)
    session.execute("mark_paid", 3)
    session.execute("mark_paid", 1)
    taken = {r.payload["seat"]: r.payload["spots"] for r in session.journal.events(kinds={"payout_sensed"})}
    assert taken[3] == [{"spot": "ante", "amount": "0", "chips": [], "keyed": False},
                        {"spot": "blind", "amount": "0", "chips": [], "keyed": False}]
    assert {e["spot"]: e["amount"] for e in taken[1]} == {"ante": "50", "blind": "25", "trips": "0", "play": "200"}
    balances = {b.seat: b for b in session.view().sensed.rules.balances(session.journal.events(round_id=session.view().round.round_id))}
    assert (balances[1].taken, balances[1].locked, balances[1].net) == (Decimal(275), Decimal(155), Decimal(120))
    assert (balances[3].taken, balances[3].locked, balances[3].net) == (Decimal(0), Decimal(200), Decimal(-200))
    assert all(b.conserved and not b.keyed for b in balances.values())


def test_a_payout_let_through_by_a_supervisor_does_not_balance(make_session):
    session, sensor = to_settlement(make_session)
    session.supervise("override_payout", BADGE, PIN, "chips collected by hand, antenna misread", seat=3)  # 200 left
    balance = session.view().sensed.rules.balances(session.journal.events(round_id=session.view().round.round_id))
    assert [(b.seat, b.taken, b.net, b.conserved) for b in balance] == [(3, Decimal(200), Decimal(-200), False)]


def test_the_shift_tally_counts_what_the_sensor_caught_once_live_and_after_a_restart(make_session):
    from dealer_station.view.shift import ShiftTally

    session, shoe = make_session()
    shoe.load(DECK)
    live = ShiftTally()
    session.add_listener(live.observe)
    session.execute("open_round")
    sensor = Sensor(session)
    bet(sensor, 1, "25", trips="5")
    bet(sensor, 3, "100")
    sensor.place(3, "trips", [COUNTERFEIT])
    sensor.scan()
    for _ in range(2):  # pressed twice: one counterfeit chip
        with pytest.raises(RuleError, match="unknown chip"):
            session.execute("no_more_bets")
    sensor.take(3, "trips", [COUNTERFEIT])
    sensor.scan(3)
    session.execute("no_more_bets")
    sensor.take(1, "trips", [chip("5", 12)])  # pinching
    sensor.scan(3)
    sensor.place(1, "trips", [chip("5", 12)])
    sensor.scan(3)
    session.supervise("restore_stake", BADGE, PIN, "chip returned to the player")
    sensor.place(1, "play", [chip("100", 40)])  # the Play bet on its spot before it is keyed
    sensor.scan()
    session.execute("decide", 1, "play4x")
    while session.view().phase != "settlement":
        if session.view().seats_to_act():
            seat = session.view().seats_to_act()[0]
            session.execute("decide", seat, "check" if "check" in session.view().legal_actions(seat) else "fold")
        else:
            session.execute("reveal")
    sensor.take(3, "ante", sensor.layout[(3, "ante")])
    sensor.take(3, "blind", sensor.layout[(3, "blind")])
    sensor.place(1, "ante", [chip("25", 50), chip("25", 51)])  # Ante 25 over, Trips left, Play short 100
    sensor.scan(3)
    session.execute("mark_paid", 3)
    for _ in range(3):  # the croupier presses Paid three times: each mispay once
        with pytest.raises(RuleError, match="Ante: over 25"):
            session.execute("mark_paid", 1)
    session.supervise("override_payout", BADGE, PIN, "counted by hand", seat=1)
    assert len(list(session.journal.events(kinds={"sensor_held"}))) == 5
    counts = (live.mispays, live.mispaid, live.losing_left, live.past_posts, live.pinches, live.counterfeits,
              live.overrides, live.rounds)
    assert counts == (2, Decimal(125), 1, 0, 1, 1, 1, 1)
    again = ShiftTally()
    again.seed(session.journal.events(kinds=set(ShiftTally.KINDS)))
    assert (again.mispays, again.mispaid, again.losing_left, again.past_posts, again.pinches, again.counterfeits,
            again.overrides, again.rounds) == counts
