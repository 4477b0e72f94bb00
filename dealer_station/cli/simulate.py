"""``dealer-station simulate``: complete rounds through real drivers and simulators.

Every argument is checked before anything is created; the journal must be a simulation
journal (created as one if it does not exist), so a simulation never writes into a live
table's or a demo's journal.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..affinity import one_cpu
from ..errors import ConfigError
from ..games import get_game
from ._args import seconds, whole_number
from ._progress import Progress
from .floor import MAX_WAIT

if TYPE_CHECKING:
    from ..config import TableConfig


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play rounds headless through the real drivers and the device simulators")
    parser.add_argument("--rounds", "--hands", dest="rounds", type=whole_number(0), required=True, metavar="N",
                        help="rounds to play (a poker table: hands)")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--seats", type=whole_number(1, 99), default=None, metavar="K",
                        help="occupied seats (default: every seat of the profile; with --tables, of each table's)")
    parser.add_argument("--faults", default=None, metavar="KIND:RATE,...",
                        help="per-round fault probabilities; KIND is one of jam, duplicate, missing, extra, "
                             "misread, corrupt, disconnect, powercycle, door, dispute, pool_hit (holdem_bonus), "
                             "weak_shuffle, repeat_deck (the shoe's shuffle: audit shuffles catches them), "
                             "absent (poker: a player lets the action clock act), impostor, rogue_firmware, "
                             "swap (the shoe fails authentication: simulate enrols its units; the summary's "
                             "devices_refused counts the refusals by reason), "
                             "past_post, pinch, counterfeit, antenna_down, flaky_read, mispay, missed_collect (a table "
                             "with a bet sensor: uth-rfid, thb-rfid; the --json summary's bet_sensor object counts "
                             "injected and caught), short_fill, unslipped_fill, tray_skim, missing_credit (needs "
                             "--floor), drop_short, opener_mismatch (a table with a [bank]: the --json summary's bank "
                             "object counts injected and caught)")
    parser.add_argument("--journal", default=None, metavar="PATH",
                        help="simulation journal (default var/simulate-<table id>.sqlite); never a live or demo "
                             "journal")
    parser.add_argument("--config", default="uth-default", metavar="PROFILE_OR_PATH",
                        help="table profile; with --tables a comma list plays a mixed floor (table i: profile i mod n)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument("--shift-rounds", type=whole_number(1), default=None, metavar="N",
                        help="a table with a [bank] closes its shift and opens the next every N rounds (default: one "
                             "shift for the whole run); --json lists them under bank.shifts")
    parser.add_argument("--players", type=whole_number(0, 99), default=0, metavar="N",
                        help="seat N scripted identified players (ids P-1001..., strategies optimal, always_check, "
                             "random in turn) who card in and play; --json adds their rated sessions (ratings); with --tables "
                             "a player may leave one table for another of the same game")
    parser.add_argument("--floor", default=None, metavar="URL",
                        help="forward the journal(s) to this floor (never the profile's [floor] url: a simulation "
                             "reaches a floor only when sent there); exits once the floor has acknowledged every "
                             "event, 1 if it could not")
    parser.add_argument("--back-office", default=None, metavar="URL",
                        help="with --floor and a table with a [bank]: the floor login the simulated cage (issues and "
                             "confirms credits) and count team (enters each shift's drop) act with; default: --floor's "
                             "when --faults names a bank fault (then a login that may do both: the owner's, or a member "
                             "of floor_cage and floor_count) or when that login may do both; else no cage and no "
                             "count on the floor")
    parser.add_argument("--tables", type=int, default=None, metavar="N",
                        help="run N tables side by side, each with its own journal in --journal-dir")
    parser.add_argument("--journal-dir", default="var/tables", metavar="DIR",
                        help="with --tables: journals DIR/<table_id>.sqlite (default var/tables)")
    parser.add_argument("--ack-timeout", type=seconds(MAX_WAIT), default=60.0, metavar="S",
                        help="how long to wait for the floor's acknowledgement at the end (default 60 s)")
    parser.add_argument("--all-cpus", action="store_true",
                        help="let the simulation's threads run on every CPU (default: kept on the one it starts "
                             "on, where its threads hand the interpreter lock over without waking another core)")
    parser.set_defaults(func=run)


def default_journal(table: TableConfig) -> Path:
    """A simulation's journal when none is named: one per table, so profiles never share one."""
    return Path("var") / f"simulate-{table.table_id}.sqlite"


def log_path(journal: Path) -> Path:
    """Operational logs go next to the journal: ``<journal stem>.log`` (never the journal itself)."""
    path = journal.with_suffix(".log")
    return path if path != journal else journal.with_name(journal.name + ".log")


