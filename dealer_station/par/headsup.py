"""Exact head-to-head counts on a shared board, by full enumeration with numpy.

How often does a seat's seven-card hand of a given category *beat* the dealer's? That is
what UTH's Blind pays on (GAMES.md §2), and it is not a function of the seat's seven cards
alone: it needs every (board, seat hole, dealer hole) deal, 2,598,960 x 1,081 x 990 of them.

The count is exact and takes seconds:

* boards are reduced by suit symmetry: suits renamed in order of first appearance give
  160,537 boards standing for all 2,598,960 (each weighted by how many it stands for);
* on each board every two-card hole is ranked at once from the evaluator's own tables
  (``evaluator._BY_RANKS`` / ``_FLUSH_SUIT`` / ``_BY_FLUSH_MASK``): the board's key plus
  the hole's key; the rank-multiset look-up is done once per board for each of the 91
  rank pairs a hole can have, the flush table for the few flush hands;
* for a seat hand of category straight or better, only dealer hands of straight or better
  can tie or beat it: those are counted with two sorted searches (all of them, minus those
  sharing a card with the seat's hole, by inclusion-exclusion); every other dealer hand
  loses to it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from .. import evaluator
from ..evaluator import CATEGORY_SHIFT, Category
from . import exact

Progress = Callable[[str], None]
Array = Any  # numpy arrays (numpy's own typing is not what this module checks)

_STRENGTH_SPAN = 1 << 25  # every strength is below this (category <= 9 at bit 20)
BATCH = 1500  # boards per batch: ~2 million holes in memory at once


def _seven_card_ranks() -> tuple[Array, Array]:
    """The evaluator's rank-multiset table restricted to seven cards: sorted keys, strengths."""
    items = sorted((k, v) for k, v in evaluator._BY_RANKS.items() if sum((k >> (3 * r)) & 7 for r in range(13)) == 7)
    return np.array([k for k, _ in items], dtype=np.int64), np.array([v for _, v in items], dtype=np.int64)


class SevenCardTables:
    """The evaluator's tables as numpy arrays, for whole batches of seven-card hands."""

    def __init__(self) -> None:
        self.key = np.array(evaluator._KEY, dtype=np.int64)
        self.flush_suit = np.array(evaluator._FLUSH_SUIT, dtype=np.int64)
        self.by_flush_mask = np.array(evaluator._BY_FLUSH_MASK, dtype=np.int64)
        self.rank_keys, self.rank_strengths = _seven_card_ranks()

    def by_ranks(self, rank_keys: Array) -> Array:
        """Non-flush strength of seven-card rank keys (``key >> 12``); garbage for impossible keys."""
        index = np.minimum(np.searchsorted(self.rank_keys, rank_keys), len(self.rank_keys) - 1)
        return self.rank_strengths[index]

    def strengths(self, cards: Array) -> Array:
        """``strength7`` of each row of an (n, 7) card array."""
        keys = self.key[cards].sum(axis=1)
        out = self.by_ranks(keys >> 12)
        suit = self.flush_suit[keys & 0xFFF]
        flush = np.nonzero(suit >= 0)[0]
        if flush.size:
            rows, fs = cards[flush], suit[flush][:, None]
            mask = (((rows & 3) == fs).astype(np.int64) << (rows >> 2)).sum(axis=1)
            out[flush] = self.by_flush_mask[mask]
        return out


def representative_boards() -> tuple[Array, Array]:
    """Boards with suits renamed in order of first appearance, and how many boards each stands for."""
    boards = np.array(list(combinations(range(52), 5)), dtype=np.int64)
    suits, ranks = boards & 3, boards >> 2
    first = np.full((len(boards), 4), 5)
    for s in range(4):
        present = suits == s
        first[:, s] = np.where(present.any(axis=1), present.argmax(axis=1), 5)
    label = np.argsort(np.argsort(first, axis=1, kind="stable"), axis=1)
    renamed = np.sort(ranks * 4 + np.take_along_axis(label, suits, axis=1), axis=1)
    code = renamed @ (52 ** np.arange(4, -1, -1))
    unique, index, weight = np.unique(code, return_index=True, return_counts=True)
    return renamed[index], weight


