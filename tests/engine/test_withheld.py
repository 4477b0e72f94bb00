"""Winnings withheld from a held seat (issue 41 item 7): a player listed while a round is in progress is held
within it - no stake added at a decision -, paid nothing at the settlement (the pay is journaled as withheld,
owed by the house, the round's figures unchanged), the banner calls a supervisor, who releases or forfeits it
with a reason."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from dealer_station.engine.session import TableSession
from dealer_station.errors import RuleError
from dealer_station.journal import Journal
from dealer_station.players.exclusion import ExclusionCache, ExclusionList
from dealer_station.table.phases import PAID, SETTLEMENT
from dealer_station.view.banner import banner
from tests.session.conftest import PROGRAM, ScriptedShoe

# board 9h Js Qs Kd 7c; seat 1 As Ac, seat 3 8d 3h, dealer Kh 7s (the shuffler's order: board, seats, dealer)
DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]
KINDS = ("winnings_withheld", "withheld_decided")


def betting_table(tmp_path, table, credentials) -> tuple[TableSession, Journal, ExclusionCache]:
    """Seat 1 (P-1001: Ante 10, Blind 10, Trips 5) and seat 3 (P-3003: Ante 10, Blind 10), bets locked."""
    journal = Journal(tmp_path / "journal.sqlite", table_id=table.table_id)
    cache = ExclusionCache(tmp_path / "exclusions.json")
    shoe = ScriptedShoe()
    session = TableSession(table, journal, shoe=shoe, credentials=credentials, services=(cache,))
    shoe.session = session
    session.start(PROGRAM)
    shoe.load(DECK)
    session.execute("card_in", 1, "P-1001")
    session.execute("card_in", 3, "P-3003")
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10", "trips": "5"})
    session.execute("set_bets", 3, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    return session, journal, cache


def exclude(session: TableSession, cache: ExclusionCache, player: str) -> list[int]:
    cache.update(ExclusionList(frozenset({player}), datetime(2026, 12, 5, 11, 0, tzinfo=UTC)))
    held: list[int] = session.execute("hold_excluded")
    return held


def withheld_events(journal: Journal) -> list[tuple[str, str | None, dict]]:
    return [(r.kind, r.round_id, r.payload) for r in journal.events() if r.kind in KINDS]


def test_a_seat_held_before_its_decision_may_check_or_fold_but_not_play(tmp_path, table, credentials) -> None:
    session, journal, cache = betting_table(tmp_path, table, credentials)
    assert exclude(session, cache, "P-1001") == [1]
    before = journal.last_seq
    with pytest.raises(RuleError, match="seat 1 is held"):
        session.execute("decide", 1, "play4x")  # a Play bet is a new stake
    assert journal.last_seq == before
    session.execute("decide", 1, "check")
    session.execute("decide", 3, "check")
    session.execute("reveal")
    session.execute("decide", 1, "check")
    session.execute("decide", 3, "check")
    session.execute("reveal")
    with pytest.raises(RuleError, match="seat 1 is held"):
        session.execute("decide", 1, "play1x")
    session.execute("decide", 1, "fold")
    session.execute("decide", 3, "fold")
    session.execute("reveal")
    assert session.view().phase == SETTLEMENT
    assert withheld_events(journal) == []  # a fold wins nothing: nothing to withhold (the Trips lost too)


def test_a_held_winner_is_paid_nothing_its_pay_is_owed_and_a_supervisor_decides(tmp_path, table,
                                                                               credentials) -> None:
    session, journal, cache = betting_table(tmp_path, table, credentials)
    session.execute("decide", 1, "play4x")  # Play 40, before the player was listed
    session.execute("decide", 3, "check")
    assert exclude(session, cache, "P-1001") == [1]  # listed mid-round: held within the round
    session.execute("reveal")
    session.execute("decide", 3, "check")
    session.execute("reveal")
    session.execute("decide", 3, "fold")
    session.execute("reveal")
    rnd = session.view().round
    assert rnd is not None and session.view().phase == SETTLEMENT
    # By the UTH rules: aces beat the dealer's kings, Ante 10 and Play 40 win 1:1, the Blind pushes (a pair pays
    # nothing), the Trips (5) lose: the rack would pay 10 + 40 = 50, the seat's net is +45.
    entry = next(s for s in rnd.settlement["seats"] if s["seat"] == 1)
    assert Decimal(entry["net"]) == 45  # the settlement is the game's, unchanged
    assert withheld_events(journal) == [("winnings_withheld", rnd.round_id,
                                         {"round_id": rnd.round_id, "seat": 1, "player": "P-1001", "amount": "50"})]
    assert banner(session.view()).english() == "Settle seat 3 (right to left)"
    session.execute("mark_paid", 3)
    assert banner(session.view()).english() == \
        "Settle seat 1: collect, pay nothing: 50.00 withheld (player excluded)"
    session.execute("mark_paid", 1)
    assert session.view().phase == PAID
    paid = next(r for r in journal.events() if r.kind == "round_paid")
    assert Decimal(paid.payload["house_net"]) == Decimal(20) - Decimal(45)  # seat 3 lost 20; what is owed counts
    assert banner(session.view()).english() == "Winnings withheld at seat 1 (player excluded): call a supervisor"
    before = journal.last_seq
    for args in ({"round_id": rnd.round_id, "seat": 3}, {"round_id": "T1-999999", "seat": 1}, {"seat": 1}, {}):
        with pytest.raises(RuleError, match="no winnings are withheld"):
            session.supervise("forfeit_withheld", "0412", "2468", "exclusion confirmed", **args)
    with pytest.raises(RuleError, match="needs a reason"):
        session.supervise("forfeit_withheld", "0412", "2468", "  ", round_id=rnd.round_id, seat=1)
    assert journal.last_seq == before  # refusals write nothing
    session.supervise("forfeit_withheld", "0412", "2468", "Exclusion confirmed", round_id=rnd.round_id, seat=1)
    decided = withheld_events(journal)[-1]
    assert decided[0] == "withheld_decided" and decided[2] == {
        "round_id": rnd.round_id, "seat": 1, "player": "P-1001", "amount": "50", "outcome": "forfeited",
        "reason": "Exclusion confirmed", "by": "0412"}
    auth = [r for r in journal.events() if r.kind == "supervisor_auth"][-1]
    assert auth.seq == decided_seq(journal) - 1  # signed: the badge's check commits with the decision
    assert banner(session.view()).english() == "Open betting for the next round"
    with pytest.raises(RuleError, match="no winnings are withheld"):  # decided once
        session.supervise("release_withheld", "0412", "2468", "again", round_id=rnd.round_id, seat=1)
    journal.close()
    # after a restart the decision stands (the fold replays it)
    again = Journal(tmp_path / "journal.sqlite", table_id=table.table_id)
    restarted = TableSession(table, again, shoe=ScriptedShoe(), credentials=credentials)
    restarted.start(PROGRAM)
    assert banner(restarted.view()).english() == "Open betting for the next round"
    again.close()


def decided_seq(journal: Journal) -> int:
    return next(r.seq for r in journal.events() if r.kind == "withheld_decided")


def test_withheld_winnings_wait_for_a_supervisor_across_a_restart_and_can_be_released(tmp_path, table,
                                                                                     credentials) -> None:
    session, journal, cache = betting_table(tmp_path, table, credentials)
    session.execute("decide", 1, "play4x")
    session.execute("decide", 3, "check")
    exclude(session, cache, "P-1001")
    for step in ("reveal", ("decide", 3, "check"), "reveal", ("decide", 3, "fold"), "reveal"):
        session.execute(*(step if isinstance(step, tuple) else (step,)))
    round_id = session.view().round.round_id  # type: ignore[union-attr]
    session.execute("mark_paid", 3)
    session.execute("mark_paid", 1)
    journal.close()
    again = Journal(tmp_path / "journal.sqlite", table_id=table.table_id)
    restarted = TableSession(table, again, shoe=ScriptedShoe(), credentials=credentials)
    restarted.start(PROGRAM)
    assert "call a supervisor" in banner(restarted.view()).english()
    restarted.supervise("release_withheld", "0412", "2468", "Player listed in error", round_id=round_id, seat=1)
    assert [(k, p.get("outcome")) for k, _r, p in withheld_events(again)] == [("winnings_withheld", None),
                                                                            ("withheld_decided", "released")]
    again.close()
