"""Poker hand evaluation: best five of up to seven cards, from precomputed tables.

Each card maps to a key ``1 << (12 + 3*rank) | 1 << (3*suit)``. The sum of the keys of a
hand holds, in 3-bit fields, how many cards of each rank and of each suit it has; that
sum identifies the hand up to suits. One ``sum`` and two table look-ups rank a hand:

* ``_FLUSH_SUIT[key & 0xFFF]`` says which suit, if any, holds five or more cards;
* without a flush, ``_BY_RANKS[key >> 12]`` gives the strength from rank counts alone;
* with a flush, ``_BY_FLUSH_MASK[ranks in that suit]`` gives flush / straight flush
  (with at most seven cards a flush excludes quads and full houses, so this suffices).

A strength is an ``int``: ``category << 20`` then up to five 4-bit ranks that decide
ties in order (the category's own ranks, then kickers). Higher is better; equal is a
tie. Suits never rank.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from pathlib import Path

from .cards import Card, card_str, rank_of, suit_of
from .hand_category import Category as Category  # the categories it ranks into (re-exported)

CATEGORY_SHIFT = 20
ACE = 12
_WHEEL = (3, 2, 1, 0, ACE)

_KEY: tuple[int, ...] = tuple((1 << (12 + 3 * (c >> 2))) | (1 << (3 * (c & 3))) for c in range(52))


def _pack(category: Category, ranks: Sequence[int]) -> int:
    value = 0
    for r in ranks[:5]:
        value = (value << 4) | r
    value <<= 4 * (5 - min(len(ranks), 5))
    return (int(category) << CATEGORY_SHIFT) | value


def _straight_top(rank_mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1."""
    for top in range(ACE, 3, -1):
        window = 0b11111 << (top - 4)
        if rank_mask & window == window:
            return top
    wheel = (1 << ACE) | 0b1111
    return 3 if rank_mask & wheel == wheel else -1


def _strength_from_counts(counts: Sequence[int]) -> int:
    """Best non-flush strength of a hand given how many cards of each rank it holds."""
    mask = 0
    groups: dict[int, list[int]] = {4: [], 3: [], 2: [], 1: []}
    for rank in range(ACE, -1, -1):
        n = counts[rank]
        if n:
            mask |= 1 << rank
            groups[n].append(rank)
    quads, trips, pairs, singles = groups[4], groups[3], groups[2], groups[1]
    if quads:
        q = quads[0]
        rest = sorted((r for r in range(13) if counts[r] and r != q), reverse=True)
        return _pack(Category.FOUR_OF_A_KIND, [q] + rest[:1])
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max(trips[1:] + pairs)
        return _pack(Category.FULL_HOUSE, [t, p])
    top = _straight_top(mask)
    if top >= 0:
        return _pack(Category.STRAIGHT, [top])
    if trips:
        t = trips[0]
        return _pack(Category.THREE_OF_A_KIND, [t] + singles[:2])
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        kick = sorted(pairs[2:] + singles, reverse=True)[:1]
        return _pack(Category.TWO_PAIR, [hi, lo] + kick)
    if pairs:
        return _pack(Category.ONE_PAIR, [pairs[0]] + singles[:3])
    return _pack(Category.HIGH_CARD, singles[:5])


def _strength_of_flush(rank_mask: int) -> int:
    top = _straight_top(rank_mask)
    if top == ACE:
        return _pack(Category.ROYAL_FLUSH, [ACE])
    if top >= 0:
        return _pack(Category.STRAIGHT_FLUSH, [top])
    ranks = [r for r in range(ACE, -1, -1) if rank_mask >> r & 1]
    return _pack(Category.FLUSH, ranks[:5])


def _build_tables() -> tuple[dict[int, int], list[int], list[int]]:
    by_ranks: dict[int, int] = {}
    for size in range(1, 8):
        for combo in combinations_with_replacement(range(13), size):
            counts = [0] * 13
            for r in combo:
                counts[r] += 1
            if max(counts) > 4:
                continue
            key = 0
            for r in combo:
                key += 1 << (3 * r)
            by_ranks[key] = _strength_from_counts(counts)
    by_flush_mask = [-1] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            by_flush_mask[mask] = _strength_of_flush(mask)
    flush_suit = [-1] * (1 << 12)
    for field in range(1 << 12):
        for suit in range(4):
            if (field >> (3 * suit)) & 7 >= 5:
                flush_suit[field] = suit
    return dict(sorted(by_ranks.items())), by_flush_mask, flush_suit  # key order: what tables_digest reads


Tables = tuple[dict[int, int], list[int], list[int]]
TABLES_DIGEST = "6b8f4e1aa725b0a48687f9f72b1ca6ae01ed552f4db13b77983f3f0e25a6f5e0"
"""SHA-256 of the tables' contents (``tables_digest``): a cached copy is used only when its
contents are exactly these (a damaged or altered file is rebuilt, never believed); a test
checks that a fresh build has this digest."""


def tables_digest(tables: Tables) -> str:
    """A digest of what the tables hold, keys then values in the dict's own order: the tables are built in
    key order, so a copy in any other order digests differently and is rebuilt, never believed. (Reading
    the order as stored, not sorting it, is what makes checking a cached copy ~10 ms, not ~75.)"""
    by_ranks, by_flush_mask, flush_suit = tables
    return hashlib.sha256(array("q", by_ranks.keys()).tobytes() + array("q", by_ranks.values()).tobytes()
                          + array("q", by_flush_mask).tobytes() + array("q", flush_suit).tobytes()).hexdigest()


