"""Pit reports and the round finder: the floor and a journal file give the same numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import asdict
from datetime import datetime, time
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.figures.facts import Facts, derive
from dealer_station.games import get_game
from dealer_station.games.base import SeatHand
from dealer_station.journal import Journal
from dealer_station.money import parse_money
from dealer_station.par import POOL_METER, par_sheet
from dealer_station.recall import finished_round_ids, recall_round
from dealer_station.shifts import shift_of
from dealer_station.table.commands import BANK_COMMANDS, SUPERVISOR_COMMANDS
from tests import cli as station_cli
from tests.floor.conftest import Floor
from tests.floor.corrections import add_corrections
from tests.floor.test_ingest import forward
from tests.pg import PostgresServer


def cli(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {"XDG_CACHE_HOME": str(cache), "PATH": "/usr/bin:/bin"}
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                          timeout=300, env=env)


@pytest.fixture(scope="module")
def par_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("par-cache")


def journal_facts(path: Path) -> Facts:
    with Journal.open_readonly(path) as journal:
        return derive(journal.events())


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return value.normalize()
    if isinstance(value, datetime):
        return value.isoformat(timespec="milliseconds")
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


ROUND_COLUMNS = ("table_id", "round_id", "number", "game", "opened_seq", "record_seq", "ended_seq", "outcome", "handle",
                 "record_handle", "win", "rake", "adjusted", "max_payout", "seats", "void_cause", "voided_by",
                 "supervisor_acted", "jackpot_hit", "paytables", "pool_to_meter", "sensed", "past_posts", "pinches",
                 "overrides", "mispays", "mispaid", "losing_left", "counterfeits", "dealer")


def assert_floor_equals_facts(url: str, facts: Facts) -> list[dict[str, Any]]:
    """Every derived fact the floor holds equals ``facts`` field for field; returns the floor's rounds."""
    cols = ROUND_COLUMNS
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.derive_errors").fetchone() == (0,)
        floor_rounds = [dict(zip(cols, r)) for r in conn.execute(
            f"SELECT {', '.join(cols)} FROM floor.rounds ORDER BY table_id, opened_seq")]
        stakes = {r[0]: {k: (Decimal(str(v[0])), Decimal(str(v[1]))) for k, v in r[1].items()}
                  for r in conn.execute("SELECT round_id, stakes FROM floor.rounds")}
        faults = [tuple(r) for r in conn.execute(
            "SELECT table_id, seq, round_id, source, device, code, text FROM floor.faults ORDER BY table_id, seq")]
        supervisor = [tuple(r) for r in conn.execute(
            "SELECT table_id, seq, round_id, badge, ok, action, reason, detail FROM floor.supervisor_actions "
            "ORDER BY table_id, seq")]
        jackpot = [tuple(r) for r in conn.execute(
            "SELECT table_id, seq, round_id, kind, seat, category, amount FROM floor.jackpot_events "
            "ORDER BY table_id, seq")]
    mine = sorted(facts.rounds.values(), key=lambda r: (r.table_id, r.opened_seq or 0))
    assert len(mine) == len(floor_rounds)
    for ours, theirs in zip(mine, floor_rounds):
        expected = {k: _plain(v) for k, v in asdict(ours).items() if k in cols}
        assert {k: _plain(v) for k, v in theirs.items()} == expected
        assert stakes[ours.round_id] == ours.stakes
    assert faults == sorted((f.table_id, f.seq, f.round_id, f.source, f.device, f.code, f.text) for f in facts.faults)
    assert supervisor == sorted((a.table_id, a.seq, a.round_id, a.badge, a.ok, a.action, a.reason, a.detail)
                                for a in facts.supervisor_actions)
    assert jackpot == sorted((j.table_id, j.seq, j.round_id, j.kind, j.seat, j.category, j.amount)
                             for j in facts.jackpot_events)
    return floor_rounds


