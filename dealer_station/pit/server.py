"""Serving the pit's page with uvicorn: loopback unless told otherwise, TLS when given a certificate."""

from __future__ import annotations

import errno
import ipaddress
import socket
from collections.abc import Callable
from pathlib import Path

import structlog

from ..errors import ConfigError, DealerStationError
from .app import create_app
from .page import PitSettings

log = structlog.get_logger("dealer_station.pit.server")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """The page's socket, bound before anything is said or served: a port another program holds, or an
    address this machine does not have, is one line (uvicorn would print its own error after "serving")."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise ConfigError(f"cannot listen on {host}: {getattr(exc, 'strerror', None) or exc}", "host") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: not past a listener
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise DealerStationError(f"port {port} on {host} is in use (try --port)") from None
        raise DealerStationError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def serve(settings: PitSettings, sock: socket.socket, *, certfile: Path | None = None,
          keyfile: Path | None = None, on_serving: Callable[[], None] = lambda: None) -> None:
    """Serve on ``sock`` (``bind``) until interrupted (Ctrl-C, SIGTERM); ``on_serving`` is called once the page
    listens and its start-up is done, never before. Refuses a floor login that could write (``check_read_only``)."""
    import uvicorn

    host, port = sock.getsockname()[:2]
    app = create_app(settings)
    config = uvicorn.Config(app, host=host, port=port, ssl_certfile=str(certfile) if certfile else None,
                            ssl_keyfile=str(keyfile) if keyfile else None, log_config=None, access_log=False,
                            server_header=False, proxy_headers=False, timeout_graceful_shutdown=2,
                            lifespan="on")

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                log.info("pit_serving", host=host, port=port, tls=certfile is not None,
                         state_dir=str(settings.state_dir))
                on_serving()

    server = Server(config)
    with sock:
        server.run(sockets=[sock])
    if not server.started:
        raise ConfigError(f"the pit page could not start on {host}:{port} (see the log)", "port")
