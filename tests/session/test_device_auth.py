"""Devices that prove who they are, wired through the station (issue 20 item 4): the profile's
approved programs and explicit exceptions, the journal's enrolled keys, a refusal journaled
with model, serial, program hash and reason, the table halted for what needs the device, the
screen and the pit saying which device and why - on the real drivers and simulators (a pty
shoe, a pyusb reader) - and ``simulate --faults impostor,rogue_firmware,swap``."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

import pytest

from dealer_station.device_keys import DeviceKeys, device_keys_path
from dealer_station.errors import ConfigError, RuleError
from dealer_station.pit.live import device_note as tile_note
from dealer_station.play.simulate import FAULT_KINDS, simulate
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.table.state import TableState
from dealer_station.view.banner import banner, device_note
from dealer_station.wire.auth import REASONS
from dealer_station.wire.roles import Role
from simulators.device import device_key, program_image
from simulators.reader import CardReaderSimulator
from simulators.shuffler import ShufflerSimulator
from tests import background
from tests import cli as station_cli

WAIT = 10.0
SHOE_SEED, READER_SEED = 31, 32
SHOE_SERIAL = f"SIM-SHUFFLER-{SHOE_SEED:04X}"
READER_SERIAL = f"SIM-READER-{READER_SEED:04X}"
SHOE_IMAGE = program_image(ShufflerSimulator.model, ShufflerSimulator.firmware)
READER_IMAGE = program_image(CardReaderSimulator.model, CardReaderSimulator.firmware)


def _library(folder: Path, *images: bytes) -> list[str]:
    """Approved program images written as the station reads them: ``<sha256>.bin``."""
    folder.mkdir(exist_ok=True)
    digests = []
    for image in images:
        digest = hashlib.sha256(image).hexdigest()
        (folder / f"{digest}.bin").write_bytes(image)
        digests.append(digest)
    return digests


def _station(tmp_path: Path, shoe_faults: str = "", reader: bool = False, allow: tuple[str, ...] = (),
             enrol: bool = True) -> Station:
    table = load_profile("uth-default")
    programs = tmp_path / "programs"
    shoe_digest, reader_digest = _library(programs, SHOE_IMAGE, READER_IMAGE)
    approved = {ShufflerSimulator.model: [shoe_digest]}
    if reader and "reader" not in allow:
        approved[CardReaderSimulator.model] = [reader_digest]
    fault = f"&fault={shoe_faults}" if shoe_faults else ""
    devices = table.devices.model_copy(update={
        "shuffler": f"sim://shuffler?seed={SHOE_SEED}{fault}", "reader": f"sim://usb?seed={READER_SEED}" if reader else None,
        "link_timeout": 0.5, "approved": approved, "programs": str(programs), "allow_unauthenticated": allow})
    journal = tmp_path / "j.sqlite"
    if enrol:
        keys = DeviceKeys(device_keys_path(journal))
        keys.enrol(ShufflerSimulator.model, SHOE_SERIAL, device_key(SHOE_SERIAL))
        keys.enrol(CardReaderSimulator.model, READER_SERIAL, device_key(READER_SERIAL))
    creds = CredentialStore(tmp_path / "credentials.json")
    creds.add("0412", "2468")
    return Station(table.model_copy(update={"devices": devices}), journal_path=journal, credentials=creds,
                   program={"version": "test"}, vouch_simulators=False)  # the journal's enrolled keys decide


def _refusals(station: Station) -> list[dict[str, Any]]:
    assert station.session is not None
    return [e.payload for e in station.session.journal.events(kinds={"device_refused"})]


@pytest.mark.parametrize(("fault", "reason"), [("impostor=1", "impostor"), ("rogue_firmware=1", "rogue_firmware")])
def test_a_shoe_that_cannot_prove_itself_is_journaled_shown_and_no_round_opens(tmp_path: Path, fault: str,
                                                                                reason: str) -> None:
    station = _station(tmp_path, fault)
    session = station.start()  # a refused device is the table's problem, not a station that fails to start
    try:
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, WAIT)
        (refusal,) = _refusals(station)
        assert (refusal["device"], refusal["model"], refusal["serial_number"], refusal["reason"]) == \
            ("shuffler", ShufflerSimulator.model, SHOE_SERIAL, reason)
        assert len(refusal["program_hash"]) == 64 and refusal["detail"]
        if reason == "rogue_firmware":  # the key was right: the program it hashed is not the approved one
            assert refusal["program_hash"] != hashlib.sha256(SHOE_IMAGE).hexdigest()
        with pytest.raises(RuleError, match=f"shuffler DS-SHOE-SIM {SHOE_SERIAL} refused: {reason.replace('_', ' ')}"):
            session.execute("open_round")
        assert session.view().round is None
        said = banner(session.view()).english()
        assert SHOE_SERIAL in said and {"impostor": "wrong key", "rogue_firmware": "program not approved"}[reason] in said
        note = device_note(session.view(), "shuffler")
        assert note is not None and note.key == "device_refused_short"
        assert tile_note(session.view().state.device("shuffler")) == f"shuffler DS-SHOE-SIM {SHOE_SERIAL} refused: " \
            f"{reason.replace('_', ' ')}"
        assert not any(e.payload["up"] for e in session.journal.events(kinds={"device_link"}))
        tile = _tile_html(session.view().state)
        assert f"shuffler DS-SHOE-SIM {SHOE_SERIAL} refused: {reason.replace('_', ' ')}" in tile
    finally:
        station.stop()


def _tile_html(state: TableState) -> str:
    """The pit's tile of a table in ``state``, rendered by the pit's own template."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from dealer_station.pit.live import DeviceTile, ShiftResult, Tile
    from dealer_station.pit.views import environment

    devices = tuple(DeviceTile(d.name, d.connected, None, d.status, 0, tile_note(d))
                    for d in sorted(state.devices.values(), key=lambda d: d.name))
    tile = Tile(state.table_id, "Pit 1", 1, "uth", None, "closed", None, None, False, None, devices,
                ShiftResult.of(None), None, 0, state.last_seq, datetime.now(UTC), (), 1)
    return environment(ZoneInfo("UTC"), lambda: 0.0).get_template("_tile.html").render(tile=tile)


