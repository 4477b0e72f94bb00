"""systemd's notification protocol against a real Unix datagram socket, as systemd binds it: the
station says READY=1 once its journal is recovered and its devices are up, feeds the watchdog
from its pump, stops feeding it when the process is stopped (SIGSTOP: systemd would restart it)
and says STOPPING=1 on SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_station.journal import Journal
from dealer_station.sd_notify import Notifier


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[socket.socket]:
    """What systemd binds for a notify-type unit: a datagram socket that learns each sender's pid."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    sock.bind(str(tmp_path / "notify"))
    yield sock
    sock.close()


def receive(sock: socket.socket, timeout: float) -> tuple[dict[str, str], int] | None:
    """One notification as systemd reads it: its assignments and the sender's pid (SCM_CREDENTIALS)."""
    sock.settimeout(timeout)
    try:
        data, ancillary, _flags, _addr = sock.recvmsg(4096, socket.CMSG_SPACE(12))
    except TimeoutError:
        return None
    pid = -1
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
            pid = struct.unpack("iII", payload[:12])[0]
    fields = dict(line.split("=", 1) for line in data.decode().split("\n") if line)
    return fields, pid


def test_each_message_is_one_datagram_of_assignments(listener: socket.socket) -> None:
    notifier = Notifier(listener.getsockname(), watchdog_usec=400_000)
    assert notifier.ready("table T1 open")
    assert receive(listener, 1) == ({"READY": "1", "STATUS": "table T1 open"}, os.getpid())
    assert notifier.watchdog()
    assert receive(listener, 1) == ({"WATCHDOG": "1"}, os.getpid())
    assert not notifier.watchdog()  # again at once: not before a quarter of the interval (0.1 s)
    assert receive(listener, 0.1) is None
    time.sleep(0.12)
    assert notifier.watchdog()
    assert receive(listener, 1) == ({"WATCHDOG": "1"}, os.getpid())
    assert notifier.stopping()
    assert receive(listener, 1) == ({"STOPPING": "1"}, os.getpid())


def test_an_abstract_socket_is_named_with_an_at_sign() -> None:
    name = f"dealer-station-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    sock.bind("\0" + name)
    try:
        notifier = Notifier.from_env({"NOTIFY_SOCKET": "@" + name})
        assert notifier is not None and notifier.ready()
        assert receive(sock, 1) == ({"READY": "1"}, os.getpid())
    finally:
        sock.close()


def test_the_environment_decides_whether_and_what_to_notify(listener: socket.socket) -> None:
    path = listener.getsockname()
    assert Notifier.from_env({}) is None  # not under systemd: nothing to do
    assert Notifier.from_env({"NOTIFY_SOCKET": "relative/path"}) is None
    plain = Notifier.from_env({"NOTIFY_SOCKET": path})
    assert plain is not None and plain.watchdog_interval is None and not plain.watchdog()
    mine = Notifier.from_env({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "3000000", "WATCHDOG_PID": str(os.getpid())})
    assert mine is not None and mine.watchdog_interval == 3.0
    parents = Notifier.from_env({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "1"})
    assert parents is not None and parents.watchdog_interval is None  # another process's watchdog
    assert receive(listener, 0.05) is None


def test_a_socket_that_is_gone_is_logged_not_raised(tmp_path: Path) -> None:
    notifier = Notifier(str(tmp_path / "nobody-listens"), watchdog_usec=1_000_000)
    assert notifier.ready() is False and notifier.watchdog() is False


def _journal_kinds(path: Path) -> list[str]:
    with Journal.open_readonly(path) as journal:
        return [e.kind for e in journal.events()]


@pytest.mark.slow  # a station with its screen in a process of its own (~6 s)
def test_the_station_is_ready_after_recovery_feeds_the_watchdog_and_stops_feeding_it_when_stopped(
        tmp_path: Path, listener: socket.socket) -> None:
    journal = tmp_path / "var" / "T1.sqlite"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", NOTIFY_SOCKET=listener.getsockname(), WATCHDOG_USEC="1000000",
               DEALER_STATION_LOG_LEVEL="warning")
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "run", "--kiosk", "--config", "uth-default",
                             "--journal", str(journal)], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        first = receive(listener, 60)
        assert first is not None, proc.stderr.read() if proc.poll() is not None else "no READY=1 within 60 s"
        assert first == ({"READY": "1", "STATUS": "table T1 open"}, proc.pid)
        kinds = _journal_kinds(journal)  # what the station had done when it said it was ready
        assert "station_started" in kinds and kinds.count("device_link") >= 2, kinds
        beats = []
        while len(beats) < 3:
            got = receive(listener, 3)
            assert got is not None, "the watchdog was not fed"
            beats.append(got)
        assert beats == [({"WATCHDOG": "1"}, proc.pid)] * 3
        os.kill(proc.pid, signal.SIGSTOP)  # hung: systemd would see no WATCHDOG=1 within WatchdogSec and restart it
        try:
            while receive(listener, 0.2) is not None:  # a beat that left before the stop
                pass
            assert receive(listener, 1.5) is None
        finally:
            os.kill(proc.pid, signal.SIGCONT)
        assert receive(listener, 3) == ({"WATCHDOG": "1"}, proc.pid)
        proc.send_signal(signal.SIGTERM)
        seen = []
        while (got := receive(listener, 10)) is not None and got[0] != {"STOPPING": "1"}:
            seen.append(got)
        assert got == ({"STOPPING": "1"}, proc.pid), seen
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        proc.stdout.close()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]


@pytest.mark.slow  # a station with its screen in a process of its own (~4 s)
def test_a_stop_the_moment_the_station_is_ready_closes_it_in_order(tmp_path: Path, listener: socket.socket) -> None:
    """systemd may stop the service as soon as it is ready (a restart, a shutdown during boot): the SIGTERM must
    close the station as any stop does (STOPPING=1, exit 0), not kill it, nor be lost before its screen's event
    loop runs (the station would play on until systemd's stop timeout kills it, and the unit would fail)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", NOTIFY_SOCKET=listener.getsockname(), DEALER_STATION_LOG_LEVEL="warning")
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "run", "--demo", "--config", "uth-default",
                             "--journal", str(tmp_path / "var" / "T1.sqlite")], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        ready = receive(listener, 60)
        assert ready is not None and ready[0].get("READY") == "1", proc.stderr.read() if proc.poll() else ready
        proc.send_signal(signal.SIGTERM)
        assert receive(listener, 10) == ({"STOPPING": "1"}, proc.pid)
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        proc.stderr.close()  # type: ignore[union-attr]
