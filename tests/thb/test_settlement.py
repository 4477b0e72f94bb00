"""Texas Hold'em Bonus settlement: every row of GAMES.md §3, Bonus rows, Pool awards.

Default table (config/thb-default.toml): min_chip 1; Bonus AA-vs-AA 1000, AA 30, AKs 25,
AQs/AJs 20, AKo 15, KK/QQ/JJ 10, AQo/AJo 5, anything else loses (the optional pair 2-10 row is
off, GAMES.md §3); Pool royal 100%, SF 50%, quads
40%, FH 30%, flush 20%, straight 10%; Pool stake 1. Each case says why the cards give
the expected outcome.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.thb._records import METER, TABLE, THB, record, seat, settle

B1 = "2c 5d 9h Jc Kd"  # no pair, no flush or straight on the board

# (id, dealer, board, hole, actions, result, category, spot nets, why)
MAIN_ROWS = [
    ("win-straight-ante-pays", "Ks 3h", B1, "Qh Ts", "flop turn river", "win", "straight",
     {"ante": "10", "flop": "20", "turn": "10", "river": "10"},
     "K-high straight beats the dealer's pair of kings: a straight or better pays the Ante 1:1"),
    ("win-trips-ante-pushes", "Ks 3h", B1, "9d 9s", "flop turn river", "win", "three_of_a_kind",
     {"ante": "0", "flop": "20", "turn": "10", "river": "10"},
     "three nines win but are below a straight: the Ante pushes, Flop/Turn/River pay 1:1"),
    ("win-high-card-no-qualification", "3s 4h", B1, "Ah 6s", "flop check", "win", "high_card",
     {"ante": "0", "flop": "20"},
     "the dealer needs no qualification: ace-high beats king-high and the Flop bet is paid"),
    ("lose-everything", "Ks 3h", B1, "4h 3c", "flop turn river", "lose", "high_card",
     {"ante": "-10", "flop": "-20", "turn": "-10", "river": "-10"},
     "king-high loses to a pair of kings: Ante, Flop, Turn and River are lost"),
    ("lose-to-dealer-high-card", "Ah 4h", B1, "Qh 6s", "flop check", "lose", "high_card",
     {"ante": "-10", "flop": "-20"},
     "A-K-J-9-5 beats K-Q-J-9-6: a dealer without a pair still wins (no qualification)"),
    ("lose-straight-to-flush", "Ac 3c", "2c 5c 9h Jc Kd", "Qh Ts", "flop turn check", "lose", "straight",
     {"ante": "-10", "flop": "-20", "turn": "-10"},
     "the player's straight loses to the dealer's club flush: a straight is no protection"),
    ("tie-pushes", "3d 4c", B1, "3h 4s", "flop turn river", "tie", "high_card",
     {"ante": "0", "flop": "0", "turn": "0", "river": "0"},
     "both play K-J-9-5-4: a tie pushes Ante, Flop, Turn and River"),
    ("tie-board-straight", "2d 4c", "9h Tc Jd Qs Kc", "2h 3s", "flop check", "tie", "straight",
     {"ante": "0", "flop": "0"},
     "both play the board's straight: a tie pushes even with a straight"),
    ("win-higher-straight", "8d 3c", "9h Tc Jd Qs 2c", "Ah Kh", "flop turn check", "win", "straight",
     {"ante": "10", "flop": "20", "turn": "10"},
     "ace-high straight beats the dealer's queen-high straight: the Ante pays"),
    ("win-royal-ante-even-money", "2s 7c", "Ah Kh Qh 2c 3d", "Jh Th", "flop turn river", "win", "royal_flush",
     {"ante": "10", "flop": "20", "turn": "10", "river": "10"},
     "a royal flush wins the Ante at 1:1 only: the Ante has no pay table"),
    ("fold-loses-ante-only", "Ks 3h", B1, "4h 3c", "fold", "fold", "high_card",
     {"ante": "-10"}, "a fold loses the Ante and makes no Flop bet"),
    ("fold-better-hand", "3s 4h", B1, "Ad As", "fold", "fold", "one_pair",
     {"ante": "-10"}, "a fold loses the Ante even with the better hand"),
]


@pytest.mark.parametrize(
    "dealer,board,hole,actions,result,category,bets,why",
    [row[1:] for row in MAIN_ROWS],
    ids=[row[0] for row in MAIN_ROWS],
)
def test_settlement_against_the_dealer(dealer, board, hole, actions, result, category, bets, why):
    out = settle(record(dealer, board, seat(1, hole, actions)))
    (got,) = out["seats"]
    assert got["result"] == result, why
    assert got["category"] == category, why
    assert got["bets"] == bets, why
    assert Decimal(got["net"]) == sum(Decimal(v) for v in bets.values())
    assert out["breakage"] == "0"


def test_raise_amounts_follow_the_ante():
    out = settle(record("Ks 3h", B1, seat(1, "Qh Ts", "flop turn river", ante="5")))
    assert out["seats"][0]["bets"] == {"ante": "5", "flop": "10", "turn": "5", "river": "5"}
    assert THB.stakes({"ante": Decimal(25)}, ["flop", "turn", "river"]) == {
        "ante": 25, "flop": 50, "turn": 25, "river": 25}
    assert THB.stakes({"ante": Decimal(25), "pool": Decimal(1)}, ["flop", "check"]) == {
        "ante": 25, "flop": 50, "pool": 1}
    assert THB.stakes({"ante": Decimal(25), "bonus": Decimal(25)}, ["fold"]) == {"ante": 25, "bonus": 25}
    rnd = THB.parse_record(record("Ks 3h", B1, seat(1, "Qh Ts", "flop turn river", bonus=True)), TABLE)
    assert THB.staked(rnd.seats[0]) == Decimal(10 + 20 + 10 + 10 + 10)


# --- Bonus: on the hole cards, whatever else happens ---------------------------------
BONUS_BOARD = "2c 3d 7h 8s 9c"
# (id, dealer, hole, bonus net at Bonus 10, why)
BONUS_ROWS_CASES = [
    ("aa-vs-dealer-aa", "Ad Ac", "As Ah", "10000", "pair of aces against the dealer's pair of aces: 1000:1"),
    ("aa", "Ad 6s", "As Ah", "300", "pair of aces, dealer holds one ace only: 30:1"),
    ("ak-suited", "5h 6s", "As Ks", "250", "A-K suited: 25:1"),
    ("aq-suited", "5h 6s", "Ah Qh", "200", "A-Q suited: 20:1"),
    ("aj-suited", "5h 6s", "Jd Ad", "200", "A-J suited, in either order: 20:1"),
    ("ak-offsuit", "5h 6s", "As Kd", "150", "A-K offsuit: 15:1"),
    ("kk", "5h 6s", "Kh Ks", "100", "pair of kings: 10:1"),
    ("qq", "5h 6s", "Qc Qd", "100", "pair of queens: 10:1"),
    ("jj", "5h 6s", "Jh Js", "100", "pair of jacks: 10:1"),
    ("aq-offsuit", "5h 6s", "Ah Qd", "50", "A-Q offsuit: 5:1"),
    ("aj-offsuit", "5h 6s", "Ac Jh", "50", "A-J offsuit: 5:1"),
    ("tt", "5h 6s", "Th Ts", "-10", "pair of tens: anything else loses (no pair 2-10 row in thb-default)"),
    ("22", "5h 6s", "2h 2s", "-10", "pair of deuces: anything else loses"),
    ("at-suited-loses", "5h 6s", "As Ts", "-10", "A-T suited has no row"),
    ("kq-suited-loses", "5h 6s", "Kh Qh", "-10", "K-Q suited has no row"),
    ("72-loses", "5h 6s", "7c 2d", "-10", "nothing"),
]


@pytest.mark.parametrize("dealer,hole,net,why", [c[1:] for c in BONUS_ROWS_CASES], ids=[c[0] for c in BONUS_ROWS_CASES])
def test_bonus_rows(dealer, hole, net, why):
    out = settle(record(dealer, BONUS_BOARD, seat(1, hole, "flop check", bonus=True)))
    assert out["seats"][0]["bets"]["bonus"] == net, why


def test_dealer_aces_means_the_dealers_two_cards():
    # The dealer holds one ace and the board the other: not "a pair of aces" for the Bonus.
    out = settle(record("Ad 6s", "2c 3d 7h 8s Ac", seat(1, "As Ah", "flop check", bonus=True)))
    assert out["seats"][0]["bets"]["bonus"] == "300"


def test_bonus_is_paid_after_a_fold_and_when_the_dealer_wins():
    out = settle(record("Ad Ac", "Kc Kd Kh 8s 9c", seat(2, "As Ah", "fold", bonus=True),
                        seat(1, "Ks Qh", "flop turn river", bonus=True)))
    folded, won = out["seats"]
    assert folded["result"] == "fold" and folded["bets"] == {"ante": "-10", "bonus": "10000"}
    assert won["bets"]["bonus"] == "-10"  # K-Q offsuit has no row, whatever the hand makes


def test_the_optional_pair_2_10_row_pays_3_to_1_when_a_profile_adds_it():
    with_pairs = {**TABLE.paytables["bonus"], "pair_2_10": "3"}
    rec = record("5h 6s", BONUS_BOARD, seat(2, "Th Ts", "flop check", bonus=True),
                 seat(1, "2h 2s", "flop check", bonus=True), paytables={"bonus": with_pairs})
    tens, deuces = settle(rec)["seats"]
    assert tens["bets"]["bonus"] == "30" and deuces["bets"]["bonus"] == "30"
    assert settle(record("5h 6s", BONUS_BOARD, seat(1, "Th Ts", "flop check", bonus=True)))["seats"][0][
        "bets"]["bonus"] == "-10"  # the same hand on thb-default's table loses


def test_bonus_table_without_the_pair_row_and_without_the_dealer_aces_row():
    seed_table = {row: odds for row, odds in TABLE.paytables["bonus"].items()
                  if row not in ("pair_2_10", "aa_vs_dealer_aa")}
    rec = record("Ad Ac", BONUS_BOARD, seat(2, "As Ah", "flop check", bonus=True),
                 seat(1, "Th Ts", "flop check", bonus=True), paytables={"bonus": seed_table})
    aces, tens = settle(rec)["seats"]
    assert aces["bets"]["bonus"] == "300"  # AA vs AA falls back to the AA row
    assert tens["bets"]["bonus"] == "-10"  # no pair 2-10 row: a pair of tens loses


def test_bonus_breakage_with_min_chip():
    # Ante 7.5, min_chip 1. A straight wins: Ante 7.5 -> 7, Flop 15, Turn and River 7.5 -> 7:
    # 1.5 kept back; Q-T has no Bonus row, and a lost stake is never rounded.
    out = settle(record("Ks 3h", B1, seat(1, "Qh Ts", "flop turn river", ante="7.5", bonus=True)))
    assert out["seats"][0]["bets"] == {"ante": "7", "flop": "15", "turn": "7", "river": "7", "bonus": "-7.5"}
    assert out["breakage"] == "1.5"
    # A-K suited makes a pair of kings and wins: Ante pushes (below a straight), Flop 15,
    # Turn and River 7 (0.5 kept each), Bonus 25 x 7.5 = 187.5 -> 187 (0.5 kept).
    rec = record("3s 4h", B1, seat(1, "Ah Kh", "flop turn river", ante="7.5", bonus=True))
    out = settle(rec)
    assert out["seats"][0]["bets"] == {"ante": "0", "flop": "15", "turn": "7", "river": "7", "bonus": "187"}
    assert out["breakage"] == "1.5"
    rec["min_chip"] = "0.5"
    assert settle(rec)["seats"][0]["bets"]["bonus"] == "187.5" and settle(rec)["breakage"] == "0"


# --- Pool: hole + flop, a share of the meter -----------------------------------------
POOL_DEALER = "Ad Qc"
# (id, hole, board, category, award, seeded, why) with the meter at 10000.00, rate 0.25:
# one Pool stake of 1 makes it 10000.25 at the flop.
POOL_CASES = [
    ("royal", "As Ks", "Qs Js Ts 2c 3d", "royal_flush", "10000.25", "10000.00",
     "100% of 10000.25; the empty meter is seeded back to 10000.00"),
    ("straight-flush", "9h 8h", "7h 6h 5h 2c 3d", "straight_flush", "5000.12", "4999.87",
     "50% of 10000.25 = 5000.125, rounded down; 5000.13 left, seeded to 10000"),
    ("quads", "9h 9d", "9c 9s 2d Kc 3h", "four_of_a_kind", "4000.10", "3999.85", "40% of 10000.25"),
    ("full-house", "9h 9d", "9c 2s 2d Kc 3h", "full_house", "3000.07", "2999.82", "30% = 3000.075, rounded down"),
    ("flush", "Ah 8h", "2h 5h Jh Kc 3d", "flush", "2000.05", "1999.80", "20% of 10000.25"),
    ("straight", "9h 8d", "7c 6s 5h Kc 2d", "straight", "1000.02", "999.77", "10% = 1000.025, rounded down"),
]


@pytest.mark.parametrize("hole,board,category,award,seeded,why", [c[1:] for c in POOL_CASES], ids=[c[0] for c in POOL_CASES])
def test_pool_awards(hole, board, category, award, seeded, why):
    out = settle(record(POOL_DEALER, board, seat(3, hole, "flop check", pool=True), jackpot=METER))
    assert out["jackpot"] == {
        "meter_before": "10000.00", "contributions": "0.25",
        "awards": [{"seat": 3, "category": category, "amount": award}],
        "seeded": seeded, "meter_after": "10000.00",
    }, why
    assert Decimal(out["seats"][0]["bets"]["pool"]) == Decimal(award) - 1  # the stake is collected


@pytest.mark.parametrize("hole,board,why", [
    ("9h 9d", "9c 4s 2d Kc 3h", "three of a kind is not in the Pool table"),
    ("9h 8d", "7c 6s 2h 5h Kd", "the straight comes on the turn: the Pool stands on hole + flop only"),
])
def test_pool_loses_its_stake_without_a_row(hole, board, why):
    out = settle(record(POOL_DEALER, board, seat(3, hole, "flop turn river", pool=True), jackpot=METER))
    assert out["seats"][0]["bets"]["pool"] == "-1", why
    assert out["jackpot"] == {"meter_before": "10000.00", "contributions": "0.25", "awards": [],
                              "seeded": "0", "meter_after": "10000.25"}


def test_folded_hand_still_wins_the_pool():
    out = settle(record(POOL_DEALER, "Qs Js Ts 2c 3d", seat(3, "As Ks", "fold", pool=True), jackpot=METER))
    assert out["seats"][0]["result"] == "fold"
    assert out["seats"][0]["bets"] == {"ante": "-10", "pool": "9999.25"}


@pytest.mark.parametrize("royal_seat,flush_seat,awards,seeded", [
    # Royal on the higher seat is paid first: all of 10000.50, then the flush gets 20% of reset.
    (5, 3, [(5, "royal_flush", "10000.50"), (3, "flush", "2000.00")], "12000.00"),
    # Flush on the higher seat first: 20% of 10000.50, raised to reset; the royal then gets the reset.
    (3, 5, [(5, "flush", "2000.10"), (3, "royal_flush", "10000.00")], "11999.60"),
])
def test_pool_awards_in_settlement_order(royal_seat, flush_seat, awards, seeded):
    rec = record(POOL_DEALER, "Qs Js Ts 2c 3d",
                 seat(royal_seat, "As Ks", "flop check", pool=True), seat(flush_seat, "2s 7s", "fold", pool=True),
                 jackpot=METER)
    out = settle(rec)
    assert out["jackpot"]["awards"] == [{"seat": s, "category": c, "amount": a} for s, c, a in awards]
    assert out["jackpot"]["contributions"] == "0.50"
    assert out["jackpot"]["seeded"] == seeded and out["jackpot"]["meter_after"] == "10000.00"


def test_cap_overflow_pays_the_raise_before_the_house():
    block = {"meter": "249999.90", "rate": "0.25", "reset": "10000.00", "cap": "250000.00", "overflow": "100.00"}
    miss = record(POOL_DEALER, "9c 4s 2d Kc 3h", seat(1, "9h 9d", "fold", pool=True),
                  seat(2, "8h 7d", "fold", pool=True), jackpot=block)
    # 2 x 0.25: 0.10 fills the meter to the cap, 0.40 goes to the overflow.
    assert settle(miss)["jackpot"] == {"meter_before": "249999.90", "contributions": "0.50", "awards": [],
                                       "seeded": "0", "meter_after": "250000.00", "overflow_after": "100.40"}
    hit = record(POOL_DEALER, "Qs Js Ts 2c 3d", seat(1, "As Ks", "fold", pool=True),
                 seat(2, "8h 7d", "fold", pool=True), jackpot=block)
    # The royal takes the capped meter; the overflow's 100.40 raises it first, the house seeds the rest.
    assert settle(hit)["jackpot"] == {"meter_before": "249999.90", "contributions": "0.50",
                                      "awards": [{"seat": 1, "category": "royal_flush", "amount": "250000.00"}],
                                      "seeded": "9899.60", "meter_after": "10000.00", "overflow_after": "0"}


def test_jackpot_block_without_pool_stakes_and_no_block_without_them():
    out = settle(record("Ks 3h", B1, seat(1, "Qh Ts", "fold"), jackpot=METER))
    assert out["jackpot"] == {"meter_before": "10000.00", "contributions": "0", "awards": [],
                              "seeded": "0", "meter_after": "10000.00"}
    assert "jackpot" not in settle(record("Ks 3h", B1, seat(1, "Qh Ts", "fold")))


# --- the spec's example and the output shape -----------------------------------------

SPEC_EXAMPLE = record("Kd 7c", "2s 7s 9s Js Qh",
                      {"seat": 2, "hole": ["As", "Ks"], "bets": {"ante": "10", "bonus": "10", "pool": "1"},
                       "actions": ["flop", "turn", "river"]},
                      {"seat": 4, "hole": ["4c", "5c"], "bets": {"ante": "10"}, "actions": ["fold"]},
                      jackpot={"meter": "25000.00", "rate": "0.25", "reset": "10000.00"})


def test_round_record_example_settles_to_its_printed_jackpot_block():
    out = settle(SPEC_EXAMPLE)
    # ROUND_RECORD.md, "Texas Hold'em Bonus", printed verbatim:
    assert out["jackpot"] == {"meter_before": "25000.00", "contributions": "0.25",
                              "awards": [{"seat": 2, "category": "flush", "amount": "5000.05"}],
                              "seeded": "0", "meter_after": "20000.20"}
    assert list(out) == ["game", "dealer", "seats", "breakage", "jackpot"]
    assert out["dealer"] == {"best5": ["7c", "7s", "Kd", "Qh", "Js"], "category": "one_pair"}
    folded, flush = out["seats"]
    assert [folded["seat"], flush["seat"]] == [4, 2]  # highest seat first
    assert list(flush) == ["seat", "best5", "category", "result", "bets", "net"]
    assert flush["bets"] == {"ante": "10", "flop": "20", "turn": "10", "river": "10", "bonus": "250", "pool": "4999.05"}
    assert flush["net"] == "5299.05" and folded["bets"] == {"ante": "-10"}


# --- spot takeover ---------------------------------------------------------------------

def test_spot_takeover_settles_both_hands_to_the_player():
    rec = record("Ks 3h", B1, seat(2, "Qh Ts", "flop turn river", player="P7"),
                 seat(3, "4h 3c", "fold", player="P7"), seat(5, "9d 9s", "flop check", player="P9"))
    out = settle(rec)
    assert [(s["seat"], s.get("player")) for s in out["seats"]] == [(5, "P9"), (3, "P7"), (2, "P7")]
    assert out["players"] == [{"player": "P9", "seats": [5], "net": "20"},
                              {"player": "P7", "seats": [3, 2], "net": str(-10 + 50)}]
    assert list(out["seats"][0])[:2] == ["seat", "player"]
    assert "players" not in settle(record("Ks 3h", B1, seat(2, "Qh Ts", "fold")))