def test_another_unit_mid_round_halts_it_and_the_journal_replays_the_refusal(tmp_path: Path) -> None:
    station = _station(tmp_path)
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)
        assert session.view().state.device("shuffler").identity["authenticated"] is True  # type: ignore[index]
        assert device_note(session.view(), "shuffler") is None and tile_note(session.view().state.device("shuffler")) is None
        session.execute("open_round")
        sim = station.simulator("shuffler")
        sim.inject("swap")  # another unit of the same model comes up on the shoe's port
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, WAIT)
        (refusal,) = _refusals(station)
        assert refusal["reason"] == "swap" and refusal["serial_number"] == sim.serial_number != SHOE_SERIAL
        assert len(refusal["program_hash"]) == 64  # the unit swapped in is challenged too: what it runs is kept
        rnd = session.view().round
        assert rnd is not None and rnd.halt is not None  # betting: the round still needs the shoe
        assert (rnd.halt.kind, rnd.halt.cause, rnd.halt.device) == ("link", "device_refused", "shuffler")
        assert sim.serial_number in rnd.halt.text and "swap" in rnd.halt.text
        with pytest.raises(RuleError, match="round halted"):
            session.execute("no_more_bets")
        session.supervise("void", "0412", "2468", "another unit on the shoe's port")
        assert not any(e.kind == "card_dealt" for e in session.journal.events(round_id=rnd.round_id))
        # The genuine unit back on the port proves itself again: the table opens rounds once more.
        with sim.lock:
            sim.serial_number = SHOE_SERIAL
        sim.inject("disconnect")
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)
        assert not session.view().state.device("shuffler").held_refused
        session.execute("open_round")
        replayed = TableState(session.view().table.table_id)
        for record in session.journal.events():
            from dealer_station.table import events as ev

            session.view().game.folds.evolve(replayed, ev.decode(record.kind, record.payload), record.at, record.seq)
        assert replayed.device("shuffler").refused is None and replayed.device("shuffler").connected
    finally:
        station.stop()


