"""The value of every decision under optimal play, exactly: UTH and Texas Hold'em Bonus.

A decision is valued seeing what the player sees (the hole cards and the board shown so far), as
the average over every card still to come and every dealer hand the cards left allow, assuming
optimal play afterwards. Values are ``Fraction`` s per unit of Ante (the player's expected net of
the main game: UTH's Ante + Blind + Play, THB's Ante + Flop + Turn + River); side bets (Trips,
Bonus, Pool) no decision changes and are not in them.

* River (UTH: hole + 5; THB's last decision: hole + 4, every river card): counted at run time
  (``showdown.outcomes``), a few tenths of a millisecond.
* Flop (hole + 3): every turn and river at run time, under ten milliseconds; which action is
  best is also shipped per canonical flop (``optimal_flop.npz``) for the scripted players.
* Pre-flop: 169 hole classes, shipped (``optimal_play.json``, built by ``optimal_build``).

UTH's Blind pays only when the seat wins, by the category of its hand, so decisions may depend on
the Blind table: the shipped sums are built under the seeds' table (GAMES.md §2; the file names it).
Another table differing from it only on categories whose winning hands are never folded at the
river even with the Blind paying nothing (the build counts such folds per category: none for
straight, flush, full house, straight flush and royal; some four of a kind, the board's quads with a
kicker most dealer hands beat) changes no decision - every decision collects the same Blind return
on those categories - so it adds what it pays differently on the hands each class wins. A table
differing on a category that is folded (the four of a kind's 10:1) is refused (``ConfigError``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from ..errors import ConfigError
from ..evaluator import TABLES_DIGEST, Category
from . import optimal_tables as shipped
from .optimal_sums import BlindPays
from .showdown import DEALER_LEFT, Outcomes, outcomes, ranks
from .suits import canonical, classes, pair_index

FOLD_UTH = Fraction(-2)
FOLD_THB = Fraction(-1)
TURN_RIVER = 1_081  # unordered turn and river pairs a hole and a flop leave: C(47, 2)
ORDERED_TURN_RIVER = 47 * 46
RIVERS = 46  # river cards a hole and four board cards leave


def blind_pays(paytables: Mapping[str, Any] | None) -> BlindPays:
    """The Blind table of a profile's pay tables (``{"blind": {...}, ...}``); none: it pays nothing."""
    return BlindPays.of((paytables or {}).get("blind") or {})


# -- UTH -----------------------------------------------------------------------------------------


def _uth_values(o: Outcomes, blind: BlindPays) -> tuple[Any, Any]:
    """Per board, ``(A, D)`` scaled by ``blind.scale``: with Play m the board is worth ``A + m D``
    dealer hands (of ``DEALER_LEFT``)."""
    k = blind.scale
    pays = np.array(blind.pays, dtype=np.int64)[o.category()]
    win, lose = o.win.astype(np.int64), o.lose.astype(np.int64)
    a = k * (o.win_q - 2 * o.lose_q - o.lose_n).astype(np.int64) + pays * win
    return a, k * (win - lose)


def uth_river(hole: tuple[int, int], board: tuple[int, ...], blind: BlindPays) -> dict[str, Fraction]:
    """UTH at the river (all five board cards): Play 1x or fold."""
    _, o = outcomes(hole, tuple(board))
    a, d = _uth_values(o, blind)
    return {"play1x": Fraction(int(a[0] + d[0]), DEALER_LEFT * blind.scale), "fold": FOLD_UTH}


def uth_flop(hole: tuple[int, int], board: tuple[int, ...], blind: BlindPays) -> dict[str, Fraction]:
    """UTH at the flop: Play 2x, or check and play the river at its best."""
    _, o = outcomes(hole, tuple(board[:3]))
    a, d = _uth_values(o, blind)
    fold = -2 * DEALER_LEFT * blind.scale
    unit = TURN_RIVER * DEALER_LEFT * blind.scale
    return {"play2x": Fraction(int((a + 2 * d).sum()), unit), "check": Fraction(int(np.maximum(a + d, fold).sum()), unit)}


def uth_flop_sums(hole: tuple[int, int], flop: tuple[int, ...], blind: BlindPays,
                  counted: tuple[Any, Outcomes] | None = None) -> tuple[int, int, int, int]:
    """(sum of A + 2D, sum of the river's best, sum of A, sum of D) over the turns and rivers of one
    flop, x ``blind.scale``: what ``optimal_build`` adds up, from the single-hole counts
    (``counted``: ``outcomes(hole, flop)`` when already counted)."""
    _, o = counted or outcomes(hole, tuple(flop))
    a, d = _uth_values(o, blind)
    fold = -2 * DEALER_LEFT * blind.scale
    return (int((a + 2 * d).sum()), int(np.maximum(a + d, fold).sum()), int(a.sum()), int(d.sum()))


@dataclass(frozen=True)
class UthClass:
    """One hole class's pre-flop values under a Blind table, per unit Ante."""

    play4x: Fraction
    play3x: Fraction
    check: Fraction

    def values(self) -> dict[str, Fraction]:
        return {"play4x": self.play4x, "play3x": self.play3x, "check": self.check}


def uth_preflop(hole: tuple[int, int], blind: BlindPays) -> dict[str, Fraction]:
    """UTH before the flop: Play 4x, 3x, or check (and play on at best)."""
    return uth_classes(blind)[classes()[1][pair_index(*hole)]].values()


