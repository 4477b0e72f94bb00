"""Connections to the floor, and the one-line error every floor problem becomes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors

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


INIT_HINT = "run `dealer-station floor init-roles` (as the floor's owner)"

_NO_SCHEMA = (errors.UndefinedTable, errors.UndefinedFunction, errors.InvalidSchemaName, errors.UndefinedColumn)


def schema_missing(exc: BaseException) -> bool:
    """The floor was never initialised (or is older than this code): not a problem that passes."""
    return isinstance(exc, _NO_SCHEMA)


def floor_problem(exc: psycopg.Error, doing: str) -> FloorError:
    """What a driver error means to whoever ran ``doing``, and what to do: one line."""
    why = one_line(exc)
    if schema_missing(exc):
        return FloorError(f"{doing}: the floor has no floor schema or an older one ({why}): {INIT_HINT}", "floor")
    if isinstance(exc, errors.InsufficientPrivilege):
        return FloorError(f"{doing}: this login may not do it ({why}): the station role only sends journals and the "
                          "report role only reads: give the URL of the role that may", "floor")
    if isinstance(exc, errors.QueryCanceled):
        return FloorError(f"{doing}: the floor cancelled the query ({why}): is a statement_timeout in the URL or the "
                          "role's settings too short for it?", "floor")
    if isinstance(exc, psycopg.OperationalError):
        return FloorError(f"{doing}: lost the floor ({why})", "floor")
    return FloorError(f"{doing}: the floor refused it ({why})", "floor")


@contextmanager
def reading(url: str, doing: str, **kwargs: Any) -> Iterator[psycopg.Connection[Any]]:
    """A connection whose every driver error becomes ``floor_problem``'s one line."""
    with connect(url, **kwargs) as conn:
        try:
            yield conn
        except psycopg.Error as exc:
            raise floor_problem(exc, doing) from None


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
