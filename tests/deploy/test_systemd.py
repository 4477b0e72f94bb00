"""The shipped unit under the real systemd: the station is started (READY=1), killed (SIGKILL) and hung (SIGSTOP,
so the watchdog fires), and each time systemd brings it back by itself and the round it was in is recovered.

systemd runs as PID 1 of a new PID, mount, UTS, IPC, network and cgroup namespace (``unshare``), as in a
container: its own /run, its own cgroup2 tree (a child of this process's), and only the units of a temporary
folder (``SYSTEMD_UNIT_PATH``), so nothing of the machine's is started or touched. The unit is the shipped
``deploy/systemd/dealer-station.service`` with only what the test machine must change (``unit_for_test``): this
checkout's venv, a temporary var folder, a profile file (``table_profile``), no ``dealer`` user, an offscreen
screen, logs to a file (no journald here) and ``--demo`` instead of ``--kiosk`` so the station plays rounds by
itself; everything systemd decides by (``Type=notify``, ``NotifyAccess``, ``WatchdogSec``, ``Restart``,
``RestartSec``, the timeouts) is the shipped unit's, untouched. Skipped, saying why, where such a systemd cannot start (not root, no systemd, no cgroup2).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from dealer_station.journal import Journal, JournalEvent
from dealer_station.money import parse_money
from tests.deploy.unit_file import unit_settings

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "deploy" / "systemd" / "dealer-station.service"
SYSTEMD = Path("/lib/systemd/systemd")
SERVICE = "dealer-station.service"
TARGET = "dealer-station-test.target"
ENDS = {"round_paid", "round_voided"}
"""The records that close a round: after either, the round is over (paid, or every stake returned)."""

T = TypeVar("T")

# What the test machine changes in the shipped unit, each a (pattern, replacement) that must match:
# the table PC's paths become this checkout's venv and a temporary var folder.
REWRITES: tuple[tuple[str, str], ...] = (
    (r"/opt/dealer-station/venv/bin/", "{bin}/"),
    (r"/etc/dealer-station/table\.toml", "{profile}"),  # uth-default's, on its simulated shuffler and reader
    (r"/var/lib/dealer-station", "{var}"),
    (r" --kiosk ", " --demo --step-ms 150 "),  # the demo's croupier plays rounds (a kiosk waits for a hand)
    (r"QT_QPA_PLATFORM=eglfs", "QT_QPA_PLATFORM=offscreen"),  # no display here
    (r"=journal$", "=append:{log}"),  # no journald in the namespace: the station's JSON lines to a file
)
DROPPED = ("User", "Group", "SupplementaryGroups", "StateDirectory", "StateDirectoryMode")
"""No ``dealer`` user on the test machine (it runs as root), and the state directory is the temporary var folder."""
KEPT = ("Type", "NotifyAccess", "WatchdogSec", "TimeoutStartSec", "TimeoutStopSec", "Restart", "RestartSec")
"""The settings the behaviour under test comes from: the test's unit has them exactly as shipped."""


def table_profile(folder: Path) -> Path:
    """The table's profile file: ``uth-default``'s, its simulated shuffler dealing a card each 0.1 s (at its own
    pace a deal lasts some milliseconds, too short to stop the station in it)."""
    text = (REPO / "config" / "uth-default.toml").read_text(encoding="utf-8")
    programs = REPO / "config" / "programs"  # the simulators' approved programs, beside the profile it copies
    text, count = re.subn(r'^\[devices\]\nshuffler = "sim://shuffler"$',
                          f'[devices]\nprograms = "{programs}"\nshuffler = "sim://shuffler?delay=0.1"', text,
                          flags=re.MULTILINE)
    assert count == 1, "uth-default no longer has a simulated shuffler: update table_profile"
    profile = folder / "table.toml"
    profile.write_text(text, encoding="utf-8")
    return profile


def unit_for_test(text: str, venv_bin: Path, var: Path, log: Path, profile: Path) -> str:
    """The shipped unit as the test namespace runs it (``REWRITES``, ``DROPPED``); every rewrite must apply, so a
    changed unit fails here instead of testing something else."""
    lines = [line for line in text.splitlines() if line.split("=", 1)[0].strip() not in DROPPED]
    out = "\n".join(lines) + "\n"
    for pattern, replacement in REWRITES:
        new = replacement.format(bin=venv_bin, var=var, log=log, profile=profile)
        out, count = re.subn(pattern, new.replace("\\", "\\\\"), out, flags=re.MULTILINE)
        assert count, f"the shipped unit no longer has {pattern!r}: update REWRITES"
    return out


SPAN_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0, "h": 3600.0, "": 1.0}


