"""The table bank at the station: a whole shift through the session's ports, refusals that write nothing,
the floor's numbers asked for only once a supervisor is known, and a restart that rebuilds the bank."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from dealer_station.bank.desk import InProcessDesk
from dealer_station.bank.figures import shift_figures
from dealer_station.bank.slips import SlipState
from dealer_station.engine import TableSession
from dealer_station.errors import DealerStationError
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from simulators.scripted_shoe import ScriptedShoe
from tests.session.conftest import PROGRAM
from tests.session.test_round import DECK, play_to_settlement

PAR = {"0.5": 40, "1": 100, "5": 200, "25": 100, "100": 40, "500": 10}
SUP, PIN, OTHER, OTHER_PIN = "0412", "2468", "0413", "1357"


class Station:
    """One table with a bank, a desk of its own and two supervisors."""

    def __init__(self, tmp_path: Path, desk: InProcessDesk | None = None) -> None:
        self.table = load_profile("uth-default")
        self.credentials = CredentialStore(tmp_path / "credentials.json")
        self.credentials.add(SUP, PIN)
        self.credentials.add(OTHER, OTHER_PIN)
        self.desk = desk if desk is not None else InProcessDesk()
        self.path = tmp_path / "journal.sqlite"
        self.journals: list[Journal] = []
        self.session, self.shoe = self.start()

    def start(self) -> tuple[TableSession, ScriptedShoe]:
        journal = Journal(self.path, table_id=self.table.table_id)
        self.journals.append(journal)
        shoe = ScriptedShoe()
        session = TableSession(self.table, journal, shoe=shoe, credentials=self.credentials, services=(self.desk,))
        shoe.session = session
        session.start(PROGRAM)
        return session, shoe

    def kinds(self) -> list[str]:
        return [r.kind for r in self.session.journal.events()]

    def bank_events(self) -> list[tuple[str, dict[str, object]]]:
        bank = {"shift_opened", "buy_in", "slip_requested", "slip_issued", "slip_received", "slip_refused",
                "slip_voided", "shift_closed"}
        return [(r.kind, r.payload) for r in self.session.journal.events() if r.kind in bank]

    def close(self) -> None:
        for j in self.journals:
            j.close()


@pytest.fixture
def station(tmp_path: Path):
    s = Station(tmp_path)
    yield s
    s.close()


def value(count: dict[str, int]) -> Fraction:
    """A count's value, independently: fractions of the written denominations."""
    return sum((Fraction(d) * n for d, n in count.items()), Fraction(0))


def opened(station: Station) -> TableSession:
    session = station.session
    session.execute("dealer_sign_in", "Ann")
    session.supervise("open_shift", SUP, PIN, "", opener=PAR, gaming_day="2026-12-05")
    return session


def whole_shift(station: Station) -> tuple[Fraction, dict[str, int]]:
    """Open, two buy-ins, a round, a fill, a credit, close: (the house's win, the closer)."""
    session = opened(station)
    session.execute("buy_in", 3, "cash", "500", "P-1001")
    session.execute("buy_in", 1, "marker", "200")
    play_to_settlement(session, station.shoe)
    nets = [Fraction(s["net"]) for s in session.view().round.settlement["seats"]]
    session.execute("mark_paid", 3)
    session.execute("mark_paid", 1)
    session.supervise("request_fill", SUP, PIN, "", chips={"100": 20})
    session.supervise("receive_slip", SUP, PIN, "", slip="F000001", chips={"100": 20})
    session.supervise("request_credit", SUP, PIN, "", chips={"500": 4})
    session.supervise("receive_slip", OTHER, OTHER_PIN, "", slip="C000001", chips={"500": 4})
    # the closer a counting team finds: par + fill - credit - chips given for buy-ins + the house's win,
    # worked out by hand in chips (the house won 20 from seat 3, paid 30 net to seat 1: buy-ins of 700 left
    # the tray as five 100s and eight 25s)
    house = -sum(nets, Fraction(0))
    closer = dict(PAR, **{"100": 40 + 20 - 5, "500": 10 - 4, "25": 100 - 8})
    expected = value(PAR) + 2000 - 2000 - 700 + house
    closer["1"] = 100 + int(expected - value(closer))  # the rest in 1s, whatever the round's result
    session.supervise("close_shift", SUP, PIN, "", closer=closer)
    return house, closer


