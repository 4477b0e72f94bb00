"""Reading-shoe tables through the real Bee-Tek driver and its twin on a pty (``sim://beetek``).

The station opens the profile's ``devices.reading_shoe``; the twin writes the shoe's ASCII
messages to a real pseudo-terminal, the driver parses them and the session places each draw.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.games import get_game
from dealer_station.journal import Journal
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from dealer_station.recall import recall_last
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from simulators.beetek import card_body, message
from tests import cli as station_cli

WAIT = 10.0
BY_RULE = {"duplicate_card", "extra_card", "missing_card", "link_lost", "station_restart"}
"""Voids a reading-shoe table may see by HARDWARE.md's rules (never a stall or a supervisor's)."""


def _banking_money_conserved(journal: Path, house_net: Decimal) -> int:
    """Every settled round's seat nets are the house's result; every void returns every stake."""
    game = get_game("uth")
    with Journal.open_readonly(journal) as j:
        rounds = recall_last(j, 1000)
        for event in j.events(kinds={"round_voided"}):
            assert event.payload["cause"] in BY_RULE, event.payload
            record = event.payload["record"]
            staked = {str(s["seat"]): sum(game.stakes({k: Decimal(v) for k, v in s["bets"].items()},
                                                      s["actions"]).values(), Decimal(0)) for s in record["seats"]}
            assert {k: Decimal(v) for k, v in event.payload["returned"].items()} == staked
        manual = [e for e in j.events(kinds={"card_dealt"}) if e.payload.get("manual")]
        assert all(e.actor == "croupier" for e in manual)
        shoe = [e for e in j.events(kinds={"card_dealt"}) if not e.payload.get("manual")]
        assert shoe and all(e.actor == "device:reading_shoe" for e in shoe)
    nets = sum(Decimal(s["net"]) for r in rounds if r["settlement"] for s in r["settlement"]["seats"])
    assert nets == -house_net
    return len(manual)


def test_uth_beetek_plays_through_the_real_driver_and_keys_unreadable_cards(tmp_path: Path) -> None:
    journal = tmp_path / "uth.sqlite"
    summary = simulate(load_profile("uth-beetek"), rounds=12, seed=3, seats=4, faults={"unreadable": 0.5},
                       journal=journal, progress=None)
    assert summary.rounds_completed + sum(summary.voided.values()) == 12
    assert set(summary.voided) <= BY_RULE and summary.rounds_completed >= 10
    assert _banking_money_conserved(journal, summary.house_net) >= 1  # unreadable cards were keyed


def test_holdem_beetek_plays_through_the_real_driver_and_conserves_every_chip(tmp_path: Path) -> None:
    summary = simulate(load_profile("holdem-beetek"), rounds=12, seed=5, seats=4, faults={"unreadable": 0.5},
                       journal=tmp_path / "holdem.sqlite", progress=None)
    out = summary.as_json()
    assert out["hands_completed"] + sum(out["voided"].values()) == 12
    assert set(out["voided"]) <= BY_RULE and out["conserved"] is True
    with Journal.open_readonly(tmp_path / "holdem.sqlite") as j:
        burns = [e for e in j.events(kinds={"card_dealt"}) if e.payload["position"] == "burn"]
    assert burns  # the flop's burn card is read and journaled like any other


def _cli_run(profile: str, rounds: int, journal: Path) -> dict[str, object]:
    out = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", profile, "--rounds",
                           str(rounds), "--faults", "unreadable:0.05", "--json", "--journal", str(journal)],
                          capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    summary: dict[str, object] = json.loads(out.stdout)
    return summary


@pytest.mark.parametrize("profile", ["uth-beetek", "holdem-beetek"])
def test_cli_simulate_a_reading_shoe_table(tmp_path: Path, profile: str) -> None:
    summary = _cli_run(profile, 6, tmp_path / "cli.sqlite")
    done = summary.get("rounds_completed", summary.get("hands_completed"))
    voided = summary["voided"]
    assert isinstance(done, int) and isinstance(voided, dict)
    assert done + sum(voided.values()) == 6 and set(voided) <= BY_RULE
    assert summary.get("conserved", True) is True


@pytest.mark.slow
@pytest.mark.parametrize("profile", ["uth-beetek", "holdem-beetek"])
def test_two_hundred_rounds_settle_or_void_by_rule_with_money_conserved(tmp_path: Path, profile: str) -> None:
    journal = tmp_path / "long.sqlite"
    summary = _cli_run(profile, 200, journal)
    done = summary.get("rounds_completed", summary.get("hands_completed"))
    voided = summary["voided"]
    assert isinstance(done, int) and isinstance(voided, dict)
    assert done + sum(voided.values()) == 200 and set(voided) <= BY_RULE
    if profile == "uth-beetek":
        assert _banking_money_conserved(journal, Decimal(str(summary["house_net"]))) >= 1
    else:
        assert summary["conserved"] is True


# --------------------------------------------------------------------------- misdeals on the pty


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    credentials = CredentialStore(tmp_path / "credentials.json")
    credentials.add("0412", "2468")
    st = Station(load_profile("uth-beetek"), journal_path=tmp_path / "pty.sqlite", credentials=credentials,
                 program={"version": "test"}, purpose="simulation")
    session = st.start()
    assert session.wait_for(lambda s: s.device("reading_shoe").connected, WAIT)
    yield st
    st.stop()


def _deal_open(st: Station, *seats: int) -> None:
    session = st.session
    assert session is not None
    session.execute("open_round")
    for seat in seats:
        session.execute("set_bets", seat, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")


def _settle(st: Station, predicate: object) -> None:
    session = st.session
    assert session is not None
    sim = st.simulator("reading_shoe")
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline and not (sim.idle() and st.drain(2.0) and predicate(session.view())):  # type: ignore[operator]
        time.sleep(0.02)


def _void_cause(st: Station) -> str:
    _settle(st, lambda s: s.round is not None and s.round.void is not None)
    rnd = st.session.view().round if st.session is not None else None
    assert rnd is not None and rnd.void is not None, rnd and rnd.phase
    return f"{rnd.void['cause']}: {rnd.void.get('reason', '')}"


def test_pty_extra_card_after_the_deal_is_a_misdeal(station: Station) -> None:
    _deal_open(station, 1, 2)
    sim = station.simulator("reading_shoe")
    sim.draw(2 * 2 + 2 + 5)
    _settle(station, lambda s: s.phase == "preflop")
    assert station.session is not None and station.session.view().phase == "preflop"
    sim.draw()
    assert _void_cause(station).startswith("extra_card: ")


def test_pty_a_card_seen_twice_is_a_misdeal(station: Station) -> None:
    _deal_open(station, 1)
    sim = station.simulator("reading_shoe")
    sim.draw(2)
    _settle(station, lambda s: len(s.round.dealt_cards()) == 2)
    first = sim.drawn[0].face
    sim.garbage(message(card_body(first, "suit_first", "10")))  # the same card again, as the wire carries it
    assert _void_cause(station).startswith("duplicate_card: ")


def test_pty_short_deal_then_the_croupier_says_dealt(station: Station) -> None:
    _deal_open(station, 1, 3)
    sim = station.simulator("reading_shoe")
    sim.draw(5)
    _settle(station, lambda s: len(s.round.dealt_cards()) == 5)
    assert station.session is not None
    station.session.execute("deal_done")
    assert _void_cause(station) == "missing_card: the croupier says dealt: dealer: 1 of 2 cards"


def test_pty_unreadable_card_is_keyed_and_journaled_as_manual(station: Station) -> None:
    _deal_open(station, 1)
    sim = station.simulator("reading_shoe")
    sim.faults.unreadable_next = 1
    sim.draw()
    _settle(station, lambda s: s.round.halt is not None)
    session = station.session
    assert session is not None and session.view().round is not None and session.view().round.halt is not None
    assert session.view().round.halt.kind == "unreadable" and set(session.offer().croupier) == {"key_card"}
    session.execute("key_card", sim.drawn[0].face)
    sim.draw(2 + 2 + 5 - 1)
    _settle(station, lambda s: s.phase == "preflop")
    assert session.view().phase == "preflop" and session.view().round.hole(1)[0] == sim.drawn[0].face
    keyed = [e for e in session.journal.events(kinds={"card_dealt"}) if e.payload.get("manual")]
    assert [(e.actor, e.payload["position"]) for e in keyed] == [("croupier", "seat1")]


def test_pty_port_going_away_mid_deal_halts_as_link_lost_and_voids_when_it_is_back(station: Station) -> None:
    _deal_open(station, 1)
    sim = station.simulator("reading_shoe")
    sim.draw(2)
    _settle(station, lambda s: len(s.round.dealt_cards()) == 2)
    sim.inject("disconnect", seconds=0.5)
    _settle(station, lambda s: s.round.halt is not None or s.round.void is not None)
    session = station.session
    assert session is not None and session.view().round is not None
    halts = [e.payload for e in session.journal.events(kinds={"halted"}, round_id=session.view().round.round_id)]
    assert [(h["kind"], h["cause"], h["device"]) for h in halts] == [("link", "link_lost", "reading_shoe")]
    assert _void_cause(station) == "link_lost: reading_shoe reconnected mid-deal"
