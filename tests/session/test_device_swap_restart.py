"""A device swapped while the station was off is caught (issue 38 item 6).

Another unit on a port where one proved itself is refused as a swap while the station runs; but the
unit that stood there was the driver's memory, so after a restart another enrolled, approved unit
came up unchallenged. The journal now remembers the unit on each role (serial and key id, from the
``device_link`` it proved itself in), the station tells each driver before its port opens, and the
other unit is refused exactly as while running (``device_refused``, reason ``swap``) until a supervisor
accepts it (``device_accepted``, with a reason) - then it proves itself and stands there.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from dealer_station.device_keys import DeviceKeys, device_keys_path
from dealer_station.errors import RuleError
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.table import events as ev
from dealer_station.table.state import TableState
from simulators.device import device_key, program_image
from simulators.shuffler import ShufflerSimulator

WAIT = 10.0
FIRST, SECOND = 41, 42  # two units of the shoe's model, both enrolled and approved
SERIAL = {seed: f"SIM-SHUFFLER-{seed:04X}" for seed in (FIRST, SECOND)}
BADGE, PIN = "0412", "2468"


def key_id(serial: str) -> str:
    """What the journal remembers of a key, worked out here: 16 hex digits of its labelled SHA-256."""
    return hashlib.sha256(b"dealer-station device key id\0" + device_key(serial)).hexdigest()[:16]


def station(tmp_path: Path, seed: int) -> Station:
    image = program_image(ShufflerSimulator.model, ShufflerSimulator.firmware)
    digest = hashlib.sha256(image).hexdigest()
    programs = tmp_path / "programs"
    programs.mkdir(exist_ok=True)
    (programs / f"{digest}.bin").write_bytes(image)
    table = load_profile("uth-default")
    devices = table.devices.model_copy(update={
        "shuffler": f"sim://shuffler?seed={seed}", "reader": None, "link_timeout": 0.5, "programs": str(programs),
        "approved": {ShufflerSimulator.model: (digest,)}})
    journal = tmp_path / "t1.sqlite"
    keys = DeviceKeys(device_keys_path(journal))
    for serial in SERIAL.values():
        if serial not in {d.serial_number for d in keys.devices()}:
            keys.enrol(ShufflerSimulator.model, serial, device_key(serial))
    creds = CredentialStore(tmp_path / "credentials.json")
    if not creds.badges():
        creds.add(BADGE, PIN)
    return Station(table.model_copy(update={"devices": devices}), journal_path=journal, credentials=creds,
                   program={"version": "test"}, vouch_simulators=False)  # the journal's enrolled keys decide


def replayed(path: Path) -> TableState:
    with Journal(path, mode="r") as journal:
        state = TableState("T1")
        for record in journal.events():
            from dealer_station.table.folds import COMMON

            COMMON.evolve(state, ev.decode(record.kind, record.payload), record.at, record.seq)
    return state


def test_another_unit_after_a_restart_is_a_swap_until_a_supervisor_accepts_it(tmp_path: Path) -> None:
    first = station(tmp_path, FIRST)
    session = first.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)
    finally:
        first.stop()
    assert replayed(tmp_path / "t1.sqlite").device("shuffler").unit == {
        "model": ShufflerSimulator.model, "serial_number": SERIAL[FIRST], "key_id": key_id(SERIAL[FIRST])}

    swapped = station(tmp_path, SECOND)  # the station was off: another enrolled, approved unit on the port
    session = swapped.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, WAIT)
        refusal = list(session.journal.events(kinds={"device_refused"}))[-1].payload
        assert (refusal["reason"], refusal["serial_number"]) == ("swap", SERIAL[SECOND])
        assert SERIAL[FIRST] in refusal["detail"] and len(refusal["program_hash"]) == 64
        with pytest.raises(RuleError, match=f"shuffler DS-SHOE-SIM {SERIAL[SECOND]} refused: swap"):
            session.execute("open_round")
        assert "accept_device" in session.offer().supervisor
        with pytest.raises(RuleError, match="reason"):
            session.supervise("accept_device", BADGE, PIN, "", device="shuffler")
        session.supervise("accept_device", BADGE, PIN, "shoe replaced by the technician", device="shuffler")
        accepted = list(session.journal.events(kinds={"device_accepted"}))[-1]
        assert accepted.payload == {"device": "shuffler", "model": ShufflerSimulator.model,
                                    "serial_number": SERIAL[SECOND], "replaces": SERIAL[FIRST],
                                    "reason": "shoe replaced by the technician"}
        assert accepted.actor == f"supervisor:{BADGE}"
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)  # it proves itself, then stands
        assert session.view().state.device("shuffler").unit == {
            "model": ShufflerSimulator.model, "serial_number": SERIAL[SECOND], "key_id": key_id(SERIAL[SECOND])}
        session.execute("open_round")
    finally:
        swapped.stop()

    again = station(tmp_path, SECOND)  # the accepted unit after the next restart: no refusal
    session = again.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)
        assert [r.payload["serial_number"] for r in session.journal.events(kinds={"device_refused"})] == [SERIAL[SECOND]]
    finally:
        again.stop()


def test_a_swap_while_running_is_accepted_the_same_way(tmp_path: Path) -> None:
    running = station(tmp_path, FIRST)
    session = running.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)
        sim = running.simulator("shuffler")
        with sim.lock:
            sim.serial_number = SERIAL[SECOND]  # its key follows its serial
        sim.inject("disconnect")
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, WAIT)
        session.supervise("accept_device", BADGE, PIN, "spare shoe checked", device="shuffler")
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)
        assert session.view().state.device("shuffler").unit["serial_number"] == SERIAL[SECOND]  # type: ignore[index]
    finally:
        running.stop()
