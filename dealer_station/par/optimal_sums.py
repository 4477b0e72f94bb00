"""What optimal play is worth on one flop, for every seat hole at once: the sums the shipped tables add up.

Everything is an exact integer: a board's value is counted in dealer hands (990 of them per board),
so a sum over boards divides by ``boards x 990`` only at the end (``optimal``).

UTH (per unit of Ante, under a Blind table ``BlindPays``: the build uses the seeds' one, and
``optimal`` adds what another table pays differently where no decision depends on it - see there):

* on a full board, with Play ``m`` (0: folded): ``A + m D`` dealer hands' worth, where
  ``A = win_q - 2 lose_q - lose_n + blind x win`` (Ante wins only against a qualifying dealer and
  pushes against one that does not; the Blind is lost on a loss and pays its odds on a win) and
  ``D = win - lose``, all times the Blind table's ``scale``; a fold is ``-2 x 990``;
* at the river the seat plays 1x when ``A + D >= -2 x 990`` (ties play);
* at the flop it plays 2x when the sum over the 1,081 turns and rivers of ``A + 2 D`` is at least
  that of the river's best, and the flop's value is the larger.

Texas Hold'em Bonus: a win pays the Flop, Turn and River bets and the Ante with a straight or
better; a loss loses them all: ``A + m D`` with ``A = win x straight - lose`` and ``D = win - lose``.
Checking at the flop plays on with ``m = 2``; betting the Turn (``m = 3``) then chooses the River
bet (``m = 4``) when its turn card leaves ``sum over rivers of D >= 0``. (``check_river``: the
published rules' check, which keeps the River bet - a check of this module against them.) Sums over the turn and the
river are over *ordered* (turn, river) pairs, 47 x 46 = 2,162 per hole and flop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from ..errors import ConfigError
from ..evaluator import Category
from .showdown import DEALER_LEFT, FlopOutcomes, flop_outcomes, ranks

Array = Any
CATEGORIES = 10
FOLD_UTH = -2 * DEALER_LEFT
"""A UTH fold loses Ante and Blind: -2 per unit Ante, counted in dealer hands."""


@dataclass(frozen=True)
class BlindPays:
    """A Blind pay table as integers: each category's odds times ``scale`` (the least common
    denominator), so that sums of dealer hands' worth stay exact integers."""

    scale: int
    pays: tuple[int, ...]  # by category, odds x scale

    @classmethod
    def of(cls, table: Mapping[Any, Any]) -> BlindPays:
        odds = {_category(k): Fraction(str(v)) for k, v in table.items()}
        for category, value in odds.items():
            if value < 0:
                raise ConfigError(f"Blind pays {value} on {category.label}: optimal play is computed for odds >= 0",
                                  "paytables.blind")
        scale = lcm(1, *(o.denominator for o in odds.values()))
        return cls(scale, tuple(int(odds.get(c, Fraction(0)) * scale) for c in Category))

    def odds(self, category: Category) -> Fraction:
        return Fraction(self.pays[category], self.scale)

    def as_json(self) -> dict[str, str]:
        return {c.label: str(self.odds(c)) for c in Category if self.pays[c]}


def _category(key: Any) -> Category:
    return key if isinstance(key, Category) else Category.from_label(str(key))


@dataclass(frozen=True)
class UthFlop:
    """Per hole (``FlopOutcomes.holes`` order), sums over the 1,081 turns and rivers it leaves."""

    bet: Array  # sum of A + 2D: Play 2x now (x the Blind table's scale)
    check: Array  # sum of the river's best: check now
    a: Array  # sum of A (Play at a multiple m: a + m d)
    d: Array
    wins: Array  # (holes, 10): dealer hands beaten, by the seat's category (the Blind pays on those)
    win_q: Array  # sums of the four outcomes (a raise's moments at any multiple)
    win_n: Array
    lose_q: Array
    lose_n: Array
    win_q_by: Array  # (holes, 10) by the seat's category
    win_n_by: Array
    check_second: Array  # second moment of the optimal play after a check now (Blind paying nothing)
    check_win_q_by: Array  # (holes, 10): sum of win_q (1 + m) + win_n m over hands not folded, by category
    check_wins_by: Array  # (holes, 10): dealer hands beaten, hands not folded
    river_plays: Array  # boards on which a check now then plays 1x at the river (when the flop checks)
    fold_with_wins: Array  # (10,): (board, hole) a Blind paying nothing folds at the river though it wins some


@dataclass(frozen=True)
class ThbFlop:
    """Per hole, over the ordered (turn, river) pairs it leaves."""

    turn: Array  # bet the Turn, then the River's best
    check: Array  # check: plays on with Flop only
    check_river: Array  # check, then the River's best: where checking the Turn keeps the River bet (see ``thb_flop``)
    turn_second: Array
    check_second: Array
    river_bets: Array  # (turn, river) pairs on which the River is bet, after a Turn bet


def uth_plays_river(win_q: Any, win_n: Any, lose_q: Any, lose_n: Any, pay: Any = 0, scale: int = 1) -> Any:
    """Whether UTH's optimal river plays 1x (ties play), from the dealer hands it beats and loses to
    and what the Blind pays on its hand (``pay``: odds x ``scale``): ints or arrays of them."""
    win, lose = win_q + win_n, lose_q + lose_n
    return scale * (win_q - 2 * lose_q - lose_n + win - lose) + pay * win >= scale * FOLD_UTH


