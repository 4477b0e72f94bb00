"""The bet sensor's measures on the floor (issue 21, migrations 0012 and 0013): a floor fed the journal of
``simulate --config uth-rfid --faults ...`` reports the past-posting and pinching alarms, the mispays,
losing bets left and counterfeit chips the simulation says it caught, per table, gaming day and shift,
as the croupier's shift tally counts them (a repeated press once); a supervisor's payout override
counts; a table without a sensor has zeros and no row in the sensor's section; a floor filled before
either migration gets the figures from the events it holds, every other figure unchanged.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import pytest

from dealer_station.figures.facts import Facts, derive
from dealer_station.floor.html import as_html
from dealer_station.floor.migrate import migrate
from dealer_station.floor.queries import report_data
from dealer_station.floor.render import SENSOR_COLUMNS, as_csv, as_json, as_text
from dealer_station.floor.report import SENSOR, Report, make_report
from dealer_station.floor.report_data import Period, from_facts, parse_at
from dealer_station.journal import Journal
from dealer_station.money import format_money
from dealer_station.shifts import DEFAULT_SHIFTS, shift_of
from dealer_station.table.events import SupervisorAuth
from dealer_station.table.sensing import PayoutOverridden, SensorHeld
from dealer_station.view.shift import ShiftTally
from tests.conftest import SensorRun
from tests.floor.conftest import Floor
from tests.floor.test_ingest import forward
from tests.floor.test_measures import _figures
from tests.floor.test_report import assert_floor_equals_facts
from tests.pg import PostgresServer

SLOW = pytest.mark.slow  # the simulated bet-sensing table (``sensor_run``): about 8 s, once per session
TZ = ZoneInfo("Europe/Malta")
PERIOD = Period(None, None, TZ, DEFAULT_SHIFTS)
START = datetime(2026, 11, 30, 4, 0, tzinfo=UTC)  # 05:00 local: the night shift of the 29th, then the 30th's
EVERY = timedelta(minutes=80)  # one round every 80 minutes: 16 rounds over four shifts and two gaming days
OVERRIDDEN_ROUND = 7
CATCH_KEYS = ("mispays", "mispaid", "losing_left", "counterfeits")
SENSOR_KEYS = ("sensed_rounds", "past_posts", "pinches", "overrides", *CATCH_KEYS)
NO_SENSOR = {**dict.fromkeys(SENSOR_KEYS, 0), "mispaid": "0"}  # a report's sensor fields where none was (money as text)


def replay(source: Path, target: Path, *, override_in: int | None = OVERRIDDEN_ROUND) -> None:
    """The same events, journaled again (their own chain) with a round every ``EVERY`` from ``START``;
    in round ``override_in`` a supervisor lets the first seat's payout through (``override_payout``: the
    authorisation and ``payout_overridden`` before its ``seat_paid``, as the session journals them)."""
    now = [START - EVERY]

    def clock() -> datetime:
        now[0] += timedelta(milliseconds=5)
        return now[0]

    rounds = 0
    overridden = False
    with Journal.open_readonly(source) as journal, Journal(target, table_id=journal.table_id, clock=clock) as copy:
        for e in journal.events():
            if e.seq == 1:
                continue  # the journal's own purpose record
            if e.kind == "round_opened":
                rounds += 1
                now[0] = START + (rounds - 1) * EVERY
            if e.kind == "seat_paid" and rounds == override_in and not overridden:
                overridden = True
                actor = "supervisor:0412"
                copy.append("supervisor_auth", SupervisorAuth(True, "ok", badge="0412", action="override_payout")
                            .payload(), actor=actor, round_id=e.round_id)
                copy.append("payout_overridden", PayoutOverridden(e.payload["seat"], ("Ante: short 5",), "counted by hand")
                            .payload(), actor=actor, round_id=e.round_id)
            copy.append(e.kind, e.payload, actor=e.actor, round_id=e.round_id)
    assert override_in is None or overridden


@pytest.fixture(scope="module")
def sensed(sensor_run: SensorRun, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sensed-replay") / "T1R.sqlite"
    replay(sensor_run.journal, path)
    return path


def facts_of(*paths: Path) -> Facts:
    facts = Facts()
    for path in paths:
        with Journal.open_readonly(path) as journal:
            derive(journal.events(), facts)
    return facts


def floor_report(url: str, by: tuple[str, ...] = ("table", "day", "shift")) -> Report:
    with psycopg.connect(url) as conn:
        return make_report(report_data(conn, PERIOD), by, lambda game, paytables: None)


def alarms_by_shift(path: Path) -> dict[tuple[str, str], Counter[str]]:
    """Straight from the journal: each bet alarm's cause, in the gaming day and shift its round ended in."""
    with Journal.open_readonly(path) as journal:
        ended = {e.round_id: parse_at(e.at) for e in journal.events(kinds={"round_paid", "round_voided"})}
        found: dict[tuple[str, str], Counter[str]] = {}
        for e in journal.events(kinds={"bet_alarm"}):
            day, shift = shift_of(PERIOD.bucket(ended[e.round_id]), DEFAULT_SHIFTS)
            found.setdefault((day.isoformat(), shift), Counter())[e.payload["cause"]] += 1
    return found