def test_a_whole_shift_balances_and_journals_every_step(station: Station) -> None:
    house, closer = whole_shift(station)
    session = station.session
    events = station.bank_events()
    assert [k for k, _ in events] == ["shift_opened", "buy_in", "buy_in", "slip_requested", "slip_issued",
                                      "slip_received", "slip_requested", "slip_issued", "slip_received",
                                      "shift_closed"]
    first = events[0][1]
    assert first == {"shift": 1, "gaming_day": "2026-12-05", "opener": PAR, "previous_closer": None,
                     "discrepancy": None, "discrepancy_class": None, "dealer": "Ann", "supervisor": SUP}
    assert events[1][1] == {"shift": 1, "seat": 3, "kind": "cash", "amount": "500", "player": "P-1001"}
    assert events[2][1]["player"] is None
    assert events[3][1] == {"shift": 1, "request": "T1-R1", "kind": "fill", "chips": {"100": 20},
                            "amount": "2000", "by": SUP}
    assert events[4][1] == {"request": "T1-R1", "kind": "fill", "slip": "F000001", "number": 1}
    assert events[5][1] == {"slip": "F000001", "kind": "fill", "chips": {"100": 20}, "amount": "2000",
                            "dealer": "Ann", "supervisor": SUP}
    assert events[8][1]["supervisor"] == OTHER
    assert events[9][1] == {"shift": 1, "closer": closer, "dealer": "Ann", "supervisor": SUP, "sensed": False}

    shift = session.view().state.bank.shift
    assert shift is not None and not shift.open
    table = station.table
    assert table.bank is not None
    from dealer_station.engine.bank import thresholds

    figures = shift_figures(shift.book(table.table_id, table.currency, thresholds(table.bank)))
    assert Fraction(figures.computed_win) == house
    assert figures.tray_variance == 0 and figures.recorded_drop == 700
    assert figures.drop is None and figures.accounting_win is None  # the count team's drop is the floor's


def test_the_bank_replays_after_a_restart(station: Station) -> None:
    session = opened(station)
    session.execute("buy_in", 2, "cash", "100")
    session.supervise("request_fill", SUP, PIN, "", chips={"25": 40})
    before = session.view().state.bank
    station.journals[-1].close()
    again, _ = station.start()
    assert again.view().state.bank == before
    assert again.view().state.bank.shift.slips[0].state is SlipState.ISSUED


def refused(station: Station, call, *args, **kwargs) -> DealerStationError:
    before = len(station.kinds())
    with pytest.raises(DealerStationError) as caught:
        call(*args, **kwargs)
    kinds = station.kinds()[before:]
    assert all(k == "supervisor_auth" for k in kinds), kinds  # at most a refused PIN is journaled
    return caught.value


BAD_OPENERS = [{"25": -1}, {"30": 4}, {"25": 1_000_001}, {"25": "4"}, {"1e2": 3}, [], {"25": 4.0}]


def test_a_bad_opener_is_refused_with_nothing_written(station: Station) -> None:
    station.session.execute("dealer_sign_in", "Ann")
    for opener in BAD_OPENERS:
        error = refused(station, station.session.supervise, "open_shift", SUP, PIN, "", opener=opener)
        assert error.key == "bank:bad_count", opener
        assert station.session.view().state.bank.shift is None


def test_what_does_not_fit_is_refused(station: Station) -> None:
    session = station.session
    assert refused(station, session.execute, "buy_in", 3, "cash", "500").key == "bank:no_shift"
    assert refused(station, session.supervise, "open_shift", SUP, PIN, "", opener=PAR).key == "bank:no_dealer"
    opened(station)
    assert refused(station, session.execute, "buy_in", 9, "cash", "500").key == "bank:bad_seat"
    assert refused(station, session.execute, "buy_in", 3, "chips", "500").key == "bank:bad_kind"
    for amount in ("0", "-5", "0.001", "abc"):
        assert refused(station, session.execute, "buy_in", 3, "cash", amount).key == "bank:bad_amount"
    station.shoe.load(DECK)
    session.execute("open_round")
    session.execute("buy_in", 3, "cash", "50")  # while bets are open
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert "buy-in" in str(refused(station, session.execute, "buy_in", 3, "cash", "50"))
    assert refused(station, session.supervise, "close_shift", SUP, PIN, "", closer=PAR).key == "when:close_shift"
    assert refused(station, session.supervise, "request_fill", SUP, PIN, "", chips={}).key == "bank:empty_slip"


def test_a_wrong_count_refuses_the_slip_and_is_journaled(station: Station) -> None:
    session = opened(station)
    session.supervise("request_fill", SUP, PIN, "", chips={"100": 20})
    session.supervise("receive_slip", OTHER, OTHER_PIN, "", slip="F000001", chips={"100": 19})
    kind, payload = station.bank_events()[-1]
    assert kind == "slip_refused"
    assert payload["chips_seen"] == {"100": 19} and payload["dealer"] == "Ann" and payload["supervisor"] == OTHER
    assert session.view().state.bank.shift.slips[0].state is SlipState.REFUSED
    assert refused(station, session.supervise, "receive_slip", SUP, PIN, "", slip="F000001",
                   chips={"100": 20}).key == "bank:not_issued"


