"""A chip id seen on more than one spot is a cloned tag (issue 38 items 3 and 4).

The attack: a real 500 chip's id cloned onto three worthless tags, put on seat 1's and seat 2's Ante
and Blind, was locked as 2,000 of stakes with no refusal nor alarm. Now the round is held at once
(``halted``, kind ``clone``), the catch is journaled as the other counterfeit catches are (``sensor_held``,
kind ``clone``: the shift counter and the floor count it, once per chip), nothing is accepted until a
supervisor resolves it, and that only once the clones are off the layout.

The sensor's lines go through the real dialect (``drivers/dialects/betsensor.py``) here, so a clone on
its original's spot arrives as the driver delivers it (a ``DuplicateTag`` and the round's other antennas).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from itertools import count
from pathlib import Path

import pytest

from dealer_station.errors import RuleError
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.table.events import decode
from dealer_station.table.sensing import RoundSensing, held_catches
from dealer_station.table.state import TableState
from dealer_station.view.shift import ShiftTally
from drivers.dialects.betsensor import BetSensorDialect, encode_inventory

from .test_bet_sensing import BADGE, DECK, PIN, SPOTS, chip

REAL_500 = chip("500", 1)


@pytest.fixture
def table():
    return load_profile("uth-rfid")


class WiredSensor:
    """The layout written as the sensor writes it, read by the real dialect, delivered to the session."""

    def __init__(self, session) -> None:
        self.session = session
        self.layout: dict[tuple[int, str], list[str]] = {}
        self.dialect = BetSensorDialect("bet_sensor")
        self.dialect.connected(0.0)
        self.numbers = count(1)

    def place(self, seat: int, spot: str, chips: Sequence[str]) -> None:
        self.layout.setdefault((seat, spot), []).extend(chips)

    def take(self, seat: int, spot: str, chips: Sequence[str]) -> None:
        here = self.layout[(seat, spot)]
        for c in chips:
            here.remove(c)

    def scan(self, rounds: int = 1) -> None:
        for _ in range(rounds):
            line = encode_inventory(next(self.numbers), {(seat, spot): tuple(self.layout.get((seat, spot), ()))
                                                          for seat in range(1, 8) for spot in SPOTS})
            for report in self.dialect.feed(line, 0.0).received:
                self.session.report(report)


def kinds_since(session, seq: int) -> list[str]:
    return [r.kind for r in session.journal.events(since_seq=seq)]


def clone_catches(session) -> list[tuple[int, str, str]]:
    return [(r.payload["seat"], s["spot"], s["chip"]) for r in session.journal.events(kinds={"sensor_held"})
            for s in r.payload["spots"] if s["kind"] == "clone"]


def test_a_500_chip_cloned_onto_three_tags_locks_nothing_and_is_alarmed_until_a_supervisor_resolves_it(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    tally = ShiftTally()
    session.add_listener(tally.observe)
    session.execute("open_round")
    sensor = WiredSensor(session)
    seq = session.view().state.last_seq
    for seat, spot in ((1, "ante"), (1, "blind"), (2, "ante"), (2, "blind")):
        sensor.place(seat, spot, [REAL_500])  # the real chip and three tags carrying its id
    sensor.scan()
    rnd = session.view().round
    assert rnd.halt is not None and (rnd.halt.kind, rnd.halt.cause) == ("clone", "cloned_chip")
    assert REAL_500 in rnd.halt.text and "seat 1 Ante, seat 1 Blind, seat 2 Ante, seat 2 Blind" in rnd.halt.text
    assert sorted(clone_catches(session)) == [(1, "ante", REAL_500), (1, "blind", REAL_500), (2, "ante", REAL_500),
                                              (2, "blind", REAL_500)]
    assert {c.what for r in session.journal.events(kinds={"sensor_held"}) for c in held_catches(r.payload)} == {
        "counterfeit"}
    assert tally.counterfeits == 1  # one chip id, however many spots and scans
    sensor.scan(5)
    assert len(clone_catches(session)) == 4  # journaled once, not scan after scan
    assert "no_more_bets" not in session.offer().croupier and "set_bets" not in session.offer().croupier
    with pytest.raises(RuleError):
        session.execute("no_more_bets")
    assert "bets_sensed" not in kinds_since(session, seq) and session.view().round.seats == {}
    assert {"void", "resolve_clone"} <= set(session.offer().supervisor)
    with pytest.raises(RuleError, match=f"chip {REAL_500} is still seen on seat 1 Ante, seat 1 Blind"):
        session.supervise("resolve_clone", BADGE, PIN, "clones taken off")
    assert "clone_resolved" not in kinds_since(session, seq)
    for seat, spot in ((1, "blind"), (2, "ante"), (2, "blind")):  # the three tags taken off
        sensor.take(seat, spot, [REAL_500])
    sensor.place(1, "blind", [chip("500", 2)])
    sensor.scan()  # one scan: the tags are not yet missed confirm_rounds times, and count nowhere all the same
    session.supervise("resolve_clone", BADGE, PIN, "three cloned tags taken off the layout")
    assert kinds_since(session, seq)[-3:] == ["supervisor_auth", "clone_resolved", "halt_cleared"]
    resolved = list(session.journal.events(kinds={"clone_resolved"}))[-1].payload
    assert resolved == {"chips": [REAL_500], "reason": "three cloned tags taken off the layout"}
    session.execute("no_more_bets")
    rnd = session.view().round
    assert {s: dict(st.bets) for s, st in rnd.seats.items()} == {1: {"ante": Decimal(500), "blind": Decimal(500)}}
    assert sum((sum(st.bets.values(), Decimal(0)) for st in rnd.seats.values()), Decimal(0)) == 1000  # not 2,000


def test_a_clone_on_its_originals_spot_after_the_lock_halts_and_a_pinch_meanwhile_is_caught(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    sensor = WiredSensor(session)
    sensor.place(1, "ante", [chip("25", 1)])
    sensor.place(1, "blind", [chip("25", 2)])
    sensor.place(3, "ante", [chip("100", 3)])
    sensor.place(3, "blind", [chip("100", 4)])
    sensor.scan()
    session.execute("no_more_bets")
    sensor.place(1, "ante", [chip("25", 1)])  # a tag with the Ante chip's id, on the same spot
    sensor.take(3, "blind", [chip("100", 4)])  # meanwhile seat 3's Blind is pinched
    sensor.scan(10)
    rnd = session.view().round
    assert rnd.halt is not None and rnd.halt.kind == "clone" and chip("25", 1) in rnd.halt.text
    assert session.view().sensed.last_round == 11  # every scan read (one before the lock, ten after): the other antennas are not blinded
    assert session.view().sensed.chips_on((3, "blind")) == []  # the pinch is seen (missed 10 rounds)
    sensor.take(1, "ante", [chip("25", 1)])  # the clone off again
    sensor.scan()
    session.supervise("resolve_clone", BADGE, PIN, "cloned tag taken off the Ante")
    rnd = session.view().round  # the pinch is alarmed in the same breath: nothing goes on meanwhile
    assert rnd.halt is not None and (rnd.halt.kind, rnd.halt.cause) == ("bet_alarm", "pinch")
    assert [(r.payload["seat"], r.payload["spot"], r.payload["cause"]) for r in session.journal.events(
        kinds={"bet_alarm"})] == [(3, "blind", "pinch")]


def test_the_hold_survives_a_restart(make_session, tmp_path: Path):
    path = tmp_path / "clone.sqlite"
    session, shoe = make_session(path)
    shoe.load(DECK)
    session.execute("open_round")
    sensor = WiredSensor(session)
    sensor.place(4, "ante", [REAL_500])
    sensor.place(5, "trips", [REAL_500])
    sensor.scan()
    session.journal.close()
    with Journal(path, mode="r") as journal:
        replayed = TableState(session.view().table.table_id)
        for record in journal.events():
            session.view().game.folds.evolve(replayed, decode(record.kind, record.payload), record.at, record.seq)
    assert replayed.round is not None and replayed.round.halt is not None and replayed.round.halt.kind == "clone"
    assert isinstance(replayed.round.sensed, RoundSensing) and replayed.round.sensed.clones == frozenset({REAL_500})
    again, _shoe = make_session(path)
    assert again.view().round.halt.kind == "clone" and "no_more_bets" not in again.offer().croupier
    with pytest.raises(RuleError, match="the bet sensor reads nothing now"):
        again.supervise("resolve_clone", BADGE, PIN, "restarted, checked")
