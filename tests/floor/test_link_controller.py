"""The linked progressive's controller computes the meter; a member only says what its round did
(issue 38 items 1-2, issue 42 item 4), on real PostgreSQL.

The floor's arithmetic and its Pool evaluator are new code (PL/pgSQL, migration 0016): each is held
to the station's own definitions - ``jackpot.py``'s meter and ``evaluator.py``'s hands, which are
not the code under test here - on every category and thousands of random cases. The attacks are
the ones the issue reproduced, made by a login pinned to its own table: each is refused, raises an
integrity alarm the pit lists, and leaves the shared meter as it was.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.cards import parse_card
from dealer_station.errors import ConfigError
from dealer_station.evaluator import Category, category_of, strength
from dealer_station.floor.link import FloorLink
from dealer_station.floor.link_report import link_report
from dealer_station.floor.migrate import migrate
from dealer_station.floor.queries import alarms
from dealer_station.floor.roles import pin_station
from dealer_station.jackpot import (
    Award,
    JackpotFact,
    JackpotMeter,
    JackpotRules,
    LinkCommit,
    PoolHit,
    Reversal,
    facts_payload,
    meter_from_state,
    meter_state,
)
from dealer_station.journal import Journal
from dealer_station.money import exact_money, format_money
from tests import cli as station_cli
from tests.floor.conftest import Floor, new_floor
from tests.floor.link_0015 import Link0015
from tests.floor.linkcut import Cable
from tests.floor.test_ingest import forward
from tests.floor.test_jackpot_link import (
    BADGE,
    NO_HIT_DECK,
    PIN,
    ROYAL_DECK,
    Relay,
    bets,
    commits,
    finish,
    linked_table,
    reconcile,
    tables,  # noqa: F401  (the fixture: a linked table on its own journal)
    terms,
    wait,
)
from tests.pg import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def hand(*cards: str) -> list[int]:
    return [parse_card(c) for c in cards]


ROYAL = hand("As", "Ks", "Qs", "Js", "Ts")


def step(url: str, table_id: str, round_id: str, op: str, request: Any, journal_seq: int | None = None) -> Any:
    """One ``floor.link_step`` as a member's login calls it, straight (a forging station does)."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT floor.link_step('bank-1', %s, %s, %s, %s::jsonb, %s)",
                           (table_id, round_id, op, json.dumps(request), journal_seq)).fetchone()
    assert row is not None
    return row[0]


def link_row(floor: Floor) -> tuple[dict[str, Any], int]:
    with psycopg.connect(floor.owner_url) as conn:
        row = conn.execute("SELECT state, version FROM floor.jackpot_links WHERE link = 'bank-1'").fetchone()
    assert row is not None
    return row[0], row[1]


def pit_alarms(floor: Floor, table_id: str) -> list[str]:
    """The integrity alarms the pit lists for ``table_id`` (``queries.alarms``, its one source)."""
    with psycopg.connect(floor.report_url) as conn:
        return [a.reason for a in alarms(conn, tables=[table_id])]


# -- the floor's own Pool evaluator, against the station's -------------------------------------------


def every_category(rng: random.Random) -> list[list[int]]:
    """Hands of every category built on purpose (a random deal almost never gives a royal): every
    straight flush (the royals and the steel wheels among them), every wheel and broadway suit pattern
    sampled, quads, full houses, flushes, straights, and the small categories."""
    out: list[list[int]] = []
    for suit in range(4):
        for low in range(-1, 9):  # -1: the wheel, A-2-3-4-5
            out.append([(12 if r < 0 else r) * 4 + suit for r in range(low, low + 5)])
    for _ in range(300):
        ranks = rng.sample(range(13), 5)
        suit = rng.randrange(4)
        out.append([r * 4 + suit for r in ranks])  # a flush (or, rarely, a straight flush)
        low = rng.randrange(-1, 9)
        out.append([(12 if r < 0 else r) * 4 + rng.randrange(4) for r in range(low, low + 5)])  # a straight (or flush)
        a, b = rng.sample(range(13), 2)
        out.append([a * 4 + s for s in range(4)] + [b * 4 + rng.randrange(4)])  # four of a kind
        out.append([a * 4 + s for s in rng.sample(range(4), 3)] + [b * 4 + s for s in rng.sample(range(4), 2)])
        a, b, c = rng.sample(range(13), 3)
        out.append([a * 4 + s for s in rng.sample(range(4), 3)] + [b * 4 + 0, c * 4 + 1])  # trips
        out.append([a * 4 + s for s in rng.sample(range(4), 2)] + [b * 4 + s for s in rng.sample(range(4), 2)]
                   + [c * 4 + rng.randrange(4)])  # two pair
    return out


