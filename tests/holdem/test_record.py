"""``holdem`` round records (ROUND_RECORD.md): the example, refusals, round trips, the CLI."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from dealer_station.cli.settle import parse_input, settle_record
from dealer_station.errors import DealerStationError, RecordError
from dealer_station.games.holdem import Structure
from dealer_station.games.holdem.players import RandomPlayer, play_random_hand
from dealer_station.games.holdem.record import (
    parse_record,
    record_json,
    settle,
    settlement_json,
)
from dealer_station.games.holdem.showdown import settle_hand
from tests import cli as station_cli

from .helpers import config

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "holdem-hand.json"
EXAMPLES_JSONL = ROOT / "examples" / "holdem-hands.jsonl"

# ROUND_RECORD.md's printed output for its example, as printed there.
SPEC_OUTPUT = """{"seats": [{"seat": 1, "net": "83"}, {"seat": 2, "net": "-80"}, {"seat": 6, "net": "-6"}],
 "rake": "3",
 "pots": [{"amount": "166", "eligible": [1, 2], "winners": [1], "rake": "3"}]}"""


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return station_cli.run(
        [sys.executable, "-m", "dealer_station", "settle", *args],
        input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )


def example() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return record


def changed(path: list[Any], value: Any, record: dict[str, Any] | None = None) -> dict[str, Any]:
    """The example with one value replaced (``value`` ``DELETE`` removes the key)."""
    rec = copy.deepcopy(record or example())
    target = rec
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return rec


DELETE = object()


def test_the_spec_example_settles_to_its_printed_output_byte_for_byte():
    expected = json.dumps(json.loads(SPEC_OUTPUT))
    assert json.dumps(settle(parse_record(example()))) == expected
    proc = run_cli(str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == expected + "\n"


def test_json_lines_and_games_mixed():
    records = [json.loads(line) for line in EXAMPLES_JSONL.read_text().splitlines()]
    uth = (ROOT / "examples" / "uth-round.json").read_text().replace("\n", " ")
    proc = run_cli("-", stdin=EXAMPLES_JSONL.read_text() + uth + "\n")
    assert proc.returncode == 0, proc.stderr
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(outs) == len(records) + 1 and outs[-1]["game"] == "uth"
    for record, out in zip(records, outs):
        assert [s["seat"] for s in out["seats"]] == sorted(s["seat"] for s in record["seats"])
        assert sum(Decimal(s["net"]) for s in out["seats"]) == -Decimal(out["rake"])
        assert Decimal(out["rake"]) == sum(Decimal(p["rake"]) for p in out["pots"])
    side, split, capped, pot_limit, walk = outs[:5]
    assert [p["eligible"] for p in side["pots"]] == [[1, 2, 3], [2, 3]]
    assert [p["rake"] for p in side["pots"]] == ["8", "2"]  # 5% each, the hand's cap of 10 reached
    assert split["pots"][0]["winners"] == [2, 5, 8]
    assert {s["seat"]: s["net"] for s in split["seats"]} == {2: "0", 5: "-1", 8: "0"}  # odd chips to 8 and 2
    assert capped["pots"] == [{"amount": "32", "eligible": [1], "winners": [1], "rake": "1"}]
    assert pot_limit["pots"][0]["amount"] == "151"
    assert walk["rake"] == "0"  # no flop, no drop


def test_a_recalled_record_settles_the_same():
    recalled = {**example(), "round_id": "T3-000012", "table_id": "T3", "started_at": "2026-11-30T20:14:03.512Z",
                "ended_at": "2026-11-30T20:15:41.007Z", "settlement": json.loads(SPEC_OUTPUT), "void": None}
    assert settle_record(recalled) == json.loads(SPEC_OUTPUT)


def test_seats_in_any_order_and_hole_omitted_for_a_folded_seat():
    rec = example()
    rec["seats"] = list(reversed(rec["seats"]))
    del rec["seats"][0]["hole"]  # seat 6 folded
    assert settle(parse_record(rec)) == json.loads(SPEC_OUTPUT)


def test_json_integers_settle_and_fractions_are_refused():
    """Whole JSON numbers are amounts as their text is; 6.0 is refused naming it (issue 38: as bank records)."""
    rec = changed(["blinds"], [1, 2])
    rec["seats"][0]["stack"] = 200
    records, _ = parse_input(json.dumps(rec).replace('"to": "6"', '"to": 6'))
    assert settle_record(records[0][1]) == json.loads(SPEC_OUTPUT)
    records, _ = parse_input(json.dumps(rec).replace('"to": "6"', '"to": 6.0'))
    with pytest.raises(RecordError, match=r"actions\[0\]\.to: write the amount as a string"):
        settle_record(records[0][1])


FIXED = {
    "game": "holdem", "structure": "fixed_limit", "blinds": ["1", "2"], "bet_sizes": ["2", "4"], "button": 4,
    "seats": [{"seat": s, "stack": "100"} for s in (1, 2, 3, 4)], "board": [],
    "actions": [{"seat": 3, "action": "raise", "to": "4"}, {"seat": 4, "action": "raise", "to": "6"},
                {"seat": 1, "action": "raise", "to": "8"}, {"seat": 2, "action": "raise", "to": "10"}],
}
SHORT = {
    "game": "holdem", "structure": "no_limit", "blinds": ["1", "2"], "button": 4,
    "seats": [{"seat": 1, "stack": "200"}, {"seat": 2, "stack": "200"}, {"seat": 3, "stack": "200"},
              {"seat": 4, "stack": "14"}],
    "board": [],
    "actions": [{"seat": 3, "action": "raise", "to": "10"}, {"seat": 4, "action": "all_in"},
                {"seat": 1, "action": "call"}, {"seat": 2, "action": "fold"},
                {"seat": 3, "action": "raise", "to": "30"}],
}
ACTIONS = ["actions"]

BAD_RECORDS = [
    ("below-minimum", changed([*ACTIONS, 1, "to"], "5"),
     "actions[1] (seat 1): raise to 5 is below the minimum raise to 10"),
    ("out-of-turn", changed([*ACTIONS, 0, "seat"], 1), "actions[0] (seat 1): out of turn: seat 6 is to act"),
    ("check-facing-a-bet", changed([*ACTIONS, 0], {"seat": 6, "action": "check"}),
     "actions[0] (seat 6): check facing a bet of 2"),
    ("above-the-pot-limit", changed(["structure"], "pot_limit"),
     "actions[2] (seat 2): all in for 78: above the pot limit (raise to 66 at most)"),
    ("raise-above-the-pot-limit", changed([*ACTIONS, 1, "to"], "21", changed(["structure"], "pot_limit")),
     "actions[1] (seat 1): raise to 21 is above the pot limit (raise to 20 at most)"),
    ("above-the-stack", changed([*ACTIONS, 0, "to"], "151"),
     "actions[0] (seat 6): raise to 151 is above the stack (all in is raise to 150)"),
    ("past-the-cap", FIXED, "actions[3] (seat 2): raise to 10: the betting is capped"),
    ("re-raise-after-short-all-in", SHORT,
     "actions[4] (seat 3): raise to 30: the betting is not reopened by an all-in for less than a full raise"),
    ("after-the-hand-is-over", {**example(), "actions": [*example()["actions"], {"seat": 1, "action": "check"}]},
     "actions[5] (seat 1): the hand is over"),
    ("stops-before-the-end", changed([*ACTIONS, 4], DELETE),
     "actions: the record stops before the hand is over: seat 1 is to act"),
    ("board-too-short", changed(["board"], ["2c", "7d", "9h"]), "board: needs 5 cards (the hand went to showdown), got 3"),
    ("board-after-a-walk", {**SHORT, "actions": SHORT["actions"][:2] + [{"seat": 1, "action": "fold"},
                            {"seat": 2, "action": "fold"}, {"seat": 3, "action": "fold"}], "board": ["2c", "7d", "9h"]},
     "board: needs 0 cards (the hand ended before the flop), got 3"),
    ("unknown-key", changed(["tabel"], "x"), "tabel: unknown key (allowed: game, structure, blinds"),
    ("unknown-action", changed([*ACTIONS, 0, "action"], "limp"), "actions[0].action: unknown action 'limp'"),
    ("action-amount", changed([*ACTIONS, 3, "to"], "5"), "actions[3] (seat 6): fold takes no amount (to)"),
    ("seat-not-in-hand", changed([*ACTIONS, 0, "seat"], 4), "actions[0].seat: seat 4 is not in the hand"),
    ("seat-twice", changed(["seats", 1, "seat"], 1), "seats[1].seat: seat 1 appears twice"),
    ("seat-number", changed(["seats", 1, "seat"], 11), "seats[1].seat: must be a seat number 1 to 10"),
    ("one-seat", changed(["seats"], [{"seat": 1, "stack": "10"}]), "seats: must be a list of 2 to 10 seats"),
    ("button", changed(["button"], 4), "button: must be the seat of a player in the hand (1, 2, 6), not 4"),
    ("card-twice", changed(["seats", 1, "hole", 0], "As"), "seats[1].hole[0]: card As used twice (also at seats[0].hole[0])"),
    ("hole-count", changed(["seats", 0, "hole"], ["As"]), "seats[0].hole: needs 2 cards, got 1"),
    ("stack", changed(["seats", 0, "stack"], "0"), "seats[0].stack: must be > 0"),
    ("stack-chip", changed(["seats", 0, "stack"], "200.5"), "seats[0].stack: 200.5 is not a multiple of the smallest chip 1"),
    ("blinds", changed(["blinds"], ["2", "1"]), "blinds: small blind 2 is above the big blind 1"),
    ("blinds-shape", changed(["blinds"], "1/2"), "blinds: must be a list of two amounts"),
    ("float-amount", changed(["blinds"], ["1", 2.5]), "blinds[1]: must be a decimal string"),
    ("bet-sizes-no-limit", changed(["bet_sizes"], ["2", "4"]), "bet_sizes: only for fixed_limit"),
    ("bet-sizes-missing", changed(["structure"], "fixed_limit"), "bet_sizes: required for fixed_limit"),
    ("structure", changed(["structure"], "spread_limit"), "structure: unknown structure 'spread_limit'"),
    ("rake-key", changed(["rake", "max"], "3"), "rake.max: unknown key (allowed: percent, cap, no_flop_no_drop)"),
    ("rake-percent", changed(["rake", "percent"], "150"), "rake.percent: must be between 0 and 100"),
    ("rake-flag", changed(["rake", "no_flop_no_drop"], "yes"), "rake.no_flop_no_drop: must be true or false"),
    ("nobody-shows", changed(["seats"], [{"seat": 1, "stack": "200"}, {"seat": 2, "stack": "80"},
                                         {"seat": 6, "stack": "150"}]),
     "seats: pot 1 (seats 1, 2) is contested but no seat in it shows a hand"),
    ("wrong-game", changed(["game"], "baccarat"), "game: unknown game 'baccarat'"),
]


FOLD_WITH_NOTHING_TO_CALL = {
    "game": "holdem", "structure": "no_limit", "blinds": ["1", "2"], "button": 6, "rake": {"percent": "5", "cap": "3"},
    "seats": [{"seat": 1, "stack": "200", "hole": ["As", "Ad"]}, {"seat": 2, "stack": "80", "hole": ["Kc", "Kh"]},
              {"seat": 6, "stack": "150", "hole": ["7s", "2d"]}],
    "board": ["2c", "7d", "9h", "Js", "Qs"],
    "actions": [{"seat": 6, "action": "call"}, {"seat": 1, "action": "call"}, {"seat": 2, "action": "check"},
                {"seat": 1, "action": "fold"}, {"seat": 2, "action": "bet", "to": "4"}, {"seat": 6, "action": "call"},
                {"seat": 2, "action": "check"}, {"seat": 6, "action": "check"},
                {"seat": 2, "action": "check"}, {"seat": 6, "action": "check"}],
}
"""A real hand history's shape: the small blind folds on the flop with nothing to call (the
one hand of 12,258 public-room histories ``settle`` refused, GAMES.md §4 now says it binds)."""


def test_a_fold_with_nothing_to_call_settles_as_a_binding_fold(tmp_path):
    expected = {"seats": [{"seat": 1, "net": "-2"}, {"seat": 2, "net": "-6"}, {"seat": 6, "net": "8"}], "rake": "0",
                "pots": [{"amount": "14", "eligible": [2, 6], "winners": [6], "rake": "0"}]}
    assert settle_record(copy.deepcopy(FOLD_WITH_NOTHING_TO_CALL)) == expected  # the aces folded: out of the pot
    path = tmp_path / "history.json"
    path.write_text(json.dumps(FOLD_WITH_NOTHING_TO_CALL))
    proc = run_cli(str(path))
    assert proc.returncode == 0 and json.loads(proc.stdout) == expected, proc.stderr


@pytest.mark.parametrize("record,message", [b[1:] for b in BAD_RECORDS], ids=[b[0] for b in BAD_RECORDS])
def test_bad_records_are_refused_naming_the_field_and_the_rule(record, message):
    with pytest.raises(DealerStationError) as caught:
        settle_record(json.loads(json.dumps(record)))
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.parametrize("name", ["below-minimum", "past-the-cap", "stops-before-the-end", "board-too-short"])
def test_the_cli_refuses_with_exit_2_and_one_line(name, tmp_path):
    record, message = next((b[1], b[2]) for b in BAD_RECORDS if b[0] == name)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    proc = run_cli(str(path))
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"dealer-station settle: error: {message}"), proc.stderr


@pytest.mark.parametrize("structure", list(Structure))
def test_played_hands_written_as_records_settle_the_same(structure):
    rng = random.Random(f"records-{structure.value}")
    sizes = ("2", "4") if structure is Structure.FIXED_LIMIT else None
    cfg = config(structure.value, bet_sizes=sizes, rake=("5", "4"))
    for _ in range(150):
        seats = sorted(rng.sample(range(1, 11), rng.randint(2, 10)))
        stacks = {s: Decimal(rng.randint(1, 120)) for s in seats}
        played = play_random_hand(cfg, stacks, rng.choice(seats), rng, RandomPlayer(all_in=1.0), muck_rate=0.3)
        record = record_json(played.config, played.stacks, played.button, played.actions, played.board, played.holes)
        expected = settlement_json(settle_hand(played.hand, played.holes, played.board))
        assert settle_record(json.loads(json.dumps(record), parse_float=Decimal)) == expected