def test_floor_trigger_and_journal_facts_agree_field_for_field(floor: Floor, journal_copy: Path) -> None:
    expected = add_corrections(journal_copy)
    forward(journal_copy, floor.station_url)
    facts = journal_facts(journal_copy)
    floor_rounds = assert_floor_equals_facts(floor.report_url, facts)
    assert len(floor_rounds) == 8 + 3  # the played rounds, a corrected copy and two poker hands
    by_id = {r["round_id"]: r for r in floor_rounds}
    for rid, house_net in expected.house_net.items():  # the win moves by minus the adjustments, paid before or after
        adjusted = expected.adjusted.get(rid, Decimal(0))
        assert (by_id[rid]["win"], by_id[rid]["adjusted"], by_id[rid]["rake"]) == (
            house_net - adjusted, adjusted, expected.rake[rid])
        assert by_id[rid]["supervisor_acted"] == (rid in expected.adjusted)
    supervisor = facts.supervisor_actions
    commands = {**SUPERVISOR_COMMANDS, **BANK_COMMANDS}
    asked = [a for a in supervisor if a.action not in commands or commands[a.action].asks_reason]
    assert asked and all(a.reason for a in asked)  # every granted action that asks a reason carries it
    adjustments = [(a.badge, a.detail, a.reason) for a in supervisor if a.action == "adjust"]
    assert adjustments == [expected.details[0], expected.details[1], expected.details[2]]
    assert [a.seq for a in supervisor if a.badge == "0412"] == sorted(  # the authorisation's own row, not a new one
        a.seq for a in supervisor if a.action == "adjust" and a.badge == "0412")
    assert [j.amount for j in facts.jackpot_events] == [Decimal("0.30"), Decimal("0.30")]
    assert {r.outcome for r in facts.rounds.values()} == {"paid", "voided"}


def test_report_numbers_are_the_recalled_rounds_and_the_same_from_floor_and_journal(
        floor: Floor, journal_copy: Path, par_cache: Path) -> None:
    forward(journal_copy, floor.station_url)
    common = ("--format", "json", "--by", "table", "--par-rounds", "60")
    from_floor = cli("report", "--floor", floor.report_url, *common, cache=par_cache)
    from_file = cli("report", "--journal", str(journal_copy), *common, cache=par_cache)
    assert from_floor.returncode == 0, from_floor.stderr
    assert from_file.returncode == 0, from_file.stderr
    floor_doc, file_doc = json.loads(from_floor.stdout), json.loads(from_file.stdout)
    assert floor_doc["rows"] == file_doc["rows"] and floor_doc["supervisor_actions"] == file_doc["supervisor_actions"]
    [row] = floor_doc["rows"]
    # Independently: the recalled rounds' stakes and nets.
    with Journal.open_readonly(journal_copy) as journal:
        recalled = [recall_round(journal, rid) for rid in finished_round_ids(journal)]
    paid = [r for r in recalled if r["void"] is None]
    game = get_game("uth")
    handle = sum(game.staked(SeatHand(s["seat"], (), {k: parse_money(v, k) for k, v in s["bets"].items()},
                                      tuple(s["actions"]))) for r in paid for s in r["seats"])
    win = -sum(Decimal(s["net"]) for r in paid for s in r["settlement"]["seats"])
    assert {k: row[k] for k in ("table", "game", "rounds", "voids")} == {
        "table": "T1", "game": "uth", "rounds": len(paid), "voids": len(recalled) - len(paid)}
    assert Decimal(row["handle"]) == handle and Decimal(row["win"]) == win
    assert Decimal(row["hold_pct"]) == (win / handle * 100).quantize(Decimal("0.01"))
    assert row["voids_by_cause"] == {c: sum(1 for r in recalled if r["void"] and r["void"]["cause"] == c)
                                     for c in {r["void"]["cause"] for r in recalled if r["void"]}}
    low, high = (Decimal(v) for v in row["win_band_95"])
    assert low < Decimal(row["theo_win"]) < high and row["in_band"] == (low <= win <= high)
    assert row["faults"] == sum(row["faults_by_device_code"].values()) > 0
    assert floor_doc["supervisor_actions"] and floor_doc["alarms"] == []
    assert from_floor.stderr == ""  # progress is a terminal's (tests/test_progress_lines.py); the report on stdout


