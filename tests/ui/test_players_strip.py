"""The players line on the croupier's screen: who is carded in at each seat as a short masked id, card in (the
seat chosen, then the swipe) and card out by tap, in the croupier's language."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.players.exclusion import ExclusionCache, ExclusionList
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.wire import reports as rp
from dealer_station.wire.roles import Role
from simulators.scripted_shoe import ScriptedShoe
from tests.session.conftest import PROGRAM

from .conftest import BADGE, PIN, open_window
from .helpers import TIMEOUT, button, click, dialog, tap_again
from .test_languages import choose_language


def swipe(number: str, seat: int | None) -> rp.PlayerCardRead:
    return rp.PlayerCardRead(device="player_card", seat=seat, number=number)


def test_the_players_line_shows_masked_ids_and_cards_players_in_and_out_by_tap(qtbot, qapp, tmp_path: Path) -> None:
    table = load_profile("uth-default")  # the casino's cards start 601000
    credentials = CredentialStore(tmp_path / "credentials.json")
    credentials.add(BADGE, PIN)
    journal = Journal(tmp_path / "j.sqlite", table_id=table.table_id)
    shoe = ScriptedShoe()
    cache = ExclusionCache(tmp_path / "exclusions.json")
    cache.update(ExclusionList(frozenset({"P-9"}), datetime(2026, 12, 5, 6, 0, tzinfo=UTC)))
    since = datetime(2026, 12, 5, 6, 0, tzinfo=UTC).astimezone().strftime("%Y-%m-%d %H:%M")  # the station's local time
    listed = f" \u00b7 exclusion list of {since}"
    session = TableSession(table, journal, shoe=shoe, roles=(Role.PLAYER_CARD,), credentials=credentials,
                           services=(cache,))
    shoe.session = session
    session.start(PROGRAM)
    win = open_window(qtbot, qapp, session)
    try:
        line = win.strip.players
        assert line is not None and line.text() == f"Players: exclusion list of {since}"
        session.report(swipe("6010001234567890", 3))
        qtbot.waitUntil(lambda: line.text() == "Players: seat 3 \u00b7\u00b77890" + listed, timeout=TIMEOUT)
        assert "1234567890" not in line.text()  # a short masked id, never the player's id
        session.report(swipe("6010001234567890", 6))  # the same card at another seat: said on the message line
        qtbot.waitUntil(lambda: win.message.text() == "This player is already carded in at seat 3", timeout=TIMEOUT)
        session.report(swipe("9999991234567890", 6))
        qtbot.waitUntil(lambda: win.message.text() == "Seat 6: a card of another casino: refused", timeout=TIMEOUT)
        session.report(rp.PlayerCardBad(device="player_card", seat=6, reason="no end sentinel: a partial track"))
        qtbot.waitUntil(lambda: win.message.text() == "Seat 6: the card was not read whole: swipe it again",
                        timeout=TIMEOUT)
        tap_again(qtbot, line)
        click(qtbot, button(dialog(win, "playersMenu"), "cardIn_5"))  # the table's reader: the seat first
        qtbot.waitUntil(lambda: "seat 5" in win.message.text(), timeout=TIMEOUT)
        session.report(swipe("6010000000001002", None))
        qtbot.waitUntil(lambda: line.text() == "Players: seat 3 \u00b7\u00b77890 \u00b7 seat 5 \u00b7\u00b71002" + listed,
                        timeout=TIMEOUT)
        tap_again(qtbot, line)
        click(qtbot, button(dialog(win, "playersMenu"), "pause_player_3"))
        qtbot.waitUntil(lambda: "(paused)" in line.text(), timeout=TIMEOUT)
        tap_again(qtbot, line)
        click(qtbot, button(dialog(win, "playersMenu"), "cardOut_3"))
        qtbot.waitUntil(lambda: line.text() == "Players: seat 5 \u00b7\u00b71002" + listed, timeout=TIMEOUT)
        choose_language(qtbot, win, "fr")
        qtbot.waitUntil(lambda: line.text().startswith("Joueurs\u00a0: place 5 \u00b7\u00b71002 \u00b7 liste d'exclusion du "),
                        timeout=TIMEOUT)
        session.report(swipe("9999991234567890", 6))
        qtbot.waitUntil(lambda: win.message.text() == "Place 6\u00a0: carte d'un autre casino\u00a0: refusée",
                        timeout=TIMEOUT)
        choose_language(qtbot, win, "zh_TW")
        qtbot.waitUntil(lambda: line.text().startswith("玩家：5號位 \u00b7\u00b71002 \u00b7 禁入名單（"), timeout=TIMEOUT)
    finally:
        win.worker.shutdown(wait=True)
        journal.close()
    kinds = [(e.kind, e.payload["seat"]) for e in Journal.open_readonly(tmp_path / "j.sqlite").events(
        kinds={"card_in", "card_out", "player_paused"})]
    assert kinds == [("card_in", 3), ("card_in", 5), ("player_paused", 3), ("card_out", 3)]
