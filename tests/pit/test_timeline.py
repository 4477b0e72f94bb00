"""A round's timeline in sentences (issue 39, item 17) and the journal's actors by name (item 15): every
kind a station journals is said in words, never as ``key=value``; a kind the page does not know is still
shown; what a station wrote is escaped; supervisor:0412 is the pit user holding badge 0412."""

from __future__ import annotations

import re
from typing import Any

from markupsafe import Markup

from dealer_station.cards import parse_card
from dealer_station.games import GAMES  # noqa: F401  (registers every game's event kinds)
from dealer_station.pit.texts import ENGLISH, LANGUAGES, game_name
from dealer_station.pit.timeline import BUILDERS, Names, sentence
from dealer_station.table.event_base import _REGISTRY

KEY_VALUE = re.compile(r"\b[a-z_]+=\S")
NAMES = Names(holders={"0412": "maria"}, dealer="Ann Dealer")


def text(kind: str, payload: dict[str, Any], names: Names = NAMES) -> str:
    """What the page shows: the sentence without its markup."""
    said = sentence(kind, payload, names)
    assert isinstance(said, Markup)
    return re.sub(r"<[^>]+>", "", str(said)).replace("&#39;", "'").replace("&amp;", "&")


def test_every_kind_a_station_journals_has_a_sentence() -> None:
    assert sorted(set(_REGISTRY) - set(BUILDERS)) == []
    for key in ENGLISH:  # the one catalogue: every language has the same keys (English is the only one yet)
        assert all(key in lang or lang is ENGLISH for lang in LANGUAGES.values())


def test_events_read_as_sentences_with_cards_places_and_amounts() -> None:
    ace, five = parse_card("As"), parse_card("5c")
    assert text("card_dealt", {"card": ace, "index": 0, "position": "seat3"}) == "The shoe dealt A\u2660 to seat 3 (card 1)."
    assert text("card_revealed", {"card": five, "read": ace, "index": 1, "position": "board", "manual": False}) == (
        "The reader read A\u2660 at the board, card 2; the card is 5\u2663.")
    assert text("deck_verified", {"count": 52, "duplicates": [], "extra": [], "missing": [], "ok": True}) == (
        "Deck verified: 52 cards, none missing, none twice.")
    assert text("deck_verified", {"count": 51, "duplicates": [], "extra": [], "missing": [ace], "ok": False}) == (
        "Deck check failed: 51 cards; missing A\u2660; extra \u2013; twice \u2013.")
    assert text("no_more_bets", {"stakes": {"1": "6", "2": "31"}}) == "No more bets. Stakes: seat 1 6, seat 2 31."
    assert text("decision", {"action": "play4x", "seat": 7, "street": "preflop"}) == "Seat 7 plays 4x (preflop)."
    assert text("seat_paid", {"net": "-20", "seat": 6}) == "Seat 6 loses 20."
    assert text("jackpot_award", {"amount": "251.87", "category": "straight_flush", "needs_verification": True,
                                  "percent": "50", "seat": 1}) == (
        "Jackpot: seat 1's straight flush wins 50% of the meter: 251.87, held for a supervisor's verification.")
    assert text("jackpot_reversal", {"of": {"kind": "jackpot_contribution", "seat": 1, "stake": "1",
                                            "to_meter": "0.25", "to_overflow": "0"}}) == (
        "Taken back (the round is void): Seat 1's Pool stake 1 adds 0.25 to the meter.")
    assert text("deal_started", {"by_hand": False, "packets": [["board", 5], ["seat1", 2], ["dealer", 2]]}) == (
        "Dealing from the shoe: 5 to the board, 2 to seat 1, 2 to the dealer.")


