"""The disk watch on a real small filesystem (a tmpfs mounted for the test, as root: CI runs as root): the table
plays until the journal's disk reaches the halt threshold, is warned first, then opens no round, and no append
ever fails; the room left is measured against what a round really took on that disk. Freed space lets it
play again."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dealer_station.disk_watch import DiskWatch
from dealer_station.errors import RuleError
from dealer_station.station import Station
from dealer_station.view.banner import banner, table_stopped

from ._days import Table

SIZE_MB = 24
WARN_ROUNDS, HALT_ROUNDS = 330, 230  # about 10 MB and 7 MB at 31 kB a round: the WAL's 4 MB fits in the margin


def free(path: Path) -> int:
    """Bytes free on ``path``'s filesystem, asked of df's own source here (statvfs), not of the watch."""
    st = os.statvfs(path)
    return st.f_bavail * st.f_frsize


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (CI runs the suite as root)")
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SIZE_MB}m", "tmpfs", str(mount)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"this sandbox cannot mount a tmpfs: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_halts_the_table_before_any_append_fails(small_disk: Path) -> None:
    table = Table(small_disk / "journal.sqlite")
    station = Station(table.table, journal_path=small_disk / "journal.sqlite", drivers={})
    station.session, station.journal = table.session, table.journal
    station.disk_watch = DiskWatch.for_journal(small_disk / "journal.sqlite", WARN_ROUNDS, HALT_ROUNDS)
    warn_bytes, halt_bytes = station.disk_watch.warn_bytes, station.disk_watch.halt_bytes
    filler = small_disk / "filler"
    with open(filler, "wb") as out:  # leave a little more than the warning threshold
        out.write(b"\0" * (free(small_disk) - warn_bytes - 1_500_000))
    biggest, rounds = 0, 0
    try:
        for _ in range(2000):
            station.watch_disk()  # what the pump does at every tick: here before every round
            before = free(small_disk)
            try:
                table.play_round()
            except RuleError as refused:
                assert refused.key == "disk_full"  # the croupier could not open a round, for the disk only
                break
            biggest, rounds = max(biggest, before - free(small_disk)), rounds + 1
        snap = table.session.view()
        left = free(small_disk)
        assert snap.unavailable is None  # the journal never failed: every append committed
        assert snap.state.disk == "halt" and snap.round is not None and snap.round.finished
        with pytest.raises(RuleError, match="disk is nearly full"):
            table.session.execute("open_round")
        assert banner(snap).key == "disk_full" and table_stopped(snap)
        levels = [(e.payload["level"], e.payload["free_bytes"]) for e in table.journal.events(kinds={"disk_space"})]
        assert [level for level, _ in levels] == ["warning", "halt"]  # the screen and the pit were told first
        assert levels[0][1] < warn_bytes and levels[1][1] < halt_bytes
        # It stopped with room to spare: the biggest round this disk saw fits ten times over, though that one was
        # measured while SQLite's write-ahead log was still growing (its pages are reused once it is full).
        assert rounds >= 10 and biggest > 0
        assert left >= 10 * biggest, (left, biggest)
        assert table.journal.verify().ok
        filler.unlink()  # a technician frees space: the table plays again, no supervisor needed
        station.watch_disk()
        assert table.session.view().state.disk == "ok"
        table.play_round()
    finally:
        table.close()


class FakeStatvfs:
    """A filesystem with ``free`` bytes (blocks of 4096), or one that cannot be asked (``free`` None)."""

    def __init__(self) -> None:
        self.free: int | None = 0

    def __call__(self, path: Path) -> os.statvfs_result:
        if self.free is None:
            raise OSError(5, "Input/output error")
        blocks = self.free // 4096
        return os.statvfs_result((4096, 4096, 10**6, blocks, blocks, 1000, 1000, 1000, 0, 255))


def test_levels_leave_a_threshold_only_past_a_margin_and_an_unreadable_disk_halts() -> None:
    fs = FakeStatvfs()
    watch = DiskWatch(Path("/journal"), warn_bytes=1_000_000, halt_bytes=400_000, statvfs=fs)
    seen = []
    known = "ok"
    for free_bytes in (2_000_000, 999_424, 1_024_000, 1_064_960, 393_216, 409_600, 425_984, 1_052_672, None):
        fs.free = free_bytes
        report = watch.check(known)
        if report is not None:
            known = report.level
            seen.append((free_bytes, report.level))
    # 1,024,000 is above the warning threshold but inside its 5% margin (1,050,000): still a warning;
    # 409,600 likewise inside the halt's (420,000); an unreadable filesystem is a full one (never fails open)
    assert seen == [(999_424, "warning"), (1_064_960, "ok"), (393_216, "halt"), (425_984, "warning"),
                    (1_052_672, "ok"), (None, "halt")]
    # pages the journal file frees by archiving are room too (its appends reuse them first): 409,600 bytes on the
    # disk alone stay a halt; with 600,000 inside the file it is 1,009,600, a warning (within the 5% margin)
    fs.free = 409_600
    assert watch.check("halt") is None
    with_pages = DiskWatch(Path("/journal"), 1_000_000, 400_000, statvfs=fs, reusable=lambda: 600_000)
    report = with_pages.check("halt")
    assert report is not None and (report.level, report.free_bytes) == ("warning", 1_009_600)


def test_thresholds_out_of_order_are_refused_in_one_line() -> None:
    from dealer_station.config import DiskConfig
    from dealer_station.errors import ConfigError

    with pytest.raises(ValueError, match="halt_rounds 500 must be below warn_rounds 400"):
        DiskConfig(warn_rounds=400, halt_rounds=500)
    with pytest.raises(ConfigError, match="must be below"):
        DiskWatch.for_journal(Path("/journal/j.sqlite"), 10, 10)


def test_the_croupier_and_the_pit_are_told_and_no_round_opens_at_the_halt(tmp_path: Path) -> None:
    """Without root (no tmpfs): the same path with a filesystem whose free space the test sets."""
    table = Table(tmp_path / "journal.sqlite")
    station = Station(table.table, journal_path=tmp_path / "journal.sqlite", drivers={})
    station.session, station.journal = table.session, table.journal
    fs = FakeStatvfs()
    station.disk_watch = DiskWatch(tmp_path, warn_bytes=8_192_000, halt_bytes=4_096_000, statvfs=fs)
    try:
        fs.free = 6_000_000 // 4096 * 4096
        station.watch_disk()
        snap = table.session.view()
        assert banner(snap).key == "disk_low" and not table_stopped(snap)
        table.play_round()  # a warning stops nothing
        fs.free = 4_000_000 // 4096 * 4096
        station.watch_disk()
        snap = table.session.view()
        assert "open_round" not in snap.offer.croupier and table_stopped(snap)
        with pytest.raises(RuleError) as refused:
            table.session.execute("open_round")
        assert refused.value.key == "disk_full" and refused.value.field == "disk"
        station.watch_disk()  # the same level: nothing more journaled
        fs.free = 9_000_000 // 4096 * 4096
        station.watch_disk()
        table.play_round()
        records = [(e.payload["level"], e.payload["free_bytes"], e.actor)
                   for e in table.journal.events(kinds={"disk_space"})]
        assert records == [("warning", 5_996_544, "station"), ("halt", 3_997_696, "station"),
                           ("ok", 8_998_912, "station")]
    finally:
        table.close()


def test_the_pit_sees_the_table_stopped_by_its_disk(tmp_path: Path, pg_server: Any) -> None:
    """The disk_space records reach the floor like any other; the pit's tile of that table says HALTED with the
    disk's words while no round can open, and goes back to between rounds once space is freed."""
    from zoneinfo import ZoneInfo

    from dealer_station.floor.forwarder import Forwarder
    from dealer_station.pit.live import DISK_FULL, FloorLive
    from dealer_station.shifts import DEFAULT_SHIFTS
    from tests.floor.conftest import new_floor

    floor = new_floor(pg_server)
    table = Table(tmp_path / "journal.sqlite")
    station = Station(table.table, journal_path=tmp_path / "journal.sqlite", drivers={})
    station.session, station.journal = table.session, table.journal
    fs = FakeStatvfs()
    station.disk_watch = DiskWatch(tmp_path, warn_bytes=8_192_000, halt_bytes=4_096_000, statvfs=fs)
    live = FloorLive(floor.report_url, tz=ZoneInfo("UTC"), shifts=DEFAULT_SHIFTS, poll=0.1).start()
    try:
        with Forwarder(table.journal, floor.station_url, "T1", backoff_cap=0.2) as forwarder:
            table.play_round()
            fs.free = 4_000_000 // 4096 * 4096
            station.watch_disk()
            assert forwarder.wait_acknowledged(30)
            tile = wait_until(lambda: (lambda t: t if t is not None and t.halted else None)(live.tile("T1")))
            assert (tile.halt_text, tile.disk) == (DISK_FULL, "halt")
            fs.free = 9_000_000 // 4096 * 4096
            station.watch_disk()
            assert forwarder.wait_acknowledged(30)
            tile = wait_until(lambda: (lambda t: t if t is not None and t.disk == "ok" else None)(live.tile("T1")))
            assert not tile.halted and tile.between_rounds
    finally:
        live.stop()
        table.close()


def wait_until(probe: Any, timeout: float = 15.0) -> Any:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = probe()
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError("the pit never showed it")
