"""Texas Hold'em Bonus par figures by full enumeration.

* Bonus: every one of the 1,326 hole pairs against every dealer pair from the remaining
  50 cards (1,326 x 1,225 = 1,624,350 equally likely deals), each classified by the
  game's own ``bonus_rows``; the row paid is the first the pay table has.
* Pool: every one of the C(52,5) = 2,598,960 five-card sets of hole + flop, ranked by the
  evaluator as ``pool_category`` ranks them. Each set is the hole + flop of C(5,2) = 10
  (hole, flop) splits, all with the same category, so the split counts are ten times these.

``thb_par`` is the game's par sheet (registered by ``dealer_station.par``): the Bonus
exactly (edge, variance, and the covariance of two seats of one round, by enumerating
every ordered pair of disjoint holes), the Pool's paying rows exactly, and the main game
under optimal play exactly (``optimal_par.thb_main``), the covariance of its two seats of one
round by simulating that play (``thb_main``). What a Pool stake is worth
depends on the meter, which no pay table knows: ``PoolEconomics`` gives it for a meter and
the profile's Pool rules (``dealer-station par`` adds it to the sheet it prints).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, compress, repeat
from math import comb, lcm, sqrt
from typing import Any

import numpy as np

from ..cards import DECK_SIZE
from ..evaluator import ACE, CATEGORY_SHIFT, Category, category_of, strength
from ..games.thb import BONUS_ROWS, ThbTableOptions, bonus_odds, bonus_rows
from ..jackpot import JackpotRules
from ..money import format_cents, format_money
from . import POOL_METER, ParSheet, ParTable, Progress, SpotPar, decimal_of, exact
from .optimal_par import main_game_rows, simulated_rows, thb_main
from .thb_main import SEATS, estimate_main_game

LOSE = "lose"
HOLE_PAIRS = comb(DECK_SIZE, 2)
DEALER_PAIRS = comb(DECK_SIZE - 2, 2)
BONUS_DEALS = HOLE_PAIRS * DEALER_PAIRS
POOL_HANDS = comb(DECK_SIZE, 5)


@lru_cache(maxsize=1)
def bonus_row_combinations() -> Counter[tuple[str, ...]]:
    """How many of the 1,624,350 (hole, dealer) deals make each tuple of Bonus rows: it does not
    depend on the pay table, so it is shipped (``exact``; read it, do not change it)."""
    return exact.bonus_rows()


def enumerate_bonus_rows() -> Counter[tuple[str, ...]]:
    """``bonus_row_combinations`` by classifying every deal with the game's own ``bonus_rows``."""
    counts: Counter[tuple[str, ...]] = Counter()
    deck = range(DECK_SIZE)
    for hole in combinations(deck, 2):
        rest = [card for card in deck if card not in hole]
        counts.update(map(bonus_rows, repeat(hole, DEALER_PAIRS), combinations(rest, 2)))
    if sum(counts.values()) != BONUS_DEALS:
        raise AssertionError(f"enumerated {sum(counts.values()):,} deals, not {BONUS_DEALS:,}")
    return counts


@dataclass(frozen=True)
class BonusPar:
    """The Bonus bet under one pay table: deals per paid row (and ``lose``), and the edge."""

    paytable: Mapping[str, Decimal]
    counts: Mapping[str, int]

    def probability(self, row: str) -> Fraction:
        return Fraction(self.counts.get(row, 0), BONUS_DEALS)

    @property
    def expected_return(self) -> Fraction:
        """Expected net per unit staked (negative: the house's)."""
        won = sum((Fraction(self.paytable[row]) * n for row, n in self.counts.items() if row != LOSE), Fraction(0))
        return (won - self.counts.get(LOSE, 0)) / BONUS_DEALS

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return


def bonus_par(paytable: Mapping[str, Decimal], rows: Counter[tuple[str, ...]] | None = None) -> BonusPar:
    """The Bonus par under ``paytable`` (``rows``: a ``bonus_row_combinations`` to reuse)."""
    rows = bonus_row_combinations() if rows is None else rows
    counts: Counter[str] = Counter()
    for made, n in rows.items():
        paid = next((row for row in made if row in paytable), LOSE)
        counts[paid] += n
    return BonusPar(dict(paytable), dict(counts))


