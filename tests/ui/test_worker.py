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


def test_taps_queued_behind_a_commit_are_journaled_as_one_and_answered_after_it(qtbot, station, monkeypatch) -> None:
    """Group commit at the screen: seven bets tapped while the first command is being journaled run as ONE
    journal transaction (one fsync), each answered only once all are durable; a refused one alone is refused."""
    import threading

    from dealer_station.journal import Journal
    from ui.worker import CommandWorker

    session, _shoe = station
    session.execute("open_round")
    commits: list[list[str]] = []
    original = Journal.append_many

    def counted(journal, items, at=None):
        written = original(journal, list(items), at)
        if written:
            commits.append([record.kind for record in written])
        return written

    monkeypatch.setattr(Journal, "append_many", counted)
    worker = CommandWorker(together=session.together)
    answered: list[tuple[str, object]] = []
    from PySide6.QtCore import Qt

    # Run where it is emitted (the worker's thread), so what the table shows at that moment is what is checked.
    worker.done.connect(lambda label, result: answered.append((label, session.view().seat_stakes(7))),
                        Qt.ConnectionType.DirectConnection)
    refused: list[str] = []
    worker.refused.connect(lambda label, error: refused.append(label))
    journaling = threading.Event()

    def first_bet() -> None:  # the first tap: its commit takes a while (a slow fsync) while six more come in
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        journaling.wait(5)

    worker.submit("bet1", first_bet)
    for seat in range(2, 8):
        worker.submit(f"bet{seat}", session.execute, "set_bets", seat, {"ante": "10", "blind": "10"})
    worker.submit("too_much", session.execute, "set_bets", 2, {"ante": "100000", "blind": "100000"})
    journaling.set()
    qtbot.waitUntil(lambda: len(answered) + len(refused) == 8, timeout=10_000)
    worker.shutdown(wait=True)
    assert worker.groups == [1, 7]
    assert commits == [["bets_set"], ["bets_set"] * 6], "six bets, one transaction; the refused one wrote nothing"
    assert refused == ["too_much"]
    assert [label for label, _ in answered] == [f"bet{seat}" for seat in range(1, 8)]
    assert not answered[0][1], "the first bet was answered alone, before the group"
    assert all(stakes for label, stakes in answered[1:]), "each answered only once the group is durable"