def test_a_void_needs_a_reason_and_another_supervisor(station: Station) -> None:
    session = opened(station)
    session.supervise("request_credit", SUP, PIN, "", chips={"500": 2})
    assert refused(station, session.supervise, "void_slip", OTHER, OTHER_PIN, "", slip="C000001").field == "reason"
    assert refused(station, session.supervise, "void_slip", SUP, PIN, "wrong chips",
                   slip="C000001").key == "bank:own_slip"
    session.supervise("void_slip", OTHER, OTHER_PIN, "wrong chips", slip="C000001")
    assert station.bank_events()[-1] == ("slip_voided", {"slip": "C000001", "kind": "credit", "reason": "wrong chips",
                                                         "by": OTHER})
    session.supervise("close_shift", SUP, PIN, "", closer=PAR)  # nothing in flight any more


def test_a_slip_in_flight_holds_the_close(station: Station) -> None:
    session = opened(station)
    session.supervise("request_fill", SUP, PIN, "", chips={"5": 100})
    assert refused(station, session.supervise, "close_shift", SUP, PIN, "", closer=PAR).key == "bank:slip_in_flight"


def test_no_number_without_the_floor_and_none_before_the_pin(station: Station) -> None:
    session = opened(station)
    station.desk.reachable = False
    assert refused(station, session.supervise, "request_fill", SUP, PIN, "",
                   chips={"100": 20}).key == "bank:floor_unreachable"
    station.desk.reachable = True
    refused(station, session.supervise, "request_fill", SUP, "0000", "", chips={"100": 20})  # a wrong PIN
    session.supervise("request_fill", SUP, PIN, "", chips={"100": 20})
    assert station.bank_events()[-1][1]["slip"] == "F000001"  # no number was spent on the refused tries


def test_the_next_opener_is_checked_against_the_last_closer(station: Station) -> None:
    session = opened(station)
    session.supervise("close_shift", SUP, PIN, "", closer=PAR)
    short = dict(PAR, **{"25": 98})  # 50 short: from report_at 25 below regulator_at 100
    session.supervise("open_shift", OTHER, OTHER_PIN, "", opener=short, gaming_day="2026-12-05")
    kind, payload = station.bank_events()[-1]
    assert kind == "shift_opened" and payload["shift"] == 2
    assert payload["previous_closer"] == PAR
    assert payload["discrepancy"] == "-50" and payload["discrepancy_class"] == "report"


def test_a_table_without_a_bank_refuses_every_bank_command(tmp_path: Path) -> None:
    table = load_profile("uth-hand-deal")
    assert table.bank is None
    journal = Journal(tmp_path / "j.sqlite", table_id=table.table_id)
    store = CredentialStore(tmp_path / "c.json")
    store.add(SUP, PIN)
    session = TableSession(table, journal, credentials=store)
    session.start(PROGRAM)
    session.execute("dealer_sign_in", "Ann")
    with pytest.raises(DealerStationError) as caught:
        session.supervise("open_shift", SUP, PIN, "", opener=PAR)
    assert caught.value.key == "bank:no_bank"
    journal.close()


def test_the_station_desk_is_the_floor_s_and_an_unreachable_floor_issues_nothing(tmp_path: Path) -> None:
    from dealer_station.station import FloorSlipDesk
    from dealer_station.station import Station as Wired

    table = load_profile("uth-default")
    assert isinstance(Wired(table, purpose="demo").desk, InProcessDesk)
    assert Wired(table, purpose="live").desk is None  # a live table with no floor issues no slip
    assert Wired(load_profile("uth-hand-deal"), purpose="demo").desk is None  # no [bank]
    unreachable = "postgresql://dealer@127.0.0.1:1/floor"  # nothing listens on port 1
    desk = Wired(table, purpose="live", floor_url=unreachable).desk
    assert isinstance(desk, FloorSlipDesk) and desk.casino == "MAIN"
    station = Station(tmp_path, desk=desk)  # type: ignore[arg-type]
    try:
        session = opened(station)
        error = refused(station, session.supervise, "request_fill", SUP, PIN, "", chips={"100": 20})
        assert error.key == "bank:floor_unreachable"
        assert "slip_requested" not in station.kinds()
    finally:
        station.close()