@dataclass(frozen=True)
class PoolPar:
    """Five-card category counts of hole + flop, and what the Pool pays of the meter."""

    paytable: Mapping[Category, Decimal]
    counts: Mapping[Category, int]

    def probability(self, category: Category) -> Fraction:
        return Fraction(self.counts.get(category, 0), POOL_HANDS)

    @property
    def hit_probability(self) -> Fraction:
        """Chance that one Pool stake wins some share of the meter."""
        return sum((self.probability(c) for c in self.paytable), Fraction(0))

    @property
    def meter_share(self) -> Fraction:
        """Expected share of the meter one Pool stake wins (ignoring other hits that round)."""
        return sum((self.probability(c) * Fraction(p) / 100 for c, p in self.paytable.items()), Fraction(0))


@lru_cache(maxsize=1)
def pool_category_counts() -> Counter[Category]:
    """Category of every one of the 2,598,960 hole + flop card sets, as shipped (``exact``;
    read it, do not change it)."""
    return exact.pool_categories()


def enumerate_pool_categories() -> Counter[Category]:
    """``pool_category_counts`` by ranking every five-card set with the evaluator."""
    by_strength = Counter(map(strength, combinations(range(DECK_SIZE), 5)))
    counts: Counter[Category] = Counter()
    for value, n in by_strength.items():
        counts[category_of(value)] += n
    if sum(counts.values()) != POOL_HANDS:
        raise AssertionError(f"enumerated {sum(counts.values()):,} hands, not {POOL_HANDS:,}")
    return counts


def pool_par(paytable: Mapping[Category, Decimal], counts: Counter[Category] | None = None) -> PoolPar:
    return PoolPar(dict(paytable), dict(pool_category_counts() if counts is None else counts))


# -- the Bonus: two seats of one round -----------------------------------------------

NO_ACES = (0, 1)  # a dealer pair without an ace (``bonus_rows`` looks only at the dealer's ranks)
TWO_ACES = (ACE * 4, ACE * 4 + 1)


@dataclass(frozen=True)
class BonusMoments:
    """The Bonus per unit staked: expected net, variance, and covariance of two seats of one round."""

    mean: Fraction
    variance: Fraction
    covariance: Fraction


def _dealer_aces(aces_out: int, cards_left: int) -> Fraction:
    """Chance that the dealer's two cards are both aces when ``aces_out`` aces are in known hands."""
    return Fraction(comb(4 - aces_out, 2), comb(cards_left, 2))


