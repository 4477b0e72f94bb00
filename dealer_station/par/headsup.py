"""Exact head-to-head counts on a shared board, by full enumeration with numpy.

How often does a seat's seven-card hand of a given category *beat* the dealer's? That is
what UTH's Blind pays on (GAMES.md §2), and it is not a function of the seat's seven cards
alone: it needs every (board, seat hole, dealer hole) deal, 2,598,960 x 1,081 x 990 of them.

The count is exact and takes under two seconds of CPU:

* boards are reduced by suit symmetry: suits renamed in order of first appearance give
  160,537 boards standing for all 2,598,960 (each weighted by how many it stands for). All
  boards are built at once as an int8 array (no Python tuples), renamed through a table of
  the 4**5 suit sequences, re-sorted by a sorting network, and sent to their representative's
  lexicographic index, so that one ``bincount`` gives the weights;
* strengths come from the evaluator's own tables (``evaluator._BY_RANKS`` /
  ``_BY_FLUSH_MASK``), precomputed once as *dense ranks*: 0 for a hand below the minimum
  category, else 1 + its place among the distinct strengths at or above it (equal strength,
  equal rank, higher is stronger), so every rank fits 13 bits. A board's rank multiset (one of
  6,175) picks a row of ranks for the 91 rank pairs a hole can have, which ranks every hole
  without a flush; the holes that make a flush (both cards of the board's three-card suit, at
  least one of its four-card suit, any hole on a five-card one) are ranked from the flush
  table instead; holes sharing a card with the board are zeroed. Boards go in batches of
  ``BATCH``, a (boards, 1,326) int16 array that stays in cache;
* for a seat hand of category >= the minimum (straight), only dealer hands of that minimum or
  better can tie or beat it, and the dealer hands disjoint from the seat's hole that do are all
  the board's such hands, minus those holding either of the seat's two cards, plus the seat's
  hole itself (inclusion-exclusion); every other dealer hand loses to it. Each of those three
  counts is a rank within a group: the qualifying holes keyed ``board << 13 | rank``, and each
  of them twice more keyed ``(board * 52 + card) << 13 | rank``, are sorted as int32; in a
  sorted group, a run of equal keys starting at ``p`` has ``end - p`` entries at least as
  strong. As the wins are sums, they are summed run by run (length x board weight x count, by
  dense rank, then by category): no entry is mapped back to its hole, and no search is made.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

import numpy as np

from .. import evaluator
from ..evaluator import CATEGORY_SHIFT, Category
from . import exact

Progress = Callable[[str], None]
Array = Any  # numpy arrays (numpy's own typing is not what this module checks)

BATCH = 1024  # boards per batch: ~1.4 million holes (2.7 MB of int16 ranks) at once
_DENSE_BITS = 13  # every dense rank is below 1 << 13 (at most 7,462 distinct strengths, plus 0)
_DENSE_MASK = (1 << _DENSE_BITS) - 1
_CHUNK = 4096  # at most this many boards per sort, so that (board * 52 + card) << 13 fits int32
_DEALER_HOLES_LEFT = comb(45, 2)  # dealer holes once the board and the seat's hole are out: 990


def _seven_card_ranks() -> tuple[Array, Array]:
    """The evaluator's rank-multiset table restricted to seven cards: sorted keys, strengths."""
    keys = np.fromiter(evaluator._BY_RANKS.keys(), dtype=np.int64, count=len(evaluator._BY_RANKS))
    strengths = np.fromiter(evaluator._BY_RANKS.values(), dtype=np.int64, count=len(evaluator._BY_RANKS))
    cards = sum((keys >> (3 * r)) & 7 for r in range(13))
    order = np.argsort(keys[cards == 7])
    return keys[cards == 7][order], strengths[cards == 7][order]


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


