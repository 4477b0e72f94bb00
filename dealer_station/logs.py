"""Operational logs: structlog JSON lines on stderr (or a file), carrying table and round id.

stdout stays free for command results (settle, recall, simulate --json). TableSession
loggers bind ``table_id`` and pass ``round_id`` so every device connect, fault, void and
supervisor action can be traced to its round.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

import structlog

LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}


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
        logger_factory=structlog.PrintLoggerFactory(stream or sys.stderr),
        cache_logger_on_first_use=False,
    )
