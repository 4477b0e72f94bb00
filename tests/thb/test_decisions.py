"""What the live table asks of the game: bets at no more bets, the deal, legal decisions
street by street, and the reveals - the same rules the record path applies."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_station.errors import RecordError, RuleError
from tests.thb._records import TABLE, THB

PATHS = [["fold"], ["flop", "check"], ["flop", "turn", "check"], ["flop", "turn", "river"]]


def test_game_data():
    assert THB.name == "holdem_bonus" and THB.max_seats == 6
    assert THB.streets == ("preflop", "flop", "turn")
    assert THB.spots == ("bonus", "pool", "ante", "flop", "turn", "river")
    assert THB.default_profile() == "thb-default"


def test_reveals_flop_turn_river():
    assert THB.reveal_before("preflop") == []
    assert THB.reveal_before("flop") == [("board", slice(0, 3))]
    assert THB.reveal_before("turn") == [("board", slice(3, 4))]
    assert list(THB.final_reveal) == [("board", slice(4, 5)), ("dealer", slice(0, 2))]
    with pytest.raises(RuleError, match="unknown street 'river'"):
        THB.reveal_before("river")


def test_deal_plans():
    assert THB.deal_plan([3, 1], "shuffler") == [("board", 5), ("seat1", 2), ("seat3", 2), ("dealer", 2)]
    assert THB.deal_plan([3, 1], "hand") == [("seat1", 2), ("seat3", 2), ("dealer", 2), ("board", 5)]
    with pytest.raises(RuleError, match="deal_mode: unknown deal mode"):
        THB.deal_plan([1], "drone")


@pytest.mark.parametrize("path", PATHS, ids=["-".join(p) for p in PATHS])
def test_streets_walked_one_at_a_time_give_the_record_paths(path):
    history: list[str] = []
    for street in THB.streets:
        legal = THB.legal_actions(history, street)
        if len(history) == len(path):
            assert legal == [], f"{street}: a decided seat is skipped"
            continue
        assert path[len(history)] in legal
        history = THB.apply_action(history, street, path[len(history)], "seat1.action")
    assert history == path


def test_legal_actions_per_street():
    assert THB.legal_actions([], "preflop") == ["flop", "fold"]
    assert THB.legal_actions(["flop"], "flop") == ["turn", "check"]
    assert THB.legal_actions(["flop", "turn"], "turn") == ["river", "check"]
    assert THB.legal_actions(["flop", "check"], "turn") == []  # declined Turn: no River decision
    assert THB.legal_actions(["fold"], "flop") == []
    assert THB.legal_actions([], "flop") == []  # out of turn


def test_live_decision_refusals_name_the_field():
    with pytest.raises(RuleError, match=r"^seat2\.action: 'turn' out of order: the pre-flop decision comes first$"):
        THB.apply_action([], "flop", "turn", "seat2.action")
    with pytest.raises(RuleError, match=r"^seat2\.action: 'check' out of order: the seat already acted on the pre-flop$"):
        THB.apply_action(["flop"], "preflop", "check", "seat2.action")
    with pytest.raises(RuleError, match=r"^seat2\.action: 'river' without a Turn bet"):
        THB.apply_action(["flop", "check"], "turn", "river", "seat2.action")
    with pytest.raises(RuleError, match="unknown street"):
        THB.legal_actions([], "showdown")


def test_validate_bets_at_no_more_bets():
    assert THB.validate_bets(3, {"ante": "25", "bonus": "25", "pool": "1"}, TABLE, "seat3.bets") == {
        "ante": Decimal(25), "bonus": Decimal(25), "pool": Decimal(1)}
    assert THB.validate_bets(6, {"ante": 5}, TABLE, "seat6.bets") == {"ante": Decimal(5)}
    with pytest.raises(RuleError, match=r"^seat3\.bets\.pool: must be the table's Pool stake 1$"):
        THB.validate_bets(3, {"ante": "25", "pool": "5"}, TABLE, "seat3.bets")
    with pytest.raises(RuleError, match=r"^seat7\.bets: seat 7 is not at this table \(seats 1 to 6\)$"):
        THB.validate_bets(7, {"ante": "25"}, TABLE, "seat7.bets")
    with pytest.raises(RecordError, match=r"^seat1\.bets\.turn: the Turn bet is made by a decision"):
        THB.validate_bets(1, {"ante": "25", "turn": "25"}, TABLE, "seat1.bets")
