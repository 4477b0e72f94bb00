"""Operational logs: structlog JSON lines on stderr (or a file), carrying table and round id.

stdout stays free for command results (settle, recall, simulate --json). TableSession
loggers bind ``table_id`` and pass ``round_id`` so every device connect, fault, void and
supervisor action can be traced to its round.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from typing import Any, TextIO

import structlog

LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}


class _Dropped:
    """Lines one stream could not take, until it takes one again."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()


class SafePrintLogger(structlog.PrintLogger):
    """A structlog ``PrintLogger`` whose writes never raise.

    A log line that cannot be written (a full disk, a closed or broken stream) is dropped
    and counted, and the count is written as a line of its own once writing works again:
    a log line must never stop a table's event pump or a command in the middle of its work.
    """

    def __init__(self, file: TextIO | None = None, dropped: _Dropped | None = None) -> None:
        super().__init__(file)
        self._dropped = dropped or _Dropped()

    def msg(self, message: str) -> None:
        try:
            owed = self._dropped.count
            if owed:
                super().msg(json.dumps({"event": "log_lines_dropped", "count": owed, "level": "warning"}))
                with self._dropped.lock:
                    self._dropped.count -= owed
            super().msg(message)
        except (OSError, ValueError):
            with self._dropped.lock:
                self._dropped.count += 1

    log = debug = info = warn = warning = msg
    fatal = failure = err = error = critical = exception = msg


class SafePrintLoggerFactory:
    """Makes ``SafePrintLogger``s writing to ``file`` (stderr when none), sharing one drop count."""

    def __init__(self, file: TextIO | None = None) -> None:
        self._file = file
        self._dropped = _Dropped()

    def __call__(self, *args: Any) -> SafePrintLogger:
        return SafePrintLogger(self._file or sys.stderr, self._dropped)


def configure_logging(level: str | None = None, stream: TextIO | None = None) -> None:
    """JSON lines at ``level`` (env ``DEALER_STATION_LOG_LEVEL``, default warning) to ``stream``."""
    name = (level or os.environ.get("DEALER_STATION_LOG_LEVEL") or "warning").lower()
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(sort_keys=False, default=str),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(LEVELS.get(name, logging.WARNING)),
        logger_factory=SafePrintLoggerFactory(stream or sys.stderr),
        cache_logger_on_first_use=False,
    )
