"""Approved programs (issue 38 item 7): the shipped profiles approve their simulators' programs, and a
live table with no approved list refuses to start unless its profile says ``approve_any = true`` in so
many words - then the screen's status strip and the pit's tile say so.

Before, ``[devices.approved]`` was empty in every shipped profile, so a live profile copied from one
accepted any firmware, silently."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from dealer_station.config import DeviceConfig
from dealer_station.device_keys import approved_programs, device_keys_path
from dealer_station.errors import ConfigError
from dealer_station.pit.live import device_note as tile_note
from dealer_station.profile_loader import load_profile
from dealer_station.station import Station
from dealer_station.supervisor import CredentialStore
from dealer_station.view.banner import device_note
from simulators.device import program_image
from simulators.reader import CardReaderSimulator
from simulators.shuffler import ShufflerSimulator

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
WAIT = 10.0
HOUSE_TWINS = {"sim://shuffler": ShufflerSimulator, "sim://usb": CardReaderSimulator, "sim://serial": CardReaderSimulator}


def _twin(url: str | None) -> type | None:
    return next((twin for prefix, twin in HOUSE_TWINS.items() if url and url.split("?")[0] == prefix), None)


@pytest.mark.parametrize("name", sorted(p.stem for p in CONFIG.glob("*.toml")))
def test_every_simulated_profile_approves_its_simulators_programs(name: str) -> None:
    raw = tomllib.loads((CONFIG / f"{name}.toml").read_text(encoding="utf-8"))
    devices = raw.get("devices", {})
    table = load_profile(name)
    twins = {t for t in (_twin(table.devices.shuffler), _twin(table.devices.reader)) if t is not None}
    if not twins:
        assert not devices.get("approved"), name  # nothing of the house protocol: nothing to approve
        return
    for twin in twins:  # the digest of the program the simulator runs, worked out here from its image
        digest = hashlib.sha256(program_image(twin.model, twin.firmware)).hexdigest()
        assert digest in devices["approved"][twin.model], (name, twin.model)
    images = approved_programs(table.devices.approved, table.devices.programs)  # on disk, beside the profile
    assert set(images) == {t.model for t in twins}


def _unapproved(folder: Path, extra: str = "") -> Path:
    """uth-default as a live site might copy it before this issue: no approved list (``extra`` added)."""
    text = (CONFIG / "uth-default.toml").read_text(encoding="utf-8")
    start = text.index("[devices.approved]")
    text = text[:start] + text[start:].split("\n\n", 1)[1] if "\n\n" in text[start:] else text[:start]
    profile = folder / "site.toml"
    profile.write_text(text.replace("[devices]", f"[devices]{extra}", 1), encoding="utf-8")
    return profile


def _credentials(folder: Path) -> CredentialStore:
    store = CredentialStore(folder / "credentials.json")
    store.add("0412", "2468")
    return store


def test_a_live_table_with_no_approved_list_refuses_to_start_and_writes_nothing(tmp_path: Path) -> None:
    table = load_profile(str(_unapproved(tmp_path)))
    assert not table.devices.approved and not table.devices.approve_any
    journal = tmp_path / "t1.sqlite"
    with pytest.raises(ConfigError, match="a live table lists the programs its devices may run .* approve_any = true"):
        Station(table, journal_path=journal, credentials=_credentials(tmp_path)).start()
    assert not journal.exists()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", DEALER_STATION_LOG_LEVEL="warning")
    done = subprocess.run([sys.executable, "-m", "dealer_station", "run", "--config", str(tmp_path / "site.toml"),
                           "--journal", str(journal)], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert "devices.approved" in line and "approve_any = true" in line, line
    assert not journal.exists()
    # a demo or a simulation is no live table: it plays on with the profile as it is
    demo = Station(table, journal_path=tmp_path / "demo.sqlite", credentials=CredentialStore(tmp_path / "d.json"),
                   purpose="demo")
    demo.start()
    demo.stop()


def test_approve_any_in_so_many_words_starts_and_the_screen_and_the_pit_say_so(tmp_path: Path) -> None:
    table = load_profile(str(_unapproved(tmp_path, "\napprove_any = true   # this site accepts any device program")))
    assert table.devices.approve_any and not table.devices.authenticating
    station = Station(table, journal_path=tmp_path / "t1.sqlite", credentials=_credentials(tmp_path))
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, WAIT)
        (started,) = session.journal.events(kinds={"station_started"})
        assert started.payload["approve_any"] is True
        for name in ("shuffler", "reader"):
            note = device_note(session.view(), name)
            assert note is not None and note.key == "any_program" and note.english() == "any program approved"
            assert tile_note(session.view().state.device(name), session.view().state) == "any program approved"
    finally:
        station.stop()


def test_approve_any_beside_an_approved_list_is_one_line_at_load() -> None:
    with pytest.raises(ValueError, match="approve_any = true and an approved list"):
        DeviceConfig.model_validate({"approve_any": True, "approved": {"DS-SHOE-SIM": ["0" * 64]}})


def test_the_shipped_profile_runs_live_its_simulators_proving_themselves_and_nothing_is_enrolled(
        tmp_path: Path) -> None:
    journal = tmp_path / "t1.sqlite"
    station = Station(load_profile("uth-default"), journal_path=journal, credentials=_credentials(tmp_path))
    session = station.start()
    try:
        assert session.wait_for(lambda s: s.device("shuffler").connected and s.device("reader").connected, WAIT)
        for name in ("shuffler", "reader"):
            identity = session.view().state.device(name).identity
            assert identity is not None and identity["authenticated"] is True
            assert device_note(session.view(), name) is None
        assert not device_keys_path(journal).exists()  # the station vouches for its own simulators in memory
    finally:
        station.stop()