def test_who_acted_by_name_and_role() -> None:
    assert text("round_voided", {"by": "supervisor:0412", "cause": "jam", "phase": "dealing", "reason": "shoe jammed",
                                 "returned": {"1": "10"}}) == (
        "maria (supervisor, badge 0412) voided the round during dealing: Shoe jam (\u201cshoe jammed\u201d). "
        "Stakes returned: seat 1 10.")
    assert str(NAMES.who("supervisor:9999")) == "supervisor with badge 9999"  # a badge the pit does not know
    assert str(NAMES.who("croupier")) == "Ann Dealer (croupier)"
    assert str(Names().who("croupier")) == "the croupier"
    assert str(NAMES.who("device:shuffler")) == "the shoe (device)"
    assert str(NAMES.who("station")) == "the station"
    assert game_name("holdem_bonus") == "Texas Hold'em Bonus" and game_name("uth") == "Ultimate Texas Hold'em"


def test_an_unknown_kind_or_a_damaged_payload_is_still_shown_and_a_stations_text_is_escaped() -> None:
    assert text("a_newer_kind", {"seat": 2, "what": "x"}) == "a newer kind: seat 2, what x"
    assert text("card_dealt", {"card": "garbage"}).startswith("The shoe dealt garbage")
    hostile = str(sentence("halted", {"text": "<script>alert(1)</script>", "cause": "jam", "kind": "fault"}, NAMES))
    assert "<script>" not in hostile and "&lt;script&gt;" in hostile
    for kind in BUILDERS:  # any payload at all: a sentence, never an error, never key=value
        said = text(kind, {})
        assert said and not KEY_VALUE.search(said), (kind, said)


def test_the_tray_antennas_events_read_as_sentences() -> None:
    assert text("tray_scanned", {"shift": 1, "after_round": "T1-000007", "sensed": {"25": 4, "100": 2},
                                 "confirm_rounds": 3, "unread": [], "unknown": 0}) == (
        "The tray antenna read the tray after round T1-000007: 2 x 100, 4 x 25 (300).")
    assert "column(s) 3 unread" in text("tray_scanned", {"shift": 1, "after_round": "T1-000008", "sensed": {},
                                                         "confirm_rounds": 3, "unread": [3], "unknown": 0})
    said = text("tray_alarm", {"shift": 1, "after_round": "T1-000007", "confirmed_by": "T1-000009",
                               "difference": "-55", "moved": {"5": -1, "25": -3}})
    assert said.startswith("TRAY ALARM: the tray is -55 off what moved, since round T1-000007 (held until round "
                           "T1-000009); chips that moved: -3 x 25, -1 x 5.")
    assert text("tray_alarm_cleared", {"shift": 1, "after_round": "T1-000007", "supervisor": "0412",
                                       "reason": "two 25s palmed"}) == (
        "Supervisor 0412 cleared the tray alarm of round T1-000007: \u201ctwo 25s palmed\u201d.")
    assert text("shift_closed", {"shift": 2, "closer": {"25": 4}, "dealer": "Ann", "supervisor": "0412",
                                 "sensed": True}).startswith("Shift 2 closed with the tray the antenna read")


def test_the_journals_years_in_sentences_disk_room_and_archived_segments() -> None:
    halt = text("disk_space", {"level": "halt", "free_bytes": 7_340_032, "warn_bytes": 130_000_000,
                               "halt_bytes": 9_300_000})
    assert halt.startswith("DISK HALT") and "7.3 MB free (below 9.3 MB)" in halt
    assert "running low: 120.0 MB free" in text("disk_space", {"level": "warning", "free_bytes": 120_000_000,
                                                                "warn_bytes": 130_000_000, "halt_bytes": 9_300_000})
    assert text("disk_space", {"level": "ok", "free_bytes": 20_000_000_000, "warn_bytes": 1,
                               "halt_bytes": 1}) == "The journal's disk has room again: 20.0 GB free."
    archived = text("segment_archived", {"first_seq": 2, "last_seq": 1041, "first_prev_hash": "a" * 64,
                                         "last_hash": "b" * 64, "sha256": "0123456789abcdef" * 4,
                                         "gaming_day": "2026-12-01", "records": 1040, "file": "T1-000002.jsonl.gz"})
    assert archived.startswith("Records 2 to 1041 (1040 records, gaming day 2026-12-01) archived as T1-000002.jsonl.gz")
    assert "sha256 0123456789ab\u2026" in archived