def test_a_device_the_profile_lets_run_unauthenticated_is_shown_so(tmp_path: Path) -> None:
    station = _station(tmp_path, reader=True, allow=("reader",))
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, WAIT)
        reader = session.view().state.device("reader")
        assert reader.identity is not None and reader.identity["authenticated"] is False
        assert session.view().state.device("shuffler").identity["authenticated"] is True  # type: ignore[index]
        note = device_note(session.view(), "reader")
        assert note is not None and note.english() == "unauthenticated"
        assert tile_note(reader) == "unauthenticated" and device_note(session.view(), "shuffler") is None
        tile = _tile_html(session.view().state)
        assert tile.count('<span class="auth">unauthenticated</span>') == 1  # the reader's line, not the shoe's
    finally:
        station.stop()


def test_an_unenrolled_shoe_is_refused_as_unknown(tmp_path: Path) -> None:
    station = _station(tmp_path, enrol=False)
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, WAIT)
        assert [r["reason"] for r in _refusals(station)] == ["unknown_serial"]
    finally:
        station.stop()


def test_a_broken_approved_entry_is_one_line_at_start_and_nothing_written(tmp_path: Path) -> None:
    station = _station(tmp_path)
    missing = "0" * 64
    devices = station.table.devices.model_copy(update={"approved": {"DS-SHOE-SIM": [missing]}})
    station.table = station.table.model_copy(update={"devices": devices})
    with pytest.raises(ConfigError, match=f"devices.approved.DS-SHOE-SIM: no approved program image .*{missing}.bin"):
        station.start()
    assert not (tmp_path / "j.sqlite").exists()
    (tmp_path / "programs" / f"{missing}.bin").write_bytes(b"not that image")
    with pytest.raises(ConfigError, match="does not hash to"):
        station.start()
    assert not (tmp_path / "j.sqlite").exists()


