"""UI fixtures: a real QApplication offscreen, a session on the scripted shoe, the window."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.wire.roles import Role
from simulators.scripted_shoe import ScriptedShoe
from tests.session.conftest import PROGRAM

BADGE, PIN = "0412", "2468"
# board 2c 7d 9h Js Qs, seat1 As Ac, seat3 8d 3h, dealer Kd 7c (shoe order: board, seats, dealer)
DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]


@pytest.fixture(autouse=True)
def no_window_outlives_its_test(request):
    """Fail a UI test that leaves a top-level widget alive, and delete it so the next test is unharmed.

    Theming the application re-polishes every live widget: one left-over window costs about 70 ms
    a theming, a hundred of them seconds, so leaks made every later UI test slower.
    """
    from PySide6.QtWidgets import QApplication

    from ui.shell import delete_now

    if QApplication.instance() is None:  # a test in this folder that never touches Qt
        yield
        return
    delete_now()
    before = {id(w) for w in QApplication.topLevelWidgets()}
    yield
    delete_now()
    left = [w for w in QApplication.topLevelWidgets() if id(w) not in before]
    for widget in left:
        widget.close()
    delete_now(*left)
    assert not left, f"{request.node.nodeid} left {len(left)} top-level widget(s) alive: " + ", ".join(
        sorted({type(w).__name__ for w in left}))


@pytest.fixture
def table():
    return load_profile("uth-default")


def make_session(tmp_path: Path, profile: str, deck: list[str] | None = DECK, has_reader: bool = False,
                 **changes: object) -> tuple[TableSession, ScriptedShoe | None, Journal]:
    """A session on the scripted shoe; ``changes``: the profile's fields changed (``locale="zh_TW"``)."""
    table = load_profile(profile)
    if changes:
        table = table.model_copy(update=changes)
    credentials = CredentialStore(tmp_path / f"{profile}.credentials.json")
    credentials.add(BADGE, PIN)
    journal = Journal(tmp_path / f"{profile}.sqlite", table_id=table.table_id)
    shoe = None
    if table.deal_mode == "shuffler":
        shoe = ScriptedShoe()
        if deck:
            shoe.load(deck)
    session = TableSession(table, journal, shoe=shoe, roles=(Role.READER,) if has_reader else (),
                           credentials=credentials)
    if shoe is not None:
        shoe.session = session
    session.start(PROGRAM)
    return session, shoe, journal


@pytest.fixture
def station(tmp_path: Path) -> Iterator[tuple[TableSession, ScriptedShoe]]:
    session, shoe, journal = make_session(tmp_path, "uth-default")
    assert shoe is not None
    yield session, shoe
    journal.close()


def open_window(qtbot, qapp, session: TableSession, size: tuple[int, int] = (1280, 800), language: str | None = None):
    """The real main window on ``session``, themed, shown offscreen on a ``size`` panel."""
    from ui import theme
    from ui.shell import MainWindow

    theme.apply(qapp)  # cheap only because no earlier test's window is still alive (no_window_outlives_its_test)
    win = MainWindow(session, language=language)
    qtbot.addWidget(win)
    win.fit_panel(*size)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(qtbot, qapp, station):
    win = open_window(qtbot, qapp, station[0])
    yield win
    win.worker.shutdown(wait=True)
