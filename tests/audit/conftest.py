"""Shuffle audit fixtures: real journals played by ``dealer-station simulate``, fair and faulty."""

from __future__ import annotations

import fcntl
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PLAYS = {  # name -> (rounds, faults): a 7-seat UTH deal is 21 cards
    "fair": (34, None),
    "weak": (32, "weak_shuffle:1"),
    "repeat": (15, "repeat_deck:0.5"),
}


def simulate_cli(journal: Path, rounds: int, faults: str | None, seed: int = 11) -> subprocess.Popen[str]:
    """``dealer-station simulate`` in its own process (several play side by side)."""
    args = [sys.executable, "-m", "dealer_station", "simulate", "--rounds", str(rounds), "--seed", str(seed),
            "--journal", str(journal), "--json"]
    return subprocess.Popen([*args, *(["--faults", faults] if faults else [])], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)


def wait_all(plays: dict[str, subprocess.Popen[str]], timeout: float) -> None:
    for name, process in plays.items():
        out, _ = process.communicate(timeout=timeout)
        assert process.returncode == 0, f"simulate {name} failed: {out}"


@pytest.fixture(scope="session")
def journals(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> dict[str, Path]:
    """One UTH journal per play, played at the same time by three simulate processes.

    Played once per run: under pytest-xdist the first worker to ask plays them in the run's
    shared folder while the others wait on a lock (the pytest-xdist recipe), then all read them.
    """
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    folder = shared / "audit-journals"
    paths = {name: folder / f"{name}.sqlite" for name in PLAYS}
    with open(shared / "audit-journals.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "done").exists():
            folder.mkdir(exist_ok=True)
            wait_all({name: simulate_cli(paths[name], *PLAYS[name]) for name in PLAYS}, 120)
            (folder / "done").touch()
    return paths


@pytest.fixture(autouse=True)
def _structlog_defaults() -> Iterator[None]:
    """In-process CLI calls point structlog at a captured stream that closes after the test."""
    yield
    import structlog

    structlog.reset_defaults()