def seconds(span: str) -> float:
    """A systemd time span (``10``, ``10s``, ``1min 30s``, ``500ms``) in seconds (a bare number is seconds)."""
    parts = re.findall(r"(\d+(?:\.\d+)?)\s*([a-z]*)", span)
    assert parts and all(unit in SPAN_UNITS for _n, unit in parts), f"not a time span: {span!r}"
    return sum(float(number) * SPAN_UNITS[unit] for number, unit in parts)


def wait_for(what: str, probe: Callable[[], T | None], timeout: float, step: float = 0.2) -> T:
    """``probe()``'s first truthy value within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(step)


def cgroup2_root() -> Path | None:
    """Where this machine mounts the cgroup2 hierarchy (``/sys/fs/cgroup`` or a hybrid's ``unified``)."""
    for line in Path("/proc/self/mounts").read_text().splitlines():
        fields = line.split()
        if fields[2] == "cgroup2":
            return Path(fields[1])
    return None


def why_no_systemd() -> str | None:
    """Why this machine cannot run systemd in a namespace of its own (None: it can try)."""
    if os.geteuid() != 0:
        return "needs root (to create PID/mount/cgroup namespaces and mount /run and cgroup2 in them)"
    if not SYSTEMD.exists():
        return f"{SYSTEMD} is not installed"
    for tool in ("unshare", "nsenter", "mount"):
        if shutil.which(tool) is None:
            return f"{tool} (util-linux) is not installed"
    if cgroup2_root() is None:
        return "no cgroup2 hierarchy is mounted (systemd needs one to track the service's processes)"
    return None


class Manager:
    """systemd as PID 1 of namespaces of its own, managing only the units of ``folder/units``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.units = folder / "units"
        self.units.mkdir()
        for target in (TARGET, "sysinit.target", "basic.target"):  # a service's default dependencies: here, empty
            (self.units / target).write_text("[Unit]\nDefaultDependencies=no\n")
        root = cgroup2_root()
        assert root is not None
        own = Path("/proc/self/cgroup").read_text().splitlines()[-1].split("::", 1)[1].lstrip("/")
        self.cgroup = root / own / f"dealer-station-test-{os.getpid()}"
        self.pid = 0
        self.unshare: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Boot it (its own /run, cgroup2 and loopback), or skip the test saying what failed."""
        try:
            self.cgroup.mkdir()
        except OSError as exc:
            pytest.skip(f"cannot create a cgroup for the test's systemd in {self.cgroup.parent}: {exc}")
        boot = self.folder / "boot.sh"
        boot.write_text(
            "set -e\n"
            "mount --make-rprivate /\n"
            "mount -t tmpfs -o mode=755 tmpfs /run\n"
            "umount -R /sys/fs/cgroup\n"
            "mount -t cgroup2 cgroup2 /sys/fs/cgroup\n"
            "ip link set lo up 2>/dev/null || true\n"
            f"exec env -i container=dealer-station-test SYSTEMD_UNIT_PATH={self.units} "
            "PATH=/usr/sbin:/usr/bin:/sbin:/bin "
            f"{SYSTEMD} --system --unit={TARGET} --log-target=console --log-level=notice\n")
        log = (self.folder / "systemd.log").open("wb")
        self.unshare = subprocess.Popen(
            ["sh", "-c", f'echo $$ > {self.cgroup}/cgroup.procs && exec unshare --pid --fork --mount --uts --ipc '
                         f'--net --cgroup --mount-proc sh {boot}'], stdout=log, stderr=subprocess.STDOUT)
        log.close()
        children = Path(f"/proc/{self.unshare.pid}/task/{self.unshare.pid}/children")
        try:
            self.pid = wait_for("systemd's process", lambda: self._child(children), 10, 0.05)
            wait_for("systemd running", lambda: self.systemctl("is-system-running").stdout.strip()
                     in ("running", "degraded"), 20)
        except AssertionError as exc:
            out = (self.folder / "systemd.log").read_text(errors="replace").strip().splitlines()[-3:]
            self.close()
            pytest.skip(f"systemd could not start in a namespace of its own ({exc}): {' | '.join(out)}")

    def _child(self, children: Path) -> int:
        if self.unshare is not None and self.unshare.poll() is not None:
            raise AssertionError(f"unshare exited with {self.unshare.returncode}")
        try:
            text = children.read_text().split()
        except OSError:
            return 0
        return int(text[0]) if text else 0

    def systemctl(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        """``systemctl`` against this systemd (entering its namespaces, as a technician's shell on the PC)."""
        return subprocess.run(["nsenter", "-t", str(self.pid), "-m", "-p", "systemctl", "--no-pager", *args],
                              capture_output=True, text=True, timeout=timeout, check=False)

    def show(self, unit: str) -> dict[str, str]:
        """The unit's properties systemd reports (``systemctl show``)."""
        out = self.systemctl("show", unit).stdout
        return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)

    def close(self) -> None:
        """End every process of the namespace (SIGKILL to its PID 1 does that) and remove its cgroups."""
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.unshare is not None:
            self.unshare.wait(10)
        if self.cgroup.exists():
            cgroups = [p for p in self.cgroup.rglob("*") if p.is_dir()]
            for path in sorted(cgroups, key=lambda p: len(p.parts), reverse=True) + [self.cgroup]:
                wait_for(f"{path} emptied", functools.partial(_removed, path), 5, 0.05)


def _removed(cgroup: Path) -> bool:
    """Remove an empty cgroup (busy while the kernel still reaps its processes)."""
    try:
        cgroup.rmdir()
    except OSError:
        return False
    return True


@pytest.fixture
def manager(tmp_path: Path) -> Iterator[Manager]:
    if (reason := why_no_systemd()) is not None:
        pytest.skip(reason)
    started = Manager(tmp_path)
    started.start()
    try:
        yield started
    finally:
        started.close()


def events(path: Path) -> list[JournalEvent]:
    with Journal.open_readonly(path) as journal:
        return list(journal.events())


def round_in_progress(records: list[JournalEvent]) -> tuple[str, list[JournalEvent]] | None:
    """The last round opened and not ended in ``records``, with its records; None when none is open."""
    opened = [e for e in records if e.kind == "round_opened"]
    if not opened:
        return None
    round_id = opened[-1].round_id
    assert round_id is not None
    own = [e for e in records if e.round_id == round_id]
    return None if any(e.kind in ENDS for e in own) else (round_id, own)


def in_deal(own: list[JournalEvent]) -> bool:
    """The round's shoe deal has started and no phase followed it (the shuffler is still dealing its packets)."""
    kinds = [e.kind for e in own]
    return "deal_started" in kinds and "phase" not in kinds[kinds.index("deal_started"):]


def playing(journal: Path, dealing: bool) -> str | None:
    """The round in progress if it is in the first half of its deal (``dealing``: a stop now lands in the deal)
    or past its deal, in a phase of its own; else None."""
    current = round_in_progress(events(journal))
    if current is None:
        return None
    round_id, own = current
    if not dealing:
        return round_id if any(e.kind == "phase" for e in own) else None
    if not in_deal(own):
        return None
    plan = next(e for e in own if e.kind == "deal_started").payload["packets"]
    dealt = sum(e.kind == "card_dealt" for e in own)
    return round_id if dealt < sum(count for _position, count in plan) / 2 else None


def interrupted_round_ended(journal: Path, starts: int) -> bool:
    """The station has started ``starts`` times and the round its last restart interrupted has ended since."""
    records = events(journal)
    restarts = [e.seq for e in records if e.kind == "station_started"]
    if len(restarts) < starts:
        return False
    current = round_in_progress([e for e in records if e.seq < restarts[starts - 1]])
    return current is None or any(e.round_id == current[0] and e.kind in ENDS for e in records)


def check_recovered(records: list[JournalEvent], restart: int) -> str:
    """The round the station was in when it died (the journal before the ``restart``-th record) ended by the
    recovery rule, before any other round opened: a deal in progress voided (``station_restart``), any other
    phase resumed where it was (no seat decides a street twice) and paid. Says which."""
    current = round_in_progress([e for e in records if e.seq < restart])
    assert current is not None, "no round was in progress when the station died"
    round_id, before = current
    after = [e for e in records if e.seq > restart and (e.round_id == round_id or e.kind == "round_opened")]
    end = next(e for e in after if e.kind in ENDS or e.kind == "round_opened")
    assert end.round_id == round_id and end.kind in ENDS, f"{round_id} was not ended before {end.round_id} opened"
    if in_deal(before):
        assert end.kind == "round_voided" and end.payload["cause"] == "station_restart", end
        assert after[0] is end and end.seq == restart + 1, "voided at the restart, before anything else"
        staked = next(e for e in before if e.kind == "no_more_bets").payload["stakes"]
        assert {seat: parse_money(v, "returned") for seat, v in end.payload["returned"].items()} == \
            {seat: parse_money(v, "stakes") for seat, v in staked.items()}, "every stake returned"
        return "voided"
    assert end.kind == "round_paid", end
    # where it was: nothing the round had done before the restart is done again after it
    steps = [(e.kind, e.payload.get("phase"), e.payload.get("seat"), e.payload.get("street"),
              e.payload.get("position"), e.payload.get("index"))
             for e in before + after if e.kind in ("phase", "decision", "card_revealed")]
    assert len(steps) == len(set(steps)), steps
    return "resumed"


@pytest.mark.slow(seconds=25)  # a station started three times and a 10 s watchdog (~35 s)
def test_systemd_restarts_a_killed_and_a_hung_station_and_the_round_is_recovered(
        manager: Manager, tmp_path: Path) -> None:
    var = tmp_path / "var"
    var.mkdir(mode=0o700)
    journal = var / "journal.sqlite"
    shipped = UNIT.read_text()
    unit = unit_for_test(shipped, Path(sys.executable).parent, var, tmp_path / "station.log", table_profile(tmp_path))
    assert {k: unit_settings(unit)[k] for k in KEPT} == {k: unit_settings(shipped)[k] for k in KEPT}
    (manager.units / SERVICE).write_text(unit)
    manager.systemctl("daemon-reload")

    started = manager.systemctl("start", SERVICE, timeout=120)  # returns once the station said READY=1
    assert started.returncode == 0, started.stderr
    first = manager.show(SERVICE)
    assert (first["ActiveState"], first["SubState"], first["NRestarts"]) == ("active", "running", "0")
    assert "T1" in first["StatusText"], first["StatusText"]  # the STATUS= the station sent with its READY=1
    watchdog = seconds(first["WatchdogUSec"])  # what systemd took from the unit
    assert watchdog == seconds(unit_settings(shipped)["WatchdogSec"][-1]) > 0
    # systemd stamps READY=1 and then each WATCHDOG=1 it receives: the station feeds it (a quarter interval apart)
    ready_stamp = int(first["WatchdogTimestampMonotonic"])

    def fed_since_ready() -> dict[str, str] | None:
        now = manager.show(SERVICE)
        return now if int(now["WatchdogTimestampMonotonic"]) > ready_stamp else None

    fed = wait_for("a WATCHDOG=1 after READY=1", fed_since_ready, watchdog / 2, 0.1)
    assert fed["MainPID"] == first["MainPID"] and fed["NRestarts"] == "0"

    def restarted(previous_pid: str, restarts: int, results: list[str]) -> dict[str, str] | None:
        now = manager.show(SERVICE)
        results.append(now.get("Result", ""))
        if now["NRestarts"] == str(restarts) and now["ActiveState"] == "active" and now["MainPID"] != previous_pid:
            return now
        return None

    # SIGKILL while the players decide: systemd restarts it (Restart=on-failure), the round resumes
    wait_for("a round past its deal", lambda: playing(journal, dealing=False), 30, 0.1)
    assert manager.systemctl("kill", "-s", "SIGKILL", SERVICE).returncode == 0
    results: list[str] = []
    second = wait_for("the restart after SIGKILL", lambda: restarted(first["MainPID"], 1, results), 40)
    assert "signal" in results, results  # seen failing by the signal, then started again

    # SIGSTOP while the shuffler deals: no WATCHDOG=1 within WatchdogSec, systemd aborts and restarts it
    wait_for("a round in its deal", lambda: playing(journal, dealing=True), 30, 0.05)
    assert manager.systemctl("kill", "-s", "SIGSTOP", SERVICE).returncode == 0
    hung_at = time.monotonic()
    results = []
    third = wait_for("the restart after SIGSTOP", lambda: restarted(second["MainPID"], 2, results), 60)
    assert "watchdog" in results, results
    assert time.monotonic() - hung_at > watchdog * 3 / 4  # pinged every quarter interval: no kill before 3/4
    wait_for("the end of the round the watchdog interrupted", lambda: interrupted_round_ended(journal, 3), 30)

    stopped = manager.systemctl("stop", SERVICE, timeout=60)
    assert stopped.returncode == 0 and manager.show(SERVICE)["ActiveState"] == "inactive", stopped.stderr
    assert len({first["MainPID"], second["MainPID"], third["MainPID"]}) == 3

    # The journal: three starts; the round each restart interrupted ended by the recovery rule; the chain verifies
    records = events(journal)
    starts = [e.seq for e in records if e.kind == "station_started"]
    assert len(starts) == 3, starts
    assert check_recovered(records, starts[1]) == "resumed"  # killed past the deal: nothing in it was lost
    assert check_recovered(records, starts[2]) == "voided"  # stopped in the deal: its shoe position is lost
    with Journal.open_readonly(journal) as reader:
        result = reader.verify()
    assert result.ok and result.checked == len(records), result