def bonus_moments(paytable: Mapping[str, Decimal]) -> BonusMoments:
    """The Bonus's moments, exactly.

    A hole's Bonus depends on the dealer only through "does the dealer hold two aces", so
    each hole has two results (dealer AA or not). Holes are grouped by (both results, aces
    held); every ordered pair of disjoint holes (1,326 x 1,225) is counted per pair of
    groups; the dealer holds AA with probability C(aces left, 2) / C(48, 2) given both.
    """
    holes = list(combinations(range(DECK_SIZE), 2))
    groups: dict[tuple[Fraction, Fraction, int], int] = {}
    group_of = []
    for hole in holes:
        results = tuple(Fraction(-1) if odds is None else Fraction(odds)
                        for odds in (bonus_odds(paytable, hole, NO_ACES), bonus_odds(paytable, hole, TWO_ACES)))
        key = (results[0], results[1], sum(card // 4 == ACE for card in hole))
        group_of.append(groups.setdefault(key, len(groups)))
    keys = list(groups)
    n = len(keys)
    bits = np.array([(1 << a) | (1 << b) for a, b in holes], dtype=np.int64)
    group = np.array(group_of, dtype=np.int64)
    disjoint = (bits[:, None] & bits[None, :]) == 0
    pair_counts = np.bincount((group[:, None] * n + group[None, :])[disjoint], minlength=n * n).tolist()
    hole_counts = np.bincount(group, minlength=n).tolist()
    mean = second = together = Fraction(0)
    for i, (no_aa, with_aa, aces) in enumerate(keys):
        q = _dealer_aces(aces, DECK_SIZE - 2)
        mean += hole_counts[i] * (q * with_aa + (1 - q) * no_aa)
        second += hole_counts[i] * (q * with_aa ** 2 + (1 - q) * no_aa ** 2)
        for j, (other_no_aa, other_with_aa, other_aces) in enumerate(keys):
            if pair_counts[i * n + j]:
                q2 = _dealer_aces(aces + other_aces, DECK_SIZE - 4)
                together += pair_counts[i * n + j] * (q2 * with_aa * other_with_aa + (1 - q2) * no_aa * other_no_aa)
    mean /= HOLE_PAIRS
    second /= HOLE_PAIRS
    together /= HOLE_PAIRS * DEALER_PAIRS
    return BonusMoments(mean, second - mean * mean, together - mean * mean)


# -- two seats' Pool results in one round --------------------------------------------

FLOPS = comb(DECK_SIZE, 3)
HOLES_AFTER_FLOP = comb(DECK_SIZE - 3, 2)
SECOND_HOLES = comb(DECK_SIZE - 5, 2)


def paying_pool_hands(paytable: Mapping[Category, Decimal]) -> tuple[list[tuple[tuple[int, ...], int]], int]:
    """Every hole + flop five-card set the Pool pays, with its share of the meter as an integer
    weight, and the unit of those weights (share = weight / unit): integers keep the sums exact
    and fast. Enumerated once per process and pay table (read the list, do not change it)."""
    return _paying_pool_hands(tuple(sorted(paytable.items())))


@lru_cache(maxsize=4)
def _paying_pool_hands(paytable: tuple[tuple[Category, Decimal], ...]) -> tuple[list[tuple[tuple[int, ...], int]], int]:
    if not paytable:
        return [], 1
    shares = {c: Fraction(p) / 100 for c, p in paytable}
    unit = lcm(*(share.denominator for share in shares.values()))
    weights = {c: int(share * unit) for c, share in shares.items()}
    lowest = min(c.value for c in shares)
    hands = combinations(range(DECK_SIZE), 5)
    paid = (value >> CATEGORY_SHIFT >= lowest for value in map(strength, combinations(range(DECK_SIZE), 5)))
    found: list[tuple[tuple[int, ...], int]] = []
    for cards in compress(hands, paid):
        weight = weights.get(category_of(strength(cards)))
        if weight:
            found.append((cards, weight))
    return found, unit


def flop_pair_sums(paying: list[tuple[tuple[int, ...], int]]) -> dict[tuple[int, ...], int]:
    """Per flop: the sum, over ordered pairs of disjoint holes, of the product of their weights.

    Each paying five-card set is hole + flop in ten ways (any three of its cards as the flop).
    For one flop, with w the weight of each paying hole: the sum over ordered disjoint pairs is
    (sum w)^2 - sum w^2 minus the pairs sharing a card (two holes share at most one), which is
    the sum over cards c of (S_c^2 - Q_c), S_c and Q_c the sums of w and w^2 over holes holding c.
    """
    by_flop: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}
    for cards, weight in paying:
        for pair in combinations(cards, 2):
            flop = tuple(c for c in cards if c not in pair)
            by_flop.setdefault(flop, []).append((pair, weight))
    sums: dict[tuple[int, ...], int] = {}
    for flop, holes in by_flop.items():
        total = squares = 0
        per_card: dict[int, list[int]] = {}
        for hole, w in holes:
            total += w
            squares += w * w
            for card in hole:
                s_q = per_card.setdefault(card, [0, 0])
                s_q[0] += w
                s_q[1] += w * w
        sums[flop] = total * total - squares - sum(s * s - q for s, q in per_card.values())
    return sums


@dataclass(frozen=True)
class PoolMoments:
    """One Pool stake's share of the meter: mean, variance, and the covariance of two seats of
    one round (they share the flop), all exact."""

    mean: Fraction
    variance: Fraction
    covariance: Fraction


def pool_moments(pool: PoolPar) -> PoolMoments:
    second = sum((pool.probability(c) * (Fraction(p) / 100) ** 2 for c, p in pool.paytable.items()), Fraction(0))
    pair_total, unit = _pool_pair_total(tuple(sorted(pool.paytable.items())))
    joint = Fraction(pair_total, FLOPS * HOLES_AFTER_FLOP * SECOND_HOLES * unit * unit)
    mean = pool.meter_share
    return PoolMoments(mean, second - mean * mean, joint - mean * mean)


@lru_cache(maxsize=4)
def _pool_pair_total(paytable: tuple[tuple[Category, Decimal], ...]) -> tuple[int, int]:
    """Sum over every flop of ``flop_pair_sums``, and the weights' unit: once per process and pay table."""
    paying, unit = _paying_pool_hands(paytable)
    return sum(flop_pair_sums(paying).values()), unit


# -- the Pool at a meter --------------------------------------------------------------


@dataclass(frozen=True)
class PoolEconomics:
    """What one Pool stake is worth at a meter, and where contributions move the meter (exact).

    ``share`` is the expected share of the meter one stake wins (``PoolPar.meter_share``);
    an award is paid from the meter as it stands at the flop (this round's contributions in it).
    """

    share: Fraction
    stake: Decimal
    rules: JackpotRules

    def expected_award(self, meter: Decimal) -> Fraction:
        return self.share * Fraction(meter)

    def return_at(self, meter: Decimal) -> Fraction:
        """Expected award per unit staked at ``meter``: share x meter / stake."""
        return self.expected_award(meter) / Fraction(self.stake)

    @property
    def break_even(self) -> Fraction:
        """The meter at which the expected award equals the stake."""
        return Fraction(self.stake) / self.share

    @property
    def balance(self) -> Fraction:
        """The meter at which a stake's contribution equals its expected award: above it the
        meter falls on average, below it rises."""
        return Fraction(self.rules.rate) * Fraction(self.stake) / self.share

    def long_run(self) -> tuple[Fraction, Fraction | None]:
        """Bounds of the long-run return per unit staked: every award is paid from a meter
        between reset and the cap (no upper bound without a cap)."""
        cap = self.rules.cap
        return self.return_at(self.rules.reset), None if cap is None else self.return_at(cap)

    def table(self, meter: Decimal, source: str) -> ParTable:
        """The Pool's figures at ``meter`` (``source`` says where that meter was read)."""
        rules, stake = self.rules, self.stake
        here = self.return_at(meter)
        low, high = self.long_run()
        rows = [
            ("current meter", f"{format_cents(meter)} ({source})"),
            ("expected award per Pool stake at that meter", f"{float(self.expected_award(meter)):,.6f}"),
            ("return at that meter (expected award / stake)", _pct(here)),
            ("Pool house edge at that meter", _pct(1 - here)),
            ("break-even meter (expected award = stake)", _amount(self.break_even)),
            (f"return at reset {format_cents(rules.reset)}", _pct(low)),
        ]
        if high is not None and rules.cap is not None:
            rows.append((f"return at the cap {format_cents(rules.cap)}", _pct(high)))
        rows += [
            ("contribution per Pool stake (rate x stake)", format_money(rules.rate * stake)),
            ("meter where contributions equal expected awards", _amount(self.balance)),
            ("long-run return per unit staked", f"rate + house seeds per unit staked: {_pct(low)} to "
                                                + (_pct(high) if high is not None else "unbounded (no cap)")),
        ]
        return ParTable(f"Pool at the meter (stake {format_money(stake)}, rate {format_money(rules.rate)}, "
                        f"reset {format_cents(rules.reset)}, cap "
                        f"{'none' if rules.cap is None else format_cents(rules.cap)})",
                        ("figure", "value"), tuple(rows), self.note())

    def note(self) -> str:
        """What the figures mean, exactly, for this table's rules."""
        rules = self.rules
        rate, reset = Fraction(rules.rate), Fraction(rules.reset)
        low, _ = self.long_run()
        text = (
            f"A Pool stake wins on average {_pct(self.share, 6)} of the meter it is paid from (exactly "
            f"{self.share.numerator:,}/{self.share.denominator:,}, by enumeration) and always loses the stake, so at a "
            f"meter M its return is share x M / stake and its expected net share x M - stake: the player has the edge "
            f"above the break-even meter. M is the meter at the flop (this round's contributions in it). The figure "
            f"is exact but for two things that only lower it: an award is rounded down to the cent (less than a "
            f"cent per hit), and a second hit in the same round is paid from what the first left. The rate is the part of every stake that goes back to the "
            f"players through the meter: by conservation (reset + contributed + seeded - awarded = meter + overflow), "
            f"over a long run the Pool pays back exactly the contributions plus the house's seeds, i.e. a return of "
            f"{_pct(rate, 2)} + seeds per unit staked, and the house keeps the rest of the stakes. ")
        if self.balance < reset:
            text += (
                f"Each stake adds rate x stake to the meter and takes share x M out on average, which balance only at "
                f"M = {_amount(self.balance)}, below the reset: at every meter this table can show, awards take out "
                f"more than contributions put in, and the house seeds the difference - at least "
                f"{_pct(low - rate, 2)} of every stake in the long run.")
        elif rules.cap is None or self.balance < Fraction(rules.cap):
            text += (
                f"Contributions and expected awards balance at M = {_amount(self.balance)}: below it the meter grows on "
                f"average, above it it falls; the house seeds only what hits leave below the reset.")
        else:
            text += (
                f"Contributions outrun expected awards at every meter up to the cap (they balance only at "
                f"M = {_amount(self.balance)}): the meter climbs to the cap and the excess waits in the overflow.")
        return text


def _pct(value: Fraction, places: int = 4) -> str:
    return f"{float(value) * 100:.{places}f}%"


def _amount(value: Fraction) -> str:
    return f"{float(value):,.2f}"


# -- the par sheet --------------------------------------------------------------------

DEFAULT_SAMPLES = 10_000
"""Simulated rounds of 6 seats (60,000 hands) for the covariance of two seats: the edge is exact, and
optimal play counts each River bet at the turn (0.4 ms), so a round costs more than it did."""
POOL_ROWS_TITLE = "Pool paying rows (exact: all 2,598,960 hole + flop hands)"


def thb_par(paytables: Mapping[str, Any], *, samples: int = DEFAULT_SAMPLES, seed: int = 1,
            progress: Progress | None = None, seats: int = SEATS) -> ParSheet:
    """The Texas Hold'em Bonus par sheet for ``paytables`` (``{"bonus": {...}, "pool": {...}}``),
    its main game simulated with ``seats`` seats a round (the profile's)."""
    started = time.perf_counter()
    bonus_table = {row: Decimal(str(odds)) for row, odds in (paytables.get("bonus") or {}).items()}
    pool_table = {Category.from_label(label): Decimal(str(p)) for label, p in (paytables.get("pool") or {}).items()}
    if progress:
        progress("par holdem_bonus: Bonus by full enumeration of the 1,624,350 (hole, dealer) deals")
    bonus = bonus_par(bonus_table)
    moments = bonus_moments(bonus_table)
    if progress:
        progress("par holdem_bonus: Pool by full enumeration of the 2,598,960 hole + flop hands")
    pool = pool_par(pool_table)
    pool_m = pool_moments(pool)
    if progress:
        progress("par holdem_bonus: main game under optimal play, exact (the shipped enumeration of every deal)")
    exact = thb_main()
    main = estimate_main_game(samples, seed, progress, seats, exact_mean=float(exact.mean))
    spots = {
        "ante": SpotPar(decimal_of(exact.edge), decimal_of(exact.variance), decimal_of(main.covariance), Decimal(0),
                        True),
        "bonus": SpotPar(decimal_of(bonus.house_edge), decimal_of(moments.variance), decimal_of(moments.covariance),
                         Decimal(0), True),
        # A Pool stake: the house keeps it and pays share x the meter it is paid from.
        "pool": SpotPar(Decimal(1), Decimal(0), Decimal(0), Decimal(0), True,
                        f"the stake less {_pct(pool_m.mean, 6)} of the meter it is paid from"),
        POOL_METER: SpotPar(-decimal_of(pool_m.mean, 12), decimal_of(pool_m.variance, 12),
                            decimal_of(pool_m.covariance, 12), Decimal(0), True, ""),
    }
    bonus_rows_out = tuple(
        (row, f"{bonus_table[row]}:1", f"{bonus.counts.get(row, 0):,}", f"{float(bonus.probability(row)):.8f}",
         f"{float(bonus.probability(row) * Fraction(bonus_table[row])):.6f}")
        for row in BONUS_ROWS if row in bonus_table)
    bonus_part = ParTable(
        f"Bonus (exact: all {BONUS_DEALS:,} hole x dealer deals)", ("row", "pays", "deals", "probability", "return"),
        (*bonus_rows_out,
         ("lose", "-1", f"{bonus.counts.get(LOSE, 0):,}", f"{float(bonus.probability(LOSE)):.8f}", ""),
         ("house edge", "", "", "", _pct(bonus.house_edge)),
         ("standard deviation per unit", "", "", "", f"{sqrt(moments.variance):.4f}"),
         ("correlation of two seats of one round", "", "", "", f"{float(moments.covariance / moments.variance):.6f}")),
        "a row is paid when the hole cards make it, whatever the seat does next; the correlation of two seats is "
        "exact too (every ordered pair of disjoint holes, with the dealer's chance of two aces given both)")
    pool_part = ParTable(
        POOL_ROWS_TITLE, ("hand", "pays", "hands", "probability", "share of the meter"),
        (*((c.label, f"{format_money(p)}% of the meter", f"{pool.counts.get(c, 0):,}",
            f"{float(pool.probability(c)):.8f}", _pct(pool.probability(c) * Fraction(p) / 100, 6))
           for c, p in sorted(pool_table.items(), reverse=True)),
         ("any paying hand", "", "", f"{float(pool.hit_probability):.8f}", _pct(pool.meter_share, 6)),
         ("standard deviation of the share", "", "", "", _pct(Fraction(sqrt(pool_m.variance)), 6)),
         ("correlation of two seats of one round", "", "", "",
          f"{float(pool_m.covariance / pool_m.variance):.6f}" if pool_m.variance else "n/a")),
        "what one Pool stake is worth depends on the meter: `dealer-station par --config PROFILE [--journal PATH]` "
        "prints it at the current meter with the table's rate, reset and cap")
    decisions = exact.decisions
    main_part = ParTable(
        "Main game (Ante + Flop + Turn + River) under optimal play (exact: every hole, board and dealer hand)",
        ("figure", "value"),
        (*main_game_rows(exact, "Ante + Flop + Turn + River"),
         ("hands folded before the flop", _pct(decisions["fold"], 3)),
         ("hands betting the Turn / the River", f"{_pct(decisions['turn'], 3)} / {_pct(decisions['river'], 3)}"),
         *simulated_rows(main.mean, main.ci95, main.covariance, exact, main.rounds, main.seats)),
        "every decision is the one of the larger expected value given what the player sees (optimal play), each "
        "valued assuming optimal play afterwards (docs/skill.md); a fold loses the Ante; declining the Turn bet "
        "gives up the River bet")
    share = pool.meter_share
    return ParSheet(
        "holdem_bonus", spots, frozenset(), (bonus_part, pool_part, main_part),
        method=("Bonus and Pool rows and the main game under optimal play exact; covariance of two seats simulated "
                f"({main.rounds:,} rounds x {main.seats} seats, seed {seed})"),
        elapsed_s=time.perf_counter() - started,
        extra={"handle_per_ante": f"{float(exact.wagered):.6f}",
               "edge_exact": f"{exact.edge.numerator}/{exact.edge.denominator}", "pool_meter_share": f"{share.numerator}/{share.denominator}"})


def with_meter(sheet: ParSheet, options: ThbTableOptions, meter: Decimal, source: str) -> ParSheet:
    """``sheet`` (``thb_par``'s) plus the Pool's figures at ``meter`` under the table's Pool rules."""
    pool = PoolEconomics(Fraction(sheet.extra["pool_meter_share"]), options.pool_stake, options.jackpot)
    at = next((i + 1 for i, t in enumerate(sheet.tables) if t.title == POOL_ROWS_TITLE), len(sheet.tables))
    tables = (*sheet.tables[:at], pool.table(meter, source), *sheet.tables[at:])
    return replace(sheet, tables=tables, extra={
        **sheet.extra, "pool_meter": format_cents(meter), "pool_meter_source": source,
        "pool_return_at_meter": str(decimal_of(pool.return_at(meter))),
        "pool_break_even_meter": str(decimal_of(pool.break_even, 2))})
