"""A mis-tapped "Paid" is taken back while the round is open: journaled as ``seat_paid_undone``,
only the last seat marked, never once the round is paid, and the same after a restart."""

from __future__ import annotations

import pytest

from dealer_station.errors import RuleError
from dealer_station.table.phases import PAID, SETTLEMENT

from .test_round import play_to_settlement


def test_the_last_paid_is_undone_and_journaled(make_session, tmp_path):
    path = tmp_path / "undo.sqlite"
    session, shoe = make_session(path)
    play_to_settlement(session, shoe)
    assert "undo_paid" not in session.offer().croupier  # nothing paid yet
    with pytest.raises(RuleError):
        session.execute("undo_paid", 3)
    session.execute("mark_paid", 3)
    assert "undo_paid" in session.offer().croupier
    with pytest.raises(RuleError, match="only the last seat"):
        session.execute("undo_paid", 1)
    session.execute("undo_paid", 3)
    assert not session.view().round.seats[3].paid and session.view().round.paid_order == ()
    assert [e.payload for e in session.journal.events(kinds={"seat_paid_undone"})] == [{"seat": 3}]
    session.execute("mark_paid", 1)  # settled out of order, after the undo
    session.journal.close()
    again, _ = make_session(path)  # the undo replays: seat 3 is still to pay, seat 1 is the last paid
    assert again.view().phase == SETTLEMENT
    assert {s: v.paid for s, v in again.view().round.seats.items()} == {3: False, 1: True}
    assert again.view().round.paid_order == (1,)
    again.execute("mark_paid", 3)
    assert again.view().phase == PAID
    with pytest.raises(RuleError):
        again.execute("undo_paid", 3)  # the round is closed: only a supervisor's adjustment mends it now