@pytest.mark.parametrize(("entry", "says"), [
    ('approved = { "DS-SHOE-SIM" = ["abc"] }', "approved"),
    ('allow_unauthenticated = ["toaster"]', "allow_unauthenticated"),
])
def test_a_malformed_profile_entry_is_refused_in_one_line(tmp_path: Path, entry: str, says: str) -> None:
    source = Path(__file__).parents[2] / "dealer_station" / "profiles" / "uth-default.toml"
    text = source.read_text(encoding="utf-8")
    assert "[devices]" in text
    profile = tmp_path / "bad.toml"
    profile.write_text(text.replace("[devices]", f"[devices]\n{entry}", 1), encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_profile(str(profile))
    assert says in str(info.value) and "\n" not in str(info.value)


def _check_simulated(summary: dict[str, Any], journal: Path) -> None:
    """Every injected fault refused and reported, by reason, and no card dealt by a refused shoe."""
    injected, refused = summary["faults_injected"], summary["devices_refused"]
    assert set(injected) == set(FAULT_KINDS) and set(refused) == set(REASONS)
    for kind in ("impostor", "rogue_firmware", "swap"):
        assert refused[kind] == injected[kind], (kind, summary)
    assert refused["unknown_serial"] == refused["revoked"] == 0
    from dealer_station.journal import Journal

    with Journal(journal, mode="r") as opened:
        held = False
        for record in opened.events():
            if record.kind == "device_refused":
                assert record.payload["device"] == "shuffler" and record.payload["serial_number"]
                assert len(record.payload["program_hash"]) == 64 and record.payload["model"] == "DS-SHOE-SIM"
                held = True
            elif record.kind == "device_link" and record.payload["device"] == "shuffler" and record.payload["up"]:
                held = False
            elif record.kind in ("card_dealt", "round_opened"):
                assert not held, f"{record.kind} at seq {record.seq} with the shoe refused"


def test_simulate_refuses_every_impostor_rogue_and_swap(tmp_path: Path) -> None:
    table = load_profile("uth-default")
    faults = {"impostor": 0.4, "rogue_firmware": 0.4, "swap": 0.4}
    summary = simulate(table, rounds=5, seed=25, seats=3, faults=faults, journal=tmp_path / "sim.sqlite",
                       progress=None)
    out = summary.as_json()
    assert all(out["faults_injected"][k] for k in faults), out  # the seed arms each kind at least once
    _check_simulated(out, tmp_path / "sim.sqlite")
    assert out["rounds_completed"] + sum(out["voided"].values()) == 5
    assert out["voided"].get("device_refused") == out["faults_injected"]["swap"]  # a swap mid-deal voids its round
    assert device_keys_path(tmp_path / "sim.sqlite").exists()  # the simulation journal's own devices file


@pytest.mark.slow  # 100 rounds of reconnecting shoes (each waits out a link timeout)
@pytest.mark.background("auth-rates")
def test_simulate_cli_with_the_issues_rates() -> None:
    """``simulate --rounds 100 --faults impostor:0.1,rogue_firmware:0.1,swap:0.05``, played beside the suite."""
    play = background.play("auth-rates")
    journal, summary = play.journal, play.summary(timeout=900)
    assert summary["rounds_completed"] + sum(summary["voided"].values()) == 100
    assert sum(summary["devices_refused"].values()) > 0
    _check_simulated(summary, journal)


def test_what_a_round_still_needs_follows_the_device_policy() -> None:
    from dealer_station.engine.device_policy import needed_later
    from dealer_station.table.phases import Stage

    shoe = [s for s in Stage if needed_later("shuffler", s)]
    reader = [s for s in Stage if needed_later("reader", s)]
    assert shoe == [Stage.BETTING, Stage.LOCKED, Stage.DEALING]  # its cards are out after the deal
    assert reader == [Stage.BETTING, Stage.LOCKED, Stage.DEALING, Stage.DECISION, Stage.REVEAL]


def test_a_device_that_cannot_authenticate_must_be_listed_as_an_exception(tmp_path: Path) -> None:
    station = _station(tmp_path)
    station.authenticator = object()  # what start() sets for a table that authenticates
    with pytest.raises(ConfigError, match=r'devices: the reading_shoe at beetek:///dev/ttyX cannot prove who it is: '
                                          r'add "reading_shoe" to devices.allow_unauthenticated'):
        station.build_driver(Role.READING_SHOE, "beetek:///dev/ttyX")
    devices = station.table.devices.model_copy(update={"allow_unauthenticated": ("reading_shoe",)})
    station.table = station.table.model_copy(update={"devices": devices})
    shoe = station.build_driver(Role.READING_SHOE, "beetek:///dev/ttyX")  # allowed: built as it is
    assert getattr(shoe.dialect, "authenticator", None) is None


def test_a_revocation_while_the_station_runs_counts_from_the_next_connect(tmp_path: Path) -> None:
    station = _station(tmp_path)
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected, WAIT)
        done = station_cli.run([sys.executable, "-m", "dealer_station", "devices", "revoke", "--journal",
                                str(tmp_path / "j.sqlite"), "--serial", SHOE_SERIAL], capture_output=True)
        assert done.returncode == 0, done.stderr
        assert session.view().state.device("shuffler").connected  # a unit up stays up: it is asked again at its next connect
        station.simulator("shuffler").inject("disconnect", seconds=0.05)
        assert session.wait_for(lambda s: s.device("shuffler").held_refused, WAIT)
        assert [r["reason"] for r in _refusals(station)] == ["revoked"]
    finally:
        station.stop()
