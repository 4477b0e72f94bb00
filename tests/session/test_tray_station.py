"""The profile's tray antenna at a station (issue 40 item 5): the twin on a real pty behind the real driver, rounds
played through the real shoe and reader, the croupier racking chips as a dealer does. A hostile frame is refused and
nothing of it journaled; a skim between rounds is one tray alarm naming the round and the denominations."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from dealer_station.play.autoplay import AutoCroupier
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.wire.roles import Role
from drivers.dialects.rfid_line import frame
from tests.session.test_station import WAIT, _play_until

SUP, PIN = "0412", "2468"


class Rack:
    """The tray the test's croupier handles: a column per denomination of the twin, spare chips beside it."""

    def __init__(self, st: Station) -> None:
        table = st.table
        assert table.bank is not None and table.chip_inventory is not None
        self.sim = st.simulator("tray")
        ids = table.chip_inventory.by_denomination()
        self.column = {d: n + 1 for n, d in enumerate(sorted(table.bank.chip_set))}
        self.spare = {d: list(ids[d]) for d in self.column}
        self.par = {d: table.bank.par_counts().get(d, 0) for d in self.column}
        for d, n in self.par.items():
            self.sim.put(self.column[d], [self.spare[d].pop() for _ in range(n)])

    def move(self, amount: Fraction) -> dict[Decimal, int]:
        """Collect ``amount`` into the tray (or pay it out when negative), largest chips first: chips per
        denomination moved."""
        moved: dict[Decimal, int] = {}
        left = abs(amount)
        for d in sorted(self.column, reverse=True):
            n = int(left // Fraction(d))
            if not n:
                continue
            left -= n * Fraction(d)
            if amount > 0:
                self.sim.put(self.column[d], [self.spare[d].pop() for _ in range(n)])
            else:
                self.spare[d] += self.sim.take(self.column[d], n)
            moved[d] = n if amount > 0 else -n
        assert left == 0
        return moved


def test_a_stations_tray_antenna_refuses_a_hostile_frame_and_catches_a_skim(tmp_path: Path) -> None:
    table = load_profile("uth-rfid")
    devices = table.devices.model_copy(update={
        "shuffler": "sim://shuffler?seed=21", "reader": "sim://usb?seed=22", "bet_sensor": None,
        "tray": "sim://tray?seed=5&columns=6&interval=60",  # it scans when the test's croupier asks
        "link_timeout": 0.5, "approved": {}, "approve_any": True})
    creds = CredentialStore(tmp_path / "credentials.json")
    creds.add(SUP, PIN)
    st = Station(table.model_copy(update={"devices": devices}), journal_path=tmp_path / "j.sqlite",
                 credentials=creds, program={"version": "test"})
    session = st.start()
    try:
        assert session.wait_for(lambda s: all(s.device(d).connected for d in ("shuffler", "reader", "tray")), WAIT)
        rack = Rack(st)
        session.execute("dealer_sign_in", "Ann")
        session.supervise("open_shift", SUP, PIN, "", opener={str(d): n for d, n in rack.par.items()},
                          gaming_day="2026-12-05")
        croupier = AutoCroupier(session, rng=random.Random(3), seats=[1, 4], present=st.present_card)
        rounds: list[str] = []
        moves: list[dict[Decimal, int]] = []
        for n in range(4):
            before = rounds[-1] if rounds else None
            _play_until(st, croupier, lambda c, b=before: c.round is not None and c.round.round_id != b
                        and c.round.phase == "paid")
            rnd = session.view().round
            rounds.append(rnd.round_id)
            moves.append(rack.move(-sum((Fraction(s["net"]) for s in rnd.settlement["seats"]), Fraction(0))))
            if n == 0:  # a frame claiming an emptied tray, with a column twice: refused whole
                rack.sim._pty.write_all(frame("TRAY,900,1=;1="))
            if n == 1:
                rack.spare[Decimal(25)] += rack.sim.take(rack.column[Decimal(25)], 2)  # two 25s palmed
            rack.sim.scan()
            assert session.wait_for(lambda s, k=n + 1: s.bank.open_shift.tray.scans == k, WAIT)
        refused = st.drivers[Role.TRAY].dialect.last_refused
        assert refused is not None and "column 1 is reported twice" in refused and "\n" not in refused
        scanned = [e.payload for e in session.journal.events(kinds={"tray_scanned"})]
        assert [p["after_round"] for p in scanned] == rounds  # one per round, none from the hostile frame
        alarms = [e.payload for e in session.journal.events(kinds={"tray_alarm"})]
        assert len(alarms) == 1
        alarm = alarms[0]
        assert (alarm["after_round"], alarm["confirmed_by"]) == (rounds[1], rounds[3])
        assert Decimal(alarm["difference"]) == -50
        # the denominations that moved in round 2 beyond what the test's croupier racked... plus the round's own
        expected = dict(moves[1])
        expected[Decimal(25)] = expected.get(Decimal(25), 0) - 2
        assert {Decimal(k): v for k, v in alarm["moved"].items()} == {d: n for d, n in expected.items() if n}
    finally:
        st.stop()
