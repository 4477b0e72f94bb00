"""The one Monte-Carlo par engine: its statistics, its deal, and the same sheets as before it.

``pinned_sheets.json`` holds par sheets computed by the two simulation loops the engine
replaced (``par/uth.py`` and ``par/thb_main.py`` at commit 2c6ab4b), made once with
``tests/par/pin_sheets.py`` before the change (how: that script's docstring). The engine
deals from the same ``random.Random(seed)`` stream and sums in the same order, so the
sheets must be equal to the last digit, not merely within the interval - except the main
game's figures, which were those of the scripted strategy of the time and are now optimal
play's (exact; the simulation of that play must agree with them).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from statistics import fmean
from typing import Any

import pytest

from dealer_station.par import PROVIDERS, ParSheet, SpotPar, montecarlo, par_sheet, provider_of, register
from dealer_station.par.montecarlo import RoundSample, SpotSample, deals, simulate
from dealer_station.par.thb_main import estimate_main_game, round_sample, simulated_rounds
from dealer_station.par.uth import _odds, main_game_sampler, uth_par
from tests.par.pin_sheets import paytables, sheet_json

PINNED = json.loads((Path(__file__).parent / "pinned_sheets.json").read_text(encoding="utf-8"))["sheets"]


# -- the statistics, against plain sums over the same rounds ----------------------------------------


def _toy(seats: int):
    """Each seat's result: +1 when its first card is red, -1 else, plus a shared +2 when the
    dealer's first card is an ace; averaged exactly over the dealer: the shared part's mean."""
    seen: list[list[int]] = []

    def sample(deck: Sequence[int]) -> RoundSample:
        seen.append(list(deck))
        shared = 2.0 if deck[0] // 4 == 12 else 0.0
        own = [1.0 if deck[1 + i] % 2 else -1.0 for i in range(seats)]
        return RoundSample({"main": SpotSample([o + shared for o in own], [o + 2 / 13 for o in own],
                                               [(o + 2 / 13) ** 2 for o in own]),
                            "plain": SpotSample(own)},
                           {"staked": [1 + (o > 0) for o in own]})

    return sample, seen


def test_estimates_are_the_textbook_sums_over_the_dealt_rounds() -> None:
    seats, rounds = 4, 500
    sampler, seen = _toy(seats)
    sim = simulate(sampler, samples=rounds, seed=21, seats=seats, label="toy")
    assert (sim.rounds, sim.hands, sim.seats) == (rounds, rounds * seats, seats) and len(seen) == rounds
    own = [[1.0 if d[1 + i] % 2 else -1.0 for i in range(seats)] for d in seen]
    shared = [2.0 if d[0] // 4 == 12 else 0.0 for d in seen]
    means = [[o + 2 / 13 for o in r] for r in own]
    mean = fmean(x for r in means for x in r)
    main = sim.spot("main")
    assert main.mean == pytest.approx(mean, rel=1e-12) and main.edge == -main.mean
    assert main.variance == pytest.approx(fmean(x * x for r in means for x in r) - mean ** 2, rel=1e-9)
    round_var = fmean(fmean(r) ** 2 for r in means) - mean ** 2
    assert main.ci95 == pytest.approx(1.96 * (round_var / rounds) ** 0.5, rel=1e-9)
    pairs = [(r[i] + s) * (r[j] + s) for r, s in zip(own, shared) for i in range(seats) for j in range(seats) if i != j]
    assert main.covariance == pytest.approx(fmean(pairs) - mean ** 2, rel=1e-9)
    assert main.covariance > 0.1  # the shared ace moves every seat at once (4 x 1/13 x 12/13 = 0.28)
    plain = sim.spot("plain")  # dealt only: mean and variance of the dealt results themselves
    assert plain.mean == pytest.approx(fmean(x for r in own for x in r), rel=1e-12)
    assert plain.variance == pytest.approx(1 - plain.mean ** 2, rel=1e-9)
    assert sim.spot("plain", mean=0.0).covariance == pytest.approx(
        fmean(r[i] * r[j] for r in own for i in range(seats) for j in range(seats) if i != j), rel=1e-9)
    assert sim.per_hand("staked") == 1 + fmean(x > 0 for r in own for x in r)


def test_one_seat_has_no_covariance_and_a_wrong_seat_count_is_refused() -> None:
    sampler, _ = _toy(1)
    one = simulate(sampler, samples=50, seed=2, seats=1, label="toy")
    assert one.spot("main").covariance == 0.0 and one.spot("main").variance > 0
    with pytest.raises(ValueError, match="spot main has 1 seats' results, not 2"):
        simulate(sampler, samples=5, seed=2, seats=2, label="toy")
    with pytest.raises(ValueError, match="at least one round"):
        simulate(sampler, samples=0, seed=2, seats=1, label="toy")


def test_the_deal_is_one_seeded_shuffle_per_round() -> None:
    rng, deck = random.Random(5), list(range(52))
    expected = []
    for _ in range(3):
        rng.shuffle(deck)
        expected.append(list(deck))
    assert [list(d) for d in deals(3, 5)] == expected
    assert [list(d) for d in deals(3, 6)] != expected


def test_progress_names_the_rounds_done(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(montecarlo, "PROGRESS_EVERY_S", 0.0)
    lines: list[str] = []
    sampler, _ = _toy(2)
    simulate(sampler, samples=3, seed=1, seats=2, label="par toy", progress=lines.append)
    assert lines == [f"par toy: main game {n:,}/3 simulated rounds" for n in (1, 2, 3)]


# -- the games' samplers: optimal play simulated agrees with its exact figures ----------------------
# (Until optimal play, these pinned the main game's simulated figures to those of the two loops the
# engine replaced. The strategy simulated is now optimal play, whose edge is exact: the simulation
# must agree with it within its interval, and the sheets' other figures stay pinned below.)


def test_uth_main_game_simulated_under_optimal_play_agrees_with_the_exact_edge() -> None:
    from dealer_station.par.optimal import blind_pays
    from dealer_station.par.optimal_par import uth_main

    for name in ("uth", "uth-alt"):
        entry = PINNED[name]
        tables = entry["paytables"]
        blind = {c: float(o) for c, o in _odds(tables, "blind").items()}
        trips = {c: float(o) for c, o in _odds(tables, "trips").items()}
        sim = simulate(main_game_sampler(blind, trips, 7), samples=entry["samples"], seed=entry["seed"], seats=7,
                       label="par uth")
        main, exact = sim.spot("ante"), uth_main(blind_pays(tables))
        assert abs(main.mean - float(exact.mean)) < 4 * main.ci95 / 1.96, (name, main.mean, float(exact.mean))
        assert abs(sim.per_hand("staked") - float(exact.wagered)) < 0.2


def test_thb_main_game_simulated_under_optimal_play_agrees_with_the_exact_edge() -> None:
    from dealer_station.par.optimal_par import thb_main

    entry = PINNED["holdem_bonus"]
    main, exact = estimate_main_game(entry["samples"], entry["seed"]), thb_main()
    assert abs(main.mean - float(exact.mean)) < 4 * main.ci95 / 1.96
    rounds = list(simulated_rounds(entry["samples"], entry["seed"]))  # the rounds the estimate summed
    assert main.folded == fmean(s.actions == ("fold",) for r in rounds for s in r.seats)
    assert abs(main.folded - float(exact.decisions["fold"])) < 0.05
    assert round_sample(rounds[0]).spots["ante"].dealt == [s.dealt for s in rounds[0].seats]


MAIN_GAME = ("Main game",)
"""Tables of a sheet whose figures are the main game's: no longer the pinned strategy's."""


def _without_main_game(sheet: dict[str, Any]) -> dict[str, Any]:
    """A sheet less what optimal play changed: the main game's spot, table, method and figures, and the
    Blind table's note and added row (optimal play folds a few winning quads: the old note said no hand
    of a paying category folds, and the row says what is paid back under optimal play)."""
    def kept(table: dict[str, Any]) -> dict[str, Any]:
        if not table["title"].startswith("Blind paying rows"):
            return table
        return {**table, "note": None, "rows": [r for r in table["rows"] if "optimal play" not in r[0]]}

    out = {**sheet, "spots": {k: v for k, v in sheet["spots"].items() if k != "ante"},
           "tables": [kept(t) for t in sheet["tables"] if not t["title"].startswith(MAIN_GAME)],
           "extra": {k: v for k, v in sheet["extra"].items() if k not in ("handle_per_ante", "edge_exact")}}
    out.pop("method")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PINNED))
def test_par_sheets_are_the_pinned_ones_exactly(name: str) -> None:
    """Whole sheets (exact rows too, so the enumerations run): every figure and every row the main game's
    strategy does not change (Trips, the Blind's rows, Bonus, Pool, and Trips' simulated covariance: the
    same seeded rounds)."""
    entry = PINNED[name]
    got = sheet_json(entry["provider"], entry["paytables"], entry["samples"], entry["seed"])
    assert _without_main_game(got) == _without_main_game(entry["sheet"])
    assert got["spots"]["ante"]["exact"] and got["spots"]["ante"]["edge_ci95"] == "0"


# -- seats: the profile's, not always the most the game has -----------------------------------------


def test_a_round_simulates_the_seats_asked_for() -> None:
    tables = paytables("uth-alt-paytable")
    blind = {c: float(o) for c, o in _odds(tables, "blind").items()}
    trips = {c: float(o) for c, o in _odds(tables, "trips").items()}
    deck = list(range(52))
    random.Random(4).shuffle(deck)
    six, seven = (main_game_sampler(blind, trips, n)(deck) for n in (6, 7))
    assert [len(spot.dealt) for spot in six.spots.values()] == [6, 6]
    for name, spot in six.spots.items():  # the same deal: seats 1-6 hold the same cards, seat 7 is not dealt
        assert list(spot.dealt) == list(seven.spots[name].dealt)[:6]
    assert simulate(main_game_sampler(blind, trips, 6), samples=40, seed=3, seats=6, label="par uth").hands == 240
    thb = estimate_main_game(40, 3, seats=4)
    assert (thb.seats, thb.rounds) == (4, 40)
    assert all(len(r.seats) == 4 for r in simulated_rounds(5, 3, seats=4))
    with pytest.raises(ValueError, match="seats 1 to 7"):
        uth_par(tables, samples=10, seats=8)


# -- registration: declared by the game, or registered, by dotted name ------------------------------

CALLS: list[dict[str, object]] = []


def toy_provider(paytables: object, **options: object) -> ParSheet:
    """A provider importable by dotted name (``tests.par.test_montecarlo:toy_provider``)."""
    CALLS.append(dict(options))
    return ParSheet("toy", {"ante": SpotPar(Decimal("0.02"), Decimal(1), Decimal(0))})


def test_games_declare_their_providers_by_dotted_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from dealer_station.games import GAMES
    from dealer_station.par.thb import thb_par

    monkeypatch.setattr("dealer_station.par.PROVIDERS", {})  # nothing registered: only what the games declare
    assert GAMES["uth"].par_provider == "dealer_station.par.uth:uth_par"
    assert provider_of("uth") is uth_par and provider_of("holdem_bonus") is thb_par
    assert provider_of("holdem") is None and provider_of("no-such-game") is None  # a poker room takes a rake


def test_a_registered_dotted_name_is_imported_on_first_use_with_the_callers_options(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    CALLS.clear()
    register("toy", "tests.par.test_montecarlo:toy_provider")
    try:
        assert PROVIDERS["toy"] == "tests.par.test_montecarlo:toy_provider"
        plain = par_sheet("toy", {"main": {"flush": "1"}})
        six = par_sheet("toy", {"main": {"flush": "1"}}, samples=10, seats=6)
        assert plain is not None and six is not None and PROVIDERS["toy"] is toy_provider
        assert CALLS == [{"seed": 1, "progress": None}, {"seed": 1, "progress": None, "samples": 10, "seats": 6}]
        assert par_sheet("toy", {"main": {"flush": "1"}}, samples=10, seats=6) == six and len(CALLS) == 2  # cached
        assert len(list(tmp_path.glob("dealer-station/par/toy-*.json"))) == 2  # seats are part of the key
    finally:
        PROVIDERS.pop("toy")


def test_a_provider_name_that_does_not_import_is_one_clear_error() -> None:
    from dealer_station.errors import ConfigError

    register("toy", "tests.par.no_such_module:provider")
    try:
        with pytest.raises(ConfigError, match=r"par provider 'tests.par.no_such_module:provider' of game 'toy' "
                                              r"does not import") as caught:
            par_sheet("toy", {"main": {}})
        assert "\n" not in str(caught.value)
    finally:
        PROVIDERS.pop("toy")