def test_the_floors_pool_evaluator_names_every_hand_as_the_stations_evaluator_does(floor: Floor) -> None:
    rng = random.Random(38)
    hands = every_category(rng) + [rng.sample(range(52), 5) for _ in range(20_000)]
    for h in hands:
        rng.shuffle(h)  # the order of the cards never matters
    with psycopg.connect(floor.owner_url) as conn:
        got = [r[0] for r in conn.execute(
            "SELECT floor.pool_category(ARRAY(SELECT jsonb_array_elements_text(h)::integer)) "
            "FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS x(h, n) ORDER BY n", (json.dumps(hands),))]
    want = [category_of(strength(h)).label for h in hands]
    wrong = [(h, g, w) for h, g, w in zip(hands, got, want, strict=True) if g != w]
    assert wrong == []
    counts = {c.label: want.count(c.label) for c in Category}
    assert all(n >= 4 for n in counts.values()), counts  # every category, royals (4) included, many times


# -- the floor's meter arithmetic, against jackpot.py's ------------------------------------------------


def random_rules(rng: random.Random) -> JackpotRules:
    reset = rng.choice([Decimal(500), Decimal(0), Decimal("100.5")])
    return JackpotRules(rate=rng.choice([Decimal("0.25"), Decimal("0.1"), Decimal("0.333"), Decimal(1)]), reset=reset,
                        cap=rng.choice([None, reset, reset + Decimal(10), reset + Decimal("250.37")]),
                        verify_at=rng.choice([None, Decimal(50), Decimal(250)]),
                        reserve_rate=rng.choice([None, Decimal("0.1"), Decimal("0.333")]))


def expected_rows(before: JackpotMeter, facts: list[JackpotFact]) -> list[dict[str, Decimal | int | str | bool]]:
    """NJ 13:69E-1.39A's meters per award, folded independently of the floor: each award's display is the
    meter it hit; in, hits and wins are the totals right after it; overflow and reserve after its raise."""
    rows: list[dict[str, Decimal | int | str | bool]] = []
    meter = before
    for fact in facts:
        if isinstance(fact, Award):
            rows.append({"seat": fact.seat, "category": fact.category, "percent": fact.percent, "amount": fact.amount,
                         "needs_verification": fact.needs_verification, "display": meter.meter})
        meter = meter.apply(fact)
        if isinstance(fact, Award):
            rows[-1].update(meter_in=meter.contributed, hits=meter.hits, wins=meter.awarded)
        if rows:
            rows[-1].update(overflow=meter.overflow, reserve=meter.reserve)  # the raise after it, until the next award
    return rows


