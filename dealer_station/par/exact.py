"""The exact counts behind every par sheet, shipped with the package instead of enumerated at each start.

Four tables depend on no pay table and no profile, only on the deck and the evaluator: the 7-card
category counts (Trips), the head-to-head Blind win counts, THB's Pool categories over every hole
+ flop and its Bonus rows over every (hole, dealer) deal. Enumerating them costs one to three
minutes of CPU, which every process computing a par sheet used to pay (the pit's par keeper, the
CLI's ``par`` and ``report``, each test worker). ``exact_counts.json`` holds them; it is written by
``python -m dealer_station.par.exact_build`` and tests/par/test_exact_counts.py enumerates each
table again and requires it equal to the shipped one (and the 7-card counts equal to GAMES.md's
published ones), so a changed evaluator cannot silently keep old counts.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any

from ..evaluator import Category

RESOURCE = "exact_counts.json"
FORMAT = 1


@lru_cache(maxsize=1)
def shipped() -> dict[str, Any]:
    """The shipped counts as JSON (read once per process)."""
    data: dict[str, Any] = json.loads(resources.files("dealer_station.par").joinpath(RESOURCE).read_text("utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{RESOURCE} is format {data.get('format')!r}, expected {FORMAT}")
    return data


def _categories(rows: dict[str, int]) -> Counter[Category]:
    return Counter({Category[name]: int(n) for name, n in rows.items()})


def seven_card_categories() -> dict[Category, int]:
    """How many of the C(52,7) seven-card hands have each category."""
    return dict(_categories(shipped()["seven_card_categories"]))


def blind_wins() -> tuple[dict[Category, int], int]:
    """(deals in which the seat's category, straight or better, beats the dealer's; all deals)."""
    data = shipped()["blind_wins"]
    return dict(_categories(data["wins"])), int(data["deals"])


def pool_categories() -> Counter[Category]:
    """The category of each of the C(52,5) hole + flop sets."""
    return _categories(shipped()["pool_categories"])


def bonus_rows() -> Counter[tuple[str, ...]]:
    """How many (hole, dealer) deals make each tuple of THB Bonus rows."""
    return Counter({tuple(rows): int(n) for rows, n in shipped()["bonus_rows"]})


def as_json(seven: dict[Category, int], blind: tuple[dict[Category, int], int], pool: Counter[Category],
            bonus: Counter[tuple[str, ...]]) -> dict[str, Any]:
    """The file's contents for freshly enumerated tables (sorted: the file is byte-stable)."""
    def names(counts: dict[Category, int]) -> dict[str, int]:
        return {c.name: int(counts[c]) for c in sorted(counts)}

    return {"format": FORMAT, "seven_card_categories": names(seven),
            "blind_wins": {"wins": names(blind[0]), "deals": blind[1]},
            "pool_categories": names(pool),
            "bonus_rows": [[list(rows), int(n)] for rows, n in sorted(bonus.items())]}