def _cache_file() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dealer-station" / f"evaluator-{TABLES_DIGEST[:16]}.marshal"


def _load_tables() -> Tables:
    """The tables from the cache when its bytes are the known ones, else built (about a
    second, at every start of every process) and cached for the next start."""
    path = _cache_file()
    try:
        cached: Tables = marshal.loads(path.read_bytes())
        if tables_digest(cached) == TABLES_DIGEST:
            return cached
    except (OSError, ValueError, EOFError, TypeError):
        pass
    tables = _build_tables()
    if tables_digest(tables) == TABLES_DIGEST:
        data = marshal.dumps(tables, 4)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            scratch = path.with_suffix(f".{os.getpid()}.tmp")
            scratch.write_bytes(data)
            os.replace(scratch, path)
        except OSError:
            pass  # a read-only home: build at every start, as before
    return tables


_BY_RANKS, _BY_FLUSH_MASK, _FLUSH_SUIT = _load_tables()


def strength(cards: Sequence[Card]) -> int:
    """Comparable strength of the best five of ``cards`` (1 to 7 distinct cards)."""
    if len(cards) == 7:
        return strength7(cards)
    key = sum([_KEY[c] for c in cards])
    suit = _FLUSH_SUIT[key & 0xFFF]
    if suit < 0:
        return _BY_RANKS[key >> 12]
    return _flush_strength(cards, suit)


def strength7(
    cards: Sequence[Card],
    _k: tuple[int, ...] = _KEY,
    _fs: list[int] = _FLUSH_SUIT,
    _br: dict[int, int] = _BY_RANKS,
) -> int:
    """Strength of exactly seven distinct cards: the showdown hot path.

    No validation and no loop: unpacking and the tables bound as locals make this
    several times cheaper than the generic path.
    """
    a, b, c, d, e, f, g = cards
    key = _k[a] + _k[b] + _k[c] + _k[d] + _k[e] + _k[f] + _k[g]
    suit = _fs[key & 0xFFF]
    if suit < 0:
        return _br[key >> 12]
    return _flush_strength(cards, suit)


def _flush_strength(cards: Sequence[Card], suit: int) -> int:
    mask = 0
    for c in cards:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return _BY_FLUSH_MASK[mask]


def category_of(value: int) -> Category:
    return Category(value >> CATEGORY_SHIFT)


def deciding_ranks(value: int) -> list[int]:
    """The ranks packed in a strength, most significant first (zeros beyond 5 dropped)."""
    return [(value >> (4 * i)) & 0xF for i in range(4, -1, -1)]


def _rank_plan(category: Category, ranks: list[int], n_cards: int) -> list[tuple[int, int]]:
    """(rank, how many cards of it) making up the best hand, in display order."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        top = ranks[0]
        seq = _WHEEL if top == 3 else tuple(range(top, top - 5, -1))
        return [(r, 1) for r in seq]
    shape = {
        Category.FOUR_OF_A_KIND: (4, 1),
        Category.FULL_HOUSE: (3, 2),
        Category.THREE_OF_A_KIND: (3, 1, 1),
        Category.TWO_PAIR: (2, 2, 1),
        Category.ONE_PAIR: (2, 1, 1, 1),
        Category.HIGH_CARD: (1, 1, 1, 1, 1),
        Category.FLUSH: (1, 1, 1, 1, 1),
    }[category]
    plan: list[tuple[int, int]] = []
    used = 0
    for rank, count in zip(ranks, shape):
        if used + count > min(n_cards, 5):
            break
        plan.append((rank, count))
        used += count
    return plan


@dataclass(frozen=True, slots=True)
class HandValue:
    """A hand's best five: category, comparable strength and the cards that make it."""

    category: Category
    strength: int
    best5: tuple[Card, ...]

    def best5_str(self) -> list[str]:
        return [card_str(c) for c in self.best5]


def evaluate(cards: Sequence[Card]) -> HandValue:
    """Best five of ``cards`` with the cards used, for display and records.

    Works for 1 to 7 cards (2 for a Bonus bet, 5 for the jackpot, 7 at showdown);
    with fewer than five cards, ``best5`` holds all of them in ranking order.
    """
    if not 1 <= len(cards) <= 7:
        raise ValueError(f"evaluate needs 1 to 7 cards, got {len(cards)}")
    value = strength(cards)
    category = category_of(value)
    pool = list(cards)
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        counts = [0, 0, 0, 0]
        for c in pool:
            counts[suit_of(c)] += 1
        flush_suit = max(range(4), key=counts.__getitem__)
        pool = [c for c in pool if suit_of(c) == flush_suit]
    by_rank: dict[int, list[Card]] = {}
    for c in sorted(pool, key=lambda c: suit_of(c)):
        by_rank.setdefault(rank_of(c), []).append(c)
    chosen: list[Card] = []
    for rank, count in _rank_plan(category, deciding_ranks(value), len(cards)):
        chosen.extend(by_rank[rank][:count])
    return HandValue(category, value, tuple(chosen))
