"""One command table: what a table's ports are, and a new supervisor action as one row and one flow method."""

from __future__ import annotations

import typing

import pytest

from dealer_station.engine.banking import BankingFlow
from dealer_station.engine.intake import INTAKE
from dealer_station.errors import RuleError
from dealer_station.supervisor import AuthError
from dealer_station.table import events as ev
from dealer_station.table.commands import DURING_ROUND, SUPERVISOR_COMMANDS, Command
from dealer_station.table.transaction import Transaction
from dealer_station.wire import reports as rp
from tests.engine.test_void_returns_every_stake import BADGE, PIN

PORTS = {"start", "devices_ready", "execute", "supervise", "report", "tick", "offer", "view", "add_listener",
         "remove_listener", "wait_for", "journal", "together"}


def test_the_session_is_its_ports_and_nothing_else(make_session) -> None:
    session, _ = make_session()
    public = {name for name in dir(session) if not name.startswith("_")}
    assert public == PORTS and len(public) <= 13  # 12 for issue 37; ``together`` (group commit) for issue 42


def test_every_report_kind_has_its_row_in_the_intake() -> None:
    assert set(INTAKE) == set(typing.get_args(rp.DeviceReport))


def test_every_supervisor_action_asks_for_a_reason_and_names_its_flow_method() -> None:
    for name, rule in SUPERVISOR_COMMANDS.items():
        assert rule.by == "supervisor" and rule.reason, name
        assert callable(getattr(BankingFlow, rule.method)), name


def test_a_new_supervisor_action_is_one_row_and_one_flow_method(make_session, monkeypatch) -> None:
    """A supervisor recounts a seat's stake: one row in the command table, one flow method; the session,
    the offer, the PIN, the reason and the journal need nothing else."""

    def recount(flow: BankingFlow, tx: Transaction, actor: str, reason: str, seat: object) -> None:
        rnd = tx.round
        if seat not in rnd.seats:
            raise RuleError(f"seat {seat} has no hand this round", "seat")
        tx.emit(ev.HaltCleared(actor, f"recounted seat {seat}: {reason}"), actor)

    monkeypatch.setattr(BankingFlow, "recount", recount, raising=False)
    monkeypatch.setattr(BankingFlow, "commands", {
        **BankingFlow.commands,
        "recount": Command("recount", DURING_ROUND, by="supervisor", reason="a recount"),
    })
    session, _ = make_session()
    with pytest.raises(RuleError, match="no round in progress"):  # not offered between rounds
        session.supervise("recount", BADGE, PIN, "checking", seat=1)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    assert "recount" in session.offer().supervisor
    with pytest.raises(RuleError, match="a recount needs a reason"):
        session.supervise("recount", BADGE, PIN, " ", seat=1)
    with pytest.raises(RuleError, match="seat 4 has no hand"):  # refused before any PIN is asked
        session.supervise("recount", BADGE, "0000", "checking", seat=4)
    assert not list(session.journal.events(kinds={"supervisor_auth"}))
    with pytest.raises(AuthError):
        session.supervise("recount", BADGE, "1357", "checking", seat=1)
    person = session.supervise("recount", BADGE, PIN, "checking", seat=1)
    assert person.badge == BADGE
    auth = [e.payload for e in session.journal.events(kinds={"supervisor_auth"})]
    assert [(a["ok"], a["action"]) for a in auth] == [(False, "recount"), (True, "recount")]
    cleared = list(session.journal.events(kinds={"halt_cleared"}))[-1]
    assert cleared.actor == f"supervisor:{BADGE}" and "recounted seat 1: checking" in cleared.payload["reason"]
