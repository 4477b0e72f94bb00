"""The thb-default profile, its refusals, and ``dealer-station settle`` on THB records."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal

import pytest

from dealer_station.errors import ConfigError
from dealer_station.evaluator import Category
from dealer_station.games.thb import BONUS_ROWS, table_options
from dealer_station.profile_loader import load_profile
from tests import cli as station_cli
from tests.thb._records import CONFIG, ROOT

DEFAULT_TEXT = (CONFIG / "thb-default.toml").read_text()
EXAMPLE = ROOT / "examples" / "thb-round.json"
SPEC = ROOT / "docs" / "round-record.md"  # the project's own description of the format


def test_default_profile_values():
    table = load_profile("thb-default")
    assert table.game == "holdem_bonus" and table.seats == 6 and table.min_chip == 1
    assert table.limits["ante"].min == 5 and table.limits["ante"].max == 500
    # The seed's Bonus table (GAMES.md §3): every row but the optional "any pair 2-10", which stays a row
    # a profile may add (commented in the profile).
    assert tuple(table.paytables["bonus"]) == tuple(row for row in BONUS_ROWS if row != "pair_2_10")
    assert table.paytables["bonus"]["aa_vs_dealer_aa"] == 1000 and "pair_2_10" not in table.paytables["bonus"]
    assert table.paytable("pool") == {Category.ROYAL_FLUSH: 100, Category.STRAIGHT_FLUSH: 50, Category.FOUR_OF_A_KIND: 40,
                                      Category.FULL_HOUSE: 30, Category.FLUSH: 20, Category.STRAIGHT: 10}
    options = table_options(table)
    assert options.pool_stake == 1 and options.allow_spot_takeover is True
    assert (options.jackpot.rate, options.jackpot.reset, options.jackpot.cap, options.jackpot.verify_at) == (
        Decimal("0.25"), Decimal("500.00"), Decimal("750.00"), Decimal("250.00"))


BAD_PROFILES = [
    ("no-pool-stake", lambda t: t.replace('pool_stake = "1"', ""), "options.pool_stake: missing required key"),
    ("float-rate", lambda t: t.replace('\nrate = "0.25"', "\nrate = 0.25", 1),
     'options.jackpot.rate: must be a decimal string such as "0.25"'),
    ("misspelt-option", lambda t: t.replace("allow_spot_takeover", "allow_takeover"), "options.allow_takeover: unknown key"),
    ("cap-below-reset", lambda t: t.replace('cap = "750.00"', 'cap = "100"'), "options.jackpot: cap 100 is below reset 500"),
    ("no-jackpot", lambda t: t[:t.index("[options.jackpot]")] + t[t.index("[devices]"):], "options.jackpot: missing required key"),
    ("seven-seats", lambda t: t.replace("seats = 6", "seats = 7"), "seats: holdem_bonus seats 1 to 6 players, not 7"),
    ("unknown-bonus-row", lambda t: t.replace('ak_offsuit = "15"', 'ako = "15"'), "paytables.bonus.ako: unknown Bonus row 'ako'"),
    ("pool-percent-101", lambda t: t.replace('royal_flush = "100"', 'royal_flush = "101"'),
     "paytables.pool.royal_flush: a Pool row is a percentage of the meter"),
    ("pool-row-not-a-category", lambda t: t.replace('straight = "10"', 'wheel = "10"'),
     "paytables.pool.wheel: unknown hand category 'wheel'"),
    ("missing-pool-table", lambda t: t.replace("[paytables.pool]", "[paytables.jackpot]"), "paytables.jackpot: unknown key"),
    ("bonus-limit", lambda t: t.replace("[limits.ante]", '[limits.bonus]\nmin = "1"\nmax = "2"\n\n[limits.ante]'),
     "limits.bonus: unknown key (expected: ante)"),
]


@pytest.mark.parametrize("edit,message", [b[1:] for b in BAD_PROFILES], ids=[b[0] for b in BAD_PROFILES])
def test_bad_profile_refused_naming_the_key(tmp_path, edit, message):
    text = edit(DEFAULT_TEXT)
    assert text != DEFAULT_TEXT
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_profile(str(path))
    line = str(info.value)
    assert line.startswith(f"{path}: ") and message in line and "\n" not in line


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", "settle", *args],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)


def test_cli_settles_the_example_with_the_default_profile():
    proc = run(str(EXAMPLE))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["jackpot"] == {"meter_before": "25000.00", "contributions": "0.25",
                              "awards": [{"seat": 2, "category": "flush", "amount": "5000.05"}],
                              "seeded": "0", "meter_after": "20000.20"}
    assert [s["net"] for s in out["seats"]] == ["-10", "5299.05"]


def test_example_file_is_the_spec_example():
    text = SPEC.read_text()
    section = text[text.index("## Texas Hold'em Bonus"):]
    block = section[section.index("```json") + len("```json"):]
    assert json.loads(block[:block.index("```")]) == json.loads(EXAMPLE.read_text())


def test_cli_json_lines_and_refusal():
    rec = json.loads(EXAMPLE.read_text())
    second = json.loads(EXAMPLE.read_text())
    second["seats"][0]["actions"] = ["flop", "check", "river"]
    proc = run("-", stdin=json.dumps(rec) + "\n" + json.dumps(second) + "\n")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        "dealer-station settle: error: line 2: seats[0].actions[2]: 'river' without a Turn bet: declining the Turn bet gives up the River bet"]
    del rec["jackpot"]
    proc = run("-", stdin=json.dumps(rec))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == "dealer-station settle: error: jackpot: missing: seats[0] has a Pool stake, so the record needs the meter"