def test_the_floors_meter_arithmetic_is_jackpot_py_fact_for_fact(floor: Floor) -> None:
    rng = random.Random(42)
    with psycopg.connect(floor.owner_url, autocommit=True) as conn, exact_money():
        def sql(fn: str, rules: JackpotRules, meter: JackpotMeter, arg: Any) -> Any:
            row = conn.execute(f"SELECT floor.{fn}(%s::jsonb, %s::jsonb, %s::jsonb)",
                               (json.dumps(rules.meter_rules()), json.dumps(meter_state(meter)), json.dumps(arg))).fetchone()
            assert row is not None
            return row[0]

        checked = {"contribute": 0, "award": 0, "cancel": 0, "overflow": 0, "reserve_draw": 0, "seed": 0}
        for _ in range(12):
            rules = random_rules(rng)
            meter = JackpotMeter.fresh(rules)
            rounds: list[list[JackpotFact]] = []
            for _ in range(40):
                op = rng.choices(["contribute", "award", "cancel"], [6, 3, 1])[0]
                if op == "contribute":
                    seats = sorted(rng.sample(range(1, 7), rng.randint(1, 6)), reverse=True)
                    stakes = [(s, rng.choice([Decimal(1), Decimal(5), Decimal("2.5"), Decimal("0.01"), Decimal(100)]))
                              for s in seats]
                    facts: list[JackpotFact] = list(meter.contribute(stakes))
                    got = sql("link_contribute", rules, meter,
                              [{"seat": s, "stake": format_money(v)} for s, v in stakes])
                elif op == "award":
                    seats = sorted(rng.sample(range(1, 7), rng.randint(1, 3)), reverse=True)
                    hits = [PoolHit(s, "straight", rng.choice([Decimal(10), Decimal(20), Decimal("33.33"),
                                                               Decimal(100), Decimal("0.5")])) for s in seats]
                    facts = list(meter.award_all(hits))
                    got = sql("link_award", rules, meter,
                              [{"seat": h.seat, "category": h.category, "percent": format_money(h.percent)} for h in hits])
                    want_rows = expected_rows(meter, facts)
                    money = ("percent", "amount", "display", "meter_in", "wins", "overflow", "reserve")
                    got_rows = [{k: Decimal(v) if k in money else v for k, v in row.items()} for row in got["awards"]]
                    assert got_rows == want_rows
                else:
                    if not rounds:
                        continue
                    undone = rounds.pop(rng.randrange(len(rounds)))
                    reversals: list[JackpotFact] = [Reversal(f) for f in reversed(undone)]  # type: ignore[arg-type]
                    facts = [*reversals, *meter.apply_all(reversals).raise_to_reset()]
                    got = sql("link_cancel", rules, meter, facts_payload(undone))
                assert got["facts"] == facts_payload(facts), (op, rules)
                meter = meter.apply_all(facts)
                assert got["after"] == meter_state(meter), (op, rules)
                if op != "cancel":
                    rounds.append(facts)
                checked[op] += 1
                for f in facts:
                    kind = f.kind.removeprefix("jackpot_")
                    if kind in checked:
                        checked[kind] += 1
        assert all(n > 0 for n in checked.values()), checked  # every path of the arithmetic was taken


# -- the attacks of issue 38, by a login pinned to its own table --------------------------------------


@pytest.fixture
def pinned(floor: Floor, pg_server: PostgresServer) -> str:
    """The URL of login station_l01, pinned to table L01, a member of bank-1 with one honest round."""
    pin_station(floor.owner_url, "station_l01", ["L01"])
    url = pg_server.url("station_l01", floor.dbname)
    link = FloorLink(url, terms(), "L01").start()
    try:
        link.contribute("L01-000001", [(4, Decimal(1)), (2, Decimal(1))])
    finally:
        link.stop()
    return url


def test_a_pinned_login_cannot_push_the_shared_meter_over_its_cap(floor: Floor, pinned: str) -> None:
    before = link_row(floor)
    with psycopg.connect(pinned, autocommit=True) as conn:  # the issue's own attack: a meter of 99,998.43 sent
        with pytest.raises(psycopg.errors.UndefinedFunction):
            conn.execute("SELECT floor.link_commit('bank-1', 'L01', 'L01-000002', 'contribute', 1, '[]', '[]', "
                         "%s::jsonb, '[]')", (json.dumps({**before[0], "meter": "99998.43"}),))
    forged = [{"seat": 1, "stake": "399993.72", "amount": "99998.43"}]  # a stake that would make that meter
    answer = step(pinned, "L01", "L01-000002", "contribute", {"stakes": forged})
    assert "seat 1's Pool stake 399993.72 is not the link's Pool stake 1" in answer["refused"]
    padded = [{"seat": 1, "stake": "1", "amount": "99998.43"}]  # the right stake, a contribution of its own making
    answer = step(pinned, "L01", "L01-000003", "contribute", {"stakes": padded})
    assert "seat 1's contribution 99998.43 is not 0.25 (its stake 1 x rate 0.25)" in answer["refused"]
    assert link_row(floor) == before  # nothing moved
    assert Decimal(before[0]["meter"]) <= Decimal("750")
    raised = pit_alarms(floor, "L01")
    assert len(raised) == 2 and all(r.startswith("link bank-1 refused contribute for round L01-00000") for r in raised)
    assert link_report(floor.report_url, "bank-1")["floor"] == {"conserved": True, "replayed": True, "commit_order": True}


