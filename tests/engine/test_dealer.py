"""Who deals: the croupier's screen says so, the journal keeps it, replay and the pit's floor read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.errors import RuleError
from dealer_station.journal import Journal
from dealer_station.table.event_base import decode
from dealer_station.table.folds import evolve
from dealer_station.table.state import TableState


def _replayed(path: Path, table_id: str) -> TableState:
    state = TableState(table_id)
    with Journal.open_readonly(path) as journal:
        for record in journal.events():
            evolve(state, decode(record.kind, record.payload), record.at, record.seq)
    return state


def test_a_dealer_signs_in_and_out_in_the_journal(make_session, tmp_path: Path) -> None:
    session, _shoe = make_session()
    assert session.view().state.dealer is None
    session.execute("dealer_sign_in", "  Maria O'Neil ")
    assert session.view().state.dealer == "Maria O'Neil"
    session.execute("open_round")  # a table-level event: it does not belong to the round
    session.execute("dealer_sign_in", "Zo\u00eb")
    [first, second] = [e for e in session.journal.events() if e.kind == "dealer_signed_in"]
    assert (first.payload, first.actor, first.round_id) == ({"dealer": "Maria O'Neil"}, "croupier", None)
    assert second.round_id is None
    assert _replayed(tmp_path / "journal.sqlite", session.view().table.table_id).dealer == "Zo\u00eb"
    session.execute("dealer_sign_out")
    assert session.view().state.dealer is None and _replayed(tmp_path / "journal.sqlite", session.view().table.table_id).dealer is None
    with pytest.raises(RuleError, match="no dealer is signed in"):
        session.execute("dealer_sign_out")


@pytest.mark.parametrize("name", ["", "   ", "x" * 49, "Zo\u00eb\nX", "tab\there"])
def test_a_dealer_name_is_checked_and_nothing_is_journaled(make_session, name: str) -> None:
    session, _shoe = make_session()
    before = session.journal.last_seq
    with pytest.raises(RuleError) as refused:
        session.execute("dealer_sign_in", name)
    assert refused.value.field == "dealer" and session.journal.last_seq == before


def test_a_restart_forgets_who_dealt(make_session, tmp_path: Path) -> None:
    session, _shoe = make_session()
    session.execute("dealer_sign_in", "Maria")
    session.journal.close()
    again, _ = make_session(tmp_path / "journal.sqlite")
    assert again.view().state.dealer is None  # the screen must say who deals after a restart
