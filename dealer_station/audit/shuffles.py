"""Statistical tests that a shuffler shuffles, over the deals it journaled (pure: no I/O).

A deal is the cards the shoe dispensed after one shuffle, in dispensed order (position 0 is
the first card out). Under the hypothesis of a fair shuffler every deal is a uniformly random
ordering of the deck, independent of every other deal; each test measures one way a shuffler
can break that (GLI-29 and state rules: chi-squared goodness of fit at 95%, Maryland COMAR
36.05.02.17(F); chi-squared, runs and serial correlation at 99% elsewhere):

* ``chi_squared``: card against dealt position. The cells of one deal are not independent
  (a card at position 0 is not at position 1), so the statistic is the quadratic form of the
  cell deviations in the inverse of their exact covariance: chi-squared with 51 x positions
  degrees of freedom (the sum of per-position statistics is not, by about 1% in variance);
* ``runs``: runs up and down of the card values within each deal (a deck left in runs of
  new-deck order), against the exact mean and variance for a random order of each length;
* ``serial_correlation``: of the card values at the same position in consecutive deals
  (the last deal's order coming back);
* ``persistence``: pairs of cards seen in two consecutive deals that keep their relative
  order (a riffle keeps the order within each packet, so too few riffles keep far more than
  half): the number of such pairs is that of non-inversions of a random permutation;
* ``repeats``: deals whose first ``REPEAT_PREFIX`` cards are those of an earlier deal, against
  the Poisson number a fair shuffler makes (one in 3 x 10^13 pairs of deals).

Each test gives a p-value and a verdict at 95% and 99%, or ``insufficient`` below the deals
its approximation needs. The p-values use ``chi2_sf``, ``normal_sf`` and ``poisson_sf`` here
(the regularised incomplete gamma function and ``math.erfc``; tests check them against
closed forms and published tables).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..cards import DECK_SIZE

LEVELS = (95, 99)
"""Confidence levels every test's verdict is given at (percent)."""
MIN_EXPECTED = 5
"""Least expected count per card and position cell for the chi-squared approximation."""
MIN_DEALS = 30
"""Least deals (or consecutive pairs of deals) for the normal approximation of a sum."""
REPEAT_PREFIX = 8
"""Cards of a deal compared with every earlier deal's for a repeated order."""
MEAN = (DECK_SIZE - 1) / 2
VARIANCE = (DECK_SIZE * DECK_SIZE - 1) / 12
"""Mean and variance of a card value drawn uniformly from the deck."""


@dataclass(frozen=True)
class Deal:
    """The cards dispensed after one shuffle, in dispensed order, and where the journal has them."""

    cards: tuple[int, ...]
    table_id: str = ""
    round_id: str | None = None
    seq: int = 0
    at: str = ""


@dataclass(frozen=True)
class TestResult:
    """One test over one shuffler's deals; ``p_value`` is None when it saw too few deals."""

    name: str
    deals: int
    needs: int
    statistic: float | None = None
    p_value: float | None = None
    df: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def verdict(self, level: int) -> str:
        """``pass``, ``fail`` (p-value below 1 - level) or ``insufficient``."""
        if self.p_value is None:
            return "insufficient"
        return "pass" if self.p_value >= 1 - level / 100 else "fail"

    def as_json(self) -> dict[str, Any]:
        return {"test": self.name, "deals": self.deals, "needs": self.needs, "statistic": self.statistic,
                "df": self.df, "p_value": self.p_value,
                "verdicts": {str(level): self.verdict(level) for level in LEVELS}, **self.detail}


def overall(results: Iterable[TestResult], level: int) -> str:
    """A shuffler fails when any test fails at ``level``; passes when every test passes."""
    verdicts = {r.verdict(level) for r in results}
    return "fail" if "fail" in verdicts else "insufficient" if "insufficient" in verdicts else "pass"


def audit(deals: Sequence[Deal]) -> list[TestResult]:
    """Every test over one shuffler's deals, in the order they were dealt."""
    hands = [d.cards for d in deals]
    return [chi_squared(hands), runs(hands), serial_correlation(hands), persistence(hands), repeats(hands)]


# ----------------------------------------------------------------------------- the tests

