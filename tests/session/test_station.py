"""The session on the real drivers and simulators: a shoe on a pty, a reader via pyusb."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dealer_station.play.autoplay import AutoCroupier
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.view.banner import banner
from tests import cli as station_cli

WAIT = 10.0


@pytest.fixture
def station(tmp_path: Path):
    table = load_profile("uth-default")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=21", "reader": "sim://usb?seed=22",
                                               "link_timeout": 0.5})
    creds = CredentialStore(tmp_path / "credentials.json")
    creds.add("0412", "2468")
    st = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "j.sqlite",
                 credentials=creds, program={"version": "test"})
    session = st.start()
    assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, WAIT)
    yield st
    st.stop()


def _play_until(st: Station, croupier: AutoCroupier, done, timeout: float = WAIT) -> None:
    session = st.session
    import time

    end = time.monotonic() + timeout
    while not done(session.view()) and time.monotonic() < end:
        seq = session.view().state.last_seq
        if not croupier.step():
            session.wait_for(lambda s, seq=seq: s.last_seq != seq, 0.5)
    assert done(session.view()), f"stuck in {session.view().phase}: {banner(session.view()).english()}"


def test_round_through_real_devices_journals_identity_and_reads(station: Station) -> None:
    session = station.session
    croupier = AutoCroupier(session, rng=random.Random(1), seats=[1, 4], present=station.present_card)
    _play_until(station, croupier, lambda c: c.round is not None and c.round.phase == "paid")
    rnd = session.view().round
    sim = station.simulator("shuffler")
    # what the shoe says it dealt is exactly what the round holds, position by position
    dealt: dict[str, list[int]] = {}
    for position, card in sim.dealt[-len(rnd.dealt_cards()):]:
        dealt.setdefault(position, []).append(card)
    assert dealt == rnd.cards
    links = [e.payload for e in session.journal.events(kinds={"device_link"}) if e.payload["up"]]
    assert {p["device"] for p in links} == {"shuffler", "reader"}
    assert all(p["identity"]["serial_number"] for p in links)
    reads = [e.payload for e in session.journal.events(kinds={"card_revealed"})]
    assert len(reads) == 5 + 2 and all(p["read"] == p["card"] for p in reads)
    import time

    for device in ("shuffler", "reader"):  # the heartbeat the device panel shows
        heard = station.last_heard(device)
        assert heard is not None and time.time() - heard < 2.0


def test_jam_from_the_shoe_is_cleared_by_a_supervisor_and_the_deal_resumes(station: Station) -> None:
    session = station.session
    sim = station.simulator("shuffler")
    croupier = AutoCroupier(session, rng=random.Random(2), seats=[1, 2, 3], present=station.present_card)
    sim.faults.jam_after = 6
    _play_until(station, croupier, lambda c: c.round is not None and c.round.halt is not None)
    assert session.view().round.halt.cause == "jam" and session.view().phase == "dealing"
    session.supervise("clear_fault", "0412", "2468", "card freed from the feed")
    _play_until(station, croupier, lambda c: c.round.phase == "paid")
    assert len(session.view().round.dealt_cards()) == 5 + 6 + 2


def test_misread_raises_the_misdeal_alarm_and_a_void_returns_stakes(station: Station) -> None:
    session = station.session
    reader = station.simulator("reader")
    croupier = AutoCroupier(session, rng=random.Random(3), seats=[2], present=station.present_card)
    reader.faults.misread_next = 1
    _play_until(station, croupier, lambda c: c.round is not None and c.round.halt is not None)
    assert session.view().round.halt.kind == "mismatch"
    session.supervise("void", "0412", "2468", "reader disagrees with the shoe")
    assert session.view().phase == "void"
    voided = list(session.journal.events(kinds={"round_voided"}))[-1]
    assert voided.actor == "supervisor:0412" and voided.payload["returned"]


def test_shoe_disconnect_mid_deal_voids_when_the_link_returns(station: Station) -> None:
    session = station.session
    sim = station.simulator("shuffler")
    croupier = AutoCroupier(session, rng=random.Random(4), seats=[1, 2], present=station.present_card)
    sim.faults.disconnect_after = 4
    _play_until(station, croupier, lambda c: c.round is not None and c.round.phase == "void")
    assert session.view().round.void["cause"] == "link_lost"
    downs = [e for e in session.journal.events(kinds={"device_link"}) if not e.payload["up"]]
    assert downs and downs[-1].payload["device"] == "shuffler"
    # and the next round plays normally on the reconnected shoe
    croupier.step()
    _play_until(station, croupier, lambda c: c.round.phase == "paid")


def test_operational_logs_are_json_lines_with_table_and_round(tmp_path: Path) -> None:
    """Device connects, faults and voids are logged as JSON lines carrying table and round id."""
    import json
    import sys

    journal = tmp_path / "logs.sqlite"
    out = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "4", "--seed", "3",
                          "--seats", "2", "--faults", "jam:1", "--journal", str(journal)],
                         capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "DEALER_STATION_LOG_LEVEL": "info"})
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in journal.with_suffix(".log").read_text().splitlines()]
    events = {line["event"] for line in lines}
    assert {"device_connected", "device_fault", "round_voided"} <= events
    assert all(line.get("table_id") == "T1" for line in lines if line["event"] in ("device_fault", "round_voided"))
    assert all(line.get("round_id") for line in lines if line["event"] in ("device_fault", "round_voided"))
