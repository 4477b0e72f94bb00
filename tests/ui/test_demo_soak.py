"""Soak: the touchscreen's demo plays hundreds of rounds at a fast pace without dying.

A real ``dealer-station run --demo`` subprocess, offscreen, on the simulated shoe and
reader. It aborted after 43 rounds on PySide6 6.12 ("bool_dealloc"), and with
``--rounds 1`` it played 21 to 43 rounds, because finished rounds were counted from the
renders (which coalesce at a fast pace) rather than from the session's state.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest


def _demo(tmp_path: Path, rounds: int, timeout: float) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DEALER_STATION_LOG_LEVEL="error")
    return subprocess.run(
        [sys.executable, "-m", "dealer_station", "run", "--demo", "--rounds", str(rounds), "--step-ms", "1",
         "--seed", "3", "--journal", str(tmp_path / "demo.sqlite")],
        capture_output=True, text=True, timeout=timeout, env=env, cwd=tmp_path)


def _finished(out: str) -> int:
    match = re.search(r"(\d+) round\(s\) finished", out)
    assert match, out
    return int(match.group(1))


@pytest.mark.parametrize("rounds", [1, 3])
def test_rounds_counts_finished_rounds_exactly(tmp_path: Path, rounds: int) -> None:
    done = _demo(tmp_path, rounds, 120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert _finished(done.stdout) == rounds


@pytest.mark.slow(seconds=65)  # a 200-round soak of the real Qt app
def test_two_hundred_fast_demo_rounds_without_an_abort(tmp_path: Path) -> None:
    done = _demo(tmp_path, 200, 420)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    assert _finished(done.stdout) == 200
