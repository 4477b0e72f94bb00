"""Bad bank records, every field wrong every way: exit 2, one line naming the field, nothing on stdout.

Each row changes PIT.md's example in one place (or feeds a broken file) and says which words the
one error line must hold. The record's fields are reached by path: ``("fills", 0, "state")``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dealer_station.bank import slips

from ._cli import assert_refused, example, run_bank

DELETE = object()
Path_ = tuple[str | int, ...]


def changed(*changes: tuple[Path_, Any]) -> str:
    record: Any = example()
    for path, value in changes:
        target = record
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
    return json.dumps(record)


def count(key: str, value: Any) -> str:
    return changed((("opener", key), value))


ROWS: list[tuple[str, str | bytes, str]] = [
    # ---- denominations
    ("denomination finer than the cent", count("0.001", 1), "opener['0.001']: unknown denomination '0.001'"),
    ("denomination not a number", count("abc", 1), "opener['abc']: unknown denomination"),
    ("denomination negative", count("-5", 1), "opener['-5']: unknown denomination"),
    ("denomination zero", count("0", 1), "opener['0']: unknown denomination '0'"),
    ("denomination 0.00", count("0.00", 1), "opener['0.00']: unknown denomination"),
    ("denomination exponent", count("1e2", 1), "opener['1e2']: unknown denomination"),
    ("denomination fullwidth", count("５", 1), "unknown denomination"),
    ("denomination with a space", count(" 5", 1), "unknown denomination"),
    ("denomination with a plus", count("+5", 1), "unknown denomination"),
    ("denomination empty", count("", 1), "opener['']: unknown denomination"),
    ("denomination NaN", count("NaN", 1), "opener['NaN']: unknown denomination"),
    ("denomination 19 digits", count("1" * 19, 1), "unknown denomination"),
    ("denomination 5 and 5.0", count("5.0", 1), "opener['5.0']: denomination 5 is given twice"),
    ("denomination not in the record's set", changed((("denominations",), ["1", "5", "25", "100"])),
     "opener['500']: unknown denomination '500': not in the table's chip set"),
    ("chip set not a list", changed((("denominations",), "1,5")), "denominations: must be a non-empty list"),
    ("chip set empty", changed((("denominations",), [])), "denominations: must be a non-empty list"),
    ("chip set entry bad", changed((("denominations",), ["1", "x"])), "denominations[1]: unknown denomination"),
    ("chip set finer than JPY", changed((("currency",), "JPY"), (("denominations",), ["0.5"])),
     "denominations[0]: unknown denomination '0.5': finer than the currency's smallest unit (0 decimals)"),
    ("denomination finer than JPY", changed((("currency",), "JPY"), (("closer", "0.5"), 2)),
     "closer['0.5']: unknown denomination"),
    # ---- counts
    ("count negative", count("1", -1), "opener['1']: a number of chips must not be negative"),
    ("count 1.5", count("1", 1.5), "opener['1']: a number of chips is a whole number"),
    ("count 1.0", count("1", 1.0), "opener['1']: a number of chips is a whole number"),
    ("count 1e2", changed().replace('"1": 200', '"1": 1e2', 1),
     "previous_closer['1']: a number of chips is a whole number"),
    ("count huge", count("1", 10**30), "opener['1']: more than 1000000 chips"),
    ("count as text", count("1", "200"), "opener['1']: a number of chips is a whole number such as 40, not the text"),
    ("count null", count("1", None), "opener['1']: a number of chips is a whole number such as 40, not null"),
    ("count true", count("1", True), "opener['1']: a number of chips is a whole number such as 40, not true"),
    ("count a list", count("1", [1]), "opener['1']: a number of chips is a whole number"),
    ("count NaN", changed().replace('"1": 200', '"1": NaN', 1), "malformed JSON: NaN is not an amount"),
    ("count Infinity", changed().replace('"1": 200', '"1": Infinity', 1), "malformed JSON: Infinity"),
    ("opener a list", changed((("opener",), [200, 200])), "opener: must be an object of denomination"),
    ("closer null", changed((("closer",), None)), "closer: must be an object of denomination"),
    ("previous closer text", changed((("previous_closer",), "12700")), "previous_closer: must be an object"),
    ("previous closer a list", changed((("previous_closer",), [])), "previous_closer: must be an object"),
    ("slip chips a number", changed((("fills", 0, "chips"), 2000)), "fills[0].chips: must be an object"),
    ("slip chips negative", changed((("credits", 0, "chips"), {"500": -4})),
     "credits[0].chips['500']: a number of chips must not be negative"),
    ("a value beyond 28 digits", changed((("closer",), {f"99999999999999{n:04d}.99": 999999 for n in range(1000)})),
     "closer: an amount cannot be held exactly in 28 digits"),
    # ---- slips
    ("slip state unknown", changed((("fills", 0, "state"), "lost")), "fills[0].state: unknown slip state: the text 'lost'"),
    ("slip state upper case", changed((("fills", 0, "state"), "RECEIVED")), "fills[0].state: unknown slip state"),
    ("slip state a number", changed((("fills", 0, "state"), 3)), "fills[0].state: unknown slip state"),
    ("slip state missing", changed((("fills", 0, "state"), DELETE)), "fills[0].state: missing required key"),
    ("slip number missing", changed((("fills", 0, "slip"), DELETE)), "fills[0].slip: missing required key"),
    ("slip chips missing", changed((("credits", 0, "chips"), DELETE)), "credits[0].chips: missing required key"),
    ("slip number short", changed((("fills", 0, "slip"), "F41")), "fills[0].slip: a slip number is F and a number"),
    ("slip number of another series", changed((("fills", 0, "slip"), "X000041")), "fills[0].slip"),
    ("credit number in a fill", changed((("fills", 0, "slip"), "C000041")),
     "fills[0].slip: a fill slip's number is in the F series"),
    ("fill number in a credit", changed((("credits", 0, "slip"), "F000017")),
     "credits[0].slip: a credit slip's number is in the C series"),
    ("slip number zero", changed((("fills", 0, "slip"), "F000000")), "fills[0].slip: slip numbers start at F000001"),
    ("slip number padded twice", changed((("fills", 0, "slip"), "F0000041")), "fills[0].slip: write F000041"),
    ("slip number lower case", changed((("fills", 0, "slip"), "f000041")), "fills[0].slip"),
    ("slip number an integer", changed((("fills", 0, "slip"), 41)), "fills[0].slip: a slip number is F"),
    ("slip number with a space", changed((("fills", 0, "slip"), "F 000041")), "fills[0].slip"),
    ("slip unknown key", changed((("fills", 0, "by"), "maria")), "fills[0].by: unknown key"),
    ("slip not an object", changed((("fills", 0), "F000041")), "fills[0]: must be a JSON object"),
    ("fills not a list", changed((("fills",), {"slip": "F000041"})), "fills: must be a list"),
    ("gaps beyond bound", changed((("fills", 1, "slip"), "F999999")),
     "fills: the F slips leave 999957 numbers unused between F000041 and F999999"),
    # ---- rounds
    ("collected not a number", changed((("rounds", 0, "collected"), "abc")),
     "rounds[0].collected: not a decimal amount"),
    ("collected null", changed((("rounds", 0, "collected"), None)), "rounds[0].collected: must be a decimal string"),
    ("collected a list", changed((("rounds", 0, "collected"), ["125"])), "rounds[0].collected"),
    ("collected true", changed((("rounds", 0, "collected"), True)), "rounds[0].collected"),
    ("collected a float", changed((("rounds", 0, "collected"), 125.5)),
     'rounds[0].collected: write the amount as a string ("125.5"'),
    ("collected an exponent", changed().replace('"collected": "125"', '"collected": 1.25e2'),
     "rounds[0].collected: write the amount as a string"),
    ("collected NaN text", changed((("rounds", 0, "collected"), "NaN")), "rounds[0].collected: not a decimal amount"),
    ("collected Infinity text", changed((("rounds", 0, "collected"), "Infinity")), "rounds[0].collected"),
    ("collected negative", changed((("rounds", 0, "collected"), "-125")),
     "rounds[0].collected: amount must not be negative"),
    ("collected 11 decimals", changed((("rounds", 0, "collected"), "1.00000000001")),
     "rounds[0].collected: more than 10 decimal places"),
    ("collected 19 digits", changed((("rounds", 0, "collected"), "1" * 19)), "rounds[0].collected: amount too large"),
    ("collected 10 MB", changed((("rounds", 0, "collected"), "9" * 10_000_000)), "rounds[0].collected"),
    ("collected Arabic-Indic", changed((("rounds", 0, "collected"), "١٢٥")), "rounds[0].collected: not a decimal"),
    ("paid missing", changed((("rounds", 0, "paid"), DELETE)), "rounds[0].paid: missing required key"),
    ("voided text", changed((("rounds", 1, "voided"), "yes")), "rounds[1].voided: must be true or false"),
    ("voided 1", changed((("rounds", 1, "voided"), 1)), "rounds[1].voided: must be true or false"),
    ("round id missing", changed((("rounds", 0, "round_id"), DELETE)), "rounds[0].round_id: missing required key"),
    ("round id empty", changed((("rounds", 0, "round_id"), "")), "rounds[0].round_id: must be 1-64"),
    ("round id a number", changed((("rounds", 0, "round_id"), 101)), "rounds[0].round_id: must be 1-64"),
    ("round twice", changed((("rounds", 1, "round_id"), "T1-000101")),
     "rounds[1].round_id: round T1-000101 is listed twice"),
    ("round unknown key", changed((("rounds", 0, "win"), "65")), "rounds[0].win: unknown key"),
    ("round not an object", changed((("rounds", 0), ["T1-000101", "125", "60"])), "rounds[0]: must be a JSON object"),
    # ---- buy-ins
    ("seat as text", changed((("buy_ins", 0, "seat"), "3")), "buy_ins[0].seat: a seat is a whole number"),
    ("seat 0", changed((("buy_ins", 0, "seat"), 0)), "buy_ins[0].seat"),
    ("seat 100", changed((("buy_ins", 0, "seat"), 100)), "buy_ins[0].seat"),
    ("seat 3.0", changed((("buy_ins", 0, "seat"), 3.0)), "buy_ins[0].seat"),
    ("kind cheque", changed((("buy_ins", 0, "kind"), "cheque")), 'buy_ins[0].kind: must be "cash" or "marker"'),
    ("kind missing", changed((("buy_ins", 0, "kind"), DELETE)), "buy_ins[0].kind: missing required key"),
    ("amount zero", changed((("buy_ins", 0, "amount"), "0")), "buy_ins[0].amount: a buy-in of 0 is no buy-in"),
    ("amount negative", changed((("buy_ins", 0, "amount"), "-500")), "buy_ins[0].amount: amount must not be negative"),
    ("amount a float", changed((("buy_ins", 0, "amount"), 500.0)), "buy_ins[0].amount: write the amount as a string"),
    ("player a number", changed((("buy_ins", 0, "player"), 1001)), "buy_ins[0].player: a player id is"),
    ("player empty", changed((("buy_ins", 0, "player"), "")), "buy_ins[0].player"),
    ("player with a newline", changed((("buy_ins", 0, "player"), "P-1\n")), "buy_ins[0].player"),
    ("buy-in unknown key", changed((("buy_ins", 0, "table"), "T1")), "buy_ins[0].table: unknown key"),
    ("buy_ins an object", changed((("buy_ins",), {"seat": 3})), "buy_ins: must be a list"),
    # ---- the shift
    ("drop missing", changed((("drop",), DELETE)), "drop: missing required key"),
    ("drop a float", changed((("drop",), 500.5)), "drop: write the amount as a string"),
    ("drop negative", changed((("drop",), "-1")), "drop: amount must not be negative"),
    ("drop empty text", changed((("drop",), "")), "drop: not a decimal amount"),
    ("opener missing", changed((("opener",), DELETE)), "opener: missing required key"),
    ("closer missing", changed((("closer",), DELETE)), "closer: missing required key"),
    ("table id missing", changed((("table_id",), DELETE)), "table_id: missing required key"),
    ("table id with a space", changed((("table_id",), "T 1")), "table_id: must be 1-32 letters"),
    ("table id too long", changed((("table_id",), "T" * 33)), "table_id: must be 1-32 letters"),
    ("shift missing", changed((("shift",), DELETE)), "shift: missing required key"),
    ("shift with a newline", changed((("shift",), "day\nnight")), "shift: must be 1-64 characters"),
    ("shift a number", changed((("shift",), 1)), "shift: must be 1-64 characters"),
    ("currency lower case", changed((("currency",), "eur")), "currency: a currency is an ISO 4217 code"),
    ("currency a number", changed((("currency",), 978)), "currency: a currency is an ISO 4217 code"),
    ("report_at zero", changed((("report_at",), "0")), "report_at: must be above 0"),
    ("report_at negative", changed((("report_at",), "-25")), "report_at: amount must not be negative"),
    ("regulator_at below report_at", changed((("regulator_at",), "20")), "regulator_at: must not be below report_at"),
    ("report_at a float", changed((("report_at",), 25.0)), "report_at: write the amount as a string"),
    ("unknown key", changed((("dropp",), "500")), "dropp: unknown key"),
    ("a key of 10 MB", changed((("x" * 10_000_000,), 1)), "unknown key"),
    ("duplicate key", changed().replace('"drop": "500"', '"drop": "500", "drop": "400"'),
     "malformed JSON: duplicate key 'drop'"),
    ("duplicate key in a count", changed().replace('{"100": 20}', '{"100": 20, "100": 21}'),
     "malformed JSON: duplicate key '100'"),
    ("not an object", "[1, 2]", "must be a JSON object, not list"),
    ("a string", '"bank"', "must be a JSON object, not str"),
    ("null", "null", "must be a JSON object"),
    # ---- the input
    ("empty", "", "no bank record in the input"),
    ("blank lines", "\n  \n\n", "no bank record in the input"),
    ("truncated", changed()[:-10], "line 1: malformed JSON"),
    ("nested deep", "[" * 5000 + "]" * 5000, "nested deeper than 32 levels"),
    ("not UTF-8", b'{"table_id": "T\xff1"}', "cannot read input"),
    ("UTF-16", changed().encode("utf-16"), "cannot read input"),
    ("larger than 16 MiB", b" " * (16 * 1024 * 1024 + 1), "input larger than 16 MiB refused"),
    ("JSON Lines: the bad one's line", changed() + "\n\n" + changed((("drop",), "x")) + "\n" + changed(),
     "line 3: drop: not a decimal amount"),
    ("JSON Lines: a broken line", changed() + "\n{\n", "line 2: malformed JSON"),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("bank-hostile")


@pytest.mark.parametrize("text, needle", [pytest.param(text, needle, id=name) for name, text, needle in ROWS])
def test_refused_in_one_line_naming_the_field(folder: Path, text: str | bytes, needle: str) -> None:
    path = folder / "record.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    assert_refused(run_bank(str(path)), needle)


def test_gaps_are_bounded_over_the_whole_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(slips, "MAX_GAPS", 1000)  # the rule at a smaller bound: 100,000 gaps take a second
    lines = [changed((("fills", 1, "slip"), "F000541")) for _ in range(3)]  # 499 gaps each
    line = assert_refused(run_bank("-", stdin="\n".join(lines)), "line 3: fills: the input's slips leave more than 1000 gaps")
    assert line.startswith("dealer-station bank: error: ")
    assert run_bank("-", stdin="\n".join(lines[:2])).returncode == 0


def test_a_missing_file_and_a_folder(tmp_path: Path) -> None:
    assert_refused(run_bank(str(tmp_path / "none.json")), "none.json: cannot read input")
    assert_refused(run_bank(str(tmp_path)), "cannot read input")
