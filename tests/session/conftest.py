"""TableSession fixtures: a real journal file and a scripted shoe that deals a known deck.

The scripted shoe stands in for the shuffler only in these state-machine tests; the
drivers-against-simulators path is covered by tests/session/test_station.py and
the crash-recovery test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.wire.roles import Role
from simulators.scripted_shoe import ScriptedShoe

__all__ = ["PROGRAM", "ScriptedShoe"]

PROGRAM = {"version": "test", "sha256": "0" * 64, "files": 0}


@pytest.fixture
def table():
    return load_profile("uth-default")


@pytest.fixture
def credentials(tmp_path: Path) -> CredentialStore:
    store = CredentialStore(tmp_path / "credentials.json")
    store.add("0412", "2468")
    return store


@pytest.fixture
def make_session(tmp_path: Path, table, credentials) -> Callable[..., tuple[TableSession, ScriptedShoe]]:
    journals: list[Journal] = []

    def make(path: Path | None = None, shoe: ScriptedShoe | None = None, has_reader: bool = False):
        journal = Journal(path or tmp_path / "journal.sqlite", table_id=table.table_id)
        journals.append(journal)
        shoe = shoe or ScriptedShoe()
        session = TableSession(table, journal, shoe=shoe, roles=(Role.READER,) if has_reader else (),
                               credentials=credentials)
        shoe.session = session
        session.start(PROGRAM)
        return session, shoe

    yield make
    for j in journals:
        j.close()
