"""SIGKILL a real writer at random instants: everything it was told is committed survives."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dealer_station.journal import Journal

pytestmark = pytest.mark.slow  # SIGKILL of a writing process

WRITER = textwrap.dedent(
    """
    import sys
    import structlog
    from decimal import Decimal
    from dealer_station.journal import Journal

    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr))
    j = Journal(sys.argv[1], table_id="T1")
    i = 0
    while True:
        i += 1
        e = j.append("bet", {"i": i, "amount": Decimal(i) / 8, "pad": "x" * (i % 300)}, actor="croupier")
        print(e.seq, flush=True)
    """
)


def test_sigkill_never_loses_an_acknowledged_event(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite"
    rng = random.Random(1234)
    acknowledged: set[int] = set()
    for _ in range(10):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        for _ in range(rng.randint(1, 60)):
            line = proc.stdout.readline()
            assert line, "writer died early"
            acknowledged.add(int(line))
        time.sleep(rng.random() * 0.05)  # kill somewhere inside an append, not between reads
        proc.send_signal(signal.SIGKILL)
        rest, _ = proc.communicate()
        acknowledged.update(int(s) for s in rest.split())
        assert proc.returncode == -signal.SIGKILL
    with Journal(path, table_id="T1") as j:
        stored = {e.seq for e in j.events()}
        result = j.verify()
    assert acknowledged <= stored
    assert stored == set(range(1, len(stored) + 1))
    assert result.ok, result
