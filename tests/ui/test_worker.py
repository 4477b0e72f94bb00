"""Commands run off the GUI thread and report back through queued signals, without ever
corrupting a Python reference count.

PySide6 6.12.0 drops a reference to ``True`` on every signal emit (the result of
``emit``); ``True`` is not immortal before Python 3.12, so after a few thousand commands
the touchscreen aborted with "Fatal Python error: bool_dealloc". The project pins a
PySide6 range without the defect; this test fails on one that has it.
"""

from __future__ import annotations

import gc
import sys


def test_thousands_of_commands_leave_true_false_and_none_alone(qtbot, qapp) -> None:
    from ui.worker import CommandWorker

    worker = CommandWorker()
    seen: list[object] = []
    worker.done.connect(lambda label, result: seen.append(result))
    n = 3000
    gc.collect()
    before = [sys.getrefcount(x) for x in (True, False, None)]
    for i in range(n):
        worker.submit("demo", lambda i=i: i % 2 == 0)
    qtbot.waitUntil(lambda: len(seen) == n, timeout=20_000)
    worker.shutdown(wait=True)
    seen.clear()
    qapp.processEvents()
    gc.collect()
    after = [sys.getrefcount(x) for x in (True, False, None)]
    # the defect costs one reference per emit (-3000 here); other tests' garbage moves a few
    assert min(a - b for a, b in zip(after, before)) > -n // 4, (before, after)


def test_a_result_arrives_whole(qtbot) -> None:
    from ui.worker import CommandWorker

    worker = CommandWorker()
    with qtbot.waitSignal(worker.done, timeout=5000) as blocker:
        worker.submit("recall", lambda: [{"round_id": "T1-000001"}])
    assert blocker.args == ["recall", [{"round_id": "T1-000001"}]]
    worker.shutdown(wait=True)
