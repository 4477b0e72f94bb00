"""UI fixtures: a real QApplication offscreen, a controller on the scripted shoe, the window."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_station.config import load_profile
from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.supervisor import CredentialStore
from simulators.scripted_shoe import ScriptedShoe
from tests.controller.conftest import PROGRAM

BADGE, PIN = "0412", "2468"
# board 2c 7d 9h Js Qs, seat1 As Ac, seat3 8d 3h, dealer Kd 7c (shoe order: board, seats, dealer)
DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]


@pytest.fixture
def table():
    return load_profile("uth-default")


@pytest.fixture
def station(tmp_path: Path, table) -> Iterator[tuple[TableSession, ScriptedShoe]]:
    credentials = CredentialStore(tmp_path / "credentials.json")
    credentials.add(BADGE, PIN)
    journal = Journal(tmp_path / "journal.sqlite", table_id=table.table_id)
    shoe = ScriptedShoe()
    shoe.load(DECK)
    ctl = TableSession(table, journal, shoe=shoe, has_reader=False, credentials=credentials)
    shoe.session = ctl
    ctl.start(PROGRAM)
    yield ctl, shoe
    journal.close()


def open_window(qtbot, qapp, ctl: TableSession):
    """The real main window on ``ctl``, themed, shown offscreen (caller shuts its worker)."""
    from ui import theme
    from ui.app import MainWindow

    theme.apply(qapp)
    win = MainWindow(ctl)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(qtbot, qapp, station):
    win = open_window(qtbot, qapp, station[0])
    yield win
    win.worker.shutdown(wait=True)
