"""Run ``dealer-station`` in the test's own process: the real ``main(argv)``, 50 ms a call
instead of the 2.5 s of a new interpreter.

``run`` takes the arguments ``subprocess.run`` takes and returns what it returns. A command
line of the form ``[sys.executable, "-m", "dealer_station", ...]`` runs in-process with its
standard input, output and error, environment and working directory swapped in for the
call; anything else (and any call with ``in_process=False``) is a real subprocess. The
smoke tests that are about the process itself (exit status from the interpreter, a
traceback never printed, a closed stdout, SIGKILL, another process holding a lock) keep
real subprocesses.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import structlog

_lock = threading.Lock()
PYTHON_M = (sys.executable, "-m", "dealer_station")


def is_cli(cmd: Sequence[str] | str) -> bool:
    return not isinstance(cmd, str) and tuple(str(c) for c in cmd[:3]) == PYTHON_M


def run(cmd: Sequence[Any], *, input: str | None = None, capture_output: bool = False, text: bool = True,
        cwd: str | Path | None = None, env: Mapping[str, str] | None = None, timeout: float | None = None,
        check: bool = False, stdout: Any = None, stderr: Any = None, in_process: bool = True,
        **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``subprocess.run`` for the station's CLI, in-process when ``cmd`` is ``python -m dealer_station``."""
    real_stdout = stdout not in (None, subprocess.PIPE)  # a file the test gave (/dev/full): the process's own
    if not in_process or not is_cli(cmd) or not text or real_stdout or kwargs:
        return subprocess.run(list(cmd), input=input, capture_output=capture_output, text=text, cwd=cwd, env=env,
                              timeout=timeout, check=check, stdout=stdout, stderr=stderr, **kwargs)
    argv = [str(c) for c in cmd[3:]]
    code, out, err = main_in_process(argv, stdin=input, cwd=cwd, env=env)
    done = subprocess.CompletedProcess(list(cmd), code, out, err)
    if check:
        done.check_returncode()
    return done


def main_in_process(argv: Sequence[str], *, stdin: str | None = None, cwd: str | Path | None = None,
                    env: Mapping[str, str] | None = None) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``dealer-station ARGV`` run by ``cli.main``."""
    from dealer_station.cli import main

    out, err = _stream(), _stream()
    with _lock, _swapped(stdin, out, err, cwd, env):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse: --help, --version, usage errors
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
            if isinstance(exc.code, str):
                err.write(exc.code + "\n")
    return int(code), _text(out), _text(err)


def _stream(data: bytes = b"") -> io.TextIOWrapper:
    """A text stream with a ``buffer`` underneath, as the process's own streams have."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape", newline=None,
                            write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    raw = stream.buffer
    assert isinstance(raw, io.BytesIO)
    return raw.getvalue().decode("utf-8", errors="replace")


@contextlib.contextmanager
def _swapped(stdin: str | None, out: io.TextIOWrapper, err: io.TextIOWrapper, cwd: str | Path | None,
             env: Mapping[str, str] | None) -> Iterator[None]:
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_env = dict(os.environ)
    saved_cwd = os.getcwd()
    saved_log = structlog.get_config()
    sys.stdin = _stream((stdin or "").encode("utf-8"))
    sys.stdout, sys.stderr = out, err
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    if cwd is not None:
        os.chdir(cwd)
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.chdir(saved_cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(saved_env)
        structlog.configure(**saved_log)
