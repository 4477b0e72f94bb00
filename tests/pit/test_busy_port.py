"""``dealer-station pit`` on a port another program holds (issue 38, item 12): one line naming the port,
exit 2, and never "serving" - it is said only once the page listens."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

from tests import cli as station_cli
from tests.floor.conftest import new_floor
from tests.pg import PostgresServer


def test_a_busy_port_is_refused_in_one_line(pg_server: PostgresServer, tmp_path: Path) -> None:
    floor = new_floor(pg_server)
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = station_cli.run([sys.executable, "-m", "dealer_station", "pit", "--floor", floor.report_url,
                                "--port", str(port), "--state-dir", str(tmp_path)],
                               capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [f"dealer-station pit: error: port {port} on 127.0.0.1 is in use (try --port)"]
    assert done.stdout == ""


def test_an_address_it_cannot_listen_on_is_one_line_too(pg_server: PostgresServer, tmp_path: Path) -> None:
    """An address of no interface of this machine (TEST-NET-1): refused by the system, said in one line."""
    floor = new_floor(pg_server)
    cannot = station_cli.run([sys.executable, "-m", "dealer_station", "pit", "--floor", floor.report_url, "--host",
                              "192.0.2.1", "--port", "8080", "--state-dir", str(tmp_path), "--secure-cookies"],
                             capture_output=True, text=True, timeout=60)
    assert cannot.returncode == 2, cannot.stderr
    (line,) = cannot.stderr.splitlines()
    assert line.startswith("dealer-station pit: error: cannot listen on 192.0.2.1:8080: "), line
    assert "serving" not in cannot.stderr
