"""``dealer-station rate``: PIT.md's example, the shipped examples, the answer's shape and each rule
of a rated session, with expected figures worked out by hand from the rules (docs/players.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dealer_station.games import get_game

from ._run import answers, assert_refused, jsonl, station

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "rating-sessions.jsonl"
PIT_EXAMPLE: dict[str, Any] = {
    "player": "P-1001", "table_id": "T1", "seat": 3, "game": "ultimate_texas_holdem",
    "edges": {"ante": "0.02185", "trips": "0.034979"}, "comp_rate": "0.25",
    "start": "2026-12-05T10:00:00Z", "end": "2026-12-05T11:30:00Z", "pauses_s": 600,
    "table_rounds": 48,
    "rounds": [{"round_id": "T1-000101", "stakes": {"ante": "25", "blind": "25", "trips": "5"},
                "decisions": {"play": "100"}, "net": "-55"}],
}
KEYS = ["player", "rounds", "initial_wagered", "average_bet", "action", "time_on_game_s", "decisions_per_hour",
        "theo", "actual", "comp"]


def session(**changes: Any) -> dict[str, Any]:
    rec = json.loads(json.dumps(PIT_EXAMPLE))
    rec.update(changes)
    return rec


def rate_one(tmp_path: Path, rec: dict[str, Any]) -> dict[str, Any]:
    (path := tmp_path / "session.json").write_text(json.dumps(rec))
    [out] = answers("rate", path)
    return out


def test_pit_example(tmp_path: Path) -> None:
    # 25 x 0.02185 + 5 x 0.034979 = 0.721145 -> 0.72; comp 0.721145 x 0.25 = 0.18028625 -> 0.18;
    # 48 rounds in 5400 - 600 = 4800 s = 1 h 20 min -> 36.0 an hour; the player lost 55.
    out = rate_one(tmp_path, PIT_EXAMPLE)
    assert list(out) == KEYS
    assert out == {"player": "P-1001", "rounds": 1, "initial_wagered": "55", "average_bet": "55.00", "action": "155",
                   "time_on_game_s": 4800, "decisions_per_hour": "36.0", "theo": "0.72", "actual": "55",
                   "comp": "0.18"}


def test_shipped_examples_in_input_order() -> None:
    outs = answers("rate", EXAMPLES)
    assert [o["player"] for o in outs] == ["P-1001", "P-1002", None]
    thb = outs[1]  # the voided round counts nowhere; Bonus and Pool are initial wagers with their own edges
    assert thb["rounds"] == 2 and thb["initial_wagered"] == "37" and thb["average_bet"] == "18.50"
    assert thb["action"] == "107" and thb["actual"] == "-4" and thb["decisions_per_hour"] == "40.0"
    # 10 x .0214 + 10 x .0853 + .1 + 15 x .0214 + .1 = 1.588; comp 0.3176; skill 1.35; skill theo 2.938
    assert (thb["theo"], thb["comp"], thb["skill_cost"], thb["skill_theo"]) == ("1.59", "0.32", "1.35", "2.94")
    anonymous = outs[2]  # the round with no stake is no round; 9 table rounds in 15 minutes
    assert anonymous["rounds"] == 2 and anonymous["average_bet"] == "12.50" and anonymous["theo"] == "0.39"
    assert anonymous["decisions_per_hour"] == "36.0" and anonymous["comp"] == "0.00"


def test_stdin_and_one_object_give_the_same_answer(tmp_path: Path) -> None:
    assert answers("rate", "-", stdin=json.dumps(PIT_EXAMPLE, indent=2)) == [rate_one(tmp_path, PIT_EXAMPLE)]


def test_spots_come_from_the_game() -> None:
    uth, thb = get_game("uth"), get_game("holdem_bonus")
    assert uth.decision_spots == ("play",) and uth.edge_free_spots == {"blind", "play"}
    assert thb.decision_spots == ("flop", "turn", "river") and thb.edge_free_spots == {"flop", "turn", "river"}


def test_half_up_away_from_zero_once_at_the_end(tmp_path: Path) -> None:
    # theo 0.125 exactly -> 0.13 (half up, where half to even would give 0.12)
    rounds = [{"stakes": {"ante": "5", "blind": "5"}, "net": "0"}]
    out = rate_one(tmp_path, session(edges={"ante": "0.025"}, comp_rate="0.1", rounds=rounds))
    assert (out["theo"], out["comp"]) == ("0.13", "0.01")
    # comp from the unrounded theo: 0.0451 x 0.5 = 0.02255 -> 0.02, where the rounded 0.05 x 0.5 would be 0.03
    out = rate_one(tmp_path, session(edges={"ante": "0.0451"}, comp_rate="0.5", rounds=rounds_of(1)))
    assert (out["theo"], out["comp"]) == ("0.05", "0.02")
    # a negative edge (a player-favoured Pool) rounds away from zero too: -0.005 -> -0.01
    out = rate_one(tmp_path, session(edges={"ante": "-0.001"}, comp_rate="0", rounds=rounds_of(5)))
    assert out["theo"] == "-0.01"


def rounds_of(ante: int) -> list[dict[str, Any]]:
    return [{"stakes": {"ante": str(ante), "blind": str(ante)}, "net": "0"}]


def test_average_bet_and_pace_round_half_up(tmp_path: Path) -> None:
    rounds = [{"stakes": {"ante": "0.005", "blind": "0.005"}, "net": "0"},
              {"stakes": {"ante": "0.0025", "blind": "0.0025"}, "net": "0"}]  # 0.015 / 2 = 0.0075 -> 0.01
    # 1 table round in 72000 s = 0.05 an hour -> 0.1
    out = rate_one(tmp_path, session(rounds=rounds, table_rounds=2, start="2026-12-05T00:00:00Z",
                                     end="2026-12-05T20:00:00Z", pauses_s=0))
    assert out["average_bet"] == "0.01" and out["decisions_per_hour"] == "0.1"


def test_no_round_played_has_no_average(tmp_path: Path) -> None:
    out = rate_one(tmp_path, session(player=None, rounds=[{"stakes": {}, "net": "0"}], table_rounds=0))
    assert out["player"] is None and out["rounds"] == 0 and out["average_bet"] is None
    assert out["theo"] == "0.00" and out["decisions_per_hour"] == "0.0" and out["actual"] == "0"


def test_edge_free_spots_need_no_edge_and_take_only_zero(tmp_path: Path) -> None:
    out = rate_one(tmp_path, session(edges={"ante": "0.02185", "trips": "0.034979", "blind": "0", "play": "0"}))
    assert out["theo"] == "0.72"
    assert_refused(station("rate", "-", stdin=json.dumps(session(edges={"ante": "0.02", "blind": "0.01"}))),
                   "edges.blind", "no edge of its own")


def test_a_stake_on_a_spot_with_no_edge_is_refused_not_rated_as_zero() -> None:
    line = assert_refused(station("rate", "-", stdin=json.dumps(session(edges={"ante": "0.02185"}))),
                          "rounds[0].stakes.trips", "no edge")
    assert "line" not in line.split("rounds[0]")[0]  # one JSON document: no line number
    thb = session(game="holdem_bonus", seat=1, edges={"ante": "0.02"},
                  rounds=[{"stakes": {"ante": "10", "pool": "1"}, "decisions": {"flop": "20"}, "net": "0"}])
    assert_refused(station("rate", "-", stdin=json.dumps(thb)), "rounds[0].stakes.pool", "no edge")


def test_refusal_names_the_line(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "s.jsonl", [PIT_EXAMPLE, PIT_EXAMPLE, session(seat=8)])
    assert_refused(station("rate", path), "line 3", "seat", "1 to 7")


def test_skill_theo_only_when_every_played_round_has_a_cost(tmp_path: Path) -> None:
    rounds = [{"stakes": {"ante": "10", "blind": "10"}, "net": "-20", "skill_cost": "0.125"},
              {"stakes": {}, "net": "0"},
              {"stakes": {"ante": "10", "blind": "10"}, "decisions": {"play": "40"}, "net": "50", "skill_cost": "0"}]
    out = rate_one(tmp_path, session(edges={"ante": "0.02"}, rounds=rounds))
    assert (out["theo"], out["skill_cost"], out["skill_theo"]) == ("0.40", "0.13", "0.53")  # 0.4 + 0.125 = 0.525
    rounds[2].pop("skill_cost")
    assert_refused(station("rate", "-", stdin=json.dumps(session(edges={"ante": "0.02"}, rounds=rounds))),
                   "rounds[2].skill_cost", "missing")


@pytest.mark.parametrize("game", ["uth", "ultimate_texas_holdem"])
def test_game_names(tmp_path: Path, game: str) -> None:
    assert rate_one(tmp_path, session(game=game))["theo"] == "0.72"