def _by_category(values: Array, category: Array) -> Array:
    """(holes, 10): the sum over boards of ``values`` (boards, holes) by ``category`` (boards, holes)."""
    holes = values.shape[1]
    index = (np.arange(holes) * CATEGORIES)[None, :] + category
    sums = np.bincount(index.ravel(), weights=values.ravel(), minlength=holes * CATEGORIES)  # exact: < 2**53
    return np.rint(sums).astype(np.int64).reshape(holes, CATEGORIES)


def uth_flop(f: FlopOutcomes, blind: BlindPays) -> UthFlop:
    o, valid = f.outcomes, f.valid
    category = o.category()
    k = blind.scale
    win, lose = o.win * valid, o.lose * valid
    win_q, win_n, lose_q, lose_n = (x.astype(np.int64) * valid for x in (o.win_q, o.win_n, o.lose_q, o.lose_n))
    pay = np.array(blind.pays, dtype=np.int64)[category]
    a = k * (win_q - 2 * lose_q - lose_n) + pay * win
    d = k * (win - lose).astype(np.int64)
    play = uth_plays_river(win_q, win_n, lose_q, lose_n, pay, k)
    river = np.where(play, a + d, k * FOLD_UTH) * valid
    bet = (a + 2 * d).sum(axis=0)
    check = river.sum(axis=0)
    flop_bets = bet >= check
    m = np.where(flop_bets[None, :], 2, np.where(play, 1, 0))
    kept = (m > 0) & valid
    second_kept = win_q * (1 + m) ** 2 + win_n * m ** 2 + lose_q * (2 + m) ** 2 + lose_n * (1 + m) ** 2
    second = np.where(kept, second_kept, 4 * DEALER_LEFT) * valid
    blind_part = (win_q * (1 + m) + win_n * m) * kept
    folded_winning = valid & ~uth_plays_river(win_q, win_n, lose_q, lose_n) & (win > 0)  # with a Blind paying nothing
    return UthFlop(
        bet=bet, check=check, a=a.sum(axis=0), d=d.sum(axis=0), wins=_by_category(win, category),
        win_q=win_q.sum(axis=0), win_n=win_n.sum(axis=0), lose_q=lose_q.sum(axis=0), lose_n=lose_n.sum(axis=0),
        win_q_by=_by_category(win_q, category), win_n_by=_by_category(win_n, category),
        check_second=second.sum(axis=0), check_win_q_by=_by_category(blind_part, category),
        check_wins_by=_by_category(win * kept, category), river_plays=(play & valid).sum(axis=0),
        fold_with_wins=np.bincount(category[folded_winning], minlength=CATEGORIES).astype(np.int64))


def thb_flop(f: FlopOutcomes) -> ThbFlop:
    o, valid = f.outcomes, f.valid
    straight = o.strength >= ranks().straight
    win, lose = (o.win * valid).astype(np.int64), (o.lose * valid).astype(np.int64)
    win_s = win * straight
    a, d = win_s - lose, win - lose
    check = 2 * (a + 2 * d).sum(axis=0)
    check_second = 2 * (4 * win + 5 * win_s + 9 * lose).sum(axis=0)  # m = 2: W (2 + s)^2 + L 3^2, s^2 = s
    # Sums over the river for each turn card: a board holds its turn and its river, either way round.
    cards = len(f.left)
    incidence = np.zeros((len(f.boards), cards))
    incidence[np.arange(len(f.boards)), f.boards[:, 0]] = 1
    incidence[np.arange(len(f.boards)), f.boards[:, 1]] = 1

    def per_turn(x: Array) -> Array:
        return np.rint(x.T.astype(np.float64) @ incidence).astype(np.int64)  # (holes, turn card), exact < 2**53

    sa, sd, sw, sws, sl = (per_turn(x) for x in (a, d, win, win_s, lose))
    river = sd >= 0
    m = np.where(river, 4, 3)
    turn = (sa + m * sd).sum(axis=1)
    turn_second = (sw * m * m + 2 * sws * m + sws + sl * (1 + m) ** 2).sum(axis=1)
    touching = np.zeros((len(f.holes), cards), dtype=bool)  # a turn card in the hole is no turn card
    pairs = ranks().pairs[f.holes]
    position = {int(c): i for i, c in enumerate(f.left)}
    touching[np.arange(len(f.holes)), [position[int(c)] for c in pairs[:, 0]]] = True
    touching[np.arange(len(f.holes)), [position[int(c)] for c in pairs[:, 1]]] = True
    river_bets = (46 * (river & ~touching)).sum(axis=1)
    # Where declining the Turn bet keeps the River bet (the "Las Vegas rules" published analyses use;
    # GAMES.md's game gives it up): checked, the turn card's River bet at its best. Not a decision of
    # this game; the tests compare it with those published figures.
    check_river = (sa + 2 * sd + np.maximum(sd, 0)).sum(axis=1)
    return ThbFlop(turn=turn, check=check, check_river=check_river, turn_second=turn_second,
                   check_second=check_second, river_bets=river_bets)


def flop_sums(flop: tuple[int, int, int], blind: BlindPays) -> tuple[FlopOutcomes, UthFlop, ThbFlop]:
    """Both games' sums on one flop (UTH under ``blind``), from one count of its showdowns."""
    f = flop_outcomes(flop)
    return f, uth_flop(f, blind), thb_flop(f)
