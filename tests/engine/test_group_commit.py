"""Commands that arrived together are one journal transaction (``TableSession.together``, issue 42).

Each command still decides on the state the ones before it left and is refused on its own;
nothing is published or acted on before the whole group is durable; a group the journal
cannot take leaves the table as it was, stopped (fails closed).
"""

from __future__ import annotations

import sqlite3

import pytest

from dealer_station.errors import RuleError
from dealer_station.journal import Journal, JournalError

DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c", "5s", "6s"]


@pytest.fixture
def commits(monkeypatch) -> list[list[str]]:
    """The event kinds of every journal transaction (the real journal still writes each)."""
    seen: list[list[str]] = []
    original = Journal.append_many

    def counted(journal, items, at=None):
        items = list(items)
        written = original(journal, items, at)
        if written:
            seen.append([record.kind for record in written])
        return written

    monkeypatch.setattr(Journal, "append_many", counted)
    return seen


def _betting(make_session):
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    return session, shoe


def test_a_tables_bets_entered_together_are_one_commit_published_once(make_session, commits) -> None:
    session, _shoe = _betting(make_session)
    told: list[object] = []
    session.add_listener(told.append)
    before, last_seq = len(commits), session.view().state.last_seq
    with session.together():
        for seat in (1, 2, 3):
            session.execute("set_bets", seat, {"ante": "10", "blind": "10"})
        assert session.view().seat_stakes(3) == {}, "nothing is published before the group is durable"
        assert told == []
    assert commits[before:] == [["bets_set", "bets_set", "bets_set"]]
    assert len(told) == 1
    assert {seat: dict(session.view().seat_stakes(seat)) for seat in (1, 2, 3)} == {
        seat: {"ante": 10, "blind": 10} for seat in (1, 2, 3)}
    rows = sqlite3.connect(session.journal.path).execute(
        "SELECT seq, kind, at FROM events WHERE seq > ? ORDER BY seq", (last_seq,)).fetchall()
    assert [kind for _seq, kind, _at in rows] == ["bets_set"] * 3
    assert len({at for _seq, _kind, at in rows}) == 1, "one transaction, one time"


def test_each_command_decides_on_what_the_ones_before_it_left(make_session, commits) -> None:
    """Decisions in turn inside one group: the second seat's is in turn only after the first's."""
    session, _shoe = _betting(make_session)
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("set_bets", 2, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert session.view().phase == "preflop"
    before = len(commits)
    with session.together():
        session.execute("decide", 1, "check")
        session.execute("decide", 2, "play4x")
    assert commits[before:] == [["decision", "decision", "phase"]]
    assert session.view().phase == "flop_reveal"


def test_a_refused_command_costs_nothing_of_the_others(make_session, commits) -> None:
    session, _shoe = _betting(make_session)
    before = len(commits)
    with session.together():
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        with pytest.raises(RuleError):
            session.execute("set_bets", 2, {"ante": "1000000", "blind": "1000000"})
        with pytest.raises(RuleError):
            session.execute("decide", 1, "check")  # not in the phase: refused by the offer as it is in the group
        session.execute("set_bets", 3, {"ante": "25", "blind": "25"})
    assert commits[before:] == [["bets_set", "bets_set"]]
    assert session.view().seat_stakes(2) == {}
    assert dict(session.view().seat_stakes(3)) == {"ante": 25, "blind": 25}


def test_the_offer_inside_a_group_follows_the_groups_own_commands(make_session) -> None:
    """``no_more_bets`` needs a bet on the table: offered inside the group once the group placed one."""
    session, _shoe = _betting(make_session)
    with session.together():
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        session.execute("no_more_bets")
    assert session.view().phase == "preflop"


def test_a_group_the_journal_cannot_take_leaves_the_table_as_it_was(make_session, monkeypatch) -> None:
    session, _shoe = _betting(make_session)
    seq = session.view().state.last_seq

    def broken(journal, items, at=None):
        raise JournalError("disk I/O error")

    monkeypatch.setattr(Journal, "append_many", broken)
    with pytest.raises(JournalError), session.together():
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        session.execute("set_bets", 2, {"ante": "10", "blind": "10"})
    assert session.view().seat_stakes(1) == {} and session.view().state.last_seq == seq
    assert session.view().unavailable, "the table stops and says why"
    with pytest.raises(RuleError):
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})


def test_a_group_left_by_an_exception_journals_what_it_decided_and_no_more(make_session, commits) -> None:
    """A refusal the caller lets through (or Ctrl-C) ends the group: the commands before it are journaled and
    published, so the live state is never ahead of the journal (the next command decides on journaled state)."""
    session, _shoe = _betting(make_session)
    before = len(commits)
    with pytest.raises(RuleError), session.together():
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        session.execute("set_bets", 2, {"ante": "1000000", "blind": "1000000"})  # refused, and not caught here
        session.execute("set_bets", 3, {"ante": "10", "blind": "10"})  # never reached
    assert commits[before:] == [["bets_set"]]
    assert dict(session.view().seat_stakes(1)) == {"ante": 10, "blind": 10} and session.view().seat_stakes(3) == {}
    assert session.view().state.last_seq == session.journal.last_seq
    session.execute("set_bets", 3, {"ante": "10", "blind": "10"})  # the table goes on from what is journaled
    assert session.view().state.last_seq == session.journal.last_seq
