"""``dealer-station bank``: PIT.md's worked example exactly, the shapes of input and output, the
chip set, and the classes at their thresholds (figures worked by hand)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from ._cli import EXAMPLE, ROOT, answers, assert_refused, example, run_bank

# PIT.md: opener 12,700 + fill 2,000 - credit 2,000 - buy-in 500 + win 65 = closer 12,265;
# accounting win 500 + 12,265 - 12,700 + 2,000 - 2,000 = 65 = computed win. The void fill and the
# voided round count for nothing.
WORKED = {
    "table_id": "T1", "shift": "2026-12-05/day",
    "opener_value": "12700.00", "closer_value": "12265.00", "fills": "2000.00", "credits": "2000.00",
    "recorded_drop": "500.00", "drop": "500.00", "computed_win": "65.00", "accounting_win": "65.00",
    "expected_closer_value": "12265.00",
    "tray_variance": "0.00", "drop_variance": "0.00", "win_variance": "0.00",
    "tray_class": "ok", "drop_class": "ok", "win_class": "ok",
    "opener_discrepancy": "0.00", "opener_class": "ok", "slip_problems": [],
}


def test_the_worked_example_of_pit_md() -> None:
    [out] = answers(run_bank(str(EXAMPLE)))
    assert out == WORKED
    assert list(out) == list(WORKED)  # the answer's fields in PIT.md's order


def test_stdin_and_json_lines_in_input_order() -> None:
    records = []
    for n in range(5):
        record = example()
        record["shift"] = f"2026-12-0{n + 1}/day"
        record["drop"] = str(500 - n)  # drop short by n
        records.append(record)
    outs = answers(run_bank("-", stdin="".join(json.dumps(r) + "\n" for r in records) + "\n"))
    assert [o["shift"] for o in outs] == [r["shift"] for r in records]
    assert [o["drop_variance"] for o in outs] == ["0.00", "-1.00", "-2.00", "-3.00", "-4.00"]
    assert [o["win_variance"] for o in outs] == ["0.00", "-1.00", "-2.00", "-3.00", "-4.00"]
    assert [o["drop_class"] for o in outs] == ["ok", "note", "note", "note", "note"]
    assert answers(run_bank("-", stdin=EXAMPLE.read_text())) == [WORKED]


def shifted(change: dict[str, Any]) -> dict[str, Any]:
    record = example()
    record.update(copy.deepcopy(change))
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    return out


def test_a_skimmed_tray_and_a_short_drop_by_hand() -> None:
    # one 25 chip gone from the closer: tray 25 short, report (|v| >= report_at 25)
    out = shifted({"closer": {"1": 200, "5": 213, "25": 79, "100": 60, "500": 6}})
    assert (out["closer_value"], out["tray_variance"], out["tray_class"]) == ("12240.00", "-25.00", "report")
    assert (out["accounting_win"], out["win_variance"], out["win_class"]) == ("40.00", "-25.00", "report")
    assert (out["drop_variance"], out["drop_class"]) == ("0.00", "ok")
    # the count finds 100 less than the buy-ins: a copy to the regulator (|v| >= 100)
    out = shifted({"drop": "400"})
    assert (out["drop_variance"], out["drop_class"], out["win_variance"], out["win_class"]) == (
        "-100.00", "regulator", "-100.00", "regulator")
    assert out["tray_variance"] == "0.00"
    # 24.99 over is a note, 99.99 a report
    out = shifted({"drop": "524.99"})
    assert (out["drop_variance"], out["drop_class"]) == ("24.99", "note")
    out = shifted({"drop": "599.99"})
    assert (out["drop_variance"], out["drop_class"]) == ("99.99", "report")


def test_thresholds_of_the_record() -> None:
    out = shifted({"drop": "510", "report_at": "5", "regulator_at": "10"})
    assert (out["drop_variance"], out["drop_class"]) == ("10.00", "regulator")
    out = shifted({"drop": "505", "report_at": "5", "regulator_at": "10"})
    assert out["drop_class"] == "report"
    out = shifted({"drop": "501", "report_at": "5", "regulator_at": "5"})
    assert out["drop_class"] == "note"


def test_opener_discrepancy_and_no_previous_closer() -> None:
    out = shifted({"previous_closer": {"1": 200, "5": 200, "25": 100, "100": 41, "500": 10}})
    assert (out["opener_discrepancy"], out["opener_class"]) == ("-100.00", "regulator")
    out = shifted({"previous_closer": {"1": 190, "5": 200, "25": 100, "100": 40, "500": 10}})
    assert (out["opener_discrepancy"], out["opener_class"]) == ("10.00", "note")
    record = example()
    del record["previous_closer"]
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert out["opener_discrepancy"] is None and out["opener_class"] is None
    assert out["tray_variance"] == "0.00"
    record["previous_closer"] = None
    assert answers(run_bank("-", stdin=json.dumps(record))) == [out]


def test_received_copies_all_count_and_only_received() -> None:
    record = example()
    record["fills"] = [{"slip": "F000041", "chips": {"100": 20}, "state": "received"},
                       {"slip": "F000041", "chips": {"100": 20}, "state": "received"},
                       {"slip": "F000042", "chips": {"25": 40}, "state": "requested"},
                       {"slip": "F000043", "chips": {"25": 40}, "state": "issued"},
                       {"slip": "F000044", "chips": {"25": 40}, "state": "refused"}]
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert out["fills"] == "4000.00"
    assert out["expected_closer_value"] == "14265.00" and out["tray_variance"] == "-2000.00"
    assert out["slip_problems"] == [{"kind": "duplicate", "series": "F", "slip": "F000041"}]


def test_a_voided_round_moves_nothing_whatever_it_says() -> None:
    record = example()
    record["rounds"][1].update(collected="1000", paid="5")
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert out["computed_win"] == "65.00" and out["win_variance"] == "0.00"
    record["rounds"][1]["voided"] = False
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert out["computed_win"] == "1060.00" and out["tray_variance"] == "-995.00"


def test_markers_and_cash_both_go_to_the_drop() -> None:
    record = example()
    record["buy_ins"].append({"seat": 5, "kind": "marker", "amount": "1000"})
    record["buy_ins"].append({"seat": 1, "kind": "cash", "amount": "20.50", "player": None})
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert out["recorded_drop"] == "1520.50"
    assert out["drop_variance"] == "-1020.50" and out["tray_variance"] == "1020.50"
    assert out["win_variance"] == "0.00" and out["win_class"] == "ok"  # the chips are still in the tray


def test_currency_minor_units() -> None:
    record = example()
    record["currency"] = "JPY"
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert (out["opener_value"], out["tray_variance"]) == ("12700", "0")
    record["currency"] = "KWD"
    record["rounds"][0]["paid"] = "59.995"  # finer than the cent, exact in KWD
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert (out["computed_win"], out["tray_variance"]) == ("65.005", "-0.005")
    record["currency"] = "EUR"  # a figure finer than the currency's unit is shown as it is, never rounded
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert (out["computed_win"], out["tray_variance"], out["tray_class"]) == ("65.005", "-0.005", "note")


def test_chip_set_from_the_option_or_the_record() -> None:
    assert answers(run_bank(str(EXAMPLE), "--chips", "1,5,25,100,500")) == [WORKED]
    assert_refused(run_bank(str(EXAMPLE), "--chips", "1,5,25,100"),
                   "opener['500']: unknown denomination '500': not in the table's chip set (1, 5, 25, 100)")
    record = example()
    record["denominations"] = ["1", "5", "25", "100", "500", "1000"]
    assert answers(run_bank("-", "--chips", "5", stdin=json.dumps(record))) == [WORKED]  # the record's own wins
    record["fills"][1]["chips"] = {"5000": 1}
    assert_refused(run_bank("-", stdin=json.dumps(record)), "fills[1].chips['5000']: unknown denomination")


def test_zero_counts_are_no_chips_and_equal_denominations_are_one() -> None:
    record = example()
    record["opener"]["1000"] = 0
    record["closer"] = {"1": 200, "5.00": 213, "25": 80, "100": 60, "500": 6}
    [out] = answers(run_bank("-", stdin=json.dumps(record)))
    assert out == WORKED
    record["closer"]["5"] = 1
    assert_refused(run_bank("-", stdin=json.dumps(record)), "closer['5']: denomination 5 is given twice")


def test_readme_line_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    line = next(line for line in readme.splitlines() if "dealer-station bank " in line)
    args = line.split("#")[0].split()[1:]
    assert args == ["bank", "examples/bank-shift.json"]
    assert answers(run_bank(*args[1:])) == [WORKED]


@pytest.mark.parametrize("option, needle", [
    ("abc", "--chips[0]: unknown denomination 'abc'"),
    ("", "--chips: must be a non-empty list of denominations"),
    ("5,5", "--chips[1]: denomination 5 is listed twice"),
    ("0", "--chips[0]: unknown denomination '0'"),
])
def test_a_bad_chips_option_is_one_line(option: str, needle: str) -> None:
    assert_refused(run_bank(str(EXAMPLE), "--chips", option), needle)
