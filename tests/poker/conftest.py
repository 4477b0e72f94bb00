"""Poker table fixtures: a real journal file, the profile's rules, the scripted shoe or a hand deal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.wire.roles import Role
from simulators.scripted_shoe import ScriptedShoe
from tests.session.conftest import PROGRAM

BADGE, PIN = "0412", "2468"

MakeTable = Callable[..., tuple[TableSession, ScriptedShoe | None]]


@pytest.fixture
def credentials(tmp_path: Path) -> CredentialStore:
    store = CredentialStore(tmp_path / "credentials.json")
    store.add(BADGE, PIN)
    return store


@pytest.fixture
def make_table(tmp_path: Path, credentials: CredentialStore) -> Iterator[MakeTable]:
    """``make_table(profile, deck=[...], reader=False, **profile_overrides)``: a started session."""
    journals: list[Journal] = []

    def make(profile: str = "holdem-nl-1-2", deck: list[str] | None = None, *, path: Path | None = None,
             reader: bool = False, **overrides: Any) -> tuple[TableSession, ScriptedShoe | None]:
        table = load_profile(profile)
        if overrides:
            table = table.model_copy(update=overrides)
        journal = Journal(path or tmp_path / f"{profile}.sqlite", table_id=table.table_id)
        journals.append(journal)
        shoe = None
        if table.deal_mode == "shuffler":
            shoe = ScriptedShoe()
            if deck:
                shoe.load(deck)
        session = TableSession(table, journal, shoe=shoe, roles=(Role.READER,) if reader else (),
                               credentials=credentials)
        if shoe is not None:
            shoe.session = session
        session.start(PROGRAM)
        if shoe is not None:
            shoe.connect()
        return session, shoe

    yield make
    for journal in journals:
        journal.close()


def seat_all(session: TableSession, stacks: dict[int, Any], post: bool = False) -> None:
    for seat, chips in stacks.items():
        session.execute("seat_player", seat, str(chips), post)
