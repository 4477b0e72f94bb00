"""A linked progressive with the floor as its controller (issue 22, GAMES.md §3), on real PostgreSQL.

Tables are real ``TableSession``s on real SQLite journals, dealt by the scripted shoe so a Pool
hand lands where the test wants it; the link is ``floor.link.FloorLink`` to a migrated floor,
as the station role; a link cut is a real cut cable (``linkcut.Cable``) between the station
and the running server.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import psycopg
import pytest

from dealer_station.cards import parse_card
from dealer_station.engine.session import TableSession
from dealer_station.errors import ConfigError, RuleError
from dealer_station.floor.link import FloorLink
from dealer_station.floor.link_report import link_report
from dealer_station.games.thb import ThbTableConfig, link_terms
from dealer_station.jackpot import (
    Award,
    LinkCommit,
    LinkCommitted,
    LinkStatus,
    LinkTerms,
    PoolClosed,
    PoolHit,
    PoolLink,
    Seed,
    meters_from_journal,
)
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.view.banner import pool_note
from simulators.scripted_shoe import ScriptedShoe
from tests import cli as station_cli
from tests.floor.conftest import Floor, new_floor
from tests.floor.linkcut import Cable
from tests.pg import PostgresServer

BADGE, PIN = "0412", "2468"
# board Ts Js Qs | 2c 3d ; seat 2: As Ks (a royal on the flop: 100% of the meter, above verify_at)
ROYAL_DECK = ["Ts", "Js", "Qs", "2c", "3d", "As", "Ks", "4c", "5h", "Kd", "7c"]
# board 2s 7d 9c | Jh Qh ; seat 2: 4c 5d, seat 4: Kd 3s ; dealer 8h 6c: no Pool hit
NO_HIT_DECK = ["2s", "7d", "9c", "Jh", "Qh", "4c", "5d", "Kd", "3s", "8h", "6c"]


def linked_table(table_id: str) -> ThbTableConfig:
    table = load_profile("thb-linked").model_copy(update={"table_id": table_id})
    assert isinstance(table, ThbTableConfig)
    return table


def terms(**rules: object) -> LinkTerms:
    """The thb-linked profile's link terms (with ``rules`` of its meter changed)."""
    found = link_terms(linked_table("X"))
    return replace(found, rules=found.rules.model_copy(update=rules)) if rules else found


def hand(*cards: str) -> tuple[int, ...]:
    """A Pool hand's five cards (hole, hole, flop, flop, flop) as the link sends them."""
    return tuple(parse_card(c) for c in cards)


FLUSH = hand("2h", "5h", "9h", "Jh", "Kh")


@pytest.fixture
def tables(tmp_path: Path, floor: Floor) -> Iterator[Callable[..., tuple[TableSession, ScriptedShoe, FloorLink]]]:
    """``make(table_id, link=None)``: a linked THB table on its own journal, with its link (given or new)."""
    credentials = CredentialStore(tmp_path / "c.json")
    credentials.add(BADGE, PIN)
    opened: list[tuple[Journal, FloorLink]] = []

    def make(table_id: str, link: PoolLink | None = None, url: str | None = None,
             wrap: Callable[[FloorLink], PoolLink] | None = None) -> tuple[TableSession, ScriptedShoe, FloorLink]:
        table = linked_table(table_id)
        journal = Journal(tmp_path / f"{table_id}.sqlite", table_id=table_id)
        own = FloorLink(url or floor.station_url, link_terms(table), table_id, poll=0.05).start()
        opened.append((journal, own))
        shoe = ScriptedShoe()
        service = wrap(own) if wrap is not None else link or own
        session = TableSession(table, journal, shoe=shoe, credentials=credentials, services=(service,))
        shoe.session = session
        session.start({"version": "test"})
        return session, shoe, own

    yield make
    for journal, link in opened:
        link.stop()
        journal.close()


def bets(session: TableSession, pool: bool = True) -> None:
    session.execute("open_round")
    session.execute("set_bets", 2, {"ante": "10", **({"pool": "1"} if pool else {})})
    session.execute("set_bets", 4, {"ante": "10", **({"pool": "1"} if pool else {})})


