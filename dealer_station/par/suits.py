"""Suit symmetry: the 169 classes of two hole cards and the 1,755 flops that stand for all 22,100.

Suits never rank, so renaming them changes no value of any hand. Two hole cards are one of 169
*classes* (a pair, two ranks suited, two ranks offsuit: ``AA``, ``AKs``, ``AKo``); a flop is one
of 1,755 *canonical* flops (the least, as a sorted card tuple, of its 24 renamings), standing for
``weight`` flops. A value of (hole, flop) is the value of the canonical flop with the hole renamed
the same way (``canonical``), which is how the shipped optimal-play tables are read.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations

from ..cards import DECK_SIZE, RANKS, rank_of, suit_of

PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(4)))
"""The 24 renamings of the four suits: suit s becomes ``p[s]``."""


def rename(cards: tuple[int, ...], perm: tuple[int, ...]) -> tuple[int, ...]:
    return tuple((c & ~3) | perm[c & 3] for c in cards)


def class_name(hole: tuple[int, int]) -> str:
    """``AA``, ``AKs`` or ``AKo`` (higher rank first)."""
    hi, lo = sorted((rank_of(hole[0]), rank_of(hole[1])), reverse=True)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if suit_of(hole[0]) == suit_of(hole[1]) else "o")


@lru_cache(maxsize=1)
def classes() -> tuple[tuple[str, ...], tuple[int, ...]]:
    """(the 169 class names in a fixed order, the class of each of the 1,326 holes by pair index)."""
    holes = list(combinations(range(DECK_SIZE), 2))
    names = sorted({class_name(h) for h in holes}, key=_class_order)
    where = {n: i for i, n in enumerate(names)}
    return tuple(names), tuple(where[class_name(h)] for h in holes)


def _class_order(name: str) -> tuple[int, int, int]:
    return (-RANKS.index(name[0]), -RANKS.index(name[1]), 0 if len(name) == 2 else "so".index(name[2]) + 1)


def representative(name: str) -> tuple[int, int]:
    """One hole of a class: clubs, and diamonds for the second card of a pair or an offsuit hand."""
    hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
    return (hi * 4, lo * 4 + (0 if name.endswith("s") else 1))


def _least(cards: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The least sorted renaming of ``cards`` and the first renaming that makes it."""
    return min((tuple(sorted(rename(cards, p))), p) for p in PERMUTATIONS)


@lru_cache(maxsize=1)
def canonical_flops() -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """(the 1,755 canonical flops, sorted; how many flops each stands for): weights sum to 22,100.
    Every flop's 24 renamings at once with numpy (``_least``'s order: a sorted flop as a base-52 number)."""
    import numpy as np

    flops = np.array(list(combinations(range(DECK_SIZE), 3)), dtype=np.int64)
    perms = np.array(PERMUTATIONS, dtype=np.int64)
    renamed = np.sort((flops & ~3)[None, :, :] | perms[:, flops & 3], axis=2)  # (24, flops, 3)
    keys = ((renamed[..., 0] * DECK_SIZE + renamed[..., 1]) * DECK_SIZE + renamed[..., 2]).min(axis=0)
    least, weight = np.unique(keys, return_counts=True)
    cards = np.stack([least // DECK_SIZE ** 2, least // DECK_SIZE % DECK_SIZE, least % DECK_SIZE], axis=1)
    return tuple((int(a), int(b), int(c)) for a, b, c in cards), tuple(int(w) for w in weight)


def canonical(hole: tuple[int, int], flop: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, int]]:
    """(the flop's canonical flop, the hole renamed as the flop was, sorted). Any renaming that makes
    the canonical flop gives a hole of the same value: renamings that fix a flop fix every value on it."""
    least, perm = _least(tuple(flop))
    a, b = rename(hole, perm)
    return least, (min(a, b), max(a, b))


def pair_index(a: int, b: int) -> int:
    """Index of the pair {a, b} in ``combinations(range(52), 2)`` order."""
    a, b = min(a, b), max(a, b)
    return a * (2 * DECK_SIZE - a - 1) // 2 + (b - a - 1)
