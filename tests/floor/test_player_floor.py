"""Issue 41 on the floor: a four-table floor whose stations journal players (card in / out, rating terms) and
cash buy-ins crossing the thresholds, forwarded as stations forward; the floor's MTL and CTR dues equal what
`dealer-station compliance` answers for the same transactions, and `report --by player` rates each player's
sessions across the tables (checked against the round records, summed independently with Fractions)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.cli import main
from dealer_station.floor.compliance import answer, findings
from dealer_station.journal import Draft, Journal, utc_now_text
from dealer_station.players.compliance import JURISDICTIONS
from tests.floor.cash_floor import forward
from tests.floor.conftest import Floor, new_floor
from tests.pg import PostgresServer

TABLES = ["T1", "T2", "T3", "T4"]
EDGES = {"ante": "0.02185", "trips": "0.034979"}
COMP_RATE = "0.25"


@pytest.fixture(scope="module")
def player_floor(pg_server: PostgresServer, played_journal: Path,
                 tmp_path_factory: pytest.TempPathFactory) -> tuple[Floor, list[dict[str, Any]], Path]:
    """Four tables replaying the played UTH journal's rounds, each with two carded players (the same players
    move between tables) and cash buy-ins over a gaming day; returns the floor, the cash records, the work dir."""
    floor = new_floor(pg_server)
    work = tmp_path_factory.mktemp("player-floor")
    with Journal.open_readonly(played_journal) as journal:
        rounds = [e for e in journal.events() if e.seq > 1]
    rng = random.Random(4141)
    records: list[dict[str, Any]] = []
    start = datetime(2026, 12, 5, 15, tzinfo=UTC)  # 10:00 in New York: one gaming day
    for n, table in enumerate(TABLES):
        first, second = f"P-{100 + n % 3}", f"P-{200 + n % 2}"  # P-100 plays T1 and T4, P-200 T1 and T3 ...
        at = start + timedelta(minutes=40 * n)
        drafts: list[tuple[datetime, Draft]] = [
            (at, Draft("rating_terms", {"theo": EDGES, "comp_rate": COMP_RATE, "source": "par sheet", "by": "0412"},
                       "supervisor:0412", None)),
            (at, Draft("card_in", {"seat": 1, "player": first, "source": "card", "reader": "seat-1"}, "croupier", None)),
            (at, Draft("card_in", {"seat": 2, "player": second, "source": "keyed", "reader": None}, "croupier", None))]
        for seat, player in ((1, first), (2, second), (3, None)):
            for _ in range(rng.randint(2, 4)):
                amount = rng.choice(["2500", "2900", "3500", "4000", "3000", "6000", "800"])
                drafts.append((at + timedelta(seconds=rng.randrange(1, 30)),
                               Draft("buy_in", {"shift": 1, "seat": seat, "kind": "cash", "amount": amount,
                                                "player": player}, "croupier", None)))
        for i, e in enumerate(rounds):
            drafts.append((at + timedelta(seconds=40 + i), Draft(e.kind, e.payload, e.actor,
                                                                 e.round_id.replace("T1-", f"{table}-") if e.round_id else None)))
        end = at + timedelta(seconds=60 + len(rounds))
        drafts += [(end, Draft("card_out", {"seat": 1, "player": first}, "croupier", None)),
                   (end, Draft("card_out", {"seat": 2, "player": second}, "croupier", None)),
                   (end + timedelta(seconds=1), Draft("buy_in", {"shift": 1, "seat": 4, "kind": "marker",
                                                                 "amount": "20000", "player": first}, "croupier", None))]
        path = work / f"{table}.sqlite"
        with Journal(path, table_id=table, purpose="simulation") as j:
            for moment, draft in sorted(drafts, key=lambda d: d[0]):
                j.append_many([draft], at=utc_now_text(moment))
                if draft.kind == "buy_in" and draft.payload["kind"] == "cash":
                    records.append({"at": utc_now_text(moment), "table_id": table, "seat": draft.payload["seat"],
                                    "player": draft.payload["player"], "kind": "cash_in",
                                    "amount": draft.payload["amount"], "recorded_by": "croupier"})
        forward(path, floor.station_url, table)
    return floor, records, work


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
        want = _expected(work / f"{s['table_id']}.sqlite", s["seat"])
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
