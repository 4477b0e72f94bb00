"""Pit page fixtures: one simulated floor per session (real PostgreSQL, real stations), its users,
the app in-process (Starlette's TestClient) and on loopback (uvicorn) for the browser."""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.testclient import TestClient

from dealer_station.pit.app import create_app
from dealer_station.pit.page import PitSettings
from dealer_station.pit.users import PitUsers, users_path
from dealer_station.play.simulate import SIM_BADGE
from tests.floor.conftest import _structlog_defaults, new_floor  # noqa: F401  (an autouse fixture)
from tests.pg import PostgresServer
from tests.pit.floorsim import DemoFloor, build

PASSWORD = "correct horse battery"

PAR_ROUNDS = 60


@pytest.fixture(scope="session")
def par_cache() -> Path:
    """The par-sheet cache the page (in-process) and the CLI (subprocesses) share: the user's own, as in
    production, so a sheet is computed once for every worker and every later test. (A session-wide
    temporary one leaked into every test the worker ran after the pit's: each recomputed the THB sheet and
    the evaluator's tables, 76 s of a busy run.) A test that needs a cold cache sets its own."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


@pytest.fixture(scope="session")
def demo(pg_server: PostgresServer, tmp_path_factory: pytest.TempPathFactory) -> DemoFloor:
    return build(new_floor(pg_server), tmp_path_factory.mktemp("demo-floor"))


def make_state(folder: Path) -> Path:
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # the station makes folders only under var/
    users = PitUsers(users_path(folder))
    users.add("sam", PASSWORD, "supervisor", holds=SIM_BADGE)  # the simulated stations' supervisor badge
    users.add("ann", PASSWORD, "auditor")
    return folder


@pytest.fixture(scope="session")
def state_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_state(tmp_path_factory.mktemp("pit-state"))


def settings(demo: DemoFloor, folder: Path, **extra: object) -> PitSettings:
    chosen: dict[str, object] = {"par_rounds": PAR_ROUNDS, "poll": 0.5, **extra}
    return PitSettings(floor_url=demo.floor.report_url, state_dir=folder, **chosen)  # type: ignore[arg-type]




def wait_ready(app: Starlette, timeout: float = 20.0, par: float = 300.0) -> None:
    """The live floor read, and (``par`` seconds at most) every par sheet of the floor's pay tables computed."""
    live = app.state.pit.live
    assert live.ready.wait(timeout), live.error
    if par:
        keeper = app.state.pit.par
        assert keeper.wait_idle(par), keeper.pending()


@pytest.fixture(scope="session")
def app(demo: DemoFloor, state_dir: Path, par_cache: Path) -> Iterator[Starlette]:
    application = create_app(settings(demo, state_dir))
    with TestClient(application):  # runs the lifespan: pool, live floor, chain watch
        wait_ready(application)
        yield application


def sign_in(client: TestClient, user: str, password: str = PASSWORD) -> object:
    """Sign in afresh (whoever was signed in on this client before)."""
    client.cookies.clear()
    page = client.get("/login")
    token = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert token, page.text
    return client.post("/login", data={"user": user, "password": password, "csrf": token.group(1), "next": "/floor"},
                       follow_redirects=False)


@pytest.fixture
def client(app: Starlette) -> Iterator[TestClient]:
    """A fresh browser-like client (own cookies) on the session's app, not signed in."""
    yield TestClient(app, base_url="http://127.0.0.1")


def signed_in(app: Starlette, user: str) -> TestClient:
    c = TestClient(app, base_url="http://127.0.0.1")
    response = sign_in(c, user)
    assert response.status_code == 303, response.text  # type: ignore[attr-defined]
    return c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """The app served by uvicorn on loopback, in a thread (what ``dealer-station pit`` runs)."""

    def __init__(self, application: Starlette, par: float = 300.0) -> None:
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=self.port, log_config=None,
                                                    access_log=False, timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, name="pit-uvicorn", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "uvicorn did not start"
            time.sleep(0.05)
        wait_ready(application, par=par)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def live_server(demo: DemoFloor, tmp_path_factory: pytest.TempPathFactory, par_cache: Path) -> Iterator[LiveServer]:
    folder = make_state(tmp_path_factory.mktemp("pit-live-state"))
    PitUsers(users_path(folder)).add("locky", PASSWORD, "supervisor")
    server = LiveServer(create_app(settings(demo, folder)))
    yield server
    server.stop()
