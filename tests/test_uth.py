"""Ultimate Texas Hold'em engine: every settlement-table row, every refusal, invariants.

Default table (config/uth-default.toml): min_chip 0.5; Blind royal 500, SF 50, quads 10,
FH 3, flush 1.5, straight 1; Trips royal 50, SF 40, quads 30, FH 8, flush 7, straight 4,
trips 3. Each case says in its comment why the cards give the expected outcome.
"""

from __future__ import annotations

import copy
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_station.cards import card_str
from dealer_station.errors import CardError, DealerStationError, RecordError, RuleError
from dealer_station.evaluator import evaluate
from dealer_station.games import GAMES, get_game
from dealer_station.games.uth import Payer, settle_seat
from dealer_station.profile_loader import load_profile

CONFIG = Path(__file__).resolve().parent.parent / "config"
UTH = get_game("uth")
TABLE = load_profile(str(CONFIG / "uth-default.toml"))


def record(dealer: str, board: str, *seats: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": "uth", "dealer": dealer.split(), "board": board.split(), "seats": list(seats), **extra}


def seat(n: int, hole: str, actions: str, ante: str = "10", trips: str | None = None) -> dict[str, Any]:
    bets = {"ante": ante, "blind": ante}
    if trips is not None:
        bets["trips"] = trips
    return {"seat": n, "hole": hole.split(), "bets": bets, "actions": actions.split()}


def settle(rec: dict[str, Any]) -> dict[str, Any]:
    return UTH.settle(UTH.parse_record(rec, TABLE))


# --- settlement table ------------------------------------------------------------
# (id, dealer, board, hole, actions, trips, result, expected spot nets, comment)
B1 = "2c 5d 9h Jc Kd"  # no pair, no flush draw for anyone
SETTLEMENT_ROWS = [
    ("qualifies-win", "9s 3h", B1, "Kh 4s", "play4x", None, "win",
     {"ante": "10", "blind": "0", "play": "40"},
     "dealer pair of 9s qualifies; player pair of K beats it: Ante 1:1, Play 1:1, Blind pushes (pair)"),
    ("qualifies-lose", "Ks 3h", B1, "9s 4h", "play3x", None, "lose",
     {"ante": "-10", "blind": "-10", "play": "-30"},
     "dealer pair of K beats player pair of 9s: everything lost, Play 3x = 30"),
    ("qualifies-tie", "9s 3h", B1, "9d 3c", "check play2x", None, "tie",
     {"ante": "0", "blind": "0", "play": "0"},
     "both play 9 9 K J 5 (the 3s do not play): tie pushes Ante, Play (2x) and Blind"),
    ("not-qualifying-win", "3s 4h", B1, "Ah 6s", "check check play1x", None, "win",
     {"ante": "0", "blind": "0", "play": "10"},
     "dealer K-high does not qualify: Ante pushes; player A-high wins Play 1:1; Blind pushes (high card)"),
    ("not-qualifying-lose", "As 4h", B1, "Qh 6s", "play4x", None, "lose",
     {"ante": "0", "blind": "-10", "play": "-40"},
     "dealer A-high does not qualify yet beats player K-Q high: Ante returned, Play and Blind lost"),
    ("not-qualifying-tie", "3s 4h", B1, "3d 4c", "check check play1x", None, "tie",
     {"ante": "0", "blind": "0", "play": "0"},
     "both K J 9 5 4 high card: tie pushes everything"),
    ("fold-dealer-qualifies", "9s 3h", B1, "6s 3c", "check check fold", None, "fold",
     {"ante": "-10", "blind": "-10"}, "fold loses Ante and Blind, no Play bet"),
    ("fold-dealer-not-qualifying", "3s 4h", B1, "6s 3c", "check check fold", None, "fold",
     {"ante": "-10", "blind": "-10"}, "fold loses Ante and Blind even when the dealer does not qualify"),
    ("fold-better-hand", "3s 4h", B1, "Ks Kh", "check check fold", None, "fold",
     {"ante": "-10", "blind": "-10"}, "a fold loses even with the better hand"),
    # Blind pay table, player wins against a qualifying dealer.
    ("blind-royal", "2s 7c", "Ah Kh Qh 2c 3d", "Jh Th", "play4x", None, "win",
     {"ante": "10", "blind": "5000", "play": "40"}, "royal flush vs pair of 2s: Blind 500:1"),
    ("blind-straight-flush", "2s Kc", "9h 8h 7h 2c 3d", "6h 5h", "play4x", None, "win",
     {"ante": "10", "blind": "500", "play": "40"}, "9-high straight flush vs pair of 2s: Blind 50:1"),
    ("blind-quads", "2s Kc", "9h 9c 7s 2c 3d", "9d 9s", "play4x", None, "win",
     {"ante": "10", "blind": "100", "play": "40"}, "four 9s vs two pair 9s-2s: Blind 10:1"),
    ("blind-full-house", "2s Kc", "9h 9c 7s 2c 3d", "9d 7h", "play4x", None, "win",
     {"ante": "10", "blind": "30", "play": "40"}, "9s full of 7s vs two pair: Blind 3:1"),
    ("blind-flush", "2s Kc", "Ah 8h 4h 2c 3d", "Kh 6h", "play4x", None, "win",
     {"ante": "10", "blind": "15", "play": "40"}, "A-high flush vs pair of 2s: Blind 3:2"),
    ("blind-straight", "2s Kc", "9h 8c 7s 2c 3d", "6d 5h", "play4x", None, "win",
     {"ante": "10", "blind": "10", "play": "40"}, "9-high straight vs pair of 2s: Blind 1:1"),
    ("blind-push-trips", "2s Kc", "9h 9c 7s 2c 3d", "9d Ah", "play4x", None, "win",
     {"ante": "10", "blind": "0", "play": "40"}, "three 9s beat two pair but are below a straight: Blind pushes"),
    ("blind-push-two-pair", "2s 4c", "9h 9c 7s 2c 3d", "7d Ah", "play4x", None, "win",
     {"ante": "10", "blind": "0", "play": "40"}, "9s and 7s beat 9s and 2s: two pair, Blind pushes"),
    # Trips pay table: on the seat's own seven cards, whatever the dealer holds.
    ("trips-royal", "2s 7c", "Ah Kh Qh 2c 3d", "Jh Th", "play4x", "10", "win",
     {"ante": "10", "blind": "5000", "play": "40", "trips": "500"}, "royal flush: Trips 50:1"),
    ("trips-straight-flush", "2s Kc", "9h 8h 7h 2c 3d", "6h 5h", "play4x", "10", "win",
     {"ante": "10", "blind": "500", "play": "40", "trips": "400"}, "straight flush: Trips 40:1"),
    ("trips-quads", "2s Kc", "9h 9c 7s 2c 3d", "9d 9s", "play4x", "10", "win",
     {"ante": "10", "blind": "100", "play": "40", "trips": "300"}, "quads: Trips 30:1"),
    ("trips-full-house", "2s Kc", "9h 9c 7s 2c 3d", "9d 7h", "play4x", "10", "win",
     {"ante": "10", "blind": "30", "play": "40", "trips": "80"}, "full house: Trips 8:1"),
    ("trips-flush", "2s Kc", "Ah 8h 4h 2c 3d", "Kh 6h", "play4x", "10", "win",
     {"ante": "10", "blind": "15", "play": "40", "trips": "70"}, "flush: Trips 7:1"),
    ("trips-straight", "2s Kc", "9h 8c 7s 2c 3d", "6d 5h", "play4x", "10", "win",
     {"ante": "10", "blind": "10", "play": "40", "trips": "40"}, "straight: Trips 4:1"),
    ("trips-three-of-a-kind", "2s Kc", "9h 9c 7s 2c 3d", "9d Ah", "play4x", "10", "win",
     {"ante": "10", "blind": "0", "play": "40", "trips": "30"}, "three 9s: Trips 3:1"),
    ("trips-two-pair-loses", "2s 4c", "9h 9c 7s 2c 3d", "7d Ah", "play4x", "10", "win",
     {"ante": "10", "blind": "0", "play": "40", "trips": "-10"}, "two pair is below trips: Trips lost though the hand wins"),
    ("trips-high-card-loses", "3s 4h", B1, "Ah 6s", "check check play1x", "5", "win",
     {"ante": "0", "blind": "0", "play": "10", "trips": "-5"}, "A-high: Trips lost"),
    ("trips-after-fold", "2s Kc", "9h 9c 7s 2c 3d", "9d 4h", "check check fold", "10", "fold",
     {"ante": "-10", "blind": "-10", "trips": "30"}, "folded three 9s: Ante/Blind lost, Trips still pays 3:1"),
    ("trips-when-dealer-wins", "Ks Kh", "9h 9c 7s 2c 3d", "9d 4h", "play4x", "10", "win",
     {"ante": "10", "blind": "0", "play": "40", "trips": "30"},
     "three 9s beat K-K-9-9 two pair; Trips pays 3:1 regardless"),
    ("trips-on-losing-hand", "9d 9s", "9h 9c 7s 2c 3d", "7d 7h", "play4x", "10", "lose",
     {"ante": "-10", "blind": "-10", "play": "-40", "trips": "80"},
     "player 7s full of 9s loses to dealer quad 9s; Trips pays the full house 8:1 anyway"),
    # Play amounts.
    ("play3x-win", "9s 3h", B1, "Kh 4s", "play3x", None, "win",
     {"ante": "10", "blind": "0", "play": "30"}, "Play 3x Ante"),
    ("play2x-win", "9s 3h", B1, "Kh 4s", "check play2x", None, "win",
     {"ante": "10", "blind": "0", "play": "20"}, "Play 2x Ante on the flop"),
    ("play1x-win", "9s 3h", B1, "Kh 4s", "check check play1x", None, "win",
     {"ante": "10", "blind": "0", "play": "10"}, "Play 1x Ante on the river"),
]


@pytest.mark.parametrize(
    "dealer,board,hole,actions,trips,result,bets,why",
    [row[1:] for row in SETTLEMENT_ROWS],
    ids=[row[0] for row in SETTLEMENT_ROWS],
)
def test_settlement_table(dealer, board, hole, actions, trips, result, bets, why):
    out = settle(record(dealer, board, seat(1, hole, actions, trips=trips)))
    (got,) = out["seats"]
    assert got["result"] == result, why
    assert got["bets"] == bets, why
    assert Decimal(got["net"]) == sum(Decimal(v) for v in bets.values())
    assert out["breakage"] == "0"


def test_dealer_qualification_is_reported():
    assert settle(record("9s 3h", B1, seat(1, "Kh 4s", "play4x")))["dealer"]["qualifies"] is True
    out = settle(record("3s 4h", B1, seat(1, "Kh 4s", "play4x")))
    assert out["dealer"] == {"best5": ["Kd", "Jc", "9h", "5d", "4h"], "category": "high_card", "qualifies": False}


def test_flush_blind_breakage_with_min_chip():
    # Ante 5, flush wins 3:2 on the Blind = 7.5 exactly; with min_chip 1 pays 7, keeps 0.5.
    rec = record("2s Kc", "Ah 8h 4h 2c 3d", seat(1, "Kh 6h", "play4x", ante="5"), min_chip="1")
    out = settle(rec)
    assert out["seats"][0]["bets"] == {"ante": "5", "blind": "7", "play": "20"}
    assert out["seats"][0]["net"] == "32"
    assert out["breakage"] == "0.5"
    # With the profile's min_chip 0.5 the same payout is exact: no breakage.
    rec.pop("min_chip")
    out = settle(rec)
    assert out["seats"][0]["bets"]["blind"] == "7.5" and out["breakage"] == "0"


def test_breakage_sums_over_seats_and_spots():
    # min_chip 2, Ante 7 with a flush: Ante 7 -> 6 (1 kept), Play 28 exact, Blind 10.5 -> 10
    # (0.5 kept), Trips 3 at 7:1 = 21 -> 20 (1 kept): breakage 2.5 over one seat's spots.
    rec = record("2s Kc", "Ah 8h 4h 2c 3d", seat(1, "Kh 6h", "play4x", ante="7", trips="3"), min_chip="2")
    out = settle(rec)
    assert out["seats"][0]["bets"] == {"ante": "6", "blind": "10", "play": "28", "trips": "20"}
    assert out["breakage"] == "2.5"


def test_seats_settled_highest_first_and_spec_example():
    out = settle(record("Kd 7c", "2c 7d 9h Js Qs",
                        seat(1, "As Ac", "play4x", trips="5"), seat(3, "8d 3h", "check check fold")))
    assert [s["seat"] for s in out["seats"]] == [3, 1]
    assert out["seats"][1]["bets"] == {"ante": "10", "blind": "0", "play": "40", "trips": "-5"}
    assert out["seats"][1]["net"] == "45"
    assert list(out) == ["game", "dealer", "seats", "breakage"]
    assert list(out["seats"][0]) == ["seat", "best5", "category", "result", "bets", "net"]


def test_alternative_paytable_from_profile():
    # uth-alt-paytable: Trips straight pays 5:1, full house 7:1, Blind royal 200:1.
    alt = load_profile(str(CONFIG / "uth-alt-paytable.toml"))
    rec = record("2s Kc", "9h 8c 7s 2c 3d", seat(1, "6d 5h", "play4x", trips="10"))
    out = UTH.settle(UTH.parse_record(rec, alt))
    assert out["seats"][0]["bets"]["trips"] == "50"


def test_record_paytable_override_replaces_only_that_table():
    rec = record("2s Kc", "9h 8c 7s 2c 3d", seat(1, "6d 5h", "play4x", trips="10"),
                 paytables={"trips": {"straight": "6"}})
    out = settle(rec)
    assert out["seats"][0]["bets"]["trips"] == "60"   # record's Trips table
    assert out["seats"][0]["bets"]["blind"] == "10"   # profile's Blind table kept


def test_blind_row_missing_from_table_pushes():
    rec = record("2s Kc", "9h 8c 7s 2c 3d", seat(1, "6d 5h", "play4x"),
                 paytables={"blind": {"royal_flush": "500"}})
    assert settle(rec)["seats"][0]["bets"]["blind"] == "0"


# --- decisions -------------------------------------------------------------------

def test_legal_actions_by_street():
    assert UTH.legal_actions([], "preflop") == ["check", "play3x", "play4x"]
    assert UTH.legal_actions(["check"], "flop") == ["check", "play2x"]
    assert UTH.legal_actions(["check", "check"], "river") == ["play1x", "fold"]
    assert UTH.legal_actions(["play4x"], "flop") == []
    assert UTH.legal_actions(["check", "play2x"], "river") == []
    assert UTH.legal_actions([], "flop") == []  # out of order


def test_apply_action_reasons():
    assert UTH.apply_action(["check"], "flop", "play2x", "f") == ["check", "play2x"]
    with pytest.raises(RuleError, match=r"seats\[0\]\.actions\[1\]: 'play4x' not allowed on the flop \(allowed: check, play2x\)"):
        UTH.apply_action(["check"], "flop", "play4x", "seats[0].actions[1]")
    with pytest.raises(RuleError, match="already decided"):
        UTH.apply_action(["play3x"], "flop", "check", "x")
    with pytest.raises(RuleError, match="pre-flop decision comes first"):
        UTH.apply_action([], "river", "play1x", "x")


def test_deal_plans_and_reveals():
    assert UTH.deal_plan([3, 1], "shuffler") == [("board", 5), ("seat1", 2), ("seat3", 2), ("dealer", 2)]
    assert UTH.deal_plan([3, 1], "hand") == [("seat1", 2), ("seat3", 2), ("dealer", 2), ("board", 5)]
    assert UTH.reveal_before("preflop") == []
    assert UTH.reveal_before("flop") == [("board", slice(0, 3))]
    assert UTH.reveal_before("river") == [("board", slice(3, 5))]
    assert UTH.final_reveal == (("dealer", slice(0, 2)),)
    assert UTH.spots == ("ante", "blind", "trips", "play") and UTH.streets == ("preflop", "flop", "river")
    with pytest.raises(RuleError):
        UTH.deal_plan([1], "carrier pigeon")


def test_validate_bets_live_path():
    assert UTH.validate_bets(2, {"ante": "10", "blind": "10", "trips": "5"}, TABLE, "bets") == {
        "ante": Decimal(10), "blind": Decimal(10), "trips": Decimal(5)}
    with pytest.raises(RuleError, match=r"seat 8 is not at this table"):
        UTH.validate_bets(8, {"ante": "10", "blind": "10"}, TABLE, "bets")


# --- refusals --------------------------------------------------------------------

def _base() -> dict[str, Any]:
    return record("Kd 7c", "2c 7d 9h Js Qs",
                  seat(1, "As Ac", "play4x", trips="5"), seat(3, "8d 3h", "check check fold"))


def _set(path: str, value: Any):
    """A mutation of the base record: ``seats.0.hole.1`` = value (None deletes)."""
    def mutate(rec: dict[str, Any]) -> None:
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        target = rec
        for key in keys[:-1]:
            target = target[key]
        if value is None:
            del target[keys[-1]]
        else:
            target[keys[-1]] = value
    return mutate


REFUSALS = [
    ("unknown-card", _set("seats.0.hole.1", "Xx"), CardError, "seats[0].hole[1]: unknown card"),
    ("unknown-card-dealer", _set("dealer.0", "1s"), CardError, "dealer[0]: unknown card"),
    ("card-twice-hole-board", _set("seats.1.hole.0", "2c"), CardError, "seats[1].hole[0]: card 2c used twice (also at board[0])"),
    ("card-twice-dealer-board", _set("board.0", "Kd"), CardError, "board[0]: card Kd used twice (also at dealer[0])"),
    ("card-twice-in-hole", _set("seats.0.hole.1", "As"), CardError, "seats[0].hole[1]: card As used twice"),
    ("dealer-3-cards", _set("dealer", ["Kd", "7c", "3c"]), CardError, "dealer: needs 2 cards, got 3"),
    ("board-4-cards", _set("board", ["2c", "7d", "9h", "Js"]), CardError, "board: needs 5 cards, got 4"),
    ("hole-1-card", _set("seats.1.hole", ["8d"]), CardError, "seats[1].hole: needs 2 cards, got 1"),
    ("ante-ne-blind", _set("seats.1.bets.blind", "20"), RuleError, "seats[1].bets.blind: must equal ante (10)"),
    ("ante-below-min", lambda r: r["seats"][0]["bets"].update(ante="4", blind="4"), RuleError,
     "seats[0].bets.ante: 4 below the table minimum 5"),
    ("ante-above-max", lambda r: r["seats"][0]["bets"].update(ante="700", blind="700"), RuleError,
     "seats[0].bets.ante: 700 above the table maximum 500"),
    ("trips-below-min", _set("seats.0.bets.trips", "0.5"), RuleError, "seats[0].bets.trips: 0.5 below the table minimum 1"),
    ("trips-above-max", _set("seats.0.bets.trips", "101"), RuleError, "seats[0].bets.trips: 101 above the table maximum 100"),
    ("negative-bet", _set("seats.0.bets.trips", "-5"), RecordError, "seats[0].bets.trips: amount must not be negative"),
    ("float-bet", _set("seats.0.bets.trips", 5.5), RecordError, "seats[0].bets.trips: must be a decimal string"),
    ("missing-blind", _set("seats.1.bets.blind", None), RecordError, "seats[1].bets.blind: missing required key"),
    ("play-placed", _set("seats.1.bets.play", "10"), RecordError, "seats[1].bets.play: the Play bet is made by a decision"),
    ("unknown-spot", _set("seats.1.bets.bonus", "10"), RecordError, "seats[1].bets.bonus: unknown spot"),
    ("seat-above-table", _set("seats.1.seat", 8), RuleError, "seats[1].seat: seat 8 is not at this table (seats 1 to 7)"),
    ("seat-zero", _set("seats.1.seat", 0), RuleError, "seats[1].seat: seat 0 is not at this table"),
    ("seat-not-int", _set("seats.1.seat", "3"), RecordError, "seats[1].seat: must be a seat number"),
    ("duplicate-seat", _set("seats.1.seat", 1), RecordError, "seats[1].seat: seat 1 appears twice (also seats[0])"),
    ("illegal-action", _set("seats.1.actions", ["check", "play4x"]), RuleError,
     "seats[1].actions[1]: 'play4x' not allowed on the flop (allowed: check, play2x)"),
    ("fold-preflop", _set("seats.1.actions", ["fold"]), RuleError,
     "seats[1].actions[0]: 'fold' not allowed on the pre-flop (allowed: check, play3x, play4x)"),
    ("action-after-play", _set("seats.0.actions", ["play4x", "check"]), RuleError,
     "seats[0].actions[1]: 'check' after 'play4x': the seat has already decided"),
    ("action-after-fold", _set("seats.1.actions", ["check", "check", "fold", "play1x"]), RuleError,
     "seats[1].actions[3]: 'play1x' after 'fold'"),
    ("unknown-action", _set("seats.1.actions", ["raise"]), RuleError, "seats[1].actions[0]: 'raise' not allowed"),
    ("incomplete-actions", _set("seats.1.actions", ["check", "check"]), RecordError,
     "seats[1].actions: incomplete: must end with a Play bet or a fold (next: river: play1x, fold)"),
    ("no-actions", _set("seats.1.actions", []), RecordError, "seats[1].actions: incomplete"),
    ("unknown-game", _set("game", "blackjack"), RecordError, "game: unknown game 'blackjack' (known: holdem, holdem_bonus, uth)"),
    ("unknown-key", _set("dealer_cards", ["Kd"]), RecordError, "dealer_cards: unknown key"),
    ("unknown-seat-key", _set("seats.0.hole_cards", ["Kd"]), RecordError, "seats[0].hole_cards: unknown key"),
    ("missing-board", _set("board", None), RecordError, "board: missing required key"),
    ("no-seats", _set("seats", []), RecordError, "seats: must be a non-empty list"),
    ("unknown-profile", _set("table", "nope"), RecordError, "table: unknown table profile 'nope' (available:"),
    ("bad-limit-override", _set("limits", {"ante": {"min": "0", "max": "500"}}), RecordError, "limits.ante.min: must be > 0"),
    ("bad-paytable-override", _set("paytables", {"trips": {"quads": "30"}}), RecordError, "paytables.trips.quads: unknown hand category"),
    ("float-min-chip", _set("min_chip", 0.5), RecordError, "min_chip: must be a decimal string"),
]


@pytest.mark.parametrize("mutate,error,message", [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_refusals(mutate, error, message):
    rec = _base()
    mutate(rec)
    with pytest.raises(DealerStationError) as info:
        game = get_game(rec["game"])
        game.parse_record(rec, TABLE)
    assert isinstance(info.value, error), info.value
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_seat_beyond_a_six_seat_table():
    alt = load_profile(str(CONFIG / "uth-alt-paytable.toml"))
    rec = record("Kd 7c", "2c 7d 9h Js Qs", seat(7, "As Ac", "play4x", ante="10"))
    with pytest.raises(RuleError, match=r"seats\[0\]\.seat: seat 7 is not at this table \(seats 1 to 6\)"):
        UTH.parse_record(rec, alt)


def test_record_limit_override_allows_bigger_ante():
    rec = _base()
    rec["seats"][0]["bets"].update(ante="700", blind="700")
    rec["limits"] = {"ante": {"min": "5", "max": "1000"}}
    rnd = UTH.parse_record(rec, TABLE)
    assert rnd.table.limits["ante"].max == 1000 and rnd.table.limits["trips"].max == 100


def test_registry():
    assert set(GAMES) == {"uth", "holdem_bonus", "holdem"}
    assert get_game("uth") is UTH
    with pytest.raises(RecordError, match="game: unknown game 'baccarat'"):
        get_game("baccarat")


# --- properties ------------------------------------------------------------------

PATHS = [["play4x"], ["play3x"], ["check", "play2x"], ["check", "check", "play1x"], ["check", "check", "fold"]]
ANTES = st.integers(10, 1000).map(lambda n: str(Decimal(n) / 2))  # 5 .. 500 in halves
TRIPS = st.one_of(st.none(), st.integers(1, 100).map(str))


@st.composite
def rounds(draw, board: list[str] | None = None) -> dict[str, Any]:
    taken = board or []
    deck = [card_str(c) for c in draw(st.permutations(range(52))) if card_str(c) not in taken]
    seats = draw(st.lists(st.integers(1, 7), min_size=1, max_size=7, unique=True))
    if not board:
        board, deck = deck[:5], deck[5:]
    dealer, deck = deck[:2], deck[2:]
    entries = []
    for i, n in enumerate(seats):
        ante, trips = draw(ANTES), draw(TRIPS)
        bets = {"ante": ante, "blind": ante, **({"trips": trips} if trips else {})}
        entries.append({"seat": n, "hole": deck[2 * i:2 * i + 2], "bets": bets, "actions": draw(st.sampled_from(PATHS))})
    min_chip = draw(st.sampled_from(["0.5", "1", "2", "5", "0.01"]))
    return {"game": "uth", "min_chip": min_chip, "dealer": dealer, "board": board, "seats": entries}


def _money(settled: dict[str, Any], spot: str) -> Decimal:
    return Decimal(settled["bets"].get(spot, "0"))


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(rounds())
def test_random_legal_rounds_settle(rec):
    out = settle(rec)  # never raises on a legal round
    assert [s["seat"] for s in out["seats"]] == sorted((s["seat"] for s in rec["seats"]), reverse=True)
    for s in out["seats"]:
        assert Decimal(s["net"]) == sum(Decimal(v) for v in s["bets"].values())
        if s["result"] == "fold":
            assert _money(s, "ante") < 0 and _money(s, "blind") < 0 and "play" not in s["bets"]
        if s["result"] == "tie":
            assert _money(s, "ante") == _money(s, "blind") == _money(s, "play") == 0
        if not out["dealer"]["qualifies"] and s["result"] != "fold":
            assert _money(s, "ante") == 0


@SETTINGS
@given(rounds(board=["As", "Ks", "Qs", "Js", "Ts"]))
def test_tie_never_moves_ante_play_blind(rec):
    # A royal flush on the board: every hand that stays in ties the dealer.
    for s in settle(rec)["seats"]:
        assert s["result"] in ("tie", "fold")
        if s["result"] == "tie":
            assert s["bets"]["ante"] == s["bets"]["blind"] == s["bets"]["play"] == "0"


@SETTINGS
@given(rounds())
def test_rounding_keeps_exact_total(rec):
    rnd = UTH.parse_record(rec, TABLE)
    chip = rnd.table.min_chip
    dealer = evaluate([*rnd.dealer, *rnd.board])
    blind, trips = rnd.table.paytable("blind"), rnd.table.paytable("trips")
    rounded, exact = Payer(chip), Payer(Decimal(0))
    paid_total = exact_total = Decimal(0)
    for s in rnd.seats:
        paid = settle_seat(s, rnd.board, dealer, blind, trips, rounded).bets
        full = settle_seat(s, rnd.board, dealer, blind, trips, exact).bets
        for spot, amount in full.items():
            if amount > 0:
                assert paid[spot] % chip == 0 and 0 <= amount - paid[spot] < chip
                paid_total, exact_total = paid_total + paid[spot], exact_total + amount
            else:
                assert paid[spot] == amount  # losses and pushes are never rounded
    assert rounded.breakage >= 0 and exact.breakage == 0
    assert paid_total + rounded.breakage == exact_total
    assert Decimal(settle(rec)["breakage"]) == rounded.breakage


def test_settle_does_not_mutate_record():
    rec = _base()
    before = copy.deepcopy(rec)
    settle(rec)
    assert rec == before