def test_an_award_with_no_hit_or_no_pool_stake_is_refused_and_alarmed(floor: Floor, pinned: str) -> None:
    before = link_row(floor)

    def award(round_id: str, *hits: dict[str, Any]) -> str:
        answer = step(pinned, "L01", round_id, "award", {"hits": list(hits)})
        assert set(answer) == {"refused"}, answer
        return str(answer["refused"])

    royal = {"seat": 1, "category": "royal_flush", "percent": "100", "cards": ROYAL}
    # the 1,000,000 to seat 1: no Pool stake in the round (and a member cannot name an amount at all)
    assert "seat 1 has no Pool stake in round L01-000009" in award("L01-000009", royal)
    # seat 4 staked in round 1, but holds no hit: its "royal" is nine-high
    nothing = {**royal, "seat": 4, "cards": hand("9c", "7d", "5h", "3s", "2c")}
    assert "seat 4's Pool hand" in award("L01-000001", nothing) and "is high_card: the link's pay table pays no award" in \
        award("L01-000001", nothing)
    straight = {**royal, "seat": 4, "cards": hand("9d", "8c", "Qs", "Js", "Ts")}
    assert "is straight, not royal_flush" in award("L01-000001", straight)
    assert "the link pays straight 10% of the meter, not 100%" in award("L01-000001", {**straight, "category": "straight"})
    twice = {**royal, "seat": 4, "cards": hand("As", "As", "Qs", "Js", "Ts")}
    assert "not five different cards" in award("L01-000001", twice)
    short = {**royal, "seat": 4, "cards": ROYAL[:4]}
    assert "is not five cards" in award("L01-000001", short)
    other_flop = {"seat": 2, "category": "flush", "percent": "20", "cards": hand("2h", "5h", "9h", "Jh", "Kh")}
    assert "flop" in award("L01-000001", {**royal, "seat": 4}, other_flop)
    shared_hole = {**royal, "seat": 2}
    assert "dealt elsewhere too" in award("L01-000001", {**royal, "seat": 4}, shared_hole)
    low_first = [{**royal, "seat": 2}, {**straight, "seat": 4, "category": "straight", "percent": "10"}]
    assert "highest seat first" in award("L01-000001", *low_first)
    assert link_row(floor) == before
    assert len(pit_alarms(floor, "L01")) == 9
    # and the honest award of that round still goes through, from the meter as it stood
    link = FloorLink(pinned, terms(), "L01")
    done = link.award("L01-000001", [PoolHit(4, "royal_flush", Decimal(100), tuple(ROYAL))])
    assert [f.amount for f in done.facts if isinstance(f, Award)] == [Decimal("500.45")]


def test_totals_never_go_down_and_a_meter_edited_by_hand_stops_the_link_with_an_alarm(floor: Floor, pinned: str) -> None:
    before = link_row(floor)
    for stakes in ([{"seat": 3, "stake": "-1", "amount": "-0.25"}], [{"seat": 3, "stake": "0", "amount": "0"}],
                   [{"seat": 3, "stake": "1", "amount": "-0.25"}], [{"seat": 0, "stake": "1", "amount": "0.25"}],
                   [{"seat": 3, "stake": 1, "amount": "0.25"}], [{"seat": 4, "stake": "1", "amount": "0.25"}] * 2):
        assert "refused" in step(pinned, "L01", "L01-000002", "contribute", {"stakes": stakes})
    assert link_row(floor) == before
    assert len(pit_alarms(floor, "L01")) == 6
    # A meter edited on the floor by hand (it no longer adds up): every step refuses and alarms, nothing is stored.
    with psycopg.connect(floor.owner_url) as conn:
        conn.execute("UPDATE floor.jackpot_links SET state = state || '{\"meter\": \"99998.43\"}'")
    answer = step(pinned, "L01", "L01-000002", "contribute", {"stakes": [{"seat": 3, "stake": "1", "amount": "0.25"}]})
    assert "the controller's own step would leave the meters at" in answer["refused"]
    assert link_row(floor)[1] == before[1]  # no commit
    assert len(pit_alarms(floor, "L01")) == 7


# -- what the floor knows of the round ---------------------------------------------------------------------


class Forging(Relay):
    """A member that tells the controller something other than its journal: one seat's Pool stake
    dropped from the contribution, or another seat's cards claimed for the award."""

    def __init__(self, inner: FloorLink, what: str) -> None:
        super().__init__(inner)
        self.what = what

    def contribute(self, round_id: str, stakes: Any) -> LinkCommit | None:
        return self.inner.contribute(round_id, stakes[:1] if self.what == "stakes" else stakes)

    def award(self, round_id: str, hits: Any) -> LinkCommit:
        if self.what == "cards":  # seat 4 folded a nothing hand: claim seat 2's royal for it instead
            hits = [PoolHit(4, hits[0].category, hits[0].percent, hits[0].cards)]
        return self.inner.award(round_id, hits)


