"""Par sheets: exact Trips and main game against the published figures, the simulation's averaging against brute force."""

from __future__ import annotations

import json
import random
import sys
from decimal import Decimal
from itertools import combinations
from pathlib import Path

import pytest

from dealer_station.evaluator import Category, evaluate, strength7
from dealer_station.games.base import SeatHand
from dealer_station.games.uth import Payer, settle_seat
from dealer_station.par import PROVIDERS, ParSheet, SpotPar, par_sheet, register
from dealer_station.par.categories import category_counts
from dealer_station.par.dealer_hands import DealerHands
from dealer_station.par.uth import _decision, seat_moments, trips_exact, uth_par
from dealer_station.profile_loader import load_profile
from tests import cli as station_cli

# GAMES.md §1: the published 7-card counts (a fixture, not derived from code).
PUBLISHED_7 = {
    Category.ROYAL_FLUSH: 4_324, Category.STRAIGHT_FLUSH: 37_260, Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184, Category.FLUSH: 4_047_644, Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620, Category.TWO_PAIR: 31_433_400, Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def _paytables(profile: str) -> dict[str, dict[str, str]]:
    table = load_profile(profile)
    return {name: {label: str(odds) for label, odds in rows.items()} for name, rows in table.paytables.items()}


def test_the_shipped_seven_card_counts_are_the_published_ones() -> None:
    """What par sheets use (``exact_counts.json``). A fresh enumeration equals the published counts
    too (tests/test_evaluator.py::test_exact_enumeration_reproduces_published_counts[7]): so it equals this."""
    assert category_counts(7) == PUBLISHED_7


@pytest.mark.slow
def test_uth_trips_50_40_30_8_7_4_3_house_edge_is_the_published_3_4979_percent() -> None:
    from fractions import Fraction

    trips = {Category.from_label(k): Fraction(v) for k, v in _paytables("uth-default")["trips"].items()}
    edge, variance, rows = trips_exact(trips)
    assert round(float(edge) * 100, 4) == 3.4979
    assert [c for c, _ in rows] == sorted(trips, reverse=True)
    assert sum(p for _, p in rows) == Fraction(sum(PUBLISHED_7[c] for c in trips), sum(PUBLISHED_7.values()))
    assert variance > 0


def _brute_force(hole: tuple[int, int], board: tuple[int, ...]) -> tuple[float, float, float]:
    """Mean, second moment and win probability over all 990 dealer hands, with the game's own settlement."""
    table = load_profile("uth-default")
    blind, trips = table.paytable("blind"), table.paytable("trips")
    m = _decision(hole, board, DealerHands(board))
    actions = {0: ("check", "check", "fold"), 1: ("check", "check", "play1x"), 2: ("check", "play2x"),
               3: ("play3x",), 4: ("play4x",)}[m]
    seat = SeatHand(1, hole, {"ante": Decimal(1), "blind": Decimal(1)}, actions)
    mine = strength7((*board, *hole))
    rest = [c for c in range(52) if c not in board and c not in hole]
    total = second = wins = 0.0
    for dealer in combinations(rest, 2):
        net = float(settle_seat(seat, board, evaluate([*dealer, *board]), blind, trips, Payer(Decimal(0))).net)
        total, second = total + net, second + net * net
        wins += m > 0 and mine > strength7((*board, *dealer))
    n = len(rest) * (len(rest) - 1) / 2
    return total / n, second / n, wins / n


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_exact_average_over_dealer_hands_equals_settling_each_one(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    board, hole = tuple(deck[:5]), (deck[5], deck[6])
    blind = {c: float(o) for c, o in load_profile("uth-default").paytable("blind").items()}
    own = strength7((*board, *hole))
    hands = DealerHands(board)
    got = seat_moments(hands, own, hole[0], hole[1], _decision(hole, board, hands), blind)
    assert got == pytest.approx(_brute_force(hole, board), abs=1e-12)


@pytest.mark.slow
def test_uth_par_sheet_has_exact_trips_and_the_main_game_under_optimal_play() -> None:
    sheet = uth_par(_paytables("uth-default"), samples=150, seed=2)
    trips, ante = sheet.spots["trips"], sheet.spots["ante"]
    assert trips.exact and round(trips.edge * 100, 4) == Decimal("3.4979")
    # Under optimal play, exact (it was the simulated edge of a scripted strategy, with its interval):
    # the published 2.1850% of the Ante (Wizard of Odds, the seeds' Blind table).
    assert ante.exact and ante.edge_ci95 == 0 and round(ante.edge * 100, 4) == Decimal("2.1850") and ante.variance > 0
    assert 0 < ante.cross_covariance < ante.variance  # seats share the dealer: positively correlated
    assert sheet.included == {"blind"}
    titles = [t.title for t in sheet.tables]
    assert any(t.startswith("Trips") for t in titles) and any(t.startswith("Blind paying rows (exact") for t in titles)
    other = uth_par(_paytables("uth-alt-paytable"), samples=150, seed=2)
    assert other.spots["trips"].edge != trips.edge  # another pay table, another par


def test_a_game_registers_its_own_par_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    calls = []

    def provider(paytables: object, *, seed: int, progress: object, samples: int = 10) -> ParSheet:
        calls.append(paytables)
        return ParSheet("toy", {"ante": SpotPar(Decimal("0.05"), Decimal(1), Decimal(0))})

    register("toy", provider)
    try:
        first = par_sheet("toy", {"main": {"straight": "1"}})
        again = par_sheet("toy", '{"main":{"straight":"1"}}')  # canonical JSON names the same pay tables
        assert first is not None and again == first and len(calls) == 1
        assert par_sheet("no-such-game", {}) is None
    finally:
        PROVIDERS.pop("toy")


@pytest.mark.slow
def test_par_command_prints_the_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    # Computed here (the enumerations are already done in this process), read back by the command.
    assert par_sheet("uth", _paytables("uth-default"), samples=100, seed=1, seats=7) is not None  # uth-default's
    assert list(tmp_path.glob("dealer-station/par/uth-*.json"))
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = station_cli.run([sys.executable, "-m", "dealer_station", "par", "--config", "uth-default", "--rounds", "100"],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert "3.4979%" in done.stdout and "Blind paying rows" in done.stdout and "house edge per unit Ante" in done.stdout
    assert "Blind paying rows (exact" in done.stdout and "0.000030782" in done.stdout
    bad = station_cli.run([sys.executable, "-m", "dealer_station", "par", "--config", "nope"], capture_output=True,
                         text=True, timeout=60, env=env)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_the_par_sheet_simulates_the_profiles_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """uth-alt-paytable has 6 seats: its main game is simulated with 6 a round, not always 7."""
    from dealer_station.cli import main

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert main(["par", "--config", "uth-alt-paytable", "--rounds", "100", "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert "100 rounds x 6 seats" in sheet["method"], sheet["method"]
    seven = uth_par(_paytables("uth-alt-paytable"), samples=100, seed=1, seats=7)
    six = ParSheet.from_json(sheet).spots["trips"]  # exact figures do not depend on the seats
    assert "100 rounds x 7 seats" in seven.method and (six.edge, six.variance) == (seven.spots["trips"].edge,
                                                                                 seven.spots["trips"].variance)


def test_numpy_tables_rank_hands_as_the_evaluator_does() -> None:
    import numpy as np

    from dealer_station.par.headsup import SevenCardTables

    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(5000)])
    expected = [strength7(tuple(h)) for h in hands.tolist()]
    assert SevenCardTables().strengths(hands).tolist() == expected


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_head_to_head_count_on_a_board_equals_counting_each_dealer_hand(seed: int) -> None:
    """The batched count against a plain count over every seat hole on the board."""
    import numpy as np

    from dealer_station.par.headsup import SevenCardTables, _Holes

    rng = random.Random(seed)
    boards = [tuple(sorted(rng.sample(range(52), 5))) for _ in range(4)]
    boards.append((32, 36, 40, 44, 48))  # T J Q K A of clubs: the board is a royal flush, every hand ties
    boards.append((0, 4, 8, 13, 30))  # 2c 3c 4c 5d 9h: wheel and flush draws
    got = _Holes(SevenCardTables()).wins(np.array(boards), np.array([1] * len(boards)), Category.STRAIGHT)
    expected = [0] * 10
    for board in boards:
        table = DealerHands(board)
        for a, b in combinations([c for c in range(52) if c not in board], 2):
            own = strength7((*board, a, b))
            if own >> 20 >= Category.STRAIGHT:
                expected[own >> 20] += table.below(own, a, b, own)
    assert got.tolist() == expected


@pytest.mark.slow
def test_blind_royal_wins_unless_the_board_is_the_royal() -> None:
    """A seat's royal flush loses nothing but ties when the board itself is a royal: an exact identity."""
    from fractions import Fraction
    from math import comb

    from dealer_station.par.headsup import blind_win_counts

    wins, deals = blind_win_counts()
    assert deals == comb(52, 5) * comb(47, 2) * comb(45, 2)
    assert Fraction(wins[Category.ROYAL_FLUSH], deals) == (Fraction(PUBLISHED_7[Category.ROYAL_FLUSH], comb(52, 7))
                                                            - Fraction(4, comb(52, 5)))
    for category, count in wins.items():  # winning with a category is rarer than holding it
        assert 0 < Fraction(count, deals) < Fraction(PUBLISHED_7[category], comb(52, 7))
