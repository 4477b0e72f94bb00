"""Running ``dealer-station bank`` for the tests (in-process, tests/cli.py) and checking a refusal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests import cli as station_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bank-shift.json"


def run_bank(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return station_cli.run([sys.executable, "-m", "dealer_station", "bank", *args], input=stdin,
                           capture_output=True, text=True, cwd=ROOT, timeout=120)


def answers(proc: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return [json.loads(line) for line in proc.stdout.splitlines()]


def assert_refused(proc: subprocess.CompletedProcess[str], *fragments: str) -> str:
    """Exit 2, nothing on stdout, one short line on stderr holding every fragment; the line."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout[:500], proc.stderr[:500])
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 1000, proc.stderr[:2000]
    assert "Traceback" not in proc.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def example() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return record
