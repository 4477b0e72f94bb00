"""``rate`` against an independent computation on thousands of random sessions.

The expected figures are worked out here with Fractions from the rules as docs/players.md
states them (spot roles as PIT.md lists them: UTH Blind and Play, THB Flop/Turn/River carry no
edge; rounding half away from zero by ``floor(|x| x 10^k + 1/2)``), never by the station's code.
Amounts are drawn from small grids so that halves, exact thresholds and zeros come up often.
"""

from __future__ import annotations

import json
import math
import random
from datetime import datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ._run import answers, jsonl

PLACED = {"uth": ("ante", "blind", "trips"), "holdem_bonus": ("ante", "bonus", "pool")}
DECISIONS = {"uth": ("play",), "holdem_bonus": ("flop", "turn", "river")}
NO_EDGE = {"uth": {"blind", "play"}, "holdem_bonus": {"flop", "turn", "river"}}
NAMES = {"uth": ("uth", "ultimate_texas_holdem"), "holdem_bonus": ("holdem_bonus", "texas_holdem_bonus")}
SEATS = {"uth": 7, "holdem_bonus": 6}
AMOUNTS = ("0", "1", "5", "10", "25", "12.5", "0.005", "0.01", "2.25", "100", "0.125", "7.77", "1000000")
EDGES = ("0.02185", "0.034979", "0.025", "0.5", "-0.0125", "0.1", "0", "0.0001", "0.033333", "1", "-3")
RATES = ("0", "0.25", "0.1", "0.5", "0.4", "1", "0.333")


def half_up(value: Fraction, places: int) -> Fraction:
    scaled = abs(value) * 10**places
    units = math.floor(scaled + Fraction(1, 2))
    return Fraction(units if value >= 0 else -units, 10**places)