def run(args: argparse.Namespace) -> int:
    """Play on one CPU (``affinity.one_cpu``: about a quarter less CPU for the same rounds), unless told not to."""
    with contextlib.nullcontext() if args.all_cpus else one_cpu():
        return _play(args)


def _play(args: argparse.Namespace) -> int:
    from ..journal import Journal, ensure_folder
    from ..logs import configure_logging
    from ..play.simulate import check_run, fitted_run, parse_faults, simulate
    from ..profile_loader import load_profile
    from ..station import check_devices

    faults = parse_faults(args.faults)
    if args.back_office and not args.floor:
        raise ConfigError("the cage and the count team act on a floor: give --floor URL too", "back-office")
    _check_back_office(args, faults)
    if args.tables is not None and not 1 <= args.tables <= 200:
        raise ConfigError("must be 1 to 200", "tables")
    names = [name.strip() for name in args.config.split(",")] if args.tables is not None else [args.config]
    if any(not name for name in names):
        raise ConfigError("an empty profile name in the list", "config")
    profiles = [load_profile(name) for name in names]
    for name, profile in zip(names, profiles, strict=True):  # the profile's own devices, though simulated here
        check_devices(profile, name)
    table = profiles[0]
    if args.tables is not None:
        for profile in profiles:  # each table plays what its game allows of the asked seats and faults
            seats, kept = fitted_run(profile, args.seats, faults)
            check_run(profile, rounds=args.rounds, seats=seats, faults=kept, floor=bool(args.floor))
            _check_players(args.players, seats, profile)
        _floor_takes_journals(args.floor)
        return _many(args, profiles, faults, args.floor)
    seats = table.seats if args.seats is None else args.seats
    check_run(table, rounds=args.rounds, seats=seats, faults=faults, floor=bool(args.floor))
    _check_players(args.players, seats, table)
    floor = args.floor  # never the profile's floor: a simulation reaches a floor only when sent there
    _floor_takes_journals(floor)
    journal = ensure_folder(args.journal or default_journal(table))
    Journal(journal, table_id=table.table_id, purpose="simulation", game=table.game).close()  # or refuses: one line
    logs = log_path(journal)
    try:
        log_file = open(logs, "a", encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write the log file {logs}: {exc.strerror or exc}") from None
    # Operational logs go to a file: stderr keeps the progress line (a terminal's) and a failure's one line.
    configure_logging(stream=log_file)
    summary = simulate(table, rounds=args.rounds, seed=args.seed, seats=seats, faults=faults,
                       journal=journal, progress=Progress("simulate", clock=False), floor_url=floor,
                       shift_rounds=args.shift_rounds, players=args.players)
    result = summary.as_json()
    acked = None
    if floor:
        from ..play.simulate_tables import acknowledge

        ok, status = acknowledge(journal, floor, table.table_id, args.ack_timeout, Progress("simulate", clock=False))
        acked = {"acknowledged": ok, "acked_seq": status.acked_seq, "journal_seq": status.journal_seq,
                 "error": status.last_error}
        result["floor"] = acked
    if summary.bank_run is not None and (acked is None or acked["acknowledged"]):
        from ..play.bank_count import reconcile

        result["bank"] = reconcile([summary.bank_run], _back_office(args, faults))
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
        if "bank" in result and "false_alarms" in result["bank"]:
            print(bank_line(result["bank"]))
        if acked is not None and acked["acknowledged"]:
            print(f"floor acknowledged every event (seq {acked['acked_seq']})")
    if acked is not None and not acked["acknowledged"]:
        print(f"dealer-station simulate: floor did not acknowledge the journal: acked seq {acked['acked_seq']} of "
              f"{acked['journal_seq']} ({acked['error'] or 'timed out'})", file=sys.stderr)
        return 1
    return 0


def _check_players(players: int, seats: int, table: TableConfig) -> None:
    """``--players`` fits every table played: at most its seats, and a banking game's."""
    if players > seats:
        raise ConfigError(f"--players must be at most the {seats} seats played", "players")
    if players and get_game(table.game).family == "poker":
        raise ConfigError("--players rates a banking table's seats (a poker seat is rated by hours and rake)",
                          "players")


def _check_back_office(args: argparse.Namespace, faults: dict[str, float]) -> None:
    """A login that cannot act as the cage and the count, where the run needs them: said now, before any round."""
    from ..play.bank_count import may_count
    from ..play.bank_faults import BANK_FAULTS

    needed = args.back_office or (args.floor if any(kind in BANK_FAULTS for kind in faults) else None)
    if needed and not may_count(needed):
        which = "--back-office" if args.back_office else "--floor"
        raise ConfigError(f"the login of {which} may not act as the cage and the count team (a station's may not): "
                          "give --back-office URL, the owner's or a member of floor_cage and floor_count",
                          "back-office")


def _back_office(args: argparse.Namespace, faults: dict[str, float]) -> str | None:
    """The floor login of the simulated cage and count team: ``--back-office``, else ``--floor``'s when the run
    asks for bank faults (catching them needs the cage and the count) or when that login may act for them; None:
    no cage and no count on the floor (the drop is set in each shift's figures as the count would enter it)."""
    from ..play.bank_count import may_count
    from ..play.bank_faults import BANK_FAULTS

    if args.back_office:
        return str(args.back_office)
    if not args.floor:
        return None
    return args.floor if any(kind in BANK_FAULTS for kind in faults) or may_count(args.floor) else None


def bank_line(bank: dict[str, Any]) -> str:
    """The table bank's shifts and faults in one line: how many shifts, each fault kind caught of injected."""
    from ..play.bank_faults import BANK_FAULTS

    kinds = ", ".join(f"{kind} {bank[kind]['caught']}/{bank[kind]['injected']}" for kind in BANK_FAULTS
                      if bank[kind]["injected"] or bank[kind]["caught"])
    return (f"bank: {len(bank['shifts'])} shifts, faults caught/injected: {kinds or 'none'}, "
            f"false alarms {bank['false_alarms']}")


def _floor_takes_journals(url: str | None) -> None:
    """Unreachable or never initialised: said in one line now, before anything is written or played."""
    if url:
        from ..floor.ingest import check_takes_journals

        check_takes_journals(url)


def _many(args: argparse.Namespace, profiles: list[TableConfig], faults: dict[str, float], floor: str | None) -> int:
    from ..folders import check_folder, make_folder
    from ..journal import Journal
    from ..logs import configure_logging
    from ..play.simulate_tables import planned, simulate_tables

    journal_dir = check_folder(args.journal_dir, "journal-dir")
    for run, table in planned(profiles, args.tables, journal_dir):  # a journal of another table, purpose or game
        if run.journal.exists():  # is refused in one line before any table plays
            Journal.open_readonly(run.journal, table_id=table.table_id, purpose="simulation", game=table.game).close()
    make_folder(journal_dir, "journal-dir")
    log_path = journal_dir / "simulate.log"
    log_file = open(log_path, "a", encoding="utf-8")
    configure_logging(stream=log_file)

    runs = simulate_tables(profiles, tables=args.tables, rounds=args.rounds, seed=args.seed, seats=args.seats,
                           faults=faults, journal_dir=journal_dir, floor_url=floor, ack_timeout=args.ack_timeout,
                           progress=Progress("simulate", clock=False), shift_rounds=args.shift_rounds,
                           players=args.players)
    out = []
    for run in runs:
        item = {"table_id": run.table_id, "journal": str(run.journal), "error": run.error,
                **(run.summary.as_json() if run.summary else {})}
        if floor:
            item["floor"] = {"acknowledged": run.acknowledged, "acked_seq": run.floor.acked_seq if run.floor else 0,
                             "error": run.floor.last_error if run.floor else None}
        out.append(item)
    bank_runs = [run.summary.bank_run for run in runs if run.summary is not None and run.summary.bank_run is not None]
    bank = None
    if bank_runs and not any(r.error for r in runs) and not any(floor and not r.acknowledged for r in runs):
        from ..play.bank_count import reconcile

        bank = reconcile(bank_runs, _back_office(args, faults))
        for item in out:
            item.pop("bank", None)  # the whole floor's, below: the count's drop and the cage's credits included
    if args.json:
        ratings = [r for item in out for r in item.pop("ratings", None) or []]  # every table's sessions, one list
        print(json.dumps({"tables": out, **({"bank": bank} if bank else {}),
                          **({"ratings": ratings} if args.players else {})}))
    else:
        for item in out:
            if "hands_completed" in item:  # a poker table: the house takes the rake
                done = f"hands completed {item['hands_completed']}, rake {item.get('rake', '0')}"
            else:
                done = f"rounds completed {item.get('rounds_completed', 0)}, house net {item.get('house_net', '0')}"
            line = f"{item['table_id']}: {done}, journal {item['journal']}"
            if item["error"]:
                line += f", FAILED: {item['error']}"
            if floor:
                line += ", floor acknowledged" if item["floor"]["acknowledged"] else ", floor NOT acknowledged"
            print(line)
        if bank:
            print(bank_line(bank))
    failed = [r for r in runs if r.error]
    unacked = [r for r in runs if floor and not r.acknowledged]
    if failed:
        print(f"dealer-station simulate: {len(failed)} table(s) failed: {failed[0].table_id}: {failed[0].error}",
              file=sys.stderr)
        return 1
    if unacked:
        first = unacked[0]
        print(f"dealer-station simulate: floor did not acknowledge {len(unacked)} journal(s) "
              f"({first.table_id}: {first.floor.last_error if first.floor else 'no status'})", file=sys.stderr)
        return 1
    return 0
