"""The sensed tray at the station (issue 40 item 5): each round's first scan journaled, a chip missed for one
scan raises nothing, a skim between rounds is one alarm naming the round and the denominations, a supervisor
clears it, a restart rebuilds it, and a closer the antenna read is confirmed rather than counted."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from dealer_station.bank.desk import InProcessDesk
from dealer_station.chip_inventory import ChipInventoryConfig
from dealer_station.engine import TableSession
from dealer_station.errors import DealerStationError
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.supervisor import CredentialStore
from dealer_station.view.banner import banner
from dealer_station.wire.reports import TrayColumn, TraySensed
from simulators.scripted_shoe import ScriptedShoe
from tests.session.conftest import PROGRAM
from tests.session.test_round import play_to_settlement

PAR = {"0.5": 40, "1": 100, "5": 200, "25": 100, "100": 40, "500": 10}
SUP, PIN, OTHER, OTHER_PIN = "0412", "2468", "0413", "1357"
IDS = {d: [f"E0{i:02X}{k:012X}" for k in range(n + 20)] for i, (d, n) in enumerate(PAR.items())}
"""Tags of each denomination, a few more than the par: the casino's chip inventory for this table."""


def rack(counts: dict[str, int]) -> tuple[TrayColumn, ...]:
    """The tray as the antenna sees it: one column per denomination, the first ``n`` tags of each."""
    return tuple(TrayColumn(column=i + 1, chips=tuple(IDS[d][:n])) for i, (d, n) in enumerate(sorted(
        counts.items(), key=lambda kv: Fraction(kv[0]))) if n)


class Table:
    """One table with a bank and a tray antenna the test speaks for (``session.report``)."""

    def __init__(self, tmp_path: Path, confirm_rounds: int = 3) -> None:
        base = load_profile("uth-default")
        assert base.bank is not None
        inventory_file = tmp_path / "chips.csv"  # a file: read once, not validated again at every settlement
        inventory_file.write_text("id,denomination,chip_set\n" + "".join(
            f"{cid},{d},T\n" for d, ids in IDS.items() for cid in ids), encoding="utf-8")
        inventory = ChipInventoryConfig(file=str(inventory_file))
        self.table = base.model_copy(update={
            "chip_inventory": inventory,
            "devices": base.devices.model_copy(update={"tray": "sim://tray"}),
            "bank": base.bank.model_copy(update={"confirm_rounds": confirm_rounds})})
        self.credentials = CredentialStore(tmp_path / "credentials.json")
        self.credentials.add(SUP, PIN)
        self.credentials.add(OTHER, OTHER_PIN)
        self.desk = InProcessDesk()
        self.path = tmp_path / "journal.sqlite"
        self.journals: list[Journal] = []
        self.scans = itertools.count(1)
        self.tray = dict(PAR)
        self.session, self.shoe = self.start()

    def start(self) -> tuple[TableSession, ScriptedShoe]:
        journal = Journal(self.path, table_id=self.table.table_id)
        self.journals.append(journal)
        shoe = ScriptedShoe()
        session = TableSession(self.table, journal, shoe=shoe, credentials=self.credentials, services=(self.desk,))
        shoe.session = session
        session.start(PROGRAM)
        return session, shoe

    def open(self) -> None:
        self.session.execute("dealer_sign_in", "Ann")
        self.session.supervise("open_shift", SUP, PIN, "", opener=PAR, gaming_day="2026-12-05")

    def scan(self, counts: dict[str, int] | None = None, unread: tuple[int, ...] = ()) -> None:
        self.session.report(TraySensed(device="tray", scan=next(self.scans), columns=rack(counts or self.tray),
                                       unread=unread))

    def round(self) -> str:
        """A round played and paid; the croupier collects and pays through the tray as a dealer does."""
        play_to_settlement(self.session, self.shoe)
        rnd = self.session.view().round
        house = -sum((Fraction(s["net"]) for s in rnd.settlement["seats"]), Fraction(0))
        self.session.execute("mark_paid", 3)
        self.session.execute("mark_paid", 1)
        assert house == -25  # this deck: seat 3 folds (20 in), seat 1 wins 45 net: one 25 chip leaves the tray
        self.tray["25"] -= 1
        return rnd.round_id

    def events(self, *kinds: str) -> list[tuple[str, dict[str, object]]]:
        return [(r.kind, r.payload) for r in self.session.journal.events() if r.kind in kinds]

    def close(self) -> None:
        for j in self.journals:
            j.close()


