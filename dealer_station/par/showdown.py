"""Showdowns against the dealer over every way a partial board can end, counted exactly with numpy.

A decision in UTH or Texas Hold'em Bonus is taken seeing the seat's two cards and part of the
board; its value is an average over every completion of the board and every dealer hand the
remaining cards allow. What a completion contributes depends only on how many of those dealer
hands the seat's seven cards beat, tie and lose to, and (UTH) how many of them qualify: that is
what this module counts, for every completion at once.

* Strengths are *dense ranks*: 1 + the place of a seven-card strength among every distinct one
  (higher is stronger, equal is a tie), read from the evaluator's own tables through
  ``headsup``'s board-multiset x rank-pair table and its flush table - a five-card board and a
  two-card hand are ranked by two look-ups and a ``maximum`` (a flush, when the seven cards make
  one, beats whatever their ranks alone make);
* ``outcomes(hole, board)``: one seat, every completion of ``board`` (3, 4 or 5 cards known);
  the dealer hands of a completion are every pair of the cards left, those touching it set to a
  sentinel that compares above everything;
* ``flop_outcomes(flop)``: every seat hole and every turn and river at once for one flop (what
  the optimal-play tables are built from, ``optimal_build``): inclusion-exclusion over the
  hole's two cards, with per-board and per-card counts from sorted rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from ..cards import DECK_SIZE
from ..evaluator import Category
from .headsup import SevenCardTables, _Dense

Array = Any  # numpy arrays
RANK_PAIRS = 91
"""Two ranks, in either order or equal: 13 x 14 / 2."""
SENTINEL = np.int16(32767)
"""Above every dense rank: a dealer hand that cannot be dealt (it shares a card) never counts as weaker."""
DEALER_LEFT = 990
"""Dealer hands once the seat's hole and a full board are out: C(45, 2)."""


class Ranks:
    """The evaluator's seven-card strengths as dense ranks, by board and two-card hand."""

    def __init__(self) -> None:
        self.pairs: Array = np.array(list(combinations(range(DECK_SIZE), 2)), dtype=np.int64)
        self.pair_index: Array = np.full((DECK_SIZE, DECK_SIZE), -1, dtype=np.int64)
        self.pair_index[self.pairs[:, 0], self.pairs[:, 1]] = np.arange(len(self.pairs))
        self.pair_index[self.pairs[:, 1], self.pairs[:, 0]] = np.arange(len(self.pairs))
        rank_pairs = [(a, b) for a in range(13) for b in range(a, 13)]
        where = {rp: i for i, rp in enumerate(rank_pairs)}
        self.rank_pair: Array = np.array([where[(int(a) >> 2, int(b) >> 2)] for a, b in self.pairs], dtype=np.int64)
        rank_pair_keys = np.array([(1 << (3 * a)) + (1 << (3 * b)) for a, b in rank_pairs], dtype=np.int64)
        dense = _Dense(SevenCardTables(), rank_pair_keys, Category.HIGH_CARD)
        self.board_rank_keys: Array = dense.board_rank_keys
        self.by_rank_pair_flat: Array = dense.by_rank_pair.ravel()  # (board rank multisets x 91) int16
        self.by_flush_mask: Array = dense.by_flush_mask  # (8192,) int16, 0 without five of the suit
        self.category: Array = dense.category  # category of each dense rank
        self.qualify = int(np.searchsorted(self.category[1:], int(Category.ONE_PAIR))) + 1
        """The weakest dense rank that qualifies (one pair): UTH's dealer needs it."""
        self.straight = int(np.searchsorted(self.category[1:], int(Category.STRAIGHT))) + 1
        """The weakest straight: THB's Ante pays from it."""
        suits, ranks = self.pairs & 3, self.pairs >> 2
        self.suit_bits: Array = np.stack([((suits == s).astype(np.int64) << ranks).sum(axis=1)
                                          for s in range(4)]).astype(np.int64)  # (4, 1326)
        self.pair_bits: Array = (np.int64(1) << self.pairs[:, 0]) | (np.int64(1) << self.pairs[:, 1])
        self.suit_kinds: list[tuple[Array, Array]] = []
        """Per suit: the distinct rank bits a two-card hand has in it (92), and each hand's place among them."""
        for s in range(4):
            kinds, kind_of = np.unique(self.suit_bits[s], return_inverse=True)
            self.suit_kinds.append((kinds, kind_of.astype(np.int64)))

    def board_parts(self, boards: Array) -> tuple[Array, Array, Array]:
        """Per five-card board (rows of ``boards``): its rank multiset's row, the suit that may
        flush (three or more of it) and that suit's rank bits (0 when no suit has three)."""
        rank_key = (np.int64(1) << (3 * (boards >> 2))).sum(axis=1)
        multiset = np.searchsorted(self.board_rank_keys, rank_key)
        suits = boards & 3
        per_suit = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
        suit = per_suit.argmax(axis=1)
        in_suit = (suits == suit[:, None]) & (per_suit.max(axis=1) >= 3)[:, None]
        mask = (in_suit.astype(np.int64) << (boards >> 2)).sum(axis=1)
        return multiset, suit, mask

    def strengths(self, boards: Array, pairs: Array) -> Array:
        """(boards, pairs) dense ranks of each board (n, 5) with each two-card hand (pair indices, m).
        A hand's strength on a board depends on its rank pair (91) and, for a flush, on its rank bits in
        the board's three-or-more suit (92 kinds): each board's few distinct values are looked up
        first, then spread over the hands by a column ``take`` (no (n, m) index array is built); the
        flush table only for boards holding three or more of a suit."""
        multiset, suit, mask = self.board_parts(boards)
        out: Array = np.take(self.by_rank_pair_flat.reshape(-1, RANK_PAIRS)[multiset], self.rank_pair[pairs], axis=1)
        for s in range(4):
            rows = np.flatnonzero((suit == s) & (mask != 0))
            if rows.size:
                kinds, kind_of = self.suit_kinds[s]
                flush = np.take(np.take(self.by_flush_mask, mask[rows][:, None] | kinds[None, :]), kind_of[pairs], axis=1)
                if rows.size == len(out):
                    np.maximum(out, flush, out=out)
                else:
                    out[rows] = np.maximum(out[rows], flush)
        return out


