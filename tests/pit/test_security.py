"""The pit page's gate: no anonymous request gets anything, forged posts are refused, sessions end,
locked-out users stay out, supervisors do not see the auditors' pages, and the page cannot write."""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

import psycopg
import pytest
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.testclient import TestClient

from dealer_station.floor.db import FloorError
from dealer_station.pit.app import PIT_SCHEMA, check_read_only, create_app
from dealer_station.pit.state import session_key
from dealer_station.pit.throttle import ADDRESS_WINDOW_SECONDS, MAX_ADDRESS_FAILURES, AddressThrottle
from dealer_station.pit.users import MAX_FAILURES, PitUsers, users_path
from dealer_station.pit.web import PUBLIC
from tests.pit.conftest import PASSWORD, make_state, settings, sign_in, signed_in, wait_ready
from tests.pit.floorsim import DemoFloor

SAMPLE_PARAMS = {"table_id": "T01", "round_id": "T01-000001", "name": "pit.js"}


def _routes(app: Starlette) -> list[tuple[str, str]]:
    found = []
    for route in app.routes:
        assert isinstance(route, Route), route
        path = route.path
        for key, value in SAMPLE_PARAMS.items():
            path = path.replace("{" + key + "}", value)
        for method in sorted(route.methods or ()):
            if method != "HEAD":
                found.append((method, path))
    return found


def test_every_route_refuses_anonymous_requests(app: Starlette, client: TestClient) -> None:
    routes = _routes(app)
    assert {("GET", "/floor"), ("GET", "/api/floor/stream"), ("GET", "/integrity"), ("POST", "/logout"),
            ("GET", "/rounds/T01/T01-000001/raw"), ("GET", "/api/report")} <= set(routes)
    walked = 0
    for method, path in routes:
        if path in PUBLIC:
            continue
        response = client.request(method, path, follow_redirects=False)
        if path.startswith("/api/") or method == "POST":
            assert response.status_code == 401, (method, path)
        else:
            assert response.status_code == 303, (method, path)
            assert response.headers["location"].startswith("/login?next="), (method, path)
        assert "T01" not in response.text and "tile" not in response.text, (method, path)
        walked += 1
    assert walked == len(routes) - len([r for r in routes if r[1] in PUBLIC]) >= 14
    assert client.get("/static/pit.css").status_code == 200  # the sign-in page's style: no floor data


def test_security_headers_and_cookie_flags(app: Starlette, client: TestClient) -> None:
    page = client.get("/login")
    headers = page.headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "script-src 'self'" in headers["content-security-policy"] and "unsafe-inline" not in headers[
        "content-security-policy"]
    assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin" and headers["cache-control"] == "no-store"
    done = sign_in(client, "sam")
    assert done.status_code == 303  # type: ignore[attr-defined]
    cookie = next(v for k, v in done.headers.multi_items() if k == "set-cookie" and v.startswith("pit_session="))  # type: ignore[attr-defined]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert "<script" not in client.get("/floor").text.split("</main>")[0]  # no inline script (CSP would block it)


def test_login_form_refuses_a_forged_or_cross_site_post(app: Starlette, client: TestClient) -> None:
    client.get("/login")
    forged = client.post("/login", data={"user": "sam", "password": PASSWORD, "csrf": "x" * 43},
                         follow_redirects=False)
    assert forged.status_code == 403 and "expired or did not come from this page" in forged.text
    assert "pit_session" not in forged.headers.get("set-cookie", "")
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)
    assert token
    cross = client.post("/login", data={"user": "sam", "password": PASSWORD, "csrf": token.group(1)},
                        headers={"origin": "http://evil.example", "host": "127.0.0.1"}, follow_redirects=False)
    assert cross.status_code == 403
    fetched = client.post("/login", data={"user": "sam", "password": PASSWORD, "csrf": token.group(1)},
                          headers={"sec-fetch-site": "cross-site"}, follow_redirects=False)
    assert fetched.status_code == 403
    ok = client.post("/login", data={"user": "sam", "password": PASSWORD, "csrf": token.group(1),
                                     "next": "//evil.example/x"}, follow_redirects=False)
    assert ok.status_code == 303 and ok.headers["location"] == "/floor"  # no open redirect


