"""A real, throwaway PostgreSQL server for tests and benchmarks.

``initdb`` into a fresh temporary directory, listen on a Unix socket only, run as the
unprivileged ``postgres`` user when we are root (PostgreSQL refuses to run as root), stop
at the end. No password anywhere: local socket connections use ``trust`` inside the
throwaway cluster. Missing binaries are an error, not a skip: CI has them.

Reused by the floor tests (``tests/floor/conftest.py``) and the pit web page's tests.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

PG_BIN = Path(os.environ.get("DEALER_STATION_PG_BIN", "/usr/lib/postgresql/15/bin"))
SERVICE_USER = "postgres"


class PostgresServer:
    """One cluster in a temporary directory; ``url(user, db)`` gives libpq URLs to it."""

    def __init__(self, *, settings: dict[str, str] | None = None, standby_of: PostgresServer | None = None,
                 keep: Path | None = None) -> None:
        """``keep``: a directory whose cluster outlives the object (a benchmark's cached floor): made on
        first use, started as it is afterwards."""
        for tool in ("initdb", "pg_ctl", "postgres"):
            if not (PG_BIN / tool).is_file():
                raise RuntimeError(f"PostgreSQL binary {PG_BIN / tool} not found: install postgresql-15 "
                                   f"(or set DEALER_STATION_PG_BIN)")
        self.keep = keep is not None
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
        self.root = keep or Path(tempfile.mkdtemp(prefix="dspg-"))  # short: socket paths are limited to ~100 bytes
        self.data = self.root / "data"
        self.socket_dir = self.root
        self.log = self.root / "server.log"
        self.settings = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{self.socket_dir}'",
            "fsync": "off",  # a killed server keeps what it wrote (OS cache); only a power cut needs fsync
            "max_connections": "200",
            "shared_buffers": "128MB",
            **(settings or {}),
        }
        self._as_service = os.geteuid() == 0
        if self._as_service:
            entry = pwd.getpwnam(SERVICE_USER)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self.superuser = SERVICE_USER if self._as_service else pwd.getpwuid(os.geteuid()).pw_name
        if (self.data / "PG_VERSION").is_file():  # a kept cluster, made before
            return
        if standby_of is None:
            self._run([str(PG_BIN / "initdb"), "-D", str(self.data), "-E", "UTF8", "--locale=C",
                       "-A", "trust", "-U", self.superuser, "--no-sync"])
        else:  # PostgreSQL's own streaming replication: a base backup that follows the primary (-R)
            self._run([str(PG_BIN / "pg_basebackup"), "-D", str(self.data), "-h", str(standby_of.socket_dir),
                       "-U", standby_of.superuser, "-X", "stream", "-R", "--no-sync", "--checkpoint=fast"])
            (self.data / "postmaster.pid").unlink(missing_ok=True)
        with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            for key, value in self.settings.items():
                conf.write(f"{key} = {value}\n")

    # ---------------------------------------------------------------- processes

    def _cmd(self, args: list[str]) -> list[str]:
        return ["runuser", "-u", SERVICE_USER, "--", *args] if self._as_service else args

    def _run(self, args: list[str]) -> None:
        done = subprocess.run(self._cmd(args), capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")

    def start(self, timeout: float = 30.0) -> None:
        self._run([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w",
                   "-t", str(int(timeout)), "start"])

    def stop(self) -> None:
        if self.postmaster_pid() is not None:
            self._run([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"])

    def promote(self) -> None:
        """Make a hot standby the primary (``pg_ctl promote``), waiting until it takes writes."""
        self._run([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-w", "promote"])

    def postmaster_pid(self) -> int | None:
        pidfile = self.data / "postmaster.pid"
        try:
            pid = int(pidfile.read_text().splitlines()[0])
        except (OSError, ValueError, IndexError):
            return None
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        return pid

    def kill(self) -> None:
        """SIGKILL the postmaster, as a crash would; its backends die with it."""
        pid = self.postmaster_pid()
        if pid is None:
            return
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        # Orphaned backends notice the dead postmaster and exit; wait until none holds shared memory.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self._backends_alive():
            time.sleep(0.05)

    def _backends_alive(self) -> bool:
        done = subprocess.run(["pgrep", "-f", f"postgres.*{self.data}|postgres: "], capture_output=True, text=True)
        mine = []
        for pid in done.stdout.split():
            try:
                cwd = os.readlink(f"/proc/{pid}/cwd")
            except OSError:
                continue
            if cwd == str(self.data):
                mine.append(pid)
        return bool(mine)

    def restart_after_crash(self) -> None:
        """Start again after ``kill``: PostgreSQL replays its WAL (crash recovery)."""
        (self.data / "postmaster.pid").unlink(missing_ok=True)
        self.start()

    @classmethod
    @contextlib.contextmanager
    def running(cls, *, settings: dict[str, str] | None = None, keep: Path | None = None) -> Iterator[PostgresServer]:
        """A started server, stopped and its directory removed (unless ``keep``) when the block ends."""
        server = cls(settings=settings, keep=keep)
        server.start()
        try:
            yield server
        finally:
            server.cleanup()

    def cleanup(self) -> None:
        try:
            self.stop()
        finally:
            if not self.keep:
                shutil.rmtree(self.root, ignore_errors=True)

    # ---------------------------------------------------------------- connections

    def url(self, user: str | None = None, dbname: str = "postgres") -> str:
        """A libpq URL over the Unix socket (host given as a percent-encoded path)."""
        who = quote(user or self.superuser)
        return f"postgresql://{who}@{quote(str(self.socket_dir), safe='')}/{dbname}"

    def create_database(self, name: str) -> str:
        """A fresh database; returns the superuser URL to it."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(dbname=name)