def screen_tally(path: Path) -> ShiftTally:
    """The croupier's shift tally over the whole journal (its shift taken to begin before the first record)."""
    with Journal.open_readonly(path) as journal:
        first = min(parse_at(e.at) for e in journal.events())
        tally = ShiftTally(DEFAULT_SHIFTS, lambda: first)
        tally.seed(journal.events(kinds=set(ShiftTally.KINDS)))
    return tally


def catches(row: Any) -> tuple[Any, ...]:
    return tuple(getattr(row, k) for k in CATCH_KEYS)


FAKE, OTHER_FAKE = "E0FF000000000001", "E0FF000000000002"


def held(command: str, seat: int, *spots: tuple[str, str, str, str]) -> dict[str, Any]:
    return SensorHeld(command, seat, tuple({"spot": spot, "kind": kind, "amount": amount, "chip": chip}
                                           for spot, kind, amount, chip in spots)).payload()


def pressed_again(path: Path, table_id: str = "X3", *, end: bool = True) -> None:
    """A round whose commands the croupier pressed again and again on the same wrong chips (``end``: the
    last repeat and the round's end; else they are journaled by a later call, ingested in a later batch)."""
    rid = f"{table_id}-1"
    with Journal(path, table_id=table_id) as j:
        if j.last_seq <= 1:
            j.append("round_opened", {"round_id": rid, "number": 1}, actor="croupier", round_id=rid)
            j.append("bets_sensed", {"spots": []}, actor="croupier", round_id=rid)
            for _ in range(2):  # "No more bets" twice over the same unknown chip: one counterfeit
                j.append("sensor_held", held("no_more_bets", 2, ("trips", "unknown_chip", "0", FAKE)), actor="croupier",
                         round_id=rid)
            j.append("sensor_held", held("no_more_bets", 3, ("ante", "unknown_chip", "0", OTHER_FAKE)),
                     actor="croupier", round_id=rid)  # another chip: another counterfeit
            for _ in range(3):  # "Paid" three times on seat 1's Ante short 100, its Trips left on the layout
                j.append("sensor_held", held("mark_paid", 1, ("ante", "short", "100", ""), ("trips", "not_collected", "5", "")),
                         actor="croupier", round_id=rid)
            j.append("sensor_held", held("mark_paid", 2, ("ante", "short", "5", ""), ("ante", "nudge", "7", "")),
                     actor="croupier", round_id=rid)  # another seat's Ante: another mispay; a kind it does not know
        if end:  # over-corrected: the same Ante, now over - the same mispay, counted once at its first amount
            j.append("sensor_held", held("mark_paid", 1, ("ante", "over", "25", "")), actor="croupier", round_id=rid)
            j.append("round_voided", {"cause": "bet_alarm", "by": "supervisor:0412"}, actor="supervisor:0412",
                     round_id=rid)


