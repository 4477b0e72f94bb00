"""What docs/install.md tells a technician to run exists: every ``dealer-station`` command it shows (and the
unit's ExecStart) is one the command line takes, every ``make`` target is the Makefile's, every file it
installs is shipped; the shipped systemd unit passes ``systemd-analyze verify`` (where there is one) and
says what the service needs; the udev rules are well formed and name each device after a station role."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.cli import build_parser
from dealer_station.wire.codec import USB_PRODUCT_ID, USB_VENDOR_ID
from dealer_station.wire.roles import Role
from tests.deploy.unit_file import unit_settings

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
UNIT = ROOT / "deploy" / "systemd" / "dealer-station.service"
RULES = ROOT / "deploy" / "udev" / "99-dealer-station.rules"


def _shell_lines() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", DOC, flags=re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def _station_words(line: str) -> list[str] | None:
    """The arguments after ``dealer-station`` in a shell line (up to ``&&``/``|``), None if it runs none."""
    words = shlex.split(line)
    for i, word in enumerate(words):
        if (i == 0 and word == "dealer-station") or word.endswith("/bin/dealer-station"):  # not the unit's name
            rest = words[i + 1:]
            for stop in ("&&", "|", ";"):
                if stop in rest:
                    rest = rest[:rest.index(stop)]
            return rest
    return None


def _unit() -> dict[str, list[str]]:
    """key -> values (a key may repeat: Environment=), from every section of the unit."""
    return unit_settings(UNIT.read_text(encoding="utf-8"))


def test_every_station_command_the_guide_shows_is_one_the_command_line_takes() -> None:
    commands = [words for line in _shell_lines() if (words := _station_words(line)) is not None]
    exec_start = _station_words(_unit()["ExecStart"][0])
    assert exec_start is not None
    commands.append(exec_start)
    assert exec_start[:2] == ["run", "--kiosk"]
    assert ["devices", "scan"] in [words[:2] for words in commands]
    assert "doctor" in [words[0] for words in commands if words]
    parser = build_parser()
    for words in commands:
        try:
            parser.parse_args(words)
        except SystemExit:
            pytest.fail(f"docs/install.md shows `dealer-station {' '.join(words)}`, which the command line refuses")


def test_make_targets_and_shipped_files_the_guide_names_exist() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = [line.split()[1] for line in _shell_lines() if line.startswith("make ")]
    assert targets == ["wheelhouse"]
    assert all(re.search(rf"^{t}:", makefile, flags=re.M) for t in targets)
    for path in set(re.findall(r"(?<![\w/])deploy/[\w./-]+\w", DOC)):
        assert (ROOT / path).is_file(), f"docs/install.md installs {path}, which is not shipped"
    assert "pip install --no-index --find-links" in DOC


def test_the_unit_is_a_watched_notify_service_that_restarts_and_logs_to_the_journal() -> None:
    unit = _unit()
    assert unit["Type"] == ["notify"]
    assert float(unit["WatchdogSec"][0]) > 0
    assert unit["Restart"] == ["on-failure"]
    assert unit["StandardError"] == ["journal"]
    assert "run" in shlex.split(unit["ExecStart"][0]) and "--kiosk" in shlex.split(unit["ExecStart"][0])
    assert unit["WantedBy"] == ["multi-user.target"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze on this machine")
def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    program = Path(sys.executable).parent / "dealer-station"
    if not program.exists():
        pytest.skip("no dealer-station script beside this interpreter")
    text = UNIT.read_text(encoding="utf-8").replace("/opt/dealer-station/venv/bin/dealer-station", str(program))
    copy = tmp_path / UNIT.name
    copy.write_text(text, encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, timeout=30)
    about_it = [line for line in (done.stdout + done.stderr).splitlines() if UNIT.name in line]
    assert done.returncode == 0 and about_it == [], done.stdout + done.stderr


RULE_TOKEN = re.compile(r'^(?P<key>[A-Z_]+)(?:\{(?P<attr>[\w.-]+)\})?(?P<op>==|!=|\+=|:=|=)"(?P<value>[^"]*)"$')
MATCH_KEYS = {"SUBSYSTEM", "KERNEL", "ATTR", "ATTRS", "ACTION", "ENV", "SUBSYSTEMS", "DRIVERS"}
ASSIGN_KEYS = {"GROUP", "MODE", "OWNER", "SYMLINK", "TAG", "ENV"}


def test_the_udev_rules_are_well_formed_and_name_each_device_after_a_role() -> None:
    named = []
    for raw in RULES.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        tokens = [RULE_TOKEN.match(t.strip()) for t in raw.split(",")]
        assert all(tokens), f"malformed udev rule: {raw!r}"
        matches = [t for t in tokens if t and t["op"] in ("==", "!=")]
        assigns = [t for t in tokens if t and t["op"] in ("=", "+=", ":=")]
        assert matches and assigns, raw
        assert {t["key"] for t in matches} <= MATCH_KEYS and {t["key"] for t in assigns} <= ASSIGN_KEYS, raw
        assert any(t["key"] == "MODE" and t["value"] == "0660" for t in assigns), f"not private: {raw!r}"
        links = [t["value"] for t in assigns if t["key"] == "SYMLINK"]
        assert len(links) == 1 and links[0].startswith("dealer-station/"), raw
        named.append((links[0].removeprefix("dealer-station/"), {(t["attr"], t["value"]) for t in matches}))
    assert {role for role, _ in named} == {role.value for role in Role}
    reader = dict(named)["reader"]
    assert {("idVendor", f"{USB_VENDOR_ID:04x}"), ("idProduct", f"{USB_PRODUCT_ID:04x}")} <= reader
