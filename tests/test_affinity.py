"""A simulation's threads kept on one CPU, and the machine's CPUs given back after."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from dealer_station.affinity import current_cpu, one_cpu
from tests import cli as station_cli

ALLOWED = os.sched_getaffinity(0)


def test_the_cpu_is_read_after_a_command_name_with_spaces_and_parentheses(tmp_path: Path) -> None:
    after = " ".join(["S", *[str(n) for n in range(4, 39)], "7", "0", "0"])  # field 39 holds 7
    stat = tmp_path / "stat"
    stat.write_text(f"4242 (py (sim) x) {after}\n", encoding="ascii")
    assert current_cpu(stat) == 7
    stat.write_text("4242 (short) S 1 2\n", encoding="ascii")
    assert current_cpu(stat) is None
    assert current_cpu(tmp_path / "missing") is None


def test_this_thread_reports_a_cpu_it_may_run_on() -> None:
    assert current_cpu() in ALLOWED


@pytest.mark.skipif(len(ALLOWED) < 2, reason="one CPU allowed: nothing to pin")
def test_threads_started_inside_share_the_one_cpu_and_every_cpu_comes_back() -> None:
    seen: list[set[int]] = []
    with one_cpu() as cpu:
        assert cpu in ALLOWED and os.sched_getaffinity(0) == {cpu}
        worker = threading.Thread(target=lambda: seen.append(os.sched_getaffinity(0)))
        worker.start()
        worker.join()
    assert seen == [{cpu}]
    assert os.sched_getaffinity(0) == ALLOWED


@pytest.mark.skipif(len(ALLOWED) < 2, reason="one CPU allowed: nothing to pin")
def test_every_cpu_comes_back_when_the_play_fails() -> None:
    with pytest.raises(RuntimeError, match="boom"), one_cpu():
        raise RuntimeError("boom")
    assert os.sched_getaffinity(0) == ALLOWED


def test_a_process_held_to_one_cpu_is_left_alone() -> None:
    only = min(ALLOWED)
    os.sched_setaffinity(0, {only})
    try:
        with one_cpu() as cpu:
            assert cpu is None and os.sched_getaffinity(0) == {only}
    finally:
        os.sched_setaffinity(0, ALLOWED)


def _station_threads_affinity(tmp_path: Path, *extra: str) -> list[set[int]]:
    """The CPUs each thread ``simulate`` started may run on, sampled while it plays in this process."""
    before = {t.ident for t in threading.enumerate()}
    seen: dict[int, set[int]] = {}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            for thread in threading.enumerate():
                if thread.ident not in before and thread is not sampler and thread.native_id is not None:
                    try:
                        seen[thread.native_id] = os.sched_getaffinity(thread.native_id)
                    except OSError:  # ended between the listing and the question
                        pass
            done.wait(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        done_run = station_cli.run([*station_cli.PYTHON_M, "simulate", "--rounds", "2", "--seats", "2", "--journal",
                                    str(tmp_path / "s.sqlite"), *extra], capture_output=True)
    finally:
        done.set()
        sampler.join()
    assert done_run.returncode == 0, done_run.stderr
    assert "rounds completed 2" in done_run.stdout
    return list(seen.values())


@pytest.mark.skipif(len(ALLOWED) < 2, reason="one CPU allowed: nothing to pin")
def test_simulate_plays_on_one_cpu_and_gives_the_caller_back_every_cpu(tmp_path: Path) -> None:
    masks = _station_threads_affinity(tmp_path)
    assert len(masks) >= 3, masks  # the pump and the devices' links and simulators, at least
    assert all(len(mask) == 1 for mask in masks) and len({min(mask) for mask in masks}) == 1, masks
    assert os.sched_getaffinity(0) == ALLOWED


@pytest.mark.skipif(len(ALLOWED) < 2, reason="one CPU allowed: nothing to pin")
def test_all_cpus_lets_the_threads_roam(tmp_path: Path) -> None:
    masks = _station_threads_affinity(tmp_path, "--all-cpus")
    assert masks and all(mask == ALLOWED for mask in masks), masks
