"""Shuffle audit fixtures: real journals played by ``dealer-station simulate``, fair and faulty."""

from __future__ import annotations

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
def journals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One UTH journal per play, played at the same time by three simulate processes."""
    folder = tmp_path_factory.mktemp("audit")
    paths = {name: folder / f"{name}.sqlite" for name in PLAYS}
    wait_all({name: simulate_cli(paths[name], *PLAYS[name]) for name in PLAYS}, 120)
    return paths


@pytest.fixture(autouse=True)
def _structlog_defaults() -> Iterator[None]:
    """In-process CLI calls point structlog at a captured stream that closes after the test."""
    yield
    import structlog

    structlog.reset_defaults()
