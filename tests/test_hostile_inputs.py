"""Hostile inputs, command by command: exit 2, one short line on stderr, nothing written.

Each row is what an attacker or an unlucky casino fed a command (issue 14); before, most
ended in a traceback (RecursionError, decimal.Overflow, OverflowError, ValueError,
PermissionError), wrote files before refusing (a log, ``/credentials.json``) or were
accepted (``sim --delay nan``). Every row runs the real CLI - its ``main(argv)`` in the test's
process (``tests/cli.py``), a subprocess for the rows whose stdout is a full device - and checks
the exit status, that stderr is one line of bounded length containing the expected
words, and that no file was created or changed - in the test's folder or in ``/``.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dealer_station.journal import Journal
from tests import cli as station_cli

from .journal._rounds import journal_with_rounds

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = json.loads((ROOT / "examples" / "uth-round.json").read_text())
PROFILE = (ROOT / "config" / "uth-default.toml").read_text()
assert "link_timeout = 2.0" in PROFILE
BIG = "999999999999999999.9999999999"  # 28 digits: the largest amount the table takes


def record(**changes: Any) -> dict[str, Any]:
    rec = json.loads(json.dumps(EXAMPLE))
    rec.pop("table", None)
    for key, value in changes.items():
        if key == "ante":
            rec["seats"][0]["bets"].update(ante=value, blind=value)
        else:
            rec[key] = value
    return rec


INPUTS: dict[str, str] = {
    "deep_list.json": "[" * 5000 + "]" * 5000,
    "deep_object.json": '{"a":' * 5000 + "1" + "}" * 5000,
    "deep_900.json": '{"game":"uth","seats":' + "[" * 900 + "]" * 900 + "}",
    "ante_huge_number.json": json.dumps(record()).replace('"ante": "10", "blind": "10"',
                                                          '"ante": 1e1000000, "blind": 1e1000000'),
    "ante_huge_text.json": json.dumps(record(ante="1e1000000")),
    "ante_underscore.json": json.dumps(record(ante="1_0")),
    "ante_arabic_indic.json": json.dumps(record(ante="١٠")),
    "ante_fullwidth.json": json.dumps(record(ante="１０")),
    "ante_nan.json": json.dumps(record(ante="NaN")),
    "ante_10mb.json": json.dumps(record(ante="9" * 5_000_000)),  # ante and blind: 10 MB (the limit is 16 MiB)
    "min_chip_tiny.json": json.dumps(record()).replace('"min_chip": "0.5"', '"min_chip": 1e-999999'),
    "odds_huge.json": json.dumps(record()).replace('"royal_flush": "50"', '"royal_flush": 1e999999'),
    "payout_29_digits.json": json.dumps(record(ante=BIG, min_chip="1",
                                               limits={"ante": {"min": "1", "max": BIG},
                                                       "trips": {"min": "1", "max": "100"}})),
    "key_10mb.json": json.dumps(record(**{"x" * 10_000_000: 1})),
    "link_timeout_inf.toml": PROFILE.replace("link_timeout = 2.0", "link_timeout = inf"),
    "link_timeout_1e300.toml": PROFILE.replace("link_timeout = 2.0", "link_timeout = 1e300"),
    "a_file": "not a folder\n",
}

# (id, argv, words the one error line contains); {name} is a path in the test's folder
ROWS: list[tuple[str, list[str], str]] = [
    ("settle nested 5000 arrays", ["settle", "{deep_list.json}"], "nested deeper than 32 levels"),
    ("settle nested 5000 objects", ["settle", "{deep_object.json}"], "nested deeper than 32 levels"),
    ("settle nested 900 in a record", ["settle", "{deep_900.json}"], "nested deeper than 32 levels"),
    ("settle ante 1e1000000", ["settle", "{ante_huge_number.json}"],
     "seats[0].bets.ante: write the amount as a string"),
    ("settle ante '1e1000000'", ["settle", "{ante_huge_text.json}"], "not a decimal amount"),
    ("settle ante '1_0'", ["settle", "{ante_underscore.json}"], "not a decimal amount"),
    ("settle ante Arabic-Indic", ["settle", "{ante_arabic_indic.json}"], "not a decimal amount"),
    ("settle ante fullwidth", ["settle", "{ante_fullwidth.json}"], "not a decimal amount"),
    ("settle ante NaN", ["settle", "{ante_nan.json}"], "not a decimal amount"),
    ("settle ante 10 MB", ["settle", "{ante_10mb.json}"], "not a decimal amount"),
    ("settle key 10 MB", ["settle", "{key_10mb.json}"], "unknown"),
    ("settle min_chip 1e-999999", ["settle", "{min_chip_tiny.json}"], "min_chip: write the amount as a string"),
    ("settle odds 1e999999", ["settle", "{odds_huge.json}"], "royal_flush: write the amount as a string"),
    ("settle payout beyond 28 digits", ["settle", "{payout_29_digits.json}"], "cannot be held exactly"),
    ("settle to a full stdout", ["settle", str(ROOT / "examples" / "uth-round.json"), ">/dev/full"],
     "cannot write to standard output"),
    ("show --since 2**66", ["journal", "show", "--journal", "{live.sqlite}", "--since", "99999999999999999999"],
     "must be at most"),
    ("show --limit 2**66", ["journal", "show", "--journal", "{live.sqlite}", "--limit", "99999999999999999999"],
     "must be at most"),
    ("show to a full stdout", ["journal", "show", "--journal", "{live.sqlite}", ">/dev/full"],
     "cannot write to standard output"),
    ("recall --last 2**66", ["recall", "--journal", "{live.sqlite}", "--last", "99999999999999999999"],
     "must be at most"),
    ("recall to a full stdout", ["recall", "--journal", "{live.sqlite}", ">/dev/full"],
     "cannot write to standard output"),
    ("verify to a full stdout", ["journal", "verify", "--journal", "{live.sqlite}", ">/dev/full"],
     "cannot write to standard output"),
    ("simulate --journal .", ["simulate", "--rounds", "1", "--journal", "."], "is a directory"),
    ("simulate --journal /", ["simulate", "--rounds", "1", "--journal", "/"], "is a directory"),
    ("simulate journal folder under a file", ["simulate", "--rounds", "1", "--journal", "{a_file}/j.sqlite"],
     "is not a folder"),
    ("simulate journal folder missing", ["simulate", "--rounds", "1", "--journal", "/proc/ds-test/j.sqlite"],
     "journal: no folder /proc/ds-test: create it first"),
    ("simulate --seats 99", ["simulate", "--rounds", "1", "--seats", "99", "--journal", "{new.sqlite}"],
     "--seats must be 1 to 7"),
    ("simulate --rounds -1", ["simulate", "--rounds", "-1", "--journal", "{new.sqlite}"], "must not be negative"),
    ("simulate --all-cpus=yes", ["simulate", "--rounds", "1", "--all-cpus=yes", "--journal", "{new.sqlite}"],
     "argument --all-cpus: ignored explicit argument 'yes'"),
    ("simulate on a live journal", ["simulate", "--rounds", "1", "--journal", "{live.sqlite}"],
     "is a live journal, not a simulation one"),
    ("run link_timeout inf", ["run", "--config", "{link_timeout_inf.toml}"], "finite number"),
    ("run link_timeout 1e300", ["run", "--config", "{link_timeout_1e300.toml}"], "less than or equal to 60"),
    ("run --step-ms huge", ["run", "--step-ms", "99999999999999"], "must be at most 60000"),
    ("run --screenshot-dir under a file", ["run", "--journal", "{new.sqlite}", "--screenshot-dir", "{a_file}/s"],
     "is not a folder"),
    ("run --screenshot-dir missing", ["run", "--journal", "{new.sqlite}", "--screenshot-dir", "/proc/ds-shots"],
     "screenshot-dir: no folder /proc/ds-shots: create it first"),
    ("run --journal /", ["run", "--journal", "/"], "is a directory"),
    ("run on a simulation journal", ["run", "--journal", "{simulation.sqlite}"],
     "is a simulation journal, not a live one"),
    ("run demo on a live journal", ["run", "--demo", "--journal", "{live.sqlite}"],
     "is a live journal, not a demo one"),
    ("run --seats 1,99", ["run", "--demo", "--seats", "1,99"], "seat 99 is not a seat of this table"),
    ("sim --delay nan", ["sim", "shuffler", "--delay", "nan"], "must be a number of seconds"),
    ("sim --delay inf", ["sim", "shuffler", "--delay", "inf"], "must be a number of seconds"),
    ("sim --delay -1", ["sim", "shuffler", "--delay", "-1"], "must be a number of seconds"),
    ("supervisors list --journal /", ["supervisors", "list", "--journal", "/"], "must name a journal file"),
    ("supervisors add --journal .", ["supervisors", "add", "--journal", ".", "--badge", "0412"],
     "must name a journal file"),
    ("simulate --journal-dir under a file", ["simulate", "--tables", "2", "--rounds", "1", "--journal-dir",
                                             "{a_file}/tables"], "is not a folder"),
    ("simulate --journal-dir missing", ["simulate", "--tables", "2", "--rounds", "1", "--journal-dir",
                                        "/proc/ds-tables"], "journal-dir: no folder /proc/ds-tables: create it first"),
    ("report --output unwritable", ["report", "--journal", "{live.sqlite}", "--quiet", "--output", "/proc/ds.html"],
     "--output: cannot write the report"),
    ("recall --journal 5000-character name", ["recall", "--journal", "j" * 5000], "File name too long"),
    ("settle an endless input", ["settle", "/dev/zero"], "input larger than 16 MiB refused"),
    ("par --rounds 2**66", ["par", "--rounds", "99999999999999999999"], "must be at most 10000000"),
    ("report --par-rounds 2**66", ["report", "--journal", "{live.sqlite}", "--par-rounds", "99999999999999999999"],
     "must be at most 10000000"),
    ("pit --shuffle-every 0", ["pit", "--floor", "postgresql:///x", "--shuffle-every", "0"], "--shuffle-every"),
    ("pit --shuffle-days 10**9", ["pit", "--floor", "postgresql:///x", "--shuffle-days", "1000000000"],
     "--shuffle-days"),
    ("report --by dealr", ["report", "--journal", "{live.sqlite}", "--by", "dealr"], "dealr"),
    ("report --shuffle-audit=yes", ["report", "--journal", "{live.sqlite}", "--shuffle-audit=yes"],
     "--shuffle-audit/--no-shuffle-audit: ignored explicit argument 'yes'"),
]


def tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (relative name -> sha256): sees any file created or changed."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    for name, text in INPUTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    journal_with_rounds(folder / "live.sqlite", 2, purpose="live")  # rounds: recall has something to print
    Journal(folder / "simulation.sqlite", table_id="T1", purpose="simulation").close()
    return folder


@pytest.mark.parametrize("argv, needle", [pytest.param(argv, needle, id=name) for name, argv, needle in ROWS])
def test_refused_in_one_line_with_nothing_written(world: Path, argv: list[str], needle: str) -> None:
    names = {name: str(world / name) for name in [*INPUTS, "live.sqlite", "simulation.sqlite", "new.sqlite"]}
    args = [a for a in argv if not a.startswith(">")]
    for name, path in names.items():
        args = [a.replace(f"{{{name}}}", path) for a in args]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DEALER_STATION_JOURNAL")}
    env["QT_QPA_PLATFORM"] = "offscreen"  # a display: run stays a live run
    before, root_before = tree(world), sorted(os.listdir("/"))
    command = [sys.executable, "-m", "dealer_station", *args]
    if argv[-1].startswith(">"):  # a full stdout is the process's own: a real subprocess writing to that file
        with open(argv[-1][1:], "w") as stdout:
            result = station_cli.run(command, stdout=stdout, stderr=subprocess.PIPE, text=True, cwd=world, env=env,
                                     timeout=120)
    else:  # the real main(argv) in this process (tests/cli.py): an exception escaping it fails the test
        result = station_cli.run(command, capture_output=True, text=True, cwd=world, env=env, timeout=120)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and len(lines[0]) < 1000, result.stderr[:2000]
    assert needle in lines[0], lines[0]
    assert tree(world) == before
    assert sorted(os.listdir("/")) == root_before
