"""Running ``rate`` and ``compliance`` in the test's process (tests/cli.py) and checking a refusal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli import main_in_process


def station(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    return main_in_process([str(a) for a in argv], stdin=stdin)


def answers(*argv: str, stdin: str | None = None) -> list[Any]:
    """The JSON Lines a command printed (it must have succeeded)."""
    code, out, err = station(*argv, stdin=stdin)
    assert code == 0, err
    assert err == ""
    return [json.loads(line) for line in out.splitlines()]


def jsonl(path: Path, records: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def assert_refused(result: tuple[int, str, str], *fragments: str) -> str:
    """Exit 2, nothing on stdout, one line on stderr holding every fragment; the line."""
    code, out, err = result
    assert code == 2, (code, out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and len(lines[0]) < 600
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]