@pytest.mark.parametrize("what", ["stakes", "cards"])
def test_a_step_that_contradicts_the_round_the_floor_holds_is_refused_and_alarmed(
        tables: Any, floor: Floor, what: str) -> None:  # noqa: F811  (the fixture imported above)
    a, shoe, own = tables("L01", wrap=lambda link: Forging(link, what))
    own.journal_seq = lambda: a.journal.last_seq  # as the station sets it

    def caught_up() -> None:  # the floor holds the table's journal up to its last record
        forward(a.journal.path, floor.station_url, "L01")

    shoe.load(ROYAL_DECK)
    bets(a)
    if what == "stakes":
        caught_up()
        a.execute("no_more_bets")  # refused: not acknowledged, so the round plays no Pool (the link-down rule)
        closed = [e.payload for e in a.journal.events(kinds={"pool_closed"})]
        assert len(closed) == 1 and closed[0]["sent"] and closed[0]["returned"] == {"4": "1", "2": "1"}
        assert 'the round\'s Pool stakes per seat are {"2": 1, "4": 1} on the floor' in closed[0]["reason"]
        assert commits(a) == []
    else:
        a.execute("no_more_bets")
        a.execute("decide", 2, "flop")
        a.execute("decide", 4, "fold")
        caught_up()
        a.execute("reveal")  # the award is refused: the round halts for it, as when the controller cannot answer
        halt = a.view().round.halt if a.view().round is not None else None
        assert halt is not None and halt.cause == "pool_link_down" and "seat 4's Pool card 1 is" in halt.text
        assert [c.op for c in commits(a)] == ["contribute"]
    raised = pit_alarms(floor, "L01")
    assert len(raised) == 1 and "on the floor" in raised[0]


def test_a_round_the_controller_holds_with_other_stakes_plays_no_pool_and_is_cancelled_there_later(
        tables: Any, floor: Floor) -> None:  # noqa: F811
    """A station killed after the controller committed its contribution and before its journal held it,
    whose croupier then locks other stakes: the round is not acknowledged, so it plays no Pool, and the
    next round cancels it at the controller, journaling what the controller held of it."""
    a, shoe, own = tables("L01")
    own.contribute("L01-000001", [(5, Decimal(1))])  # what reached the controller before the crash
    shoe.load(NO_HIT_DECK)
    bets(a)
    a.execute("no_more_bets")
    closed = [e.payload for e in a.journal.events(kinds={"pool_closed"})]
    assert len(closed) == 1 and closed[0]["sent"] and "already contributed other Pool stakes" in closed[0]["reason"]
    a.execute("decide", 2, "flop")
    a.execute("decide", 4, "fold")
    a.execute("reveal")
    finish(a)
    shoe.load(NO_HIT_DECK)
    bets(a)
    a.execute("no_more_bets")
    assert [(c.op, c.round_id) for c in commits(a)] == [
        ("contribute", "L01-000001"), ("cancel", "L01-000001"), ("contribute", "L01-000002")]
    assert reconcile(floor, a)["tables"]["L01"]["contributed"] == "0.50"


def test_a_round_voided_while_the_link_is_down_is_cancelled_later_without_journaling_its_commits_twice(
        tables: Any, floor: Floor, pg_server: PostgresServer) -> None:  # noqa: F811
    cable = Cable(pg_server)
    try:
        a, shoe, link = tables("L01", url=cable.url("floor_station", floor.dbname))
        shoe.load(NO_HIT_DECK)
        bets(a)
        a.execute("no_more_bets")  # acknowledged and journaled
        cable.cut()
        a.supervise("void", BADGE, PIN, "dispute")  # the cancel cannot reach the controller: the round waits, unconfirmed
        assert a.view().state.game_state.unconfirmed == ("L01-000001",)
        cable.mend()
        assert wait(link.available)
        shoe.load(NO_HIT_DECK)
        bets(a)
        a.execute("no_more_bets")
        seqs = [c.seq for c in commits(a)]
        assert seqs == [1, 2, 3] and [c.op for c in commits(a)] == ["contribute", "cancel", "contribute"]
        assert reconcile(floor, a)["journals"]["L01"]["journaled_twice"] == 0
    finally:
        cable.close()


