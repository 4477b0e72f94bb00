"""What a pit page says when the floor database cannot answer: one readable sentence, never the driver's text.

A driver message names sockets, hosts, paths and SQL (``connection to server on socket
"/run/postgresql/.s.PGSQL.5432" failed: ...``): useful in the server's log, no business of a
supervisor's screen, and a map of the installation for whoever reads it over a shoulder. Every
page, the live floor's banner and the integrity page say ``floor_trouble(exc)``; the log keeps the
driver's first line.
"""

from __future__ import annotations

import psycopg
import psycopg_pool
from psycopg import errors

from ..floor.db import FloorError

UNREACHABLE = "The floor database cannot be reached."
SLOW = "The floor database did not answer in time."
REFUSED = "The floor database refused the request (the server's log says why)."
AGAIN = "The pages show the floor again by themselves when it is back."

CONNECT_TIMEOUT = 3
"""Seconds a pit connection may take to open (a dead host is reported, not waited for)."""
KEEPALIVE: dict[str, object] = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2,
                                "keepalives_count": 2, "tcp_user_timeout": 10_000}
"""TCP keepalives: a floor server that vanished from the network (no reset) is noticed in about ten
seconds instead of the kernel's two hours (libpq ignores them on a Unix socket)."""


def floor_trouble(exc: BaseException) -> str:
    """The sentence a page shows for a floor failure (``exc`` goes to the log, not to the page)."""
    if isinstance(exc, errors.QueryCanceled):
        return SLOW
    if isinstance(exc, (psycopg_pool.PoolTimeout, psycopg.OperationalError, FloorError)):
        return UNREACHABLE
    return REFUSED


def is_floor_trouble(exc: BaseException) -> bool:
    """A failure of the floor itself (not of the request's parameters)."""
    return isinstance(exc, psycopg.Error) or (
        isinstance(exc, FloorError) and str(exc).startswith("cannot connect to the floor"))
