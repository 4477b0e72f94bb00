"""The THB par sheet: Bonus exact, the Pool at a meter, the main game under optimal play, the command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from dealer_station.cards import cards_str, parse_cards
from dealer_station.evaluator import ACE, Category, evaluate
from dealer_station.games.against_dealer import Payer
from dealer_station.games.base import SeatHand
from dealer_station.games.thb import STREET_ACTIONS, bonus_odds, pool_category, settle_seat
from dealer_station.journal import Journal
from dealer_station.par import POOL_METER, decimal_of
from dealer_station.par.optimal_par import thb_main
from dealer_station.par.thb import (
    BONUS_DEALS,
    LOSE,
    PoolEconomics,
    bonus_moments,
    bonus_par,
    flop_pair_sums,
    paying_pool_hands,
    pool_moments,
    pool_par,
    thb_par,
)
from dealer_station.par.thb_main import FOLDED, Strategy, estimate_main_game, simulated_rounds
from dealer_station.play.autoplay import ThbPlayer
from tests import cli as station_cli
from tests.thb._records import ROOT, TABLE, THB
from tests.thb.test_par import _published_five_card_counts

BONUS = TABLE.paytables["bonus"]
POOL = TABLE.paytable("pool")
MAIN_SPOTS = ("ante", "flop", "turn", "river")


def _paytables() -> dict[str, dict[str, str]]:
    return {name: {label: str(odds) for label, odds in rows.items()} for name, rows in TABLE.paytables.items()}


@pytest.fixture(scope="module")
def sheet():
    return thb_par(_paytables(), samples=300, seed=3)


@pytest.mark.slow
def test_bonus_spot_is_bonus_par_exactly(sheet) -> None:
    exact = bonus_par(BONUS)
    bonus = sheet.spots["bonus"]
    assert bonus.exact and bonus.edge == decimal_of(exact.house_edge) and round(bonus.edge * 100, 4) == Decimal("24.8302")
    # The variance from bonus_par's row counts, independently of bonus_moments.
    second = sum((Fraction(n, BONUS_DEALS) * (Fraction(-1) if row == LOSE else Fraction(BONUS[row])) ** 2
                  for row, n in exact.counts.items()), Fraction(0))
    assert bonus.variance == decimal_of(second - exact.expected_return ** 2)
    moments = bonus_moments(BONUS)
    assert moments.mean == exact.expected_return  # the dealer-AA chance agrees with enumerating every dealer pair
    assert bonus.cross_covariance == decimal_of(moments.covariance)
    rows = {r[0]: r for r in sheet.tables[0].rows}
    assert rows["aa_vs_dealer_aa"][2] == "6" and rows["house edge"][4] == "24.8302%"


@pytest.mark.slow
def test_bonus_covariance_of_two_seats_by_plain_enumeration() -> None:
    """Every ordered pair of disjoint holes, one by one (integers), the dealer AA or not."""
    pays = {h: [int(bonus_odds(BONUS, h, d) or -1) for d in ((0, 1), (ACE * 4, ACE * 4 + 1))]
            for h in combinations(range(52), 2)}
    aces = {h: sum(c // 4 == ACE for c in h) for h in pays}
    total = 0
    deals = comb(48, 2)
    for h1, (n1, a1) in pays.items():
        for h2, (n2, a2) in pays.items():
            if h1[0] in h2 or h1[1] in h2:
                continue
            both = comb(4 - aces[h1] - aces[h2], 2)
            total += both * a1 * a2 + (deals - both) * n1 * n2
    together = Fraction(total, 1326 * 1225 * deals)
    mean = bonus_par(BONUS).expected_return
    assert bonus_moments(BONUS).covariance == together - mean * mean


@pytest.mark.slow
def test_pool_return_at_a_meter_is_share_times_meter_over_stake(sheet) -> None:
    counts = _published_five_card_counts()
    share = sum((Fraction(counts[c], comb(52, 5)) * Fraction(p) / 100 for c, p in POOL.items()), Fraction(0))
    assert Fraction(sheet.extra["pool_meter_share"]) == share == Fraction(8591, 6_497_400)
    options = TABLE.options
    pool = PoolEconomics(share, options.pool_stake, options.jackpot)
    for meter in (Decimal("500.00"), Decimal("612.37"), Decimal("750.00"), Decimal("10000")):
        assert pool.return_at(meter) == share * Fraction(meter) / Fraction(options.pool_stake)
    assert pool.share * pool.break_even == Fraction(options.pool_stake)  # expected award = stake
    assert f"{float(pool.break_even):.2f}" == "756.30"  # docs/performance-thb.md
    assert pool.balance == Fraction(1, 4) / share  # rate x stake / share
    assert pool.long_run() == (share * 500, share * 750)
    doubled = PoolEconomics(share, Decimal(2), options.jackpot)
    assert doubled.return_at(Decimal(600)) == pool.return_at(Decimal(300))


def test_strategy_is_the_simulation_players() -> None:
    strategy, player = Strategy(), ThbPlayer()
    rng = random.Random(9)
    for _ in range(3000):
        cards = rng.sample(range(52), 7)
        hole, board = (cards[0], cards[1]), cards[2:]
        expected = [player.decide("preflop", hole, [], STREET_ACTIONS["preflop"])]
        if expected[-1] == "flop":
            expected.append(player.decide("flop", hole, board[:3], STREET_ACTIONS["flop"]))
            if expected[-1] == "turn":
                expected.append(player.decide("turn", hole, board[:4], STREET_ACTIONS["turn"]))
        assert strategy.actions(hole, board) == tuple(expected)


def _record(rnd, ante: str = "5") -> dict:
    seats = [{"seat": s.seat, "hole": cards_str(s.hole), "bets": {"ante": ante, "bonus": ante}, "actions": list(s.actions)}
             for s in rnd.seats]
    return {"game": "holdem_bonus", "dealer": cards_str(rnd.dealer), "board": cards_str(rnd.board), "seats": seats}


def test_simulated_rounds_settle_round_for_round_as_the_game_settles_them() -> None:
    rounds = list(simulated_rounds(150, seed=5))
    seen = set()
    for rnd in rounds:
        settled = THB.settle(THB.parse_record(_record(rnd), TABLE))
        by_seat = {s["seat"]: s for s in settled["seats"]}
        for seat in rnd.seats:
            mine = by_seat[seat.seat]
            main = sum(Decimal(mine["bets"][spot]) for spot in MAIN_SPOTS if spot in mine["bets"])
            assert main == seat.dealt * 5, (rnd, seat)
            assert sum(THB.stakes({"ante": Decimal(5)}, seat.actions).values()) == seat.staked * 5
            seen.add((seat.actions, mine["result"]))
    assert {a for a, _ in seen} >= {FOLDED, ("flop", "check"), ("flop", "turn", "river")}
    assert {r for _, r in seen} >= {"fold", "win", "lose"}


def test_each_seat_is_averaged_exactly_over_every_dealer_hand() -> None:
    checked, straights = 0, 0
    for rnd in simulated_rounds(400, seed=8):
        if checked >= 4 and straights:
            break
        for seat in rnd.seats:
            if seat.actions == FOLDED:
                assert (seat.total, seat.total_squares) == (-990, 990)
                continue
            made = evaluate([*seat.hole, *rnd.board]).category == Category.STRAIGHT  # the least that pays the Ante
            if checked >= 4 and not made:
                continue
            straights += made
            hand = SeatHand(seat.seat, seat.hole, {"ante": Decimal(1)}, seat.actions)
            rest = [c for c in range(52) if c not in rnd.board and c not in seat.hole]
            nets = [settle_seat(hand, rnd.board, evaluate([*dealer, *rnd.board]), BONUS, dealer, None,
                                Payer(Decimal(0))).net for dealer in combinations(rest, 2)]
            assert (seat.total, seat.total_squares) == (sum(nets), sum(n * n for n in nets))
            checked += 1
    assert checked >= 4 and straights


@pytest.mark.slow
def test_main_game_estimate_sums_the_simulated_rounds(sheet) -> None:
    estimate = estimate_main_game(300, 3)
    seats = [s for rnd in simulated_rounds(300, 3) for s in rnd.seats]
    assert estimate.mean == pytest.approx(sum(s.mean for s in seats) / len(seats), rel=1e-12)
    assert estimate.folded == sum(s.actions == FOLDED for s in seats) / len(seats)
    ante, exact = sheet.spots["ante"], thb_main()
    # Under optimal play the edge is exact (it was the simulated edge of a scripted strategy, about 53%):
    # the simulation of that play agrees with it within its interval.
    assert ante.edge == decimal_of(exact.edge) and ante.exact and ante.edge_ci95 == 0
    assert abs(estimate.edge - float(exact.edge)) < 4 * estimate.ci95
    assert sheet.included == frozenset()


# -- the Pool's par: the stake kept, a share of the meter paid --------------------------------------

@pytest.fixture(scope="module")
def pool_pairs():
    paying, unit = paying_pool_hands(POOL)
    return flop_pair_sums(paying), unit


def _brute_flop_sum(flop: tuple[int, ...]) -> Fraction:
    """Sum over ordered pairs of disjoint holes of the product of their Pool shares, hole by hole."""
    rest = [c for c in range(52) if c not in flop]
    holes = list(combinations(rest, 2))
    shares = [Fraction(POOL[pool_category(hole, flop)]) / 100 if pool_category(hole, flop) in POOL else Fraction(0)
              for hole in holes]
    paying = [(set(hole), w) for hole, w in zip(holes, shares, strict=True) if w]
    return sum((wi * wj for i, (hi, wi) in enumerate(paying) for j, (hj, wj) in enumerate(paying)
                if i != j and not hi & hj), Fraction(0))


@pytest.mark.slow
@pytest.mark.parametrize("flop", [("Ah", "Kh", "Qh"), ("9c", "8d", "7s"), ("7h", "7d", "7c"), ("2s", "3s", "4s"),
                                  ("Ad", "Kc", "Jh")])
def test_pool_pair_sum_of_a_flop_equals_trying_every_two_holes(pool_pairs, flop: tuple[str, ...]) -> None:
    sums, unit = pool_pairs
    key = tuple(sorted(parse_cards(list(flop), "flop")))
    assert Fraction(sums.get(key, 0), unit * unit) == _brute_flop_sum(key)


@pytest.mark.slow
def test_pool_moments_and_the_two_pool_spots(sheet, pool_pairs) -> None:
    moments = pool_moments(pool_par(POOL))
    assert moments.mean == Fraction(8591, 6497400)  # docs/floor.md
    # Over every flop, the paying holes' shares average to the mean: the same ten splits of each hand.
    paying, unit = paying_pool_hands(POOL)
    assert len(paying) == sum(pool_par(POOL).counts[c] for c in POOL)
    assert Fraction(sum(w for _, w in paying), unit * comb(52, 5)) == moments.mean
    assert 0 < moments.covariance < moments.variance / 50  # two seats share the flop: a small positive correlation
    pool, meter = sheet.spots["pool"], sheet.spots[POOL_METER]
    assert (pool.edge, pool.variance, pool.cross_covariance, pool.exact) == (1, 0, 0, True)  # the stake is kept
    assert meter.edge == -decimal_of(moments.mean, 12) and meter.exact
    assert (meter.variance, meter.cross_covariance) == (decimal_of(moments.variance, 12),
                                                        decimal_of(moments.covariance, 12))
    assert "pool: the stake less 0.132222% of the meter it is paid from (exact)" in sheet.summary()
    assert POOL_METER not in sheet.summary()


# -- the command ------------------------------------------------------------------------------------


def _par(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {"XDG_CACHE_HOME": str(cache), "PATH": "/usr/bin:/bin"}
    return station_cli.run([sys.executable, "-m", "dealer_station", "par", *args], capture_output=True, text=True,
                          timeout=300, env=env, cwd=ROOT)


def _journal_with_meter(path: Path, meter_increase: str) -> None:
    rules = TABLE.options.jackpot
    with Journal(path, table_id="T2", purpose="simulation") as journal:
        journal.append("jackpot_installed", {"rate": str(rules.rate), "reset": str(rules.reset),
                                             "cap": str(rules.cap), "verify_at": str(rules.verify_at)}, actor="station")
        journal.append("jackpot_contribution", {"seat": 1, "stake": "1", "to_meter": meter_increase,
                                                "to_overflow": "0"}, actor="station", round_id="T2-000001")


@pytest.mark.slow
def test_par_command_prints_the_thb_sheet_at_the_meter(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    plain = _par("--config", "thb-default", "--rounds", "200", cache=cache)
    assert plain.returncode == 0, plain.stderr
    out = plain.stdout
    assert "24.8302%" in out and "house edge per unit Ante" in out  # the seed's Bonus table (GAMES.md §3) and "Pool paying rows" in out
    assert "500.00 (the reset value" in out and "66.1111%" in out and "756.30" in out and "189.08" in out
    assert out.index("Pool paying rows") < out.index("Pool at the meter") < out.index("Main game")
    journal = tmp_path / "T2.sqlite"
    _journal_with_meter(journal, "112.37")
    at_meter = _par("--config", "thb-default", "--rounds", "200", "--journal", str(journal), "--json", cache=cache)
    assert at_meter.returncode == 0, at_meter.stderr
    doc = json.loads(at_meter.stdout)
    share = Fraction(doc["extra"]["pool_meter_share"])
    assert doc["extra"]["pool_meter"] == "612.37" and doc["extra"]["pool_meter_source"] == f"journal {journal}"
    assert Decimal(doc["extra"]["pool_return_at_meter"]) == decimal_of(share * Fraction("612.37"))
    assert doc["spots"]["bonus"]["exact"] and Decimal(doc["spots"]["bonus"]["edge"]) == decimal_of(
        bonus_par(BONUS).house_edge)
    [pool_table] = [t for t in doc["tables"] if t["title"].startswith("Pool at the meter")]
    assert ["current meter", f"612.37 (journal {journal})"] in pool_table["rows"]
    assert "conservation" in pool_table["note"]


@pytest.mark.parametrize("args", [
    ("--config", "thb-default", "--rounds", "0"),
    ("--config", "thb-default", "--journal", "/nonexistent/T2.sqlite"),
    ("--config", "uth-default", "--journal", "var/journal-thb.sqlite"),
    ("--config", "thb-default", "--rounds", "many"),
    ("--config", "thb-nope"),
])
def test_par_command_refuses_bad_arguments_in_one_line(args: tuple[str, ...], tmp_path: Path) -> None:
    done = _par(*args, cache=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_par_command_refuses_a_journal_without_a_meter(tmp_path: Path) -> None:
    journal = tmp_path / "T1.sqlite"
    with Journal(journal, table_id="T1", purpose="simulation") as j:
        j.append("round_opened", {"round_id": "T1-000001", "number": 1}, actor="croupier", round_id="T1-000001")
    done = _par("--config", "thb-default", "--journal", str(journal), cache=tmp_path)
    assert done.returncode == 2 and "has no jackpot meter" in done.stderr and len(done.stderr.splitlines()) == 1