@lru_cache(maxsize=1)
def ranks() -> Ranks:
    """The tables, built once per process (about a tenth of a second)."""
    return Ranks()


@dataclass(frozen=True)
class Outcomes:
    """Per completed board (and, from ``flop_outcomes``, per seat hole): how many dealer hands the
    seat beats or loses to, split by whether the dealer qualifies (one pair), and its category."""

    win_q: Array
    win_n: Array  # the dealer does not qualify
    lose_q: Array
    lose_n: Array
    strength: Array  # the seat's dense rank

    @property
    def win(self) -> Array:
        return self.win_q + self.win_n

    @property
    def lose(self) -> Array:
        return self.lose_q + self.lose_n

    def category(self) -> Array:
        out: Array = ranks().category[self.strength]
        return out


def _split(lt: Array, le: Array, nq: Array, own: Array, qualify: int) -> Outcomes:
    """Outcomes from the dealer hands below the seat (``lt``), at most equal (``le``) and not
    qualifying (``nq``), all among the ``DEALER_LEFT`` hands the seat's hole leaves."""
    low = own < qualify
    win_n = np.where(low, lt, nq)
    lose_n = np.where(low, nq - le, 0)
    return Outcomes(lt - win_n, win_n, DEALER_LEFT - le - lose_n, lose_n, own)


