"""Fixtures shared by the test packages: one real PostgreSQL server per test session (tests/pg.py),
for the floor's tests and the pit page's alike, and one simulated bet-sensing table's journal."""

from __future__ import annotations

import os
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from dealer_station.supervisor import CredentialStore, ScryptCost
from tests import background, ordering
from tests.pg import PostgresServer

BACKENDS_GROUP = "dealer_station.backends"

# Property tests check what a result is, never how long one example took: a per-example deadline only
# measures the machine (an example at 528 ms under a busy hour against 0.08 ms alone, one CI failure).
# Speed goals live in benchmarks/.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


def _declare_checkout_backends() -> None:
    """Device backends this checkout's pyproject.toml declares but the installed metadata lacks (an
    editable install made before they were added, e.g. ``bet_sensor.sim``): declared for this test
    run (and its subprocesses) by a small dist-info, as ``pip install -e .`` again would."""
    pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    declared = pyproject["project"]["entry-points"][BACKENDS_GROUP]
    installed = {e.name for e in entry_points(group=BACKENDS_GROUP)}
    missing = {name: target for name, target in declared.items() if name not in installed}
    if not missing:
        return
    folder = Path(tempfile.mkdtemp(prefix="dealer-backends-"))
    info = folder / "dealer_station_checkout_backends-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dealer-station-checkout-backends\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[{BACKENDS_GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in missing.items()))
    sys.path.append(str(folder))
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), str(folder)) if p)


_declare_checkout_backends()


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the session's own process: its workers inherit the folder
        background.folder()


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected: ``make check`` starts no background play
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long tests spread through the run, tests reading background plays last (``tests/ordering.py``); the
    plays those tests read start now (once, whoever collects first: ``tests/background.py``)."""
    background.mark_fixture_readers(items)
    items[:] = ordering.run_order(items, module=lambda item: item.path,
                                  long=lambda item: item.get_closest_marker("slow") is not None,
                                  last=lambda item: item.get_closest_marker(background.MARKER) is not None,
                                  early=lambda item: item.path.parent.name == "ui", seconds=_declared_seconds)
    if not config.option.collectonly:
        background.start(background.names_of(items))


def _declared_seconds(item: pytest.Item) -> float | None:
    """What a long test costs alone (``@pytest.mark.slow(seconds=N)``): the costliest start first."""
    marker = item.get_closest_marker("slow")
    return None if marker is None or "seconds" not in marker.kwargs else float(marker.kwargs["seconds"])


def pytest_sessionfinish(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # all workers done: a play still running was interrupted
        background.stop_all()


SUITE_COST = ScryptCost(2**10, 8, 1)
"""Enrolment cost for badges and pit users made in-process: the suite enrols about 700 (57 s of CPU at
the shipped 2**14). The same code hashes and checks them; tests marked ``shipped_kdf`` and every
subprocess CLI keep ``ENROLMENT_COST``."""


@pytest.fixture(autouse=True)
def _suite_enrolment_cost(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("shipped_kdf") is None:
        monkeypatch.setattr(CredentialStore, "COST", SUITE_COST)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    with PostgresServer.running() as server:
        yield server


@dataclass(frozen=True)
class SensorRun:
    """A bet-sensing table's journal and what ``simulate --json`` printed of it."""

    journal: Path
    summary: dict[str, Any]

    def caught(self, kind: str) -> int:
        return int(self.summary["bet_sensor"][kind]["caught"])


@pytest.fixture(scope="session")
def sensor_run() -> SensorRun:
    """``simulate --config uth-rfid --faults ...``: 16 rounds of 3 seats through the RFID bet sensor's
    twin with every fault it catches (about 8 s, played beside the suite: ``tests/background.py``)."""
    [play] = background.plays_of("sensor_run")
    summary = play.summary(timeout=600)
    assert summary["bet_sensor"]["past_post"]["caught"] and summary["bet_sensor"]["pinch"]["caught"]
    return SensorRun(play.journal, summary)
