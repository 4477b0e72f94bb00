"""Read-only storage for tests, made real: a read-only bind mount, or file modes.

Root ignores file modes, and CI runs as root, so as root a command is run inside a
private mount namespace (``unshare``) where the given paths are bind-mounted read-only:
the kernel then answers EROFS to every write, exactly as on a read-only mount. As any
other user, ``chmod a-w`` does the same job.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import stat
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest


def snapshot(folder: Path) -> dict[str, str]:
    """Every file in ``folder`` with the sha256 of its bytes: a listing that sees any change."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def _can_unshare() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, timeout=30)
    return probe.returncode == 0


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "dealer_station", *args]


def run_read_only(read_only: Sequence[Path], argv: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with every path in ``read_only`` (files or folders) unwritable to it."""
    env = {**os.environ, "DEALER_STATION_LOG_LEVEL": "error"}
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in read_only}
        try:
            for p in read_only:
                p.chmod(modes[p] & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
            return subprocess.run(list(argv), capture_output=True, text=True, timeout=120, env=env)
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
    if not _can_unshare():
        pytest.skip("running as root without unshare: cannot make storage read-only")
    mounts = " && ".join(f"mount --bind {shlex.quote(str(p))} {shlex.quote(str(p))} && "
                         f"mount -o remount,ro,bind {shlex.quote(str(p))}" for p in read_only)
    script = f'{mounts} && exec "$@"'
    return subprocess.run(["unshare", "-rm", "sh", "-c", script, "sh", *argv], capture_output=True, text=True,
                          timeout=120, env=env)
