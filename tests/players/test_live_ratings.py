"""Live ratings from a table's journal (``view/ratings.py``), checked against what the scripted players
themselves put down (their own record of every stake) and the settlement's nets read straight from the
journal: a keyed UTH table with two identified players, a pause, a card out, an anonymous seat, and a
supervisor's change of the rating terms between two sessions."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_station.engine.session import TableSession
from dealer_station.journal import Journal
from dealer_station.play.autoplay import AutoCroupier
from dealer_station.play.players import ScriptedPlayer
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.view.ratings import Ratings
from tests.session.conftest import PROGRAM, ScriptedShoe

EDGES = {"ante": Decimal("0.021850"), "trips": Decimal("0.034979")}
NEW_EDGES = {"ante": Decimal("0.03"), "trips": Decimal("0.05")}


def cents(value: Fraction) -> Decimal:
    """To the cent, half away from zero (written here, not taken from the code under test)."""
    hundredths, rest = divmod(abs(value) * 100, 1)
    whole = int(hundredths) + (1 if rest >= Fraction(1, 2) else 0)
    return Decimal(whole if value >= 0 else -whole).scaleb(-2)


def play_rounds(session: TableSession, croupier: AutoCroupier, count: int) -> None:
    """``count`` rounds, each paid round's stakes counted by the scripted players who bet in it."""
    for _ in range(count):
        target = session.view().state.rounds_paid + 1
        for _step in range(400):
            if session.view().state.rounds_paid >= target and session.view().round.finished:  # type: ignore[union-attr]
                break
            croupier.step()
        else:
            raise AssertionError("round not played")
        for player in croupier.at_seat.values():
            player.round_ended(paid=True)  # type: ignore[attr-defined]


@pytest.fixture
def credentials(tmp_path) -> CredentialStore:
    store = CredentialStore(tmp_path / "credentials.json")
    store.add("0412", "2468")
    return store


@pytest.fixture
def table():
    base = load_profile("uth-default")
    players = base.players.model_copy(update={"theo": EDGES, "comp_rate": Decimal("0.25"), "absent_rounds": 2})
    return base.model_copy(update={"players": players})


def test_each_session_is_rated_from_the_journal_as_its_players_played_it(tmp_path, table, credentials) -> None:
    journal = Journal(tmp_path / "journal.sqlite", table_id=table.table_id)
    shoe = ScriptedShoe()
    session = TableSession(table, journal, shoe=shoe, credentials=credentials)
    shoe.session = session
    session.start(PROGRAM)
    shoe.connect()
    croupier = AutoCroupier(session, rng=random.Random(3), seats=[1, 2, 3])
    p1 = ScriptedPlayer("P-1", "optimal", "uth", 11)
    p2 = ScriptedPlayer("P-2", "random", "uth", 12)
    p3 = ScriptedPlayer("P-3", "random", "uth", 13)
    croupier.at_seat.update({1: p1, 2: p2})
    session.execute("card_in", 1, "P-1")
    session.execute("card_in", 2, "P-2")
    play_rounds(session, croupier, 3)
    session.execute("pause_player", 1)
    session.execute("resume_player", 1)
    play_rounds(session, croupier, 1)
    session.execute("card_out", 2)
    session.supervise("rating_terms", "0412", "2468", "the casino's own sheet",
                      theo={k: str(v) for k, v in NEW_EDGES.items()}, comp_rate="0.5", source="casino 2026")
    croupier.at_seat[2] = p3
    session.execute("card_in", 2, "P-3")
    play_rounds(session, croupier, 3)
    records = list(journal.events())
    sessions = Ratings(session.view().table).add_all(records).sessions()
    journal.close()
    rated: dict[object, list] = {}
    for one in sessions:
        rated.setdefault(one.player, []).append(one)

    nets: dict[int, list[Fraction]] = {1: [], 2: [], 3: []}
    for r in records:
        if r.kind == "settled":
            for seat in r.payload["settlement"]["seats"]:
                nets[seat["seat"]].append(Fraction(seat["net"]))

    def expect(got, stakes: list, edges: dict[str, Decimal], rate: Fraction, seat_nets: list[Fraction]) -> None:
        staked = [Fraction(sum(b.values())) for b in stakes]
        theo = sum(Fraction(b.get("ante", 0)) * Fraction(edges["ante"]) + Fraction(b.get("trips", 0))
                   * Fraction(edges["trips"]) for b in stakes)
        assert got.rating.rounds == len(stakes)
        assert Fraction(got.rating.initial_wagered) == sum(staked)
        assert got.rating.average_bet == cents(sum(staked) / len(staked))
        assert got.rating.theo == cents(theo) and got.rating.comp == cents(theo * rate)
        assert Fraction(got.rating.actual) == -sum(seat_nets)
        assert got.keyed  # a keyed table: no bet sensor saw these stakes

    # P-1 sat through the change of terms: rated under the old ones to it, under the new from the next round
    assert [s.rating.rounds for s in rated["P-1"]] == [4, 3]
    expect(rated["P-1"][0], p1.stakes[:4], EDGES, Fraction(1, 4), nets[1][:4])
    expect(rated["P-1"][1], p1.stakes[4:], NEW_EDGES, Fraction(1, 2), nets[1][4:])
    assert rated["P-1"][1].open and rated["P-1"][0].end < rated["P-1"][1].start
    expect(rated["P-2"][0], p2.stakes, EDGES, Fraction(1, 4), nets[2][:4])
    expect(rated["P-3"][0], p3.stakes, NEW_EDGES, Fraction(1, 2), nets[2][4:])
    assert rated["P-1"][0].rating.skill_cost == Decimal("0.00") == rated["P-1"][1].rating.skill_cost
    assert rated["P-2"][0].rating.skill_cost is not None and rated["P-2"][0].rating.skill_cost > 0
    assert rated["P-3"][0].rating.skill_cost is not None and rated["P-3"][0].rating.skill_cost > 0
    assert rated["P-3"][0].rating.skill_cost == cents(skill_from_journal(records, seat=2, after_round=4))
    assert not rated["P-2"][0].open
    assert [(s.seat, s.rating.rounds) for s in rated[None]] == [(3, 4), (3, 3)]
    assert Fraction(sum(s.rating.actual for s in rated[None])) == -sum(nets[3])


def skill_from_journal(records: list, seat: int, after_round: int) -> Fraction:
    """Σ of the exact cost of each of ``seat``'s decisions in the rounds after the first ``after_round``, times
    its Ante: the decisions and the cards read straight from the journal, the costs as Fractions."""
    from dealer_station.cards import parse_card
    from dealer_station.par.skill import decision_cost_exact

    paytables = load_profile("uth-default").paytables
    decisions: dict[str, list[tuple[str, str]]] = {}
    total = Fraction(0)
    for r in records:
        if r.kind == "decision" and r.payload["seat"] == seat:
            decisions.setdefault(r.round_id, []).append((r.payload["street"], r.payload["action"]))
        if r.kind == "settled" and int(r.round_id.split("-")[1]) > after_round:
            record = r.payload["record"]
            entry = next(s for s in record["seats"] if s["seat"] == seat)
            hole = [parse_card(c) for c in entry["hole"]]
            board = [parse_card(c) for c in record["board"]]
            for street, action in decisions.get(r.round_id, []):
                total += decision_cost_exact("uth", paytables, street, hole, board, action) * Fraction(entry["bets"]["ante"])
    return total


def test_a_poker_table_is_not_rated_by_theo() -> None:
    with pytest.raises(ValueError, match="not a banking game"):
        Ratings(load_profile("holdem-nl-1-2"))  # type: ignore[arg-type]
