"""Hand deal (no shoe): the croupier deals, then keys or reads each card as it is shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.cards import parse_card
from dealer_station.engine import TableSession
from dealer_station.errors import ConfigError, RuleError
from dealer_station.journal import Journal
from dealer_station.profile_loader import config_dir, load_profile
from dealer_station.table.phases import HANDS_REVEAL, PAID, SETTLEMENT
from dealer_station.view.banner import banner

PROGRAM = {"version": "test"}


@pytest.fixture
def session(tmp_path: Path):
    table = load_profile("uth-hand-deal")
    journal = Journal(tmp_path / "hand.sqlite", table_id=table.table_id)
    session = TableSession(table, journal)
    session.start(PROGRAM)
    yield session
    journal.close()


def _deal(session: TableSession) -> None:
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10", "trips": "5"})
    session.execute("set_bets", 3, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert session.view().phase == "dealing" and "deal_done" in set(session.offer().croupier)
    assert "by hand" in banner(session.view()).english().lower()
    session.execute("deal_done")


def test_a_hand_dealt_round_learns_its_cards_at_each_reveal(session: TableSession) -> None:
    _deal(session)
    assert session.view().phase == "preflop" and session.view().round.cards["board"] == []
    session.execute("decide", 1, "check")
    session.execute("decide", 3, "check")
    with pytest.raises(RuleError, match="key each card"):
        session.execute("reveal")
    for card in ("2c", "7d", "9h"):
        session.execute("key_card", card)
    assert session.view().phase == "flop"
    session.execute("decide", 1, "play2x")
    session.execute("decide", 3, "check")
    for card in ("Js", "Qs"):
        session.execute("key_card", card)
    session.execute("decide", 3, "fold")
    for card in ("Kd", "7c"):  # dealer
        session.execute("key_card", card)
    assert session.view().phase == HANDS_REVEAL
    assert session.view().next_to_reveal() == ("seat1", 0)  # seat 3 folded with nothing on its cards: not read
    for card in ("As", "Ac"):  # seat 1's hand (its Trips is settled on it)
        session.execute("key_card", card)
    assert session.view().phase == SETTLEMENT
    seats = {s["seat"]: s for s in session.view().round.settlement["seats"]}
    assert seats[1]["bets"] == {"ante": "10", "blind": "0", "play": "20", "trips": "-5"}
    assert seats[3] == {"seat": 3, "result": "fold", "bets": {"ante": "-10", "blind": "-10"}, "net": "-20"}
    record = session.view().round.record
    assert record["dealer"] == ["Kd", "7c"] and record["seats"][0]["hole"] == ["As", "Ac"]
    assert "hole" not in record["seats"][1]  # never seen: the record says nothing of it
    assert session.view().game.settle(session.view().game.parse_record(record, session.view().table)) == \
        session.view().round.settlement  # the record settles the same on its own
    assert session.view().round.manual_entries == 9
    assert session.view().round.seats[3].paid  # collected at its fold: done at once
    session.execute("mark_paid", 1)
    assert session.view().phase == PAID


def test_a_card_already_in_play_is_refused_and_nothing_advances(session: TableSession) -> None:
    _deal(session)
    session.execute("decide", 1, "check")
    session.execute("decide", 3, "check")
    session.execute("key_card", "As")
    seq = session.view().state.last_seq
    session.execute("key_card", "as")  # the same card again: journaled as rejected, not revealed
    assert session.view().round.revealed["board"] == 1
    rejected = list(session.journal.events(since_seq=seq, kinds={"read_rejected"}))
    assert len(rejected) == 1 and rejected[0].payload["card"] == parse_card("As")


def test_restart_mid_hand_deal_resumes_instead_of_voiding(tmp_path: Path) -> None:
    table = load_profile("uth-hand-deal")
    path = tmp_path / "resume.sqlite"
    with Journal(path, table_id=table.table_id) as journal:
        first = TableSession(table, journal)
        first.start(PROGRAM)
        first.execute("open_round")
        first.execute("set_bets", 2, {"ante": "10", "blind": "10"})
        first.execute("no_more_bets")
    with Journal(path, table_id=table.table_id) as journal:
        again = TableSession(table, journal)
        again.start(PROGRAM)
        assert again.view().phase == "dealing"
        again.execute("deal_done")
        assert again.view().phase == "preflop"


def test_deal_done_is_refused_where_the_shoe_deals(tmp_path: Path) -> None:
    table = load_profile("uth-default")
    with Journal(tmp_path / "shoe.sqlite", table_id=table.table_id) as journal:
        session = TableSession(table, journal)
        session.start(PROGRAM)
        with pytest.raises(RuleError):
            session.execute("deal_done")


def test_a_shuffler_deal_without_a_shuffler_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    text = (config_dir() / "uth-hand-deal.toml").read_text()
    bad.write_text(text.replace('deal_mode = "hand"', 'deal_mode = "shuffler"'))
    with pytest.raises(ConfigError, match="devices.shuffler"):
        load_profile(str(bad))


def test_thb_dealt_by_hand_with_every_seat_on_the_pool_settles_after_the_dealer(tmp_path: Path) -> None:
    """Every Pool seat's hole cards are keyed at the flop: nothing is left to show after the dealer."""
    base = load_profile("thb-default")
    table = base.model_copy(update={"deal_mode": "hand",
                                    "devices": base.devices.model_copy(update={"shuffler": None, "reader": None})})
    journal = Journal(tmp_path / "thb-hand.sqlite", table_id=table.table_id)
    session = TableSession(table, journal)
    session.start(PROGRAM)
    session.execute("open_round")
    session.execute("set_bets", 2, {"ante": "10", "pool": "1"})
    session.execute("set_bets", 4, {"ante": "10", "pool": "1"})
    session.execute("no_more_bets")
    session.execute("deal_done")
    session.execute("decide", 2, "flop")
    session.execute("decide", 4, "flop")
    for card in ("2c", "7d", "9h", "As", "Ac", "8d", "3h"):  # the flop, then each Pool seat's hole (seat 4 first)
        session.execute("key_card", card)
    session.execute("decide", 2, "check")
    session.execute("decide", 4, "check")
    session.execute("key_card", "Js")  # the turn: no river decision after two checks
    for card in ("Qs", "Kd", "7c"):  # the river, the dealer
        session.execute("key_card", card)
    assert session.view().phase == SETTLEMENT, (session.view().phase, session.offer())
    seats = {s["seat"]: s for s in session.view().round.settlement["seats"]}
    assert set(seats) == {2, 4} and session.view().round.manual_entries == 11
    session.execute("mark_paid", 4)
    session.execute("mark_paid", 2)
    assert session.view().phase == PAID
    journal.close()


