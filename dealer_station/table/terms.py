"""A round's terms: everything of a table's profile that decides money.

Pay tables, limits, the smallest chip, the chip set, the seats and the deal, and each
game's options (THB's Pool stake and jackpot rules, poker's structure, blinds and rake)
are journaled when they take effect (``terms_installed``) and every round names the terms
it was opened under (``round_opened.terms``), so a round finishes by its own terms after a
restart with an edited profile, and its record settles the same years later. What only
runs the station (devices, journal path, language, floor, shifts) is not part of them.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..config import TableConfig

OPERATIONAL = frozenset({"devices", "journal", "locale", "floor", "shifts", "chip_inventory", "bank"})
"""Profile keys that run the station but never change what a round pays (the bank counts the tray, it pays nothing)."""


def terms_of(table: TableConfig) -> dict[str, Any]:
    """The table's terms as JSON-ready data (money as decimal text)."""
    terms: dict[str, Any] = table.model_dump(mode="json", exclude=set(OPERATIONAL))
    return terms


def terms_digest(terms: dict[str, Any]) -> str:
    """A short, stable name for a set of terms (SHA-256 of their canonical JSON, 16 hex digits)."""
    text = json.dumps(terms, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
