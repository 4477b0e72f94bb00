"""Print the par sheets ``test_montecarlo`` pins, as computed by the code on ``PYTHONPATH``.

How ``pinned_sheets.json`` was made (once, with the two simulation loops the Monte-Carlo
engine replaced, before the change)::

    git archive 2c6ab4b | tar -x -C /tmp/par-old
    cd /tmp/par-old && PYTHONPATH=/tmp/par-old python /work/wt/par/tests/par/pin_sheets.py > pinned_sheets.json

Run it the same way on today's code: the output must not change (the test checks it).
"""

from __future__ import annotations

import json
import sys
from typing import Any

SHEETS = (  # (name, profile, provider, samples, seed)
    ("uth", "uth-default", "uth_par", 300, 7),
    ("uth-alt", "uth-alt-paytable", "uth_par", 200, 11),
    ("holdem_bonus", "thb-default", "thb_par", 300, 3),
)


def paytables(profile: str) -> dict[str, dict[str, str]]:
    """The profile's pay tables as a sheet takes them (recorded in the file: profiles change)."""
    try:
        from dealer_station.profile_loader import load_profile
    except ImportError:  # before profile loading had its own module
        from dealer_station.config import load_profile  # type: ignore[attr-defined,no-redef]

    table = load_profile(profile)
    return {name: {label: str(odds) for label, odds in rows.items()} for name, rows in table.paytables.items()}


def sheet_json(provider: str, tables: dict[str, dict[str, str]], samples: int, seed: int) -> dict[str, Any]:
    """The sheet as ``ParSheet.as_json`` gives it, less its computing time."""
    from dealer_station.par.thb import thb_par
    from dealer_station.par.uth import uth_par

    function = {"uth_par": uth_par, "thb_par": thb_par}[provider]
    sheet = function(tables, samples=samples, seed=seed).as_json()
    sheet.pop("elapsed_s")
    return sheet


def main() -> None:
    out = {}
    for name, profile, provider, samples, seed in SHEETS:
        tables = paytables(profile)
        out[name] = {"profile": profile, "paytables": tables, "provider": provider, "samples": samples, "seed": seed,
                     "sheet": sheet_json(provider, tables, samples, seed)}
    json.dump({"made_by": "tests/par/pin_sheets.py on commit 2c6ab4b (before the Monte-Carlo engine)",
               "sheets": out}, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