@pytest.mark.parametrize("then", ["no_pool", "no_link"])
def test_a_round_whose_contribution_a_killed_run_sent_is_cancelled_even_if_it_plays_no_pool_after_the_restart(
        tables: Any, floor: Floor, pg_server: PostgresServer, then: str) -> None:  # noqa: F811
    cable = Cable(pg_server)
    try:
        a, shoe, link = tables("L01", url=cable.url("floor_station", floor.dbname))
        bets(a)
        link.contribute("L01-000001", [(4, Decimal(1)), (2, Decimal(1))])  # reached the controller; then the kill
        a.journal.close()
        link.stop()
        if then == "no_link":
            cable.cut()
        again, shoe2, link2 = tables("L01", url=cable.url("floor_station", floor.dbname))
        rnd = again.view().round
        assert rnd is not None and rnd.round_id == "L01-000001" and rnd.phase == "betting"
        if then == "no_pool":
            again.execute("set_bets", 2, {"ante": "10"})
            again.execute("set_bets", 4, {"ante": "10"})
        shoe2.load(NO_HIT_DECK)
        again.execute("no_more_bets")  # no Pool now, but the controller may hold one: the round is unconfirmed
        assert again.view().state.game_state.unconfirmed == ("L01-000001",)
        again.devices_ready()
        again.execute("decide", 2, "flop")
        again.execute("decide", 4, "fold")
        again.execute("reveal")
        finish(again)
        cable.mend()
        assert wait(link2.available)
        shoe2.load(NO_HIT_DECK)
        bets(again)
        again.execute("no_more_bets")
        assert [(c.op, c.round_id) for c in commits(again)] == [
            ("contribute", "L01-000001"), ("cancel", "L01-000001"), ("contribute", "L01-000002")]
        assert reconcile(floor, again)["tables"]["L01"]["contributed"] == "0.50"
    finally:
        cable.close()


def test_a_cancel_takes_back_a_reserve_share_another_round_spent_and_the_meters_still_add_up(floor: Floor) -> None:
    link = FloorLink(floor.station_url, terms(), "L01").start()
    try:
        link.contribute("L01-000001", [(4, Decimal(1)), (2, Decimal(1))])  # 0.05 to the reserve
        link.contribute("L01-000002", [(3, Decimal(1))])
        link.award("L01-000002", [PoolHit(3, "royal_flush", Decimal(100), tuple(ROYAL))])  # its raise spends the reserve
        undone = link.cancel("L01-000001")[-1]
        assert dict(undone.after)["reserve"] == "-0.05" and dict(undone.after)["meter"] == "500"
        report = link_report(floor.report_url, "bank-1")
        assert report["floor"] == {"conserved": True, "replayed": True, "commit_order": True}
    finally:
        link.stop()


def test_a_step_frees_the_link_before_its_flush_and_the_members_wait_flushes_it(tmp_path: Path) -> None:
    """The step commits without waiting for its WAL flush (the row is free for the next member at once);
    ``floor.link_durable`` then flushes the WAL past the step's commit before the member journals it."""
    with PostgresServer.running(settings={"wal_writer_delay": "10000ms"}) as server:  # no background flush soon
        floor = new_floor(server)
        FloorLink(floor.station_url, terms(), "L01")._join()
        with psycopg.connect(floor.station_url, autocommit=True) as member, \
                psycopg.connect(floor.owner_url, autocommit=True) as owner:
            def lsns() -> tuple[int, int]:
                row = owner.execute("SELECT pg_current_wal_insert_lsn() - '0/0', pg_current_wal_flush_lsn() - '0/0'"
                                    ).fetchone()
                assert row is not None
                return int(row[0]), int(row[1])

            for n in range(1, 6):  # a background flush may still slip in between: try again, a few times
                member.execute("SELECT floor.link_step('bank-1', 'L01', %s, 'contribute', %s::jsonb, NULL)",
                               (f"L01-{n:06d}", json.dumps({"stakes": [{"seat": 1, "stake": "1", "amount": "0.25"}]})))
                written, flushed = lsns()
                if flushed < written:
                    break
            assert flushed < written  # the step's commit is visible, and not flushed yet
            member.execute("SELECT floor.link_durable('bank-1', 'L01')")
            assert lsns()[1] >= written  # the member's wait flushed it