def chi_squared(deals: Sequence[Sequence[int]]) -> TestResult:
    """Goodness of fit of card against dealt position, over the positions with enough deals.

    Deals are prefixes of the deck (the shoe deals from the top), so N_p, the deals that
    reached position p, does not grow with p, and N_max(p,q) deals saw both p and q. The cell
    deviations R = O - N_p / 52 then have covariance B (x) M, with M = I - J/52 over cards and
    B = (52 diag(N) - N_max(p,q)) / (52 x 51) over positions; T = trace(R' B^-1 R) is chi-squared
    with 51 x rank(B) degrees of freedom.
    """
    need = MIN_EXPECTED * DECK_SIZE
    reached = np.bincount(np.array([min(len(d), DECK_SIZE) for d in deals], dtype=np.int64),
                          minlength=DECK_SIZE + 1)
    per_position = reached[::-1].cumsum()[::-1][1:]  # N_p: deals with more than p cards
    positions = int((per_position >= need).sum())
    saw = int(per_position[0]) if len(per_position) else 0
    if positions == 0:
        return TestResult("chi_squared", saw, need)
    observed = np.zeros((positions, DECK_SIZE))
    for deal in deals:
        head = list(deal[:positions])
        observed[np.arange(len(head)), head] += 1
    n = per_position[:positions].astype(float)
    deviation = observed - n[:, None] / DECK_SIZE
    index = np.arange(positions)
    both = n[np.maximum.outer(index, index)]
    cov = (DECK_SIZE * np.diag(n) - both) / (DECK_SIZE * (DECK_SIZE - 1))
    eigenvalues, vectors = np.linalg.eigh(cov)
    keep = eigenvalues > eigenvalues.max() * 1e-9
    projected = vectors[:, keep].T @ deviation
    statistic = float(((projected**2).sum(axis=1) / eigenvalues[keep]).sum())
    df = (DECK_SIZE - 1) * int(keep.sum())
    return TestResult("chi_squared", saw, need, statistic, chi2_sf(statistic, df), df,
                      {"positions": positions})


def runs(deals: Sequence[Sequence[int]]) -> TestResult:
    """Runs up and down of each deal's card values (a run: a maximal rising or falling stretch)."""
    total = mean = variance = 0.0
    used = 0
    for deal in deals:
        n = len(deal)
        if n < 3:
            continue
        rising = [b > a for a, b in zip(deal, deal[1:], strict=False)]
        total += 1 + sum(x != y for x, y in zip(rising, rising[1:], strict=False))
        mean += (2 * n - 1) / 3
        variance += 2 / 9 if n == 3 else (16 * n - 29) / 90  # exact (Levene-Wolfowitz; n = 3 by count)
        used += 1
    if used < MIN_DEALS:
        return TestResult("runs", used, MIN_DEALS)
    z = (total - mean) / math.sqrt(variance)
    return TestResult("runs", used, MIN_DEALS, z, 2 * normal_sf(abs(z)), None,
                      {"runs": int(total), "expected": round(mean, 2)})


def serial_correlation(deals: Sequence[Sequence[int]]) -> TestResult:
    """Correlation of the card values at the same position in consecutive deals.

    S = sum over pairs and shared positions of (a - 25.5)(b - 25.5). Within a deal two
    positions' values covary by -var/51 (drawn without replacement), so a pair sharing L
    positions has Var = var^2 L (1 + (L - 1)/51^2); pairs are uncorrelated under a fair shuffler.
    """
    statistic = variance = 0.0
    shared = pairs = 0
    for before, after in zip(deals, deals[1:], strict=False):
        n = min(len(before), len(after))
        if n == 0:
            continue
        a = np.asarray(before[:n], dtype=float) - MEAN
        b = np.asarray(after[:n], dtype=float) - MEAN
        statistic += float(a @ b)
        variance += VARIANCE**2 * n * (1 + (n - 1) / (DECK_SIZE - 1) ** 2)
        shared += n
        pairs += 1
    if pairs < MIN_DEALS:
        return TestResult("serial_correlation", pairs + 1 if pairs else 0, MIN_DEALS + 1)
    z = statistic / math.sqrt(variance)
    return TestResult("serial_correlation", pairs + 1, MIN_DEALS + 1, z, 2 * normal_sf(abs(z)), None,
                      {"correlation": round(statistic / (VARIANCE * shared), 5), "pairs": pairs})


