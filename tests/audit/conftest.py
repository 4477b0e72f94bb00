"""Shuffle audit fixtures: real journals played by ``dealer-station simulate``, fair and faulty."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import background

PLAYS = ("fair", "weak", "repeat")


@pytest.fixture(scope="session")
def audit_journals() -> dict[str, Path]:
    """One UTH journal per play (``audit-<name>`` in ``tests/background.py``): played once per run, beside the
    suite, by three ``simulate`` processes."""
    plays = {name: background.play(f"audit-{name}") for name in PLAYS}
    for play in plays.values():
        play.summary(timeout=600)  # ended well
    return {name: play.journal for name, play in plays.items()}


@pytest.fixture(autouse=True)
def _structlog_defaults() -> Iterator[None]:
    """In-process CLI calls point structlog at a captured stream that closes after the test."""
    yield
    import structlog

    structlog.reset_defaults()