def to_flop(session: TableSession, shoe: ScriptedShoe, deck: list[str]) -> None:
    shoe.load(deck)
    bets(session)
    session.execute("no_more_bets")
    session.execute("decide", 2, "flop")
    session.execute("decide", 4, "fold")
    session.execute("reveal")  # the flop: the Pool is known


def finish(session: TableSession) -> None:
    session.execute("decide", 2, "check")
    session.execute("reveal")
    session.execute("reveal")
    for seat in (4, 2):
        session.execute("mark_paid", seat)


def commits(session: TableSession) -> list[LinkCommitted]:
    return [LinkCommitted.from_payload(e.payload) for e in session.journal.events(kinds={LinkCommitted.kind})]


def wait(predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def reconcile(floor: Floor, *sessions: TableSession) -> dict:
    report = link_report(floor.report_url, "bank-1", [s.journal.path for s in sessions])
    assert report["floor"] == {"conserved": True, "replayed": True, "commit_order": True}, report["floor"]
    assert report["reconciled"], report["journals"]
    return report


def test_a_retry_returns_the_first_answer_and_a_member_with_other_rules_is_refused(floor: Floor) -> None:
    a = FloorLink(floor.station_url, terms(), "L01").start()
    try:
        first = a.contribute("L01-000001", [(4, Decimal(1)), (2, Decimal(1))])
        again = a.contribute("L01-000001", [(4, Decimal(1)), (2, Decimal(1))])
        assert first is not None and again == first and first.seq == 1
        # 0.25 a stake: 0.025 to the reserve (reserve_rate 0.1), 0.225 to the meter
        assert dict(first.after)["meter"] == "500.45" and dict(first.after)["reserve"] == "0.05"
        with pytest.raises(RuleError, match="already contributed other Pool stakes"):
            a.contribute("L01-000001", [(4, Decimal(1))])
        hit = a.award("L01-000001", [PoolHit(4, "flush", Decimal(20), FLUSH)])
        assert a.award("L01-000001", [PoolHit(4, "flush", Decimal(20), FLUSH)]) == hit and hit.seq == 2
        assert [f.amount for f in hit.facts if isinstance(f, Award)] == [Decimal("100.09")]  # 20% of 500.45, down
        with pytest.raises(RuleError, match="seat 2 has no Pool stake in round L01-000002"):
            a.award("L01-000002", [PoolHit(2, "flush", Decimal(20), FLUSH)])
        other = terms(rate=Decimal("0.2"))
        with pytest.raises(ConfigError, match=r"table L02's jackpot rules differ from link bank-1's \(rate 0.2, "
                                              r"not 0.25\)"):
            FloorLink(floor.station_url, other, "L02").start()
        with psycopg.connect(floor.owner_url) as conn:
            assert conn.execute("SELECT count(*) FROM floor.jackpot_link_commits").fetchone() == (2,)
            assert conn.execute("SELECT table_id FROM floor.jackpot_link_members").fetchall() == [("L01",)]
            meters = conn.execute("SELECT meter_in, display, hits, wins, overflow, reserve "
                                  "FROM floor.jackpot_link_awards").fetchall()
        assert meters == [(Decimal("0.50"), Decimal("500.45"), 1, Decimal("100.09"), Decimal(0), Decimal(0))]
    finally:
        a.stop()


def test_two_hits_in_one_round_each_keep_their_own_meters_and_a_pinned_login_plays_only_its_table(
        floor: Floor, pg_server: PostgresServer) -> None:
    from dealer_station.floor.roles import pin_station

    a = FloorLink(floor.station_url, terms(), "L01").start()
    try:
        a.contribute("L01-000001", [(5, Decimal(1)), (3, Decimal(1))])
        done = a.award("L01-000001", [PoolHit(5, "straight", Decimal(10), hand("9d", "8c", "Qs", "Js", "Ts")),
                                      PoolHit(3, "royal_flush", Decimal(100), hand("As", "Ks", "Qs", "Js", "Ts"))])
        with psycopg.connect(floor.owner_url) as conn:
            rows = conn.execute("SELECT seat, display, amount, hits, wins, overflow, reserve FROM floor.jackpot_link_awards "
                                "ORDER BY seat DESC").fetchall()
        # the straight: 10% of 500.45 = 50.04, the meter raised back from the reserve (0.05) and a seed; the
        # royal then takes the whole of the reset, and its own raise is the house's alone
        assert rows == [(5, Decimal("500.45"), Decimal("50.04"), 1, Decimal("50.04"), Decimal(0), Decimal(0)),
                        (3, Decimal("500.00"), Decimal("500.00"), 2, Decimal("550.04"), Decimal(0), Decimal(0))]
        assert [f.kind for f in done.facts] == ["jackpot_award", "jackpot_reserve_draw", "jackpot_seed",
                                                "jackpot_award", "jackpot_seed"]
    finally:
        a.stop()
    pin_station(floor.owner_url, "station_l01", ["L01"])
    pinned = FloorLink(pg_server.url("station_l01", floor.dbname), terms(), "L02")
    with pytest.raises(RuleError, match="login station_l01 may not play table L02"):
        pinned.start()
    with pytest.raises(RuleError, match="login station_l01 may not play table L02"):
        pinned.contribute("L02-000001", [(1, Decimal(1))])


def test_two_royals_at_the_same_moment_are_ordered_and_the_second_gets_the_reset(floor: Floor) -> None:
    links = [FloorLink(floor.station_url, terms(), tid).start() for tid in ("L01", "L02")]
    try:
        for link in links:
            link.contribute(f"{link.table_id}-000001", [(2, Decimal(1))] * 1)
        start = threading.Barrier(2)
        got: dict[str, LinkCommit] = {}

        def hit(link: FloorLink) -> None:
            start.wait()
            got[link.table_id] = link.award(f"{link.table_id}-000001",
                                            [PoolHit(2, "royal_flush", Decimal(100), hand("Ah", "Kh", "Qh", "Jh", "Th"))])

        threads = [threading.Thread(target=hit, args=(link,)) for link in links]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        first, second = sorted(got.values(), key=lambda c: c.seq)
        assert (first.seq, second.seq) == (3, 4)
        amounts = [[f.amount for f in c.facts if isinstance(f, Award)][0] for c in (first, second)]
        assert amounts == [Decimal("500.45"), Decimal("500.00")]  # the second royal: the meter at its reset
        # each raise back to reset: the reserve first (0.05, then nothing left), then the house's seed
        assert [f.amount for f in second.facts if isinstance(f, Seed)] == [Decimal("500.00")]
        report = link_report(floor.report_url, "bank-1")
        assert [o["seq"] for o in report["order"]] == [3, 4]
        assert report["floor"] == {"conserved": True, "replayed": True, "commit_order": True}
        assert report["meter"] == "500.00" and report["awarded"] == "1000.45" and report["hits"] == 2
        assert not report["reconciled"] and report["journals_missing"] == ["L01", "L02"]  # no journal given
    finally:
        for link in links:
            link.stop()


def test_a_hit_held_for_verification_is_pending_on_every_member_and_paid_after_it(
        tables: Callable[..., tuple[TableSession, ScriptedShoe, FloorLink]], floor: Floor) -> None:
    a, shoe_a, link_a = tables("L01")
    b, shoe_b, link_b = tables("L02")
    assert pool_note(b.view()) is None
    to_flop(a, shoe_a, ROYAL_DECK)
    rnd = a.view().round
    assert rnd is not None and rnd.halt is not None and rnd.halt.kind == "jackpot_verify"
    assert wait(lambda: pool_note(b.view()) is not None)
    note = pool_note(b.view())
    assert note is not None and note.key == "pool_pending" and note.args["table"] == "L01"
    assert note.english() == f"Jackpot pending verification at table L01: {note.args['amount']}"
    to_flop(b, shoe_b, NO_HIT_DECK)  # the other table keeps playing, from the meter the hit left
    finish(b)
    a.supervise("verify_jackpot", BADGE, PIN, "hand checked")
    finish(a)
    assert wait(lambda: pool_note(b.view()) is None)
    settlement = list(a.journal.events(kinds={"settled"}))[-1].payload["settlement"]
    award = settlement["jackpot"]["awards"][0]
    assert settlement["jackpot"]["link"] == "bank-1" and award["seat"] == 2 and award["category"] == "royal_flush"
    report = reconcile(floor, a, b)
    assert report["history"][0]["verified_by"] is not None and report["pending"] == []
    own = meters_from_journal(a.journal.events())  # `jackpot --journal`: the shared meter as the link left it
    assert own is not None and own["reconciled"] and Decimal(own["meter"]) == Decimal(dict(commits(a)[-1].after)["meter"])
    assert [(h["seat"], h["hand"], h["verified_by"]) for h in own["history"]] == [(2, "royal_flush", f"supervisor:{BADGE}")]
    assert report["tables"]["L01"]["hits"] == 1 and report["tables"]["L02"]["hits"] == 0


def test_link_down_mid_round_closes_the_pool_and_the_link_comes_back_by_itself(
        tables: Callable[..., tuple[TableSession, ScriptedShoe, FloorLink]], floor: Floor,
        pg_server: PostgresServer) -> None:
    cable = Cable(pg_server)
    try:
        a, shoe, link = tables("L01", url=cable.url("floor_station", floor.dbname),
                               wrap=lambda own: CutDuring(own, cable))
        b, _shoe_b, _ = tables("L02")
        shoe.load(NO_HIT_DECK)
        bets(a)
        a.execute("no_more_bets")  # mid-round: the bets are placed, the cable cut as the contribution goes out
        closed = [PoolClosed.from_payload(e.payload) for e in a.journal.events(kinds={"pool_closed"})]
        assert len(closed) == 1 and closed[0].sent and closed[0].returned == {4: Decimal(1), 2: Decimal(1)}
        assert pool_note(a.view()) is not None and pool_note(a.view()).english() == "Pool closed: no link"  # type: ignore[union-attr]
        a.execute("decide", 2, "flop")
        a.execute("decide", 4, "fold")
        a.execute("reveal")
        finish(a)  # the round plays on without its Pool
        settled = list(a.journal.events(kinds={"settled"}))[-1].payload["settlement"]
        assert all("pool" not in s["bets"] for s in settled["seats"])  # the Pool stakes went back
        a.execute("open_round")
        with pytest.raises(RuleError, match="Pool closed: no link") as refused:
            a.execute("set_bets", 2, {"ante": "10", "pool": "1"})
        assert refused.value.key == "refuse_pool_closed"
        a.execute("set_bets", 2, {"ante": "10"})  # every other bet plays
        cable.mend()
        assert wait(link.available)  # back by itself: the watcher reached the floor again
        assert pool_note(a.view()) is None
        a.execute("set_bets", 4, {"ante": "10", "pool": "1"})
        shoe.load(NO_HIT_DECK)
        a.execute("no_more_bets")  # first cancels the round it never heard back on, then contributes
        ops = [(c.op, c.round_id) for c in commits(a)]
        assert ops == [("cancel", "L01-000001"), ("contribute", "L01-000002")]
        assert not a.view().state.game_state.unconfirmed
        to_flop(b, _shoe_b, NO_HIT_DECK)
        finish(b)
        report = reconcile(floor, a, b)
        assert report["tables"]["L01"]["contributed"] == "0.25"
    finally:
        cable.close()


def test_a_void_instead_of_the_verification_takes_the_hit_back_out_at_the_controller(
        tables: Callable[..., tuple[TableSession, ScriptedShoe, FloorLink]], floor: Floor) -> None:
    a, shoe, link = tables("L01")
    b, _shoe_b, _ = tables("L02")
    to_flop(a, shoe, ROYAL_DECK)
    assert wait(lambda: pool_note(b.view()) is not None)  # pending on the other member
    a.supervise("void", BADGE, PIN, "dispute")
    assert wait(lambda: pool_note(b.view()) is None)
    assert [c.op for c in commits(a)] == ["contribute", "award", "cancel"]
    report = reconcile(floor, a, b)
    assert report["hits"] == 0 and report["history"] == [] and report["tables"]["L01"]["contributed"] == "0"
    assert report["meter"] == "500.00"  # everything the round put in and took out, taken back


def test_an_award_that_cannot_reach_the_controller_halts_and_is_committed_after_a_resume(
        tables: Callable[..., tuple[TableSession, ScriptedShoe, FloorLink]], floor: Floor,
        pg_server: PostgresServer) -> None:
    cable = Cable(pg_server)
    try:
        a, shoe, link = tables("L01", url=cable.url("floor_station", floor.dbname))
        shoe.load(ROYAL_DECK)
        bets(a)
        a.execute("no_more_bets")  # acknowledged: the round plays its Pool
        a.execute("decide", 2, "flop")
        a.execute("decide", 4, "fold")
        cable.cut()
        a.execute("reveal")  # the flop: a royal, and no controller to award it
        halt = a.view().round.halt if a.view().round is not None else None
        assert halt is not None and (halt.kind, halt.cause) == ("internal", "pool_link_down")
        with pytest.raises(RuleError):  # the round waits for the award: nothing else moves it on
            a.execute("decide", 2, "check")
        cable.mend()
        assert wait(link.available)
        a.supervise("resume", BADGE, PIN, "link back")
        rnd = a.view().round
        assert rnd is not None and rnd.halt is not None and rnd.halt.kind == "jackpot_verify"  # awarded now, held
        a.supervise("verify_jackpot", BADGE, PIN, "hand checked")
        finish(a)
        assert [c.op for c in commits(a)] == ["contribute", "award"]
        assert reconcile(floor, a)["tables"]["L01"]["hits"] == 1
    finally:
        cable.close()


class Relay(PoolLink):
    """A table's link that passes every call to the real one (subclasses break it on purpose)."""

    def __init__(self, inner: FloorLink) -> None:
        self.inner, self.link = inner, inner.link

    def available(self) -> bool:
        return self.inner.available()

    def contribute(self, round_id: str, stakes: Sequence[tuple[int, Decimal]]) -> LinkCommit | None:
        return self.inner.contribute(round_id, stakes)

    def award(self, round_id: str, hits: Sequence[PoolHit]) -> LinkCommit:
        return self.inner.award(round_id, hits)

    def cancel(self, round_id: str) -> list[LinkCommit]:
        return self.inner.cancel(round_id)

    def verify(self, round_id: str, seats: Sequence[int], by: str) -> None:
        self.inner.verify(round_id, seats, by)

    def status(self) -> LinkStatus | None:
        return self.inner.status()


class CutDuring(Relay):
    """The first contribution goes out as the cable is cut: the table cannot know whether it arrived."""

    def __init__(self, inner: FloorLink, cable: Cable) -> None:
        super().__init__(inner)
        self.cable, self.cut = cable, False

    def contribute(self, round_id: str, stakes: Sequence[tuple[int, Decimal]]) -> LinkCommit | None:
        if not self.cut:
            self.cut = True
            self.cable.cut()
        return self.inner.contribute(round_id, stakes)


class CrashAfterCommit(Relay):
    """The station dies right after the controller committed, before its journal holds the answer."""

    def __init__(self, inner: FloorLink, op: str) -> None:
        super().__init__(inner)
        self.op = op

    def contribute(self, round_id: str, stakes: Sequence[tuple[int, Decimal]]) -> LinkCommit | None:
        done = self.inner.contribute(round_id, stakes)
        if self.op == "contribute":
            raise KeyboardInterrupt("killed")
        return done

    def award(self, round_id: str, hits: Sequence[PoolHit]) -> LinkCommit:
        done = self.inner.award(round_id, hits)
        if self.op == "award":
            raise KeyboardInterrupt("killed")
        return done


@pytest.mark.parametrize("op", ["contribute", "award"])
def test_a_station_killed_after_the_controller_committed_loses_nothing_and_counts_nothing_twice(
        tables: Callable[..., tuple[TableSession, ScriptedShoe, FloorLink]], floor: Floor, tmp_path: Path,
        op: str) -> None:
    probe = FloorLink(floor.station_url, terms(), "L01").start()
    a, shoe, _ = tables("L01", link=CrashAfterCommit(probe, op))
    shoe.load(ROYAL_DECK)
    bets(a)
    with pytest.raises(KeyboardInterrupt):
        if op == "contribute":
            a.execute("no_more_bets")
        else:
            a.execute("no_more_bets")
            a.execute("decide", 2, "flop")
            a.execute("decide", 4, "fold")
            a.execute("reveal")
    a.journal.close()
    probe.stop()
    # The restart: the same journal, a new link; the croupier does again what the journal does not hold.
    again, shoe2, _ = tables("L01")
    rnd = again.view().round
    assert rnd is not None and not rnd.finished
    shoe2.load(ROYAL_DECK)
    if op == "contribute":
        assert rnd.phase == "betting"
        again.execute("no_more_bets")
        again.devices_ready()  # the restarted shoe: the verified deck the round waits for
        again.execute("decide", 2, "flop")
        again.execute("decide", 4, "fold")
    again.execute("reveal")
    again.supervise("verify_jackpot", BADGE, PIN, "hand checked")
    finish(again)
    ops = [(c.seq, c.op) for c in commits(again)]
    assert ops == [(1, "contribute"), (2, "award")]  # each once, with the controller's own seq
    with psycopg.connect(floor.owner_url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.jackpot_link_commits").fetchone() == (2,)
    report = reconcile(floor, again)
    assert report["tables"]["L01"] == {"contributed": "0.50", "awarded": report["awarded"], "seeded": report["seeded"],
                                       "hits": 1, "commits": 2}


def test_jackpot_cli_reports_the_link_and_fails_when_a_journal_does_not_reconcile(
        tables: Callable[..., tuple[TableSession, ScriptedShoe, FloorLink]], floor: Floor, tmp_path: Path) -> None:
    a, shoe, _ = tables("L01")
    to_flop(a, shoe, NO_HIT_DECK)
    finish(a)
    cmd = [sys.executable, "-m", "dealer_station", "jackpot", "--floor", floor.report_url, "--link", "bank-1",
           "--journal", str(a.journal.path), "--json"]
    done = station_cli.run(cmd, capture_output=True)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    for key in ("meter", "overflow", "opening", "reset", "hits", "contributed", "awarded", "seeded", "reconciled",
                "installed", "history", "reserve", "tables", "order", "pending"):
        assert key in report
    assert report["opening"] == "500.00" and report["tables"]["L01"]["contributed"] == "0.50"
    text = station_cli.run(cmd[:-1], capture_output=True)
    assert text.returncode == 0 and "journal L01" in text.stdout and text.stdout.endswith("reconciled\n")
    # a commit the journal never got (another station wrote under L01's name): exit 1, said which
    FloorLink(floor.station_url, terms(), "L01").contribute("L01-000009", [(1, Decimal(1))])
    bad = station_cli.run(cmd, capture_output=True)
    assert bad.returncode == 1 and json.loads(bad.stdout)["journals"]["L01"]["missing"] == [2]
    refused = station_cli.run([sys.executable, "-m", "dealer_station", "jackpot", "--link", "bank-1"],
                              capture_output=True)
    assert refused.returncode == 2 and "needs both --floor URL and --link NAME" in refused.stderr
    unknown = station_cli.run([*cmd[:6], "--link", "bank-9"], capture_output=True)
    assert unknown.returncode == 2 and "no link 'bank-9'" in unknown.stderr


@pytest.mark.slow(seconds=50)
def test_three_linked_tables_simulated_reconcile_exactly_from_the_floor_and_every_journal(
        floor: Floor, tmp_path: Path) -> None:
    """Issue 22's check: ``simulate --tables 3 --config thb-linked --floor URL --rounds 200 --faults pool_hit:0.2``."""
    journals = tmp_path / "tables"
    journals.mkdir()
    done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--tables", "3", "--config",
                            "thb-linked", "--floor", floor.station_url, "--rounds", "200", "--faults", "pool_hit:0.2",
                            "--journal-dir", str(journals), "--json"], capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    tables = json.loads(done.stdout)["tables"]
    assert [t["table_id"] for t in tables] == ["L01", "L02", "L03"]
    assert all(t["rounds_completed"] == 200 for t in tables), [(t["rounds_completed"], t["voided"]) for t in tables]
    report = station_cli.run([sys.executable, "-m", "dealer_station", "jackpot", "--floor", floor.report_url,
                              "--link", "bank-1", *[a for t in tables for a in ("--journal", t["journal"])],
                              "--json"], capture_output=True)
    assert report.returncode == 0, report.stdout[-3000:]
    data = json.loads(report.stdout)
    assert data["reconciled"] and data["floor"] == {"conserved": True, "replayed": True, "commit_order": True}
    assert all(j["reconciled"] and j["commits"] > 0 for j in data["journals"].values())
    assert data["hits"] >= 30 and all(t["hits"] > 0 for t in data["tables"].values())
    assert data["pending"] == []  # every held hit was verified (or its round voided) at its own table
    # every award was computed from the meter the commit before it left (the replay above), and the
    # commits interleave the three tables: one meter, in the controller's order
    order = [o["table_id"] for o in data["order"]]
    assert len(set(order)) == 3 and any(a != b for a, b in zip(order, order[1:], strict=False))


def test_a_station_whose_rules_differ_from_its_link_is_refused_before_its_journal_is_written(
        floor: Floor, tmp_path: Path) -> None:
    from dealer_station.station import Station

    first = FloorLink(floor.station_url, terms(), "L01").start()
    first.stop()
    other = linked_table("L02")
    jackpot = other.options.jackpot.model_copy(update={"cap": Decimal("800.00")})
    table = other.model_copy(update={"options": other.options.model_copy(update={"jackpot": jackpot})})
    journal = tmp_path / "L02.sqlite"
    with pytest.raises(ConfigError, match=r"table L02's jackpot rules differ from link bank-1's \(cap 800, not 750\)"):
        Station(table, journal_path=journal, floor_url=floor.station_url).start()
    assert not journal.exists()


class KillsTheFloor(FloorLink):
    """The floor's server is SIGKILLed while the step is inside it: ``floor.link_step`` waits for the
    link's row (another session holds it) when the postmaster dies (mid-contribution or mid-award)."""

    def __init__(self, floor: Floor, table_id: str, server: PostgresServer, op: str) -> None:
        super().__init__(floor.station_url, terms(), table_id, poll=0.05)
        self.owner_url, self.server, self.op, self.killed = floor.owner_url, server, op, False

    def _step(self, op, round_id, request):  # type: ignore[no-untyped-def]
        if op != self.op or self.killed:
            return super()._step(op, round_id, request)
        self.killed = True
        holder = psycopg.connect(self.owner_url)
        holder.execute("SELECT 1 FROM floor.jackpot_links FOR UPDATE")  # the step will wait for this row
        killer = threading.Timer(0.3, self.server.kill)
        killer.start()
        try:
            return super()._step(op, round_id, request)
        finally:
            killer.join()
            holder.close()


@pytest.mark.slow  # SIGKILLs a PostgreSQL server of its own mid-commit
@pytest.mark.parametrize("op", ["contribute", "award"])
def test_the_floor_killed_mid_commit_loses_nothing_and_counts_nothing_twice(tmp_path: Path, op: str) -> None:
    with PostgresServer.running() as server:
        floor = new_floor(server)
        credentials = CredentialStore(tmp_path / "c.json")
        credentials.add(BADGE, PIN)
        link = KillsTheFloor(floor, "L01", server, op).start()
        journal = Journal(tmp_path / "L01.sqlite", table_id="L01")
        try:
            shoe = ScriptedShoe()
            a = TableSession(linked_table("L01"), journal, shoe=shoe, credentials=credentials, services=(link,))
            shoe.session = a
            a.start({"version": "test"})
            to_flop(a, shoe, ROYAL_DECK)
            rnd = a.view().round
            assert rnd is not None and link.killed
            server.restart_after_crash()
            assert wait(link.available, 20)
            if op == "contribute":  # never acknowledged: the round played no Pool, cancelled once the floor is back
                assert rnd.halt is None and list(a.journal.events(kinds={"pool_closed"}))
                finish(a)
                bets(a)
                a.execute("no_more_bets")
                assert [c.op for c in commits(a)] == ["cancel", "contribute"]
                assert commits(a)[0].facts == ()  # the killed transaction had committed nothing
            else:  # acknowledged, then the award's transaction died with the server: resumed, awarded once
                assert rnd.halt is not None and rnd.halt.cause == "pool_link_down"
                a.supervise("resume", BADGE, PIN, "floor back")
                a.supervise("verify_jackpot", BADGE, PIN, "hand checked")
                finish(a)
                assert [c.op for c in commits(a)] == ["contribute", "award"]
            reconcile(floor, a)
        finally:
            link.stop()
            journal.close()
