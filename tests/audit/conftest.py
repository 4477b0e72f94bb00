"""Shuffle audit fixtures: real journals played by ``dealer-station simulate``, fair and faulty."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import background


@pytest.fixture(scope="session")
def audit_journals() -> dict[str, Path]:
    """One UTH journal per play (``audit-fair``, ``audit-weak``, ``audit-repeat`` in ``tests/background.py``),
    by the name after ``audit-``: played once per run, beside the suite, by three ``simulate`` processes."""
    plays = background.plays_of("audit_journals")
    for play in plays:
        play.summary(timeout=600)  # ended well
    return {play.name.removeprefix("audit-"): play.journal for play in plays}


@pytest.fixture(autouse=True)
def _structlog_defaults() -> Iterator[None]:
    """In-process CLI calls point structlog at a captured stream that closes after the test."""
    yield
    import structlog

    structlog.reset_defaults()
