"""A device call that fails after its request was journaled is the fault path, never an
exception to the croupier; and a report the station cannot handle halts the round
visibly while the event pump lives on (issue 14)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from dealer_station.engine.intake import INTAKE, Intake
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.wire import reports as rp
from drivers.base import DeviceError
from simulators.scripted_shoe import ScriptedShoe
from tests.reports import fault, link_down, link_up

DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]
BADGE, PIN = "0412", "2468"


class FlakyShoe(ScriptedShoe):
    """The scripted shoe with a link that can be down: every command then raises, as the driver does."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False

    def _link(self) -> None:
        if self.down:
            raise DeviceError("shuffler link is down")

    def reset(self) -> None:
        self._link()
        super().reset()

    def shuffle(self, seed: int | None = None) -> None:
        self._link()
        super().shuffle(seed)

    def deal_packet(self, position: str, count: int) -> None:
        self._link()
        super().deal_packet(position, count)


def test_open_round_with_the_shoe_down_opens_the_round_and_asks_again_when_it_returns(make_session):
    shoe = FlakyShoe()
    session, _ = make_session(shoe=shoe)
    session.report(link_up("shuffler", "t", "1"))
    shoe.down = True
    round_id = session.execute("open_round")  # succeeds: the journaled round stands, the shoe's failure is a fault
    assert session.view().round.round_id == round_id and session.view().phase == "betting"
    faults = [e.payload for e in session.journal.events(kinds={"device_fault"})]
    assert faults and faults[-1]["code"] == "link_lost" and "not delivered" in faults[-1]["text"]
    assert not session.view().state.deck_verified
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")  # waits for a verified deck
    assert session.view().phase == "no_more_bets"
    shoe.down = False
    shoe.load(DECK)
    session.report(link_down("shuffler", "cable"))
    session.report(link_up("shuffler", "t", "1"))
    assert session.view().phase == "preflop"  # deck asked again, verified, dealt


def test_clear_fault_while_the_shoe_is_down_retries_when_the_link_returns(make_session):
    shoe = FlakyShoe()
    session, _ = make_session(shoe=shoe)
    shoe.load(DECK)
    shoe.jam_after = 6
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert session.view().round.halt.cause == "jam"
    shoe.jam_after = None
    shoe.down = True  # the supervisor clears the jam while the shoe is still off the link
    session.supervise("clear_fault", BADGE, PIN, "jam cleared")
    halt = session.view().round.halt
    assert halt is not None and halt.kind == "link" and halt.detail.get("pending")
    assert "void" in session.offer().supervisor and session.view().phase == "dealing"
    shoe.down = False
    sent = len(shoe.commands)
    session.report(link_up("shuffler", "t", "1"))
    assert session.view().round.halt is None and session.view().phase == "preflop"  # the pending packets were asked for again
    assert shoe.commands[sent:] == [("reset",), ("deal", "seat1", 1), ("deal", "dealer", 2)], \
        "what reached the shoe before the loss is dropped first, then what is due is asked for whole"
    assert len(session.view().round.hole(1)) == 2 and len(session.view().round.cards["dealer"]) == 2


def test_a_shoe_that_says_it_lost_power_after_its_link_is_back_voids_the_deal_instead_of_waiting(make_session):
    """A power-cycled shoe reconnects (its link up, the pending deal asked for again), then says it lost power:
    no link event is coming to decide a link halt, so the deal - which cannot go on from where the shoe was -
    is voided at once, the fault on record (found as a stalled round in the nine-faults simulation)."""
    shoe = FlakyShoe()
    session, _ = make_session(shoe=shoe)
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    shoe.down, shoe.hold = True, True
    session.execute("no_more_bets")  # the deal's request fails on the dead link: pending
    assert session.view().round.halt.detail.get("pending")
    shoe.down = False
    session.report(link_up("shuffler", "t", "1"))  # back: asked again, the shoe holds the packets
    assert session.view().round.halt is None and session.view().phase == "dealing"
    session.report(fault("shuffler", "power_restored", "power restored after loss"))
    assert session.view().phase == "void" and session.view().round.void["cause"] == "power_restored"
    faults = [e.payload["code"] for e in session.journal.events(kinds={"device_fault"})]
    assert faults == ["power_restored"]


def test_a_report_the_station_cannot_handle_halts_the_round_and_the_pump_lives_on(tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch):
    table = load_profile("uth-default")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=5", "reader": "sim://usb?seed=6",
                                               "link_timeout": 0.5})
    credentials = CredentialStore(tmp_path / "j.credentials.json")
    credentials.add(BADGE, PIN)
    station = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "j.sqlite",
                      credentials=credentials, program={"version": "test"})
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, 10)
        session.execute("open_round")
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        broken = {"left": 1}
        row = INTAKE[rp.CardDispensed]

        def fails_once(flow: object, tx: object, report: object) -> object:  # a bug in handling one shoe report
            if broken["left"]:
                broken["left"] -= 1
                raise KeyError("boom")
            assert row.handle is not None
            return row.handle(flow, tx, report)  # type: ignore[arg-type]

        monkeypatch.setitem(INTAKE, rp.CardDispensed, Intake(row.what, fails_once))
        session.execute("no_more_bets")
        assert session.wait_for(lambda s: s.round is not None and s.round.halt is not None, 10)
        assert session.view().round.halt.kind == "internal" and "KeyError" in session.view().round.halt.text
        assert "resume" in session.offer().supervisor and "void" in session.offer().supervisor
        session.supervise("void", BADGE, PIN, "station fault during the deal")
        # the pump is alive: the next round is dealt from the shoe's reports
        session.execute("open_round")
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        deadline = time.monotonic() + 10
        while not session.view().state.deck_verified and time.monotonic() < deadline:
            time.sleep(0.01)
        session.execute("no_more_bets")
        assert session.wait_for(lambda s: s.round is not None and s.round.phase == "preflop", 10), session.view().phase
    finally:
        station.stop()
