"""The pit page under load, shared by the pit and floor benchmarks: ``dealer-station pit`` in a subprocess
(``PitServer``), signed-in sessions on keep-alive connections (``Session``) and concurrent page loads timed
from request to last byte (``load``)."""

from __future__ import annotations

import http.client
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from tests.pit.conftest import free_port

PASSWORD = "bench password 1"


class PitServer:
    """``dealer-station pit`` in a subprocess, with one user."""

    def __init__(self, floor_url: str, workdir: Path, cache: Path, par_rounds: int | None) -> None:
        self.state = workdir / f"pit-state-{free_port()}"
        self.port = free_port()
        env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
        subprocess.run([sys.executable, "-m", "dealer_station", "pit", "users", "add", "--state-dir", str(self.state),
                        "--user", "bench", "--role", "auditor", "--password-stdin"], input=f"{PASSWORD}\n{PASSWORD}\n",
                       text=True, check=True, capture_output=True, env=env)
        args = [sys.executable, "-m", "dealer_station", "pit", "--floor", floor_url, "--port", str(self.port),
                "--state-dir", str(self.state)] + (["--par-rounds", str(par_rounds)] if par_rounds else [])
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 120
        while True:
            try:
                session = Session(self.port)
                if session.get("/api/floor", ok=(200,)).startswith('{"version"') and '"ready":true' in session.last:
                    break
            except (OSError, AssertionError):
                pass
            assert time.monotonic() < deadline and self.process.poll() is None, "pit server did not start"
            time.sleep(0.25)
        self.ready_s = 120 - (deadline - time.monotonic())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(20)


class Session:
    """One signed-in person: a keep-alive connection and a session cookie."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookies: dict[str, str] = {}
        self.last = ""
        page = self.request("GET", "/login")
        token = re.search(r'name="csrf" value="([^"]+)"', page)
        assert token, page[:200]
        body = urlencode({"user": "bench", "password": PASSWORD, "csrf": token.group(1), "next": "/floor"})
        self.request("POST", "/login", body, ok=(303,))
        assert "pit_session" in self.cookies

    def request(self, method: str, path: str, body: str | None = None, ok: tuple[int, ...] = (200,)) -> str:
        headers = {"cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            headers["content-type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        assert response.status in ok, (path, response.status, text[:200])
        self.last = text
        return text

    def get(self, path: str, ok: tuple[int, ...] = (200,)) -> str:
        return self.request("GET", path, ok=ok)


def load(port: int, path: str, sessions: int, per_session: int, seconds: float, check: str) -> dict[str, Any]:
    """``sessions`` signed-in sessions at once, each loading ``path`` up to ``per_session`` times or
    until ``seconds`` have passed; the page's load time (request to last byte) of each."""
    people = [Session(port) for _ in range(sessions)]
    times: list[float] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds
    go = threading.Barrier(sessions)

    def run(person: Session) -> None:
        go.wait()
        for _ in range(per_session):
            if time.monotonic() > stop_at:
                return
            started = time.perf_counter()
            page = person.get(path)
            took = time.perf_counter() - started
            assert check in page
            with lock:
                times.append(took)

    started = time.monotonic()
    threads = [threading.Thread(target=run, args=(p,)) for p in people]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - started
    times.sort()
    return {"n": len(times), "p50": statistics.median(times) * 1000,
            "p99": times[min(len(times) - 1, int(len(times) * 0.99))] * 1000, "max": times[-1] * 1000,
            "rate": len(times) / wall, "wall": wall, "bytes": len(people[0].last)}
