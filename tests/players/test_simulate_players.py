"""``simulate --players``: identified players card in, play, leave and are replaced, and each session's rating
equals what its scripted player put down (its own record of every stake of every paid round)."""

from __future__ import annotations

from fractions import Fraction

from dealer_station.play import players as scripted
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile


def test_players_come_and_go_and_each_session_is_rated_to_its_truth(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(scripted, "SESSION_ROUNDS", (2, 4))  # short sessions: players leave and others sit down
    summary = simulate(load_profile("uth-default"), rounds=6, seed=4, seats=3, players=2,
                       journal=tmp_path / "sim.sqlite", progress=None)
    rows = summary.as_json()["ratings"]
    identified = [r for r in rows if r["player"] is not None]
    assert len({r["player"] for r in identified}) == len(identified) >= 4  # every seat saw a player leave
    assert {r["seat"] for r in identified} == {1, 2} and {r["seat"] for r in rows if r["player"] is None} == {3}
    for r in identified:
        assert r["average_bet"] == r["scripted_average_bet"]
        assert r["keyed"] is True  # no bet sensor at this table
        assert set(r["floor_estimate"]) == {"average_bet", "error", "error_pct"}
        error = Fraction(r["floor_estimate"]["average_bet"]) - Fraction(r["average_bet"])
        assert Fraction(r["floor_estimate"]["error"]) == error
    strategies = {r["player"]: r["strategy"] for r in identified}
    assert strategies["P-1001"] == "optimal" and strategies["P-1002"] == "always_check"
    assert all(r["skill_cost"] == "0.00" for r in identified if r["strategy"] == "optimal")
    seated = sum(r["rounds"] for r in rows if r["seat"] == 1)
    assert seated == summary.rounds_completed  # the seat's sessions cover every round, none counted twice


def test_the_ratings_command_reads_a_journal_as_the_station_rates_it(tmp_path) -> None:
    import json
    import sys

    from tests import cli

    journal = tmp_path / "sim.sqlite"
    summary = simulate(load_profile("uth-default"), rounds=3, seed=5, seats=2, players=1, journal=journal,
                       progress=None)
    out = cli.run([sys.executable, "-m", "dealer_station", "ratings", "--journal", str(journal)],
                  capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    # an open session runs to the journal's last record: the file has the station's stop after the summary's
    moving = ("end", "time_on_game_s", "decisions_per_hour")
    simulated = ("strategy", "scripted_average_bet", "floor_estimate")
    expected = [{k: v for k, v in r.items() if k not in simulated + moving} for r in summary.as_json()["ratings"]]
    assert [{k: v for k, v in r.items() if k not in moving} for r in lines] == expected
    for args, needle in [(("--journal", str(tmp_path / "none.sqlite")), "no journal"),
                         (("--journal", str(journal), "--config", "holdem-nl-1-2"), "not a banking game"),
                         (("--journal", str(tmp_path)), "journal")]:
        bad = cli.run([sys.executable, "-m", "dealer_station", "ratings", *args], capture_output=True, text=True)
        assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and needle in bad.stderr
        assert bad.stdout == ""
