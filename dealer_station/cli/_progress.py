"""Progress of long work: one line on a terminal, rewritten in place; nothing in a pipe or a file.

An error is one line on stderr (the rule every command keeps), also after minutes of progress: so
progress is shown only where it can be taken back - a terminal's stderr, where the line is rewritten
in place and erased before the error is printed (``cli.main`` calls ``erase``). Output on stdout
first ends the progress line (``end_line``), so the last progress line stays above the result. In a
pipe, a file or a test's captured stream, stderr carries nothing but a failure's one line.
"""

from __future__ import annotations

import shutil
import sys
import threading
import time

_ERASE = "\r\x1b[K"  # carriage return, erase to the end of the line
_lock = threading.Lock()
_live = False
"""A progress line is on the terminal and has not been ended."""


def _terminal() -> bool:
    try:
        return bool(sys.stderr.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def show(line: str) -> None:
    """Put ``line`` on the terminal in place of the last progress line (cut to the terminal's width)."""
    global _live
    if not _terminal():
        return
    width = max(20, shutil.get_terminal_size((100, 24)).columns - 1)
    with _lock:
        try:
            sys.stderr.write(_ERASE + (line if len(line) <= width else line[: width - 1] + "…"))
            sys.stderr.flush()
        except (OSError, ValueError):
            return
        _live = True


def end_line() -> None:
    """End the progress line (it stays on the terminal): before anything else is printed."""
    _finish("\n")


def erase() -> None:
    """Take the progress line off the terminal: before an error's one line."""
    _finish(_ERASE)


def _finish(text: str) -> None:
    global _live
    with _lock:
        if not _live:
            return
        _live = False
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


class Progress:
    """``progress(message)``: "<command>: [  3.2 s] message", shown as above (``enabled=False``: never)."""

    def __init__(self, command: str, enabled: bool = True, *, clock: bool = True) -> None:
        self.command = command
        self.enabled = enabled
        self.clock = clock
        self.started = time.monotonic()

    def __call__(self, message: str) -> None:
        if self.enabled:
            elapsed = f"[{time.monotonic() - self.started:5.1f} s] " if self.clock else ""
            show(f"{self.command}: {elapsed}{message}")