@lru_cache(maxsize=8)
def _subsets(n: int, k: int) -> Array:
    """Every k-subset of range(n) as rows (``combinations`` order); k = 0: one empty row."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return np.array(list(combinations(range(n), k)), dtype=np.int64)


def completions(known: tuple[int, ...], board: tuple[int, ...]) -> tuple[Array, Array]:
    """The cards left once ``known`` is out, and every completion of ``board`` to five cards from them."""
    left = np.array([c for c in range(DECK_SIZE) if c not in known], dtype=np.int64)
    return left, left[_subsets(len(left), 5 - len(board))]


def outcomes(hole: tuple[int, int], board: tuple[int, ...]) -> tuple[Array, Outcomes]:
    """Every completion of ``board`` (3 to 5 cards) and the seat's outcomes on each, against every
    dealer hand the cards left allow."""
    if not 3 <= len(board) <= 5:
        raise ValueError(f"a board of 3 to 5 cards, not {len(board)}")
    t = ranks()
    left, rest = completions((*hole, *board), board)
    boards = np.concatenate([np.broadcast_to(np.array(board, dtype=np.int64), (len(rest), len(board))), rest], axis=1)
    pairs = _subsets(len(left), 2)
    dealer = t.pair_index[left[pairs[:, 0]], left[pairs[:, 1]]]
    every = t.strengths(boards, np.append(dealer, t.pair_index[hole[0], hole[1]]))  # the seat's hole last
    every.ravel()[_touching(len(left), 5 - len(board))] = SENTINEL
    strengths, own = every[:, :-1], every[:, -1]
    below = np.empty(strengths.shape, dtype=bool)

    def count(less: Any, than: Any) -> Array:  # bools summed as bytes into int32: a third faster than .sum()
        return less(strengths, than, out=below).view(np.uint8).sum(axis=1, dtype=np.int32).astype(np.int64)

    lt = count(np.less, own[:, None])
    le = count(np.less_equal, own[:, None])
    nq = count(np.less, t.qualify)
    return rest, _split(lt, le, nq, own, t.qualify)


@lru_cache(maxsize=8)
def _touching(n: int, k: int) -> Array:
    """Flat positions, in a (completions, dealer pairs + the seat's hole) array as ``outcomes`` lays it
    out, of the dealer pairs sharing a card with the completion: the same for every hole and board of
    a size (both are positions among the ``n`` cards left), so found once."""
    if k == 0:
        return np.zeros(0, dtype=np.int64)
    done, pairs = _subsets(n, k), _subsets(n, 2)
    done_bits = (np.int64(1) << done).sum(axis=1)
    pair_bits = (np.int64(1) << pairs[:, 0]) | (np.int64(1) << pairs[:, 1])
    touching = np.zeros((len(done), len(pairs) + 1), dtype=bool)
    touching[:, :-1] = (done_bits[:, None] & pair_bits[None, :]) != 0
    return np.flatnonzero(touching)


def _less_counts(values: Array) -> tuple[Array, Array]:
    """For each element, how many elements of its row (last axis) are strictly below it, and at most it."""
    order = np.argsort(values, axis=-1, kind="stable")
    ordered = np.take_along_axis(values, order, axis=-1)
    n = ordered.shape[-1]
    index = np.broadcast_to(np.arange(n, dtype=np.int32), ordered.shape)
    new = np.ones(ordered.shape, dtype=bool)
    np.not_equal(ordered[..., 1:], ordered[..., :-1], out=new[..., 1:])
    start = np.maximum.accumulate(np.where(new, index, 0), axis=-1)
    last = np.ones(ordered.shape, dtype=bool)
    last[..., :-1] = new[..., 1:]
    end = np.minimum.accumulate(np.where(last, index + 1, n)[..., ::-1], axis=-1)[..., ::-1]
    lt = np.empty(ordered.shape, dtype=np.int32)
    le = np.empty(ordered.shape, dtype=np.int32)
    np.put_along_axis(lt, order, start, axis=-1)
    np.put_along_axis(le, order, end, axis=-1)
    return lt, le


@dataclass(frozen=True)
class FlopOutcomes:
    """One flop, every seat hole and every turn and river: the 49 cards left (``left``), the turn
    and river of each board (``boards``: pairs of positions in ``left``), the seat holes
    (``holes``: the same pairs, as global pair indices), which (board, hole) can be dealt
    (``valid``), and the outcomes as (boards, holes) arrays."""

    left: Array
    boards: Array  # (1176, 2) positions in ``left``
    holes: Array  # (1176,) global pair indices
    valid: Array  # (1176 boards, 1176 holes)
    outcomes: Outcomes


def flop_outcomes(flop: tuple[int, int, int]) -> FlopOutcomes:
    """Every (turn and river, seat hole) of ``flop`` at once. A board's dealer hands are the pairs of
    its 47 cards left; those a hole leaves are counted by inclusion-exclusion over the hole's cards."""
    t = ranks()
    left = np.array([c for c in range(DECK_SIZE) if c not in flop], dtype=np.int64)
    n = len(left)
    local = np.array(list(combinations(range(n), 2)), dtype=np.int64)
    pairs = t.pair_index[left[local[:, 0]], left[local[:, 1]]]
    boards = np.concatenate([np.broadcast_to(np.array(flop, dtype=np.int64), (len(local), 3)), left[local]], axis=1)
    strengths = t.strengths(boards, pairs)  # (boards, pairs): the same pairs are the holes and the dealer hands
    touching = (t.pair_bits[pairs][None, :] & t.pair_bits[pairs][:, None]) != 0  # a board's turn+river is a pair too
    strengths[touching] = SENTINEL
    lt_all, le_all = _less_counts(strengths)
    square = np.full((len(local), n, n), SENTINEL, dtype=strengths.dtype)
    square[:, local[:, 0], local[:, 1]] = strengths
    square[:, local[:, 1], local[:, 0]] = strengths
    lt_row, le_row = _less_counts(square)
    x, y = local[:, 0], local[:, 1]
    lt = lt_all - lt_row[:, x, y] - lt_row[:, y, x]
    le = le_all - le_row[:, x, y] - le_row[:, y, x] + 1
    low = square < t.qualify
    nq_row = low.sum(axis=2)
    nq = (strengths < t.qualify).sum(axis=1)[:, None] - nq_row[:, x] - nq_row[:, y] + (strengths < t.qualify)
    own = np.where(touching, 0, strengths)  # a hole touching the board: no hand (its counts are not read)
    return FlopOutcomes(left, local, pairs, ~touching, _split(lt, le, nq, own, t.qualify))
