"""The progressive meter (GAMES.md §3 Decisions) to the cent, its journal facts, and
conservation over random sequences of rounds, awards and voids."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.errors import RecordError, RuleError
from dealer_station.jackpot import (
    Award,
    Contribution,
    JackpotMeter,
    JackpotRules,
    OverflowDraw,
    PoolHit,
    Reversal,
    Seed,
    fact_from_payload,
    fact_payload,
    meter_summary,
)

RULES = JackpotRules(rate=D("0.25"), reset=D("10000.00"))
CAPPED = JackpotRules(rate=D("0.25"), reset=D("10000.00"), cap=D("30000.00"), verify_at=D("5000.00"))


def run(meter: JackpotMeter, facts: list) -> JackpotMeter:
    after = meter.apply_all(facts)
    assert after.conserved
    return after


def test_fresh_meter_starts_at_reset_and_balances():
    meter = JackpotMeter.fresh(RULES)
    assert (meter.meter, meter.overflow, meter.hits) == (D("10000.00"), 0, 0)
    assert meter.opening == RULES.reset and meter.conserved


def test_contributions_are_exact_never_rounded():
    meter = JackpotMeter.fresh(JackpotRules(rate=D("0.125"), reset=D(100)))
    facts = meter.contribute([(6, D(1)), (4, D(1)), (1, D(1))])
    assert [(f.seat, f.to_meter, f.to_overflow) for f in facts] == [(6, D("0.125"), 0), (4, D("0.125"), 0), (1, D("0.125"), 0)]
    meter = run(meter, facts)
    assert meter.meter == D("100.375") and meter.contributed == D("0.375")
    assert meter_summary(meter)["meter"] == "100.375"  # shown to the cent, finer when it holds fractions


def test_operations_change_nothing_until_applied():
    meter = JackpotMeter.fresh(RULES)
    meter.contribute([(1, D(1))])
    meter.award(1, "royal_flush", D(100))
    assert meter == JackpotMeter.fresh(RULES)


def test_round_record_example_to_the_cent():
    meter = JackpotMeter.taken_up(RULES, D("25000.00"))
    meter = run(meter, meter.contribute([(2, D(1))]))
    assert meter.meter == D("25000.25")
    facts = meter.award(2, "flush", D(20))
    assert facts == [Award(2, "flush", D(20), D("5000.05"))]
    assert run(meter, facts).meter == D("20000.20")


def test_rounding_down_keeps_the_remainder_in_the_meter():
    meter = JackpotMeter.taken_up(RULES, D("12345.678"))
    (award,) = meter.award(1, "straight", D(10))
    assert isinstance(award, Award) and award.amount == D("1234.56")  # 1234.5678 rounded down
    after = run(meter, [award])
    assert after.meter == D("11111.118")  # 0.0078 of the share stays in the meter
    assert after.awarded == D("1234.56") and after.hits == 1


def test_second_royal_in_the_same_round_gets_the_reset_value():
    meter = JackpotMeter.taken_up(RULES, D("25000.00"))
    meter = run(meter, meter.contribute([(5, D(1)), (2, D(1))]))
    facts = meter.award_all([PoolHit(5, "royal_flush", D(100)), PoolHit(2, "royal_flush", D(100))])
    assert facts == [
        Award(5, "royal_flush", D(100), D("25000.50")), Seed(D("10000.00")),
        Award(2, "royal_flush", D(100), D("10000.00")), Seed(D("10000.00")),
    ]
    after = run(meter, facts)
    assert after.meter == D("10000.00") and after.seeded == D("20000.00") and after.hits == 2


def test_no_seed_when_the_meter_stays_above_reset():
    meter = JackpotMeter.taken_up(RULES, D("20000.00"))
    assert meter.award(1, "flush", D(20)) == [Award(1, "flush", D(20), D("4000.00"))]


def test_award_below_reset_seeds_the_shortfall_exactly():
    meter = JackpotMeter.taken_up(RULES, D("10000.01"))
    facts = meter.award(3, "straight_flush", D(50))
    assert facts == [Award(3, "straight_flush", D(50), D("5000.00")), Seed(D("4999.99"))]
    assert run(meter, facts).meter == RULES.reset


def test_contributions_above_the_cap_go_to_overflow():
    meter = JackpotMeter.taken_up(CAPPED, D("29999.90"))
    facts = meter.contribute([(6, D(1)), (5, D(1)), (4, D("0.04"))])
    assert [(f.to_meter, f.to_overflow) for f in facts] == [(D("0.10"), D("0.15")), (0, D("0.25")), (0, D("0.01"))]
    after = run(meter, facts)
    assert (after.meter, after.overflow, after.contributed) == (D("30000.00"), D("0.41"), D("0.51"))


def test_overflow_pays_the_raise_to_reset_before_the_house_seeds():
    meter = JackpotMeter.taken_up(CAPPED, D("30000.00"), overflow=D("600.40"))
    facts = meter.award(1, "royal_flush", D(100))
    assert facts == [Award(1, "royal_flush", D(100), D("30000.00"), True), OverflowDraw(D("600.40")), Seed(D("9399.60"))]
    after = run(meter, facts)
    assert (after.meter, after.overflow, after.seeded) == (RULES.reset, 0, D("9399.60"))


def test_overflow_larger_than_the_shortfall_leaves_the_rest_and_seeds_nothing():
    meter = JackpotMeter.taken_up(CAPPED, D("30000.00"), overflow=D(12000))
    facts = meter.award(1, "royal_flush", D(100))
    assert facts[1:] == [OverflowDraw(D("10000.00"))]
    after = run(meter, facts)
    assert (after.meter, after.overflow, after.seeded) == (D("10000.00"), D("2000.00"), 0)


@pytest.mark.parametrize("meter,percent,locked", [
    ("25000", 20, True),      # 5000.00: exactly verify_at needs verification
    ("24999.99", 20, False),  # 4999.99: below
    ("10000", 100, True),
    ("10000", 10, False),
])
def test_hits_at_or_above_verify_at_need_verification(meter, percent, locked):
    (award, *_) = JackpotMeter.taken_up(CAPPED, D(meter)).award(1, "x", D(percent))
    assert isinstance(award, Award) and award.needs_verification is locked


def test_no_verify_at_never_holds():
    (award, *_) = JackpotMeter.taken_up(RULES, D(999999)).award(1, "royal_flush", D(100))
    assert isinstance(award, Award) and not award.needs_verification


def test_void_reverses_contributions_exactly():
    meter = JackpotMeter.taken_up(CAPPED, D("29999.90"), D(5))
    contributions = meter.contribute([(2, D(1)), (1, D(1))])
    during = run(meter, contributions)
    after = run(during, during.reverse(contributions))
    assert (after.meter, after.overflow, after.contributed) == (meter.meter, meter.overflow, 0)
    assert after == meter


def test_void_after_an_award_reverses_the_whole_round_or_is_refused():
    meter = JackpotMeter.taken_up(CAPPED, D("10000.00"))
    contributions = meter.contribute([(1, D(4))])
    during = run(meter, contributions)
    paid = during.award(1, "royal_flush", D(100))
    after_hit = run(during, paid)
    with pytest.raises(RuleError, match="below reset"):
        after_hit.reverse(contributions)  # the award was paid out of them
    undone = run(after_hit, after_hit.reverse([*contributions, *paid]))
    assert undone == meter


def test_reversal_of_a_reversal_is_refused():
    meter = JackpotMeter.fresh(RULES)
    facts = meter.contribute([(1, D(1))])
    reversal = run(meter, facts).reverse(facts)
    with pytest.raises(RuleError, match="cannot itself be reversed"):
        meter.reverse(reversal)


@pytest.mark.parametrize("fact", [
    Contribution(3, D(1), D("0.1"), D("0.15")),
    Award(2, "royal_flush", D(100), D("25000.50"), True),
    Award(6, "straight", D(10), D("1000.02")),
    OverflowDraw(D("600.40")),
    Seed(D("9399.6")),
    Reversal(Contribution(3, D(1), D("0.25"), D(0))),
    Reversal(Award(1, "flush", D(20), D("2000.05"))),
])
def test_journal_payload_round_trips(fact):
    import json

    payload = json.loads(json.dumps(fact_payload(fact)))  # plain JSON, money as strings
    assert fact_from_payload(fact.kind, payload) == fact


@pytest.mark.parametrize("kind,payload,message", [
    ("jackpot_award", {"seat": 1, "category": "flush", "percent": "20"}, "jackpot_award.amount: missing"),
    ("jackpot_contribution", {"seat": "1", "stake": "1", "to_meter": "1", "to_overflow": "0"}, "jackpot_contribution.seat"),
    ("jackpot_seed", {"amount": 5.5}, "jackpot_seed.amount: must be a decimal string"),
    ("jackpot_reversal", {"of": {"kind": "jackpot_reversal", "of": {}}}, "jackpot_reversal.of: must name"),
    ("jackpot_bonus", {}, "kind: unknown jackpot fact"),
])
def test_bad_payloads_are_refused(kind, payload, message):
    with pytest.raises(RecordError) as info:
        fact_from_payload(kind, payload)
    assert message in str(info.value)


@pytest.mark.parametrize("data,message", [
    ({"rate": "0", "reset": "1"}, "must be above 0 and at most 1"),
    ({"rate": "1.5", "reset": "1"}, "must be above 0 and at most 1"),
    ({"rate": 0.25, "reset": "1"}, "not the float 0.25"),
    ({"rate": "0.25", "reset": "-1"}, "must be >= 0"),
    ({"rate": "0.25", "reset": "100", "cap": "99"}, "cap 99 is below reset 100"),
    ({"rate": "0.25", "reset": "100", "verify_at": "0"}, "must be > 0"),
    ({"rate": "0.25", "reset": "100", "seed": "5"}, "Extra inputs"),
])
def test_bad_rules_are_refused(data, message):
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match=message):
        JackpotRules.model_validate(data)


def test_taken_up_refuses_impossible_meters():
    with pytest.raises(RuleError, match="meter: 9999.99 is below the reset value 10000"):
        JackpotMeter.taken_up(RULES, D("9999.99"))
    with pytest.raises(RuleError, match="meter: 30000.01 is above the cap 30000"):
        JackpotMeter.taken_up(CAPPED, D("30000.01"))
    with pytest.raises(RuleError, match="overflow: must be >= 0"):
        JackpotMeter.taken_up(CAPPED, D(10000), D(-1))


def test_bad_award_percent_and_stake_are_refused():
    meter = JackpotMeter.fresh(RULES)
    with pytest.raises(RuleError, match="0 to 100 percent"):
        meter.award(1, "royal_flush", D(101))
    with pytest.raises(RuleError, match="seat1.pool: Pool stake must be > 0"):
        meter.contribute([(1, D(0))])


# --- conservation over random play -------------------------------------------------

STAKES = st.sampled_from([D(1), D(5), D("0.5"), D("2.5")])
PERCENTS = st.sampled_from([D(10), D(20), D(30), D(40), D(50), D(100), D("33.3")])
ROUND = st.tuples(
    st.lists(st.tuples(st.integers(1, 6), STAKES), max_size=6),  # Pool stakes
    st.lists(st.tuples(st.integers(1, 6), PERCENTS), max_size=3),  # hits at the flop
    st.sampled_from(["paid", "paid", "paid", "void_before_flop", "void_after_flop"]),
)
RULE_SETS = st.builds(
    JackpotRules,
    rate=st.sampled_from([D("0.25"), D("0.125"), D("0.3"), D(1)]),
    reset=st.sampled_from([D(100), D("1000.00"), D(0), D("33.33")]),
    cap=st.sampled_from([None, D("1000.00"), D("1500.5")]),
    verify_at=st.sampled_from([None, D(500)]),
).filter(lambda r: r.cap is None or r.cap >= r.reset)


@settings(max_examples=200, deadline=None)
@given(RULE_SETS, st.lists(ROUND, max_size=25))
def test_conservation_at_every_step(rules, rounds):
    meter = JackpotMeter.fresh(rules)
    journal: list = []  # every fact in order, as the station would journal it

    def step(facts: list) -> None:
        nonlocal meter
        for fact in facts:
            meter = meter.apply(fact)
            journal.append(fact)
            # reset + contributed + seeded - awarded == meter + overflow, after every fact
            assert rules.reset + meter.contributed + meter.seeded - meter.awarded == meter.meter + meter.overflow
            assert meter.overflow >= 0

    for stakes, hits, outcome in rounds:
        before = meter
        contributions = meter.contribute(stakes)
        step(contributions)
        if outcome == "void_before_flop":
            step(meter.reverse(contributions))
            assert (meter.meter, meter.overflow) == (before.meter, before.overflow)
            continue
        awards = meter.award_all([PoolHit(s, "hand", p) for s, p in hits])
        step(awards)
        for award in awards:
            if isinstance(award, Award):
                assert award.amount == award.amount.quantize(D("0.01"))  # whole cents
        assert meter.meter >= rules.reset or not hits  # raised back after every award
        if rules.cap is not None and before.meter <= rules.cap:
            assert meter.meter <= rules.cap
        if outcome == "void_after_flop":
            step(meter.reverse([*contributions, *awards]))
            assert (meter.meter, meter.overflow, meter.hits) == (before.meter, before.overflow, before.hits)
    # Replay: the journal's payloads folded into a fresh meter give the same meter.
    replayed = JackpotMeter.fresh(rules).apply_all(fact_from_payload(f.kind, fact_payload(f)) for f in journal)
    assert replayed == meter
