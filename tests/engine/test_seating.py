"""The player at the seat: card in (read or keyed), refusals, card out and pause, the rating terms, and logs
that never carry a player id or a card number."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal

import pytest
import structlog

from dealer_station.engine.session import TableSession
from dealer_station.errors import RecordError, RuleError
from dealer_station.journal import Journal
from dealer_station.players.exclusion import ExclusionCache, ExclusionList, parse_exclusions
from dealer_station.profile_loader import load_profile
from dealer_station.table.seated import seated
from dealer_station.wire import reports as rp
from dealer_station.wire.roles import Role
from tests.session.conftest import PROGRAM, ScriptedShoe

NUMBER = "6010001234567890"


@pytest.fixture
def table_with_reader():
    table = load_profile("uth-default")
    players = table.players.model_copy(update={"card_prefix": "601000"})
    return table.model_copy(update={"players": players})


def start(tmp_path, table, credentials, excluded: frozenset[str] = frozenset()) -> tuple[TableSession, Journal]:
    journal = Journal(tmp_path / "journal.sqlite", table_id=table.table_id)
    cache = ExclusionCache(tmp_path / "exclusions.json")
    if excluded:
        cache.update(ExclusionList(excluded, datetime(2026, 12, 5, 9, 0, tzinfo=UTC)))
    session = TableSession(table, journal, shoe=ScriptedShoe(), roles=(Role.PLAYER_CARD,), credentials=credentials,
                           services=(cache,))
    session.start(PROGRAM)
    return session, journal


def swipe(number: str, seat: int | None = 3) -> rp.PlayerCardRead:
    return rp.PlayerCardRead(device="player_card", seat=seat, number=number)


def player_events(journal: Journal) -> list[tuple[str, dict]]:
    kinds = {"card_in", "card_out", "player_paused", "player_resumed", "player_held", "rating_terms"}
    return [(r.kind, r.payload) for r in journal.events() if r.kind in kinds]


def test_a_swipe_seats_the_player_a_second_seat_is_refused_and_card_out_frees_them(tmp_path, table_with_reader,
                                                                                   credentials) -> None:
    session, journal = start(tmp_path, table_with_reader, credentials)
    with structlog.testing.capture_logs() as logs:
        session.report(swipe(NUMBER, seat=3))
        session.report(swipe(NUMBER, seat=5))        # the same card at another seat: refused
        session.report(swipe("9999991234567890", 4))  # another casino's card
        session.report(rp.PlayerCardBad(device="player_card", seat=4, reason="no end sentinel: a partial track"))
        with pytest.raises(RuleError, match="already seated at seat 3"):
            session.execute("card_in", 6, "1234567890")
        session.execute("pause_player", 3)
        session.execute("resume_player", 3)
        session.execute("card_out", 3)
        session.execute("card_in", 6, "1234567890")   # keyed, now that the seat 3 is free
    assert player_events(journal) == [
        ("card_in", {"seat": 3, "player": "1234567890", "source": "card", "reader": "player_card"}),
        ("player_paused", {"seat": 3, "player": "1234567890"}),
        ("player_resumed", {"seat": 3, "player": "1234567890"}),
        ("card_out", {"seat": 3, "player": "1234567890"}),
        ("card_in", {"seat": 6, "player": "1234567890", "source": "keyed", "reader": None}),
    ]
    assert {s: p.player for s, p in seated(session.view().state).items()} == {6: "1234567890"}
    refused = [(e["seat"], e["reason"]) for e in logs if e["event"] == "player_card_refused"]
    assert refused == [(5, "already seated at seat 3"), (4, "a card of another casino")]
    text = json.dumps(logs, default=str)
    assert "1234567890" not in text and NUMBER not in text  # neither the player nor the card in the logs
    journal.close()


def test_an_excluded_card_is_refused_at_card_in_and_the_refusal_says_since_when(tmp_path, table_with_reader,
                                                                                credentials) -> None:
    session, journal = start(tmp_path, table_with_reader, credentials, excluded=frozenset({"1234567890"}))
    session.report(swipe(NUMBER))
    with pytest.raises(RuleError, match=r"excluded.*2026-12-05T09:00:00\+00:00"):
        session.execute("card_in", 2, "1234567890")
    session.execute("card_in", 2, "P-2002")
    assert [p["player"] for _k, p in player_events(journal)] == ["P-2002"]
    journal.close()


@pytest.mark.parametrize("seat, player, field", [
    (3, "", "player"), (3, "P 1001", "player"), (3, "x" * 65, "player"), (3, "-P1", "player"),
    (3, "P-1\n", "player"), (3, 1001, "player"), (0, "P-1", "seat"), (8, "P-1", "seat"), (True, "P-1", "seat"),
    ("3", "P-1", "seat"),
])
def test_hostile_keyed_ids_and_seats_are_refused_and_nothing_is_journaled(tmp_path, table_with_reader, credentials,
                                                                          seat, player, field) -> None:
    session, journal = start(tmp_path, table_with_reader, credentials)
    before = journal.last_seq
    with pytest.raises(RuleError) as refused:
        session.execute("card_in", seat, player)
    assert refused.value.field == field and "\n" not in str(refused.value)
    assert journal.last_seq == before
    journal.close()


def test_rating_terms_are_signed_by_a_supervisor_and_hostile_terms_are_refused(tmp_path, table_with_reader,
                                                                             credentials) -> None:
    session, journal = start(tmp_path, table_with_reader, credentials)
    for theo, rate, source in [({"blind": "0.01"}, "0.2", "x"), ({"ante": "2"}, "0.2", "x"),
                               ({"ante": 0.02}, "0.2", "x"), ({"ante": "0.02"}, "1.5", "x"),
                               ({"ante": "0.02"}, "0.2", ""), ({}, "0.2", "x")]:
        with pytest.raises(RuleError):
            session.supervise("rating_terms", "0412", "2468", "casino's own sheet", theo=theo, comp_rate=rate,
                              source=source)
    session.supervise("rating_terms", "0412", "2468", "casino's own sheet",
                      theo={"ante": "0.0219", "trips": "0.035"}, comp_rate="0.3", source="casino analysis 2026")
    assert player_events(journal) == [("rating_terms", {"theo": {"ante": "0.0219", "trips": "0.035"},
                                                        "comp_rate": "0.3", "source": "casino analysis 2026",
                                                        "by": "0412"})]
    assert session.view().state.rating_terms.comp_rate == Decimal("0.3")
    journal.close()


@pytest.mark.parametrize("raw", [
    [], {"players": []}, {"as_of": None, "players": "P-1"}, {"as_of": "2026-12-05T09:00:00", "players": []},
    {"as_of": None, "players": ["P 1"]}, {"as_of": None, "players": [1]}, {"as_of": "x" * 100, "players": []},
    {"as_of": None, "players": [], "extra": 1},
])
def test_a_hostile_exclusion_list_is_one_line(raw) -> None:
    with pytest.raises(RecordError) as refused:
        parse_exclusions(raw)
    assert "\n" not in str(refused.value)


def test_the_cached_list_survives_a_restart_and_a_torn_file_is_refused(tmp_path) -> None:
    cache = ExclusionCache(tmp_path / "ex.json")
    assert cache.since() == "never received"
    cache.update(ExclusionList(frozenset({"P-9"}), datetime(2026, 12, 5, 8, 30, tzinfo=UTC)))
    again = ExclusionCache(tmp_path / "ex.json")
    assert again.current().excludes("P-9") and again.since() == "2026-12-05T08:30:00+00:00"
    (tmp_path / "ex.json").write_text('{"as_of": null, "pla')
    with pytest.raises(RecordError, match="not JSON"):
        ExclusionCache(tmp_path / "ex.json")


def test_a_seat_whose_player_becomes_excluded_is_held_and_takes_no_stake(tmp_path, table_with_reader,
                                                                       credentials) -> None:
    journal = Journal(tmp_path / "journal.sqlite", table_id=table_with_reader.table_id)
    cache = ExclusionCache(tmp_path / "exclusions.json")
    shoe = ScriptedShoe()
    session = TableSession(table_with_reader, journal, shoe=shoe, credentials=credentials, services=(cache,))
    shoe.session = session
    session.start(PROGRAM)
    session.execute("card_in", 2, "P-2002")
    session.execute("card_in", 4, "P-4004")
    assert session.execute("hold_excluded") == []  # nobody listed yet
    cache.update(ExclusionList(frozenset({"P-4004"}), datetime(2026, 12, 5, 11, 0, tzinfo=UTC)))
    assert session.execute("hold_excluded") == [4]
    assert session.execute("hold_excluded") == []  # held once
    session.execute("open_round")
    session.execute("set_bets", 2, {"ante": "10", "blind": "10"})
    with pytest.raises(RuleError, match="seat 4 is held"):
        session.execute("set_bets", 4, {"ante": "10", "blind": "10"})
    session.execute("card_out", 4)  # the player leaves the table: the seat is free again
    held = [(k, p) for k, p in player_events(journal) if k == "player_held"]
    assert held == [("player_held", {"seat": 4, "player": "P-4004", "reason": "excluded",
                                     "list_as_of": "2026-12-05T11:00:00+00:00"})]
    journal.close()


def test_a_table_readers_card_goes_to_the_seat_the_croupier_chose(tmp_path, table_with_reader, credentials) -> None:
    session, journal = start(tmp_path, table_with_reader, credentials)
    with structlog.testing.capture_logs() as logs:
        session.report(swipe(NUMBER, seat=None))  # no seat chosen: refused
        session.execute("card_seat", 5)
        session.report(swipe(NUMBER, seat=None))
        session.report(swipe("6010005555", seat=None))  # the choice was used up
    assert [(p["seat"], p["player"]) for _k, p in player_events(journal)] == [(5, "1234567890")]
    assert [e["reason"] for e in logs if e["event"] == "player_card_refused"] == [
        "a card read at the table's reader: choose the seat first"] * 2
    journal.close()


def test_the_player_events_round_trip_with_exactly_the_contracts_keys() -> None:
    from dealer_station.table.event_base import decode
    from dealer_station.table.seated import CardIn, PlayerHeld, RatingTerms

    events = [CardIn(3, "P-1", "keyed", None), PlayerHeld(3, "P-1", "excluded", None),
              RatingTerms({"ante": Decimal("0.02185")}, Decimal("0.25"), "par sheet", "0412")]
    keys = [sorted(e.payload()) for e in events]
    assert keys == [["player", "reader", "seat", "source"], ["list_as_of", "player", "reason", "seat"],
                    ["by", "comp_rate", "source", "theo"]]
    assert [decode(e.kind, e.payload()) for e in events] == events
