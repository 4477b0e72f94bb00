"""Random legal THB rounds: settlement invariants and the jackpot block's arithmetic."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_station.cards import card_str, parse_cards
from dealer_station.evaluator import Category
from dealer_station.games.thb import pool_category
from tests.thb._records import settle

PATHS = [["fold"], ["flop", "check"], ["flop", "turn", "check"], ["flop", "turn", "river"]]
ANTES = st.integers(10, 1000).map(lambda n: str(Decimal(n) / 2))  # 5 .. 500 in halves
MAIN = ("ante", "flop", "turn", "river")


@st.composite
def rounds(draw: Any) -> dict[str, Any]:
    deck = [card_str(c) for c in draw(st.permutations(range(52)))]
    board, dealer, deck = deck[:5], deck[5:7], deck[7:]
    numbers = draw(st.lists(st.integers(1, 6), min_size=1, max_size=6, unique=True))
    seats = []
    for i, n in enumerate(numbers):
        ante = draw(ANTES)
        bets = {"ante": ante}
        if draw(st.booleans()):
            bets["bonus"] = ante
        if draw(st.booleans()):
            bets["pool"] = "1"
        seats.append({"seat": n, "hole": deck[2 * i:2 * i + 2], "bets": bets, "actions": draw(st.sampled_from(PATHS))})
    jackpot = {"meter": draw(st.sampled_from(["10000", "10000.01", "12345.678", "249999.99"])),
               "rate": draw(st.sampled_from(["0.25", "0.125", "1"])), "reset": "10000"}
    if draw(st.booleans()):
        jackpot.update(cap="250000", overflow=draw(st.sampled_from(["0", "7.5", "20000"])))
    return {"game": "holdem_bonus", "min_chip": draw(st.sampled_from(["1", "0.5", "0.01"])),
            "jackpot": jackpot, "dealer": dealer, "board": board, "seats": seats}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds())
def test_random_legal_rounds_settle_consistently(rec):
    out = settle(rec)
    by_seat = {s["seat"]: s for s in rec["seats"]}
    assert [s["seat"] for s in out["seats"]] == sorted(by_seat, reverse=True)
    awards = {a["seat"]: Decimal(a["amount"]) for a in out["jackpot"]["awards"]}
    for s in out["seats"]:
        nets = {spot: Decimal(v) for spot, v in s["bets"].items()}
        placed = by_seat[s["seat"]]
        assert Decimal(s["net"]) == sum(nets.values())
        main = [nets[spot] for spot in MAIN if spot in nets]
        if s["result"] == "fold":
            assert list(nets)[:1] == ["ante"] and nets["ante"] < 0 and not set(nets) & {"flop", "turn", "river"}
        elif s["result"] == "tie":
            assert all(n == 0 for n in main)
        elif s["result"] == "lose":
            assert all(n < 0 for n in main)
        else:
            assert all(n > 0 for n in main[1:])
            assert (nets["ante"] > 0) == (Category[s["category"].upper()] >= Category.STRAIGHT)
        if "pool" in placed["bets"]:
            hit = pool_category(parse_cards(placed["hole"], "hole"), parse_cards(rec["board"][:3], "flop"))
            assert (s["seat"] in awards) == (hit >= Category.STRAIGHT)
            assert nets["pool"] == awards.get(s["seat"], Decimal(0)) - 1
    block = out["jackpot"]
    overflow_before = Decimal(rec["jackpot"].get("overflow", "0"))
    overflow_after = Decimal(block.get("overflow_after", "0"))
    assert ("overflow_after" in block) == ("cap" in rec["jackpot"])
    # Every cent explained: before + contributed + seeded - awarded == after (meter + overflow).
    assert (Decimal(block["meter_before"]) + overflow_before + Decimal(block["contributions"])
            + Decimal(block["seeded"]) - sum(awards.values(), Decimal(0))) == Decimal(block["meter_after"]) + overflow_after
    pool_seats = sum("pool" in s["bets"] for s in rec["seats"])
    assert Decimal(block["contributions"]) == pool_seats * Decimal(rec["jackpot"]["rate"])
    if awards:
        assert Decimal(block["meter_after"]) >= 10000