@lru_cache(maxsize=8)
def uth_classes(blind: BlindPays) -> tuple[UthClass, ...]:
    """Every class's pre-flop values under ``blind`` (in ``suits.classes`` order)."""
    table = _table()
    u = table["uth"]
    built = built_blind()
    _check_blind(blind, built, u["fold_with_wins"])
    out = []
    for i, holes in enumerate(table["holes"]):
        unit = holes * table["flops_per_hole"] * TURN_RIVER * DEALER_LEFT
        more = sum(((blind.odds(c) - built.odds(c)) * u["wins"][i][c] for c in Category), Fraction(0))
        a, d = Fraction(u["a"][i], built.scale) + more, Fraction(u["d"][i], built.scale)
        check = Fraction(u["check"][i], built.scale) + more
        out.append(UthClass((a + 4 * d) / unit, (a + 3 * d) / unit, check / unit))
    return tuple(out)


@lru_cache(maxsize=1)
def built_blind() -> BlindPays:
    """The Blind table the shipped UTH sums were built under."""
    return BlindPays.of(_table()["uth"]["blind"])


def _check_blind(blind: BlindPays, built: BlindPays, fold_with_wins: list[int]) -> None:
    for category in Category:
        if blind.odds(category) != built.odds(category) and fold_with_wins[category]:
            raise ConfigError(
                f"a Blind paying {blind.odds(category)} on {category.label} (the optimal-play tables are built for "
                f"{built.odds(category)}): optimal play folds some winning {category.label} hands at the river, so its "
                "decisions depend on that row; only rows of hands never folded may differ", "paytables.blind")


# -- Texas Hold'em Bonus ---------------------------------------------------------------------------


def _thb_values(o: Outcomes) -> tuple[Any, Any]:
    """Per board ``(A, D)``: with m Antes bet on top of the Ante the board is worth ``A + m D`` dealer hands."""
    win, lose = o.win.astype(np.int64), o.lose.astype(np.int64)
    return win * (o.strength >= ranks().straight) - lose, win - lose


def thb_turn(hole: tuple[int, int], board: tuple[int, ...]) -> dict[str, Fraction]:
    """THB after the turn card, having bet the Turn: bet the River, or check."""
    _, o = outcomes(hole, tuple(board[:4]))
    a, d = _thb_values(o)
    unit = RIVERS * DEALER_LEFT
    return {"river": Fraction(int((a + 4 * d).sum()), unit), "check": Fraction(int((a + 3 * d).sum()), unit)}


def thb_flop_sums(hole: tuple[int, int], flop: tuple[int, ...], counted: tuple[Any, Outcomes] | None = None
                  ) -> tuple[int, int]:
    """(bet the Turn then the River at its best, check) summed over the ordered turns and rivers of one
    flop (``counted``: ``outcomes(hole, flop)`` when already counted)."""
    rest, o = counted or outcomes(hole, tuple(flop[:3]))
    a, d = _thb_values(o)
    cards: Any = np.unique(rest)
    at: Any = np.searchsorted(cards, rest)  # each board's turn and river, either way round

    def per_turn(x: Any) -> Any:  # float sums of integers far below 2**53: exact
        sums = np.bincount(at[:, 0], weights=x, minlength=len(cards)) + np.bincount(at[:, 1], weights=x,
                                                                                    minlength=len(cards))
        return np.rint(sums).astype(np.int64)

    sa, sd = per_turn(a), per_turn(d)
    return int((sa + 3 * sd + np.maximum(sd, 0)).sum()), int(2 * (a + 2 * d).sum())


def thb_flop(hole: tuple[int, int], board: tuple[int, ...]) -> dict[str, Fraction]:
    """THB at the flop: bet the Turn (then the River at its best), or check (no more bets)."""
    turn, check = thb_flop_sums(hole, board)
    unit = ORDERED_TURN_RIVER * DEALER_LEFT
    return {"turn": Fraction(turn, unit), "check": Fraction(check, unit)}


@lru_cache(maxsize=1)
def thb_classes() -> tuple[Fraction, ...]:
    """Every class's value of the Flop bet (playing on at best), per unit Ante, in class order."""
    table = _table()
    return tuple(Fraction(bet, holes * table["flops_per_hole"] * ORDERED_TURN_RIVER * DEALER_LEFT)
                 for bet, holes in zip(table["thb"]["bet"], table["holes"]))


def thb_preflop(hole: tuple[int, int]) -> dict[str, Fraction]:
    """THB before the flop: the Flop bet (2x) or fold (the Ante is lost)."""
    return {"flop": thb_classes()[classes()[1][pair_index(*hole)]], "fold": FOLD_THB}


# -- the shipped tables ------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    table = shipped.shipped_table()
    if table.get("format") != shipped.FORMAT or table.get("evaluator") != TABLES_DIGEST:
        raise ValueError(f"{shipped.PLAY_RESOURCE} is not for this evaluator and format: rebuild it "
                         "(python -m dealer_station.par.optimal_build)")
    if list(table["classes"]) != list(classes()[0]):
        raise ValueError(f"{shipped.PLAY_RESOURCE} lists its classes in another order: rebuild it")
    return table


@lru_cache(maxsize=1)
def _flop_bits() -> tuple[dict[tuple[int, ...], int], dict[str, Any]]:
    """(row of each canonical flop, each game's decisions by row and hole pair index)."""
    arrays = shipped.shipped_arrays()
    rows = {tuple(int(c) for c in flop): i for i, flop in enumerate(arrays["flops"])}
    return rows, {game: np.unpackbits(arrays[game], axis=1, count=shipped.HOLES).astype(bool) for game in ("uth", "thb")}


def flop_bets(game: str, hole: tuple[int, int], flop: tuple[int, ...]) -> bool:
    """Whether optimal play bets at this flop (``game``: ``uth`` Play 2x, ``thb`` the Turn bet), from
    the shipped table: as ``uth_flop`` / ``thb_flop`` would find, ties betting."""
    least, (a, b) = canonical(hole, tuple(flop[:3]))
    rows, bits = _flop_bits()
    return bool(bits[game][rows[least], pair_index(a, b)])
