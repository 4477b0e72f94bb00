"""Every dealer hand on one board, by strength: how many a seat's hand beats, exactly.

A game played against the dealer (UTH, Texas Hold'em Bonus) whose players decide without
seeing the dealer's cards can average a simulated seat's result exactly over every dealer
hand left: same mean as dealing one, far less variance. ``DealerHands(board)`` ranks the
1,081 two-card hands the board leaves at once with the evaluator's own tables
(``headsup.SevenCardTables``, numpy) and keeps them sorted, overall and by card, so that
one seat's count is three sorted searches (inclusion-exclusion over the seat's hole).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from ..cards import DECK_SIZE
from .headsup import SevenCardTables

DEALER_HANDS = comb(DECK_SIZE - 7, 2)
"""Dealer hands left once the board and one seat's hole are out: 990."""
_UNREACHABLE = 1 << 40  # above every strength: a pair touching the board is never counted


class _Pairs:
    """The 1,326 two-card pairs, their card bits, and which pairs hold each card."""

    def __init__(self) -> None:
        self.tables = SevenCardTables()
        self.cards: Any = np.array(list(combinations(range(DECK_SIZE), 2)), dtype=np.int64)
        self.bits: Any = (np.int64(1) << self.cards[:, 0]) | (np.int64(1) << self.cards[:, 1])
        holding: list[list[int]] = [[] for _ in range(DECK_SIZE)]
        for index, (a, b) in enumerate(self.cards.tolist()):
            holding[a].append(index)
            holding[b].append(index)
        self.holding: Any = np.array(holding, dtype=np.int64)  # (52, 51)


@lru_cache(maxsize=1)
def _pairs() -> _Pairs:
    return _Pairs()


class DealerHands:
    """The dealer hands a board leaves, sorted by strength, overall and per card."""

    def __init__(self, board: Sequence[int]) -> None:
        pairs = _pairs()
        board_bits = 0
        for card in board:
            board_bits |= 1 << card
        free = (pairs.bits & board_bits) == 0
        hands = np.concatenate([np.broadcast_to(np.array(board, dtype=np.int64), (int(free.sum()), 5)),
                                pairs.cards[free]], axis=1)
        strengths = np.full(len(pairs.cards), _UNREACHABLE, dtype=np.int64)
        strengths[free] = pairs.tables.strengths(hands)
        self.all: list[int] = np.sort(strengths).tolist()
        self.by_card: list[list[int]] = np.sort(strengths[pairs.holding], axis=1).tolist()

    def below(self, x: int, a: int, b: int, own: int) -> int:
        """Dealer hands (disjoint from the hole a, b, whose strength is ``own``) weaker than ``x``."""
        return (bisect_left(self.all, x) - bisect_left(self.by_card[a], x) - bisect_left(self.by_card[b], x)
                + (1 if own < x else 0))
