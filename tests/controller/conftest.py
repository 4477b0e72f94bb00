"""Controller fixtures: a real journal file and a scripted shoe that deals a known deck.

The scripted shoe stands in for the shuffler only in these state-machine tests; the
drivers-against-simulators path is covered by tests/controller/test_station.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dealer_station.cards import parse_card
from dealer_station.config import load_profile
from dealer_station.controller import Controller
from dealer_station.journal import Journal
from dealer_station.supervisor import CredentialStore

PROGRAM = {"version": "test", "sha256": "0" * 64, "files": 0}


class ScriptedShoe:
    """Deals cards in a fixed order, answering each command synchronously."""

    def __init__(self) -> None:
        self.controller: Controller | None = None
        self.deck: list[int] = list(range(52))
        self.pos = 0
        self.commands: list[tuple] = []
        self.verify_result: tuple[int, list[int], list[int], list[int]] = (52, [], [], [])
        self.jam_after: int | None = None
        self.hold = False  # when True, deal_packet only records the command

    def load(self, cards: list[str]) -> None:
        first = [parse_card(c) for c in cards]
        self.deck = first + [c for c in range(52) if c not in first]
        self.pos = 0

    def reset(self) -> None:
        self.commands.append(("reset",))

    def shuffle(self, seed: int | None = None) -> None:
        self.commands.append(("shuffle",))
        self.pos = 0

    def verify_deck(self) -> None:
        self.commands.append(("verify",))
        assert self.controller is not None
        self.controller.on_deck_verified(*self.verify_result)

    def deal_packet(self, position: str, count: int) -> None:
        self.commands.append(("deal", position, count))
        if self.hold:
            return
        assert self.controller is not None
        for i in range(count):
            if self.jam_after is not None and self.pos >= self.jam_after:
                self.controller.on_device_fault("shuffler", "jam", "card jam in the feed")
                return
            card = self.deck[self.pos]
            self.pos += 1
            self.controller.on_card_dispensed(position, i, card)
        self.controller.on_packet_done(position, count)


@pytest.fixture
def table():
    return load_profile("uth-default")


@pytest.fixture
def credentials(tmp_path: Path) -> CredentialStore:
    store = CredentialStore(tmp_path / "credentials.json")
    store.add("0412", "2468")
    return store


@pytest.fixture
def make_controller(tmp_path: Path, table, credentials) -> Callable[..., tuple[Controller, ScriptedShoe]]:
    journals: list[Journal] = []

    def make(path: Path | None = None, shoe: ScriptedShoe | None = None, has_reader: bool = False):
        journal = Journal(path or tmp_path / "journal.sqlite", table_id=table.table_id)
        journals.append(journal)
        shoe = shoe or ScriptedShoe()
        ctl = Controller(table, journal, shoe=shoe, has_reader=has_reader, credentials=credentials)
        shoe.controller = ctl
        ctl.start(PROGRAM)
        return ctl, shoe

    yield make
    for j in journals:
        j.close()
