"""Progress lines never make an error more than one line (issue 38, item 17).

Progress is shown on a terminal only, one line rewritten in place and erased before an error; in a
pipe stderr carries the error alone. ``simulate --tables`` says its rounds as it goes.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

from dealer_station.journal import Journal
from tests import cli as station_cli


def _journal(path: Path) -> Path:
    from tests.journal._rounds import journal_with_rounds

    journal_with_rounds(path, 3)
    return path


def _on_a_terminal(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run ``dealer-station ARGS`` with stderr on a pseudo-terminal: (exit status, every byte it wrote there)."""
    master, slave = os.openpty()
    env = dict(os.environ, DEALER_STATION_LOG_LEVEL="error", COLUMNS="200")
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", *args], stdout=subprocess.DEVNULL, stderr=slave,
                            stdin=subprocess.DEVNULL, cwd=cwd, env=env)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        assert ready, "no end"
        try:
            data = os.read(master, 4096)
        except OSError:  # the other side closed: the process ended
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    return proc.wait(timeout=60), b"".join(chunks).decode()


def _screen(raw: str) -> list[str]:
    """What the terminal shows: each line's text after its last carriage return (and erase)."""
    lines = []
    for line in raw.replace("\r\n", "\n").split("\n"):
        shown = line.rsplit("\r", 1)[-1].replace("\x1b[K", "")
        if shown:
            lines.append(shown)
    return lines


def test_an_error_after_progress_is_one_line_in_a_pipe(tmp_path: Path) -> None:
    journal = _journal(tmp_path / "j.sqlite")
    done = station_cli.run([sys.executable, "-m", "dealer_station", "report", "--journal", str(journal),
                            "--output", str(tmp_path / "nosuch" / "r.html")], capture_output=True, text=True,
                           timeout=120)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "dealer-station report: error: --output: cannot write the report: No such file or directory"], done.stderr


def test_on_a_terminal_progress_is_shown_then_erased_before_the_error(tmp_path: Path) -> None:
    journal = _journal(tmp_path / "j.sqlite")
    code, raw = _on_a_terminal(["report", "--journal", str(journal), "--output", str(tmp_path / "nosuch" / "r.html")],
                               tmp_path)
    assert code == 2
    assert "report: [" in raw and "reading journal" in raw  # progress was shown...
    assert _screen(raw) == ["dealer-station report: error: --output: cannot write the report: "
                            "No such file or directory"]  # ...and is gone: one line left


def test_simulate_tables_progress_counts_rounds(tmp_path: Path) -> None:
    code, raw = _on_a_terminal(["simulate", "--tables", "2", "--rounds", "2", "--seats", "1",
                                "--journal-dir", "var/t"], tmp_path)
    assert code == 0, raw
    assert "4/4 rounds" in raw, raw
    assert _screen(raw)[-1].startswith("simulate: ") and "4/4 rounds" in _screen(raw)[-1]
    with Journal.open_readonly(tmp_path / "var" / "t" / "T01.sqlite") as journal:
        assert sum(1 for _ in journal.events(kinds={"round_paid", "round_voided"})) == 2