def persistence(deals: Sequence[Sequence[int]]) -> TestResult:
    """Pairs of cards in two consecutive deals that keep their relative order.

    For the k cards two deals share, the kept pairs are the non-inversions of their order in
    the second deal relative to the first: mean k(k-1)/4, variance k(k-1)(2k+5)/72 for a fair
    shuffler, pairs of deals uncorrelated.
    """
    kept = mean = variance = 0.0
    pairs = compared = 0
    for before, after in zip(deals, deals[1:], strict=False):
        where = {card: i for i, card in enumerate(before)}
        order = [where[card] for card in after if card in where]
        k = len(order)
        if k < 2:
            continue
        inversions = sum(x > y for i, x in enumerate(order) for y in order[i + 1:])
        kept += k * (k - 1) / 2 - inversions
        mean += k * (k - 1) / 4
        variance += k * (k - 1) * (2 * k + 5) / 72
        compared += k * (k - 1) // 2
        pairs += 1
    if pairs < MIN_DEALS:
        return TestResult("persistence", pairs + 1 if pairs else 0, MIN_DEALS + 1)
    z = (kept - mean) / math.sqrt(variance)
    return TestResult("persistence", pairs + 1, MIN_DEALS + 1, z, 2 * normal_sf(abs(z)), None,
                      {"kept_pct": round(100 * kept / compared, 2), "pairs_of_cards": compared, "pairs": pairs})


def repeats(deals: Sequence[Sequence[int]]) -> TestResult:
    """Deals whose first ``REPEAT_PREFIX`` cards are an earlier deal's; which ones, by index."""
    seen: dict[tuple[int, ...], int] = {}
    repeated: list[list[int]] = []
    for i, deal in enumerate(deals):
        if len(deal) < REPEAT_PREFIX:
            continue
        head = tuple(deal[:REPEAT_PREFIX])
        if head in seen:
            repeated.append([seen[head], i])
        else:
            seen[head] = i
    used = len(seen) + len(repeated)
    if used < 2:
        return TestResult("repeats", used, 2)
    orders = math.perm(DECK_SIZE, REPEAT_PREFIX)
    expected = used * (used - 1) / 2 / orders
    return TestResult("repeats", used, 2, float(len(repeated)), poisson_sf(len(repeated), expected), None,
                      {"expected": expected, "repeated": repeated[:20]})


# ----------------------------------------------------------------------------- distributions

EPSILON = 1e-15
MAX_TERMS = 100_000


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z (``math.erfc`` keeps the far tail's precision)."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def chi2_sf(x: float, df: int) -> float:
    """P(X > x) for X chi-squared with ``df`` degrees of freedom."""
    return gamma_q(df / 2, x / 2)


def poisson_sf(k: int, mean: float) -> float:
    """P(X >= k) for X Poisson with ``mean``: the lower regularised gamma P(k, mean)."""
    if k <= 0:
        return 1.0
    return 1.0 - gamma_q(k, mean) if mean > k + 1 else _gamma_p_series(k, mean)


def gamma_q(a: float, x: float) -> float:
    """The upper regularised incomplete gamma function Q(a, x) = Gamma(a, x) / Gamma(a).

    Below x = a + 1 the series for P converges fast and Q = 1 - P is not small; above it,
    the continued fraction (modified Lentz) gives Q directly, keeping a tiny tail exact.
    """
    if a <= 0:
        raise ValueError(f"gamma_q: a must be positive, not {a}")
    if x <= 0:
        return 1.0
    if x < a + 1:
        return 1.0 - _gamma_p_series(a, x)
    return _gamma_q_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def _gamma_p_series(a: float, x: float) -> float:
    if x <= 0:
        return 0.0
    term = total = 1.0 / a
    n = a
    for _ in range(MAX_TERMS):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * EPSILON:
            break
    return min(1.0, total * _prefactor(a, x))


def _gamma_q_fraction(a: float, x: float) -> float:
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, MAX_TERMS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < EPSILON:
            break
    return min(1.0, _prefactor(a, x) * h)
