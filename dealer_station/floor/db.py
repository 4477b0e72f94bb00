"""Connections to the floor, and the one-line error every floor problem becomes."""

from __future__ import annotations

from typing import Any

import psycopg

from ..errors import DealerStationError

SCHEMA = "floor"
CONNECT_TIMEOUT = 5  # seconds: an unreachable floor is reported, not waited for


class FloorError(DealerStationError):
    """The floor cannot be reached or refused a request (one line, no traceback)."""


def connect(url: str, *, autocommit: bool = False, **kwargs: Any) -> psycopg.Connection[Any]:
    """Open a connection to the floor at ``url`` (a libpq URL), or raise ``FloorError``."""
    if not url:
        raise FloorError("no floor URL (give --floor URL or [floor] url in the profile)", "floor")
    kwargs.setdefault("connect_timeout", CONNECT_TIMEOUT)
    try:
        return psycopg.connect(url, autocommit=autocommit, **kwargs)
    except psycopg.Error as exc:
        raise FloorError(f"cannot connect to the floor: {one_line(exc)}", "floor") from None


def one_line(exc: BaseException) -> str:
    """The first line of a driver error (libpq messages span several lines)."""
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def redact(url: str) -> str:
    """``url`` without its password, for logs and messages."""
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparsable url>"
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))