def test_report_formats_and_alarms(floor: Floor, journal_copy: Path, par_cache: Path, tmp_path: Path) -> None:
    from tests.floor.tamper import truncate_after

    forward(journal_copy, floor.station_url)
    truncate_after(journal_copy, 50)
    forward(journal_copy, floor.station_url)
    text = cli("report", "--floor", floor.report_url, "--par-rounds", "60", cache=par_cache)
    assert text.returncode == 0, text.stderr
    assert "Integrity alarms" in text.stdout and "truncated or replaced by an older copy" in text.stdout
    assert "hold%" in text.stdout.splitlines()[2]
    csv_out = cli("report", "--floor", floor.report_url, "--format", "csv", "--par-rounds", "60", cache=par_cache)
    header = csv_out.stdout.splitlines()[0].split(",")
    assert {"table", "game", "rounds", "handle", "win", "hold_pct", "voids", "faults"} <= set(header)
    page = tmp_path / "report.html"
    html = cli("report", "--floor", floor.report_url, "--format", "html", "--output", str(page), "--par-rounds", "60",
               cache=par_cache)
    assert html.returncode == 0 and html.stdout == ""
    doc = page.read_text()
    assert doc.count("<svg") == 2 and "95% band" in doc and "<script" not in doc and "src=" not in doc
    assert "first bad seq" in doc and "51" in doc


def test_shifts_and_days_in_local_time(floor: Floor, journal_copy: Path, par_cache: Path) -> None:
    night = (time(6), time(14), time(22))
    assert shift_of(datetime(2026, 3, 2, 3, 0), night) == (datetime(2026, 3, 1).date(), "22:00-06:00")
    assert shift_of(datetime(2026, 3, 1, 23, 0), night) == (datetime(2026, 3, 1).date(), "22:00-06:00")
    assert shift_of(datetime(2026, 3, 1, 6, 0), night) == (datetime(2026, 3, 1).date(), "06:00-14:00")
    forward(journal_copy, floor.station_url)
    with Journal.open_readonly(journal_copy) as journal:
        ended = max(e.at for e in journal.events(kinds={"round_paid", "round_voided"}))
    moment = datetime.fromisoformat(ended.replace("Z", "+00:00"))
    boundary = moment.astimezone().replace(second=0, microsecond=0)
    from zoneinfo import ZoneInfo

    local = moment.astimezone(ZoneInfo("Asia/Kolkata"))  # +05:30: a shift boundary on the half hour
    cut = f"{local.hour:02d}:{local.minute:02d}"
    doc = json.loads(cli("report", "--floor", floor.report_url, "--format", "json", "--tz", "Asia/Kolkata",
                         "--shifts", f"{cut},23:59", "--by", "day,shift", "--par-rounds", "60", cache=par_cache).stdout)
    shifts = {r["shift"] for r in doc["rows"]}
    assert shifts <= {f"{cut}-23:59", f"23:59-{cut}"} and len(doc["rows"]) >= 1
    assert sum(r["rounds"] + r["voids"] for r in doc["rows"]) == 8
    none = json.loads(cli("report", "--floor", floor.report_url, "--format", "json", "--from", "2000-01-01",
                          "--to", "2000-01-02", "--par-rounds", "60", cache=par_cache).stdout)
    assert none["rows"] == []
    assert boundary  # the journal's times are real instants


