"""Devices that prove who they are (issue 20 item 4, the driver's part): challenge-response
over a fresh nonce with the key enrolled for the serial, a program hash over a station-chosen
seed, and the simulator's faults impostor, rogue_firmware and swap - over a real pty."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.device_keys import DeviceKeys, device_keys_path
from dealer_station.wire import auth
from dealer_station.wire import codec as p
from drivers.base import DeviceError
from drivers.dialects.house import HouseDialect
from drivers.events import CardDispensed, DeviceRefused, LinkDown, LinkUp
from drivers.registry import open_shuffler
from simulators.device import device_key, program_image
from simulators.faults import FaultPlan
from simulators.shuffler import ShufflerSimulator

from .conftest import LINK, wait_for


def verifier(*sims: ShufflerSimulator, revoked: frozenset[str] = frozenset()) -> auth.Verifier:
    return auth.Verifier({s.serial_number: (s.model, s.key) for s in sims},
                         {ShufflerSimulator.model: [program_image(ShufflerSimulator.model, ShufflerSimulator.firmware)]},
                         revoked)


@pytest.fixture
def sim_pair():
    made: list[tuple[ShufflerSimulator, object]] = []

    def make(faults: FaultPlan | None = None, enrol: bool = True, revoked: bool = False, wait: bool = True):
        sim = ShufflerSimulator(seed=61, faults=faults, ack_timeout=LINK["ack_timeout"]).start()
        check = verifier(*([sim] if enrol else []), revoked=frozenset({sim.serial_number}) if revoked else frozenset())
        drv = open_shuffler(sim.url, open=False, authenticator=check, **LINK)
        made.append((sim, drv))
        drv.open(wait=wait)
        return sim, drv

    yield make
    for sim, drv in made:
        drv.close()  # type: ignore[attr-defined]
        sim.stop()


def test_an_enrolled_device_running_an_approved_program_comes_up_and_deals(sim_pair) -> None:
    sim, drv = sim_pair()
    assert wait_for(drv, LinkUp).identity.serial_number == sim.serial_number
    drv.shuffle(1)
    drv.deal_packet("seat1", 2)
    assert wait_for(drv, CardDispensed).position == "seat1"


@pytest.mark.parametrize(
    ("fault", "kw", "reason"),
    [("impostor", {}, "impostor"), ("rogue_firmware", {}, "rogue_firmware"),
     (None, {"enrol": False}, "unknown_serial"), (None, {"revoked": True}, "revoked")],
)
def test_a_device_that_cannot_prove_itself_is_refused_and_never_comes_up(sim_pair, fault, kw, reason) -> None:
    faults = FaultPlan.parse([f"{fault}=1"]) if fault else None
    sim, drv = sim_pair(faults, wait=False, **kw)
    seen: list[object] = []
    refused = wait_for(drv, DeviceRefused, seen=seen)
    assert (refused.reason, refused.serial_number, refused.model) == (reason, sim.serial_number, sim.model)
    assert len(refused.program_hash) == 64 and refused.detail.isprintable()
    assert not drv.connected and not any(isinstance(e, LinkUp) for e in seen)
    with pytest.raises(DeviceError):
        drv.shuffle()  # nothing is ever sent to a refused device
    assert drv.get_event(0.6) is None  # held refused: no reconnect loop re-reporting it


def test_open_names_the_refusal_in_one_line() -> None:
    sim = ShufflerSimulator(seed=62, faults=FaultPlan(impostor=1), ack_timeout=LINK["ack_timeout"]).start()
    try:
        with pytest.raises(DeviceError, match=r"did not answer .*device refused: impostor: DS-SHOE-SIM SIM-SHUFFLER"):
            open_shuffler(sim.url, authenticator=verifier(sim), **LINK)
    finally:
        sim.stop()


def test_another_unit_on_the_same_port_mid_shift_is_refused_as_a_swap(sim_pair) -> None:
    sim, drv = sim_pair(FaultPlan(swap_after=3))
    first = wait_for(drv, LinkUp).identity.serial_number
    other = "SIM-SHUFFLER-003E-SWAP"  # the unit swapped in: enrolled too, and still refused on this port
    drv.link.dialect.authenticator.keys[other] = (sim.model, device_key(other))
    drv.shuffle(1)
    drv.deal_packet("seat1", 3)
    seen: list[object] = []
    wait_for(drv, LinkDown, seen=seen, timeout=5.0)
    refused = wait_for(drv, DeviceRefused, seen=seen, timeout=5.0)
    assert refused.reason == "swap" and refused.serial_number == sim.serial_number == other != first
    assert not any(isinstance(e, LinkUp) for e in seen)


def test_a_replayed_answer_fails_the_next_challenge() -> None:
    sim = ShufflerSimulator(seed=63)
    check = verifier(sim)
    d = HouseDialect("shuffler", authenticator=check)
    identity = p.encode(p.Identity(sim.model, sim.serial_number, sim.firmware, 1, 9))
    answers = []
    for _ in range(2):
        d.connected(0.0)
        assert d.feed(identity, 0.0).received == []  # challenged, not up
        (frame,) = p.FrameDecoder().feed(d.pump(0.0))
        challenge = frame.message  # type: ignore[union-attr]
        assert isinstance(challenge, p.AuthChallenge)
        answers.append(sim._auth_response(challenge))
        if len(answers) == 1:
            (up,) = d.feed(p.encode(answers[0]), 0.0).received
            assert up.serial_number == sim.serial_number  # type: ignore[union-attr]
            d.disconnected()
    (refused,) = d.feed(p.encode(answers[0]), 0.0).received  # yesterday's answer to today's nonce
    assert isinstance(refused, DeviceRefused) and refused.reason == "impostor"
    assert device_key(sim.serial_number) == sim.key


def _cli(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dealer_station", *argv], input=stdin, capture_output=True,
                          text=True, timeout=30, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def test_devices_enrol_list_revoke_and_the_driver_honours_the_file(tmp_path: Path) -> None:
    journal = tmp_path / "table.sqlite"
    sim = ShufflerSimulator(seed=64, ack_timeout=LINK["ack_timeout"])
    out = _cli("devices", "enrol", "--journal", str(journal), "--model", sim.model, "--serial", sim.serial_number,
               "--key-stdin", stdin=sim.key.hex() + "\n")
    assert out.returncode == 0, out.stderr
    made = _cli("devices", "enrol", "--journal", str(journal), "--model", "DS-READER-SIM", "--serial", "R-1")
    assert made.returncode == 0 and re.search(r"key .*: [0-9a-f]{64}$", made.stdout.strip())
    keys_file = device_keys_path(journal)
    assert keys_file.stat().st_mode & 0o777 == 0o600 and sim.key.hex() in keys_file.read_text()
    listing = _cli("devices", "list", "--journal", str(journal)).stdout
    assert sim.serial_number in listing and "R-1" in listing and sim.key.hex() not in listing  # never the keys
    store = DeviceKeys(keys_file)
    approved = {sim.model: [sim.program]}
    sim.start()
    try:
        drv = open_shuffler(sim.url, authenticator=store.verifier(approved), **LINK)
        assert wait_for(drv, LinkUp).identity.serial_number == sim.serial_number
        drv.close()
        assert _cli("devices", "revoke", "--journal", str(journal), "--serial", sim.serial_number).returncode == 0
        assert "revoked" in _cli("devices", "list", "--journal", str(journal)).stdout
        drv = open_shuffler(sim.url, open=False, authenticator=store.verifier(approved), **LINK)
        drv.open(wait=False)
        assert wait_for(drv, DeviceRefused).reason == "revoked"
        drv.close()
    finally:
        sim.stop()


@pytest.mark.parametrize(
    ("argv", "stdin", "says"),
    [(("enrol", "--model", "M", "--serial", "bad serial!"), "", "serial must be"),
     (("enrol", "--model", "M\x01", "--serial", "S-1"), "", "unprintable"),
     (("enrol", "--model", "M", "--serial", "S-1", "--key-stdin"), "zz\n", "not hex"),
     (("enrol", "--model", "M", "--serial", "S-1", "--key-stdin"), "abcd\n", "32 bytes"),
     (("revoke", "--serial", "S-9"), "", "no devices enrolled")],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(tmp_path: Path, argv, stdin: str, says: str) -> None:
    journal = tmp_path / "table.sqlite"
    out = _cli("devices", argv[0], "--journal", str(journal), *argv[1:], stdin=stdin)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and says in out.stderr, out.stderr
    assert not device_keys_path(journal).exists()