class KilledBeforeDurable(FloorLink):
    """The floor's postmaster is SIGKILLed after the step answered and before its commit was flushed."""

    def __init__(self, floor: Floor, server: PostgresServer) -> None:
        super().__init__(floor.station_url, terms(), "L01", poll=0.05)
        self.server, self.killed = server, False

    def _call(self, work, doing):  # type: ignore[no-untyped-def]
        def dying(conn):  # type: ignore[no-untyped-def]
            execute = conn.execute

            def execute_then_die(query, *args, **kwargs):  # type: ignore[no-untyped-def]
                if "link_durable" in str(query) and not self.killed:
                    self.killed = True
                    self.server.kill()
                return execute(query, *args, **kwargs)

            conn.execute = execute_then_die
            try:
                return work(conn)
            finally:
                conn.execute = execute

        return super()._call(dying, doing)


@pytest.mark.slow  # SIGKILLs a PostgreSQL server of its own
def test_an_answer_is_journaled_only_once_the_floor_holds_it_durably(tmp_path: Path) -> None:
    from dealer_station.engine.session import TableSession
    from dealer_station.supervisor import CredentialStore
    from simulators.scripted_shoe import ScriptedShoe

    with PostgresServer.running() as server:
        floor = new_floor(server)
        credentials = CredentialStore(tmp_path / "c.json")
        credentials.add(BADGE, PIN)
        link = KilledBeforeDurable(floor, server).start()
        journal = Journal(tmp_path / "L01.sqlite", table_id="L01")
        try:
            shoe = ScriptedShoe()
            a = TableSession(linked_table("L01"), journal, shoe=shoe, credentials=credentials, services=(link,))
            shoe.session = a
            a.start({"version": "test"})
            shoe.load(NO_HIT_DECK)
            bets(a)
            a.execute("no_more_bets")  # answered, then the floor died before the commit was durable: not journaled
            assert link.killed and commits(a) == []
            assert [e.payload["sent"] for e in a.journal.events(kinds={"pool_closed"})] == [True]
            server.restart_after_crash()
            assert wait(link.available, 20)
            a.execute("decide", 2, "flop")
            a.execute("decide", 4, "fold")
            a.execute("reveal")
            finish(a)
            shoe.load(NO_HIT_DECK)
            bets(a)
            a.execute("no_more_bets")  # whatever the floor kept of round 1 is cancelled and journaled now
            assert [(c.op, c.round_id) for c in commits(a)][-2:] == [("cancel", "L01-000001"), ("contribute", "L01-000002")]
            reconcile(floor, a)
        finally:
            link.stop()
            journal.close()


# -- join: every term that decides what the meter pays or costs -------------------------------------------------


def test_a_member_with_a_richer_pool_pay_table_or_another_pool_stake_is_refused_before_its_journal_exists(
        floor: Floor, tmp_path: Path) -> None:
    from dealer_station.station import Station

    first = FloorLink(floor.station_url, terms(), "L01").start()
    first.stop()
    richer = linked_table("L02").model_copy(
        update={"paytables": {**linked_table("L02").paytables, "pool": {**linked_table("L02").paytables["pool"],
                                                                         "straight": Decimal(100)}}})
    journal = tmp_path / "L02.sqlite"
    with pytest.raises(ConfigError, match=r"table L02's jackpot rules differ from link bank-1's \(pool.straight 100, not "
                                          r"10\): every member plays the same rules") as refused:
        Station(richer, journal_path=journal, floor_url=floor.station_url).start()
    assert "\n" not in str(refused.value)
    assert not journal.exists()
    table = linked_table("L03")
    dearer = table.model_copy(update={"options": table.options.model_copy(update={"pool_stake": Decimal(2)})})
    with pytest.raises(ConfigError, match=r"\(pool_stake 2, not 1\)"):
        Station(dearer, journal_path=journal, floor_url=floor.station_url).start()
    with pytest.raises(ConfigError, match=r"\(currency USD, not EUR\)"):
        FloorLink(floor.station_url, replace(terms(), currency="USD"), "L04").start()
    # From the command line: one line, exit 2, nothing played. (`simulate` creates its journal before the
    # station starts, to bind the simulation's credentials to it: the journal holds its creation only.)
    profile = tmp_path / "richer.toml"
    profile.write_text((ROOT / "config" / "thb-linked.toml").read_text(encoding="utf-8")
                       .replace('straight = "10"', 'straight = "100"')
                       .replace("[devices]", f'[devices]\nprograms = "{ROOT / "config" / "programs"}"', 1),
                       encoding="utf-8")  # a copied profile brings its approved programs' folder
    done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", str(profile), "--floor",
                            floor.station_url, "--rounds", "3", "--journal", str(tmp_path / "cli.sqlite")],
                           capture_output=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "(pool.straight 100, not 10)" in done.stderr
    with Journal.open_readonly(tmp_path / "cli.sqlite") as created:
        assert [e.kind for e in created.events()] == ["journal_created"]
    with psycopg.connect(floor.owner_url) as conn:
        assert conn.execute("SELECT table_id FROM floor.jackpot_link_members").fetchall() == [("L01",)]


