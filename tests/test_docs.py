"""What a new user reads works in a fresh clone (issue 38, item 11): the project documents its own rules,
record format and devices in ``docs/``, every link of the README and the docs leads to a file of the
project, the round record's examples are what ``settle`` reads and prints, the test lanes install
PostgreSQL like the browser and the font, and the README's outputs land where git ignores them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from dealer_station.cli.settle import parse_input, settle_record

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_link_leads_to_a_file_of_the_project(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "../shared" not in text, f"{page.name} points outside the project"
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address or a place on the same page
        path = (page.parent / target.split("#", 1)[0]).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{page.name}: {target} does not exist"


def test_the_project_documents_its_rules_record_and_devices() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in ("docs/rules.md", "docs/round-record.md", "docs/hardware.md"):
        assert f"]({doc})" in readme, f"the README does not link {doc}"
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for heading in ("## 1. Ranking hands", "## 2. Ultimate Texas Hold'em", "## 3. Texas Hold'em Bonus",
                    "## 4. Poker-room Texas Hold'em", "## 5. Voids, faults and disputes"):
        assert heading in rules  # the sections the code and the docs cite as "rules §N"
    # the published seven-card counts (a fixture of the evaluator's tests) add up to C(52, 7)
    counts = re.findall(r"^\| [a-z ]+ \| ([\d,]+) \| ([\d,]+) \|$", rules, re.M)
    assert sum(int(seven.replace(",", "")) for seven, _ in counts) == 133_784_560
    assert sum(int(five.replace(",", "")) for _, five in counts) == 2_598_960


def _json_after(text: str, marker: str) -> tuple[object, int]:
    """The first ```json block after ``marker``, parsed, and where it ends."""
    start = text.index("```json", text.index(marker)) + len("```json")
    end = text.index("```", start)
    return json.loads(text[start:end]), end


@pytest.mark.parametrize("example", ["uth-round", "thb-round", "holdem-hand"])
def test_the_round_record_examples_are_the_files_and_what_settle_prints(example: str) -> None:
    text = (ROOT / "docs" / "round-record.md").read_text(encoding="utf-8")
    record, end = _json_after(text, f"`examples/{example}.json`")
    file = (ROOT / "examples" / f"{example}.json").read_text(encoding="utf-8")
    assert record == json.loads(file)
    printed, _ = _json_after(text[end + 3:], "`settle` prints")
    [(_, parsed)] = parse_input(file)[0]
    assert printed == json.loads(json.dumps(settle_record(parsed)))


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
@pytest.mark.parametrize("lane", ["test", "check"])
def test_the_test_lanes_install_postgresql_when_it_is_missing(lane: str) -> None:
    """``make -n`` prints what a lane would run: with no PostgreSQL binaries it installs postgresql-15
    (as root) or says how, as it does Chromium and the Chinese font."""
    done = subprocess.run(["make", "-n", lane, "PG_BIN=/nonexistent/pg"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "test -x /nonexistent/pg/initdb" in done.stdout and "apt-get install -y -qq postgresql-15" in done.stdout


def test_the_readmes_outputs_are_written_where_git_ignores_them() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    outputs = re.findall(r"--(?:output|journal|journal-dir|screenshot-dir) (\S+)", readme)
    assert outputs and all(path.startswith("var/") or path.isupper() for path in outputs), outputs
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "/var/" in ignored and "/*.html" in ignored  # a report written in the root is not a change to commit