PRESSED = (2, Decimal(105), 1, 2)
"""What ``pressed_again`` caught: mispays (seat 1's Ante, seat 2's), their amounts, a losing bet, two chips."""


@pytest.fixture
def fed(floor: Floor, sensed: Path, journal_copy: Path) -> Iterator[Floor]:
    """A floor fed the sensing table (T1R) and a table without a sensor (T1, uth-default)."""
    forward(sensed, floor.station_url, table_id="T1R")
    forward(journal_copy, floor.station_url)
    yield floor


@SLOW
def test_the_floor_reports_the_alarms_the_simulation_caught_per_table_day_and_shift(
        fed: Floor, sensed: Path, journal_copy: Path, sensor_run: SensorRun) -> None:
    assert_floor_equals_facts(fed.report_url, facts_of(journal_copy, sensed))  # facts.py derives what the floor does
    report = floor_report(fed.report_url)
    total = report.totals()
    rounds = sensor_run.summary["rounds_completed"] + sum(sensor_run.summary["voided"].values())
    assert (total.sensed_rounds, total.past_posts, total.pinches, total.overrides) == (
        rounds, sensor_run.caught("past_post"), sensor_run.caught("pinch"), 1)
    assert sensor_run.summary["bet_sensor"]["false_alarms"] == 0  # every alarm on the floor is a caught fault
    mine = {(r.day, r.shift): r for r in report.rows if r.table == "T1R"}
    expected = alarms_by_shift(sensed)
    assert len(mine) == 4 and len(expected) > 1  # the rounds span four shifts, the alarms more than one
    assert {k: (r.past_posts, r.pinches) for k, r in mine.items() if r.past_posts or r.pinches} == {
        k: (c["past_post"], c["pinch"]) for k, c in expected.items()}
    overridden = [k for k, r in mine.items() if r.overrides]
    assert [mine[k].overrides for k in overridden] == [1]
    assert sum(r.sensed_rounds for r in mine.values()) == rounds
    plain = [r for r in report.rows if r.table == "T1"]
    assert plain and all((r.sensed_rounds, r.past_posts, r.pinches, r.overrides) == (0, 0, 0, 0) for r in plain)
    assert [r.table for r in report.sensor_rows] == ["T1R"] * 4 + ["all"]  # no row for the table without a sensor
    by_table = {r.table: r for r in floor_report(fed.report_url, ("table",)).rows}
    assert by_table["T1R"].past_posts == sensor_run.caught("past_post") and by_table["T1"].sensed_rounds == 0


@SLOW
def test_the_floor_counts_the_mispays_losing_bets_and_counterfeits_as_the_simulation_and_the_screen(
        fed: Floor, sensed: Path, journal_copy: Path, sensor_run: SensorRun) -> None:
    caught = tuple(sensor_run.caught(k) for k in ("mispay", "missed_collect", "counterfeit"))
    assert all(caught) and all(sensor_run.summary["bet_sensor"][k]["injected"] == n
                               for k, n in zip(("mispay", "missed_collect", "counterfeit"), caught, strict=True))
    report = floor_report(fed.report_url)
    total = report.totals()
    assert (total.mispays, total.losing_left, total.counterfeits) == caught
    screen = screen_tally(sensed)
    assert catches(total) == catches(screen) and total.mispaid > 0  # the amounts short, as the croupier's tally
    mine = [r for r in report.rows if r.table == "T1R"]
    assert sum(r.mispays for r in mine) == total.mispays and sum((r.mispaid for r in mine), Decimal(0)) == total.mispaid
    assert all(catches(r) == (0, 0, 0, 0) for r in report.rows if r.table == "T1")
    from_journals = make_report(from_facts(facts_of(sensed, journal_copy), PERIOD), ("table", "day", "shift"),
                                lambda game, paytables: None)  # ``report --journal``: the same rows, the same catches
    assert [(r.table, r.day, r.shift, *catches(r)) for r in from_journals.rows] == [
        (r.table, r.day, r.shift, *catches(r)) for r in report.rows]
    with Journal.open_readonly(sensed) as journal:  # "No more bets" held over each chip, "Paid" on each mispay
        chips = {s["chip"] for e in journal.events(kinds={"sensor_held"}) for s in e.payload["spots"]
                 if s["kind"] == "unknown_chip"}
    assert len(chips) == total.counterfeits