def test_a_stacked_pool_hit_needs_a_shoe(tmp_path: Path) -> None:
    """pool_hit stacks the shoe's deck: on a table dealt by hand it is refused, not silently a no-op."""
    from dealer_station.play.simulate import simulate

    base = load_profile("thb-default")
    table = base.model_copy(update={"deal_mode": "hand",
                                    "devices": base.devices.model_copy(update={"shuffler": None, "reader": None})})
    with pytest.raises(ConfigError, match="pool_hit stacks the shoe's deck: a table dealt by hand has none"):
        simulate(table, rounds=1, seed=1, seats=2, faults={"pool_hit": 0.5}, journal=tmp_path / "j.sqlite",
                 progress=None)
    assert not (tmp_path / "j.sqlite").exists()


def test_all_remaining_check_is_one_command_each_seat_journaled_and_refused_where_one_cannot(
        session: TableSession) -> None:
    """Issue 39 item 5: "all remaining check" as one command (its row's guard: every seat to act may check)."""
    _deal(session)
    session.execute("decide", 1, "play4x")  # seat 1 raises; the rest check in one go
    assert "check_rest" in session.offer().croupier
    seq = session.view().state.last_seq
    session.execute("check_rest")
    decided = [e.payload for e in session.journal.events(since_seq=seq, kinds={"decision"})]
    assert decided == [{"seat": 3, "street": "preflop", "action": "check"}]
    for card in ("2c", "7d", "9h"):
        session.execute("key_card", card)
    session.execute("check_rest")  # the flop: seat 3 checks (seat 1 has decided for good)
    for card in ("Js", "Qs"):
        session.execute("key_card", card)
    assert session.view().phase == "river" and "check_rest" not in session.offer().croupier  # play or fold only
    with pytest.raises(RuleError, match="cannot check"):
        session.execute("check_rest")


def test_a_record_omits_only_the_hole_of_a_fold_with_nothing_on_its_cards(session: TableSession) -> None:
    from dealer_station.errors import RecordError

    game, table = session.view().game, session.view().table
    record = {"game": "uth", "dealer": ["Kd", "7c"], "board": ["2c", "7d", "9h", "Js", "Qs"],
              "seats": [{"seat": 1, "hole": ["As", "Ac"], "bets": {"ante": "10", "blind": "10"}, "actions": ["play4x"]},
                        {"seat": 2, "bets": {"ante": "10", "blind": "10"}, "actions": ["check", "check", "fold"]}]}
    settled = game.settle(game.parse_record(record, table))
    # seat 2 loses its two stakes; seat 1 (aces over the dealer's sevens): Ante 10, Blind pushes, Play 40
    assert [s["net"] for s in settled["seats"]] == ["-20", "50"] and "category" not in settled["seats"][0]
    record["seats"][1]["bets"]["trips"] = "5"  # a Trips is settled on the cards: they must be in the record
    with pytest.raises(RecordError, match="hole"):
        game.parse_record(record, table)
