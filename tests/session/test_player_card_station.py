"""A station with a player card reader from its profile: the twin's swipes reach the session through the real
driver, the cached exclusion list refuses an excluded card, and the operational log never holds a player id
or a card number (captured from the whole session: station, drivers, twin, session)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import structlog

from dealer_station.players.exclusion import ExclusionCache, ExclusionList, exclusions_path
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.wire.roles import Role

WAIT = 10.0


def test_swipes_from_the_profiles_reader_seat_players_and_the_log_names_neither_player_nor_card(tmp_path: Path) -> None:
    table = load_profile("uth-rfid")  # its casino's cards start 601000
    devices = table.devices.model_copy(update={"shuffler": "sim://shuffler?seed=21", "reader": "sim://usb?seed=22",
                                               "bet_sensor": None, "player_card": "sim://track2?seat=5&seed=3",
                                               "link_timeout": 0.5, "approved": {}, "approve_any": True})
    journal = tmp_path / "j.sqlite"
    ExclusionCache(exclusions_path(journal)).update(
        ExclusionList(frozenset({"7777777777"}), datetime(2026, 12, 5, 6, 0, tzinfo=UTC)))  # the floor's last list
    creds = CredentialStore(tmp_path / "credentials.json")
    creds.add("0412", "2468")
    with structlog.testing.capture_logs() as logs:
        st = Station(table.model_copy(update={"devices": devices}), journal_path=journal, credentials=creds,
                     program={"version": "test"})
        session = st.start()
        try:
            assert session.wait_for(lambda s: s.device("player_card").connected, WAIT)
            reader = st.simulator("player_card")
            assert st.drivers[Role.PLAYER_CARD].dialect.seat == 5
            reader.swipe("7777777777")   # excluded: refused
            reader.foreign("1234567890")  # another casino's
            reader.bad_swipe()
            reader.swipe("1234567890")   # the casino's card of a player not excluded
            assert session.wait_for(lambda s: 5 in (s.seated or {}), WAIT)
            seated = [e.payload for e in session.journal.events(kinds={"card_in"})]

            def unreachable() -> ExclusionList:
                raise ConnectionError("floor down")

            assert st.refresh_exclusions(unreachable) == []  # the last list stays in force
            assert st.refresh_exclusions(lambda: ExclusionList(frozenset({"1234567890"}),
                                                               datetime(2026, 12, 5, 12, 0, tzinfo=UTC))) == [5]
            assert ExclusionCache(exclusions_path(journal)).since() == "2026-12-05T12:00:00+00:00"
        finally:
            st.stop()
    assert seated == [{"seat": 5, "player": "1234567890", "source": "card", "reader": "player_card"}]
    refused = [e["reason"] for e in logs if e["event"] == "player_card_refused"]
    assert len(refused) == 2 and refused[0].startswith("excluded") and "2026-12-05T06:00:00" in refused[0]
    assert refused[1] == "a card of another casino"
    assert any(e["event"] == "exclusion_list" and e["since"] == "2026-12-05T06:00:00+00:00" for e in logs)
    assert any(e["event"] == "exclusion_list_stale" and e["since"] == "2026-12-05T06:00:00+00:00" for e in logs)
    assert [e["seat"] for e in logs if e["event"] == "player_held"] == [5]
    text = json.dumps(logs, default=str)
    for secret in ("7777777777", "1234567890", "6010001234567890", "9999991234567890"):
        assert secret not in text
