"""Serving the pit's page with uvicorn: loopback unless told otherwise, TLS when given a certificate."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import structlog

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


def serve(settings: PitSettings, host: str = "127.0.0.1", port: int = 8080, *, certfile: Path | None = None,
          keyfile: Path | None = None) -> None:
    """Run until interrupted (Ctrl-C, SIGTERM). Refuses a floor login that could write (``check_read_only``)."""
    import uvicorn

    app = create_app(settings)
    config = uvicorn.Config(app, host=host, port=port, ssl_certfile=str(certfile) if certfile else None,
                            ssl_keyfile=str(keyfile) if keyfile else None, log_config=None, access_log=False,
                            server_header=False, proxy_headers=False, timeout_graceful_shutdown=2,
                            lifespan="on")
    log.info("pit_serving", host=host, port=port, tls=certfile is not None, state_dir=str(settings.state_dir))
    server = uvicorn.Server(config)
    server.run()
    if not server.started:
        from ..errors import ConfigError

        raise ConfigError(f"the pit page could not start on {host}:{port} (see the log above)", "port")