@pytest.fixture
def table(tmp_path: Path):
    t = Table(tmp_path)
    yield t
    t.close()


def test_each_rounds_first_scan_is_journaled_and_a_tray_that_follows_raises_nothing(table: Table) -> None:
    table.open()
    table.scan()  # before any round: shown, nothing to check
    first = table.round()
    table.scan()
    table.scan()  # a second scan after the same round: not journaled again
    table.session.execute("buy_in", 2, "cash", "100")
    table.tray["100"] -= 1
    second = table.round()
    table.scan()
    scanned = table.events("tray_scanned")
    assert [p["after_round"] for _, p in scanned] == [first, second]
    assert scanned[0][1]["sensed"] == {**PAR, "25": 99} and scanned[0][1]["confirm_rounds"] == 3
    assert table.events("tray_alarm") == []
    seen = table.session.view().tray_seen
    assert seen is not None and seen.whole and seen.sensed.value == sum(
        Fraction(d) * n for d, n in table.tray.items())


def test_a_chip_missed_for_one_scan_or_a_column_unread_once_is_no_alarm(table: Table) -> None:
    table.open()
    for n in range(4):
        table.round()
        if n == 1:  # the antenna misses a 500 after round 2 and sees it again after round 3
            table.scan(dict(table.tray, **{"500": table.tray["500"] - 1}))
        elif n == 3:  # after round 4 the 500s' column is not read at all
            table.scan({d: k for d, k in table.tray.items() if d != "500"}, unread=(6,))
        else:
            table.scan()
    scanned = [p for _, p in table.events("tray_scanned")]
    assert len(scanned) == 4 and scanned[3]["unread"] == [6] and "500" not in scanned[3]["sensed"]
    assert table.events("tray_alarm") == []


def test_a_skim_between_rounds_is_one_alarm_naming_the_round_and_denominations(table: Table) -> None:
    table.open()
    rounds = []
    for n in range(4):
        rounds.append(table.round())
        if n == 0:
            table.tray["25"] -= 2  # two 25s leave the tray between rounds 1 and 2, outside any round
            table.tray["5"] -= 1
        table.scan()
    alarms = table.events("tray_alarm")
    assert len(alarms) == 1, alarms
    payload = alarms[0][1]
    # the difference appears at round 1's scan and holds 3 scans: confirmed by round 3's
    assert payload["after_round"] == rounds[0] and payload["confirmed_by"] == rounds[2]
    assert Fraction(payload["difference"]) == -(2 * 25 + 5)
    # the 25s moved by the round's one paid 25 and the two skimmed; the 5 only by the skim
    assert payload["moved"] == {"5": -1, "25": -3}
    assert banner(table.session.view()).key == "tray_alarm"
    with pytest.raises(DealerStationError):
        table.session.supervise("clear_tray_alarm", SUP, PIN, "")  # a finding is required
    table.session.supervise("clear_tray_alarm", SUP, PIN, "camera: two 25s and a 5 palmed, security called")
    assert table.events("tray_alarm_cleared")[0][1]["after_round"] == rounds[0]
    assert not banner(table.session.view()).key == "tray_alarm"


def test_a_restart_rebuilds_the_run_of_differences(table: Table) -> None:
    table.open()
    table.round()
    table.tray["100"] -= 1  # skimmed
    table.scan()
    table.round()
    table.scan()
    for j in table.journals:
        j.close()
    table.session, table.shoe = table.start()  # two scans of the run are in the journal
    table.round()
    table.scan()
    assert len(table.events("tray_alarm")) == 1


def test_a_sensed_closer_is_the_antennas_whole_scan_confirmed(table: Table) -> None:
    table.open()
    table.round()
    with pytest.raises(DealerStationError, match="not whole"):
        table.scan(unread=(7,))
        table.session.supervise("close_shift", SUP, PIN, "", sensed=True)
    table.scan()
    with pytest.raises(DealerStationError, match="not the tray the antenna read"):
        table.session.supervise("close_shift", SUP, PIN, "", closer=PAR, sensed=True)
    table.session.supervise("close_shift", SUP, PIN, "", sensed=True)
    (_, closed), = table.events("shift_closed")
    assert closed["sensed"] is True and closed["closer"] == table.tray


def test_the_hand_count_stays_available_with_an_antenna(table: Table) -> None:
    table.open()
    table.round()
    table.scan()
    counted = dict(table.tray)
    table.session.supervise("close_shift", SUP, PIN, "", closer=counted)
    (_, closed), = table.events("shift_closed")
    assert closed["sensed"] is False and closed["closer"] == counted