def test_the_report_of_a_journal_gives_each_shift_s_figures(station: Station) -> None:
    import json
    import sys

    from tests.cli import run

    house, closer = whole_shift(station)
    session = station.session
    session.supervise("open_shift", OTHER, OTHER_PIN, "", opener=closer, gaming_day="2026-12-05")
    session.execute("buy_in", 4, "cash", "100")
    station.journals[-1].close()
    out = run([sys.executable, "-m", "dealer_station", "report", "--journal", str(station.path), "--by", "shift",
               "--format", "json", "--quiet", "--no-shuffle-audit"], capture_output=True)
    assert out.returncode == 0, out.stderr
    first, second = json.loads(out.stdout)["table_shifts"]
    assert first["shift"] == "2026-12-05/1" and first["closed_at"] is not None
    assert Fraction(first["computed_win"]) == house
    assert first["opener_value"] == "12620.00" and Fraction(first["closer_value"]) == value(closer)
    assert (first["fills"], first["credits"], first["recorded_drop"]) == ("2000.00", "2000.00", "700.00")
    assert first["tray_variance"] == "0.00" and first["tray_class"] == "ok"
    assert first["drop"] is None and first["accounting_win"] is None and first["drop_variance"] is None
    assert first["win_variance"] is None and first["win_class"] is None
    assert first["opener_discrepancy"] is None and first["slip_problems"] == []
    assert second["shift_number"] == 2 and second["closed_at"] is None and second["closer_value"] is None
    assert second["opener_discrepancy"] == "0.00" and second["recorded_drop"] == "100.00"


def test_the_bank_panel_reads_the_shift_from_the_snapshot(station: Station) -> None:
    from dealer_station.view.bank import bank_view

    view = bank_view(station.session.view())
    assert view.enabled and not view.open and view.status.key == "bank:no_shift_yet"
    assert view.chips == (Decimal(500), Decimal(100), Decimal(25), Decimal(5), Decimal(1), Decimal("0.5"))
    session = opened(station)
    session.execute("buy_in", 3, "cash", "500")
    session.execute("buy_in", 5, "marker", "250")
    session.supervise("request_fill", SUP, PIN, "", chips={"100": 20})
    view = bank_view(session.view())
    assert view.open and view.status.key == "bank:shift_open" and view.status.args["dealer"] == "Ann"
    assert [b.seat for b in view.buy_ins] == [5, 3]  # latest first
    assert Fraction(view.tray_expected) == value(PAR) - 750  # the fill is not in the tray until received
    assert [s.slip for s in view.in_flight] == ["F000001"]
    session.supervise("receive_slip", SUP, PIN, "", slip="F000001", chips={"100": 20})
    view = bank_view(session.view())
    assert Fraction(view.tray_expected) == value(PAR) - 750 + 2000 and view.in_flight == ()


def test_every_refusal_the_bank_raises_is_in_the_croupier_s_words() -> None:
    import re

    from dealer_station.table.commands import BANK_COMMANDS, BANKING_COMMANDS
    from dealer_station.view.texts import ENGLISH, REASONS

    source = (Path(__file__).parents[2] / "dealer_station" / "engine" / "bank.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(bank:[a-z_:]+)"', source)) | {f"bank:round_open:{w}" for w in ("shift", "close")}
    assert keys - {"bank:round_open:"} <= set(ENGLISH)
    for rule in (*BANK_COMMANDS.values(), BANKING_COMMANDS["buy_in"]):
        if rule.refusal:
            assert f"when:{rule.name}" in ENGLISH, rule.name
    assert all(reason in ENGLISH for reason in REASONS["void_slip"])


def test_a_round_s_correction_counts_in_the_shift_and_a_void_moves_nothing(station: Station) -> None:
    session = opened(station)
    play_to_settlement(session, station.shoe)
    nets = [Fraction(s["net"]) for s in session.view().round.settlement["seats"]]
    session.execute("mark_paid", 3)
    session.execute("mark_paid", 1)
    session.supervise("adjust", SUP, PIN, "wrong payout", adjustments={3: "5"})  # 5 more paid to seat 3
    station.shoe.load(DECK)
    session.execute("open_round")
    session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
    session.supervise("void", SUP, PIN, "dispute")
    shift = session.view().state.bank.shift
    assert (shift.rounds, shift.voided) == (2, 1)
    from dealer_station.engine.bank import thresholds

    table = station.table
    figures = shift_figures(shift.book(table.table_id, table.currency, thresholds(table.bank)))
    assert Fraction(figures.computed_win) == -sum(nets, Fraction(0)) - 5


def test_a_poker_table_has_the_shift_and_the_slips_but_no_buy_in() -> None:
    from dealer_station.engine.poker import POKER_COMMANDS
    from dealer_station.table.commands import BANK_COMMANDS, BANKING_COMMANDS

    assert set(BANK_COMMANDS) <= set(POKER_COMMANDS) and "buy_in" not in POKER_COMMANDS
    assert "buy_in" in BANKING_COMMANDS
