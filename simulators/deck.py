"""The simulated shoe's physical deck: seeded, reproducible, and verifiable."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from dealer_station.cards import DECK_SIZE

HISTORY = 64
"""Earlier deck orders a shuffler simulator keeps (what a ``repeat_deck`` fault can bring back)."""


@dataclass(frozen=True, slots=True)
class PhysicalCard:
    face: int
    foreign: bool = False  # from another deck (different back), recognised by the shoe


@dataclass(frozen=True, slots=True)
class Verification:
    count: int
    missing: tuple[int, ...]
    extra: tuple[int, ...]
    duplicates: tuple[int, ...]

    @property
    def ok(self) -> bool:
        return self.count == DECK_SIZE and not (self.missing or self.extra or self.duplicates)


def load_deck(missing: list[int] = [], duplicate: list[int] = [], extra: list[int] = []) -> list[PhysicalCard]:  # noqa: B006 - read only
    """A new-deck-order deck with the plan's missing, duplicated and foreign cards."""
    cards = [PhysicalCard(c) for c in range(DECK_SIZE) if c not in set(missing)]
    cards += [PhysicalCard(c) for c in duplicate]
    cards += [PhysicalCard(c, foreign=True) for c in extra]
    return cards


def shuffled(cards: list[PhysicalCard], seed: int) -> list[PhysicalCard]:
    """Same seed, same order: ``random.Random(seed).shuffle`` of the loaded deck."""
    out = list(cards)
    random.Random(seed).shuffle(out)
    return out


def riffled(cards: list[PhysicalCard], seed: int, times: int) -> list[PhysicalCard]:
    """``times`` riffle shuffles of ``cards`` (Gilbert-Shannon-Reeds: a binomial cut, then each card
    drops from a packet with probability proportional to its size): too few leave runs of the order."""
    rng = random.Random(seed)
    out = list(cards)
    for _ in range(times):
        cut = sum(rng.random() < 0.5 for _ in out)
        left, right, merged = out[:cut], out[cut:], []
        while left and right:
            source = left if rng.random() * (len(left) + len(right)) < len(left) else right
            merged.append(source.pop(0))
        out = merged + left + right
    return out


def next_order(loaded: list[PhysicalCard], seed: int, earlier: Sequence[list[PhysicalCard]], *,
               riffles: int = 0, repeat: int = 0) -> list[PhysicalCard]:
    """The order one shuffle leaves: a full shuffle of the loaded deck, unless a fault says otherwise.

    ``repeat`` = k: the order of the shuffle k shuffles ago (``earlier``, oldest first) comes back;
    ``riffles`` = r: only r riffles of the previous order (a weak shuffle). Either needs that earlier
    deck to hold the same cards as the one loaded now; else the shuffle is a full one.
    """
    if repeat and len(earlier) >= repeat and Counter(earlier[-repeat]) == Counter(loaded):
        return list(earlier[-repeat])
    if riffles and earlier and Counter(earlier[-1]) == Counter(loaded):
        return riffled(earlier[-1], seed, riffles)
    return shuffled(loaded, seed)


def shuffle_seed(device_seed: int, shuffles: int) -> int:
    """The seed of a shuffler's next shuffle when the station gives none: reproducible per device."""
    return (device_seed * 1_000_003 + shuffles) & 0xFFFFFFFFFFFFFFFF


def shuffle_series(device_seed: int, shuffles: int, faults: Callable[[int], tuple[int, int]] | None = None,
                   history: int = HISTORY) -> Iterator[list[int]]:
    """The orders (faces) of a shuffler's first ``shuffles`` shuffles, as the simulator makes them,
    without a device: ``faults(i)`` gives shuffle i's (riffles, repeat). Benchmarks and tests of the
    shuffle audit draw thousands of fair and faulty series from it."""
    earlier: list[list[PhysicalCard]] = []
    for i in range(shuffles):
        riffles, repeat = faults(i) if faults is not None else (0, 0)
        order = next_order(load_deck(), shuffle_seed(device_seed, i), earlier, riffles=riffles, repeat=repeat)
        earlier = [*earlier[-(history - 1):], order]
        yield [card.face for card in order]


def stack(cards: list[PhysicalCard], placed: dict[int, int]) -> list[PhysicalCard]:
    """``cards`` with each face of ``placed`` swapped to its deal position (a stacked deck)."""
    out = list(cards)
    for position, face in sorted(placed.items()):
        if position >= len(out):
            continue
        at = next((i for i, c in enumerate(out) if c.face == face and not c.foreign), None)
        if at is not None:
            out[position], out[at] = out[at], out[position]
    return out


def verify(cards: list[PhysicalCard]) -> Verification:
    faces = Counter(c.face for c in cards if not c.foreign)
    return Verification(
        count=len(cards),
        missing=tuple(c for c in range(DECK_SIZE) if faces[c] == 0),
        extra=tuple(sorted(c.face for c in cards if c.foreign)),
        duplicates=tuple(sorted(c for c, n in faces.items() if n > 1)),
    )
