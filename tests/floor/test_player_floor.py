"""Issue 41 on the floor: a four-table floor whose stations journal players (card in / out, rating terms) and
cash buy-ins crossing the thresholds, forwarded as stations forward; the floor's MTL and CTR dues equal what
`dealer-station compliance` answers for the same transactions, and `report --by player` rates each player's
sessions across the tables (checked against the round records, summed independently with Fractions)."""

from __future__ import annotations

import json
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.cli import main
from dealer_station.floor.compliance import answer, file_handled, findings
from dealer_station.journal import Journal
from dealer_station.players.compliance import JURISDICTIONS
from tests.floor.cash_floor import COMP_RATE, EDGES, TABLES
from tests.floor.conftest import Floor


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The command line, in this process (as the shell would run it)."""
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_floors_mtl_and_ctr_dues_are_the_compliance_commands(player_floor: tuple[Floor, list[dict[str, Any]], Path],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    floor, records, work = player_floor
    cash = work / "cash.jsonl"
    cash.write_text("".join(json.dumps(r) + "\n" for r in records))
    code, out, _ = run(capsys, "compliance", str(cash), "--jurisdiction", "us")
    assert code == 0
    command = json.loads(out)
    with psycopg.connect(floor.report_url) as conn:
        got = answer(findings(conn), JURISDICTIONS["us"])
    instants = lambda rows: [{**r, "at": datetime.fromisoformat(r["at"])} for r in rows]  # noqa: E731
    assert instants(got["mtl"]) == instants(command["mtl"]) and len(got["mtl"]) > 5
    assert instants(got["ctr"]) == instants(command["ctr"]) and len(got["ctr"]) >= 2
    assert got["structuring"] == command["structuring"]


def _expected(journal: Path, seat: int) -> dict[str, Any]:
    """A seat's figures from the round records, with Fractions: rounds with a stake, Σ stakes, theo, actual."""
    rounds, wagered, theo, net = 0, Fraction(0), Fraction(0), Fraction(0)
    with Journal.open_readonly(journal) as j:
        voided = {e.round_id for e in j.events() if e.kind == "round_voided"}
        for e in j.events():
            if e.kind != "settled" or e.round_id in voided:
                continue
            hand = [s for s in e.payload["record"]["seats"] if s["seat"] == seat]
            if not hand or not any(Fraction(v) > 0 for v in hand[0]["bets"].values()):
                continue
            rounds += 1
            wagered += sum(Fraction(v) for v in hand[0]["bets"].values())
            theo += sum(Fraction(v) * Fraction(EDGES[k]) for k, v in hand[0]["bets"].items() if k in EDGES)
            net += sum(Fraction(s["net"]) for s in e.payload["settlement"]["seats"] if s["seat"] == seat)
    return {"rounds": rounds, "wagered": wagered, "theo": theo, "actual": -net}


def test_report_by_player_rates_each_session_across_the_tables(player_floor: tuple[Floor, list[dict[str, Any]], Path],
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    floor, _, work = player_floor
    code, out, _ = run(capsys, "report", "--floor", floor.report_url, "--by", "player", "--format", "json", "--quiet")
    assert code == 0
    report = json.loads(out)
    sessions = report["sessions"]
    assert sorted((s["player"], s["table_id"]) for s in sessions) == sorted(
        [(f"P-{100 + n % 3}", t) for n, t in enumerate(TABLES)] + [(f"P-{200 + n % 2}", t) for n, t in enumerate(TABLES)])
    for s in sessions:
        journal = work / f"{s['table_id']}.sqlite"
        want = _expected(journal, s["seat"])
        with Journal.open_readonly(journal) as j:
            assert s["stakes"] == ("sensed" if any(e.kind == "bets_sensed" for e in j.events()) else "keyed")
        assert s["rounds"] == want["rounds"] > 0
        assert Fraction(s["initial_wagered"]) == want["wagered"]
        assert Fraction(s["actual"]) == want["actual"]
        assert abs(Fraction(s["theo"]) - want["theo"]) <= Fraction(1, 200)
        assert abs(Fraction(s["comp"]) - want["theo"] * Fraction(COMP_RATE)) <= Fraction(1, 200)
    p100 = next(p for p in report["players"] if p["player"] == "P-100")
    mine = [s for s in sessions if s["player"] == "P-100"]
    assert p100["sessions"] == 2 and {s["table_id"] for s in mine} == {"T1", "T4"}
    assert Fraction(p100["actual"]) == sum(Fraction(s["actual"]) for s in mine)
    code, text, _ = run(capsys, "report", "--floor", floor.report_url, "--by", "player", "--player", "P-100", "--quiet")
    assert code == 0 and "P-100: 2 session(s)" in text and "P-200" not in text
    code, out, err = run(capsys, "report", "--floor", floor.report_url, "--by", "player", "--player", "P 1;drop")
    assert code == 2 and len(err.strip().splitlines()) == 1 and not out


def test_a_finding_is_filed_as_handled_and_stays_so(player_floor: tuple[Floor, list[dict[str, Any]], Path]) -> None:
    floor = player_floor[0]
    with psycopg.connect(floor.report_url, autocommit=True, options="-c default_transaction_read_only=on") as conn:
        alert = next(f for f in findings(conn) if f.kind == "structuring")  # the pit's role, read-only connection
        assert alert.open
        handled_before = {f.key for f in findings(conn) if not f.open}
        file_handled(conn, alert.key, "SAR filed: three buy-ins just under the MTL", "ann", "compliance")
        handled = {f.key: f for f in findings(conn) if not f.open}
        assert set(handled) == handled_before | {alert.key}
        filed = handled[alert.key].handled
        assert [(h.by_user, h.by_role, h.note) for h in filed] == [("ann", "compliance",
                                                                    "SAR filed: three buy-ins just under the MTL")]
        with pytest.raises(psycopg.errors.CheckViolation):
            file_handled(conn, alert.key, "   ", "ann", "compliance")  # a filing says what was done
    with psycopg.connect(floor.owner_url) as owner, pytest.raises(psycopg.errors.RaiseException):
        owner.execute("DELETE FROM floor.compliance_work")
