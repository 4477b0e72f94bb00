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

PROGRAM = {"version": "test"}


@pytest.fixture
def ctl(tmp_path: Path):
    table = load_profile("uth-hand-deal")
    journal = Journal(tmp_path / "hand.sqlite", table_id=table.table_id)
    controller = TableSession(table, journal)
    controller.start(PROGRAM)
    yield controller
    journal.close()


def _deal(ctl: TableSession) -> None:
    ctl.open_round()
    ctl.set_bets(1, {"ante": "10", "blind": "10", "trips": "5"})
    ctl.set_bets(3, {"ante": "10", "blind": "10"})
    ctl.no_more_bets()
    assert ctl.phase == "dealing" and "deal_done" in ctl.available_commands()
    assert "by hand" in ctl.banner().lower()
    ctl.deal_done()


def test_a_hand_dealt_round_learns_its_cards_at_each_reveal(ctl: TableSession) -> None:
    _deal(ctl)
    assert ctl.phase == "preflop" and ctl.round.cards["board"] == []
    ctl.decide(1, "check")
    ctl.decide(3, "check")
    with pytest.raises(RuleError, match="key each card"):
        ctl.reveal()
    for card in ("2c", "7d", "9h"):
        ctl.key_card(card)
    assert ctl.phase == "flop"
    ctl.decide(1, "play2x")
    ctl.decide(3, "check")
    for card in ("Js", "Qs"):
        ctl.key_card(card)
    ctl.decide(3, "fold")
    for card in ("Kd", "7c"):  # dealer
        ctl.key_card(card)
    assert ctl.phase == HANDS_REVEAL
    for card in ("As", "Ac", "8d", "3h"):  # seat 1 then seat 3, folded hands included (Trips)
        ctl.key_card(card)
    assert ctl.phase == SETTLEMENT
    seats = {s["seat"]: s for s in ctl.round.settlement["seats"]}
    assert seats[1]["bets"] == {"ante": "10", "blind": "0", "play": "20", "trips": "-5"}
    assert seats[3]["result"] == "fold"
    assert ctl.round.record["dealer"] == ["Kd", "7c"] and ctl.round.record["seats"][1]["hole"] == ["8d", "3h"]
    assert ctl.round.manual_entries == 11
    ctl.mark_paid(3)
    ctl.mark_paid(1)
    assert ctl.phase == PAID


def test_a_card_already_in_play_is_refused_and_nothing_advances(ctl: TableSession) -> None:
    _deal(ctl)
    ctl.decide(1, "check")
    ctl.decide(3, "check")
    ctl.key_card("As")
    seq = ctl.state.last_seq
    ctl.key_card("as")  # the same card again: journaled as rejected, not revealed
    assert ctl.round.revealed["board"] == 1
    rejected = list(ctl.journal.events(since_seq=seq, kinds={"read_rejected"}))
    assert len(rejected) == 1 and rejected[0].payload["card"] == parse_card("As")


def test_restart_mid_hand_deal_resumes_instead_of_voiding(tmp_path: Path) -> None:
    table = load_profile("uth-hand-deal")
    path = tmp_path / "resume.sqlite"
    with Journal(path, table_id=table.table_id) as journal:
        first = TableSession(table, journal)
        first.start(PROGRAM)
        first.open_round()
        first.set_bets(2, {"ante": "10", "blind": "10"})
        first.no_more_bets()
    with Journal(path, table_id=table.table_id) as journal:
        again = TableSession(table, journal)
        again.start(PROGRAM)
        assert again.phase == "dealing"
        again.deal_done()
        assert again.phase == "preflop"


def test_deal_done_is_refused_where_the_shoe_deals(tmp_path: Path) -> None:
    table = load_profile("uth-default")
    with Journal(tmp_path / "shoe.sqlite", table_id=table.table_id) as journal:
        ctl = TableSession(table, journal)
        ctl.start(PROGRAM)
        with pytest.raises(RuleError):
            ctl.deal_done()


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
    ctl = TableSession(table, journal)
    ctl.start(PROGRAM)
    ctl.open_round()
    ctl.set_bets(2, {"ante": "10", "pool": "1"})
    ctl.set_bets(4, {"ante": "10", "pool": "1"})
    ctl.no_more_bets()
    ctl.deal_done()
    ctl.decide(2, "flop")
    ctl.decide(4, "flop")
    for card in ("2c", "7d", "9h", "As", "Ac", "8d", "3h"):  # the flop, then each Pool seat's hole (seat 4 first)
        ctl.key_card(card)
    ctl.decide(2, "check")
    ctl.decide(4, "check")
    ctl.key_card("Js")  # the turn: no river decision after two checks
    for card in ("Qs", "Kd", "7c"):  # the river, the dealer
        ctl.key_card(card)
    assert ctl.phase == SETTLEMENT, (ctl.phase, ctl.offer())
    seats = {s["seat"]: s for s in ctl.round.settlement["seats"]}
    assert set(seats) == {2, 4} and ctl.round.manual_entries == 11
    ctl.mark_paid(4)
    ctl.mark_paid(2)
    assert ctl.phase == PAID
    journal.close()


def test_a_stacked_pool_hit_needs_a_shoe(tmp_path: Path) -> None:
    """pool_hit stacks the shoe's deck: on a table dealt by hand it is refused, not silently a no-op."""
    from dealer_station.simulate import simulate

    base = load_profile("thb-default")
    table = base.model_copy(update={"deal_mode": "hand",
                                    "devices": base.devices.model_copy(update={"shuffler": None, "reader": None})})
    with pytest.raises(ConfigError, match="pool_hit stacks the shoe's deck: a table dealt by hand has none"):
        simulate(table, rounds=1, seed=1, seats=2, faults={"pool_hit": 0.5}, journal=tmp_path / "j.sqlite",
                 progress=None)
    assert not (tmp_path / "j.sqlite").exists()
