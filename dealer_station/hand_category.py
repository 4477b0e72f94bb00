"""The ten hand categories, high card to royal flush, and their names in records and pay tables.

Vocabulary only (no evaluation): the profile models validate pay tables by these names without
loading the evaluator's tables, and the evaluator ranks hands into them (``evaluator.py``).
"""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """Name used in records and pay tables (``royal_flush`` ... ``high_card``)."""
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> Category:
        try:
            return cls[label.upper()]
        except KeyError:
            known = ", ".join(c.label for c in cls)
            raise ValueError(f"unknown hand category {label!r} (known: {known})") from None
