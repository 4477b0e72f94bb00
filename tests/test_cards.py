"""Card notation (GAMES.md: rank 23456789TJQKA, suit cdhs; input may use 10 and any case)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_station.cards import (
    DECK_SIZE,
    RANKS,
    SUITS,
    card_str,
    cards_str,
    ensure_distinct,
    full_deck,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from dealer_station.errors import CardError

ALL_TEXT = [r + s for r in RANKS for s in SUITS]


def test_deck_has_52_distinct_cards_with_canonical_text():
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 52
    assert len(set(deck)) == 52
    texts = cards_str(deck)
    assert sorted(texts) == sorted(ALL_TEXT)


@pytest.mark.parametrize("text", ALL_TEXT)
def test_every_card_round_trips(text):
    card = parse_card(text)
    assert card_str(card) == text
    assert parse_card(card_str(card)) == card
    assert RANKS[rank_of(card)] == text[0]
    assert SUITS[suit_of(card)] == text[1]


def test_card_text_is_a_bijection_over_the_deck():
    assert {parse_card(card_str(c)) for c in full_deck()} == set(full_deck())


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10h", "Th"),
        ("10S", "Ts"),
        ("10d", "Td"),
        ("10C", "Tc"),
        ("th", "Th"),
        ("TH", "Th"),
        ("as", "As"),
        ("AS", "As"),
        ("aS", "As"),
        ("kD", "Kd"),
        ("qc", "Qc"),
        ("j s", None),  # inner space is not whitespace around a card: refused below
        ("  As  ", "As"),
        ("\t9c\n", "9c"),
        (" 10h ", "Th"),
        ("2C", "2c"),
    ],
)
def test_spec_notation_variants_parse_to_canonical(text, canonical):
    if canonical is None:
        with pytest.raises(CardError):
            parse_card(text, "card")
        return
    assert card_str(parse_card(text)) == canonical


@given(st.sampled_from(ALL_TEXT), st.lists(st.booleans(), min_size=2, max_size=2),
       st.sampled_from(["", " ", "\t"]), st.sampled_from(["", " ", "\n"]))
def test_any_case_and_surrounding_whitespace_parse_the_same(text, upper, before, after):
    variant = "".join(ch.upper() if up else ch.lower() for ch, up in zip(text, upper))
    if text[0] == "T" and upper[0]:
        variant = "10" + variant[1:]
    assert parse_card(before + variant + after) == parse_card(text)


@pytest.mark.parametrize("bad", ["1s", "Ax", "", None, 5, "AsK", "11s", "0s", "As Ks", "A", "s", "1 0h", b"As", 3.0])
def test_malformed_cards_raise_card_error_naming_the_field(bad):
    with pytest.raises(CardError) as info:
        parse_card(bad, "seats[3].hole[1]")
    assert info.value.field == "seats[3].hole[1]"
    assert str(info.value).startswith("seats[3].hole[1]: ")
    assert repr(bad) in str(info.value)


def test_parse_cards_names_the_index_of_the_bad_card():
    with pytest.raises(CardError) as info:
        parse_cards(["As", "Zz"], "dealer")
    assert info.value.field == "dealer[1]"


@pytest.mark.parametrize(("values", "count"), [(["As"], 2), (["As", "Kd", "2c"], 2), ([], 5), (["As"] * 6, 5)])
def test_count_is_checked(values, count):
    with pytest.raises(CardError) as info:
        parse_cards(values, "board", count=count)
    assert info.value.field == "board"
    assert f"needs {count} cards, got {len(values)}" in str(info.value)


@pytest.mark.parametrize("values", ["As Kd", None, 7, {"0": "As"}])
def test_non_list_is_refused(values):
    with pytest.raises(CardError) as info:
        parse_cards(values, "board")
    assert info.value.field == "board"


def test_parse_cards_accepts_list_or_tuple_and_returns_cards_in_order():
    assert cards_str(parse_cards(("10h", "as", "2C"), "hole", count=3)) == ["Th", "As", "2c"]
    assert parse_cards([], "board", count=0) == []


def test_duplicate_within_one_group_names_both_places():
    with pytest.raises(CardError) as info:
        parse_cards(["As", "Kd", "as"], "board")
    assert info.value.field == "board[2]"
    assert "As" in str(info.value) and "board[0]" in str(info.value)


def test_duplicate_written_differently_is_still_a_duplicate():
    with pytest.raises(CardError):
        parse_cards(["Th", "10h"], "hole")


def test_duplicate_across_groups_names_both_places():
    hole = parse_cards(["As", "Kd"], "seats[2].hole")
    board = parse_cards(["2c", "7h", "Kd", "9s", "Jc"], "board")
    with pytest.raises(CardError) as info:
        ensure_distinct([("seats[2].hole", hole), ("board", board)])
    assert info.value.field == "board[2]"
    message = str(info.value)
    assert "seats[2].hole[1]" in message and "board[2]" in message and "Kd" in message


def test_distinct_groups_pass():
    groups = [("dealer", [0, 1]), ("board", [2, 3, 4, 5, 6]), ("seats[1].hole", [7, 8])]
    ensure_distinct(groups)  # no exception
    ensure_distinct([("deck", full_deck())])


@given(st.lists(st.integers(0, 51), min_size=2, max_size=12))
def test_ensure_distinct_refuses_exactly_when_a_card_repeats(cards):
    half = len(cards) // 2
    groups = [("a", cards[:half]), ("b", cards[half:])]
    if len(set(cards)) == len(cards):
        ensure_distinct(groups)
    else:
        with pytest.raises(CardError):
            ensure_distinct(groups)
