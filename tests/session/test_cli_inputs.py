"""Bad input on the station's own commands: one line on stderr, exit 2, no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests import cli as station_cli


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def _refused(result: subprocess.CompletedProcess[str], needle: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args, needle", [
    (("recall", "--last", "0", "--journal", "x.sqlite"), "--last"),
    (("recall", "--journal", "{missing}"), "no journal"),
    (("recall", "--journal", "{garbage}"), "not a journal"),
    (("run", "--config", "nosuch-profile"), "unknown table profile"),
    (("run", "--rounds", "0"), "--rounds"),
    (("simulate", "--rounds", "1", "--seats", "9", "--journal", "{fresh}"), "--seats"),
    (("simulate", "--rounds", "1", "--config", "{badtoml}", "--journal", "{fresh}"), "badtoml"),
    (("simulate", "--rounds", "1", "--seats", "2", "--players", "3", "--journal", "{fresh}"), "--players"),
    (("simulate", "--rounds", "1", "--players", "-1", "--journal", "{fresh}"), "--players"),
    (("simulate", "--rounds", "1", "--players", "x", "--journal", "{fresh}"), "--players"),
    (("simulate", "--rounds", "1", "--config", "holdem-nl-1-2", "--players", "2", "--journal", "{fresh}"),
     "--players"),
])
def test_bad_station_command_input(tmp_path: Path, args: tuple[str, ...], needle: str) -> None:
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_text("not a database\n")
    badtoml = tmp_path / "badtoml.toml"
    badtoml.write_text("game = 'uth'\nseats = [\n")
    paths = {"missing": str(tmp_path / "missing.sqlite"), "garbage": str(garbage),
             "fresh": str(tmp_path / "fresh.sqlite"), "badtoml": str(badtoml)}
    _refused(_cli(*(a.format(**paths) for a in args)), needle)


def test_recall_prints_the_recalled_round_format(tmp_path: Path) -> None:
    journal = tmp_path / "r.sqlite"
    simulate(load_profile("uth-default"), rounds=3, seed=8, seats=2, journal=journal, progress=None)
    out = _cli("recall", "--last", "2", "--journal", str(journal))
    assert out.returncode == 0, out.stderr
    rounds = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["round_id"] for r in rounds] == ["T1-000002", "T1-000003"]
    for r in rounds:
        assert {"round_id", "table_id", "started_at", "ended_at", "settlement", "void", "seats", "board",
                "dealer", "game"} <= set(r)
        assert r["void"] is None and r["settlement"]["seats"]
