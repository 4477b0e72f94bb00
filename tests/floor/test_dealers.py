"""Who dealt each round (migration 0014, facts.py's twin): the reports per dealer, from the floor and a journal file."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.figures.facts import Facts, derive
from dealer_station.floor.migrate import migrate
from dealer_station.floor.report import NO_DEALER
from dealer_station.journal import Journal
from dealer_station.play.simulate import SIM_DEALER, simulate
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.table.event_base import decode
from dealer_station.table.folds import evolve
from dealer_station.table.state import TableState
from tests.floor.conftest import Floor
from tests.floor.test_ingest import forward
from tests.floor.test_measures import _figures
from tests.floor.test_report import assert_floor_equals_facts, cli, journal_facts
from tests.pg import PostgresServer

SHIFTS: dict[int, tuple[str, ...]] = {1: ("out",), 2: ("in", "Ana"), 4: ("in", "Ben")}
"""After round N, what the croupier does: round 1 is dealt by the simulation's own dealer, round 2 by nobody,
3-4 by Ana, 5-6 by Ben (who signs in over her: a sign-in replaces whoever dealt)."""
EXPECTED = {SIM_DEALER: 1, NO_DEALER: 1, "Ana": 2, "Ben": 2}


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six UTH rounds by four dealers (one of them nobody), signed in and out between rounds at the screen."""
    path = tmp_path_factory.mktemp("dealt") / "D1.sqlite"
    played = 0

    def between(station: Station) -> None:
        nonlocal played
        played += 1
        session = station.session
        assert session is not None
        match SHIFTS.get(played):
            case ("out",):
                session.execute("dealer_sign_out")
            case ("in", name):
                session.execute("dealer_sign_in", name)

    table = load_profile("uth-default").model_copy(update={"table_id": "D1"})
    simulate(table, rounds=6, seed=3, seats=3, journal=path, progress=None, on_round=between)
    return path


def station_dealers(path: Path) -> dict[str, str | None]:
    """Each round's dealer by the station's own fold (table/state.py): who was signed in when it opened."""
    found: dict[str, str | None] = {}
    state = TableState("D1")
    with Journal.open_readonly(path) as journal:
        for record in journal.events():
            evolve(state, decode(record.kind, record.payload), record.at, record.seq)
            if record.kind == "round_opened" and state.round is not None:
                found[state.round.round_id] = state.dealer
    return found


def per_dealer(facts: Facts, dealers: dict[str, str | None]) -> dict[str, tuple[int, Decimal, Decimal]]:
    """Rounds paid, handle and win per dealer, summed from the rounds' own facts."""
    sums: dict[str, tuple[int, Decimal, Decimal]] = {}
    for rnd in facts.rounds.values():
        if rnd.outcome == "paid":
            name = dealers[rnd.round_id] or NO_DEALER
            n, handle, win = sums.get(name, (0, Decimal(0), Decimal(0)))
            sums[name] = (n + 1, handle + rnd.handle, win + rnd.win)
    return sums


def report(source: tuple[str, ...], by: str, fmt: str, cache: Path) -> str:
    done = cli("report", *source, "--format", fmt, "--by", by, "--from", "2000-01-01", "--par-rounds", "2000",
               "--quiet", cache=cache)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_report_by_dealer_is_what_each_dealt_from_the_floor_and_the_journal(
        floor: Floor, dealt: Path, tmp_path: Path) -> None:
    forward(dealt, floor.station_url, table_id="D1")
    facts = journal_facts(dealt)
    assert_floor_equals_facts(floor.owner_url, facts)  # rounds.dealer included, round for round
    dealers = station_dealers(dealt)
    assert Counter(d or NO_DEALER for d in dealers.values()) == EXPECTED
    assert {r.round_id: r.dealer for r in facts.rounds.values()} == dealers
    expected = per_dealer(facts, dealers)
    assert {k: v[0] for k, v in expected.items()} == EXPECTED  # every round paid: the counts are the schedule's
    floor_src, file_src = ("--floor", floor.report_url), ("--journal", str(dealt))
    for by in ("dealer", "dealer,shift", "table,dealer"):
        docs = [json.loads(report(src, by, "json", tmp_path)) for src in (floor_src, file_src)]
        assert docs[0]["rows"] == docs[1]["rows"] and docs[0]["totals"] == docs[1]["totals"]
        got: dict[str, tuple[int, Decimal, Decimal]] = {}
        for row in docs[0]["rows"]:
            n, handle, win = got.get(row["dealer"], (0, Decimal(0), Decimal(0)))
            got[row["dealer"]] = (n + row["rounds"], handle + Decimal(row["handle"]), win + Decimal(row["win"]))
        assert got == expected, by
    assert {r["dealer"] for r in json.loads(report(floor_src, "table", "json", tmp_path))["rows"]} == {"all"}
    table = list(csv.reader(io.StringIO(report(floor_src, "dealer", "csv", tmp_path))))
    assert table[0][-1] == "dealer" and sorted(r[-1] for r in table[1:]) == sorted(EXPECTED)
    text = report(file_src, "dealer", "table", tmp_path)
    assert all(name in text for name in EXPECTED) and "dealer" in text.splitlines()[0]
    page = report(floor_src, "dealer", "html", tmp_path)
    assert f"<td class=''>{NO_DEALER}</td>" in page and "<td class=''>Ana</td>" in page