@SLOW
def test_the_report_formats_carry_the_sensor_figures(fed: Floor, sensor_run: SensorRun) -> None:
    report = floor_report(fed.report_url, ("table",))
    doc = json.loads(as_json(report))
    rows = {r["table"]: r for r in doc["rows"]}
    screen = screen_tally(sensor_run.journal)
    assert {k: rows["T1R"][k] for k in SENSOR_KEYS} == {
        "sensed_rounds": 16, "past_posts": sensor_run.caught("past_post"), "pinches": sensor_run.caught("pinch"),
        "overrides": 1, "mispays": sensor_run.caught("mispay"), "mispaid": format_money(screen.mispaid),
        "losing_left": sensor_run.caught("missed_collect"), "counterfeits": sensor_run.caught("counterfeit")}
    assert {k: rows["T1"][k] for k in SENSOR_KEYS} == NO_SENSOR
    assert doc["totals"]["past_posts"] == sensor_run.caught("past_post")
    assert doc["totals"]["mispaid"] == format_money(screen.mispaid) != "0"
    table = list(csv.reader(io.StringIO(as_csv(report))))
    assert tuple(table[0][-9:]) == (*SENSOR_KEYS, "dealer")  # appended: CSV readers go by position (0014's last)
    values = {row[0]: row[-9:-1] for row in table[1:]}
    assert values["T1R"] == ["16", str(sensor_run.caught("past_post")), str(sensor_run.caught("pinch")), "1",
                             str(screen.mispays), format_money(screen.mispaid), str(screen.losing_left),
                             str(screen.counterfeits)]
    assert values["T1"] == ["0"] * 8
    text = as_text(report)
    section = text.split(f"\n{SENSOR}\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert section[0].split() == [h for c in SENSOR_COLUMNS for h in c.split()]
    assert [line.split()[0] for line in section[2:]] == ["T1R"]  # one table has a sensor: no totals line
    assert section[2].split()[-8:] == values["T1R"]
    page = as_html(report).split(f"<h2>{SENSOR}</h2>", 1)[1].split("</table>", 1)[0]
    assert page.count("<tr") == 2 and "<td class=''>T1R</td>" in page and "<td class=''>T1</td>" not in page
    assert "".join(f"<td class='n'>{v}</td>" for v in values["T1R"]) in page


def test_a_report_without_a_sensing_table_has_no_sensor_section(floor: Floor, journal_copy: Path) -> None:
    forward(journal_copy, floor.station_url)
    report = floor_report(floor.report_url)
    assert report.rows and not report.sensor_rows
    assert f"\n{SENSOR}\n" not in as_text(report)
    assert f"<h2>{SENSOR}</h2>" not in as_html(report)
    assert all({k: r[k] for k in SENSOR_KEYS} == NO_SENSOR for r in json.loads(as_json(report))["rows"])


@SLOW
def test_a_floor_filled_before_0012_reports_the_sensor_figures_after_it(
        pg_server: PostgresServer, sensed: Path, journal_copy: Path, sensor_run: SensorRun) -> None:
    """Filled at 0009, migrated: 0012 re-derives the sensor's facts from the events held; the other figures
    are what they were, and the floor is the same as one fed after the migration."""
    pg_server.create_database("floor_at_v9_sensor")
    url = pg_server.url(dbname="floor_at_v9_sensor")
    migrate(url, up_to=9)
    forward(sensed, url, table_id="T1R")
    forward(journal_copy, url)
    before = _figures(url)
    assert all({k: r[k] for k in SENSOR_KEYS} == NO_SENSOR for r in before["rows"])  # read as far as the floor goes
    assert migrate(url)[2:5] == ["0012_sensor_measures", "0013_sensor_catches", "0014_round_dealer"]  # after 0010, 0011
    after = _figures(url)

    def without_sensor(figures: dict[str, Any]) -> dict[str, Any]:
        def strip(row: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in row.items() if k not in SENSOR_KEYS}
        return {**figures, "rows": [strip(r) for r in figures["rows"]], "totals": strip(figures["totals"])}

    assert without_sensor(after) == without_sensor(before)
    assert (after["totals"]["past_posts"], after["totals"]["pinches"], after["totals"]["overrides"]) == (
        sensor_run.caught("past_post"), sensor_run.caught("pinch"), 1)
    assert (after["totals"]["mispays"], after["totals"]["counterfeits"]) == (
        sensor_run.caught("mispay"), sensor_run.caught("counterfeit"))
    assert_floor_equals_facts(url, facts_of(sensed, journal_copy))


@SLOW
def test_a_floor_filled_at_0012_gets_the_catches_after_0013(
        pg_server: PostgresServer, sensed: Path, journal_copy: Path, sensor_run: SensorRun, tmp_path: Path) -> None:
    """Filled at 0012 (its alarms and overrides derived at ingest), migrated: 0013 reads the sensor_held events
    held, record by record, as ingest would (a repeated press once); every other figure is what it was."""
    pressed = tmp_path / "X3.sqlite"
    pressed_again(pressed)
    url = pg_server.create_database("floor_at_v12_sensor")
    migrate(url, up_to=12)
    for path, table_id in ((sensed, "T1R"), (journal_copy, "T1"), (pressed, "X3")):
        forward(path, url, table_id=table_id)
    before = _figures(url)
    assert before["totals"]["past_posts"] == sensor_run.caught("past_post")  # 0012's, derived at ingest
    assert all((r["mispays"], r["mispaid"], r["losing_left"], r["counterfeits"]) == (0, "0", 0, 0) for r in before["rows"])
    assert migrate(url)[:2] == ["0013_sensor_catches", "0014_round_dealer"]
    after = _figures(url)

    def without_catches(figures: dict[str, Any]) -> dict[str, Any]:
        def strip(row: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in row.items() if k not in CATCH_KEYS}
        return {**figures, "rows": [strip(r) for r in figures["rows"]], "totals": strip(figures["totals"])}

    assert without_catches(after) == without_catches(before)
    def caught_at(table: str) -> tuple[Any, ...]:  # the table's rows (by game, day and shift) added up
        rows = [r for r in after["rows"] if r["table"] == table]
        return (sum(r["mispays"] for r in rows), sum((Decimal(r["mispaid"]) for r in rows), Decimal(0)),
                sum(r["losing_left"] for r in rows), sum(r["counterfeits"] for r in rows))

    screen = screen_tally(sensed)
    assert caught_at("T1R") == catches(screen)
    assert (screen.mispays, screen.losing_left, screen.counterfeits) == (
        sensor_run.caught("mispay"), sensor_run.caught("missed_collect"), sensor_run.caught("counterfeit"))
    assert caught_at("X3") == PRESSED and caught_at("T1") == (0, Decimal(0), 0, 0)
    assert_floor_equals_facts(url, facts_of(sensed, journal_copy, pressed))


def test_a_sensor_event_naming_no_round_or_an_unknown_cause_adds_nothing(floor: Floor, tmp_path: Path) -> None:
    path = tmp_path / "X2.sqlite"
    with Journal(path, table_id="X2") as j:
        j.append("round_opened", {"round_id": "X2-1", "number": 1}, actor="croupier", round_id="X2-1")
        j.append("bets_sensed", {"spots": []}, actor="croupier", round_id="X2-1")
        j.append("bet_alarm", {"seat": 1, "spot": "ante", "cause": "nudge"}, actor="device:bet_sensor", round_id="X2-1")
        j.append("bet_alarm", {"seat": 1, "spot": "ante", "cause": "pinch"}, actor="device:bet_sensor", round_id="X2-1")
        j.append("bet_alarm", {"seat": 1, "spot": "ante", "cause": "pinch"}, actor="device:bet_sensor")  # no round
        j.append("sensor_held", held("mark_paid", 1, ("ante", "short", "5", "")), actor="croupier")  # no round either
        j.append("sensor_held", held("mark_paid", 1, ("ante", "nudge", "5", "")), actor="croupier", round_id="X2-1")
        j.append("round_voided", {"cause": "bet_alarm", "by": "supervisor:0412"}, actor="supervisor:0412",
                 round_id="X2-1")
    forward(path, floor.station_url, table_id="X2")
    facts = facts_of(path)
    assert_floor_equals_facts(floor.report_url, facts)
    [row] = floor_report(floor.report_url).rows
    assert (row.rounds, row.voids, row.sensed_rounds, row.past_posts, row.pinches) == (0, 1, 1, 0, 1)  # a void counts
    assert catches(row) == (0, Decimal(0), 0, 0)


def test_a_repeated_press_counts_once_on_the_floor_in_the_report_and_on_the_screen(floor: Floor, tmp_path: Path) -> None:
    path = tmp_path / "X3.sqlite"
    pressed_again(path, end=False)
    forward(path, floor.station_url, table_id="X3")
    pressed_again(path)  # the last repeat in a later batch: the floor's own record of what the round caught
    forward(path, floor.station_url, table_id="X3")
    facts = facts_of(path)
    assert_floor_equals_facts(floor.report_url, facts)
    [row] = floor_report(floor.report_url).rows
    assert (row.voids, row.sensed_rounds) == (1, 1) and catches(row) == PRESSED == catches(screen_tally(path))
    with psycopg.connect(floor.report_url) as conn:
        held = [tuple(r) for r in conn.execute(
            "SELECT what, key, amount FROM floor.sensor_catches WHERE table_id = 'X3' ORDER BY what, key")]
    assert held == [("counterfeit", FAKE, 0), ("counterfeit", OTHER_FAKE, 0), ("losing_left", "1/trips", 0),
                    ("mispay", "1/ante", 100), ("mispay", "2/ante", 5)]


def test_a_mispay_amount_a_table_cannot_hold_is_a_derive_error(floor: Floor, tmp_path: Path) -> None:
    path = tmp_path / "X4.sqlite"
    with Journal(path, table_id="X4") as j:
        j.append("round_opened", {"round_id": "X4-1", "number": 1}, actor="croupier", round_id="X4-1")
        j.append("sensor_held", held("mark_paid", 1, ("trips", "not_collected", "5", ""), ("ante", "short", "NaN", "")),
                 actor="croupier", round_id="X4-1")
        j.append("sensor_held", held("mark_paid", 1, ("play", "over", "1e18", "")), actor="croupier", round_id="X4-1")
        j.append("round_voided", {"cause": "bet_alarm", "by": "supervisor:0412"}, actor="supervisor:0412",
                 round_id="X4-1")
    forward(path, floor.station_url, table_id="X4")
    with psycopg.connect(floor.report_url) as conn:
        errors = [tuple(r) for r in conn.execute("SELECT seq, kind FROM floor.derive_errors ORDER BY seq")]
        caught = conn.execute("SELECT count(*) FROM floor.sensor_catches").fetchone()
    assert errors == [(3, "sensor_held"), (4, "sensor_held")] and caught == (0,)  # nothing of either record is read
    [row] = floor_report(floor.report_url).rows
    assert (row.voids, catches(row)) == (1, (0, Decimal(0), 0, 0))
    [fact] = facts_of(path).rounds.values()  # a journal's report reads them as the floor does
    assert (fact.outcome, catches(fact)) == ("voided", (0, Decimal(0), 0, 0))
    assert catches(screen_tally(path)) == (0, Decimal(0), 0, 0)
