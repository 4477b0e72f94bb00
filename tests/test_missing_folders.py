"""One rule for a folder that is not there (issue 38, item 14): the station makes folders only under
``var/`` in the folder it runs in (where every default path lies); any other missing folder it is
given is refused in one line, exit 2, with nothing created - a typo must not start a fresh journal
somewhere else."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import cli as station_cli


def _cli(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    # ``run`` in a process of its own: a live table that is not refused runs until it is stopped
    return station_cli.run([sys.executable, "-m", "dealer_station", *args], input=stdin, capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=60, in_process=args[0] != "run")


def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


MISSING = {
    "simulate --journal": ("simulate", "--rounds", "1", "--journal", "nosuch/dir/j.sqlite"),
    "simulate --tables": ("simulate", "--tables", "2", "--rounds", "1", "--journal-dir", "nosuch/dir"),
    "run --journal": ("run", "--journal", "nosuch/dir/j.sqlite"),
    "run --demo --journal": ("run", "--demo", "--rounds", "1", "--journal", "nosuch/dir/j.sqlite"),
    "run --screenshot-dir": ("run", "--demo", "--rounds", "1", "--journal", "var/d.sqlite",
                             "--screenshot-dir", "nosuch/dir"),
    "supervisors add": ("supervisors", "add", "--journal", "nosuch/dir/j.sqlite", "--badge", "0412", "--pin-stdin"),
    "pit users add": ("pit", "users", "add", "--state-dir", "nosuch/dir", "--user", "maria", "--role", "supervisor",
                      "--password-stdin"),
}


@pytest.mark.parametrize("name", sorted(MISSING))
def test_a_missing_folder_is_refused_in_one_line_and_nothing_is_made(tmp_path: Path, name: str) -> None:
    secret = "a long enough pass phrase" if name.startswith("pit") else "4711"
    done = _cli(tmp_path, *MISSING[name], stdin=f"{secret}\n{secret}\n")
    assert done.returncode == 2, (done.stdout, done.stderr)
    (line,) = done.stderr.splitlines()
    assert "no folder nosuch/dir" in line and "create it first" in line, line
    assert _tree(tmp_path) == set()  # not nosuch/, not var/, no journal, no credentials


def test_folders_under_var_are_made(tmp_path: Path) -> None:
    """The defaults' folder is the station's own: a fresh clone has no var/, and the first command makes it."""
    done = _cli(tmp_path, "supervisors", "add", "--journal", "var/new/j.sqlite", "--badge", "0412", "--pin-stdin",
                stdin="4711\n4711\n")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "var" / "new" / "j.sqlite.credentials.json").is_file()


def test_a_path_that_only_looks_like_var_is_not_under_it(tmp_path: Path) -> None:
    """``var/../nosuch`` and ``variable/`` are not under var/: refused like any other missing folder."""
    for journal in ("var/../nosuch/dir/j.sqlite", "variable/j.sqlite"):
        done = _cli(tmp_path, "simulate", "--rounds", "1", "--journal", journal)
        assert done.returncode == 2 and "create it first" in done.stderr, done.stderr
    assert _tree(tmp_path) == set()
