"""One hand at a poker table through the session: deal, betting, board, showdown, settlement, record."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_station.cards import parse_card
from dealer_station.errors import RuleError
from dealer_station.games import get_game
from dealer_station.games.holdem import live
from dealer_station.recall import recall_round, strip_recall_keys
from dealer_station.table import events as ev
from dealer_station.table.event_base import decode
from tests.poker.conftest import seat_all
from tests.poker.helpers import conserved, play, shoe_deck, stacks

SIDE_POT_HOLES = {1: ["As", "Ad"], 2: ["Kc", "Kh"], 3: ["Qs", "Qd"]}
SIDE_POT_BOARD = ["3c", "7d", "9h", "Jc", "4s"]


def kinds(session, round_id: str) -> list[str]:
    return [e.kind for e in session.journal.events(round_id=round_id)]


def test_all_in_side_pot_hand_runs_the_board_out_and_settles_every_pot(make_table) -> None:
    session, shoe = make_table(deck=shoe_deck(SIDE_POT_HOLES, SIDE_POT_BOARD, button=1))
    seat_all(session, {1: 200, 2: 50, 3: 100})
    round_id = session.execute("open_round")
    rnd = session.view().round
    assert session.view().phase == "preflop"
    assert [pos for pos, _ in rnd.packets] == ["seat2", "seat3", "seat1"]  # from the seat left of the button
    assert rnd.hole(1) == [parse_card("As"), parse_card("Ad")]
    options = session.view().flow.options(rnd)
    assert (options.seat, options.call, options.raise_to.min_to, options.raise_to.max_to) == (1, 2, 4, 200)
    seq = session.view().state.last_seq
    play(session, (1, "raise", "6"), (2, "all_in"), (3, "all_in"), (1, "call"))
    # nobody can bet any more: the shoe deals the rest, a burn before each street, all face up
    assert [c for c in session.view().round.cards["board"]] == [parse_card(c) for c in SIDE_POT_BOARD]
    assert session.view().round.cards["burn"] == [parse_card(c) for c in ("2c", "2d", "2h")]
    assert session.view().round.revealed["board"] == 5
    assert ("deal", "burn", 1) in shoe.commands and ("deal", "board", 3) in shoe.commands
    # a player all in and the betting over: every hand is tabled at once, as rooms do (issue 39 item 10), clockwise
    # from the button, none mucked - and the hand is settled with no show or muck asked of anyone
    shown = [(e.payload["position"], e.payload["index"]) for e in session.journal.events(since_seq=seq,
                                                                                           kinds={"card_revealed"})
             if e.payload["position"].startswith("seat")]
    assert shown == [(f"seat{s}", i) for s in (2, 3, 1) for i in range(2)]
    assert not any(e.kind == "hand_mucked" for e in session.journal.events(since_seq=seq))
    assert session.view().phase == "settlement"
    settlement = session.view().round.settlement
    assert settlement["pots"] == [
        {"amount": "150", "eligible": [1, 2, 3], "winners": [1], "rake": "5"},
        {"amount": "100", "eligible": [1, 3], "winners": [1], "rake": "0"},
    ]
    assert settlement["rake"] == "5"
    assert stacks(session) == {1: 345, 2: 0, 3: 0}
    session.execute("push_pots")
    assert session.view().phase == "paid"
    paid = list(session.journal.events(round_id=round_id, kinds={"round_paid"}))[-1].payload
    assert (paid["rake"], paid["handle"], paid["house_net"]) == ("5", "250", "5")
    assert live.table_of(session.view().state).rake == 5 and conserved(session)
    assert kinds(session, round_id).count("street_dealt") == 3
    # recall prints the hand as a holdem record; settle gives the journaled settlement
    recalled = recall_round(session.journal, round_id)
    game = get_game("holdem")
    assert game.settle_record(strip_recall_keys(recalled)) == recalled["settlement"] == settlement


def test_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button(make_table) -> None:
    holes = {1: ["5h", "6h"], 2: ["Ah", "3c"], 3: ["Ad", "4c"]}
    session, _shoe = make_table(deck=shoe_deck(holes, ["Ts", "Jh", "Qd", "Kc", "2s"], button=1))
    seat_all(session, {1: 100, 2: 100, 3: 100})
    session.execute("open_round")
    play(session, (1, "call"), (2, "call"), (3, "raise", "5"), (1, "call"), (2, "call"))
    for _street in ("flop", "turn", "river"):
        play(session, (2, "check"), (3, "check"), (1, "check"))
    while session.view().phase == "showdown":
        session.execute("show")
    (pot,) = session.view().round.settlement["pots"]
    assert pot == {"amount": "15", "eligible": [1, 2, 3], "winners": [2, 3], "rake": "0"}
    assert stacks(session) == {1: 95, 2: 103, 3: 102}  # 15 = 8 + 7: seat 2 is first left of the button


def test_fixed_limit_round_caps_at_a_bet_and_three_raises(make_table) -> None:
    session, _shoe = make_table("holdem-fl-2-4")
    seat_all(session, {1: 40, 2: 40, 3: 40})
    session.execute("open_round")
    play(session, (1, "raise", "4"), (2, "raise", "6"), (3, "raise", "8"))
    options = session.view().flow.options(session.view().round)
    assert options.raise_to is None and "capped" in options.no_raise
    with pytest.raises(RuleError, match="capped"):
        session.execute("act", 1, "raise", "10")
    assert session.view().legal_actions(1) == ["fold", "call"]
    play(session, (1, "call"), (2, "call"))
    assert session.view().phase == "flop"
    assert session.view().flow.options(session.view().round).bet_to.min_to == session.view().flow.options(session.view().round).bet_to.max_to == 2


def test_a_fold_with_nothing_to_call_is_binding_and_recalled_as_a_fold(make_table) -> None:
    """GAMES.md §4: the fold is journaled as a fold, the seat is out, and the recalled
    record settles the same (it used to be refused: "fold with nothing to call: check")."""
    holes = {1: ["As", "Ad"], 2: ["Kc", "Kh"], 3: ["7s", "3d"]}
    session, _shoe = make_table(deck=shoe_deck(holes, ["3c", "7d", "9h", "Js", "Qs"], button=1))
    seat_all(session, {1: 100, 2: 100, 3: 100})
    session.execute("open_round")
    play(session, (1, "call"), (2, "call"), (3, "check"))
    assert session.view().phase == "flop" and session.view().legal_actions(2) == ["fold", "check", "bet", "all_in"]
    play(session, (2, "fold"))
    round_id = session.view().round.round_id
    folds = [e.payload for e in session.journal.events(round_id=round_id, kinds={"poker_action"})
             if e.payload["action"] == "fold"]
    assert folds == [{"seat": 2, "action": "fold", "street": "flop"}]
    play(session, (3, "check"), (1, "check"))
    for _street in ("turn", "river"):
        play(session, (3, "check"), (1, "check"))
    while session.view().phase == "showdown":
        session.execute("show")
    (pot,) = session.view().round.settlement["pots"]
    assert pot["eligible"] == [1, 3] and stacks(session)[2] == 98  # kings folded for good: only the blind is lost
    recalled = recall_round(session.journal, round_id)
    assert get_game("holdem").settle_record(strip_recall_keys(recalled)) == recalled["settlement"]


def test_illegal_actions_are_refused_with_the_rule_and_nothing_is_journaled(make_table) -> None:
    session, _shoe = make_table()
    seat_all(session, {1: 100, 2: 100, 3: 100})
    session.execute("open_round")
    before = session.journal.last_seq
    with pytest.raises(RuleError, match="out of turn: seat 1 is to act"):
        session.execute("act", 2, "call")
    with pytest.raises(RuleError, match="below the minimum raise to 4"):
        session.execute("act", 1, "raise", "3")
    with pytest.raises(RuleError, match="check facing a bet|facing"):
        session.execute("act", 1, "check")
    with pytest.raises(RuleError, match="unknown action"):
        session.execute("act", 1, "jump")
    with pytest.raises(RuleError, match="not allowed|not offered|push pots"):
        session.execute("push_pots")
    assert session.journal.last_seq == before


def test_a_hand_won_by_folds_before_the_flop_is_not_raked(make_table) -> None:
    session, _shoe = make_table()
    seat_all(session, {1: 100, 2: 100, 3: 100})
    round_id = session.execute("open_round")
    play(session, (1, "raise", "10"), (2, "fold"), (3, "fold"))
    assert session.view().phase == "settlement"
    assert session.view().round.settlement == {"seats": [{"seat": 1, "net": "3"}, {"seat": 2, "net": "-1"},
                                             {"seat": 3, "net": "-2"}], "rake": "0", "pots": [
        {"amount": "5", "eligible": [1], "winners": [1], "rake": "0"}]}
    session.execute("push_pots")
    record = strip_recall_keys(recall_round(session.journal, round_id))
    assert record["board"] == [] and all("hole" in s for s in record["seats"])  # the shoe knows every hand
    assert get_game("holdem").settle_record(record) == session.view().round.settlement


def test_muck_unshown_and_the_last_hand_in_a_contested_pot_must_show(make_table) -> None:
    holes = {1: ["As", "Ad"], 2: ["Kc", "Kh"]}
    session, _shoe = make_table(deck=shoe_deck(holes, SIDE_POT_BOARD, button=1))
    seat_all(session, {1: 100, 2: 100})
    round_id = session.execute("open_round")
    # heads-up: the button (1) posts the small blind and acts first pre-flop, last after
    assert session.view().flow.options(session.view().round).seat == 1
    play(session, (1, "call"), (2, "check"))
    for _street in ("flop", "turn", "river"):
        play(session, (2, "check"), (1, "check"))
    assert session.view().next_to_reveal() == ("seat2", 0)
    session.execute("muck", 2)
    with pytest.raises(RuleError, match="must show"):
        session.execute("muck", 1)
    session.execute("show", 1)
    assert session.view().round.settlement["pots"][0]["winners"] == [1]
    session.execute("push_pots")
    record = strip_recall_keys(recall_round(session.journal, round_id))
    assert [s.get("hole") for s in record["seats"]] == [["As", "Ad"], None]  # a mucked hand is not in the record
    assert get_game("holdem").settle_record(record) == session.view().round.settlement


def test_hand_dealt_by_hand_reads_the_board_and_the_shown_hands(make_table) -> None:
    session, shoe = make_table("holdem-pl-1-2")
    assert shoe is None
    seat_all(session, {1: 100, 2: 150, 3: 200, 4: 100})
    round_id = session.execute("open_round")
    assert session.view().phase == "dealing" and session.offer().croupier >= {"deal_done"}
    session.execute("deal_done")
    options = session.view().flow.options(session.view().round)
    assert (options.seat, options.raise_to.min_to, options.raise_to.max_to) == (4, 4, 7)  # seed 002's pot limit
    play(session, (4, "raise", "7"))
    options = session.view().flow.options(session.view().round)
    assert (options.raise_to.min_to, options.raise_to.max_to) == (12, 24)  # and its next step
    play(session, (1, "fold"), (2, "call"), (3, "call"))
    assert session.view().phase == "deal_flop" and session.view().awaiting_key()
    assert session.view().cards_on_table("board") == [None, None, None]
    for card in ("2c", "7d", "9h"):
        session.execute("key_card", card)
    with pytest.raises(RuleError):
        session.execute("key_card", "2s")  # no card to key: betting now
    assert session.view().phase == "flop"
    play(session, (2, "check"), (3, "check"), (4, "check"))
    session.execute("key_card", "Js")
    play(session, (2, "check"), (3, "check"), (4, "check"))
    session.execute("key_card", "Qs")
    play(session, (2, "bet", "21"), (3, "fold"), (4, "call"))
    assert session.view().phase == "showdown" and session.view().next_to_reveal() == ("seat2", 0)
    session.execute("key_card", "Qd")
    session.execute("key_card", "Qh")
    session.execute("muck", 4)
    assert session.view().phase == "settlement"
    assert session.view().round.settlement["pots"] == [{"amount": "63", "eligible": [2, 4], "winners": [2], "rake": "1"}]
    session.execute("push_pots")
    record = strip_recall_keys(recall_round(session.journal, round_id))
    assert [s.get("hole") for s in record["seats"]] == [None, ["Qd", "Qh"], None, None]
    assert get_game("holdem").settle_record(record) == session.view().round.settlement
    assert conserved(session) and stacks(session) == {1: 100, 2: 184, 3: 193, 4: 72}


def test_a_keyed_card_already_in_play_is_rejected(make_table) -> None:
    session, _ = make_table("holdem-pl-1-2")
    seat_all(session, {1: 100, 2: 100})
    session.execute("open_round")
    session.execute("deal_done")
    play(session, (1, "call"), (2, "check"))
    session.execute("key_card", "As")
    session.execute("key_card", "As")
    assert session.view().round.cards["board"] == [parse_card("As")]
    assert [e.kind for e in session.journal.events()][-1] == "read_rejected"


def test_stakes_and_pot_during_a_hand(make_table) -> None:
    session, _ = make_table()
    seat_all(session, {1: 100, 2: 100, 3: 100})
    session.execute("open_round")
    play(session, (1, "raise", "8"))
    assert session.view().seat_stakes(1) == {"pot": Decimal(8)} and session.view().seat_stakes(3) == {"pot": Decimal(2)}
    assert live.chip_count(session.view().state).in_pot == 11 and conserved(session)


def test_a_supervisor_corrects_a_settled_hand_for_a_seat_that_played_it(make_table) -> None:
    """A dispute after the pots were shown is a journaled correction (adjust), not a void."""
    from tests.poker.conftest import BADGE, PIN

    session, _ = make_table(deck=shoe_deck(SIDE_POT_HOLES, SIDE_POT_BOARD, button=1))
    seat_all(session, {1: 200, 2: 50, 3: 100})
    round_id = session.execute("open_round")
    play(session, (1, "raise", "6"), (2, "all_in"), (3, "all_in"), (1, "call"))  # every hand tabled at once
    assert session.view().phase == "settlement"
    with pytest.raises(RuleError, match="corrected, not voided"):
        session.supervise("void", BADGE, PIN, "too late")
    with pytest.raises(RuleError, match="seat 5 has no hand"):
        session.supervise("adjust", BADGE, PIN, "chip miscount", adjustments={5: "1"})
    before, rake = stacks(session), Decimal(session.view().round.settlement["rake"])
    seq = session.journal.last_seq
    # The players' chips are each other's: a correction moves them between seats or gives back
    # rake; it never makes chips, takes them for the house, or splits a chip.
    for amounts, refusal in (({2: str(rake + 1)}, "only the hand's rake"), ({2: "-5"}, "the house takes nothing here"),
                             ({2: "12.5", 1: "-12.5"}, "not a multiple of the smallest chip 1"),
                             ({2: str(before[3] + 1), 3: str(-before[3] - 1)}, f"seat 3 has {before[3]} in front")):
        with pytest.raises(RuleError, match=refusal):
            session.supervise("adjust", BADGE, PIN, "side pot miscounted", adjustments=amounts)
    assert session.journal.last_seq == seq and rake > 0
    session.supervise("adjust", BADGE, PIN, "side pot miscounted", adjustments={2: "5", 1: "-5"})
    payload = list(session.journal.events(kinds={"round_adjusted"}))[-1].payload
    assert payload == {"v": 2, "round_id": round_id, "adjustments": {"2": "5", "1": "-5"},
                       "reason": "side pot miscounted", "by": f"supervisor:{BADGE}", "moves_chips": True}
    assert stacks(session) == {**before, 1: before[1] - 5, 2: before[2] + 5} and conserved(session)
    session.supervise("adjust", BADGE, PIN, "raked a pot that was not raked", adjustments={3: str(rake)})
    assert stacks(session)[3] == before[3] + rake and live.table_of(session.view().state).rake == 0 and conserved(session)
    with pytest.raises(RuleError, match="only the hand's rake"):
        session.supervise("adjust", BADGE, PIN, "again", adjustments={3: "1"})
    audit = live.audit_journal(session.journal.events(), session.view().table.table_id)
    assert audit.conserved
    # A version-1 correction (written before corrections moved chips) replays as it was played: no chip moves.
    old = decode("round_adjusted", {"round_id": round_id, "adjustments": {"2": "12.5"}, "reason": "r", "by": "s"})
    assert isinstance(old, ev.RoundAdjusted) and not old.moves_chips
    before_old = stacks(session)
    live.POKER_FOLDS.evolve(session.view().state, old, "2026-01-01T00:00:00.000Z")
    assert stacks(session) == before_old and conserved(session)


def test_a_correction_never_reaches_the_next_player_in_the_same_seat(make_table) -> None:
    from tests.poker.conftest import BADGE, PIN

    session, _ = make_table(deck=shoe_deck(SIDE_POT_HOLES, SIDE_POT_BOARD, button=1))
    seat_all(session, {1: 200, 2: 50, 3: 100})
    session.execute("open_round")
    play(session, (1, "raise", "6"), (2, "all_in"), (3, "all_in"), (1, "call"))  # every hand tabled at once
    session.execute("push_pots")
    winner = max(stacks(session), key=lambda seat: stacks(session)[seat])
    loser = next(seat for seat in (2, 3) if seat != winner)
    session.execute("leave", loser)
    session.execute("seat_player", loser, "150", False)  # someone else sits down in that seat
    seq = session.journal.last_seq
    with pytest.raises(RuleError, match=f"the player of seat {loser} in this hand has left the table"):
        session.supervise("adjust", BADGE, PIN, "pot went to the wrong hand", adjustments={loser: "5", winner: "-5"})
    assert session.journal.last_seq == seq

