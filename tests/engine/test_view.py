"""The screen's view model (no Qt): refusals in the croupier's words, chip arithmetic,
payouts in chips, decision amounts, what may be seen, the shift's counters."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_station.errors import DealerStationError, RuleError
from dealer_station.games import get_game
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import AuthError
from dealer_station.view.settlement import chip_breakdown, seat_payout
from dealer_station.view.shift import ShiftTally
from dealer_station.view.table import bets_after, bets_set, chip_rows, seat_order
from dealer_station.view.texts import Text, refusal_of

D = Decimal


def _refused(game_name: str, profile: str, bets: dict[str, str]) -> Text:
    table = load_profile(profile)
    game = get_game(game_name)
    with pytest.raises(DealerStationError) as caught:
        game.validate_bets(6 if game_name == "uth" else 5, {k: D(v) for k, v in bets.items()}, table,
                           f"seat{6 if game_name == 'uth' else 5}.bets")
    return refusal_of(caught.value, game)


def test_real_refusals_read_in_the_croupiers_words():
    assert _refused("uth", "uth-default", {"ante": "515", "blind": "515"}).english() == \
        "Ante 515 is above the table maximum 500"
    assert _refused("uth", "uth-default", {"ante": "2", "blind": "2"}).english() == \
        "Ante 2 is below the table minimum 5"
    assert _refused("uth", "uth-default", {"ante": "10", "blind": "5"}).english() == "Blind must equal the Ante (10)"
    assert _refused("holdem_bonus", "thb-default", {"ante": "10", "pool": "2"}).english() == \
        "Pool is always 1 at this table"
    assert _refused("holdem_bonus", "thb-default", {"bonus": "10"}).english() == "Place the Ante first"


def test_other_refusals_pass_through_and_badges_are_not_enumerated():
    game = get_game("uth")
    assert refusal_of(AuthError(reason="unknown badge"), game).english() == "Badge or PIN not accepted"
    assert refusal_of(RuleError("seat 9 is out of turn", "seat"), game).english() == \
        "Refused: seat: seat 9 is out of turn"


def test_the_screen_says_a_refusal_from_its_key_never_from_its_english_text():
    """A refusal with a key reads the same whatever its English problem says (the text may change)."""
    game = get_game("uth")
    reworded = RuleError("this wording is not parsed", "seat2.bets.ante", key="refuse_above_max",
                         values={"spot": "ante", "amount": "700", "limit": "500"})
    assert refusal_of(reworded, game).english() == "Ante 700 is above the table maximum 500"
    assert refusal_of(reworded.at("round"), game).english() == "Ante 700 is above the table maximum 500"
    assert refusal_of(RuleError("700 above the table maximum 500", "seat2.bets.ante"), game).english() == \
        "Refused: seat2.bets.ante: 700 above the table maximum 500"


def test_chip_rows_press_pairs_toggles_and_matches():
    uth = chip_rows(get_game("uth"), load_profile("uth-default"))
    ante = uth[0]
    assert ante.spot == "ante" and ante.paired == ("blind",)
    assert bets_after({}, ante, D(25), uth) == {"ante": D(25), "blind": D(25)}
    thb = chip_rows(get_game("holdem_bonus"), load_profile("thb-default"))
    rows = {r.spot: r for r in thb}
    assert rows["pool"].fixed == D(1) and rows["bonus"].matches == "ante"
    bets = bets_after({}, rows["ante"], D(25), thb)
    bets = bets_after(bets, rows["bonus"], None, thb)
    bets = bets_after(bets, rows["pool"], None, thb)
    assert bets == {"ante": D(25), "bonus": D(25), "pool": D(1)}
    bets = bets_after(bets, rows["ante"], D(5), thb)  # the Bonus follows the Ante
    assert bets == {"ante": D(30), "bonus": D(30), "pool": D(1)}
    assert bets_after(bets, rows["pool"], None, thb) == {"ante": D(30), "bonus": D(30)}
    assert bets_set(bets, rows["ante"], D(500), thb) == {"ante": D(500), "bonus": D(500), "pool": D(1)}


def test_chip_rows_offer_the_chips_up_to_the_spots_maximum():
    table = load_profile("uth-default")
    rows = {r.spot: r for r in chip_rows(get_game("uth"), table)}
    ante_max = table.limits["ante"].max
    assert max(rows["ante"].chips) == ante_max  # Ante 5-500: the 500 chip is there
    assert all(c <= ante_max for c in rows["ante"].chips) and len(rows["ante"].chips) <= 5
    assert max(rows["trips"].chips) == table.limits["trips"].max


def test_chip_breakdown_largest_first_with_what_no_chip_makes():
    assert chip_breakdown(D("137.5"), (D(1), D(5), D(25), D(100))) == (
        [(D(100), 1), (D(25), 1), (D(5), 2), (D(1), 2)], D("0.5"))
    assert chip_breakdown(D(0), (D(1),)) == ([], D(0))


def test_seat_one_first_from_the_left():
    assert seat_order(7) == [1, 2, 3, 4, 5, 6, 7]


def test_shift_counts_each_finished_round_once(tmp_path):
    from tests.ui.conftest import make_session

    session, shoe, journal = make_session(tmp_path, "uth-default")
    tally = ShiftTally()
    session.add_listener(tally.observe)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "5", "blind": "5"})
    session.execute("no_more_bets")
    while session.view().seats_to_act() or session.view().phase_info.stage.value == "reveal":
        if session.view().seats_to_act():
            session.execute("decide", 1, "check" if "check" in session.view().legal_actions(1) else "fold")
        else:
            session.execute("reveal")
    session.execute("mark_paid", 1)
    assert tally.rounds == 1 and tally.result == D(10)  # the fold's Ante and Blind
    session.execute("open_round")
    session.execute("set_bets", 2, {"ante": "5", "blind": "5"})
    session.supervise("void", "0412", "2468", "Misdeal")
    assert (tally.rounds, tally.voided, tally.result) == (2, 1, D(10))
    journal.close()


def test_seat_payout_collects_first_pays_per_spot_and_keeps_the_pool_award_apart():
    settlement = {"seats": [{"seat": 1, "net": "299.75", "bets": {
        "ante": "25", "flop": "50", "bonus": "-25", "pool": "249.75", "blind": "0"}}],
        "jackpot": {"awards": [{"seat": 1, "category": "straight_flush", "amount": "250.75"}]}}
    plan = seat_payout(settlement, 1)
    assert plan is not None
    assert plan.collect == (("bonus", D(25)), ("pool", D(1)))  # the Pool stake is collected like any loss
    assert plan.pay == (("ante", D(25)), ("flop", D(50)))  # the rack pays these, spot by spot
    assert plan.push == ("blind",) and plan.jackpot == D("250.75")
    assert plan.paid - plan.collected + plan.jackpot == plan.net  # the lines add up to the net
    assert seat_payout(settlement, 2) is None
    lost = seat_payout({"seats": [{"seat": 3, "net": "-1", "bets": {"pool": "-1"}}]}, 3)
    assert lost is not None and lost.collect == (("pool", D(1)),) and lost.jackpot is None