def test_sign_out_needs_its_token_and_ends_the_session(app: Starlette) -> None:
    c = signed_in(app, "sam")
    assert c.get("/api/session").json()["user"] == "sam"
    assert c.post("/logout", data={"csrf": "wrong"}, follow_redirects=False).status_code == 403
    assert c.get("/api/session").status_code == 200
    token = re.search(r'name="csrf" value="([^"]+)"', c.get("/floor").text)
    assert token
    stolen = c.cookies.get("pit_session")
    assert c.post("/logout", data={"csrf": token.group(1)}, follow_redirects=False).status_code == 303
    replay = TestClient(app, base_url="http://127.0.0.1", cookies={"pit_session": stolen or ""})
    assert replay.get("/api/session").status_code == 401  # the signed-out cookie is no good anywhere


def test_supervisors_do_not_see_the_auditors_pages(app: Starlette) -> None:
    sam, ann = signed_in(app, "sam"), signed_in(app, "ann")
    for path in ("/integrity", "/api/integrity", "/rounds/T01/T01-000001/raw"):
        assert sam.get(path).status_code == 403, path
        assert ann.get(path).status_code in (200, 404), path
    assert "Integrity" not in sam.get("/floor").text.split("<main>")[0]


def test_lockout_after_failed_sign_ins(demo: DemoFloor, tmp_path: Path) -> None:
    folder = make_state(tmp_path)
    now = [1_000_000.0]
    application = create_app(settings(demo, folder, clock=lambda: now[0]))
    with TestClient(application, base_url="http://127.0.0.1") as c:
        for _ in range(MAX_FAILURES):
            refused = sign_in(c, "sam", "wrong password!")
            assert refused.status_code == 401 and "user name or password not accepted" in refused.text  # type: ignore[attr-defined]
        locked = sign_in(c, "sam", PASSWORD)
        assert locked.status_code == 401 and "user name or password not accepted" in locked.text  # type: ignore[attr-defined]
        assert sign_in(c, "nobody", PASSWORD).status_code == 401  # type: ignore[attr-defined]  # same answer
        assert PitUsers(users_path(folder), clock=lambda: now[0]).enrolments()[1].locked_until  # ann, sam: sam locked
        assert sign_in(c, "ann", PASSWORD).status_code == 303  # type: ignore[attr-defined]  # others unaffected
        now[0] += 901
        assert sign_in(c, "sam", PASSWORD).status_code == 303  # type: ignore[attr-defined]


