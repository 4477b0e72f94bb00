"""A station with a player card reader from its profile: the twin's swipes reach the session through the real
driver, the cached exclusion list refuses an excluded card, and the operational log never holds a player id
or a card number (captured from the whole session: station, drivers, twin, session)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
import structlog

from dealer_station.errors import ConfigError
from dealer_station.players.exclusion import ExclusionCache, ExclusionList, exclusions_path
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station, check_devices
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


def test_a_reader_at_each_seat_and_one_at_the_table_each_seat_where_they_stand(tmp_path: Path) -> None:
    """Several player card readers (``RoleSpec.several``): a swipe on seat 3's reader seats at seat 3, on seat
    6's at 6, and the table's reader waits for the croupier to choose the seat."""
    table = load_profile("uth-default")
    players = table.players.model_copy(update={"card_prefix": "601000"})
    devices = table.devices.model_copy(update={
        "shuffler": "sim://shuffler?seed=21", "reader": "sim://usb?seed=22", "link_timeout": 0.5, "approved": {},
        "approve_any": True,
        "player_card": ("sim://track2?seat=3&seed=1", "sim://track2?seat=6&seed=2", "sim://track2?seed=4")})
    creds = CredentialStore(tmp_path / "credentials.json")
    st = Station(table.model_copy(update={"devices": devices, "players": players}), journal_path=tmp_path / "j.sqlite",
                 credentials=creds, program={"version": "test"})
    session = st.start()
    try:
        group = st.drivers[Role.PLAYER_CARD]
        assert session.wait_for(lambda s: s.device("player_card").connected and group.connected, WAIT)
        assert [seat for seat in (3, 6, None) if group.simulator_at(seat) is not None] == [3, 6, None]
        group.simulator_at(6).swipe("2000000006")
        assert session.wait_for(lambda s: 6 in (s.seated or {}), WAIT)
        group.simulator_at(3).swipe("2000000003")
        assert session.wait_for(lambda s: 3 in (s.seated or {}), WAIT)
        group.simulator_at(3).swipe("2000000006")  # seated at 6 already: refused at 3's reader
        group.simulator_at(None).swipe("2000000001")  # the table's reader: no seat chosen, refused
        session.execute("card_seat", 1)
        group.simulator_at(None).swipe("2000000001")
        assert session.wait_for(lambda s: 1 in (s.seated or {}), WAIT)
        seated = [(e.payload["seat"], e.payload["player"]) for e in session.journal.events(kinds={"card_in"})]
    finally:
        st.stop()
    assert seated == [(6, "2000000006"), (3, "2000000003"), (1, "2000000001")]


@pytest.mark.parametrize("urls, problem", [
    (("sim://track2?seat=3", "sim://track2?seat=3&seed=2"), "two devices at seat 3"),
    (("sim://track2", "sim://track2?seed=2"), "two devices at the table"),
    (("sim://track2?seat=3", "sim://track2?seat=9"), "seat 9, and the table has 7 seats"),
    (("sim://track2?seat=3", "sim://track2?seat=x"), "seat is 1-99"),
    (("sim://track2?seat=3", "nosuch://x?seat=4"), "unknown player_card backend"),
])
def test_a_list_of_readers_that_cannot_stand_is_one_line_before_anything_is_written(tmp_path: Path, urls,
                                                                                     problem) -> None:
    table = load_profile("uth-default")
    devices = table.devices.model_copy(update={"player_card": urls})
    with pytest.raises(ConfigError, match=problem) as refused:
        check_devices(table.model_copy(update={"devices": devices}), "uth-default")
    assert "\n" not in str(refused.value) and "devices.player_card" in str(refused.value)
    assert not list(tmp_path.iterdir())


def test_only_a_role_that_may_have_several_takes_a_list() -> None:
    from pydantic import ValidationError

    from dealer_station.config import DeviceConfig

    assert DeviceConfig(player_card=["sim://track2?seat=1", "sim://track2?seat=2"]).urls("player_card") == (
        "sim://track2?seat=1", "sim://track2?seat=2")
    assert DeviceConfig(player_card="").urls("player_card") == ()
    for bad in ({"shuffler": ["sim://shuffler", "sim://shuffler?seed=2"]}, {"player_card": []},
                {"player_card": ["sim://track2?seat=1", "sim://track2?seat=1"]}):
        with pytest.raises(ValidationError):
            DeviceConfig(**bad)
