"""Enumerate the exact counts from scratch and write (or check) ``exact_counts.json``.

``python -m dealer_station.par.exact_build`` rewrites the file (a few minutes of CPU);
``--check`` exits 1 when a fresh enumeration differs from what is shipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from typing import Any

from .categories import enumerate_counts
from .exact import RESOURCE, as_json, shipped
from .headsup import beats_dealer_counts
from .thb import enumerate_bonus_rows, enumerate_pool_categories


def enumerated() -> dict[str, Any]:
    """Every table by full enumeration, as the file holds them."""
    seven, _ = enumerate_counts(7)
    wins, deals, _ = beats_dealer_counts()
    return as_json(dict(seven), (wins, deals), enumerate_pool_categories(), enumerate_bonus_rows())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file instead of writing it")
    args = parser.parse_args(argv)
    fresh = enumerated()
    if args.check:
        same = fresh == shipped()
        print("exact counts: the shipped file is what enumeration gives" if same
              else "exact counts: the shipped file DIFFERS from a fresh enumeration")
        return 0 if same else 1
    path = resources.files("dealer_station.par").joinpath(RESOURCE)
    with resources.as_file(path) as target:
        target.write_text(json.dumps(fresh, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
