"""The main game under optimal play, exactly: edge, variance, decision frequencies, wagered per Ante.

Read from the shipped sums (``optimal_play.json``, ``optimal_build``): every hole class plays its
best pre-flop action, every (hole, flop) its best flop action, every full board its best last
decision, so the mean and second moment of one seat's result are exact fractions of the Ante.
UTH's Blind table enters as ``optimal`` explains (what it pays on the hands a seat wins, which no
decision changes): the second moment's Blind terms are the shipped per-category sums times the
odds and the odds squared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import sqrt
from typing import Any

from ..evaluator import Category
from .optimal import ORDERED_TURN_RIVER, TURN_RIVER, _table, uth_classes
from .optimal_sums import BlindPays
from .showdown import DEALER_LEFT

HOLES = 1_326


@dataclass(frozen=True)
class MainGame:
    """One seat's main game per unit of Ante under optimal play (exact)."""

    mean: Fraction  # expected net (negative: the house's edge)
    second: Fraction  # second moment
    wagered: Fraction  # expected total staked (UTH: Ante + Blind + Play; THB: Ante + Flop + Turn + River)
    decisions: dict[str, Fraction]  # how often each decision is taken, of all hands
    paid: dict[Category, Fraction] = field(default_factory=dict)  # UTH: P(the Blind is paid on each category)

    @property
    def edge(self) -> Fraction:
        return -self.mean

    @property
    def variance(self) -> Fraction:
        return self.second - self.mean * self.mean


def uth_main(blind: BlindPays) -> MainGame:
    """UTH's Ante + Blind + Play under ``blind`` and optimal play."""
    table = _table()
    u: dict[str, Any] = table["uth"]
    per_hole = table["flops_per_hole"] * TURN_RIVER * DEALER_LEFT  # boards x dealer hands behind one hole
    pays = [Fraction(p, blind.scale) for p in blind.pays]
    total = Fraction(0)
    second = Fraction(0)
    count = {"play4x": 0, "play3x": 0, "check": 0}
    flop_bets = river_plays = 0
    paid = [0] * len(Category)  # dealer hands beaten, by category, of hands not folded
    for i, values in enumerate(uth_classes(blind)):
        holes = table["holes"][i]
        best = max(values.values().values())
        action = next(a for a in ("play4x", "play3x", "check") if values.values()[a] == best)
        count[action] += holes
        total += best * holes * per_hole
        if action == "check":
            s0, s1, s2 = u["check_second"][i], u["check_win_q_by"][i], u["check_wins_by"][i]
            flop_bets += u["flop_bets"][i]
            river_plays += u["river_plays"][i]
        else:
            m = 4 if action == "play4x" else 3
            s0 = (u["win_q"][i] * (1 + m) ** 2 + u["win_n"][i] * m * m + u["lose_q"][i] * (2 + m) ** 2
                  + u["lose_n"][i] * (1 + m) ** 2)
            s1 = [u["win_q_by"][i][c] * (1 + m) + u["win_n_by"][i][c] * m for c in range(len(pays))]
            s2 = u["wins"][i]
        second += s0 + sum((2 * p * s1[c] + p * p * s2[c] for c, p in enumerate(pays)), Fraction(0))
        paid = [x + y for x, y in zip(paid, s2)]
    hands = HOLES * per_hole
    flops = HOLES * table["flops_per_hole"]
    decisions = {
        "play4x": Fraction(count["play4x"], HOLES), "play3x": Fraction(count["play3x"], HOLES),
        "play2x": Fraction(flop_bets, flops), "play1x": Fraction(river_plays, flops * TURN_RIVER)}
    decisions["fold"] = Fraction(count["check"], HOLES) - decisions["play2x"] - decisions["play1x"]
    wagered = 2 + 4 * decisions["play4x"] + 3 * decisions["play3x"] + 2 * decisions["play2x"] + decisions["play1x"]
    return MainGame(total / hands, second / hands, wagered, decisions,
                    {c: Fraction(paid[c], hands) for c in Category if paid[c]})


def thb_main() -> MainGame:
    """Texas Hold'em Bonus's Ante + Flop + Turn + River under optimal play (no pay table enters it)."""
    table = _table()
    t: dict[str, Any] = table["thb"]
    per_hole = table["flops_per_hole"] * ORDERED_TURN_RIVER * DEALER_LEFT
    total = Fraction(0)
    second = Fraction(0)
    folds = turn_bets = river_bets = 0
    for i, holes in enumerate(table["holes"]):
        if Fraction(t["bet"][i], holes * per_hole) >= -1:
            total += t["bet"][i]
            second += t["second"][i]
            turn_bets += t["turn_bets"][i]
            river_bets += t["river_bets"][i]
        else:
            folds += holes
            total -= holes * per_hole
            second += holes * per_hole
    hands = HOLES * per_hole
    flops = HOLES * table["flops_per_hole"]
    decisions = {"fold": Fraction(folds, HOLES), "flop": 1 - Fraction(folds, HOLES), "turn": Fraction(turn_bets, flops),
                 "river": Fraction(river_bets, flops * ORDERED_TURN_RIVER)}
    wagered = 1 + 2 * decisions["flop"] + decisions["turn"] + decisions["river"]
    return MainGame(total / hands, second / hands, wagered, decisions)


def main_game_rows(exact: MainGame, spots: str) -> tuple[tuple[str, str], ...]:
    """The exact main game's rows of a par sheet (UTH and Texas Hold'em Bonus)."""
    return (("house edge per unit Ante", f"{float(exact.edge) * 100:.4f}% (exact)"),
            (f"average total wagered per unit Ante ({spots})", f"{float(exact.wagered):.4f}"),
            ("house edge per unit wagered", f"{float(exact.edge / exact.wagered) * 100:.4f}%"),
            ("standard deviation per unit Ante", f"{sqrt(exact.variance):.4f}"))


def simulated_rows(mean: float, ci95: float, covariance: float, exact: MainGame, rounds: int, seats: int
                   ) -> tuple[tuple[str, str], ...]:
    """The simulated rows beside the exact ones: the covariance the sheet needs, and the simulated
    edge as a check of the chain (the same optimal play, simulated: it must agree within its interval)."""
    variance = float(exact.variance)
    return ((f"correlation of two seats of one round (simulated, {rounds:,} rounds x {seats} seats)",
             f"{covariance / variance:.4f}" if seats > 1 else "n/a"),
            ("check: house edge simulated with the same play", f"{-mean * 100:.3f}% +/- {ci95 * 100:.3f}% (95%)"))
