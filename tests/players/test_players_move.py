"""``simulate --tables M --players N``: players leave one table (card out) and sit at another (card in) mid-run;
each session is rated at the table it was played at, to its scripted truth, and a player is never carded in at
two tables at once (read back from the tables' journals, not from the simulation's own bookkeeping)."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from datetime import datetime

from dealer_station.journal import Journal
from dealer_station.play import players as scripted
from dealer_station.play.simulate_tables import simulate_tables
from dealer_station.profile_loader import load_profile
from tests import cli

Stay = tuple[datetime, datetime | None, str, int, int]


def stays(journal_dir, tables) -> dict[str, list[Stay]]:
    """Per player, every (card in, card out, table, seat, rounds paid meanwhile) in the tables' journals."""
    out: dict[str, list[Stay]] = defaultdict(list)
    for table in tables:
        with Journal.open_readonly(journal_dir / f"{table}.sqlite") as j:
            open_at: dict[int, tuple[str, datetime, int]] = {}
            paid = 0
            for e in j.events(kinds={"card_in", "card_out", "round_paid"}):
                at = datetime.fromisoformat(e.at.replace("Z", "+00:00"))
                if e.kind == "round_paid":
                    paid += 1
                elif e.kind == "card_in":
                    open_at[e.payload["seat"]] = (e.payload["player"], at, paid)
                else:
                    player, since, before = open_at.pop(e.payload["seat"])
                    assert player == e.payload["player"]
                    out[player].append((since, at, table, e.payload["seat"], paid - before))
            for seat, (player, since, before) in open_at.items():
                out[player].append((since, None, table, seat, paid - before))
    return out


def test_players_move_between_tables_and_each_session_is_rated_where_it_was_played(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(scripted, "SESSION_ROUNDS", (2, 4))   # short stays: several leave during the run
    monkeypatch.setattr(scripted.Lobby, "MOVE_ONE_IN", 1)     # every leaver moves on to the next table
    uth = load_profile("uth-default")
    runs = simulate_tables([uth], tables=3, rounds=14, seed=8, seats=2, faults=None, journal_dir=tmp_path,
                           floor_url=None, players=2)
    assert all(run.error is None and run.summary is not None for run in runs), [run.error for run in runs]
    tables = [run.table_id for run in runs]
    seen = stays(tmp_path, tables)
    seen = {p: [v for v in visits if v[4] > 0] for p, visits in seen.items()}  # a stay with a paid round
    movers = {p for p, visits in seen.items() if len({v[2] for v in visits}) > 1}
    assert movers, "no player moved"
    for player, visits in seen.items():
        visits.sort()
        for (_i, out, *_), (after, *_) in zip(visits, visits[1:]):
            assert out is not None and out <= after, f"{player} carded in twice at once"
    rows = [r for run in runs for r in (run.summary.ratings or [])]  # type: ignore[union-attr]
    identified = [r for r in rows if r["player"] is not None]
    assert sorted((r["player"], r["table_id"], r["seat"]) for r in identified) == sorted(
        (p, t, s) for p, visits in seen.items() for _i, _o, t, s, _n in visits)  # one rated session per stay
    for r in identified:
        assert r["average_bet"] == r["scripted_average_bet"], r
    by_player: dict[str, set[str]] = defaultdict(set)
    for r in identified:
        by_player[r["player"]].add(r["table_id"])
    assert {p for p, t in by_player.items() if len(t) > 1} == movers


def test_the_command_line_lists_every_tables_sessions_once(tmp_path) -> None:
    out = cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--rounds", "3", "--seats",
                   "2", "--players", "1", "--journal-dir", str(tmp_path), "--json"], capture_output=True,
                  text=True)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert all("ratings" not in table for table in result["tables"])
    assert {(r["table_id"], r["seat"]) for r in result["ratings"] if r["player"]} == {("T01", 1), ("T02", 1)}
    bad = cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--rounds", "3",
                   "--config", "uth-default,holdem-nl-1-2", "--players", "1", "--journal-dir", str(tmp_path)],
                  capture_output=True, text=True)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "players" in bad.stderr