def _combinations(n: int, k: int) -> Array:
    """Every k-subset of range(n) as a sorted row, rows in lexicographic order (``itertools.combinations``'s)."""
    rows = np.arange(n, dtype=np.int8)[:, None]  # the 1-subsets
    for size in range(2, k + 1):
        # The (size - 1)-subsets of range(first + 1, n) are the last C(n - 1 - first, size - 1) rows of
        # those of range(n): the rows so far, whose first column is sorted.
        out = np.empty((comb(n, size), size), dtype=np.int8)
        at = 0
        for first in range(n - size + 1):
            block = comb(n - 1 - first, size - 1)
            out[at:at + block, 0] = first
            out[at:at + block, 1:] = rows[len(rows) - block:]
            at += block
        rows = out
    return rows


def _lex_rank(columns: list[Array], n: int) -> Array:
    """Index in ``_combinations(n, k)`` of each k-subset given as k sorted columns: its complement's
    reversed colex rank, ``C(n, k) - 1 - sum_i C(n - 1 - c[k-1-i], i + 1)``."""
    k = len(columns)
    rank = np.full(len(columns[0]), comb(n, k) - 1, dtype=np.int32)
    for i in range(k):
        binom = np.array([comb(n - 1 - c, i + 1) for c in range(n)], dtype=np.int32)
        rank -= binom[columns[k - 1 - i]]
    return rank


def _first_appearance_labels() -> Array:
    """For each of the 4**5 suit sequences of five cards (suit of card j in bits 2j, 2j+1): the
    suits renamed 0, 1, 2, ... in order of first appearance, as a (1024, 5) table."""
    table = np.zeros((4 ** 5, 5), dtype=np.int8)
    for code in range(4 ** 5):
        seen: dict[int, int] = {}
        for j in range(5):
            table[code, j] = seen.setdefault((code >> (2 * j)) & 3, len(seen))
    return table


_SORT5 = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))
"""A sorting network for five values (nine compare-exchanges)."""


def representative_boards() -> tuple[Array, Array]:
    """Boards with suits renamed in order of first appearance, and how many boards each stands for."""
    boards = _combinations(52, 5)  # int8, in lexicographic order
    code = np.zeros(len(boards), dtype=np.int16)
    for j in range(5):
        code |= (boards[:, j] & 3).astype(np.int16) << (2 * j)
    renamed = (boards & ~3) | _first_appearance_labels()[code]
    columns = [renamed[:, j] for j in range(5)]
    for a, b in _SORT5:  # renaming can reorder cards of one rank: sort each row again
        columns[a], columns[b] = np.minimum(columns[a], columns[b]), np.maximum(columns[a], columns[b])
    weight = np.bincount(_lex_rank(columns, 52), minlength=len(boards))
    index = np.flatnonzero(weight)  # a board is a representative iff it is its own renaming
    return boards[index].astype(np.int64), weight[index]


class _Dense:
    """The evaluator's tables as dense ranks for hands of category >= ``minimum`` (0 below it)."""

    def __init__(self, tables: SevenCardTables, rank_pair_keys: Array, minimum: Category) -> None:
        floor = int(minimum) << CATEGORY_SHIFT
        flush_values = tables.by_flush_mask[tables.by_flush_mask >= 0]
        values = np.unique(np.concatenate([tables.rank_strengths, flush_values]))
        values = values[values >= floor]  # never empty: a royal flush is at or above every minimum
        assert len(values) < _DENSE_MASK

        def dense(strengths: Array) -> Array:
            place = np.minimum(np.searchsorted(values, strengths), len(values) - 1)
            return np.where(values[place] == strengths, place + 1, 0).astype(np.int16)

        self.category = np.concatenate([[0], values >> CATEGORY_SHIFT]).astype(np.int64)
        """Category of each dense rank (index 0: below the minimum, never counted)."""
        self.by_flush_mask = dense(tables.by_flush_mask)
        # Every 5-card rank multiset (at most four of a rank), and for each the 91 rank pairs' 7-card ranks.
        multisets = [m for m in combinations_with_replacement(range(13), 5) if max(m.count(r) for r in m) <= 4]
        self.board_rank_keys = np.sort(np.array([sum(1 << (3 * r) for r in m) for m in multisets], dtype=np.int64))
        seven = self.board_rank_keys[:, None] + rank_pair_keys[None, :]
        place = np.minimum(np.searchsorted(tables.rank_keys, seven), len(tables.rank_keys) - 1)
        possible = tables.rank_keys[place] == seven  # five of a rank is no hand: those pairs touch the board
        self.by_rank_pair = np.where(possible, dense(tables.rank_strengths)[place], 0).astype(np.int16)  # ~50k look-ups, not 562k


