"""``dealer-station sim DEVICE``: run a device's twin standalone on a pseudo-terminal.

DEVICE is a role (``shuffler``, ``reader``, ``reading_shoe``, ``bet_sensor``: its first twin) or
a twin's name (``beetek``, ``betsensor``, or one another package registers), found through the
simulators' registry (``simulators/registry.py``), the same the ``sim://`` URLs use.

``betsensor`` is the house RFID bet sensor's twin: seven seats' antennas (ante, blind, trips,
play), a seeded stack of chips on each ante, one inventory round every ``--delay`` seconds
(0.2 s unless given); its faults: flaky_rate, bad_crc_rate, garbage_rate, antenna_down=SEAT.SPOT.

``beetek`` is the Bee-Tek USPC reading shoe's twin: receive-only, it draws a card every
``--delay`` seconds (1 s unless given) and writes HARDWARE.md's message forms at 9600 baud.

``track2`` is a player card reader's twin (a serial reader writing ISO 7811 track 2, one swipe a line,
at 9600 baud): a player swipes the casino's card every ``--delay`` seconds (2 s unless given); its
faults: bad_rate, foreign_rate.

Prints the URL to connect to (usable with ``drivers.registry``) and runs until Ctrl-C.
Simulator and driver packages are imported inside the handler, so the rest of the CLI
never loads pyserial or pyusb.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from typing import Any

from ._args import seconds, whole_number

MAX_DELAY = 60.0  # seconds per card: slower than any real shoe


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("sim", help="run a device's twin (shuffler, reader, reading shoe, bet sensor) "
                                               "on a pseudo-terminal")
    parser.add_argument("device", metavar="DEVICE",
                        help="a role (shuffler, reader, reading_shoe, bet_sensor) or a twin's name (beetek, betsensor)")
    parser.add_argument("--seed", type=int, default=None, help="deck and fault seed (reproducible runs)")
    parser.add_argument("--delay", type=seconds(MAX_DELAY), default=0.0,
                        help=f"seconds per dispensed card (0 to {MAX_DELAY:g}); beetek: per card drawn, default 1")
    parser.add_argument(
        "--fault",
        action="append",
        default=[],
        metavar="SPEC",
        help="NAME=VALUE, e.g. jam_after=3, missing=As,Kd, corrupt=0.01, door_open_after=5, impostor=1, "
             "rogue_firmware=1, swap_after=10; beetek: "
             "unreadable_rate=0.05, alarm=0.01, warning=0.01, garbage=0.01, disconnect_after=20; betsensor: "
             "flaky_rate=0.1, bad_crc_rate=0.01, antenna_down=3.ante (repeatable)",
    )
    parser.add_argument("--baud", type=whole_number(1, 10_000_000), default=None,
                        help="baud rate to put in the printed URL (115200; beetek 9600)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from simulators.registry import find_twin

    _role, _name, twin = find_twin(args.device)
    sim = twin.standalone(args.seed, args.delay, args.fault)
    return _serve(args, sim, sim.baudrate)


def _serve(args: argparse.Namespace, sim: Any, default_baud: int) -> int:
    """Start ``sim``, print where to connect, run until a signal."""
    baud = args.baud or default_baud
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):  # explicit: a shell may start us with SIGINT ignored
        signal.signal(sig, lambda *_: stop.set())
    sim.start()
    try:
        sep = "&" if "?" in sim.url else "?"
        print(f"{args.device} simulator ready: {sim.url}{sep}baudrate={baud}", flush=True)
        print(f"pty: {sim.port_path} -> {sim._pty.slave_name}  (Ctrl-C to stop)", flush=True)
        while not stop.wait(0.2):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        sim.stop()
    print("simulator stopped", file=sys.stderr)
    return 0
