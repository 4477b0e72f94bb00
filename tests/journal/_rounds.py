"""A journal with finished rounds, written through the real Journal, for reader tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dealer_station.journal import Journal, Purpose

RECORD = {"game": "uth", "dealer": ["Kd", "7c"], "board": ["2c", "7d", "9h", "Js", "Qs"],
          "seats": [{"seat": 1, "hole": ["As", "Ac"], "bets": {"ante": "10", "blind": "10"}, "actions": ["play4x"]}]}
SETTLEMENT = {"game": "uth", "seats": [{"seat": 1, "net": "50"}], "breakage": "0"}


def journal_with_rounds(path: Path, rounds: int = 3, *, table_id: str = "T1",
                        purpose: Purpose | None = None) -> None:
    with Journal(path, table_id=table_id, purpose=purpose) as journal:
        for n in range(1, rounds + 1):
            rid = f"{table_id}-{n:06d}"
            journal.append("round_opened", {}, actor="croupier", round_id=rid)
            journal.append("settled", {"record": RECORD, "settlement": SETTLEMENT}, actor="station", round_id=rid)
            journal.append("round_paid", {"house_net": "-50"}, actor="station", round_id=rid)


def refused_on_restart(path: Path, appended: list[tuple[str, dict[str, Any], str]]) -> tuple[str, int]:
    """Simulate a round into ``path``, append ``(kind, payload, round_id)`` records as a foreign
    writer would, start the station on it again: the one error line and the last seq, after
    checking the refusal (exit 2, one line, no traceback) wrote nothing."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "1", "--seed", "3",
                           "--journal", str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    with Journal(path, table_id="T1", purpose="simulation") as journal:
        for kind, payload, round_id in appended:
            journal.append(kind, payload, actor="croupier", round_id=round_id)
        last = journal.last_seq
    again = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "1", "--journal",
                            str(path)], capture_output=True, text=True, timeout=120)
    assert again.returncode == 2 and "Traceback" not in again.stderr, again.stderr
    (line,) = again.stderr.splitlines()
    with Journal.open_readonly(path) as journal:
        assert journal.last_seq == last  # nothing written
    return line, last
