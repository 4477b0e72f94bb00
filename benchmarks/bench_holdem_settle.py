"""``settle`` hands/s for ``holdem`` records, beside PokerKit settling the same hands.

Random hands (seeded; 2 to 9 seats, no limit / pot limit / fixed limit in turn, a
player that goes all in often, so side pots are common) are written as ``holdem``
records and decoded from JSON once. Then, each timed on the same decoded records:

* ours: ``settle_record`` - validate the record, replay every action through the rules
  engine, build the pots, rank the hands (``strength7``), split, rake;
* PokerKit 0.7 (stock): build its state from the record, deal the holes, apply every
  action, deal the board, and let it push the pots (hands ranked by its own evaluator);
* PokerKit with eval7 ranking its hands: the same, minus PokerKit's pure-Python ranking
  (to show how much of its time is betting and pots).

The PokerKit set-up is the one the cross-check test uses (tests/holdem/pokerkit_reference.py);
only hands both engines play identically are timed (the rules where they differ are in
that test's docstring). Also times the whole CLI on the records as a JSON Lines file.

Run: ``.venv/bin/python benchmarks/bench_holdem_settle.py`` (``--hands``, ``--repeats``, ``--seed``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
import warnings
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokerkit import StandardHighHand  # noqa: E402

from dealer_station.cards import full_deck, parse_card  # noqa: E402
from dealer_station.cli.settle import settle_record  # noqa: E402
from dealer_station.games.holdem import HandConfig, RakeRule, Structure  # noqa: E402
from dealer_station.games.holdem.betting import Move  # noqa: E402
from dealer_station.games.holdem.players import RandomPlayer, play_random_hand  # noqa: E402
from dealer_station.games.holdem.record import parse_config, record_json  # noqa: E402
from tests.holdem.pokerkit_reference import PokerKitHand, _Eval7HighHand  # noqa: E402

STRUCTURES = (Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT)


def make_records(count: int, seed: int) -> list[dict[str, Any]]:
    """Random played hands as holdem records, every seat's hole cards written."""
    rng = random.Random(seed)
    records = []
    for i in range(count):
        structure = STRUCTURES[i % 3]
        sizes = (Decimal(2), Decimal(4)) if structure is Structure.FIXED_LIMIT else None
        config = HandConfig(structure, Decimal(1), Decimal(2), sizes, RakeRule(Decimal(5), Decimal(3)))
        seats = sorted(rng.sample(range(1, 11), rng.randint(2, 9)))
        stacks = {s: Decimal(rng.randint(2, 200)) for s in seats}
        played = play_random_hand(config, stacks, rng.choice(seats), rng, RandomPlayer(all_in=1.0))
        used = {c for hole in played.holes.values() for c in hole} | set(played.board)
        spare = [c for c in full_deck() if c not in used]
        holes = {s: played.holes.get(s) or (spare.pop(), spare.pop()) for s in seats}
        records.append(record_json(config, stacks, played.button, played.actions, played.board, holes))
    return [json.loads(json.dumps(r), parse_float=Decimal) for r in records]


def settle_ours(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [settle_record(r) for r in records]


def settle_pokerkit(records: list[dict[str, Any]], ranking: type[StandardHighHand]) -> list[dict[int, int]]:
    """Final stacks by seat, PokerKit playing each record from its JSON."""
    out = []
    for record in records:
        config = parse_config(record)
        stacks = {s["seat"]: Decimal(s["stack"]) for s in record["seats"]}
        holes = {s["seat"]: [parse_card(c) for c in s["hole"]] for s in record["seats"]}
        board = [parse_card(c) for c in record["board"]]
        hand = PokerKitHand(config, stacks, record["button"], ranking)
        hand.deal_holes(holes)
        for entry in record["actions"]:
            hand.deal_due_board(board)
            hand.skip_idle_turns(entry["seat"])
            state = hand.state
            move = entry["action"]
            if move == Move.FOLD:
                state.fold()
            elif move in (Move.CHECK, Move.CALL):
                state.check_or_call()
            elif move == Move.ALL_IN:
                index = hand.index[entry["seat"]]
                everything = state.stacks[index] + state.bets[index]
                if everything <= max(state.bets):
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(everything)
            else:
                state.complete_bet_or_raise_to(int(Decimal(entry["to"])))
        while not hand.over:
            hand.deal_due_board(board)
            hand.skip_idle_turns(None)
        out.append(hand.stacks())
    return out


def playable_by_pokerkit(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    kept = []
    for record in records:
        try:
            settle_pokerkit([record], StandardHighHand)
        except (ValueError, AssertionError):
            continue  # a spot where PokerKit's rules differ from GAMES.md §4
        kept.append(record)
    return kept


def best_of(repeats: int, run: Any) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore", UserWarning)  # PokerKit's random burn cards

    records = make_records(args.hands, args.seed)
    records = playable_by_pokerkit(records)
    n = len(records)
    side_pots = sum(len(out["pots"]) > 1 for out in settle_ours(records))
    print(f"machine: {os.cpu_count()} CPUs ({platform.machine()}), {platform.system()} {platform.release()}")
    print(f"python {platform.python_version()}, pokerkit {version('pokerkit')}, eval7 {version('eval7')}")
    print(f"{n:,} random hands (seed {args.seed}; {args.hands - n} PokerKit plays differently left out), "
          f"{side_pots:,} with side pots; best of {args.repeats}, single thread")
    print()
    rows = [
        ("dealer_station `settle_record`", best_of(args.repeats, lambda: settle_ours(records))),
        ("PokerKit, stock", best_of(args.repeats, lambda: settle_pokerkit(records, StandardHighHand))),
    ]
    rows.append(("PokerKit, hands ranked by eval7", best_of(args.repeats, lambda: settle_pokerkit(records, _Eval7HighHand))))
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("".join(json.dumps(r, default=str) + "\n" for r in records))
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "dealer_station", "settle", f.name], capture_output=True, check=False)
    cli = time.perf_counter() - start
    os.unlink(f.name)
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == n, proc.stderr
    rows.append(("`dealer-station settle FILE.jsonl` (whole process)", cli))

    ours = n / rows[0][1]
    print("| settling | hands/s | ours vs it |")
    print("|---|---:|---:|")
    for name, secs in rows:
        rate = n / secs
        print(f"| {name} | {rate:,.0f} | {ours / rate:.1f}x |")
    stock = n / rows[1][1]
    print()
    print(f"target faster than PokerKit: {'met' if ours > stock else 'MISSED'} ({ours / stock:.1f}x)")
    return 0 if ours > stock else 1


if __name__ == "__main__":
    sys.exit(main())