class _Holes:
    """Every two-card hole (1,326 of them), as the counting needs them."""

    def __init__(self, tables: SevenCardTables) -> None:
        self.tables = tables
        self.pairs = np.array(list(combinations(range(52), 2)), dtype=np.int64)
        rank_pairs = [(a, b) for a in range(13) for b in range(a, 13)]
        self.rank_pair_keys = np.array([(1 << (3 * a)) + (1 << (3 * b)) for a, b in rank_pairs], dtype=np.int64)
        where = {rp: i for i, rp in enumerate(rank_pairs)}
        self.rank_pair = np.array([where[(int(a) >> 2, int(b) >> 2)] for a, b in self.pairs], dtype=np.int64)
        # The 51 holes holding each card (zeroed on a board holding that card).
        holding: list[list[int]] = [[] for _ in range(52)]
        for index, (a, b) in enumerate(self.pairs.tolist()):
            holding[a].append(index)
            holding[b].append(index)
        self.holding = np.array(holding, dtype=np.int64)
        # Each hole's cards as sort-key parts: (board * 52 + card) << 13 | dense rank.
        self.first_card_key = (self.pairs[:, 0] << _DENSE_BITS).astype(np.int32)
        self.second_card_key = (self.pairs[:, 1] << _DENSE_BITS).astype(np.int32)
        # Per suit: the ranks of the hole's cards of that suit (a 13-bit mask), and which holes can
        # make a flush with a board holding three (both cards of the suit), four (at least one) of it.
        suits, ranks = self.pairs & 3, self.pairs >> 2
        self.suit_mask = np.stack([((suits == s) << ranks).sum(axis=1) for s in range(4)]).astype(np.int64)
        in_suit = np.stack([(suits == s).sum(axis=1) for s in range(4)])
        self.flush_holes = {3: np.stack([np.flatnonzero(in_suit[s] == 2) for s in range(4)]),
                            4: np.stack([np.flatnonzero(in_suit[s] >= 1) for s in range(4)]),
                            5: np.broadcast_to(np.arange(len(self.pairs)), (4, len(self.pairs)))}
        self.dense: dict[Category, _Dense] = {}

    def _dense(self, minimum: Category) -> _Dense:
        if minimum not in self.dense:
            self.dense[minimum] = _Dense(self.tables, self.rank_pair_keys, minimum)
        return self.dense[minimum]

    def wins(self, boards: Array, weights: Array, minimum: Category) -> Array:
        """Weighted number of (seat hole, dealer hole) pairs on ``boards`` where the seat's hand
        has category c >= ``minimum`` and beats the dealer's, by category (an array of 10)."""
        boards, weights = np.asarray(boards, dtype=np.int64), np.asarray(weights, dtype=np.int64)
        wins = np.zeros(10, dtype=np.int64)
        for start in range(0, len(boards), _CHUNK):
            wins += self._wins(boards[start:start + _CHUNK], weights[start:start + _CHUNK], self._dense(minimum))
        return wins

    def _ranks(self, boards: Array, dense: _Dense) -> Array:
        """(boards, 1326) dense ranks of every hole on each board, 0 for holes touching the board."""
        n = len(boards)
        rank_key = (np.int64(1) << (3 * (boards >> 2))).sum(axis=1)
        multiset = np.searchsorted(dense.board_rank_keys, rank_key)
        ranks = np.take(dense.by_rank_pair[multiset], self.rank_pair, axis=1)  # C order: rows are boards
        suits = boards & 3
        per_suit = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
        suit, most = per_suit.argmax(axis=1), per_suit.max(axis=1)
        for count in (3, 4, 5):
            rows = np.flatnonzero(most == count)
            if rows.size:
                fs = suit[rows]
                board_mask = (((suits[rows] == fs[:, None]).astype(np.int64)) << (boards[rows] >> 2)).sum(axis=1)
                holes = self.flush_holes[count][fs]
                mask = board_mask[:, None] | self.suit_mask[fs[:, None], holes]
                ranks[rows[:, None], holes] = dense.by_flush_mask[mask]
        np.put(ranks, self.holding[boards].reshape(n, -1) + (np.arange(n) * ranks.shape[1])[:, None], 0)
        return ranks

    def _wins(self, boards: Array, weights: Array, dense: _Dense) -> Array:
        ranks = self._ranks(boards, dense)
        flat = np.flatnonzero(ranks > 0)  # the seat holes of category >= minimum, board-major
        rank = ranks.ravel()[flat].astype(np.int32)
        board = (flat // ranks.shape[1]).astype(np.int32)
        hole = flat - board * ranks.shape[1]
        largest = len(self.pairs) ** 2 * int(np.abs(weights).max(initial=0))  # bounds |length x weight x count|
        # Dealer holes at least as strong as the seat's, all of them on the board: each such seat
        # hand wins against 989 - that many (989: the 990 left plus the seat's hole, counted in it) ...
        rank_of_run, length, at_least, group = _runs(np.sort((board << _DENSE_BITS) | rank))
        by_rank = _sum_by(rank_of_run, length * weights[group] * (_DEALER_HOLES_LEFT - 1 - at_least),
                          len(dense.category), largest)
        # ... and back those holding either card of the seat's hole (the hole itself is in all three).
        keys = np.empty(2 * len(rank), dtype=np.int32)
        key = (board * (52 << _DENSE_BITS)) | rank
        np.add(key, self.first_card_key[hole], out=keys[:len(rank)])
        np.add(key, self.second_card_key[hole], out=keys[len(rank):])
        keys.sort()
        rank_of_run, length, at_least, group = _runs(keys)
        by_rank += _sum_by(rank_of_run, length * weights[group // 52] * at_least, len(dense.category), largest)
        wins = np.zeros(10, dtype=np.int64)
        np.add.at(wins, dense.category, by_rank)
        return wins


def _runs(keys: Array) -> tuple[Array, Array, Array, Array]:
    """The runs of equal keys in sorted ``keys`` (``group << 13 | dense rank``): each run's dense rank,
    its length, how many entries of its group are at least as strong (group end - run start), its group."""
    new = np.empty(len(keys), dtype=bool)
    new[:1] = True
    np.not_equal(keys[1:], keys[:-1], out=new[1:])
    start = np.flatnonzero(new)
    runs = keys[start]
    group = runs >> _DENSE_BITS
    first = np.empty(len(runs), dtype=bool)
    first[:1] = True
    np.not_equal(group[1:], group[:-1], out=first[1:])
    end = np.append(start[first][1:], len(keys))[np.cumsum(first) - 1]
    return runs & _DENSE_MASK, np.diff(start, append=len(keys)), end - start, group


def _sum_by(index: Array, values: Array, size: int, largest: int) -> Array:
    """Exact int64 sums of integer ``values`` (each at most ``largest`` in size) by ``index`` < ``size``: a
    float64 ``bincount`` when no partial sum can reach 2**53 (below it every integer is exact), else ``add.at``."""
    if len(values) * largest < 1 << 53:
        return np.bincount(index, weights=values, minlength=size).astype(np.int64)
    out = np.zeros(size, dtype=np.int64)
    np.add.at(out, index, values)
    return out


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
        if progress and (start // BATCH) % 40 == 39:
            progress(f"Blind: {min(start + BATCH, len(boards)):,}/{len(boards):,} boards")
    deals = comb(52, 5) * comb(47, 2) * comb(45, 2)
    counts = {Category(c): int(wins[c]) for c in range(int(minimum), 10)}
    return counts, deals, {"boards": float(len(boards)), "elapsed_s": time.perf_counter() - started}


def blind_win_counts() -> tuple[dict[Category, int], int]:
    """``beats_dealer_counts()`` for straight and better, as shipped (``exact``; the tests enumerate
    it again and compare)."""
    return exact.blind_wins()
