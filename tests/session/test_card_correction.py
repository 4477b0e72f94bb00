"""A supervisor corrects only a card keyed by hand, before the settlement, with a reason (issue 38 item 8).

At "Reveal the Flop" the supervisor's "Correct a card" replaced a face-down card the shoe dealt
(board card 1 became A♠, journaled ``card_corrected {"position":"board","was":39,"card":51}``) and no
reason was journaled with it. A shoe's card is what the shoe dealt: only the croupier's keying can be
wrong, and the supervisor's reason goes into the record (``card_corrected`` version 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.cards import parse_card
from dealer_station.engine import TableSession
from dealer_station.errors import RuleError
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.table import events as ev
from dealer_station.table.event_base import decode

from .conftest import PROGRAM

BADGE, PIN = "0412", "2468"
DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c"]


def test_a_card_the_shoe_dealt_is_not_corrected_face_down_or_face_up(make_session) -> None:
    session, shoe = make_session()
    shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    session.execute("decide", 1, "check")
    assert session.view().phase == "flop_reveal"  # "Reveal the Flop": the board lies face down
    assert session.view().correctable_cards() == []
    since = session.view().state.last_seq
    for index in (0, 3):  # both face down
        with pytest.raises(RuleError, match=f"board card {index + 1} was dealt by the shoe: only a card keyed by hand"):
            session.supervise("correct_card", BADGE, PIN, "a card was keyed wrong", position="board", index=index,
                              card="As")
    session.execute("reveal")  # the flop face up: still the shoe's cards
    with pytest.raises(RuleError, match="dealt by the shoe"):
        session.supervise("correct_card", BADGE, PIN, "a card was keyed wrong", position="board", index=1, card="8c")
    kinds = [r.kind for r in session.journal.events(since_seq=since)]
    assert "card_corrected" not in kinds and "supervisor_auth" not in kinds  # refused before the PIN was tried
    assert session.view().round.cards["board"][:3] == [parse_card(c) for c in DECK[:3]]
    assert "correct_card" in set(session.offer().supervisor)  # the action fits the stage; the card decides


@pytest.fixture
def hand_session(tmp_path: Path):
    table = load_profile("uth-hand-deal")
    credentials = CredentialStore(tmp_path / "credentials.json")
    credentials.add(BADGE, PIN)
    journal = Journal(tmp_path / "hand.sqlite", table_id=table.table_id)
    session = TableSession(table, journal, credentials=credentials)
    session.start(PROGRAM)
    yield session
    journal.close()


def test_a_card_keyed_wrong_is_corrected_with_the_reason_journaled(hand_session: TableSession) -> None:
    session = hand_session
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    session.execute("deal_done")
    session.execute("decide", 1, "check")
    for card in ("2c", "7d", "9h"):
        session.execute("key_card", card)
    assert session.view().correctable_cards() == [("board", 0), ("board", 1), ("board", 2)]
    with pytest.raises(RuleError, match="seat1 card 1 is not keyed yet"):  # dealt face down, never keyed
        session.supervise("correct_card", BADGE, PIN, "a card was keyed wrong", position="seat1", index=0, card="As")
    with pytest.raises(RuleError, match="reason"):
        session.supervise("correct_card", BADGE, PIN, "", position="board", index=1, card="8c")
    session.supervise("correct_card", BADGE, PIN, "keyed 7d, the card is 8c", position="board", index=1, card="8c")
    (event,) = session.journal.events(kinds={"card_corrected"})
    assert event.payload == {"v": 2, "position": "board", "index": 1, "card": parse_card("8c"),
                             "was": parse_card("7d"), "reason": "keyed 7d, the card is 8c"}
    assert session.view().round.cards["board"] == [parse_card(c) for c in ("2c", "8c", "9h")]


def test_a_correction_journaled_before_the_reason_replays() -> None:
    old = decode("card_corrected", {"position": "board", "index": 1, "card": 51, "was": 39})
    assert old == ev.CardCorrected("board", 1, 51, 39, "")
