"""The floor's cash compliance (migration 0020) against the one definition of the rules
(``players/compliance.ComplianceLedger``): thousands of random buy-ins, forwarded by the stations'
forwarder from real journals, and cash-outs entered by the cage, under each jurisdiction; the floor's
gaming day against ``shifts.gaming_day`` across clock changes; the exclusion list, journaled."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import pytest

from dealer_station.cli import main
from dealer_station.floor.compliance import answer, findings, profile, set_profile, unread_buy_ins
from dealer_station.floor.exclusions import exclude, fetch_exclusions, listings, unexclude
from dealer_station.floor.migrate import migrate
from dealer_station.players.cash import CashTransaction
from dealer_station.players.compliance import JURISDICTIONS, ComplianceLedger
from dealer_station.shifts import gaming_day
from tests.floor.cash_floor import PLAYERS, forward, random_amount, random_buy_ins, write_journal
from tests.floor.conftest import Floor, new_floor
from tests.pg import PostgresServer

TABLES = ["T1", "T2", "T3", "T4"]


@pytest.fixture(scope="module")
def cash_floor(pg_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory) -> tuple[Floor, list[CashTransaction]]:
    """A floor of four tables holding 1,800 random buy-ins (forwarded) and 200 cage cash-outs, over four
    days around the autumn clock change in New York; and every cash transaction, in the floor's order."""
    floor = new_floor(pg_server)
    work = tmp_path_factory.mktemp("cash-floor")
    rng = random.Random(41)
    start = datetime(2026, 10, 30, 12, tzinfo=UTC)
    buy_ins = random_buy_ins(rng, TABLES, 1800, start, 4)
    for table in TABLES:
        events = [(b.at, "buy_in", b.payload()) for b in buy_ins if b.table_id == table]
        forward(write_journal(work / f"{table}.sqlite", table, events), floor.station_url, table)
    outs = []
    with psycopg.connect(floor.owner_url) as conn:
        for i in range(200):
            at = (buy_ins[i].at if i % 10 == 0 else start + timedelta(seconds=rng.randrange(4 * 86400))).astimezone(UTC)
            player = None if rng.random() < 0.1 else rng.choice(PLAYERS)
            tx = CashTransaction(at, rng.choice(TABLES), rng.randint(1, 7), player, "cash_out",
                                 Decimal(random_amount(rng)), recorded_by="cage-ann",
                                 description="man, 40s, red tie" if player is None else None)
            conn.execute("INSERT INTO floor.cash_outs (at, table_id, seat, player, description, amount, recorded_by, "
                         "by_role) VALUES (%s, %s, %s, %s, %s, %s, %s, 'compliance')",
                         (tx.at, tx.table_id, tx.seat, tx.player, tx.description, tx.amount, tx.recorded_by))
            outs.append(tx)
    # The floor's order: time, then the stations' records (a table's journal order, tables by id), then the cage's
    ins = [(b.at, 0, b.table_id, i, tx) for i, b in enumerate(buy_ins) if (tx := b.cash()) is not None]
    ins.sort(key=lambda k: (k[0], k[1], k[2], k[3]))  # a journal keeps a table's ties in the order appended
    cage = [(o.at, 1, "", i, o) for i, o in enumerate(outs)]
    ordered = [k[-1] for k in sorted(ins + cage, key=lambda k: (k[0], k[1], k[2], k[3]))]
    return floor, ordered