def _journal(path: Path, steps: list[tuple[str, Any]]) -> None:
    """A short journal of sign-ins, restarts and bare rounds (``("round", n)``: opened and paid)."""
    with Journal(path, table_id="P1") as j:
        for kind, arg in steps:
            if kind == "round":
                rid = f"P1-{arg:06d}"
                j.append("round_opened", {"round_id": rid, "number": arg}, actor="croupier", round_id=rid)
                j.append("round_paid", {"house_net": "1", "handle": "10"}, actor="station", round_id=rid)
            elif kind == "station_started":
                j.append("station_started", {"program": {}}, actor="station")
            else:
                j.append(kind, {"dealer": arg}, actor="croupier")


def test_only_the_dealer_signed_in_signs_out_and_a_restart_forgets_who_dealt(floor: Floor, tmp_path: Path) -> None:
    """The station's rule, on the floor and in facts.py: another's sign-out leaves the dealer dealing."""
    path = tmp_path / "P1.sqlite"
    _journal(path, [("round", 1), ("dealer_signed_in", "Ana"), ("round", 2), ("dealer_signed_out", "Zed"),
                    ("round", 3), ("station_started", None), ("round", 4), ("dealer_signed_in", "Ben"), ("round", 5),
                    ("dealer_signed_out", "Ben"), ("round", 6), ("dealer_signed_in", "Ana"), ("round", 7)])
    forward(path, floor.station_url, table_id="P1")
    expected = [None, "Ana", "Ana", None, "Ben", None, "Ana"]
    assert [r.dealer for r in sorted(journal_facts(path).rounds.values(), key=lambda r: r.number or 0)] == expected
    with psycopg.connect(floor.report_url) as conn:
        assert [r[0] for r in conn.execute("SELECT dealer FROM floor.rounds ORDER BY number")] == expected
        assert conn.execute("SELECT count(*) FROM floor.derive_errors").fetchone() == (0,)


def _rounds(url: str) -> list[dict[str, Any]]:
    with psycopg.connect(url) as conn:
        cur = conn.execute("SELECT * FROM floor.rounds ORDER BY table_id, round_id")
        names = [c.name for c in cur.description or []]
        return [dict(zip(names, row, strict=True)) for row in cur]


def by_spot(figures: dict[str, Any]) -> dict[str, Any]:
    """The figures with the stake sums added up over the dealers (0014 reads them per dealer)."""
    stakes: dict[tuple[Any, ...], list[Decimal]] = {}
    for *key, total, squares, total_squared in figures["stakes"]:
        sums = stakes.setdefault(tuple(key), [Decimal(0)] * 3)
        for i, value in enumerate((total, squares, total_squared)):
            sums[i] += value
    return {**figures, "stakes": stakes}


def test_a_floor_filled_at_0013_gets_its_dealers_back_and_every_figure_as_before(
        pg_server: PostgresServer, dealt: Path, played_journal: Path) -> None:
    url = pg_server.create_database("floor_at_v13_dealers")
    migrate(url, up_to=13)
    forward(dealt, url, table_id="D1")
    forward(played_journal, url, table_id="T1")
    before, figures = _rounds(url), _figures(url)
    assert migrate(url)[0] == "0014_round_dealer"
    after = _rounds(url)
    assert [{k: v for k, v in r.items() if k != "dealer"} for r in after] == before  # every fact as it was
    assert by_spot(_figures(url)) == by_spot(figures)
    dealers = station_dealers(dealt)
    assert {r["round_id"]: r["dealer"] for r in after if r["table_id"] == "D1"} == dealers
    assert {r["dealer"] for r in after if r["table_id"] == "T1"} == {SIM_DEALER}
    with Journal.open_readonly(played_journal) as journal:
        facts = derive(journal.events(), journal_facts(dealt))
    assert_floor_equals_facts(url, facts)  # the same as a floor fed after the migration
