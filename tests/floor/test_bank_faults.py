"""``simulate`` plays whole shifts at tables forwarding to a floor, with the table bank's faults: each is caught
by the station's or the floor's own check, as many times as it was injected, and nothing else fires; with no
fault the three wins agree to the cent. The figures are checked here against the floor's raw rows, in SQL
(opener against previous closer, drop against buy-ins, the slip series), not through the product's figures.

The slip series' no gap / no repeat across a floor failover is ``test_slips.py::
test_the_series_continues_across_a_failover_with_no_gap_and_no_repeat``."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests import cli as station_cli
from tests.floor.conftest import Floor

KINDS = ("short_fill", "unslipped_fill", "tray_skim", "missing_credit", "drop_short", "opener_mismatch")


def simulate(floor: Floor, folder: Path, *args: str) -> dict[str, Any]:
    folder.mkdir()
    done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--seats", "2",
                            "--shift-rounds", "8", "--floor", floor.station_url, "--back-office", floor.owner_url,
                            "--journal-dir", str(folder), "--json", *args], capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    bank: dict[str, Any] = json.loads(done.stdout)["bank"]
    return bank


def _series_whole(conn: psycopg.Connection[Any]) -> None:
    """Each kind's slip numbers are 1..n: no gap, no repeat (F000001..., C000001...)."""
    for kind, numbers, names in conn.execute(
            "SELECT kind, array_agg(number ORDER BY number), array_agg(slip ORDER BY number) FROM floor.slips "
            "GROUP BY kind"):
        assert numbers == list(range(1, len(numbers) + 1))
        assert names == [f"{'F' if kind == 'fill' else 'C'}{n:06d}" for n in numbers]


@pytest.mark.slow
def test_every_bank_fault_is_caught_as_often_as_it_is_injected(floor: Floor, tmp_path: Path) -> None:
    rates = ",".join(f"{kind}:0.2" for kind in KINDS)
    bank = simulate(floor, tmp_path / "faults", "--rounds", "24", "--faults", rates)
    for kind in KINDS:
        assert bank[kind]["caught"] == bank[kind]["injected"] > 0, (kind, bank[kind])
    assert bank["false_alarms"] == 0
    shifts = bank["shifts"]
    assert len(shifts) == 6  # two tables, three shifts of 8 rounds each
    with psycopg.connect(floor.owner_url) as conn:
        _series_whole(conn)
        # independent of the product's figures: the floor's rows as the count and the openers left them
        mismatched = conn.execute("SELECT count(*) FROM floor.table_shifts WHERE previous_closer IS NOT NULL "
                                  "AND opener <> previous_closer").fetchone()
        short = conn.execute(
            """SELECT count(*) FROM floor.table_shifts t
               WHERE (SELECT sum(amount) FROM floor.drops d WHERE d.table_id = t.table_id AND d.shift = t.shift)
                     < (SELECT coalesce(sum(amount), 0) FROM floor.buy_ins b
                        WHERE b.table_id = t.table_id AND b.shift = t.shift)""").fetchone()
        unconfirmed = conn.execute("SELECT count(*) FROM floor.slips WHERE kind = 'credit' AND handed_at IS NOT NULL "
                                   "AND state = 'issued'").fetchone()
        refused = conn.execute("SELECT count(*) FROM floor.slips WHERE kind = 'fill' AND state = 'refused'").fetchone()
    assert mismatched == (bank["opener_mismatch"]["injected"],)
    assert short == (bank["drop_short"]["injected"],)
    assert unconfirmed == (bank["missing_credit"]["injected"],)
    assert refused == (bank["short_fill"]["injected"],)
    for s in shifts:  # the three wins, as PIT.md writes them, in exact fractions
        assert Fraction(s["win_variance"]) == Fraction(s["accounting_win"]) - Fraction(s["computed_win"])
        assert Fraction(s["accounting_win"]) == (Fraction(s["drop"]) + Fraction(s["closer_value"])
                                                 - Fraction(s["opener_value"]) + Fraction(s["credits"])
                                                 - Fraction(s["fills"]))
        assert Fraction(s["win_variance"]) == Fraction(s["tray_variance"]) + Fraction(s["drop_variance"])
    assert any(s["win_class"] != "ok" for s in shifts)


@pytest.mark.slow
def test_with_no_fault_every_shift_balances_on_the_floor(floor: Floor, tmp_path: Path) -> None:
    bank = simulate(floor, tmp_path / "clean", "--rounds", "16")
    assert bank["false_alarms"] == 0 and all(bank[kind] == {"injected": 0, "caught": 0} for kind in KINDS)
    assert len(bank["shifts"]) == 4
    for s in bank["shifts"]:
        assert s["win_variance"] == s["tray_variance"] == s["drop_variance"] == "0.00" and s["win_class"] == "ok"
        assert s["accounting_win"] == s["computed_win"]
        # an imprest tray: brought back to its par (12,620) at the close, within a slip's unit of 100
        assert abs(Fraction(s["closer_value"]) - 12620) < 100
    with psycopg.connect(floor.owner_url) as conn:
        _series_whole(conn)
        # the floor's drops are the buy-ins, shift by shift, and every credit handed over was confirmed
        assert conn.execute(
            """SELECT count(*) FROM floor.table_shifts t
               WHERE (SELECT sum(amount) FROM floor.drops d WHERE d.table_id = t.table_id AND d.shift = t.shift)
                     IS DISTINCT FROM (SELECT coalesce(sum(amount), 0) FROM floor.buy_ins b
                                       WHERE b.table_id = t.table_id AND b.shift = t.shift)""").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM floor.slips WHERE kind = 'credit' AND state <> 'received'"
                            ).fetchone() == (0,)
        fills = conn.execute("SELECT count(*) FROM floor.slips WHERE kind = 'fill' AND state = 'received'").fetchone()
    assert fills is not None and fills[0] > 0  # the imprest trays asked the cage for chips


def test_a_login_that_may_not_act_as_the_cage_and_the_count_is_refused_before_any_round(floor: Floor,
                                                                                        tmp_path: Path) -> None:
    for extra in ([], ["--back-office", floor.station_url]):
        folder = tmp_path / f"refused{len(extra)}"
        folder.mkdir()
        done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--rounds", "3",
                                "--faults", "drop_short:0.5", "--floor", floor.station_url, "--journal-dir",
                                str(folder), *extra], capture_output=True, timeout=120)
        assert done.returncode == 2 and "may not act as the cage and the count team" in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and not list(folder.iterdir())
