"""Cards as small ints (rank * 4 + suit) with the spec's two-character notation.

A card is an ``int`` in 0..51 so that hands are cheap tuples and the evaluator can
index tables directly. ``parse_card`` is the single place text becomes a card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = 52

Card = int

_CARD_TEXT: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_PARSE: dict[str, Card] = {}
for _i, _t in enumerate(_CARD_TEXT):
    for _r in {_t[0], _t[0].lower()}:
        for _s in {_t[1], _t[1].upper()}:
            _PARSE[_r + _s] = _i
    if _t[0] == "T":
        _PARSE["10" + _t[1]] = _i
        _PARSE["10" + _t[1].upper()] = _i


def parse_card(text: object, field: str | None = None) -> Card:
    """Parse ``As``, ``td``, ``10h`` ... into a card; anything else is a ``CardError``."""
    if isinstance(text, str):
        card = _PARSE.get(text.strip())
        if card is not None:
            return card
    raise CardError(f"unknown card {text!r} (expected rank 23456789TJQKA and suit cdhs, e.g. 'As')", field)


def card_str(card: Card) -> str:
    """Canonical text of a card (``As``, ``Td``)."""
    return _CARD_TEXT[card]


SUIT_GLYPHS = "\u2663\u2666\u2665\u2660"
"""Clubs, diamonds, hearts, spades: the suits as people read them."""


def card_face(card: Card) -> str:
    """A card as a croupier writes it: "10♥", "A♠" (no language's letters, so every screen says it alike)."""
    rank = RANKS[rank_of(card)]
    return ("10" if rank == "T" else rank) + SUIT_GLYPHS[suit_of(card)]


def cards_str(cards: Iterable[Card]) -> list[str]:
    return [_CARD_TEXT[c] for c in cards]


def rank_of(card: Card) -> int:
    """0 for a deuce ... 12 for an ace."""
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


def parse_cards(values: object, field: str, count: int | None = None) -> list[Card]:
    """Parse a list of card strings, checking the count and that none repeats within it."""
    if not isinstance(values, (list, tuple)):
        raise CardError("must be a list of cards", field)
    if count is not None and len(values) != count:
        raise CardError(f"needs {count} cards, got {len(values)}", field)
    cards = [parse_card(v, f"{field}[{i}]") for i, v in enumerate(values)]
    ensure_distinct([(field, cards)])
    return cards


def ensure_distinct(groups: Iterable[tuple[str, Sequence[Card]]]) -> None:
    """Refuse any card that appears twice across the named groups, naming both places."""
    seen: dict[Card, str] = {}
    for field, cards in groups:
        for i, card in enumerate(cards):
            where = f"{field}[{i}]"
            if card in seen:
                raise CardError(f"card {card_str(card)} used twice (also at {seen[card]})", where)
            seen[card] = where


def full_deck() -> list[Card]:
    return list(range(DECK_SIZE))
