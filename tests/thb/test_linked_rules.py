"""A linked progressive's rules without a floor (issue 22): the profile keys, the reserve's
arithmetic (overflow, then reserve, then the house's seed), a linked round's record settled by
the awards its controller committed, and a linked table without its controller (Pool closed)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.errors import ConfigError, RecordError
from dealer_station.jackpot import (
    Contribution,
    JackpotMeter,
    JackpotRules,
    OverflowDraw,
    ReserveDraw,
    Seed,
    meter_from_state,
    meter_state,
)
from dealer_station.profile_loader import load_profile
from dealer_station.table.terms import terms_digest, terms_of

from ._records import THB, record, seat

LINKED = load_profile("thb-linked")


def test_the_link_and_the_reserve_are_profile_keys_left_out_of_terms_when_unset(tmp_path: Path) -> None:
    rules = LINKED.options.jackpot  # type: ignore[attr-defined]
    assert (rules.link, rules.reserve_rate) == ("bank-1", Decimal("0.1"))
    assert terms_of(LINKED)["options"]["jackpot"]["link"] == "bank-1"
    default = terms_of(load_profile("thb-default"))["options"]["jackpot"]
    assert default == {"rate": "0.25", "reset": "500.00", "cap": "750.00", "verify_at": "250.00"}  # digest as before
    assert terms_digest(terms_of(load_profile("thb-default"))) != terms_digest(terms_of(LINKED))
    text = (Path(__file__).resolve().parents[2] / "config" / "thb-linked.toml").read_text(encoding="utf-8")
    for bad, message in (('link = "bank 1"', "letters, digits"), ('reserve_rate = "1"', "below 1")):
        key = bad.split(" = ")[0]
        edited = "\n".join(bad if line.startswith(f"{key} ") else line for line in text.splitlines())
        (tmp_path / "bad.toml").write_text(edited, encoding="utf-8")
        with pytest.raises(ConfigError, match=message):
            load_profile(str(tmp_path / "bad.toml"))


def test_a_raise_to_reset_takes_the_overflow_then_the_reserve_then_the_house() -> None:
    rules = JackpotRules(rate=Decimal("0.5"), reset=Decimal(100), cap=Decimal(101), reserve_rate=Decimal("0.2"))
    meter = JackpotMeter.fresh(rules)
    facts = meter.contribute([(1, Decimal(4)), (2, Decimal(4))])  # 2 a stake: 0.4 to the reserve, 1.6 onwards
    assert facts == [Contribution(1, Decimal(4), Decimal("1.0"), Decimal("0.6"), Decimal("0.4")),
                     Contribution(2, Decimal(4), Decimal(0), Decimal("1.6"), Decimal("0.4"))]
    meter = meter.apply_all(facts)
    assert (meter.meter, meter.overflow, meter.reserve) == (Decimal(101), Decimal("2.2"), Decimal("0.8"))
    paid = meter.award(1, "royal_flush", Decimal(100))
    assert paid[1:] == [OverflowDraw(Decimal("2.2")), ReserveDraw(Decimal("0.8")), Seed(Decimal("97.0"))]
    after = meter.apply_all(paid)
    assert after.conserved and after.meter == 100 and after.reserve == 0
    assert meter_from_state(rules, meter_state(after)) == after
    assert Contribution(1, Decimal(4), Decimal(1), Decimal(0)).to_payload() == {
        "seat": 1, "stake": "4", "to_meter": "1", "to_overflow": "0"}  # no reserve: written as before


def test_a_linked_round_record_settles_by_the_awards_its_controller_committed() -> None:
    rec = record("Kd 7c", "Ts Js Qs 2c 3d", seat(2, "As Ks", "flop check", pool=True), seat(4, "4c 5h", "fold", pool=True),
                 jackpot={"meter": "612.30", "rate": "0.25", "reset": "500.00", "link": "bank-1",
                          "awards": [{"seat": 2, "category": "royal_flush", "percent": "100", "amount": "700.05"}]})
    out = THB.settle(THB.parse_record(rec, LINKED))
    assert out["jackpot"] == {"link": "bank-1", "contributions": "0.50",
                              "awards": [{"seat": 2, "category": "royal_flush", "amount": "700.05"}]}
    pool = {s["seat"]: s["bets"]["pool"] for s in out["seats"]}
    assert pool == {2: "699.05", 4: "-1"}  # the amount committed, not 100% of the record's meter
    rec["jackpot"]["awards"][0]["seat"] = 3
    with pytest.raises(RecordError, match=r"jackpot.awards\[0\].seat: seat 3 has no Pool stake"):
        THB.parse_record(rec, LINKED)
    del rec["jackpot"]["link"]
    with pytest.raises(RecordError, match="only a linked round's record gives its awards"):
        THB.parse_record(rec, LINKED)
