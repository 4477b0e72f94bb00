"""``dealer-station simulate``: complete rounds through real drivers and simulators.

Every argument is checked before anything is created; the journal must be a simulation
journal (created as one if it does not exist), so a simulation never writes into a live
table's or a demo's journal.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import ConfigError
from ._args import whole_number


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play rounds headless through the real drivers and the device simulators")
    parser.add_argument("--rounds", "--hands", dest="rounds", type=whole_number(0), required=True, metavar="N",
                        help="rounds to play (a poker table: hands)")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--seats", type=whole_number(1, 99), default=7, metavar="K",
                        help="occupied seats (default 7)")
    parser.add_argument("--faults", default=None, metavar="KIND:RATE,...",
                        help="per-round fault probabilities; KIND is one of jam, duplicate, missing, extra, "
                             "misread, corrupt, disconnect, powercycle, door, dispute, pool_hit (holdem_bonus), "
                             "absent (poker: a player lets the action clock act)")
    parser.add_argument("--journal", default="var/simulate.sqlite", metavar="PATH",
                        help="simulation journal (default var/simulate.sqlite); never a live or demo journal")
    parser.add_argument("--config", default="uth-default", metavar="PROFILE_OR_PATH")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.set_defaults(func=run)


def log_path(journal: Path) -> Path:
    """Operational logs go next to the journal: ``<journal stem>.log`` (never the journal itself)."""
    path = journal.with_suffix(".log")
    return path if path != journal else journal.with_name(journal.name + ".log")


def run(args: argparse.Namespace) -> int:
    from ..config import load_profile
    from ..journal import Journal, ensure_folder
    from ..logs import configure_logging
    from ..simulate import check_run, parse_faults, simulate

    faults = parse_faults(args.faults)
    table = load_profile(args.config)
    check_run(table, rounds=args.rounds, seats=args.seats, faults=faults)
    journal = ensure_folder(args.journal)
    Journal(journal, table_id=table.table_id, purpose="simulation").close()  # creates it, or refuses in one line
    logs = log_path(journal)
    try:
        log_file = open(logs, "a", encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write the log file {logs}: {exc.strerror or exc}") from None
    # Operational logs go to a file so stderr keeps the progress lines readable.
    configure_logging(stream=log_file)
    summary = simulate(table, rounds=args.rounds, seed=args.seed, seats=args.seats, faults=faults,
                       journal=journal, progress=sys.stderr)
    result = summary.as_json()
    if args.json:
        print(json.dumps(result))
    elif summary.poker is not None:
        voided = ", ".join(f"{k} {v}" for k, v in result["voided"].items()) or "none"
        print(f"hands completed {result['hands_completed']} ({result['side_pot_hands']} with side pots in the "
              f"journal, {result['timeouts']} timeouts), voided: {voided}")
        print(f"rake {result['rake']}, bought in {result['bought_in']}, cashed out {result['cashed_out']}, "
              f"stacks {' '.join(f'{k}:{v}' for k, v in result['stacks'].items()) or '-'}")
        verdict = "every chip accounted for" if result["conserved"] else "CHIPS DO NOT ADD UP"
        print(f"conservation (stacks + pot + rake == bought in - cashed out) at {result['conservation_checked_at']} "
              f"journal positions: {verdict}")
        print(f"journal {result['journal']} ({summary.elapsed:.1f} s), logs {logs}")
        return 0 if result["conserved"] else 1
    else:
        voided = ", ".join(f"{k} {v}" for k, v in result["voided"].items()) or "none"
        print(f"rounds completed {result['rounds_completed']}, voided: {voided}")
        print(f"wagered {result['wagered']}, house net {result['house_net']} (hold {result['hold_pct']}%)")
        if "jackpot" in result:
            jp = result["jackpot"]
            print(f"jackpot meter {jp['meter']} (overflow {jp['overflow']}), {jp['hits']} hit(s), "
                  f"contributed {jp['contributed']}, awarded {jp['awarded']}, seeded {jp['seeded']}")
        print(f"journal {result['journal']} ({summary.elapsed:.1f} s), logs {logs}")
    return 0
