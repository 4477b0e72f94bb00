"""``dealer-station simulate``: complete rounds through real drivers and simulators."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import ConfigError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play rounds headless through the real drivers and the device simulators")
    parser.add_argument("--rounds", type=int, required=True, metavar="N")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--seats", type=int, default=7, metavar="K", help="occupied seats (default 7)")
    parser.add_argument("--faults", default=None, metavar="KIND:RATE,...",
                        help="per-round fault probabilities; KIND is one of jam, duplicate, missing, extra, "
                             "misread, corrupt, disconnect, powercycle, door")
    parser.add_argument("--journal", default="var/simulate.sqlite", metavar="PATH")
    parser.add_argument("--config", default="uth-default", metavar="PROFILE_OR_PATH")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..config import load_profile
    from ..simulate import parse_faults, simulate

    faults = parse_faults(args.faults)
    if args.rounds < 0:
        raise ConfigError("must not be negative", "rounds")
    table = load_profile(args.config)
    from ..logs import configure_logging

    # Operational logs go next to the journal so stderr keeps the progress lines readable.
    log_path = Path(args.journal).with_suffix(".log")
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_file = open(log_path, "a", encoding="utf-8")
    configure_logging(stream=log_file)
    summary = simulate(table, rounds=args.rounds, seed=args.seed, seats=args.seats, faults=faults,
                       journal=args.journal, progress=sys.stderr)
    result = summary.as_json()
    if args.json:
        print(json.dumps(result))
    else:
        voided = ", ".join(f"{k} {v}" for k, v in result["voided"].items()) or "none"
        print(f"rounds completed {result['rounds_completed']}, voided: {voided}")
        print(f"wagered {result['wagered']}, house net {result['house_net']} (hold {result['hold_pct']}%)")
        if "jackpot" in result:
            jp = result["jackpot"]
            print(f"jackpot meter {jp['meter']} (overflow {jp['overflow']}), {jp['hits']} hit(s), "
                  f"contributed {jp['contributed']}, awarded {jp['awarded']}, seeded {jp['seeded']}")
        print(f"journal {result['journal']} ({summary.elapsed:.1f} s), logs {log_path}")
    return 0
