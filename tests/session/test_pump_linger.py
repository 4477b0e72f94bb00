"""The station's pump holds a run of cards the round awaits together (one commit), and nothing else.

A shoe asked for the whole deal sends its cards back to back; a reader reads the flop's three. The pump
waits ``LINGER_S`` after each for the next while the round still awaits more than the burst holds, at
most ``LINGER_MAX_S`` in all (``station._gather``). The waits are stretched here (seconds, not
milliseconds) so that a loaded machine cannot decide the outcome.
"""

from __future__ import annotations

import threading
import time

import pytest

from dealer_station import station as station_module
from dealer_station.station import Station
from dealer_station.wire import reports as rp

DECK = ["2c", "7d", "9h", "Js", "Qs", "As", "Ac", "8d", "3h", "Kd", "7c", "5s", "6s"]


@pytest.fixture
def dealing(make_session, table, tmp_path):
    """A station's pump over a real session whose shoe was asked for the whole deal (board, 2 seats, dealer: 11)."""
    session, shoe = make_session()
    shoe.load(DECK)
    shoe.hold = True  # the shoe records the requests; the cards come through the pump below
    session.execute("open_round")
    for seat in (1, 2):
        session.execute("set_bets", seat, {"ante": "10", "blind": "10"})
    session.execute("no_more_bets")
    assert session.view().cards_due() == 11
    station = Station(table, journal_path=tmp_path / "unused.sqlite")
    station.session = session
    return station


def _card(i: int) -> rp.CardDispensed:
    return rp.CardDispensed(device="shuffler", position="board", index=i, card=i)


def _later(station: Station, items: list[object], every: float) -> threading.Thread:
    def feed() -> None:
        for item in items:
            time.sleep(every)
            station._events.put(item)

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return thread


def test_a_run_of_cards_the_round_awaits_is_one_burst_and_what_follows_it_is_not(dealing, monkeypatch) -> None:
    monkeypatch.setattr(station_module, "LINGER_S", 2.0)
    monkeypatch.setattr(station_module, "LINGER_MAX_S", 20.0)
    status = rp.DeviceStatus(device="shuffler", state="ready")
    feeder = _later(dealing, [*(_card(i) for i in range(11)), status], every=0.02)
    burst = dealing._gather(rp.DeviceStatus(device="shuffler", state="dealing"))
    feeder.join()
    assert [type(e).__name__ for e in burst] == ["DeviceStatus"] + ["CardDispensed"] * 11, "held for the run"
    assert dealing._events.get_nowait() is status, "the run is whole: what follows is the next burst's"


def test_a_lone_report_is_not_held_back(dealing, monkeypatch) -> None:
    monkeypatch.setattr(station_module, "LINGER_S", 5.0)
    monkeypatch.setattr(station_module, "LINGER_MAX_S", 5.0)
    start = time.monotonic()
    burst = dealing._gather(rp.DeviceStatus(device="reader", state="ready"))  # a heartbeat while cards are due
    assert len(burst) == 1 and time.monotonic() - start < 2.0


def test_the_hold_has_a_bound_however_the_cards_keep_coming(dealing, monkeypatch) -> None:
    monkeypatch.setattr(station_module, "LINGER_S", 2.0)
    monkeypatch.setattr(station_module, "LINGER_MAX_S", 0.5)
    feeder = _later(dealing, [_card(i) for i in range(1, 11)], every=0.3)
    start = time.monotonic()
    burst = dealing._gather(_card(0))
    took = time.monotonic() - start
    feeder.join()
    assert 1 <= len(burst) <= 3 and took < 2.0, (len(burst), took)


def test_cards_when_the_round_awaits_none_are_not_held(make_session, table, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(station_module, "LINGER_S", 5.0)
    session, shoe = make_session()
    session.execute("open_round")  # betting: no card due
    assert session.view().cards_due() == 0
    station = Station(table, journal_path=tmp_path / "unused.sqlite")
    station.session = session
    start = time.monotonic()
    assert len(station._gather(rp.CardRead(device="reader", card=3))) == 1
    assert time.monotonic() - start < 2.0
