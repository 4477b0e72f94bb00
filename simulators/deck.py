"""The simulated shoe's physical deck: seeded, reproducible, and verifiable."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from dealer_station.cards import DECK_SIZE


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
