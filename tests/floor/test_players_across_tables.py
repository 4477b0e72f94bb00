"""Issue 41 on a four-table floor, played: players who move between tables are added up by the floor across
tables (``report --by player``), and a player the compliance role lists while seated is held within the round
in progress (no stake added, the floor told) and refused at card in at another table."""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest

from dealer_station.cli import main
from dealer_station.errors import RuleError
from dealer_station.floor.compliance import held_seats
from dealer_station.floor.exclusions import exclude
from dealer_station.play import players as scripted
from dealer_station.play.simulate_tables import acknowledge_all, simulate_tables
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.table.seated import seated
from tests.floor.conftest import Floor

WAIT = 10.0


def test_a_players_sessions_at_several_tables_add_up_on_the_floor(floor: Floor, tmp_path: Path, monkeypatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(scripted, "SESSION_ROUNDS", (2, 4))
    monkeypatch.setattr(scripted.Lobby, "MOVE_ONE_IN", 1)
    runs = simulate_tables([load_profile("uth-default")], tables=4, rounds=10, seed=3, seats=2, faults=None,
                           journal_dir=tmp_path, floor_url=floor.station_url, players=2)
    assert all(run.error is None and run.acknowledged for run in runs), [(r.error, r.floor) for r in runs]
    simulated = [r for run in runs for r in run.summary.ratings or [] if r["player"] and r["rounds"]]  # type: ignore[union-attr]
    capsys.readouterr()
    assert main(["report", "--floor", floor.report_url, "--by", "player", "--format", "json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    on_floor = [s for s in report["sessions"] if s.get("rounds")]  # a stay with no round played is not rated
    key = lambda s: (s["player"], s["table_id"], s["seat"], s["rounds"], s["initial_wagered"], s["actual"])  # noqa: E731
    assert Counter(map(key, on_floor)) == Counter(map(key, simulated))  # each session where it was played
    tables: dict[str, set[str]] = defaultdict(set)
    for s in on_floor:
        tables[s["player"]].add(s["table_id"])
    movers = [p for p, t in tables.items() if len(t) > 1]
    assert movers
    for total in report["players"]:
        mine = [s for s in report["sessions"] if s["player"] == total["player"]]
        assert total["sessions"] == len(mine)
        assert Decimal(total["actual"]) == sum((Decimal(s["actual"]) for s in mine if "actual" in s), Decimal(0))


def four_stations(floor: Floor, tmp_path: Path) -> list[Station]:
    """Four UTH tables (shoe simulated, cards turned by the croupier) forwarding to ``floor`` and asking it for
    the exclusion list five times a second."""
    base = load_profile("uth-default")
    stations = []
    for n in range(1, 5):
        devices = base.devices.model_copy(update={"shuffler": f"sim://shuffler?seed={n}", "reader": None,
                                                  "link_timeout": 0.5, "approved": {}, "approve_any": True})
        creds = CredentialStore(tmp_path / f"T{n}.credentials.json")
        creds.add("0412", "2468")
        stations.append(Station(base.model_copy(update={"table_id": f"T{n}", "devices": devices}),
                                journal_path=tmp_path / f"T{n}.sqlite", credentials=creds, program={"version": "t"},
                                floor_url=floor.station_url, exclusions_every=0.2))
    return stations


def test_a_player_listed_while_seated_is_held_within_the_round_and_refused_at_another_table(
        floor: Floor, tmp_path: Path) -> None:
    stations = four_stations(floor, tmp_path)
    sessions = [st.start() for st in stations]
    try:
        t1, t2 = sessions[0], sessions[1]
        assert t1.wait_for(lambda s: s.device("shuffler").connected, WAIT)
        for n, session in enumerate(sessions, start=1):
            session.execute("card_in", 1, f"P-{n}01")
        t1.execute("card_in", 2, "P-102")
        t1.execute("open_round")
        t1.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        t1.execute("set_bets", 2, {"ante": "10", "blind": "10"})
        t1.execute("no_more_bets")
        assert t1.wait_for(lambda s: s.round is not None and s.round.phase == "preflop", WAIT)
        round_id = t1.view().round.round_id  # type: ignore[union-attr]
        with psycopg.connect(floor.report_url) as pit:
            exclude(pit, "P-101", "self-exclusion form 2026-201", "cora")
        assert t1.wait_for(lambda s: seated(s)[1].held, WAIT)  # the station asked the floor, and held the seat
        assert t1.view().round.round_id == round_id and not t1.view().round.finished  # type: ignore[union-attr]
        with pytest.raises(RuleError, match="seat 1 is held"):
            t1.execute("decide", 1, "play4x")
        for step in (("decide", 1, "check"), ("decide", 2, "play4x"), ("reveal",), ("decide", 1, "check"),
                     ("reveal",), ("decide", 1, "fold"), ("reveal",)):
            t1.execute(*step)
        for seat in (2, 1):
            t1.execute("mark_paid", seat)
        assert not t2.view().state.round_open
        deadline = time.monotonic() + WAIT  # every station has asked the floor since the listing
        while time.monotonic() < deadline and not all(st.exclusions.current().excludes("P-101") for st in stations):
            time.sleep(0.05)
        t2.execute("card_out", 1)
        with pytest.raises(RuleError, match=r"excluded: this player is on the exclusion list \(list as of 20"):
            t2.execute("card_in", 1, "P-101")
        assert 1 not in seated(t2.view().state)
        with pytest.raises(RuleError, match="refuse|excluded"):
            sessions[2].execute("card_in", 3, "P-101")
    finally:
        for st in stations:
            st.stop()
    acks = acknowledge_all([(tmp_path / f"T{n}.sqlite", f"T{n}") for n in range(1, 5)], floor.station_url, 30.0)
    assert all(ok for ok, _status in acks)
    with psycopg.connect(floor.report_url) as conn:
        held = [(h.table_id, h.seat, h.player) for h in held_seats(conn)]
        refused_in = conn.execute("SELECT count(*) FROM floor.player_events WHERE kind = 'card_in' "
                                  "AND player = 'P-101' AND table_id <> 'T1'").fetchone()
    assert held == [("T1", 1, "P-101")] and refused_in == (0,)