def _instants(value: Any) -> Any:
    """An answer with its times as instants (the floor writes UTC; a record keeps the offset it was given)."""
    if isinstance(value, dict):
        return {k: (datetime.fromisoformat(v) if k in ("at", "window_from") else _instants(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_instants(v) for v in value]
    return value


@pytest.mark.parametrize(("name", "tz", "start"), [
    ("us", None, None),
    ("us", "America/New_York", time(1, 30)),  # a start the autumn clock change passes twice
    ("uk", None, None),
    ("macau", None, None),
])
def test_the_floor_raises_what_the_ledger_raises(cash_floor: tuple[Floor, list[CashTransaction]], name: str,
                                                 tz: str | None, start: time | None) -> None:
    floor, transactions = cash_floor
    jurisdiction = JURISDICTIONS[name]
    ledger = ComplianceLedger(jurisdiction, ZoneInfo(tz) if tz else None, start)
    for tx in transactions:
        ledger.record(tx)
    expected = ledger.answer()
    with psycopg.connect(floor.owner_url) as conn:
        set_profile(conn, jurisdiction, tz, start)
        assert profile(conn).jurisdiction.keys == jurisdiction.keys
        found = findings(conn)
    got = answer(found, jurisdiction)
    assert {k: len(v) for k, v in got.items()} == {k: len(v) for k, v in expected.items()}
    assert _instants(got) == _instants(expected)
    assert sum(len(v) for v in expected.values()) > 20  # the thresholds were crossed, many times
    if name == "us":  # the pit reads whole gaming days from a day on: the same findings as over the whole floor
        days = sorted({line["gaming_day"] for line in expected["mtl"]})
        with psycopg.connect(floor.owner_url) as conn:
            recent = answer(findings(conn, since=date.fromisoformat(days[2])), jurisdiction)
        assert _instants(recent) == _instants({k: [f for f in v if f["gaming_day"] >= days[2]]
                                               for k, v in expected.items()})
        assert 0 < len(recent["mtl"]) < len(expected["mtl"])


def test_the_floor_tells_the_gaming_day_as_the_station_does(cash_floor: tuple[Floor, list[CashTransaction]]) -> None:
    """Random instants near the day's start and the clock changes, in zones that change and one that does not."""
    rng = random.Random(7)
    cases = []
    for _ in range(3000):
        tz = rng.choice(["America/New_York", "Europe/London", "Asia/Macau", "Australia/Lord_Howe", "UTC"])
        start = rng.choice([time(6), time(1, 30), time(2, 30), time(0), time(23, 59), time(1, 0), time(2, 0)])
        base = rng.choice([datetime(2026, 3, 8, tzinfo=UTC), datetime(2026, 11, 1, tzinfo=UTC),
                           datetime(2026, 3, 29, tzinfo=UTC), datetime(2026, 10, 25, tzinfo=UTC),
                           datetime(2026, 4, 5, tzinfo=UTC), datetime(2026, 10, 4, tzinfo=UTC),
                           datetime(2026, 7, 1, tzinfo=UTC)])
        cases.append((base + timedelta(seconds=rng.randrange(-86400, 2 * 86400)), tz, start))
    with psycopg.connect(cash_floor[0].owner_url) as conn:
        got = [r[0] for r in conn.execute(
            "SELECT floor.gaming_day(a, z, s) FROM unnest(%s::timestamptz[], %s::text[], %s::time[]) "
            "WITH ORDINALITY AS c(a, z, s, n) ORDER BY n",
            ([c[0] for c in cases], [c[1] for c in cases], [c[2] for c in cases]))]
    assert got == [gaming_day(at, ZoneInfo(tz), start) for at, tz, start in cases]


def test_the_exclusion_list_is_journaled_and_the_station_reads_it(cash_floor: tuple[Floor, list[CashTransaction]],
                                                                  pg_server: PostgresServer) -> None:
    floor = cash_floor[0]
    with psycopg.connect(floor.report_url) as pit:  # the pit's role, through the functions it is granted
        exclude(pit, "P-7", "self-exclusion form 2026-118", "ann")
        exclude(pit, "P-8", "court order", "ann")
        with pytest.raises(psycopg.errors.UniqueViolation):
            exclude(pit, "P-7", "twice", "ann")
        unexclude(pit, "P-8", "order lifted", "bob")
        with pytest.raises(psycopg.errors.NoDataFound):
            unexclude(pit, "P-8", "again", "bob")
        exclude(pit, "P-8", "listed again", "ann")
        with pytest.raises(psycopg.errors.CheckViolation):
            exclude(pit, "P 7; drop", "not an id", "ann")
        with pytest.raises(psycopg.errors.CheckViolation):
            exclude(pit, "P-9", "  ", "ann")  # a listing gives its reason
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            pit.execute("DELETE FROM floor.exclusions")
    with psycopg.connect(floor.station_url) as station:
        listed = fetch_exclusions(station)
        assert listed.players == {"P-7", "P-8"} and listed.as_of is not None
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            station.execute("SELECT * FROM floor.exclusions")
    with psycopg.connect(floor.owner_url) as owner:
        rows = listings(owner)
        assert [(r.player, r.listed, r.removed_by) for r in rows] == [("P-8", True, None), ("P-7", True, None),
                                                                       ("P-8", False, "bob")]
        for statement in ("DELETE FROM floor.exclusions", "UPDATE floor.exclusions SET reason = 'x'",
                          "UPDATE floor.exclusions SET removed_at = now(), removed_by = 'x', player = lower(player)"):
            with pytest.raises(psycopg.errors.RaiseException), owner.transaction():
                owner.execute(statement)
    logged = pg_server.log.read_text(errors="replace")  # the floor's own log: refusals logged, no player named
    assert "already on the exclusion list" in logged and "P 7; drop" not in logged
    assert not any(p in logged for p in ("P-7", "P-8", "P-9"))


def test_migrations_apply_from_the_previous_version(pg_server: PostgresServer) -> None:
    pg_server.create_database("floor_before_players")
    url = pg_server.url(dbname="floor_before_players")
    migrate(url, up_to=19)
    with psycopg.connect(url) as conn:  # a station journaled buy-ins before the floor knew its players
        for seq, payload in ((1, '{"amount":"3500","kind":"cash","player":"P-1","seat":2,"shift":1}'),
                             (2, '{"amount":"NaN","kind":"cash","player":null,"seat":2,"shift":1}')):
            conn.execute("INSERT INTO floor.events (table_id, seq, at, kind, actor, payload, prev_hash, hash, received_at) "
                         "VALUES ('T1', %s, '2026-12-05T15:00:00.000Z', 'buy_in', 'croupier', %s, '', '', now())",
                         (seq, payload))
    assert migrate(url)[0] == "0020_players"  # (and the later ones)
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT id, amount, player FROM floor.cash_transactions").fetchall() == [
            ("buy_in:T1:1", Decimal(3500), "P-1")]
        assert [(u.table_id, u.seq) for u in unread_buy_ins(conn)] == [("T1", 2)]


def test_the_owner_sets_the_floors_jurisdiction(cash_floor: tuple[Floor, list[CashTransaction]],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    url = cash_floor[0].owner_url
    assert main(["floor", "jurisdiction", "--floor", url, "--jurisdiction", "us", "--tz", "America/Chicago",
                 "--day-starts", "04:00", "--ctr-at", "12000"]) == 0
    for bad in (["--jurisdiction", "uk", "--mtl-at", "3000"], ["--jurisdiction", "us", "--ctr-at", "-5"],
                ["--jurisdiction", "us", "--tz", "Mars/Olympus"], ["--jurisdiction", "us", "--day-starts", "25:00"]):
        capsys.readouterr()
        assert main(["floor", "jurisdiction", "--floor", url, *bad]) == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
    with psycopg.connect(url) as conn:
        held = profile(conn)  # the refused ones changed nothing
    assert (held.jurisdiction.name, held.tz, held.day_start, held.jurisdiction.ctr_at, held.jurisdiction.mtl_at) == \
        ("us", "America/Chicago", time(4), Decimal(12000), Decimal(3000))


HOSTILE_BUY_INS = [  # payloads no table writes
    {"shift": 1, "seat": "3", "kind": "cash", "amount": "3500", "player": "P-1"},
    {"shift": 1, "seat": True, "kind": "cash", "amount": "3500", "player": None},
    {"shift": 1, "seat": 2, "kind": "cash", "amount": "NaN", "player": "P-1"},
    {"shift": 1, "seat": 2, "kind": "cash", "amount": "-5", "player": "P-1"},
    {"shift": 1, "seat": 2, "kind": "cash", "amount": "0", "player": "P-1"},
    {"shift": 1, "seat": 2, "kind": "cash", "amount": "9" * 30, "player": "P-1"},
    {"shift": 1, "seat": 2, "kind": "CASH", "amount": "3500", "player": "P-1"},
    {"shift": 1, "seat": 2, "amount": "3500", "player": "P-1"},
    {"seat": 2, "kind": "cash", "amount": "3500", "player": "P-1"},
    {"shift": 1, "seat": 2, "kind": "cash", "amount": "3500", "player": ""},
    {"shift": 1, "seat": "x", "kind": "chips", "amount": [], "player": {}},
]


def test_hostile_player_records_are_held_and_never_lost(cash_floor: tuple[Floor, list[CashTransaction]],
                                                        tmp_path: Path) -> None:
    """A station's records no table writes: the floor holds them all (the chain is intact); each buy-in is
    either read as the table bank reads it or listed as unread for the compliance role, never dropped
    silently; no hostile card in seats anybody."""
    floor = cash_floor[0]
    at = datetime(2026, 11, 2, 15, tzinfo=UTC)
    events = [(at + timedelta(seconds=i), "buy_in", payload) for i, payload in enumerate(HOSTILE_BUY_INS)]
    events += [(at, "card_in", {"seat": True, "player": "P-1", "source": "card", "reader": None}),
               (at, "card_in", {"seat": 2, "player": "P-1\n", "source": "card", "reader": None}),
               (at, "card_in", {"seat": 2, "player": "P 1; drop", "source": "keyed", "reader": None}),
               (at, "card_out", {"seat": 2, "player": ["P-1"]})]
    forward(write_journal(tmp_path / "X9.sqlite", "X9", events), floor.station_url, "X9")
    with psycopg.connect(floor.report_url) as conn:
        held = conn.execute("SELECT count(*) FROM floor.events WHERE table_id = 'X9'").fetchone()
        buy_in_seqs = {seq for (seq,) in conn.execute(
            "SELECT seq FROM floor.events WHERE table_id = 'X9' AND kind = 'buy_in'")}
        read = {int(i.split(":")[2]) for (i,) in conn.execute(
            "SELECT id FROM floor.cash_transactions WHERE table_id = 'X9'")}
        unread = {u.seq for u in unread_buy_ins(conn) if u.table_id == "X9"}
        seated = conn.execute("SELECT count(*) FROM floor.player_events WHERE table_id = 'X9' AND seat IS NOT NULL "
                              "AND player IS NOT NULL").fetchone()
        sessions = conn.execute("SELECT count(*) FROM floor.player_sessions WHERE table_id = 'X9'").fetchone()
        anonymous = conn.execute("SELECT count(*) FROM floor.cash_transactions WHERE table_id = 'X9' AND player IS NULL"
                                 ).fetchone()
    assert held == (len(events) + 1,) and seated == (0,) and sessions == (0,)
    assert len(buy_in_seqs) == len(HOSTILE_BUY_INS) and read | unread == buy_in_seqs and not read & unread
    assert len(unread) >= 8 and anonymous == (1,)  # "" is no player id: anonymous
