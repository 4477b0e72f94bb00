"""Texas Hold'em Bonus on the live table: the meter's facts journaled with their steps.

The scripted shoe deals a known order (board first, then seats, then the dealer), so a
Pool hit is placed exactly where the test wants it.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.engine.session import TableSession
from dealer_station.errors import ConfigError, RuleError
from dealer_station.games import get_game
from dealer_station.jackpot import JackpotMeter
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.table.folds import replay
from dealer_station.table.state import TableState
from simulators.scripted_shoe import ScriptedShoe

PROGRAM = {"version": "test"}
BADGE, PIN = "0412", "2468"
# board 2s 7s 9s | Js Qh ; seat 2: As Ks (flush on the flop -> Pool 20%), seat 4: 4c 5c ; dealer Kd 7c
FLUSH_DECK = ["2s", "7s", "9s", "Js", "Qh", "As", "Ks", "4c", "5c", "Kd", "7c"]
# board Ts Js Qs | 2c 3d ; seat 2: As Ks (royal on the flop -> Pool 100%, above verify_at)
# board 2s 7d 9c | Jh Qh ; seat 2: 4c 5d, seat 4: Kd 3s ; dealer 8h 6c: no Pool hit
NO_HIT_DECK = ["2s", "7d", "9c", "Jh", "Qh", "4c", "5d", "Kd", "3s", "8h", "6c"]
ROYAL_DECK = ["Ts", "Js", "Qs", "2c", "3d", "As", "Ks", "4c", "5h", "Kd", "7c"]


@pytest.fixture
def thb(tmp_path: Path):
    table = load_profile("thb-default")
    credentials = CredentialStore(tmp_path / "c.json")
    credentials.add(BADGE, PIN)
    opened: list[Journal] = []

    def make(path: Path | None = None) -> tuple[TableSession, ScriptedShoe]:
        journal = Journal(path or tmp_path / "thb.sqlite", table_id=table.table_id)
        opened.append(journal)
        shoe = ScriptedShoe()
        session = TableSession(table, journal, shoe=shoe, credentials=credentials)
        shoe.session = session
        session.start(PROGRAM)
        return session, shoe

    yield make
    for j in opened:
        j.close()


def _meter(session: TableSession) -> JackpotMeter:
    meter = session.view().state.game_state
    assert isinstance(meter, JackpotMeter)
    assert meter.conserved
    return meter


def _bets(session: TableSession) -> None:
    session.execute("open_round")
    session.execute("set_bets", 2, {"ante": "10", "bonus": "10", "pool": "1"})
    session.execute("set_bets", 4, {"ante": "10", "pool": "1"})


def _play_round(session: TableSession, shoe: ScriptedShoe, deck: list[str] = FLUSH_DECK) -> None:
    shoe.load(deck)
    _bets(session)
    session.execute("no_more_bets")
    session.execute("decide", 2, "flop")
    session.execute("decide", 4, "fold")
    session.execute("reveal")  # the flop
    session.execute("decide", 2, "check")
    session.execute("reveal")  # the turn card
    session.execute("reveal")  # the river card and the dealer's hand
    session.execute("mark_paid", 4)
    session.execute("mark_paid", 2)


def test_contributions_at_no_more_bets_award_at_the_flop_and_settlement_pays_it(thb):
    session, shoe = thb()
    assert _meter(session).meter == Decimal("500.00")
    shoe.load(FLUSH_DECK)
    _bets(session)
    session.execute("no_more_bets")
    assert _meter(session).meter == Decimal("500.50")  # two Pool stakes x 0.25, in the lockout's transaction
    kinds = [e.kind for e in session.journal.events(round_id=session.view().round.round_id)]
    assert kinds.index("jackpot_contribution") > kinds.index("no_more_bets")
    session.execute("decide", 2, "flop")
    session.execute("decide", 4, "fold")
    session.execute("reveal")  # flop: seat 2 has a spade flush on hole + flop
    meter = _meter(session)
    assert meter.hits == 1 and meter.awarded == Decimal("100.10")  # 20% of 500.50, down to the cent
    assert meter.meter == Decimal("500.00") and meter.seeded == Decimal("99.60")  # raised back to reset
    session.execute("decide", 2, "turn")
    session.execute("reveal")
    session.execute("decide", 2, "river")
    session.execute("reveal")
    assert session.view().phase == "settlement"
    seats = {s["seat"]: s for s in session.view().round.settlement["seats"]}
    assert seats[2]["bets"]["pool"] == "99.1" and seats[4]["bets"]["pool"] == "-1"
    assert seats[2]["bets"]["bonus"] == "250"  # A-K suited 25:1
    block = session.view().round.settlement["jackpot"]
    assert block["meter_before"] == "500.00" and block["awards"] == [{"seat": 2, "category": "flush", "amount": "100.10"}]
    # the record carries the meter the round found: settle gives the same result offline
    game = get_game("holdem_bonus")
    assert game.settle(game.parse_record(session.view().round.record, session.view().table)) == session.view().round.settlement


def test_a_hit_at_verify_at_holds_the_table_until_a_supervisor_verifies_it(thb, tmp_path):
    session, shoe = thb()
    shoe.load(ROYAL_DECK)
    _bets(session)
    session.execute("no_more_bets")
    session.execute("decide", 2, "flop")
    session.execute("decide", 4, "flop")
    session.execute("reveal")
    assert session.view().round.halt is not None and session.view().round.halt.kind == "jackpot_verify"
    assert "verify_jackpot" in session.offer().supervisor and not session.offer().croupier
    award = _meter(session).awarded
    assert award == Decimal("500.50")  # 100% of the meter, locked at the hit
    with pytest.raises(RuleError):
        session.execute("decide", 2, "turn")
    # the station is killed while the hit waits: nothing lost, nothing paid twice
    session.journal.close()
    again, _ = thb(tmp_path / "thb.sqlite")
    assert again.view().round.halt.kind == "jackpot_verify" and _meter(again).awarded == award
    again.supervise("verify_jackpot", BADGE, PIN, "royal checked on camera")
    assert again.view().round.halt is None and again.view().phase == "flop"
    assert _meter(again).awarded == award and _meter(again).hits == 1
    verified = list(again.journal.events(kinds={"jackpot_verified"}))
    assert verified[0].payload["by"] == f"supervisor:{BADGE}" and verified[0].payload["amount"] == "500.5"


def test_a_void_takes_the_rounds_contributions_awards_and_seeds_back(thb):
    session, shoe = thb()
    shoe.load(FLUSH_DECK)
    before = _meter(session)
    _bets(session)
    session.execute("no_more_bets")
    session.execute("decide", 2, "flop")
    session.execute("decide", 4, "flop")
    session.execute("reveal")
    assert _meter(session).hits == 1
    session.supervise("void", BADGE, PIN, "dispute")
    after = _meter(session)
    assert (after.meter, after.overflow, after.contributed, after.awarded, after.seeded, after.hits) == \
        (before.meter, before.overflow, before.contributed, before.awarded, before.seeded, before.hits)
    event = list(session.journal.events(kinds={"round_voided"}))[-1]
    # every stake: seat 2 Ante 10 + Bonus 10 + Pool 1 + Flop 20; seat 4 Ante 10 + Pool 1 + Flop 20
    assert event.payload["returned"] == {"2": "41", "4": "31"}
    # the reversals are in the void's own transaction
    same_tx = [e.kind for e in session.journal.events(round_id=session.view().round.round_id) if e.at == event.at]
    assert "jackpot_reversal" in same_tx and "round_voided" in same_tx


def test_meter_survives_restarts_and_replay_equals_live(thb, tmp_path):
    session, shoe = thb()
    for _ in range(2):
        _play_round(session, shoe)
    live = _meter(session)
    rebuilt = replay(TableState(session.view().table.table_id), session.journal.events(), folds=session.view().game.folds)
    assert rebuilt.game_state == live
    session.journal.close()
    again, _ = thb(tmp_path / "thb.sqlite")
    assert _meter(again) == live and live.hits == 2
    assert not list(again.journal.events(kinds={"jackpot_installed"}))[1:]  # installed once only


def test_spot_takeover_plays_a_vacant_spot_for_a_seated_player(thb):
    session, shoe = thb()
    shoe.load(FLUSH_DECK)
    session.execute("open_round")
    session.execute("set_bets", 2, {"ante": "10"})
    with pytest.raises(RuleError, match="no player betting"):
        session.execute("set_bets", 4, {"ante": "10"}, player=5)
    session.execute("set_bets", 4, {"ante": "10"}, player=2)
    with pytest.raises(RuleError, match="already plays a second spot"):
        session.execute("set_bets", 5, {"ante": "10"}, player=2)
    session.execute("no_more_bets")
    session.execute("decide", 2, "fold")
    session.execute("decide", 4, "fold")
    while session.view().phase != "settlement":  # flop, turn, then river card and dealer: nobody left to decide
        session.execute("reveal")
    record = session.view().round.record
    assert {s["seat"]: s.get("player") for s in record["seats"]} == {2: "seat 2", 4: "seat 2"}
    assert session.view().round.settlement["players"] == [{"player": "seat 2", "seats": [4, 2], "net": "-20"}]


def _with_rules(session: TableSession, **changes: str):
    """The same table with its jackpot rules changed (validated as a profile's would be)."""
    options = session.view().table.options
    rules = type(options.jackpot).model_validate({**options.jackpot.model_dump(), **changes})
    return session.view().table.model_copy(update={"options": options.model_copy(update={"jackpot": rules})})


SHOES: dict[int, ScriptedShoe] = {}
"""The scripted shoe of each restarted session (the session keeps its shoe to itself)."""


def _restart(session: TableSession, table, tmp_path: Path, credentials_of: TableSession) -> TableSession:
    session.journal.close()
    journal = Journal(tmp_path / "thb.sqlite", table_id=table.table_id)
    shoe = ScriptedShoe()
    again = TableSession(table, journal, shoe=shoe, credentials=CredentialStore(tmp_path / "c.json"))
    shoe.session = again
    SHOES[id(again)] = shoe
    return again


def test_a_higher_reset_raises_the_meter_at_once_and_the_table_plays_on(thb, tmp_path):
    session, shoe = thb()
    shoe.load(FLUSH_DECK)
    _bets(session)
    session.execute("no_more_bets")  # meter 500.50, then a void: back to 500.00
    session.supervise("void", BADGE, PIN, "test")
    before = _meter(session)
    again = _restart(session, _with_rules(session, reset="600.00"), tmp_path, session)
    again.start(PROGRAM)
    meter = _meter(again)  # conserved: the raise is a journaled seed, nothing appears from nowhere
    assert (meter.meter, meter.seeded - before.seeded, meter.rules.reset) == (Decimal("600.00"), Decimal("100.00"),
                                                                             Decimal("600.00"))
    start = [e for e in again.journal.events() if e.kind in ("jackpot_installed", "jackpot_seed")][-2:]
    assert [e.kind for e in start] == ["jackpot_installed", "jackpot_seed"] and start[1].round_id is None
    _play_round(again, SHOES[id(again)])  # a Pool hit and its raise to the new reset settle as usual
    after = _meter(again)
    assert after.hits == before.hits + 1 and after.meter == Decimal("600.00")
    assert after.awarded - before.awarded == Decimal("120.10")  # 20% of 600.50, down to the cent
    assert again.view().round.finished and again.view().round.settlement is not None
    rebuilt = replay(TableState(again.view().table.table_id), again.journal.events(), folds=again.view().game.folds)
    assert rebuilt.game_state == after
    again.journal.close()


def test_a_rules_change_during_a_round_waits_for_the_next_round_and_a_cap_below_the_meter_is_refused(thb, tmp_path):
    """The open round keeps the jackpot rules it opened under (its terms, issue 19); the next round
    opens under the new ones, journaled first. A cap below the meter is refused, nothing written."""
    session, shoe = thb()
    _play_round(session, shoe, NO_HIT_DECK)  # meter 500.50: two Pool stakes, no hit
    assert _meter(session).meter == Decimal("500.50")
    shoe.load(NO_HIT_DECK)
    _bets(session)
    session.execute("no_more_bets")  # meter 501.00, round T2-000002 open
    seq = session.journal.last_seq
    first_cap = session.view().table.options.jackpot.cap
    changed = _with_rules(session, cap="900.00")
    again = _restart(session, changed, tmp_path, session)
    again.start(PROGRAM)
    assert again.view().kept_terms is not None and again.view().table.options.jackpot.cap == first_cap != Decimal("900.00")
    assert [r.kind for r in again.journal.events(since_seq=seq)] == ["station_started"]  # no jackpot_installed yet
    again.supervise("void", BADGE, PIN, "the pit changes the jackpot rules")
    again.execute("open_round")
    kinds = [r.kind for r in again.journal.events(since_seq=seq)]
    assert kinds.index("terms_installed") < kinds.index("jackpot_installed") < kinds.index("round_opened")
    assert _meter(again).rules.cap == Decimal("900.00") and again.view().kept_terms is None
    again.journal.close()
    session, shoe = thb(tmp_path / "thb.sqlite")  # back on the table's first rules (installed again next round)
    session.supervise("void", BADGE, PIN, "back to the first rules")
    seq = session.journal.last_seq
    again = _restart(session, _with_rules(session, cap="500.25"), tmp_path, session)
    with pytest.raises(ConfigError, match="cap 500.25 is below the meter 500.50: the meter only goes down by an award"):
        again.start(PROGRAM)
    assert again.journal.last_seq == seq  # nothing written
    again.journal.close()


def test_a_journal_left_below_its_reset_by_an_earlier_version_is_raised_at_start(thb, tmp_path):
    """An earlier version journaled a higher reset without raising the meter: the table would
    wedge at its next settlement. Starting on it raises the meter to the reset (a house seed)."""
    session, _ = thb()
    raised = _with_rules(session, reset="600.00")
    from dealer_station.jackpot import JackpotInstalled

    session.journal.append("jackpot_installed", JackpotInstalled(raised.options.jackpot).to_payload(), actor="station")
    session.journal.close()
    again = _restart(session, raised, tmp_path, session)
    again.start(PROGRAM)
    meter = _meter(again)
    assert (meter.meter, meter.seeded) == (Decimal("600.00"), Decimal("100.00"))
    kinds = [e.kind for e in again.journal.events()]
    assert kinds[-1] == "jackpot_seed" and kinds.count("jackpot_installed") == 2  # no third install
    again.journal.close()