# -- a floor upgraded from 0015 with a link on it ---------------------------------------------------------------


def test_a_floor_migrated_from_0015_with_link_data_keeps_working(pg_server: PostgresServer) -> None:
    pg_server.create_database("upgraded")
    floor = Floor(pg_server, "upgraded")
    migrate(floor.owner_url, up_to=15)
    with psycopg.connect(floor.owner_url) as conn:  # the station's grants at 0015
        if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'floor_station'").fetchone() is None:
            conn.execute("CREATE ROLE floor_station LOGIN")
        conn.execute("GRANT USAGE ON SCHEMA floor TO floor_station")
        conn.execute("GRANT EXECUTE ON FUNCTION floor.link_join(text, text, jsonb, jsonb), "
                     "floor.link_begin(text, text, text), "
                     "floor.link_commit(text, text, text, text, bigint, jsonb, jsonb, jsonb, jsonb), "
                     "floor.link_verify(text, text, text, integer[], text), floor.link_status(text) TO floor_station")
    rules = terms().rules
    old = Link0015(floor.owner_url, rules, "L01")  # the 0015 client, as a station ran it
    old.join()
    old.contribute("L01-000001", [(4, Decimal(1)), (2, Decimal(1))])
    old.award("L01-000001", [PoolHit(4, "royal_flush", Decimal(100))])  # held for verification across the upgrade
    old.contribute("L01-000002", [(3, Decimal(1))])  # open across the upgrade
    old.close()
    assert migrate(floor.owner_url, up_to=16) == ["0016_link_controller"]  # `floor migrate` alone: the station may step
    a = FloorLink(floor.station_url, terms(), "L01").start()
    b = FloorLink(floor.station_url, terms(), "L02").start()
    try:
        with psycopg.connect(floor.owner_url) as conn:  # the link took the Pool's terms from its first member since
            row = conn.execute("SELECT rules FROM floor.jackpot_links").fetchone()
        assert row is not None and row[0] == terms().as_json()
        a.verify("L01-000001", [4], "supervisor:0412")  # the hit held before the upgrade is paid after it
        assert a.status() is not None and a.status().pending == ()  # type: ignore[union-attr]
        cancelled = a.cancel("L01-000002")  # the round open across the upgrade, voided: its old facts reversed
        assert [c.op for c in cancelled] == ["contribute", "cancel"] and len(cancelled[-1].facts) == 1
        b.contribute("L02-000001", [(6, Decimal(1))])
        done = b.award("L02-000001", [PoolHit(6, "flush", Decimal(20), tuple(hand("2h", "5h", "9h", "Jh", "Kh")))])
        with exact_money():
            meter = meter_from_state(rules, dict(cancelled[-1].after))
            meter = meter.apply_all(meter.contribute([(6, Decimal(1))]))
            assert [f for f in done.facts if isinstance(f, Award)] == [
                Award(6, "flush", Decimal(20), meter.meter * 20 // 1 / 100, False)]
        with pytest.raises(ConfigError, match=r"pool.straight 100, not 10"):  # the terms are the link's now
            FloorLink(floor.station_url, replace(terms(), pool={**terms().pool, "straight": Decimal(100)}), "L03").start()
        report = link_report(floor.owner_url, "bank-1")
        assert report["floor"] == {"conserved": True, "replayed": True, "commit_order": True}
        assert [(o["seq"], o["table_id"]) for o in report["order"]] == [(2, "L01"), (6, "L02")]
        assert report["history"][-1]["verified_by"] == "supervisor:0412"
    finally:
        a.stop()
        b.stop()