def random_session(rng: random.Random) -> dict[str, Any]:
    game = rng.choice(("uth", "holdem_bonus"))
    edges = {spot: rng.choice(EDGES) for spot in PLACED[game] if spot not in NO_EDGE[game]}
    rounds = []
    for _ in range(rng.choice((0, 1, 1, 2, 3, 5, 8, 20))):
        stakes = {spot: rng.choice(AMOUNTS) for spot in PLACED[game] if rng.random() < 0.7}
        staked = any(Fraction(v) > 0 for v in stakes.values())
        rnd: dict[str, Any] = {"stakes": stakes, "net": rng.choice(("-55", "20", "0.5", "-0.125", "300")) if staked
                               else "0"}
        if staked and rng.random() < 0.6:
            rnd["decisions"] = {spot: rng.choice(AMOUNTS) for spot in DECISIONS[game] if rng.random() < 0.6}
        if rng.random() < 0.1:
            rnd["voided"] = True
            rnd["net"] = rng.choice(("0", "7"))
        rounds.append(rnd)
    with_skill = rng.random() < 0.3
    for rnd in rounds:
        if with_skill:
            rnd["skill_cost"] = rng.choice(("0", "0.005", "1.25", "0.333"))
    start = datetime(2026, 3, 1) + timedelta(seconds=rng.randrange(10**7))
    span = rng.choice((60, 900, 3600, 5400, 7200, 72000, 3599, 86400 * 3))
    pauses = rng.choice((0, 0, min(600, span - 1), span // 2, span - 1))
    played = sum(1 for r in rounds if not r.get("voided") and any(Fraction(v) > 0 for v in r["stakes"].values()))
    offset = rng.choice(("Z", "+01:00", "-05:00", "+05:45"))
    return {"player": rng.choice((None, "P-1", "P-0002", "a.b:c-d_e")), "table_id": rng.choice(("T1", "T-22")),
            "seat": rng.randint(1, SEATS[game]), "game": rng.choice(NAMES[game]), "edges": edges,
            "comp_rate": rng.choice(RATES), "start": start.isoformat() + offset,
            "end": (start + timedelta(seconds=span)).isoformat() + offset, "pauses_s": pauses,
            "table_rounds": played + rng.choice((0, 0, 1, 7, 100)), "rounds": rounds}


def expected(rec: dict[str, Any]) -> dict[str, Any]:
    """The session's figures, from the rules, in Fractions."""
    counted = [r for r in rec["rounds"] if not r.get("voided", False)]
    played = [r for r in counted if any(Fraction(v) > 0 for v in r["stakes"].values())]
    wagered = sum((Fraction(v) for r in played for v in r["stakes"].values()), Fraction(0))
    decided = sum((Fraction(v) for r in played for v in r.get("decisions", {}).values()), Fraction(0))
    theo = exact_theo(rec)
    seconds = (datetime.fromisoformat(rec["end"]) - datetime.fromisoformat(rec["start"])).total_seconds()
    on_game = int(seconds) - rec["pauses_s"]
    out: dict[str, Any] = {
        "player": rec["player"], "rounds": len(played), "initial_wagered": wagered,
        "average_bet": half_up(wagered / len(played), 2) if played else None,
        "action": wagered + decided, "time_on_game_s": on_game,
        "decisions_per_hour": half_up(Fraction(rec["table_rounds"]) / Fraction(on_game, 3600), 1),
        "theo": half_up(theo, 2), "actual": -sum((Fraction(r["net"]) for r in counted), Fraction(0)),
        "comp": half_up(theo * Fraction(rec["comp_rate"]), 2),
    }
    if played and all("skill_cost" in r for r in played):
        skill = sum((Fraction(r["skill_cost"]) for r in played), Fraction(0))
        out["skill_cost"], out["skill_theo"] = half_up(skill, 2), half_up(theo + skill, 2)
    return out


def exact_theo(rec: dict[str, Any]) -> Fraction:
    """Σ stake x edge over the played rounds' spots that carry an edge, unrounded."""
    game = "uth" if rec["game"] in NAMES["uth"] else "holdem_bonus"
    return sum((Fraction(v) * Fraction(rec["edges"][spot]) for r in rec["rounds"] if not r.get("voided", False)
                for spot, v in r["stakes"].items() if spot not in NO_EDGE[game] and Fraction(v) != 0), Fraction(0))


def as_fractions(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer's amounts as Fractions (their text checked: exact decimals, cents where rounded)."""
    out = dict(answer)
    for key in ("initial_wagered", "average_bet", "action", "decisions_per_hour", "theo", "actual", "comp",
                "skill_cost", "skill_theo"):
        if out.get(key) is not None:
            text = out[key]
            assert isinstance(text, str) and "e" not in text.lower(), (key, text)
            if key in ("average_bet", "theo", "comp", "skill_cost", "skill_theo"):
                assert len(text.partition(".")[2]) == 2, (key, text)
            if key == "decisions_per_hour":
                assert len(text.partition(".")[2]) == 1, text
            out[key] = Fraction(text)
    return out


def check(tmp_path: Path, seed: int, count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Rate ``count`` random sessions through the command; each answer must be the expected one."""
    rng = random.Random(seed)
    records = [random_session(rng) for _ in range(count)]
    outs = answers("rate", jsonl(tmp_path / f"sessions-{seed}.jsonl", records))
    assert len(outs) == count
    wanted = [expected(rec) for rec in records]
    for rec, out, want in zip(records, outs, wanted, strict=True):
        assert as_fractions(out) == want, json.dumps(rec)
    return records, wanted


def test_random_sessions_agree_with_an_independent_computation(tmp_path: Path) -> None:
    records, wanted = check(tmp_path, 41, 2000)
    # the draw reached what the rules turn on: theo on an exact half cent (rounded away from zero), on
    # either side of zero; nothing to average; skill costs; long sessions
    halves = [t for t in map(exact_theo, records) if (t * 100).denominator == 2]
    assert len(halves) >= 20 and any(t < 0 for t in halves) and any(t > 0 for t in halves)
    assert any(w["average_bet"] is None for w in wanted) and any(w["theo"] < 0 for w in wanted)
    assert any("skill_theo" in w for w in wanted) and any(w["rounds"] >= 10 for w in wanted)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4100, 4103))
def test_many_more_random_sessions(tmp_path: Path, seed: int) -> None:
    check(tmp_path, seed, 3500)
