"""How the scripted players decide: ``optimal`` (the default), ``always_check`` or ``random``.

* ``optimal`` takes the best action by the values of ``optimal`` (so its ``skill.decision_cost``
  is exactly 0): pre-flop and flop from the shipped tables (a look-up), UTH's river and THB's
  last decision counted at run time (a few tenths of a millisecond). Ties take the larger bet. Decisions are
  taken under the Blind table the tables are built for; every Blind table the par sheet accepts
  makes the same decisions (``optimal``'s module note).
* ``always_check`` checks whenever it may (UTH pre-flop and flop, THB flop) and otherwise plays
  optimally (UTH's river, THB's pre-flop): what it costs is checking.
* ``random`` picks any action open to it, from its own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from ..games.thb import STREET_ACTIONS as THB_STREETS
from ..games.uth import STREET_ACTIONS as UTH_STREETS
from . import optimal
from .suits import classes, pair_index

STRATEGIES = ("optimal", "always_check", "random")
STREET_ACTIONS = {"uth": UTH_STREETS, "holdem_bonus": THB_STREETS}


def check_strategy(name: str) -> str:
    """``name`` if it is a strategy, else a ValueError naming the known ones."""
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r} (known: {', '.join(STRATEGIES)})")
    return name


def decide(strategy: str, game: str, street: str, hole: Sequence[int], board: Sequence[int], legal: Sequence[str],
           rng: random.Random | None = None) -> str:
    """The action ``strategy`` takes in ``game`` (``uth`` or ``holdem_bonus``): one of ``legal``, or of the
    street's actions when ``legal`` is empty (a table whose bet sensor shows the decision as chips asks
    what the player will do before the session offers it)."""
    offered = list(legal) or list(STREET_ACTIONS[game][street])
    if strategy == "random":
        return (rng or random).choice(offered)
    if strategy == "always_check" and "check" in offered:
        return "check"
    best = best_action(game, street, (hole[0], hole[1]), tuple(board))
    return best if best in offered else offered[0]


@lru_cache(maxsize=4096)
def best_action(game: str, street: str, hole: tuple[int, int], board: tuple[int, ...]) -> str:
    """The optimal action (ties: the larger bet); the last few thousand kept (a par sheet's simulation
    and its tests ask again for the same hands)."""
    if game == "uth":
        if street == "preflop":
            return _uth_preflop()[classes()[1][pair_index(*hole)]]
        if street == "flop":
            return "play2x" if optimal.flop_bets("uth", hole, board[:3]) else "check"
        values = optimal.uth_river(hole, board[:5], optimal.built_blind())
        return "play1x" if values["play1x"] >= values["fold"] else "fold"
    if street == "preflop":
        return "flop" if optimal.thb_preflop(hole)["flop"] >= optimal.FOLD_THB else "fold"
    if street == "flop":
        return "turn" if optimal.flop_bets("thb", hole, board[:3]) else "check"
    values = optimal.thb_turn(hole, board[:4])
    return "river" if values["river"] >= values["check"] else "check"


@lru_cache(maxsize=1)
def _uth_preflop() -> tuple[str, ...]:
    """Each class's best pre-flop action."""
    out = []
    for c in optimal.uth_classes(optimal.built_blind()):
        best = max(c.values().values())
        out.append(next(a for a in ("play4x", "play3x", "check") if c.values()[a] == best))
    return tuple(out)