def test_lockout_holds_when_the_user_file_cannot_be_written(demo: DemoFloor, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: with the disk full, 7 wrong passwords answered 503 and then the right one signed in."""
    folder = make_state(tmp_path)
    application = create_app(settings(demo, folder))
    target, replace = users_path(folder), os.replace

    def disk_full(src: str, dst: str) -> None:
        if Path(dst) == target:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        replace(src, dst)

    with TestClient(application, base_url="http://127.0.0.1") as c:
        monkeypatch.setattr(os, "replace", disk_full)
        for _ in range(7):
            refused = sign_in(c, "sam", "wrong password!")
            assert refused.status_code == 401 and "user name or password not accepted" in refused.text  # type: ignore[attr-defined]
        assert sign_in(c, "sam", PASSWORD).status_code == 401  # type: ignore[attr-defined]
        assert sign_in(c, "ann", PASSWORD).status_code == 303  # type: ignore[attr-defined]  # others unaffected
        monkeypatch.setattr(os, "replace", replace)
        assert sign_in(c, "sam", PASSWORD).status_code == 401  # type: ignore[attr-defined]  # room again: still out
    assert PitUsers(users_path(folder)).enrolments()[1].locked_until  # and now the file says so


def test_one_address_spraying_many_names_is_slowed_down(demo: DemoFloor, tmp_path: Path) -> None:
    """A few guesses on every name never lock any one user; the address is counted instead."""
    folder = make_state(tmp_path)
    now = [3_000_000.0]
    application = create_app(settings(demo, folder, clock=lambda: now[0]))
    with TestClient(application, base_url="http://127.0.0.1") as c:
        names = ["sam", "ann", "nobody", "admin", "root"]
        for i in range(MAX_ADDRESS_FAILURES):
            assert sign_in(c, names[i % len(names)], f"guess number {i}").status_code == 401  # type: ignore[attr-defined]
        assert all(e.locked_until is None for e in PitUsers(users_path(folder), clock=lambda: now[0]).enrolments())
        before = users_path(folder).read_bytes()
        slowed = sign_in(c, "ann", PASSWORD)  # the right password, but this address has guessed too often
        assert slowed.status_code == 429 and "try again in 15 min" in slowed.text  # type: ignore[attr-defined]
        assert users_path(folder).read_bytes() == before  # refused before any password was checked
        now[0] += ADDRESS_WINDOW_SECONDS + 1
        assert sign_in(c, "ann", PASSWORD).status_code == 303  # type: ignore[attr-defined]


def test_sign_ins_sent_side_by_side_are_all_counted_before_any_password_is_checked() -> None:
    """60 attempts at once from one address: at most the limit reach a password check."""
    import threading

    throttle = AddressThrottle(20, 900.0)
    gate = threading.Barrier(60)
    let_in: list[float | None] = []

    def one() -> None:
        gate.wait()
        let_in.append(throttle.attempt("10.0.0.9"))

    threads = [threading.Thread(target=one) for _ in range(60)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(started is not None for started in let_in) == 20


def test_address_throttle_window_slides_and_forgets_the_oldest_addresses() -> None:
    now = [0.0]
    throttle = AddressThrottle(3, 60.0, clock=lambda: now[0], max_addresses=2)
    for t in (0.0, 10.0, 20.0):
        now[0] = t
        assert throttle.wait("a") == 0.0
        assert throttle.attempt("a") == t  # counted as failed from the start
    assert throttle.wait("a") == 40.0 and throttle.attempt("a") is None  # the first failure ages out at 60
    now[0] = 60.0
    started = throttle.attempt("a")
    assert started == 60.0 and throttle.wait("a") == 10.0  # 10, 20, 60: the one at 10 ages out at 70
    throttle.succeeded("a", started)  # accepted: its own count goes, the earlier failures stay
    assert throttle.wait("a") == 0.0 and throttle.attempt("a") == 60.0
    throttle.attempt("b")
    throttle.attempt("c")  # only two addresses are remembered: "a", with the oldest last failure, goes
    assert throttle.wait("a") == 0.0 and throttle.wait("b") == 0.0


def test_sessions_expire_and_end_with_their_user(demo: DemoFloor, tmp_path: Path) -> None:
    folder = make_state(tmp_path)
    now = [2_000_000.0]
    application = create_app(settings(demo, folder, clock=lambda: now[0], session_idle=600.0,
                                      session_lifetime=3600.0))
    with TestClient(application, base_url="http://127.0.0.1") as c:
        wait_ready(application)
        assert sign_in(c, "sam").status_code == 303  # type: ignore[attr-defined]
        for _ in range(6):  # active every 9 minutes: the idle limit never ends it...
            now[0] += 540
            assert c.get("/api/session").status_code == 200
        now[0] += 540
        assert c.get("/api/session").status_code == 401  # ...but the lifetime (an hour here) does
        assert sign_in(c, "sam").status_code == 303  # type: ignore[attr-defined]
        now[0] += 601
        assert c.get("/floor", follow_redirects=False).status_code == 303  # idle too long
        assert sign_in(c, "ann").status_code == 303  # type: ignore[attr-defined]
        PitUsers(users_path(folder)).remove("ann")
        assert c.get("/api/session").status_code == 401  # removed: signed out at once


def test_a_new_password_or_a_removal_ends_the_users_sessions_for_good(demo: DemoFloor, tmp_path: Path) -> None:
    """Issue 18: sessions outlived a password change, and came back when a removed name was added again."""
    folder = make_state(tmp_path)
    application = create_app(settings(demo, folder))
    users = PitUsers(users_path(folder))
    with TestClient(application, base_url="http://127.0.0.1") as sam, \
            TestClient(application, base_url="http://127.0.0.1") as ann:
        assert sign_in(sam, "sam").status_code == 303  # type: ignore[attr-defined]
        assert sign_in(ann, "ann").status_code == 303  # type: ignore[attr-defined]
        session = application.state.pit.sessions.read(sam.cookies.get("pit_session"))
        assert session is not None and application.state.pit.sessions.alive(session)
        users.add("sam", "a new password 2", "supervisor", replace=True)  # same role, a new password
        assert sam.get("/api/session").status_code == 401  # at once, on the next request
        assert not application.state.pit.sessions.alive(session)  # and a live stream's next check
        assert ann.get("/api/session").status_code == 200  # nobody else's
        assert sign_in(sam, "sam", "a new password 2").status_code == 303  # type: ignore[attr-defined]
        old_cookie = ann.cookies.get("pit_session")
        users.remove("ann")
        assert ann.get("/api/session").status_code == 401
        users.add("ann", PASSWORD, "auditor")  # the same name, password and role: another person's account
        ann.cookies.set("pit_session", old_cookie)  # type: ignore[arg-type]
        assert ann.get("/api/session").status_code == 401
        assert ann.get("/integrity", follow_redirects=False).status_code == 303
        assert sam.get("/api/session").status_code == 200
        assert sign_in(ann, "ann").status_code == 303  # type: ignore[attr-defined]  # signing in afresh works


def test_session_key_is_private_and_kept(tmp_path: Path) -> None:
    key = session_key(tmp_path)
    path = tmp_path / "session.key"
    assert len(key) == 32 and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert session_key(tmp_path) == key
    path.chmod(0o644)
    with pytest.raises(Exception, match="may be read by others"):
        session_key(tmp_path)


def test_the_page_refuses_a_floor_login_that_could_write(demo: DemoFloor) -> None:
    check_read_only(demo.floor.report_url)
    with pytest.raises(FloorError, match="report role only") as owner:
        check_read_only(demo.floor.owner_url)
    assert re.search(r"\((INSERT|UPDATE|DELETE|TRUNCATE) on floor\.[a-z_]+", str(owner.value)), str(owner.value)
    assert "%s" not in str(owner.value)  # the privileges it has, named (not the query's placeholders)
    with pytest.raises(FloorError, match="report role only.*floor.ingest"):
        check_read_only(demo.floor.station_url)


def test_every_connection_the_page_opens_is_read_only(app: Starlette) -> None:
    with app.state.pit.connection() as conn, pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
        conn.execute("CREATE TEMP TABLE x (a int)")


def test_the_command_serves_on_loopback_and_refuses_what_it_must(demo: DemoFloor, tmp_path: Path) -> None:
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    from tests.pit.conftest import free_port

    base = [sys.executable, "-m", "dealer_station", "pit", "--state-dir", str(tmp_path)]
    writer = subprocess.run([*base, "--floor", demo.floor.owner_url], capture_output=True, text=True, timeout=60)
    assert writer.returncode == 2 and "report role only" in writer.stderr
    assert len(writer.stderr.strip().splitlines()) == 1
    port = free_port()
    server = subprocess.Popen([*base, "--floor", demo.floor.report_url, "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=5) as page:
                    assert page.status == 200 and "Sign in to the pit" in page.read().decode()
                    break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline and server.poll() is None, "the pit did not start"
                time.sleep(0.2)
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/floor", timeout=5)
            raise AssertionError("an anonymous API request was answered")
        except urllib.error.HTTPError as refused:
            assert refused.code == 401
    finally:
        server.terminate()
        _, err = server.communicate(timeout=20)
    assert "no user can sign in yet" in err  # an empty user file is said, never filled in


def test_a_floor_without_the_pit_migration_is_refused(pg_server: object) -> None:
    from dealer_station.floor.db import connect
    from tests.floor.conftest import new_floor

    floor = new_floor(pg_server)  # type: ignore[arg-type]
    with connect(floor.owner_url, autocommit=True) as conn:
        conn.execute("DELETE FROM floor.schema_migrations WHERE version >= %s", (PIT_SCHEMA,))  # as if never applied
    with pytest.raises(FloorError, match=f"schema is at version \\d+, the pit page needs {PIT_SCHEMA}"):
        check_read_only(floor.report_url)
