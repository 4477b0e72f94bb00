"""Simulations played beside the suite instead of in a worker's slot.

The 2,000-deal shuffle audit needs two ``dealer-station simulate`` runs (about 70 CPU-seconds, a
minute and a half on this VM), other issue checks mostly wait on the devices' timeouts (a shoe put
back after a refusal, the stall guard, the action clock), and the journals several modules read (the
shuffle audit's three, the bet-sensing table's) were played once per xdist worker that asked: played
inside their tests or fixtures they held a worker, idle or waiting, for all that time. Instead the plays
a selected test names (``@pytest.mark.background("weak-2000", ...)``, or a fixture of ``FIXTURES`` it
uses) start as soon as the selection is known (by whichever worker collects first, under a lock in a
folder the session's process made), those that compute niced so the tests' own processes come first (the
pit page's latency checks among them), and the test, ordered last, reads what they wrote; the session's process
ends any play still running and removes the folder at the end. The plays are the same commands,
through the same real drivers and simulators; only when and where they start changes.
"""

from __future__ import annotations

import fcntl
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

MARKER = "background"
FOLDER_ENV = "DEALER_STATION_TEST_BACKGROUND"
NICE = 10
"""Below the tests' processes: the plays that compute use the CPU the suite leaves idle (it waits on device timeouts)."""


def _simulate(rounds: int, seed: int, faults: str | None, *more: str) -> list[str]:
    return ["simulate", "--rounds", str(rounds), "--seed", str(seed), "--json",
            *(["--faults", faults] if faults else []), *more]


SENSOR_FAULTS = "mispay:0.3,missed_collect:0.2,past_post:0.3,pinch:0.3,counterfeit:0.2,flaky_read:0.3"
DEVICE_FAULTS = ("jam", "duplicate", "missing", "extra", "misread", "corrupt", "disconnect", "powercycle", "door")
PLAYS: dict[str, list[str]] = {  # name -> the CLI's arguments (the journal is added)
    "weak-2000": _simulate(2000, 21, "weak_shuffle:0.1"),  # tests/audit/test_slow.py
    "fair-300": _simulate(300, 22, None),
    # waits more than it computes: each reconnecting shoe waits out a link timeout (test_device_auth.py)
    "auth-rates": _simulate(100, 1, "impostor:0.1,rogue_firmware:0.1,swap:0.05"),
    # every device fault at 0.3 a round (tests/session/test_simulate.py)
    "nine-faults": _simulate(40, 1, ",".join(f"{kind}:0.3" for kind in DEVICE_FAULTS), "--seats", "7"),
    # waits out the stall guard (tests/poker/test_simulation.py)
    "refused-card": _simulate(20, 12, "misread:0.2", "--config", "holdem-pl-1-2", "--seats", "6"),
    # a no-limit session with faults and absent players: mostly the action clock's waits (tests/poker/test_simulation.py)
    "nl-40": _simulate(40, 21, "jam:0.08,duplicate:0.04,misread:0.08,disconnect:0.04,dispute:0.05,absent:0.08",
                       "--config", "holdem-nl-1-2", "--seats", "7"),
    # the shuffle audit's journals, a 7-seat UTH deal is 21 cards (tests/audit/conftest.py)
    "audit-fair": _simulate(34, 11, None),
    "audit-weak": _simulate(32, 11, "weak_shuffle:1"),
    "audit-repeat": _simulate(15, 11, "repeat_deck:0.5"),
    # a bet-sensing table with every fault its sensor catches (tests/conftest.py ``sensor_run``)
    "sensed-16": _simulate(16, 5, SENSOR_FAULTS, "--config", "uth-rfid", "--seats", "3"),
}

COMPUTING = frozenset({"weak-2000", "fair-300", "audit-fair", "audit-weak", "audit-repeat"})
"""The plays that compute (their checks are statistics of the deals), niced. The others are timed by the
devices' timeouts, the stall guard or the action clock, and play at the tests' own priority: they mostly
wait, and niced beside the computing ones (``simulate`` keeps to the CPU it starts on) a timed one gets a
few per cent of a CPU when the suite is busy."""

