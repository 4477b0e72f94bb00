"""Bet sensing end to end: the sensor's twin on a real pty, the real driver, the station's pump, the session."""

from __future__ import annotations

from pathlib import Path

from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore

from .test_bet_sensing import SPOTS, chip

WAIT = 10.0


def test_chips_placed_on_the_pty_twin_are_locked_and_a_past_post_halts_the_round(tmp_path: Path) -> None:
    table = load_profile("uth-rfid")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=5", "reader": None,
                                               "bet_sensor": "sim://betsensor?seed=6&interval=0.02",
                                               "link_timeout": 0.5})
    creds = CredentialStore(tmp_path / "credentials.json")
    creds.add("0412", "2468")
    station = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "j.sqlite",
                      credentials=creds, program={"version": "test"})
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("bet_sensor").connected, WAIT)
        sim = station.simulator("bet_sensor")
        sim.add_antennas((seat, spot) for seat in range(1, 8) for spot in SPOTS)
        session.execute("open_round")
        sim.place(2, "ante", [chip("25", 1)])
        sim.place(2, "blind", [chip("25", 2)])
        assert session.wait_for(lambda s: 2 in session.view().sensed_bets(), WAIT)
        assert session.wait_for(lambda s: s.deck_verified, WAIT)
        session.execute("no_more_bets")
        assert session.view().round.seats[2].bets == {"ante": 25, "blind": 25}
        sim.place(2, "ante", [chip("100", 1)])
        assert session.wait_for(lambda s: s.round.halt is not None and s.round.halt.kind == "bet_alarm", WAIT)
        assert session.view().round.halt.text.startswith("seat 2 Ante: 1 chip(s) added after no more bets")
        links = [e.payload for e in session.journal.events(kinds={"device_link"}) if e.payload["device"] == "bet_sensor"]
        assert links[0]["up"] and links[0]["identity"]["serial_number"] == sim.serial_number
    finally:
        station.stop()


def test_a_clone_on_its_originals_spot_on_the_pty_twin_halts_the_round_and_blinds_nothing(tmp_path: Path) -> None:
    """Issue 38 item 4 through the real driver: the same id twice on one antenna made the dialect drop every
    line (no alarm, nothing read); now the round halts for the cloned chip and every other antenna is read."""
    table = load_profile("uth-rfid")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=5", "reader": None,
                                               "bet_sensor": "sim://betsensor?seed=6&interval=0.02",
                                               "link_timeout": 0.5})
    creds = CredentialStore(tmp_path / "credentials.json")
    creds.add("0412", "2468")
    station = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "j.sqlite",
                      credentials=creds, program={"version": "test"})
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("bet_sensor").connected, WAIT)
        sim = station.simulator("bet_sensor")
        sim.add_antennas((seat, spot) for seat in range(1, 8) for spot in SPOTS)
        session.execute("open_round")
        for seat, n in ((2, 1), (4, 3)):
            sim.place(seat, "ante", [chip("25", n)])
            sim.place(seat, "blind", [chip("25", n + 1)])
        assert session.wait_for(lambda s: {2, 4} <= set(session.view().sensed_bets()) and s.deck_verified, WAIT)
        session.execute("no_more_bets")
        sim.place(2, "ante", [chip("25", 1)])  # a tag with the Ante chip's id, on the same spot
        assert session.wait_for(lambda s: s.round.halt is not None and s.round.halt.kind == "clone", WAIT)
        read = session.view().sensed.last_round
        sim.take(4, "blind", [chip("25", 4)])  # meanwhile seat 4's Blind is pinched
        assert session.wait_for(lambda s: (session.view().sensed.last_round or 0) > read + 5, WAIT)  # not blinded
        assert session.view().sensed.chips_on((4, "blind")) == []
        sim.take(2, "ante")  # the twin takes every tag of an id: the original goes back at once (one missed
        sim.place(2, "ante", [chip("25", 1)])  # read at most, which is no alarm)
        assert session.wait_for(lambda s: not session.view().sensed.clones, WAIT)
        session.supervise("resolve_clone", "0412", "2468", "cloned tag taken off")
        rnd = session.view().round
        assert rnd.halt is not None and (rnd.halt.kind, rnd.halt.cause, rnd.halt.detail["seat"]) == (
            "bet_alarm", "pinch", 4)
    finally:
        station.stop()
