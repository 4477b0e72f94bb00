"""What every page of the pit is given: the ``Pit`` (settings, users, sessions, the live floor,
the floor's read-only connections, the templates) and ``pit_of(request)`` to reach it.

Its own module so that the pages and the application that lists them both import it, and
no page imports the application (``app``): ``app`` alone knows the pages.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from datetime import time as dtime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
from jinja2 import Environment
from markupsafe import Markup
from psycopg_pool import ConnectionPool
from starlette.requests import Request
from starlette.responses import HTMLResponse

from ..shifts import DEFAULT_SHIFTS
from .chains import ChainWatch
from .live import STALE_BETWEEN, STALE_OPEN, FloorLive, Tile
from .outage import CONNECT_TIMEOUT, KEEPALIVE
from .par_keeper import ParKeeper
from .sessions import IDLE, LIFETIME, Session, Sessions
from .shuffle_watch import EVERY as SHUFFLE_EVERY
from .shuffle_watch import WINDOW as SHUFFLE_WINDOW
from .shuffle_watch import ShuffleWatch
from .state import session_key
from .throttle import AddressThrottle
from .users import PitUsers, users_path
from .views import environment
from .web import CookieNames

READ_ONLY: dict[str, Any] = {"options": "-c default_transaction_read_only=on", "connect_timeout": CONNECT_TIMEOUT,
                             **KEEPALIVE}
"""Every connection the page opens is read-only, whatever role the URL names; it gives up quickly
on a floor that does not answer (``outage``)."""
STATEMENT_TIMEOUT = 20.0
"""Seconds a page's query may run (a shift report over ten million events takes about one)."""
POOL_WAIT = 3.0
"""Seconds a page waits for a floor connection; 0.5 while the live floor already knows the floor is down."""
@dataclass(frozen=True)
class PitSettings:
    floor_url: str
    state_dir: Path
    tz: ZoneInfo = field(default_factory=lambda: ZoneInfo("UTC"))
    shifts: tuple[dtime, ...] = DEFAULT_SHIFTS
    par_rounds: int | None = None
    secure_cookies: bool = False
    session_lifetime: float = LIFETIME
    session_idle: float = IDLE
    poll: float = 1.0
    pool_size: int = 8
    stale_open: float = STALE_OPEN
    stale_between: float = STALE_BETWEEN
    statement_timeout: float = STATEMENT_TIMEOUT
    shuffle_every: float = SHUFFLE_EVERY
    shuffle_window: float = SHUFFLE_WINDOW
    clock: Callable[[], float] = time.time


class Pit:
    """Everything a page needs: settings, users, sessions, the live floor, the floor's connections."""

    def __init__(self, settings: PitSettings) -> None:
        self.settings = settings
        self.users = PitUsers(users_path(settings.state_dir), clock=settings.clock)
        self.throttle = AddressThrottle(clock=settings.clock)
        self.sessions = Sessions(session_key(settings.state_dir), self.users, clock=settings.clock,
                                 revoked_path=settings.state_dir / "revoked.json",
                                 lifetime=settings.session_lifetime, idle=settings.session_idle)
        self.cookies = CookieNames(settings.secure_cookies)
        self.live = FloorLive(settings.floor_url, tz=settings.tz, shifts=settings.shifts, poll=settings.poll,
                              clock=settings.clock, connect_kwargs=READ_ONLY, stale_open=settings.stale_open,
                              stale_between=settings.stale_between)
        self.chains = ChainWatch(settings.floor_url, connect_kwargs=READ_ONLY)
        self.shuffles = ShuffleWatch(settings.floor_url, every=settings.shuffle_every, window=settings.shuffle_window,
                                     connect_kwargs=READ_ONLY, clock=settings.clock,
                                     on_alarms=self.live.set_audit_alarms)
        self.live.shuffle_audits = self.shuffles.latest
        self.par = ParKeeper(settings.floor_url, samples=settings.par_rounds, connect_kwargs=READ_ONLY)
        timeout = int(settings.statement_timeout * 1000)
        self.pool = ConnectionPool(
            settings.floor_url, min_size=1, max_size=settings.pool_size, open=False, name="pit-floor",
            kwargs={"autocommit": True, **READ_ONLY, "options": f"{READ_ONLY['options']} -c statement_timeout={timeout}"},
            check=ConnectionPool.check_connection)
        self.templates: Environment = environment(settings.tz, settings.clock)
        self._tiles: dict[str, tuple[int, Markup]] = {}

    def tile_html(self, tile: Tile) -> Markup:
        """A tile's HTML, rendered once per version of the tile (a floor page of 200 tables joins
        200 strings instead of rendering 200 templates; the page's script keeps "ago" times current)."""
        cached = self._tiles.get(tile.table_id)
        if cached is not None and cached[0] == tile.version:
            return cached[1]
        html = Markup(self.templates.get_template("_tile.html").render(tile=tile))
        self._tiles[tile.table_id] = (tile.version, html)
        return html

    def connection(self) -> contextlib.AbstractContextManager[psycopg.Connection[Any]]:
        """A floor connection for a page: checked before use (a server restarted since leaves dead ones),
        waited for a few seconds at most, half a second while the live floor says the floor is down."""
        return self.pool.connection(timeout=0.5 if self.live.down else POOL_WAIT)

    def render(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        session = request.scope.get("state", {}).get("session")
        base = {"session": session, "path": request.url.path, "tile_html": self.tile_html,
                "open_alarm_count": sum(1 for i in self.live.alarm_items() if not i.resolved),
                "now": datetime.fromtimestamp(self.settings.clock(), UTC),
                "post_token": self.sessions.post_token(session) if isinstance(session, Session) else ""}
        html = self.templates.get_template(template).render(**base, **context)
        return HTMLResponse(html, status_code=status)


def pit_of(request: Request) -> Pit:
    pit: Pit = request.app.state.pit
    return pit
