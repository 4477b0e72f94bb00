"""Driver latency: simulator writes a card frame -> driver delivers CardDispensed; and the
same for the Bee-Tek USPC reading shoe: its twin writes a card line -> CardDrawn.

Real drivers, real ptys, no dispense delay. The simulator stamps each card frame when it
first writes it (the Bee-Tek twin: when its write returns); the driver's on_event callback
stamps delivery. Prints markdown tables beside the message's wire time (bytes * 10 bits /
baud, 8N1): on a real line the wire time is added on top of the overhead measured here (a
pty has no baud rate). Bee-Tek draws are one at a time (the next when the last arrived),
as a dealer draws, so the figure is latency, not queueing.

    .venv/bin/python benchmarks/bench_driver_latency.py [--events 10000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_station.wire import codec as p
from drivers.events import CardDispensed, CardDrawn, DeviceEvent
from drivers.registry import open_reading_shoe, open_shuffler
from simulators.beetek import BeetekSimulator
from simulators.shuffler import ShufflerSimulator


def measure(events: int) -> tuple[list[float], float]:
    sent: list[float] = []
    got: list[float] = []
    done = threading.Event()
    sim = ShufflerSimulator(seed=1)
    sim.trace = lambda msg, t: sent.append(t) if isinstance(msg, p.CardDispensedMsg) else None

    def on_event(event: DeviceEvent) -> None:
        if isinstance(event, CardDispensed):
            got.append(time.perf_counter())
            if len(got) >= events:
                done.set()

    sim.start()
    drv = open_shuffler(sim.url)
    drv.on_event = on_event
    sizes = []
    try:
        n = 0
        while not done.is_set():
            before = len(got)
            drv.shuffle(n)
            drv.deal_packet("seat1", min(52, events - before))
            n += 1
            deadline = time.monotonic() + 30
            while len(got) < min(events, before + 52) and time.monotonic() < deadline and not done.is_set():
                time.sleep(0.001)
        sizes = [len(p.encode(p.CardDispensedMsg(pos, i % 52, c), 0x42, i & 0xFF)) for i, (pos, c) in enumerate(sim.dealt)]
    finally:
        drv.close()
        sim.stop()
    latencies = [(g - s) * 1000 for s, g in zip(sent, got)]
    return latencies[:events], statistics.mean(sizes)


def measure_beetek(events: int) -> tuple[list[float], float]:
    sent: list[float] = []
    got: list[float] = []
    arrived = threading.Event()
    sim = BeetekSimulator(seed=1, torn_start=False)
    sim.trace = lambda drawn, t: sent.append(t)

    def on_event(event: DeviceEvent) -> None:
        if isinstance(event, CardDrawn):
            got.append(time.perf_counter())
            arrived.set()

    sim.start()
    shoe = open_reading_shoe(sim.url)
    shoe.on_event = on_event
    try:
        for _ in range(events):
            arrived.clear()
            sim.draw()
            if not arrived.wait(5):
                raise SystemExit(f"Bee-Tek card {len(got)} never arrived")
    finally:
        shoe.close()
        sim.stop()
    sizes = [len(data) for kind, data in sim.segments if kind == "card"]
    return [(g - s) * 1000 for s, g in zip(sent, got, strict=True)], statistics.mean(sizes)


def table(title: str, lat: list[float], message_bytes: float, what: str) -> float:
    wire = {baud: message_bytes * 10 / baud * 1000 for baud in (9600, 115200)}
    p50, p99 = pct(lat, 0.50), pct(lat, 0.99)
    print(f"| {title} ({len(lat)} card events, pty, 2-core box) | ms |")
    print("|---|---:|")
    print(f"| driver overhead p50 | {p50:.3f} |")
    print(f"| driver overhead p99 | {p99:.3f} |")
    print(f"| driver overhead max | {max(lat):.3f} |")
    print(f"| wire time of one {what} ({message_bytes:.2f} bytes avg) at 9,600 baud | {wire[9600]:.3f} |")
    print(f"| wire time of one {what} at 115,200 baud | {wire[115200]:.3f} |")
    print(f"| total p99 at 9,600 baud (overhead + wire) | {p99 + wire[9600]:.3f} |")
    print(f"| total p99 at 115,200 baud | {p99 + wire[115200]:.3f} |")
    print()
    return p99


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=10_000)
    args = parser.parse_args()
    lat, frame_bytes = measure(args.events)
    house = table("house protocol, SerialShuffler", lat, frame_bytes, "card frame")
    lat, line_bytes = measure_beetek(args.events)
    beetek = table("Bee-Tek USPC, BeetekShoe", lat, line_bytes, "card line")
    worst = max(house, beetek)
    print(f"target driver overhead p99 < 5 ms: {'met' if worst < 5 else 'MISSED'} "
          f"(house {house:.3f} ms, Bee-Tek {beetek:.3f} ms)")
    return 0 if worst < 5 else 1


if __name__ == "__main__":
    sys.exit(main())
