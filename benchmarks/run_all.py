"""Run every benchmark in turn (``make bench``); figures are recorded in docs/performance.md."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = ["bench_evaluator.py", "enumerate7.py", "enumerate_thb.py", "bench_driver_latency.py",
              "bench_journal.py", "bench_session.py", "bench_screen_latency.py", "bench_bet_sensor.py", "bench_holdem_settle.py",
              "bench_poker_table.py", "bench_audit.py", "bench_par.py", "bench_link.py"]


def main() -> int:
    failed = []
    for name in BENCHMARKS:
        print(f"\n=== {name} ===", flush=True)
        start = time.monotonic()
        code = subprocess.call([sys.executable, str(HERE / name)])
        print(f"=== {name}: exit {code}, {time.monotonic() - start:.1f} s ===", flush=True)
        if code:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
