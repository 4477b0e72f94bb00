"""Keying a player's id on the screen: the croupier taps the players line, a free seat's "key an id", and keys the
id on a pad of the id's alphabet (or leaves the player anonymous). A hostile id never leaves the pad (OK is not
offered, the field takes no other character): nothing is journaled for it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.players.exclusion import ExclusionCache, ExclusionList
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.wire.roles import Role
from simulators.scripted_shoe import ScriptedShoe
from tests.session.conftest import PROGRAM

from .conftest import BADGE, PIN, open_window
from .helpers import TIMEOUT, button, click, dialog, tap_again


def player_events(path: Path) -> list[tuple[str, dict]]:
    with Journal.open_readonly(path) as j:
        return [(e.kind, e.payload) for e in j.events(kinds={"card_in", "card_out"})]


def key(qtbot, pad, text: str) -> None:
    for ch in text:
        click(qtbot, button(pad, f"id_{ch}"))


def test_a_keyed_id_seats_the_player_and_a_hostile_one_never_leaves_the_pad(qtbot, qapp, tmp_path: Path) -> None:
    table = load_profile("uth-default")
    credentials = CredentialStore(tmp_path / "credentials.json")
    credentials.add(BADGE, PIN)
    journal = Journal(tmp_path / "j.sqlite", table_id=table.table_id)
    shoe = ScriptedShoe()
    cache = ExclusionCache(tmp_path / "exclusions.json")
    cache.update(ExclusionList(frozenset({"P-9"}), datetime(2026, 12, 5, 6, 0, tzinfo=UTC)))
    session = TableSession(table, journal, shoe=shoe, roles=(Role.PLAYER_CARD,), credentials=credentials,
                           services=(cache,))
    shoe.session = session
    session.start(PROGRAM)
    win = open_window(qtbot, qapp, session)
    try:
        line = win.strip.players
        assert line is not None  # a table with a player card reader: a card the reader cannot read is keyed
        tap_again(qtbot, line)
        click(qtbot, button(dialog(win, "playersMenu"), "keyId_4"))
        pad = dialog(win, "playerIdPad")
        field = pad.findChild(QLineEdit, "playerId")
        ok = button(pad, "idOk")
        assert not ok.isEnabled() and pad.problem.text() == "Key the id printed on the player's card"
        key(qtbot, pad, "-P1")  # an id starts with a letter or a digit
        assert field.text() == "-P1" and not ok.isEnabled()
        assert pad.problem.text() == "A player id starts with a letter or a digit"
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)  # a tap on the disabled OK does nothing
        assert dialog(win, "playerIdPad") is pad and player_events(tmp_path / "j.sqlite") == []
        field.clear()
        qtbot.keyClicks(field, "P 10;0'1")  # a hardware keyboard's other keys never reach the field
        assert field.text() == "P1001"
        field.setText("x" * 80)  # nor more than an id's 64 characters
        assert len(field.text()) <= 64
        field.clear()
        key(qtbot, pad, "P-1001")
        assert ok.isEnabled() and pad.problem.text() == ""
        click(qtbot, ok)
        qtbot.waitUntil(lambda: "seat 4 \u00b7\u00b71001" in line.text(), timeout=TIMEOUT)
        tap_again(qtbot, line)  # an excluded player keyed: refused on the message line, nothing journaled
        click(qtbot, button(dialog(win, "playersMenu"), "keyId_2"))
        pad = dialog(win, "playerIdPad")
        key(qtbot, pad, "P-9")
        click(qtbot, button(pad, "idOk"))
        qtbot.waitUntil(lambda: win.message.text().startswith("Card refused: this player is on the exclusion list"),
                        timeout=TIMEOUT)
        tap_again(qtbot, line)  # leave the player at seat 5 anonymous: nothing journaled
        click(qtbot, button(dialog(win, "playersMenu"), "keyId_5"))
        click(qtbot, button(dialog(win, "playerIdPad"), "idAnonymous"))
        qtbot.waitUntil(lambda: not [d for d in win.findChildren(type(pad), "playerIdPad") if d.isVisible()],
                        timeout=TIMEOUT)
    finally:
        win.worker.shutdown(wait=True)
        journal.close()
    assert player_events(tmp_path / "j.sqlite") == [
        ("card_in", {"seat": 4, "player": "P-1001", "source": "keyed", "reader": None})]


def test_at_a_table_with_no_reader_the_id_is_keyed_from_the_bank_panel(qtbot, qapp, tmp_path: Path) -> None:
    """No card reader and nobody carded in: the strip has no players line; the Bank panel's Players opens the same
    menu, and a keyed id seats the player (journaled as keyed)."""
    table = load_profile("uth-default")
    assert table.bank is not None
    journal = Journal(tmp_path / "j.sqlite", table_id=table.table_id)
    shoe = ScriptedShoe()
    session = TableSession(table, journal, shoe=shoe)
    shoe.session = session
    session.start(PROGRAM)
    win = open_window(qtbot, qapp, session, size=(800, 480))
    try:
        assert win.strip.players is None or not win.strip.players.isVisible()
        win.open_bank()
        click(qtbot, button(dialog(win, "bankPanel"), "bank_players"))
        click(qtbot, button(dialog(win, "playersMenu"), "keyId_3"))
        pad = dialog(win, "playerIdPad")
        key(qtbot, pad, "P-2002")
        click(qtbot, button(pad, "idOk"))
        qtbot.waitUntil(lambda: bool(player_events(tmp_path / "j.sqlite")), timeout=TIMEOUT)
    finally:
        win.worker.shutdown(wait=True)
        journal.close()
    assert player_events(tmp_path / "j.sqlite") == [
        ("card_in", {"seat": 3, "player": "P-2002", "source": "keyed", "reader": None})]
