"""Bet sensor figures (issue 21): inventory frame -> the session's view, and rounds/s with the sensor.

Run from the repo root: ``.venv/bin/python benchmarks/bench_bet_sensor.py [--frames N] [--rounds N]``.

1. Latency from an inventory frame arriving at the driver to the session's view reflecting it,
   with 7 seats x 4 spots x stacks of 20 chips (560 tag ids a line, ~10 KB): the sensor's twin
   on a real pty stamps each line as it starts writing it (``BetSensorSimulator.trace``), the
   real driver and dialect decode it, the station's pump hands it to the session, and a session
   listener (where the screen is told) stamps the moment the croupier's view
   (``session.view().sensed_bets()``, or the spot's debounced chips) holds the chip that frame added.
   Each frame adds one fresh chip to one spot (the next spot each frame) and takes it away again,
   so stacks hold 20 to 23 chips; frames go one at a time (the next when the last was seen), so
   the figure is latency, not queueing. The round is open for bets (the view checks every
   seat's limits on each frame). The target is p99 < 100 ms.
2. Rounds/s through the sensor, the shoe and the reader: ``simulate`` (the real drivers and
   their pty/USB twins, the simulation journal at ``synchronous=NORMAL``: not durable, the sensed croupier and players placing real chip
   ids) on ``uth-rfid`` (7 seats) and ``thb-rfid`` (6 seats) with the issue's faults; every
   injected fault must be caught, none false, and the layout's money must balance. Target >= 10.
Files go under ``var/bench-bet-sensor``.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import structlog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealer_station.engine import TableSession  # noqa: E402
from dealer_station.play.simulate import simulate  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from dealer_station.station import Station  # noqa: E402
from dealer_station.supervisor import CredentialStore  # noqa: E402

SEATS, STACK = 7, 20
FAULTS = {"mispay": 0.2, "missed_collect": 0.1, "past_post": 0.1, "pinch": 0.05, "counterfeit": 0.05, "flaky_read": 0.3}
WAIT = 10.0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latency(folder: Path, frames: int) -> tuple[list[float], int]:
    """Per frame, ms from the line starting to go to the pty to the session's view holding its chip."""
    table = load_profile("uth-rfid")
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=1", "reader": None,
                                               "bet_sensor": "sim://betsensor?seed=2&interval=60",
                                               "link_timeout": 2.0})
    station = Station(table.model_copy(update={"devices": devices}), journal_path=folder / "latency.sqlite",
                      credentials=CredentialStore(folder / "credentials.json"), program={"version": "bench"})
    session = station.start()
    sent: dict[int, float] = {}
    seen: dict[int, float] = {}
    probe: dict[str, Any] = {}
    arrived = threading.Event()
    try:
        assert session.wait_for(lambda s: s.device("bet_sensor").connected and s.device("shuffler").connected, WAIT)
        sim = station.simulator("bet_sensor")
        spots = session.view().game.spots
        placeable = set(session.view().game.placeable_spots)
        antennas = [(seat, spot) for seat in range(1, SEATS + 1) for spot in spots]
        sim.add_antennas(antennas)
        assert table.chip_inventory is not None
        rack = {d: list(ids) for d, ids in table.chip_inventory.by_denomination().items()}
        # stacks that make valid bets (Ante = Blind = 20 x 25, Trips 20 x 5, Play 20 x 1); probes are 0.5 chips
        kind = {"ante": Decimal(25), "blind": Decimal(25), "trips": Decimal(5), "play": Decimal(1)}
        for seat, spot in antennas:
            sim.place(seat, spot, [rack[kind[spot]].pop() for _ in range(STACK)])
        spare = rack[Decimal("0.5")]
        sim.trace = lambda number, at: sent.__setitem__(number, at)

        def on_change(s: TableSession) -> None:
            sensing = s.sensing
            want = probe.get("chip")
            if sensing is None or want is None or sensing.last_round in seen:
                return
            seat, spot = probe["antenna"]
            if spot in placeable:
                view = s.sensed_bets().get(seat)  # the croupier's view: every seat, its limits checked
                held = view is not None and spot in view.spots and want in view.spots[spot].chips
            else:
                held = want in sensing.chips_on((seat, spot))
            if held and sensing.last_round is not None:
                seen[sensing.last_round] = time.perf_counter()
                arrived.set()

        session.add_listener(on_change)
        session.execute("open_round")
        sim.scan(4)
        time.sleep(0.5)  # the layout's first rounds read before the first measured frame
        stacked = len(sim.chips(*antennas[0]))
        for n in range(frames):
            antenna = antennas[n % len(antennas)]
            chip = spare[n % 120]
            arrived.clear()
            sim.place(*antenna, [chip])
            probe.update(chip=chip, antenna=antenna)
            sim.scan(1)
            if not arrived.wait(WAIT):
                raise SystemExit(f"frame {n}: the view never showed chip {chip} on {antenna}")
            probe["chip"] = None
            sim.take(*antenna, [chip])
    finally:
        station.stop()
    return [(seen[n] - sent[n]) * 1000 for n in sorted(seen)], stacked


def rounds_per_second(folder: Path, profile: str, seats: int, rounds: int) -> tuple[float, dict[str, Any]]:
    table = load_profile(profile)
    summary = simulate(table, rounds=rounds, seed=1, seats=seats, faults=FAULTS,
                       journal=folder / f"{profile}.sqlite", progress=None)
    data = summary.as_json()
    return data["rounds_completed"] / summary.elapsed, data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))
    folder = ROOT / "var" / "bench-bet-sensor"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"Python {platform.python_version()}, {platform.machine()}")
    lat, stacked = latency(folder, args.frames)
    p50, p99 = pct(lat, 0.50), pct(lat, 0.99)
    print()
    print("| measurement | result | target |")
    print("|---|---:|---:|")
    print(f"| inventory frame -> session view, p50 ({len(lat)} frames, {SEATS} seats x 4 spots x {stacked} chips) "
          f"| {p50:.2f} ms | |")
    print(f"| inventory frame -> session view, p99 | {p99:.2f} ms | < 100 ms |")
    print(f"| inventory frame -> session view, max | {max(lat):.2f} ms | |")
    ok = p99 < 100
    for profile, seats in (("uth-rfid", 7), ("thb-rfid", 6)):
        rate, data = rounds_per_second(folder, profile, seats, args.rounds)
        sensed = data["bet_sensor"]
        caught = all(v["caught"] == v["injected"] for k, v in sensed.items() if isinstance(v, dict) and "caught" in v)
        balanced = sensed["conservation"]["mismatched"] == 0
        print(f"| {profile} rounds/s, {seats} seats, sensor + shoe + reader, issue faults ({args.rounds} rounds) "
              f"| {rate:.1f} | >= 10 |")
        print(f"| {profile}: faults injected / caught / false alarms; seats balanced / mismatched "
              f"| {sum(v['injected'] for v in sensed.values() if isinstance(v, dict) and 'injected' in v)} / "
              f"{sum(v['caught'] for v in sensed.values() if isinstance(v, dict) and 'caught' in v)} / "
              f"{sensed['false_alarms']}; {sensed['conservation']['seats']} / {sensed['conservation']['mismatched']} "
              f"| all / 0; 0 |")
        ok = ok and rate >= 10 and caught and balanced and sensed["false_alarms"] == 0
    print(f"\ntargets: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
