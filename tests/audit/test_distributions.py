"""The audit's p-values: the regularised incomplete gamma and the normal tail against closed forms and tables."""

from __future__ import annotations

import math

import pytest

from dealer_station.audit.shuffles import chi2_sf, gamma_q, normal_sf, poisson_sf


def even_df_sf(x: float, df: int) -> float:
    """P(chi-squared_df > x) for even df: a Poisson sum, exact in closed form."""
    half = x / 2
    return math.fsum(math.exp(k * math.log(half) - half - math.lgamma(k + 1)) for k in range(df // 2))


@pytest.mark.parametrize("df", [2, 4, 50, 102, 1020, 2652])
@pytest.mark.parametrize("quantile", [0.2, 0.8, 1.0, 1.1, 1.3, 1.6])
def test_chi2_sf_equals_the_closed_form_for_even_degrees_of_freedom(df: int, quantile: float) -> None:
    x = df * quantile
    assert chi2_sf(x, df) == pytest.approx(even_df_sf(x, df), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("x", [1e-6, 0.1, 1.0, 3.84, 10.0, 40.0, 100.0])
def test_chi2_sf_of_one_degree_is_erfc(x: float) -> None:
    assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize(("df", "x95", "x99"), [
    (1, 3.841459, 6.634897), (10, 18.307038, 23.209251), (51, 68.669, 77.386), (100, 124.342113, 135.806723),
    (1000, 1074.679, 1106.969),
])
def test_chi2_sf_at_published_critical_values(df: int, x95: float, x99: float) -> None:
    assert chi2_sf(x95, df) == pytest.approx(0.05, rel=1e-3)
    assert chi2_sf(x99, df) == pytest.approx(0.01, rel=1e-3)


def test_the_far_tail_keeps_its_precision() -> None:
    assert normal_sf(8.0) == pytest.approx(6.22096057427178e-16, rel=1e-12)
    assert normal_sf(1.959963984540054) == pytest.approx(0.025, rel=1e-12)
    assert normal_sf(0.0) == 0.5 and normal_sf(-1.5) == pytest.approx(1 - normal_sf(1.5), rel=1e-15)
    assert 0 < chi2_sf(1500, 1000) < 1e-20  # from the continued fraction, not 1 - P
    assert chi2_sf(1500, 1000) == pytest.approx(even_df_sf(1500, 1000), rel=1e-9)


def test_poisson_tail() -> None:
    assert poisson_sf(0, 3.0) == 1.0
    assert poisson_sf(1, 1e-11) == pytest.approx(1e-11, rel=1e-9)  # no cancellation in 1 - e^-m
    assert poisson_sf(3, 2.0) == pytest.approx(1 - 5 * math.exp(-2), rel=1e-12)
    assert poisson_sf(2, 10.0) == pytest.approx(1 - 11 * math.exp(-10), rel=1e-12)


def test_gamma_q_edges() -> None:
    assert gamma_q(3.0, 0.0) == 1.0
    with pytest.raises(ValueError, match="a must be positive"):
        gamma_q(0.0, 1.0)