class _Holes:
    """Every two-card hole (1,326 of them), as the counting needs them."""

    def __init__(self, tables: SevenCardTables) -> None:
        self.tables = tables
        self.pairs = np.array(list(combinations(range(52), 2)), dtype=np.int64)
        self.keys = tables.key[self.pairs].sum(axis=1)
        self.bits = (np.int64(1) << self.pairs[:, 0]) | (np.int64(1) << self.pairs[:, 1])
        rank_pairs = [(a, b) for a in range(13) for b in range(a, 13)]
        self.rank_pair_keys = np.array([(1 << (3 * a)) + (1 << (3 * b)) for a, b in rank_pairs], dtype=np.int64)
        where = {rp: i for i, rp in enumerate(rank_pairs)}
        self.rank_pair = np.array([where[(int(a) >> 2, int(b) >> 2)] for a, b in self.pairs], dtype=np.int64)

    def wins(self, boards: Array, weights: Array, minimum: Category) -> Array:
        """Weighted number of (seat hole, dealer hole) pairs on ``boards`` where the seat's hand
        has category c >= ``minimum`` and beats the dealer's, by category (an array of 10)."""
        tables, pairs = self.tables, self.pairs
        board_keys = tables.key[boards].sum(axis=1)
        board_bits = (np.int64(1) << boards).sum(axis=1)
        valid = (board_bits[:, None] & self.bits[None, :]) == 0
        by_rank_pair = tables.by_ranks((board_keys >> 12)[:, None] + self.rank_pair_keys[None, :])
        strength = by_rank_pair[:, self.rank_pair]
        suit = tables.flush_suit[(board_keys[:, None] + self.keys[None, :]) & 0xFFF]
        fb, fp = np.nonzero((suit >= 0) & valid)
        if fb.size:
            fs = suit[fb, fp][:, None]
            cards = np.concatenate([boards[fb], pairs[fp]], axis=1)
            mask = (((cards & 3) == fs).astype(np.int64) << (cards >> 2)).sum(axis=1)
            strength[fb, fp] = tables.by_flush_mask[mask]
        tb, tp = np.nonzero(valid & (strength >= (int(minimum) << CATEGORY_SHIFT)))
        ts = strength[tb, tp]
        # Dealer holes at least as strong as the seat's: all of them on the board ...
        by_board = np.sort(tb * _STRENGTH_SPAN + ts)
        at_least = (np.searchsorted(by_board, (tb + 1) * _STRENGTH_SPAN)
                    - np.searchsorted(by_board, tb * _STRENGTH_SPAN + ts))
        # ... minus those sharing a card with the seat's hole (the hole itself is in both lists).
        c1, c2 = pairs[tp, 0], pairs[tp, 1]
        by_card = np.sort(np.concatenate([(tb * 52 + c1) * _STRENGTH_SPAN + ts, (tb * 52 + c2) * _STRENGTH_SPAN + ts]))
        for card in (c1, c2):
            base = (tb * 52 + card) * _STRENGTH_SPAN
            at_least -= np.searchsorted(by_card, base + _STRENGTH_SPAN) - np.searchsorted(by_card, base + ts)
        at_least += 1
        wins = np.zeros(10, dtype=np.int64)
        np.add.at(wins, ts >> CATEGORY_SHIFT, (comb(45, 2) - at_least) * weights[tb])
        return wins


def beats_dealer_counts(minimum: Category = Category.STRAIGHT, progress: Progress | None = None
                        ) -> tuple[dict[Category, int], int, dict[str, float]]:
    """For each category >= ``minimum``: the number of deals (board, seat hole, dealer hole) in
    which the seat's hand has that category and beats the dealer's; and the number of deals."""
    started = time.perf_counter()
    holes = _Holes(SevenCardTables())
    boards, weights = representative_boards()
    if progress:
        progress(f"Blind: head-to-head over {len(boards):,} boards standing for {int(weights.sum()):,}")
    wins = np.zeros(10, dtype=np.int64)
    for start in range(0, len(boards), BATCH):
        wins += holes.wins(boards[start:start + BATCH], weights[start:start + BATCH], minimum)
        if progress and (start // BATCH) % 25 == 24:
            progress(f"Blind: {min(start + BATCH, len(boards)):,}/{len(boards):,} boards")
    deals = comb(52, 5) * comb(47, 2) * comb(45, 2)
    counts = {Category(c): int(wins[c]) for c in range(int(minimum), 10)}
    return counts, deals, {"boards": float(len(boards)), "elapsed_s": time.perf_counter() - started}


def blind_win_counts() -> tuple[dict[Category, int], int]:
    """``beats_dealer_counts()`` for straight and better, as shipped (``exact``; the tests enumerate
    it again and compare)."""
    return exact.blind_wins()