def test_round_finder_prints_recalled_rounds(floor: Floor, journal_copy: Path, par_cache: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    forward(journal_copy, floor.station_url)
    with Journal.open_readonly(journal_copy) as journal:
        recalled = {rid: recall_round(journal, rid) for rid in finished_round_ids(journal)}

    from dealer_station.cli import main

    def found(*args: str) -> list[dict[str, Any]]:
        capsys.readouterr()  # drop what the forwarder logged before
        assert main(["rounds", "--floor", floor.report_url, *args]) == 0
        return [json.loads(line) for line in capsys.readouterr().out.splitlines()]

    everything = found()
    assert everything == list(recalled.values())  # byte for byte what recall prints from the file
    jams = found("--void-cause", "jam")
    assert jams and all(r["void"]["cause"] == "jam" for r in jams)
    assert found("--void-cause", "door_open") == []  # a cause the station knows, that never happened here
    typo = cli("rounds", "--floor", floor.report_url, "--void-cause", "jamm", cache=par_cache)  # issue 38: not silent
    assert typo.returncode == 2 and typo.stdout == "", typo.stderr
    (line,) = typo.stderr.splitlines()
    assert line.startswith("dealer-station rounds: error: void-cause: unknown void cause 'jamm' (known: ") and \
        "jam, " in line and "station_restart" in line
    supervised = found("--supervisor")
    assert supervised and all(r["void"] and r["void"]["by"].startswith("supervisor:") for r in supervised)
    seat3 = found("--seat", "3")
    assert seat3 == [r for r in recalled.values() if any(s["seat"] == 3 for s in r["seats"])]
    best = max(Decimal(s["net"]) for r in recalled.values() if r["settlement"] for s in r["settlement"]["seats"])
    big = found("--min-payout", str(best))
    assert big and all(max(Decimal(s["net"]) for s in r["settlement"]["seats"]) >= best for r in big)
    assert found("--jackpot") == []
    assert main(["rounds", "--floor", floor.report_url, "--jackpot"]) == 0
    nothing = capsys.readouterr()  # stdout stays JSON Lines (none); stderr says so, not silence
    assert nothing.out.strip() == "" and "dealer-station rounds: no round matches\n" in nothing.err
    assert found("--limit", "2") == everything[-2:]
    bad = cli("rounds", "--floor", floor.report_url, "--min-payout", "lots", cache=par_cache)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_journaled_handle_rake_and_jackpot_are_used(floor: Floor, tmp_path: Path, par_cache: Path) -> None:
    """Newer engines journal round_paid.handle / rake and the jackpot events: the floor takes them as journaled."""
    path = tmp_path / "P1.sqlite"
    with Journal(path, table_id="P1") as j:
        j.append("round_opened", {"round_id": "P1-000001", "number": 1}, actor="croupier", round_id="P1-000001")
        record = {"game": "holdem", "seats": [{"seat": 1, "bets": {}}, {"seat": 2, "bets": {}}]}
        j.append("settled", {"record": record, "settlement": {"seats": [{"seat": 1, "net": "47"},
                                                                       {"seat": 2, "net": "-50"}]}},
                 actor="station", round_id="P1-000001")
        j.append("jackpot_contribution", {"seat": 1, "amount": "0.25"}, actor="station", round_id="P1-000001")
        j.append("jackpot_award", {"seat": 1, "category": "flush", "amount": "5000.05"}, actor="station",
                 round_id="P1-000001")
        j.append("jackpot_seed", {"amount": "1000", "from_overflow": "0", "from_house": "1000"}, actor="station",
                 round_id="P1-000001")
        j.append("round_paid", {"house_net": "3", "handle": "100", "rake": "3"}, actor="station", round_id="P1-000001")
    forward(path, floor.station_url, table_id="P1")
    docs = [json.loads(cli("report", *src, "--format", "json", "--by", "table", cache=par_cache).stdout)
            for src in (("--floor", floor.report_url), ("--journal", str(path)))]
    assert docs[0]["rows"] == docs[1]["rows"]
    [row] = docs[0]["rows"]
    assert (row["game"], row["handle"], row["win"], row["rake"], row["hold_pct"]) == ("holdem", "100", "3", "3", "3")
    assert row["theo_win"] is None and row["in_band"] is None  # no par sheet for poker
    assert row["jackpot"] == {"award": "5000.05", "contribution": "0.25", "seed": "1000"} and row["jackpot_hits"] == 1
    hits = cli("rounds", "--floor", floor.report_url, "--jackpot", cache=par_cache)
    assert [json.loads(x)["round_id"] for x in hits.stdout.splitlines()] == ["P1-000001"]


@pytest.fixture(scope="module")
def thb_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from dealer_station.play.simulate import simulate
    from dealer_station.profile_loader import load_profile

    path = tmp_path_factory.mktemp("thb") / "T2.sqlite"
    simulate(load_profile("thb-default"), rounds=6, seed=4, seats=4, journal=path, progress=None)
    return path


def test_thb_rounds_floor_and_journal_facts_agree(floor: Floor, thb_journal: Path) -> None:
    """Texas Hold'em Bonus: decision bets in the record's handle, real jackpot facts."""
    path = thb_journal
    forward(path, floor.station_url, table_id="T2")
    facts = journal_facts(path)
    assert_floor_equals_facts(floor.report_url, facts)
    paid = [r for r in facts.rounds.values() if r.outcome == "paid"]
    assert paid and all(r.record_handle == r.handle for r in paid)  # Flop, Turn and River are in both
    contributions = [j for j in facts.jackpot_events if j.kind == "jackpot_contribution"]
    assert contributions and all(j.amount == Decimal("0.25") for j in contributions)  # stake 1 x rate 0.25


def test_thb_report_has_a_theoretical_win_with_the_pool_at_each_rounds_meter(
        floor: Floor, thb_journal: Path, par_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Pool stake's par is the stake less share x the meter it was paid from, round by round."""
    forward(thb_journal, floor.station_url, table_id="T2")
    common = ("--format", "json", "--by", "table", "--par-rounds", "60")
    docs = [cli("report", *src, *common, cache=par_cache) for src in (("--floor", floor.report_url, "--table", "T2"),
                                                                     ("--journal", str(thb_journal)))]
    assert all(d.returncode == 0 for d in docs), [d.stderr for d in docs]
    from_floor, from_file = (json.loads(d.stdout) for d in docs)
    assert from_floor["rows"] == from_file["rows"]
    [row] = from_floor["rows"]
    # Independently of the facts: each paid round's recalled record and jackpot block.
    monkeypatch.setenv("XDG_CACHE_HOME", str(par_cache))
    with Journal.open_readonly(thb_journal) as journal:
        recalled = [recall_round(journal, rid) for rid in finished_round_ids(journal)]
    paid = [r for r in recalled if r["void"] is None]
    sheet = par_sheet("holdem_bonus", paid[0]["paytables"], samples=60)
    assert sheet is not None
    theo = variance = Decimal(0)
    pool_rounds = 0
    for rnd in paid:
        block = rnd["settlement"]["jackpot"]
        meter = Decimal(block["meter_before"]) + Decimal(block["contributions"])  # no cap reached in these rounds
        assert meter <= Decimal(rnd["jackpot"]["cap"])
        pools = sum(1 for s in rnd["seats"] if "pool" in s["bets"])
        pool_rounds += bool(pools)
        for spot in ("ante", "bonus", "pool"):
            stakes = [Decimal(s["bets"][spot]) for s in rnd["seats"] if spot in s["bets"]]
            figures = sheet.spots[spot]
            theo += sum(stakes, Decimal(0)) * figures.edge
            variance += figures.variance * sum(x * x for x in stakes) + figures.cross_covariance * (
                sum(stakes, Decimal(0)) ** 2 - sum(x * x for x in stakes))
        paid_from = sheet.spots[POOL_METER]
        theo += pools * meter * paid_from.edge
        variance += paid_from.variance * pools * meter * meter + paid_from.cross_covariance * (
            (pools * meter) ** 2 - pools * meter * meter)
    assert pool_rounds >= 3
    assert Decimal(row["theo_win"]) == theo.quantize(Decimal("0.01"))
    low, high = (Decimal(v) for v in row["win_band_95"])
    half = Decimal("1.96") * variance.sqrt()
    assert (low, high) == ((theo - half).quantize(Decimal("0.01")), (theo + half).quantize(Decimal("0.01")))


def test_migrations_re_derive_the_facts_a_floor_already_holds(pg_server: PostgresServer, journal_copy: Path,
                                                               thb_journal: Path) -> None:
    """A floor at version 2 ingests adjustments, poker hands and THB rounds; migrating re-derives them
    (0003: adjustments, rake, THB handle; 0005: the meter each Pool stake was paid from)."""
    from dealer_station.floor.migrate import migrate

    add_corrections(journal_copy)
    pg_server.create_database("floor_at_v2")
    url = pg_server.url(dbname="floor_at_v2")
    assert migrate(url, up_to=2) == ["0001_events", "0002_facts"]
    forward(journal_copy, url)
    forward(thb_journal, url, table_id="T2")
    with psycopg.connect(url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.rounds WHERE win <> 0").fetchone()[0] > 0
    assert migrate(url, up_to=3) == ["0003_adjustments_rake"]
    assert migrate(url, up_to=7) == ["0004_pit", "0005_pool_meter", "0006_untrusted_stations", "0007_never_wedged"]
    migrate(url)  # and on to the latest schema (0008 and on: the same facts)
    with Journal.open_readonly(thb_journal) as journal:
        facts = derive(journal.events(), journal_facts(journal_copy))
    rounds = assert_floor_equals_facts(url, facts)
    assert any(r["adjusted"] for r in rounds) and {r["table_id"] for r in rounds} == {"T1", "T2"}
    assert any(r["pool_to_meter"] for r in rounds)
    assert any(POOL_METER in r.stakes for r in facts.rounds.values())


def test_report_with_adjustments_and_poker_rake_is_the_same_from_floor_and_journal(
        floor: Floor, journal_copy: Path, par_cache: Path) -> None:
    expected = add_corrections(journal_copy)
    forward(journal_copy, floor.station_url)
    common = ("--format", "json", "--by", "table,game", "--par-rounds", "60")
    docs = [cli("report", *src, *common, cache=par_cache) for src in (("--floor", floor.report_url),
                                                                     ("--journal", str(journal_copy)))]
    assert all(d.returncode == 0 for d in docs), [d.stderr for d in docs]
    from_floor, from_file = (json.loads(d.stdout) for d in docs)
    assert from_floor["rows"] == from_file["rows"] and from_floor["supervisor_actions"] == from_file["supervisor_actions"]
    assert from_floor["totals"] == from_file["totals"]
    rows = {r["game"]: r for r in from_floor["rows"]}
    # Independently of the facts: every round_paid's house result, minus every adjustment.
    with Journal.open_readonly(journal_copy) as journal:
        events = list(journal.events(kinds={"round_paid", "round_adjusted", "settled"}))
    game_of = {e.round_id: e.payload["record"]["game"] for e in events if e.kind == "settled"}
    paid = {e.round_id: Decimal(e.payload["house_net"]) for e in events if e.kind == "round_paid"}
    adjusted = sum((Decimal(v) for e in events if e.kind == "round_adjusted" for v in e.payload["adjustments"].values()),
                   Decimal(0))
    assert adjusted == sum(expected.adjusted.values()) == Decimal("20.50")
    uth_win = sum(n for rid, n in paid.items() if game_of[rid] == "uth") - adjusted
    assert Decimal(rows["uth"]["win"]) == uth_win and rows["uth"]["rake"] == "0"
    assert (rows["holdem"]["rounds"], rows["holdem"]["win"], rows["holdem"]["rake"], rows["holdem"]["handle"]) == (
        2, "5", "5", "200")  # P1's rake from round_paid, P2's (none journaled there) from its settlement
    assert rows["holdem"]["theo_win"] is None
    assert Decimal(from_floor["totals"]["rake"]) == 5
    adjusts = [a for a in from_floor["supervisor_actions"] if a["action"] == "adjust"]
    assert [(a["badge"], a["detail"], a["reason"]) for a in adjusts] == expected.details
    text = cli("report", "--floor", floor.report_url, "--by", "table,game", "--par-rounds", "60", cache=par_cache)
    assert "adjust seat 1 -5, seat 3 +12.50" in text.stdout and "trips paid short" in text.stdout


def test_a_csv_cell_a_spreadsheet_would_run_is_quoted_and_amounts_stay_numbers() -> None:
    from dealer_station.floor.render import _csv_value

    assert [_csv_value(v) for v in ('=HYPERLINK("http://evil.example","T09")', "@SUM(1+1)", "+1", "-x", "\tT1")] == [
        '\'=HYPERLINK("http://evil.example","T09")', "'@SUM(1+1)", "'+1", "'-x", "'\tT1"]
    assert [_csv_value(v) for v in ("-12.50", ["-476", "973"], "T1", {"=cmd|x": 1})] == [
        "-12.50", "-476..973", "T1", "'=cmd|x=1"]


def test_pay_tables_no_par_sheet_can_use_leave_the_row_without_par_not_the_report_broken() -> None:
    from zoneinfo import ZoneInfo

    from dealer_station.floor.report import make_report
    from dealer_station.floor.report_data import Period, ReportData, RoundSums, StakeSums
    from dealer_station.shifts import DEFAULT_SHIFTS

    bucket = datetime(2026, 11, 30, 10)
    data = ReportData(Period(None, None, ZoneInfo("UTC"), DEFAULT_SHIFTS),
                      rounds=[RoundSums("H1", "uth", '{"blind":"x"}', bucket, rounds=2, handle=Decimal(40),
                                        win=Decimal(5))],
                      stakes=[StakeSums("H1", "uth", '{"blind":"x"}', bucket, "ante", Decimal(20), Decimal(200),
                                        Decimal(400))])

    def broken_par(game: str, paytables: str | None) -> object:
        raise AttributeError("'str' object has no attribute 'items'")

    report = make_report(data, ("table",), broken_par)
    [row] = report.rows
    assert (row.rounds, row.win, row.theo_win) == (2, Decimal(5), None)
    assert any("no par for pay tables" in note for note in report.par_notes.values())


def test_a_jackpot_verification_hold_is_not_a_device_fault(pg_server: PostgresServer, tmp_path: Path) -> None:
    """THB holds a big Pool award for a supervisor (a `halted` of kind jackpot_verify): the game's own
    hold, not a device's fault. Neither the floor nor a journal report counts it (0007 re-derives a
    floor that did)."""
    from dealer_station.floor.migrate import migrate
    from dealer_station.play.simulate import simulate
    from dealer_station.profile_loader import load_profile

    path = tmp_path / "T2.sqlite"
    simulate(load_profile("thb-default"), rounds=4, seed=4, seats=4, journal=path, progress=None,
             faults={"pool_hit": 1.0, "jam": 0.5})
    with Journal.open_readonly(path) as journal:
        halts = [e.payload for e in journal.events(kinds={"halted"})]
    assert {"jackpot_verify", "fault"} <= {h["kind"] for h in halts}  # both kinds of halt happened
    pg_server.create_database("floor_at_v6_holds")
    url = pg_server.url(dbname="floor_at_v6_holds")
    migrate(url, up_to=6)
    forward(path, url, table_id="T2")
    with psycopg.connect(url) as conn:  # what 0006 did: the hold listed among the device faults
        assert conn.execute("SELECT count(*) FROM floor.faults WHERE code = 'jackpot_hit'").fetchone()[0] > 0
    assert migrate(url, up_to=7) == ["0007_never_wedged"]
    migrate(url)
    facts = journal_facts(path)
    assert facts.faults and all(f.code != "jackpot_hit" for f in facts.faults)
    assert_floor_equals_facts(url, facts)
    with psycopg.connect(url) as conn:
        devices = {d for (d,) in conn.execute("SELECT DISTINCT device FROM floor.faults WHERE source = 'halted'")}
    assert None not in devices and devices
