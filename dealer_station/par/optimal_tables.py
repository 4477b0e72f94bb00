"""The shipped optimal-play tables (built offline by ``optimal_build``): their names, layout and readers.

Apart from the build so the values (``optimal.py``) read the tables without importing the build,
which imports the values back to recompute a class.
"""

from __future__ import annotations

import io
import json
from importlib import resources
from typing import Any

import numpy as np

PLAY_RESOURCE = "optimal_play.json"
FLOP_RESOURCE = "optimal_flop.npz"
FORMAT = 1
FLOPS_PER_HOLE = 19_600  # C(50, 3)
HOLES = 1_326

UTH_ROWS = ("check", "a", "d", "win_q", "win_n", "lose_q", "lose_n", "check_second", "flop_bets", "river_plays")
UTH_BY_CATEGORY = ("wins", "win_q_by", "win_n_by", "check_win_q_by", "check_wins_by")
THB_ROWS = ("bet", "second", "turn_bets", "river_bets", "bet_keeping_river")


def shipped_table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("dealer_station.par").joinpath(PLAY_RESOURCE).read_text("utf-8"))
    return data


def shipped_arrays() -> dict[str, Any]:
    raw = resources.files("dealer_station.par").joinpath(FLOP_RESOURCE).read_bytes()
    with np.load(io.BytesIO(raw)) as npz:
        return {k: npz[k] for k in npz.files}
