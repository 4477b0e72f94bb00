"""A void returns everything a seat has on the table, at every phase, decision bets included.

The defect this pins: Ante 10 + Blind 10, Play 4x (40 more on the table), then a
supervisor void journaled ``returned {"1": "20"}`` because "what is staked" had two
definitions. There is now one (the game's ``stakes``) and every phase is tried here.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_station.errors import RuleError
from tests.reports import fault

DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]
BADGE, PIN = "0412", "2468"


def _to_phase(session, shoe, phase: str) -> None:
    """Seat 1: Ante 10, Blind 10, Trips 5, Play 4x pre-flop; seat 3: Ante 10, Blind 10, checks."""
    shoe.load(DECK)
    if phase == "dealing":
        shoe.hold = True
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10", "trips": "5"})
    session.execute("set_bets", 3, {"ante": "10", "blind": "10"})
    if phase == "betting":
        return
    session.execute("no_more_bets")
    if phase in ("dealing", "preflop_half"):
        if phase == "preflop_half":
            session.execute("decide", 1, "play4x")
        return
    session.execute("decide", 1, "play4x")
    session.execute("decide", 3, "check")
    if phase == "flop_reveal":
        return
    session.execute("reveal")
    if phase == "flop":
        return
    session.execute("decide", 3, "play2x")
    if phase == "river_reveal":
        return
    raise AssertionError(phase)


EXPECTED = {  # seat -> everything on the table at that point
    "betting": {"1": "25", "3": "20"},
    "dealing": {"1": "25", "3": "20"},
    "preflop_half": {"1": "65", "3": "20"},
    "flop_reveal": {"1": "65", "3": "20"},
    "flop": {"1": "65", "3": "20"},
    "river_reveal": {"1": "65", "3": "40"},
}


@pytest.mark.parametrize("phase", list(EXPECTED))
def test_supervisor_void_returns_every_stake_play_included(make_session, phase):
    session, shoe = make_session()
    _to_phase(session, shoe, phase)
    shown = {str(s): sum(session.view().seat_stakes(s).values(), Decimal(0)) for s in session.view().round.seats}
    session.supervise("void", BADGE, PIN, "dispute at the table")
    event = list(session.journal.events(kinds={"round_voided"}))[-1]
    assert event.payload["returned"] == EXPECTED[phase]
    assert {k: Decimal(v) for k, v in event.payload["returned"].items()} == shown
    assert session.view().round.void["returned"] == {k: Decimal(v) for k, v in EXPECTED[phase].items()}
    assert event.actor == f"supervisor:{BADGE}"


def test_no_void_once_the_settlement_is_shown_only_a_correction(make_session):
    session, shoe = make_session()
    _to_phase(session, shoe, "river_reveal")
    session.execute("reveal")
    session.execute("reveal")
    assert session.view().phase == "settlement"
    seq = session.view().state.last_seq
    with pytest.raises(RuleError, match="corrected, not voided"):
        session.supervise("void", BADGE, PIN, "too late")
    with pytest.raises(RuleError, match="settled"):
        session.supervise("correct_card", BADGE, PIN, "a card was keyed wrong", position="board", index=0, card="3c")
    assert session.view().state.last_seq == seq  # refused before authenticating: nothing journaled
    # a device report no longer touches the settled round
    session.report(fault("shuffler", "deck_count_wrong", "51 cards"))
    assert session.view().phase == "settlement" and session.view().round.void is None
    session.execute("mark_paid", 3)
    session.supervise("adjust", BADGE, PIN, "trips paid in error", adjustments={1: "-5"})
    adjusted = list(session.journal.events(kinds={"round_adjusted"}))
    assert adjusted[-1].payload == {"v": 2, "round_id": session.view().round.round_id, "adjustments": {"1": "-5"},
                                    "reason": "trips paid in error", "by": f"supervisor:{BADGE}", "moves_chips": True}
    assert session.view().state.adjustments[session.view().round.round_id] == {"1": Decimal(-5)}
    session.execute("mark_paid", 1)
    assert session.view().phase == "paid"
    paid = list(session.journal.events(kinds={"round_paid"}))[-1].payload
    assert paid["handle"] == "105"  # 25 + 40 (Play 4x) + 20 + 20 (Play 2x)


def test_supervisor_actions_never_take_a_caller_supplied_identity(make_session):
    import inspect

    session, _ = make_session()
    for name in ("supervise", "execute"):
        assert "actor" not in inspect.signature(getattr(session, name)).parameters, name
    # every croupier command reaches the flow method of its name: none takes an identity either
    for name in ("open_round", "set_bets", "no_more_bets", "decide", "reveal", "key_card", "mark_paid"):
        assert "actor" not in inspect.signature(getattr(session.view().flow, name)).parameters, name
    with pytest.raises(TypeError):
        session.execute("open_round", actor="supervisor:0412")
    session.execute("open_round")
    with pytest.raises(TypeError):  # a supervisor action acts as the authenticated person, never as one named
        session.supervise("void", "0412", "2468", "dispute", actor="supervisor:9999")
    assert not list(session.journal.events(kinds={"supervisor_auth", "round_voided"}))