FIXTURES: dict[str, tuple[str, ...]] = {
    "nl_session": ("nl-40",),
    "audit_journals": ("audit-fair", "audit-weak", "audit-repeat"),
    "sensor_run": ("sensed-16",),
}
"""Fixtures that read plays: a test using one (directly or through another fixture) is marked with its plays."""


@dataclass(frozen=True)
class Play:
    name: str
    folder: Path

    @property
    def journal(self) -> Path:
        return self.folder / f"{self.name}.sqlite"

    def path(self, suffix: str) -> Path:
        return self.folder / f"{self.name}.{suffix}"

    def start(self) -> None:
        """Start the play once (whoever asks first, under a lock); never waits for it."""
        with open(self.path("lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if self.path("started").exists():
                return
            argv = [sys.executable, "-m", "dealer_station", *PLAYS[self.name], "--journal", str(self.journal)]
            script = (f'{shlex.join(argv)} > {shlex.quote(str(self.path("out")))} 2> {shlex.quote(str(self.path("err")))}'
                      f'; echo $? > {shlex.quote(str(self.path("rc.part")))}'
                      f' && mv {shlex.quote(str(self.path("rc.part")))} {shlex.quote(str(self.path("rc")))}')
            process = subprocess.Popen(["sh", "-c", script], start_new_session=True, stdin=subprocess.DEVNULL,
                                       preexec_fn=lambda: os.nice(NICE if self.name in COMPUTING else 0))
            self.path("started").write_text(str(process.pid))

    def result(self, timeout: float) -> tuple[int, str]:
        """(exit status, standard output) once the play ends; started here if nobody did."""
        self.start()
        deadline = time.monotonic() + timeout
        while not self.path("rc").exists():
            if time.monotonic() > deadline:
                raise AssertionError(f"background play {self.name} still running after {timeout:.0f} s: "
                                     f"{self.path('err').read_text(errors='replace')[-2000:]}")
            time.sleep(0.2)
        return int(self.path("rc").read_text()), self.path("out").read_text()

    def summary(self, timeout: float) -> dict[str, Any]:
        """The play's ``--json`` summary, once it has ended well (its error output if it did not)."""
        code, out = self.result(timeout)
        assert code == 0, f"simulate {self.name} exited {code}: {self.path('err').read_text(errors='replace')[-2000:]}"
        return dict(json.loads(out))

    def stop(self) -> None:
        """End a play still running (an interrupted session), its whole process group."""
        started = self.path("started")
        if started.exists() and not self.path("rc").exists():
            try:
                os.killpg(int(started.read_text()), signal.SIGTERM)
            except (ProcessLookupError, PermissionError, ValueError):
                pass


def folder() -> Path:
    """The session's folder for the plays: made by the session's process, inherited by its workers."""
    path = os.environ.get(FOLDER_ENV)
    if path is None:
        path = tempfile.mkdtemp(prefix="ds-background-")
        os.environ[FOLDER_ENV] = path
    return Path(path)


def play(name: str) -> Play:
    return Play(name, folder())


def mark_fixture_readers(items: Iterable[pytest.Item]) -> None:
    """Mark each test that uses a fixture of ``FIXTURES`` with that fixture's plays."""
    for item in items:
        plays = [name for fixture, names in FIXTURES.items() if fixture in item.fixturenames for name in names]
        if plays:
            item.add_marker(pytest.mark.background(*plays))


def plays_of(fixture: str) -> list[Play]:
    """The plays ``fixture`` reads (``FIXTURES``), in the order given there."""
    return [play(name) for name in FIXTURES[fixture]]


def names_of(items: Iterable[pytest.Item]) -> set[str]:
    return {name for item in items for mark in item.iter_markers(MARKER) for name in mark.args}


def start(names: Iterable[str]) -> None:
    for name in sorted(names):
        play(name).start()


def stop_all() -> None:
    """End what still runs and remove the session's folder (the journals are the tests' alone)."""
    for name in PLAYS:
        play(name).stop()
    shutil.rmtree(folder(), ignore_errors=True)
